/* Index 0 is never handed out; object vs byte indexing; pc_ptr == base + i*obj_size; the
   base does not move while a pool grows; pc_base of an unused pool sets it up. */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node { /* 16 bytes, like a compressed list node */
  int64_t value;
  pc_idx32 next;
  int32_t pad;
};

#define N 200000

static unsigned char seen[N + 64];

static void object_indexing(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (indexing.c)");
  struct node *base = (struct node *)pc_base(&P); /* sets the pool up before any alloc */
  uint64_t i, idx, first = 0, last = 0;
  CHECK(base != NULL);
  CHECK(pc_ptr(&P, 0) == (void *)base); /* the null object is at the base */
  for (i = 0; i < N; i++) {
    idx = pc_alloc(&P, 1);
    CHECK(idx != 0);
    CHECK(idx < N + 64 && !seen[idx]);
    seen[idx] = 1;
    CHECK(pc_ptr(&P, idx) == (void *)((char *)pc_base(&P) + idx * sizeof(struct node)));
    CHECK(pc_base(&P) == (void *)base); /* never moves */
    base[idx].value = (int64_t)idx * 3;
    base[idx].next = (pc_idx32)last;
    if (i == 0) first = idx;
    last = idx;
  }
  /* walk the list through the indices stored in the objects */
  for (i = 0, idx = last; idx != 0; idx = base[idx].next, i++) CHECK(base[idx].value == (int64_t)idx * 3);
  CHECK(i == N);
  printf("object pool: first index %llu, %d objects, base stable\n", (unsigned long long)first, N);
  pc_pool_destroy(&P);
}

static void byte_indexing(void) {
  pc_pool B = PC_POOL_INIT(1, 32, "bytes (indexing.c)");
  uint64_t a = pc_alloc(&B, 24), b = pc_alloc(&B, 24), c = pc_alloc(&B, 3);
  char *base = (char *)pc_base(&B);
  CHECK(a != 0 && b != 0 && c != 0);
  CHECK(pc_ptr(&B, a) == base + a && pc_ptr(&B, b) == base + b);
  /* byte pools hand out blocks aligned for any object */
  CHECK((uintptr_t)(base + a) % 16 == 0 && (uintptr_t)(base + b) % 16 == 0);
  CHECK((uintptr_t)(base + c) % 16 == 0);
  CHECK(b >= a + 24 && c >= b + 24); /* no overlap */
  memset(base + a, 'a', 24);
  memset(base + b, 'b', 24);
  memset(base + c, 'c', 3);
  CHECK(base[a + 23] == 'a' && base[b] == 'b' && base[b + 23] == 'b' && base[c + 2] == 'c');
  printf("byte pool: indices %llu %llu %llu\n", (unsigned long long)a, (unsigned long long)b,
         (unsigned long long)c);
  pc_pool_destroy(&B);
}

static void small_objects(void) {
  /* 4-byte objects: object indexing still holds, blocks never overlap */
  pc_pool I = PC_POOL_INIT(sizeof(int32_t), 32, "int (indexing.c)");
  uint64_t idx[1000];
  int32_t *base;
  int k;
  for (k = 0; k < 1000; k++) {
    idx[k] = pc_alloc(&I, 1);
    CHECK(idx[k] != 0);
  }
  base = (int32_t *)pc_base(&I);
  for (k = 0; k < 1000; k++) base[idx[k]] = k;
  for (k = 0; k < 1000; k++) CHECK(base[idx[k]] == k);
  CHECK(pc_ptr(&I, idx[5]) == (void *)(base + idx[5]));
  printf("int pool: 1000 distinct objects\n");
  pc_pool_destroy(&I);
}

static void zero_sized(void) {
  /* pc_alloc(p, 0) behaves like a malloc(0) that returns unique pointers */
  pc_pool Z = PC_POOL_INIT(sizeof(struct node), 32, "zero (indexing.c)");
  uint64_t a = pc_alloc(&Z, 0), b = pc_alloc(&Z, 0), c = pc_calloc(&Z, 0);
  CHECK(a != 0 && b != 0 && c != 0 && a != b && b != c && a != c);
  pc_free(&Z, b);
  CHECK(pc_alloc(&Z, 1) == b); /* a zero-sized block is an ordinary single block */
  printf("alloc(0): unique non-zero indices\n");
  pc_pool_destroy(&Z);
}

static void narrow_pool(void) {
  pc_pool S = PC_POOL_INIT(8, 16, "16-bit (indexing.c)");
  uint64_t i, idx = 0;
  for (i = 0; i < 65535; i++) {
    idx = pc_alloc(&S, 1);
    CHECK(idx != 0 && idx <= 65535);
  }
  printf("16-bit pool: 65535 objects, last index %llu\n", (unsigned long long)idx);
  pc_pool_destroy(&S);
}

int main(void) {
  object_indexing();
  byte_indexing();
  small_objects();
  zero_sized();
  narrow_pool();
  return 0;
}
