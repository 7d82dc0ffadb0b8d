/* Thread-safe pools (PC_POOL_INIT_SHARED): many threads allocating from one pool at once,
   objects freed by another thread than the one that allocated them, thread caches given
   back when threads exit, a pool destroyed and created again while a thread that used it
   is still alive, many short-lived shared pools, and exact statistics. Run as is, under
   ASan and under TSan (test_runtime.py). */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx32 next;
  int32_t pad;
};

#define NODE(P, i) (((struct node *)pc_base(P))[i])

static pc_pool shared = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (shared_threads.c)");

/* ---- 1. eight threads build, check and free lists in one pool at once ---- */

static void *build_lists(void *arg) {
  int64_t id = (int64_t)(intptr_t)arg, sum = 0;
  int round, k;
  for (round = 0; round < 20; round++) {
    uint64_t head = 0, i;
    for (k = 0; k < 1000; k++) {
      i = pc_alloc(&shared, 1);
      NODE(&shared, i).v = id * 100000 + k;
      NODE(&shared, i).next = (pc_idx32)head;
      head = i;
    }
    for (i = head; i != 0;) {
      uint64_t next = NODE(&shared, i).next;
      sum += NODE(&shared, i).v;
      pc_free(&shared, i);
      i = next;
    }
  }
  CHECK(sum == 20 * (id * 100000 * 1000 + 999 * 1000 / 2));
  return NULL;
}

/* ---- 2. producer allocates, consumer frees (a queue under a mutex) ---- */

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t qready = PTHREAD_COND_INITIALIZER;
static uint64_t qhead, qtail;
static int producers_left;

static void *produce(void *arg) {
  int64_t base = (int64_t)(intptr_t)arg;
  int k;
  for (k = 0; k < 20000; k++) {
    uint64_t i = pc_alloc(&shared, 1);
    NODE(&shared, i).v = base + k;
    NODE(&shared, i).next = 0;
    pthread_mutex_lock(&qlock);
    if (qtail) NODE(&shared, qtail).next = (pc_idx32)i;
    else qhead = i;
    qtail = i;
    pthread_cond_signal(&qready);
    pthread_mutex_unlock(&qlock);
  }
  pthread_mutex_lock(&qlock);
  producers_left--;
  pthread_cond_broadcast(&qready);
  pthread_mutex_unlock(&qlock);
  return NULL;
}

static int64_t consumed_sum;

static void *consume(void *unused) {
  int64_t sum = 0;
  (void)unused;
  for (;;) {
    uint64_t i;
    pthread_mutex_lock(&qlock);
    while (qhead == 0 && producers_left > 0) pthread_cond_wait(&qready, &qlock);
    i = qhead;
    if (i) {
      qhead = NODE(&shared, i).next;
      if (qhead == 0) qtail = 0;
    }
    pthread_mutex_unlock(&qlock);
    if (i == 0) break;
    sum += NODE(&shared, i).v;
    pc_free(&shared, i);
  }
  pthread_mutex_lock(&qlock);
  consumed_sum += sum;
  pthread_mutex_unlock(&qlock);
  return NULL;
}

/* ---- 3. threads that exit with cached objects give them back ---- */

static uint64_t highest;

static void *use_and_exit(void *unused) {
  uint64_t idx[100];
  int k;
  (void)unused;
  for (k = 0; k < 100; k++) {
    idx[k] = pc_alloc(&shared, 1);
    pthread_mutex_lock(&qlock);
    if (idx[k] > highest) highest = idx[k];
    pthread_mutex_unlock(&qlock);
  }
  for (k = 0; k < 100; k++) pc_free(&shared, idx[k]);
  return NULL; /* 100 objects sit in this thread's cache until it exits */
}

/* ---- 4. destroyed and created again while a thread that used it lives on ---- */

static pthread_mutex_t step_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t step_cond = PTHREAD_COND_INITIALIZER;
static int step;

static void wait_step(int s) {
  pthread_mutex_lock(&step_lock);
  while (step < s) pthread_cond_wait(&step_cond, &step_lock);
  pthread_mutex_unlock(&step_lock);
}

static void set_step(int s) {
  pthread_mutex_lock(&step_lock);
  step = s;
  pthread_cond_broadcast(&step_cond);
  pthread_mutex_unlock(&step_lock);
}

static uint64_t survivor_idx[10];

static void *survivor(void *unused) {
  uint64_t i;
  int k;
  (void)unused;
  i = pc_alloc(&shared, 1); /* fills this thread's cache */
  pc_free(&shared, i);
  set_step(1);
  wait_step(2); /* main destroys the pool and creates it again */
  for (k = 0; k < 10; k++) {
    survivor_idx[k] = pc_alloc(&shared, 1);
    NODE(&shared, survivor_idx[k]).v = 1000 + k;
  }
  set_step(3);
  return NULL;
}

