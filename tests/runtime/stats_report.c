/* Statistics: one line per pool name that ever held objects (at exit with PTRCOMP_STATS=1,
   or on demand with pc_stats_print), covering destroyed local pools, pools still alive at
   exit, pools that never allocated, and byte pools. */
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct list {
  int64_t x;
  pc_idx32 next;
  int32_t pad;
};

struct tree {
  int64_t key;
  pc_idx32 left, right;
  int64_t pad;
};

static pc_pool Global = PC_POOL_INIT(sizeof(struct list), 32, "struct list (stats.c:17)");
/* file scope too, so that leak checkers still see the pool's bookkeeping at exit */
static pc_pool Bytes = PC_POOL_INIT(1, 64, "bytes (stats.c:32)");

static void tree_user(int n) {
  pc_pool T = PC_POOL_INIT(sizeof(struct tree), 32, "struct tree (stats.c:24)");
  int k;
  for (k = 0; k < n; k++) CHECK(pc_alloc(&T, 1) != 0);
  pc_pool_destroy(&T);
}

int main(void) {
  pc_pool Unused = PC_POOL_INIT(sizeof(struct list), 32, "never allocates (stats.c:30)");
  pc_pool BaseOnly = PC_POOL_INIT(sizeof(struct list), 32, "base only (stats.c:31)");
  uint64_t idx[100];
  int k;

  for (k = 0; k < 100; k++) idx[k] = pc_alloc(&Global, 1);
  for (k = 0; k < 30; k++) pc_free(&Global, idx[k]);
  for (k = 0; k < 10; k++) CHECK(pc_alloc(&Global, 1) != 0); /* 80 live, peak stays 100 */

  tree_user(10);
  tree_user(50);
  tree_user(20);

  CHECK(pc_base(&BaseOnly) != NULL); /* set up, but never holds an object */
  pc_pool_destroy(&Unused);

  CHECK(pc_alloc(&Bytes, 24) != 0); /* 24 bytes take two 16-byte granules */
  CHECK(pc_alloc(&Bytes, 5) != 0);  /* one granule */

  printf("on demand:\n");
  pc_stats_print(stdout);
  printf("total peak bytes: %llu\n", (unsigned long long)pc_stats_total_peak_bytes());
  /* Global and Bytes stay alive until exit; BaseOnly too */
  return 0;
}
