/* Small objects get one index slot each when they can hold a free-list link as wide as
   their pool's indices (2 bytes in a 16-bit pool, 4 in a 32-bit one), so a 16-bit pool
   holds 65535 of them; a free object's link overwrites only its own bytes. One scenario per
   run (argv[1]):
     fill16-4   16-bit pool of 4-byte objects: 65535 objects, then the next one aborts
     fill16-2   the same with 2-byte objects
     shared16-4 the same through a thread-safe pool (its thread cache)
     slots      32-bit pools of 4-byte objects get consecutive single indices; what still
                takes several slots (2-byte objects in a 32-bit pool, byte pools)
     arrays16   arrays of 2-byte objects in a 16-bit pool: reused by size, split when large,
                realloc'd, neighbours intact
     index32-2  a 32-bit pool of 2-byte objects asked for 2^32 objects at once: the message
                states the limit of objects allocated one at a time */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

#define MAX16 65535

static unsigned char seen[MAX16 + 1];

static void progress(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

/* Fills a 16-bit pool of objects of `os` bytes (2 or 4): every index 1..65535 exactly once;
   frees every other object and checks that the live ones kept their contents (a wider link
   would overwrite the neighbour); allocates the freed ones again. Prints the statistics,
   then asks for one more object, which aborts. */
static void fill16(pc_pool *P, size_t os, const char *label) {
  uint64_t k, i;
  char *base;
  memset(seen, 0, sizeof seen);
  for (k = 1; k <= MAX16; k++) {
    i = pc_alloc(P, 1);
    CHECK(i >= 1 && i <= MAX16 && !seen[i]);
    seen[i] = 1;
  }
  base = (char *)pc_base(P);
  for (i = 1; i <= MAX16; i++) { /* each object holds its own index, in every byte it has */
    if (os == 4) {
      uint32_t v = (uint32_t)(i * 65537u);
      memcpy(base + i * os, &v, 4);
    } else {
      uint16_t v = (uint16_t)i;
      memcpy(base + i * os, &v, 2);
    }
  }
  printf("16-bit pool of %s objects: indices 1 to 65535, one each\n", label);
  for (i = 1; i <= MAX16; i += 2) pc_free(P, i);
  for (i = 2; i <= MAX16; i += 2) {
    if (os == 4) {
      uint32_t v;
      memcpy(&v, base + i * os, 4);
      CHECK(v == (uint32_t)(i * 65537u));
    } else {
      uint16_t v;
      memcpy(&v, base + i * os, 2);
      CHECK(v == (uint16_t)i);
    }
  }
  for (k = 1; k <= MAX16; k += 2) { /* LIFO: the highest freed index comes back first */
    i = pc_alloc(P, 1);
    CHECK(i == MAX16 + 1 - k);
  }
  printf("freed every other one: neighbours intact, all reused\n");
  pc_stats_print(stdout);
  fflush(stdout);
  pc_alloc(P, 1); /* the 65536th */
  printf("not reached\n");
}

static void shared16(void) {
  pc_pool S = PC_POOL_INIT_SHARED(sizeof(uint32_t), 16, "shared int32 (narrow.c)");
  uint64_t k, i;
  pc_pool_ready(&S);
  for (k = 1; k <= MAX16; k++) {
    i = pc_alloc(&S, 1);
    CHECK(i >= 1 && i <= MAX16 && !seen[i]);
    seen[i] = 1;
    ((uint32_t *)pc_base(&S))[i] = (uint32_t)i;
  }
  for (i = 1; i <= MAX16; i++) CHECK(((uint32_t *)pc_base(&S))[i] == (uint32_t)i);
  progress("shared 16-bit pool of 4-byte objects: 65535 objects, one index each");
  pc_alloc(&S, 1);
  printf("not reached\n");
}

static void slots(void) {
  pc_pool P = PC_POOL_INIT(sizeof(int32_t), 32, "int32 (narrow.c:32)");
  pc_pool H = PC_POOL_INIT(sizeof(int16_t), 32, "int16 (narrow.c:32)");
  pc_pool W = PC_POOL_INIT(sizeof(int32_t), 64, "int32 (narrow.c:64)");
  pc_pool B = PC_POOL_INIT(1, 16, "bytes (narrow.c:16)");
  uint64_t idx[1000], k;
  int32_t *base;
  for (k = 0; k < 1000; k++) {
    idx[k] = pc_alloc(&P, 1);
    CHECK(idx[k] == k + 1);
  }
  base = (int32_t *)pc_base(&P);
  for (k = 0; k < 1000; k++) base[idx[k]] = (int32_t)k;
  for (k = 0; k < 1000; k += 2) pc_free(&P, idx[k]);
  for (k = 1; k < 1000; k += 2) CHECK(base[idx[k]] == (int32_t)k);
  for (k = 0; k < 1000; k += 2) CHECK(pc_alloc(&P, 1) == idx[998 - k]);
  CHECK(pc_alloc(&P, 1) == 1001);
  printf("32-bit pool of 4-byte objects: indices 1 to 1001 in order, one each\n");
  CHECK(pc_alloc(&H, 1) == 2 && pc_alloc(&H, 1) == 4 && pc_alloc(&H, 3) == 6);
  CHECK(pc_alloc(&H, 1) == 10);
  printf("32-bit pool of 2-byte objects: 2, 4 (two slots each), then 3 objects in two "
         "units\n");
  CHECK(pc_alloc(&W, 1) == 2 && pc_alloc(&W, 1) == 4);
  printf("64-bit pool of 4-byte objects: 2, 4 (8-byte links)\n");
  CHECK(pc_alloc(&B, 1) == 16 && pc_alloc(&B, 3) == 32 && pc_alloc(&B, 17) == 48);
  CHECK(pc_alloc(&B, 1) == 80);
  printf("16-bit byte pool: 16-byte granules 16, 32, 48 (two), 80\n");
  pc_stats_print(stdout);
  pc_pool_destroy(&P);
  pc_pool_destroy(&H);
  pc_pool_destroy(&W);
  pc_pool_destroy(&B);
}

/* Arrays of 2-byte objects: a free array keeps {link, size} in its first 4 bytes, and no
   byte outside it is written. */
static void arrays16(void) {
  pc_pool P = PC_POOL_INIT(sizeof(uint16_t), 16, "int16 arrays (narrow.c)");
  uint16_t *base;
  uint64_t a2, a3, big, fence[5], again, rest, k, r;
  fence[0] = pc_alloc(&P, 1);
  a2 = pc_alloc(&P, 2);
  fence[1] = pc_alloc(&P, 1);
  a3 = pc_alloc(&P, 3);
  fence[2] = pc_alloc(&P, 1);
  big = pc_alloc(&P, 40);
  fence[3] = pc_alloc(&P, 1);
  r = pc_alloc(&P, 4);
  fence[4] = pc_alloc(&P, 1);
  base = (uint16_t *)pc_base(&P);
  CHECK(fence[0] == 1 && a2 == 2 && fence[1] == 4 && a3 == 5 && fence[2] == 8 && big == 9);
  CHECK(fence[3] == 49 && r == 50 && fence[4] == 54);
  for (k = 0; k < 5; k++) base[fence[k]] = (uint16_t)(0xf00 + k);
  for (k = 0; k < 4; k++) base[r + k] = (uint16_t)(100 + k);
  pc_free(&P, a2);
  pc_free(&P, a3);
  pc_free(&P, big);
  CHECK(pc_alloc(&P, 3) == a3 && pc_alloc(&P, 2) == a2);
  again = pc_alloc(&P, 35); /* from the 40, which is large: split */
  CHECK(again == big);
  rest = pc_alloc(&P, 5); /* the 5 left over */
  CHECK(rest == big + 35);
  for (k = 0; k < 5; k++) CHECK(base[fence[k]] == (uint16_t)(0xf00 + k));
  /* realloc of an array: moved (not the last block), contents kept */
  r = pc_realloc(&P, r, 6);
  CHECK(r == 55);
  for (k = 0; k < 4; k++) CHECK(base[r + k] == (uint16_t)(100 + k));
  CHECK(pc_alloc(&P, 4) == 50); /* the old place, reused by size */
  for (k = 0; k < 5; k++) CHECK(base[fence[k]] == (uint16_t)(0xf00 + k));
  printf("16-bit pool of 2-byte objects: arrays reused by size, split when large, moved by "
         "realloc; neighbours intact\n");
  pc_pool_destroy(&P);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  pc_pool P4 = PC_POOL_INIT(sizeof(uint32_t), 16, "int32 (narrow.c:16)");
  pc_pool P2 = PC_POOL_INIT(sizeof(uint16_t), 16, "int16 (narrow.c:16)");
  pc_pool H = PC_POOL_INIT(sizeof(uint16_t), 32, "int16 (narrow.c:32)");
  if (strcmp(mode, "fill16-4") == 0) {
    fill16(&P4, 4, "4-byte");
  } else if (strcmp(mode, "fill16-2") == 0) {
    fill16(&P2, 2, "2-byte");
  } else if (strcmp(mode, "shared16-4") == 0) {
    shared16();
  } else if (strcmp(mode, "slots") == 0) {
    slots();
  } else if (strcmp(mode, "arrays16") == 0) {
    arrays16();
  } else if (strcmp(mode, "index32-2") == 0) {
    pc_alloc(&H, (size_t)1 << 32);
    printf("not reached\n");
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  return 0;
}
