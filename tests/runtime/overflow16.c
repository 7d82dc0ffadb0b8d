/* A pool with 16-bit indices holds at most 65535 objects; the next allocation stops the
   program with one line naming the pool, never a silently wrapped index. */
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx16 next;
};

int main(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 16, "struct node (overflow16.c:12)");
  long k;
  for (k = 1; k <= 70000; k++) {
    uint64_t i = pc_alloc(&P, 1);
    CHECK(i != 0 && i <= 65535);
    ((struct node *)pc_base(&P))[i].next = (pc_idx16)i;
    if (k == 65535) {
      printf("65535 objects allocated\n");
      fflush(stdout);
    }
  }
  printf("not reached\n");
  return 0;
}