/* ---- 5. many short-lived shared pools ---- */

static void *short_lived(void *arg) {
  int64_t id = (int64_t)(intptr_t)arg;
  int round;
  for (round = 0; round < 2000; round++) {
    pc_pool P = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "short-lived (shared_threads.c)");
    uint64_t a, b;
    pc_pool_ready(&P);
    a = pc_alloc(&P, 1);
    b = pc_alloc(&P, 1);
    NODE(&P, a).v = id;
    NODE(&P, b).v = round;
    CHECK(a != b && NODE(&P, a).v == id && NODE(&P, b).v == round);
    pc_free(&P, a);
    pc_pool_destroy(&P);
  }
  return NULL;
}

/* ---- 6. statistics: four threads hold 1000 objects each at one moment ---- */

static pthread_barrier_t all_hold;

static void *hold(void *unused) {
  uint64_t idx[1000];
  int k;
  (void)unused;
  for (k = 0; k < 1000; k++) idx[k] = pc_alloc(&shared, 1);
  pthread_barrier_wait(&all_hold);
  for (k = 0; k < 1000; k++) pc_free(&shared, idx[k]);
  return NULL;
}

static void run(void *(*fn)(void *), int n) {
  pthread_t t[8];
  int k;
  for (k = 0; k < n; k++) CHECK(pthread_create(&t[k], NULL, fn, (void *)(intptr_t)k) == 0);
  for (k = 0; k < n; k++) CHECK(pthread_join(t[k], NULL) == 0);
}

int main(int argc, char **argv) {
  const char *what = argc > 1 ? argv[1] : "all";
  int all = strcmp(what, "all") == 0;
  pthread_t t[4];
  int k;
  pc_pool_ready(&shared);
  if (all || strcmp(what, "alloc") == 0) {
    run(build_lists, 8);
    printf("8 threads x 20000 objects: ok\n");
  }
  if (all || strcmp(what, "queue") == 0) {
    producers_left = 2;
    CHECK(pthread_create(&t[0], NULL, consume, NULL) == 0);
    CHECK(pthread_create(&t[1], NULL, consume, NULL) == 0);
    CHECK(pthread_create(&t[2], NULL, produce, (void *)(intptr_t)0) == 0);
    CHECK(pthread_create(&t[3], NULL, produce, (void *)(intptr_t)1000000) == 0);
    for (k = 0; k < 4; k++) CHECK(pthread_join(t[k], NULL) == 0);
    CHECK(consumed_sum == 2 * (19999LL * 20000 / 2) + 1000000LL * 20000);
    printf("freed by other threads: ok\n");
  }
  if (all || strcmp(what, "exit") == 0) {
    pc_pool_destroy(&shared); /* a fresh pool: indices start at 1 again */
    pc_pool_ready(&shared);
    for (k = 0; k < 200; k++) run(use_and_exit, 1);
    /* Kept in exited threads' caches, 200 x 100 objects would push the indices past
       20000; given back, the pool reuses them. */
    CHECK(highest < 1000);
    printf("200 threads exited: their objects reused\n");
  }
  if (all || strcmp(what, "recreate") == 0) {
    uint64_t mine[10];
    CHECK(pthread_create(&t[0], NULL, survivor, NULL) == 0);
    wait_step(1);
    pc_pool_destroy(&shared);
    pc_pool_init_shared(&shared, sizeof(struct node), 32, "shared (shared_threads.c)");
    pc_pool_ready(&shared);
    for (k = 0; k < 10; k++) {
      mine[k] = pc_alloc(&shared, 1);
      NODE(&shared, mine[k]).v = k;
    }
    set_step(2);
    wait_step(3);
    CHECK(pthread_join(t[0], NULL) == 0);
    for (k = 0; k < 10; k++) {
      int j;
      CHECK(NODE(&shared, mine[k]).v == k);
      CHECK(NODE(&shared, survivor_idx[k]).v == 1000 + k);
      for (j = 0; j < 10; j++) CHECK(mine[k] != survivor_idx[j]);
    }
    printf("destroyed and created again: no stale objects\n");
  }
  if (all || strcmp(what, "short") == 0) {
    run(short_lived, 4);
    printf("4 threads x 2000 short-lived shared pools: ok\n");
  }
  if (strcmp(what, "stats") == 0) {
    pc_pool_destroy(&shared); /* a fresh pool whose peak is exactly what `hold` holds */
    pc_pool_ready(&shared);
    CHECK(pthread_barrier_init(&all_hold, NULL, 4) == 0);
    run(hold, 4);
    pthread_barrier_destroy(&all_hold);
    pc_stats_print(stdout);
  }
  return 0;
}
