/* Staggering: successive pools start at different offsets within a page, so that their
   first objects do not all compete for the same cache sets. Bases stay cache-line aligned. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

#define NPOOLS 64
#define PAGE 4096u

int main(void) {
  static pc_pool P[NPOOLS];
  static int used[PAGE / 64];
  uintptr_t prev_off = PAGE;
  int k, distinct = 0;
  for (k = 0; k < NPOOLS; k++) {
    uintptr_t base, off;
    pc_pool_init(&P[k], 16, 32, "stagger (stagger.c)");
    CHECK(pc_alloc(&P[k], 1) != 0);
    base = (uintptr_t)pc_base(&P[k]);
    CHECK(base % 64 == 0); /* objects keep any alignment up to a cache line */
    off = base % PAGE;
    CHECK(off != prev_off); /* two successive pools never alias */
    if (!used[off / 64]) distinct++;
    used[off / 64] = 1;
    prev_off = off;
  }
  printf("%d pools alive: %d distinct offsets in a page\n", NPOOLS, distinct);
  for (k = 0; k < NPOOLS; k++) pc_pool_destroy(&P[k]);

  /* a pool created after destroying one, which reuses its region, starts elsewhere too */
  {
    pc_pool A = PC_POOL_INIT(16, 32, "first (stagger.c)");
    pc_pool B = PC_POOL_INIT(16, 32, "second (stagger.c)");
    uintptr_t a, b;
    pc_alloc(&A, 1);
    a = (uintptr_t)pc_base(&A);
    pc_pool_destroy(&A);
    pc_alloc(&B, 1);
    b = (uintptr_t)pc_base(&B);
    pc_pool_destroy(&B);
    CHECK(a % PAGE != b % PAGE);
    printf("fresh pools after destroy: different offsets\n");
  }
  return 0;
}
