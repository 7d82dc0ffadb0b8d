/* The alloc/free fast paths on single objects of 16 and 4 bytes in 32-bit pools. The test
   runs a few rounds and checks the indices; by hand, `bench_alloc ROUNDS time` prints the
   nanoseconds per pc_alloc + pc_free pair (take the minimum of several runs):
     cc -std=c99 -O2 -I runtime tests/runtime/bench_alloc.c build/lib/libptrcomp_rt.a
   Each round allocates 999 objects, writes them, frees them in reverse, then does 999
   alloc/free pairs of one object; one object stays live so the pool never empties. */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "ptrcomp_rt.h"

#define K 1000
static uint64_t keep[K];

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ns per pair; *sum gets the indices handed out */
static double run(size_t os, long rounds, uint64_t *sum) {
  pc_pool P;
  long r;
  int k;
  double t0, t1;
  uint64_t s = 0;
  pc_pool_init(&P, os, 32, os == 16 ? "16 bytes (bench_alloc.c)" : "4 bytes (bench_alloc.c)");
  for (k = 0; k < K; k++) keep[k] = pc_alloc(&P, 1); /* pages committed before timing */
  for (k = K - 1; k >= 0; k--) pc_free(&P, keep[k]);
  keep[0] = pc_alloc(&P, 1);
  t0 = now();
  for (r = 0; r < rounds; r++) {
    char *base;
    for (k = 1; k < K; k++) keep[k] = pc_alloc(&P, 1);
    base = (char *)pc_base(&P);
    for (k = 1; k < K; k++) {
      int32_t v = k;
      memcpy(base + keep[k] * os, &v, sizeof v);
      s += keep[k];
    }
    for (k = K - 1; k >= 1; k--) pc_free(&P, keep[k]);
    for (k = 1; k < K; k++) {
      uint64_t i = pc_alloc(&P, 1);
      s += i;
      pc_free(&P, i);
    }
  }
  t1 = now();
  pc_free(&P, keep[0]);
  pc_pool_destroy(&P);
  *sum = s;
  return (t1 - t0) * 1e9 / ((double)rounds * 2 * (K - 1));
}

int main(int argc, char **argv) {
  long rounds = argc > 1 ? atol(argv[1]) : 20000;
  uint64_t s16, s4;
  double a = run(16, rounds, &s16), b = run(4, rounds, &s4);
  /* one slot per object: the live ones are 2..1000 each round (index 1 stays live), and
     the interleaved pairs get index 2 back each time (LIFO) */
  CHECK(s16 == s4 && s4 == (uint64_t)rounds * (999ull * 1002 / 2 + 999 * 2));
  if (argc > 2 && strcmp(argv[2], "time") == 0)
    printf("16-byte: %.3f ns/pair  4-byte: %.3f ns/pair\n", a, b);
  else
    printf("alloc/free loop, 16- and 4-byte objects: one index each, LIFO reuse\n");
  return 0;
}
