/* pc_realloc keeps contents, grows the last block in place, moves others, shrinks;
   pc_realloc(p, 0, n) allocates; pc_calloc zeroes, also when it reuses a dirty object. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t key;
  int64_t val;
};

static void realloc_cases(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "realloc (realloc_calloc.c)");
  struct node *base = (struct node *)pc_base(&P);
  uint64_t a, b, moved, r0;
  int k;

  r0 = pc_realloc(&P, 0, 3); /* like realloc(NULL, n) */
  CHECK(r0 != 0);

  a = pc_alloc(&P, 4);
  for (k = 0; k < 4; k++) base[a + k].key = 10 + k;
  CHECK(pc_realloc(&P, a, 4) == a);  /* same size: unchanged */
  CHECK(pc_realloc(&P, a, 16) == a); /* the last block grows in place */
  for (k = 0; k < 4; k++) CHECK(base[a + k].key == 10 + k);
  for (k = 4; k < 16; k++) base[a + k].key = 10 + k;

  b = pc_alloc(&P, 1); /* now a is not the last block */
  base[b].key = -1;
  moved = pc_realloc(&P, a, 100);
  CHECK(moved != a);
  for (k = 0; k < 16; k++) CHECK(base[moved + k].key == 10 + k);
  CHECK(base[b].key == -1);
  CHECK(pc_alloc(&P, 16) == a); /* the old block is free again */

  CHECK(pc_realloc(&P, moved, 2) == moved); /* shrink in place */
  CHECK(base[moved].key == 10 && base[moved + 1].key == 11);
  CHECK(pc_realloc(&P, moved, 1) == moved); /* down to a single object */
  CHECK(base[moved].key == 10);
  pc_free(&P, moved); /* a single object now: goes to the single list */
  CHECK(pc_alloc(&P, 1) == moved);
  printf("realloc: in place, moved, shrunk\n");
  pc_pool_destroy(&P);
}

static void growing_vector(void) {
  /* the realloc-doubling idiom, with another pool allocation in between */
  pc_pool V = PC_POOL_INIT(sizeof(int32_t), 32, "int vector (realloc_calloc.c)");
  uint64_t v = 0, other = 0;
  size_t n = 0, cap = 0, k;
  for (k = 0; k < 100000; k++) {
    if (n == cap) {
      cap = cap ? cap * 2 : 4;
      v = pc_realloc(&V, v, cap);
      if (k % 3 == 0) other = pc_alloc(&V, 1); /* sometimes v is not last */
    }
    ((int32_t *)pc_base(&V))[v + n++] = (int32_t)k * 7;
  }
  for (k = 0; k < n; k++) CHECK(((int32_t *)pc_base(&V))[v + k] == (int32_t)k * 7);
  CHECK(other != 0);
  printf("vector: %zu ints kept through %s\n", n, "realloc");
  pc_pool_destroy(&V);
}

static void calloc_cases(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "calloc (realloc_calloc.c)");
  struct node *base = (struct node *)pc_base(&P);
  uint64_t a, z, arr, arr2, big;
  size_t k;

  a = pc_alloc(&P, 1);
  memset(&base[a], 0xff, sizeof base[a]);
  pc_free(&P, a);
  z = pc_calloc(&P, 1); /* reuses the dirty object, zeroed */
  CHECK(z == a && base[z].key == 0 && base[z].val == 0);

  arr = pc_alloc(&P, 50);
  memset(&base[arr], 0xab, 50 * sizeof *base);
  pc_free(&P, arr);
  arr2 = pc_calloc(&P, 50);
  CHECK(arr2 == arr);
  for (k = 0; k < 50; k++) CHECK(base[arr2 + k].key == 0 && base[arr2 + k].val == 0);

  big = pc_calloc(&P, 1000000); /* fresh pages */
  for (k = 0; k < 1000000; k += 997) CHECK(base[big + k].key == 0 && base[big + k].val == 0);
  CHECK(base[big + 999999].val == 0);
  printf("calloc: zeroed (reused, array, fresh)\n");
  pc_pool_destroy(&P);
}

static void calloc_after_destroy(void) {
  /* a pool created after another one dirtied memory still gets zeroed objects */
  int round;
  for (round = 0; round < 3; round++) {
    pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "recycled (realloc_calloc.c)");
    uint64_t i, k;
    for (k = 0; k < 5000; k++) {
      i = pc_calloc(&P, 1);
      CHECK(((struct node *)pc_base(&P))[i].key == 0);
      ((struct node *)pc_base(&P))[i].key = 0x5a5a5a5a;
    }
    i = pc_calloc(&P, 300);
    for (k = 0; k < 300; k++) CHECK(((struct node *)pc_base(&P))[i + k].val == 0);
    memset((char *)pc_base(&P) + i * sizeof(struct node), 0x77, 300 * sizeof(struct node));
    pc_pool_destroy(&P);
  }
  printf("calloc: zeroed in recycled regions\n");
}

static void byte_pool(void) {
  pc_pool B = PC_POOL_INIT(1, 32, "bytes (realloc_calloc.c)");
  char *base = (char *)pc_base(&B);
  uint64_t s = pc_alloc(&B, 6), t;
  memcpy(base + s, "hello", 6);
  t = pc_realloc(&B, s, 4000);
  CHECK(strcmp(base + t, "hello") == 0);
  t = pc_realloc(&B, t, 3);
  CHECK(memcmp(base + t, "hel", 3) == 0);
  s = pc_calloc(&B, 33);
  for (t = 0; t < 33; t++) CHECK(base[s + t] == 0);
  printf("byte pool: realloc and calloc\n");
  pc_pool_destroy(&B);
}

int main(void) {
  realloc_cases();
  growing_vector();
  calloc_cases();
  calloc_after_destroy();
  byte_pool();
  return 0;
}
