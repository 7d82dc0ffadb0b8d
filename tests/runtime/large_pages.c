/* PTRCOMP_HUGEPAGES=1: a pool's region past its first 4 MiB is hinted for large pages
   (Linux transparent huge pages), the first 4 MiB never are. A 48 MiB pool is filled,
   walked and freed; then the resident large pages of a 48 MiB pool and of a 2 MiB pool are
   read from /proc/self/smaps. Arguments: "check" to read smaps (else only the behaviour is
   checked), then "small" to report the small pool too (only meaningful when the system
   gives large pages to hinted memory only: THP "madvise"). */
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

/* Resident large-page KiB of the mappings overlapping [lo, hi), or -1 without smaps. */
static long huge_kib(const char *lo, const char *hi) {
  char line[512];
  long sum = 0;
  int in = 0;
  FILE *f = fopen("/proc/self/smaps", "r");
  if (f == NULL) return -1;
  while (fgets(line, sizeof line, f)) {
    unsigned long long a, b;
    char dash;
    if (sscanf(line, "%llx%c%llx", &a, &dash, &b) == 3 && dash == '-') {
      in = (uintptr_t)lo < b && a < (uintptr_t)hi;
    } else if (in && strncmp(line, "AnonHugePages:", 14) == 0) {
      sum += strtol(line + 14, NULL, 10);
    }
  }
  fclose(f);
  return sum;
}

/* Fills `P` with a list of `n` nodes, returns the sum of a walk over it. */
static int64_t fill(pc_pool *P, uint64_t n, uint64_t *head) {
  uint64_t k, i, prev = 0;
  int64_t sum = 0;
  for (k = 0; k < n; k++) {
    i = pc_alloc(P, 1);
    NODE(P, i).v = (int64_t)k;
    NODE(P, i).next = (pc_idx32)prev;
    prev = i;
  }
  *head = prev;
  for (i = prev; i != 0; i = NODE(P, i).next) sum += NODE(P, i).v;
  return sum;
}

int main(int argc, char **argv) {
  int check = argc > 1 && strcmp(argv[1], "check") == 0;
  int small = argc > 2 && strcmp(argv[2], "small") == 0;
  uint64_t n = (uint64_t)48 << 20 >> 4, m = (uint64_t)2 << 20 >> 4, head, i, next;
  pc_pool A = PC_POOL_INIT(sizeof(struct node), 32, "A (large_pages.c)");
  pc_pool B = PC_POOL_INIT(sizeof(struct node), 32, "B (large_pages.c)");
  long big_kib, small_kib;
  int64_t want = (int64_t)(n * (n - 1) / 2);

  /* Filled, walked, freed node by node (the pool starts over and gives its pages back),
     then filled again: the hinted pages behave as any others. */
  CHECK(fill(&A, n, &head) == want);
  for (i = head; i != 0; i = next) {
    next = NODE(&A, i).next;
    pc_free(&A, i);
  }
  CHECK(fill(&A, n, &head) == want);
  for (i = 1; i <= 1000; i++) CHECK(NODE(&A, i).v == (int64_t)(i - 1));
  CHECK(fill(&B, m, &head) == (int64_t)(m * (m - 1) / 2));
  printf("48 MiB and 2 MiB pools filled, walked, refilled\n");

  if (check) {
    const char *a = (const char *)pc_base(&A), *b = (const char *)pc_base(&B);
    big_kib = huge_kib(a, a + (n + 1) * sizeof(struct node));
    small_kib = huge_kib(b, b + (m + 1) * sizeof(struct node));
    CHECK(big_kib >= 0 && small_kib >= 0);
    printf("48 MiB pool: large pages %s\n", big_kib > 0 ? "yes" : "no");
    if (small) printf("2 MiB pool: large pages %s\n", small_kib > 0 ? "yes" : "no");
  }
  pc_pool_destroy(&B);
  pc_pool_destroy(&A);
  return 0;
}
