/* PC_POOL_INIT at file scope (static and global) and for locals; pc_pool_init at run time;
   destroy, then reuse with or without a new init. */
#include <stdint.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx32 next;
  int32_t pad;
};

/* constant initializers: these must compile at file scope */
static pc_pool StaticPool = PC_POOL_INIT(sizeof(struct node), 32, "static (init.c)");
pc_pool GlobalPool = PC_POOL_INIT(sizeof(struct node), 64, "global (init.c)");
static pc_pool Pools[2] = {PC_POOL_INIT(8, 16, "array 0 (init.c)"),
                           PC_POOL_INIT(1, 32, "array 1 (init.c)")};

static uint64_t build(pc_pool *P, int n) {
  uint64_t head = 0;
  int k;
  for (k = 0; k < n; k++) {
    uint64_t i = pc_alloc(P, 1);
    struct node *base = (struct node *)pc_base(P);
    base[i].v = k;
    base[i].next = (pc_idx32)head;
    head = i;
  }
  return head;
}

static int length(const pc_pool *P, uint64_t i) {
  const struct node *base = (const struct node *)pc_base(P); /* a const descriptor works */
  int n = 0;
  for (; i != 0; i = base[i].next) n++;
  return n;
}

int main(void) {
  pc_pool Local = PC_POOL_INIT(sizeof(struct node), 32, "local (init.c)");
  pc_pool Runtime;
  uint64_t h;
  int round;

  CHECK(length(&StaticPool, build(&StaticPool, 10)) == 10);
  CHECK(length(&GlobalPool, build(&GlobalPool, 20)) == 20);
  CHECK(length(&Local, build(&Local, 30)) == 30);
  CHECK(pc_alloc(&Pools[0], 1) != 0 && pc_alloc(&Pools[1], 7) != 0);

  pc_pool_init(&Runtime, sizeof(struct node), 32, "runtime (init.c)");
  CHECK(length(&Runtime, build(&Runtime, 40)) == 40);
  printf("file-scope, local and run-time pools: ok\n");

  /* a destroyed pool is as good as a fresh one: indices start over */
  for (round = 0; round < 3; round++) {
    pc_pool_destroy(&Local);
    h = build(&Local, 5);
    CHECK(length(&Local, h) == 5);
    CHECK(h == 5); /* fresh pool: objects 1..5, the last one is the head */
  }
  pc_pool_destroy(&Runtime);
  pc_pool_init(&Runtime, sizeof(struct node), 32, "runtime again (init.c)");
  CHECK(build(&Runtime, 1) == 1);
  printf("destroy then reuse: indices start at 1 again\n");

  /* destroying twice, or destroying a pool that never allocated, does nothing */
  pc_pool_destroy(&Runtime);
  pc_pool_destroy(&Runtime);
  {
    pc_pool Unused = PC_POOL_INIT(sizeof(struct node), 32, "unused (init.c)");
    pc_pool_destroy(&Unused);
  }
  pc_pool_destroy(&Local);
  pc_pool_destroy(&StaticPool);
  pc_pool_destroy(&GlobalPool);
  pc_pool_destroy(&Pools[0]);
  pc_pool_destroy(&Pools[1]);
  printf("destroy: ok\n");
  return 0;
}
