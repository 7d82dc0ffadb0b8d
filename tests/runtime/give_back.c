/* A structure freed object by object gives its memory back when its last object goes,
   without waiting for pc_pool_destroy: the pool starts over from its first index, and
   pages past the first 256 KiB go back to the OS. Two structures that are never alive at
   the same time then cost the peak of one. Arguments: "rss" to check the resident size
   (Linux /proc), then the size of each structure in MiB (default 48). */
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

static long status_kib(const char *field) {
  char line[256];
  long v = -1;
  size_t n = strlen(field);
  FILE *f = fopen("/proc/self/status", "r");
  if (f == NULL) return -1;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, field, n) == 0 && line[n] == ':') v = strtol(line + n + 1, NULL, 10);
  fclose(f);
  return v;
}

/* Builds a list of `n` nodes in allocation order, sums it, frees it node by node from the
   head: the last object freed is the last allocated. */
static int64_t build_and_free(pc_pool *P, uint64_t n, uint64_t *first) {
  uint64_t head = 0, tail = 0, i, k;
  int64_t sum = 0;
  for (k = 0; k < n; k++) {
    i = pc_alloc(P, 1);
    NODE(P, i).v = (int64_t)k;
    NODE(P, i).next = 0;
    if (tail) NODE(P, tail).next = (pc_idx32)i;
    else head = *first = i;
    tail = i;
  }
  while (head != 0) {
    uint64_t next = NODE(P, head).next;
    sum += NODE(P, head).v;
    pc_free(P, head);
    head = next;
  }
  return sum;
}

int main(int argc, char **argv) {
  int rss = argc > 1 && strcmp(argv[1], "rss") == 0;
  uint64_t mib = argc > 2 ? (uint64_t)atoi(argv[2]) : 48, n, k, first = 0, again = 0;
  pc_pool A = PC_POOL_INIT(sizeof(struct node), 32, "A (give_back.c)");
  pc_pool B = PC_POOL_INIT(sizeof(struct node), 32, "B (give_back.c)");
  long before = status_kib("VmRSS"), after, peak;
  n = mib * 1024 * 1024 / sizeof(struct node);

  CHECK(build_and_free(&A, n, &first) == (int64_t)(n * (n - 1) / 2));
  after = status_kib("VmRSS");
  /* The pool starts over: the next object is the first index again (a free list would
     hand out the last object freed, the last allocated). */
  CHECK(build_and_free(&A, 10, &again) == 45 && again == first);
  /* calloc after the restart: objects that held data read as zero (below 256 KiB the pages
     were kept, so they are cleared; above, the OS gave fresh zero pages). */
  for (k = 0; k < n; k++) {
    uint64_t i = pc_calloc(&A, 1);
    CHECK(NODE(&A, i).v == 0 && NODE(&A, i).next == 0);
    NODE(&A, i).v = 1;
  }
  pc_pool_destroy(&A);
  printf("freed object by object: first index reused, calloc zeroed\n");

  /* Second structure, in another pool, after the first is gone. */
  CHECK(build_and_free(&B, n, &first) == (int64_t)(n * (n - 1) / 2));
  peak = status_kib("VmHWM");
  pc_pool_destroy(&B);
  if (rss && before >= 0) {
    long structure = (long)(mib * 1024);
    CHECK(after - before < structure / 8);       /* the pages went back after the last free */
    CHECK(peak - before < structure + structure / 2); /* one structure's peak, not two */
    printf("pages returned after the last free; two structures in turn peak as one\n");
  } else {
    printf("resident size not measured\n");
  }
  return 0;
}
