/* pc_index_of inverts pc_ptr, and NULL maps to the null index. */
#include "check.h"
#include "ptrcomp_rt.h"

struct pair {
  int a;
  double b;
};

int main(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct pair), 32, "pairs");
  uint64_t i = pc_alloc(&P, 1), j = pc_alloc(&P, 3);
  CHECK(pc_index_of(&P, pc_ptr(&P, i)) == i);
  CHECK(pc_index_of(&P, pc_ptr(&P, j + 2)) == j + 2);
  CHECK(pc_index_of(&P, NULL) == 0);
  pc_free(&P, i);
  pc_pool_destroy(&P);
  printf("ok\n");
  return 0;
}
