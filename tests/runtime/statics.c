/* PC_POOL_INIT_STATICS: objects 1..n exist, zeroed, from the pool's setup on, whichever
   call sets it up (pc_base or pc_alloc), also in a region that a destroyed pool left
   dirty; allocation starts after them; freeing every heap object keeps them; destroy
   makes them anew, zeroed. The same for a thread-safe pool with other threads. With an
   image (PC_POOL_INIT_IMAGE), objects 1..n are copies of it at every setup instead. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  pc_idx32 next;
  int32_t key;
};

static pc_pool Nodes = PC_POOL_INIT_STATICS(sizeof(struct node), 32, "statics (statics.c)", 3);
static pc_pool Shared =
    PC_POOL_INIT_SHARED_STATICS(sizeof(struct node), 16, "shared statics (statics.c)", 2);

/* Objects 1 and 2 point to each other; object 3 to nothing. */
static const struct node image[3] = {{2, 10}, {1, 20}, {0, 30}};
static pc_pool Imaged = PC_POOL_INIT_IMAGE(sizeof(struct node), 32, "image (statics.c)", 3, image);
static pc_pool SharedImaged =
    PC_POOL_INIT_SHARED_IMAGE(sizeof(struct node), 32, "shared image (statics.c)", 3, image);

static int as_image(const pc_pool *p) {
  const struct node *b = (const struct node *)pc_base(p);
  return memcmp(&b[1], image, sizeof image) == 0;
}

static int zeroed(const pc_pool *p, uint64_t n) {
  const struct node *b = (const struct node *)pc_base(p);
  uint64_t i;
  for (i = 1; i <= n; i++)
    if (b[i].next != 0 || b[i].key != 0) return 0;
  return 1;
}

/* Links n heap objects after static object s; returns their key sum. */
static long chain(pc_pool *p, uint64_t s, int n) {
  struct node *b;
  long sum = 0;
  int k;
  for (k = 0; k < n; k++) {
    uint64_t i = pc_alloc(p, 1);
    CHECK(i > 2); /* never a static object */
    b = (struct node *)pc_base(p);
    b[i].key = k;
    b[i].next = b[s].next;
    b[s].next = (pc_idx32)i;
  }
  b = (struct node *)pc_base(p);
  for (uint64_t i = b[s].next; i; i = b[i].next) sum += b[i].key;
  return sum;
}

static void unchain(pc_pool *p, uint64_t s) {
  struct node *b = (struct node *)pc_base(p);
  while (b[s].next) {
    uint64_t i = b[s].next;
    b[s].next = b[i].next;
    pc_free(p, i);
  }
}

static void *worker(void *arg) {
  uint64_t s = (uint64_t)(uintptr_t)arg;
  int round;
  for (round = 0; round < 50; round++) {
    pc_idx16 mine[20];
    int k;
    for (k = 0; k < 20; k++) {
      mine[k] = (pc_idx16)pc_alloc(&Shared, 1);
      CHECK(mine[k] > 2);
    }
    for (k = 0; k < 20; k++) pc_free(&Shared, mine[k]);
  }
  (void)s;
  return NULL;
}

int main(void) {
  struct node *b;
  int round;
  /* set up by the first allocation: the statics are there before it */
  CHECK(pc_alloc(&Nodes, 1) == 4);
  CHECK(zeroed(&Nodes, 3));
  pc_free(&Nodes, 4);
  for (round = 0; round < 3; round++) {
    CHECK(chain(&Nodes, 1, 1000) == 999L * 1000 / 2);
    CHECK(chain(&Nodes, 3, 10) == 45);
    b = (struct node *)pc_base(&Nodes);
    b[2].key = 7; /* written, then must be zero again after destroy */
    unchain(&Nodes, 1);
    unchain(&Nodes, 3);
    /* every heap object freed: the statics stay, and so do their contents */
    b = (struct node *)pc_base(&Nodes);
    CHECK(b[2].key == 7 && b[1].next == 0);
    pc_pool_destroy(&Nodes);
    /* set up again by pc_base: zeroed, though the region may be the dirty old one */
    CHECK(zeroed(&Nodes, 3));
  }
  printf("statics: zeroed at setup, kept when empty, made again after destroy\n");

  pc_pool_ready(&Shared);
  CHECK(zeroed(&Shared, 2));
  {
    pthread_t t[4];
    int k;
    for (k = 0; k < 4; k++) CHECK(pthread_create(&t[k], NULL, worker, (void *)(uintptr_t)k) == 0);
    CHECK(chain(&Shared, 2, 100) == 99L * 100 / 2);
    for (k = 0; k < 4; k++) CHECK(pthread_join(t[k], NULL) == 0);
    unchain(&Shared, 2);
  }
  b = (struct node *)pc_base(&Shared);
  CHECK(b[1].next == 0 && b[2].next == 0);
  pc_pool_destroy(&Shared);
  CHECK(zeroed(&Shared, 2));
  pc_pool_destroy(&Shared);
  printf("shared statics: ok\n");

  for (round = 0; round < 2; round++) {
    pc_pool *p = round ? &SharedImaged : &Imaged;
    uint64_t first = pc_alloc(p, 1);
    CHECK(first > 3);
    CHECK(as_image(p));
    pc_free(p, first);
    b = (struct node *)pc_base(p);
    b[1].key = 11;
    b[3].key = 31;
    CHECK(chain(p, 3, 10) == 45);
    unchain(p, 3);
    pc_pool_destroy(p);
    CHECK(as_image(p)); /* made again from the image, not from what was written */
    pc_pool_destroy(p);
  }
  printf("images: copied at setup and after destroy\n");
  pc_pool_destroy(&Nodes);
  return 0;
}
