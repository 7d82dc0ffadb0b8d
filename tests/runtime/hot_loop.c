/* A pool created and destroyed in a hot function, 100,000 times: recycled regions mean no
   system call per pool, so this should take milliseconds (the harness times it). */
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx32 next;
  int32_t pad;
};

static int64_t hot_function(int n) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "hot (hot_loop.c)");
  struct node *base;
  uint64_t head = 0, arr;
  int64_t sum = 0;
  int k;
  for (k = 0; k < n; k++) {
    uint64_t i = pc_alloc(&P, 1);
    base = (struct node *)pc_base(&P);
    base[i].v = k;
    base[i].next = (pc_idx32)head;
    head = i;
  }
  arr = pc_calloc(&P, 3);
  arr = pc_realloc(&P, arr, 6);
  base = (struct node *)pc_base(&P);
  for (; head != 0; head = base[head].next) sum += base[head].v;
  CHECK(base[arr + 2].v == 0);
  pc_free(&P, arr);
  pc_pool_destroy(&P);
  return sum;
}

int main(void) {
  int64_t total = 0;
  int k;
  for (k = 0; k < 100000; k++) total += hot_function(k % 8);
  printf("100000 pools created and destroyed: sum %lld\n", (long long)total);
  return 0;
}
