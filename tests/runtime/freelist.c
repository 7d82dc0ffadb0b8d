/* Freed objects are reused: single objects LIFO, multi-object blocks by size; pc_free(p, 0)
   is a no-op; arrays of objects are contiguous and usable. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t a, b, c; /* 24 bytes */
};

static void lifo(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (freelist.c)");
  uint64_t a = pc_alloc(&P, 1), b = pc_alloc(&P, 1), c = pc_alloc(&P, 1), d;
  pc_free(&P, a);
  pc_free(&P, b);
  CHECK(pc_alloc(&P, 1) == b); /* last freed, first reused */
  CHECK(pc_alloc(&P, 1) == a);
  d = pc_alloc(&P, 1);
  CHECK(d != a && d != b && d != c);
  pc_free(&P, 0); /* like free(NULL): changes nothing */
  pc_free(&P, d);
  pc_free(&P, 0);
  CHECK(pc_alloc(&P, 1) == d);
  printf("lifo: %llu %llu reused in reverse order\n", (unsigned long long)b,
         (unsigned long long)a);
  pc_pool_destroy(&P);
}

static void free_null_on_unused_pool(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "unused (freelist.c)");
  pc_free(&P, 0);
  pc_pool_destroy(&P);
  printf("free(0) on an unused pool: ok\n");
}

static void arrays(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "arrays (freelist.c)");
  struct node *base = (struct node *)pc_base(&P);
  uint64_t x = pc_alloc(&P, 5), y = pc_alloc(&P, 5), z, big, s1, s2, again;
  int k;
  CHECK(x != 0 && y != 0 && (y >= x + 5 || x >= y + 5));
  for (k = 0; k < 5; k++) {
    base[x + k].a = k;
    base[y + k].a = 100 + k;
  }
  for (k = 0; k < 5; k++) CHECK(base[x + k].a == k && base[y + k].a == 100 + k);
  CHECK(pc_ptr(&P, x + 3) == (void *)&base[x + 3]); /* interior objects of an array */

  /* a freed array is reused for an array of the same length */
  pc_free(&P, x);
  z = pc_alloc(&P, 5);
  CHECK(z == x);

  /* single objects keep their own list while arrays are alive */
  s1 = pc_alloc(&P, 1);
  s2 = pc_alloc(&P, 1);
  pc_free(&P, s1);
  pc_free(&P, s2);
  CHECK(pc_alloc(&P, 1) == s2 && pc_alloc(&P, 1) == s1);

  /* large blocks: freed, then reused whole or in pieces */
  big = pc_alloc(&P, 1000);
  for (k = 0; k < 1000; k++) base[big + k].b = k;
  pc_free(&P, big);
  again = pc_alloc(&P, 1000);
  CHECK(again == big);
  pc_free(&P, again);
  CHECK(pc_alloc(&P, 600) == big);      /* the front of the free block */
  CHECK(pc_alloc(&P, 400) == big + 600); /* the rest of it */
  printf("arrays: reused by size, split when large\n");
  pc_pool_destroy(&P);
}

static void byte_pool_reuse(void) {
  pc_pool B = PC_POOL_INIT(1, 32, "bytes (freelist.c)");
  uint64_t a = pc_alloc(&B, 10), b = pc_alloc(&B, 40), c;
  memset((char *)pc_base(&B) + a, 1, 10);
  memset((char *)pc_base(&B) + b, 2, 40);
  pc_free(&B, a);
  pc_free(&B, b);
  c = pc_alloc(&B, 40);
  CHECK(c == b);
  CHECK(pc_alloc(&B, 12) == a); /* same 16-byte granule as the freed 10 bytes */
  printf("byte pool: freed blocks reused\n");
  pc_pool_destroy(&B);
}

static void many_cycles(void) {
  /* a steady state of alloc/free must not grow the pool */
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "cycles (freelist.c)");
  uint64_t idx[100], hi = 0;
  int round, k;
  for (round = 0; round < 1000; round++) {
    for (k = 0; k < 100; k++) {
      idx[k] = pc_alloc(&P, (size_t)(k % 4 == 0 ? 3 : 1));
      if (idx[k] > hi) hi = idx[k];
    }
    for (k = 0; k < 100; k++) pc_free(&P, idx[(k * 37) % 100]);
  }
  CHECK(hi < 200);
  printf("cycles: highest index %s 200\n", hi < 200 ? "below" : "not below");
  pc_pool_destroy(&P);
}

int main(void) {
  lifo();
  free_null_on_unused_pool();
  arrays();
  byte_pool_reuse();
  many_cycles();
  return 0;
}
