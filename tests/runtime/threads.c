/* Different pools used by different threads at once: the runtime's shared state (region
   cache, statistics) must stay consistent. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx32 next;
  int32_t pad;
};

static void *worker(void *arg) {
  long id = (long)(intptr_t)arg, round;
  for (round = 0; round < 5000; round++) {
    pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "per-thread (threads.c)");
    uint64_t head = 0, i;
    int64_t sum = 0;
    int k;
    for (k = 0; k < 20; k++) {
      i = pc_alloc(&P, 1);
      ((struct node *)pc_base(&P))[i].v = id * 1000 + k;
      ((struct node *)pc_base(&P))[i].next = (pc_idx32)head;
      head = i;
    }
    for (i = head; i != 0; i = ((struct node *)pc_base(&P))[i].next)
      sum += ((struct node *)pc_base(&P))[i].v;
    CHECK(sum == id * 1000 * 20 + 190);
    pc_pool_destroy(&P);
  }
  return NULL;
}

int main(void) {
  pthread_t t[4];
  long k;
  for (k = 0; k < 4; k++) CHECK(pthread_create(&t[k], NULL, worker, (void *)(intptr_t)k) == 0);
  for (k = 0; k < 4; k++) CHECK(pthread_join(t[k], NULL) == 0);
  printf("4 threads x 5000 pools: ok\n");
  pc_stats_print(stdout);
  return 0;
}
