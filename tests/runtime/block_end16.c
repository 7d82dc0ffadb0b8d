/* An array in a pool with 16-bit indices ends before the last index, so that the address
   one past its end (`p < a + n`) is an index too: after 65530 single objects an array of
   4 fits (indices 65531..65534, one past: 65535); grown in place to 5, it would end at
   65535, and that stops the program as a full pool does. */
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int32_t v;
  pc_idx16 next;
};

int main(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 16, "struct node (block_end16.c:16)");
  uint64_t a;
  long k;
  for (k = 1; k <= 65530; k++) CHECK(pc_alloc(&P, 1) == (uint64_t)k);
  a = pc_alloc(&P, 4);
  CHECK(a == 65531);
  printf("array of 4 at %llu, one past its end %llu\n", (unsigned long long)a,
         (unsigned long long)(a + 4));
  fflush(stdout);
  a = pc_realloc(&P, a, 5);
  printf("not reached: %llu\n", (unsigned long long)a);
  return 0;
}
