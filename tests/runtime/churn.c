/* Many pools alive at once, deep recursion with one pool per call: no address space or
   memory may leak, and large pools give their pages back on destroy. Arguments: "rss" to also check the resident size (Linux /proc), the
   size of the large pool in MiB (default 48), rounds of the many-pools phase (default 500). */
#include <stdint.h>
#include <string.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t v;
  pc_idx32 next;
  int32_t pad;
};

/* a field of /proc/self/status in KiB, or -1 where there is no /proc */
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

static int64_t recurse(int depth) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "recursive (churn.c)");
  uint64_t i = pc_alloc(&P, 1);
  int64_t r;
  ((struct node *)pc_base(&P))[i].v = depth;
  r = depth > 0 ? recurse(depth - 1) : 0;
  r += ((struct node *)pc_base(&P))[i].v;
  pc_pool_destroy(&P);
  return r;
}

static void many_alive(void) {
  pc_pool P[40];
  int k, j;
  for (k = 0; k < 40; k++) {
    pc_pool_init(&P[k], sizeof(struct node), k % 2 ? 16 : 32, "alive (churn.c)");
    for (j = 0; j < 10; j++) CHECK(pc_alloc(&P[k], 1) != 0);
  }
  for (k = 0; k < 40; k++) pc_pool_destroy(&P[k]);
}

int main(int argc, char **argv) {
  int check_rss = argc > 1 && strcmp(argv[1], "rss") == 0;
  size_t big_bytes = (size_t)(argc > 2 ? atoi(argv[2]) : 48) << 20;
  int rounds = argc > 3 ? atoi(argv[3]) : 500;
  long vm_before, vm_after, rss_big, rss_after;
  int k;

  for (k = 0; k < 20; k++) many_alive(); /* more pools at once than the region cache holds */
  CHECK(recurse(500) == 500 * 501 / 2);
  vm_before = status_kib("VmSize");
  for (k = 0; k < rounds; k++) many_alive();
  for (k = 0; k < rounds / 25; k++) CHECK(recurse(500) == 500 * 501 / 2);
  vm_after = status_kib("VmSize");
  /* address space does not leak (the slack is for the sanitizers' own bookkeeping; one
     leaked region per iteration would be gigabytes) */
  CHECK(vm_after <= vm_before + 64 * 1024);
  printf("40 pools alive at once, recursion 500 deep: no address space leaked\n");

  {
    /* 48 MiB of touched pool memory goes back to the OS on destroy (48: the malloc
       fallback reserves 64 MiB per pool) */
    pc_pool Big = PC_POOL_INIT(sizeof(struct node), 32, "big (churn.c)");
    uint64_t a = pc_alloc(&Big, big_bytes / sizeof(struct node));
    memset(pc_ptr(&Big, a), 1, big_bytes);
    rss_big = status_kib("VmRSS");
    pc_pool_destroy(&Big);
    rss_after = status_kib("VmRSS");
    if (check_rss) CHECK(rss_big - rss_after > (long)(big_bytes >> 10) * 2 / 3);
    printf("large pool destroyed: pages %s\n", check_rss ? "returned" : "not measured");
  }
  return 0;
}
