/* Allocation failure behaves like malloc's: a request larger than a reservation of the
   configured size could hold, or memory the system refuses, makes pc_alloc, pc_calloc,
   pc_calloc2 and pc_realloc return 0 with errno = ENOMEM; the pool stays usable and
   pc_realloc keeps the old block. One scenario per run (argv[1]):
     big      requests too large for any reservation (and overflowing sizes), in private
              pools of each index width and in a thread-safe pool
     big1mb   the same judged against PTRCOMP_RESERVE_MB=1 (run with it)
     commit   growth refused by the system (RLIMIT_DATA makes mprotect fail): private and
              thread-safe pools; mmap layer only (the malloc fallback commits nothing)
     nodata   new pools under RLIMIT_DATA (first commit, or the fallback's malloc, refused)
     noas     new pools under RLIMIT_AS (the reservation itself refused)
     cut      a reservation the system cut short (RLIMIT_AS leaves room for 32 MiB, not the
              configured size): outgrowing it returns 0
   Linux-specific (setrlimit, /proc/self/status). */
#define _DEFAULT_SOURCE 1 /* setrlimit's RLIMIT_AS with -std=c99 (glibc) */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"
#include "ptrcomp_rt.h"

struct node {
  int64_t a, b;
};

#define HUGE ((size_t)1 << 40)

/* The call returns 0 and sets errno to ENOMEM. */
#define NOMEM(call)                                                                    \
  do {                                                                                 \
    errno = 0;                                                                         \
    CHECK((call) == 0);                                                                \
    CHECK(errno == ENOMEM);                                                            \
  } while (0)

static void say(const char *what) {
  printf("%s\n", what);
  fflush(stdout);
}

/* ---- requests too large for any reservation ---- */

/* An array of n nodes holding 0..n-1 in `a`. */
static uint64_t filled(pc_pool *P, size_t n) {
  uint64_t v = pc_alloc(P, n), k;
  struct node *base = (struct node *)pc_base(P);
  CHECK(v != 0);
  for (k = 0; k < n; k++) base[v + k].a = (int64_t)k;
  return v;
}

static void check_filled(pc_pool *P, uint64_t v, size_t n) {
  struct node *base = (struct node *)pc_base(P);
  uint64_t k;
  for (k = 0; k < n; k++) CHECK(base[v + k].a == (int64_t)k);
}

/* Every entry point refuses a too-large request and leaves the pool as it was. */
static void refuse_big(pc_pool *P) {
  uint64_t v, w, k;
  NOMEM(pc_alloc(P, HUGE));
  NOMEM(pc_calloc(P, HUGE));
  NOMEM(pc_calloc2(P, (size_t)1 << 20, (size_t)1 << 20)); /* 2^40, no overflow */
  NOMEM(pc_calloc2(P, SIZE_MAX / 2, 3));                  /* overflows size_t */
  NOMEM(pc_alloc(P, SIZE_MAX));                           /* n * 16 overflows */
  NOMEM(pc_calloc(P, SIZE_MAX / 8));
  NOMEM(pc_realloc(P, 0, HUGE));
  v = filled(P, 100);
  w = pc_alloc(P, 1); /* v is not the last block */
  NOMEM(pc_realloc(P, v, HUGE));
  NOMEM(pc_realloc(P, v, SIZE_MAX));
  check_filled(P, v, 100);
  v = pc_realloc(P, v, 300); /* still a live block of 100 nodes: moves */
  CHECK(v != 0);
  check_filled(P, v, 100);
  NOMEM(pc_realloc(P, v, HUGE)); /* the last block now */
  check_filled(P, v, 100);
  pc_free(P, v);
  pc_free(P, w);
  for (k = 0; k < 1000; k++) CHECK(pc_alloc(P, 1) != 0);
  CHECK(pc_calloc(P, 5000) != 0);
}

static void big(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:32)");
  pc_pool Q = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:fresh)");
  pc_pool P16 = PC_POOL_INIT(sizeof(struct node), 16, "struct node (nomem.c:16)");
  pc_pool P64 = PC_POOL_INIT(sizeof(struct node), 64, "struct node (nomem.c:64)");
  pc_pool B = PC_POOL_INIT(1, 32, "bytes (nomem.c)");
  pc_pool S = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (nomem.c)");
  pc_pool S16 = PC_POOL_INIT_SHARED(sizeof(struct node), 16, "shared (nomem.c:16)");

  /* pool-allocation-only output: p = pc_addr(P, pc_alloc(P, n)); if (!p) ... */
  CHECK(pc_addr(&Q, pc_alloc(&Q, HUGE)) == NULL);
  CHECK(pc_addr(&Q, pc_calloc(&Q, HUGE)) == NULL);
  CHECK(pc_base(&Q) != NULL && pc_alloc(&Q, 1) != 0); /* then used normally */
  say("first request too large: null pointer, pool usable afterwards");

  refuse_big(&P);
  say("private 32-bit pool: alloc, calloc, calloc2, realloc of 2^40 objects and overflowing "
      "sizes return 0 (ENOMEM); realloc keeps the old block; pool usable afterwards");
  refuse_big(&P16);
  refuse_big(&P64);
  NOMEM(pc_alloc(&B, HUGE));
  NOMEM(pc_realloc(&B, pc_alloc(&B, 10), HUGE));
  CHECK(pc_alloc(&B, 1000) != 0);
  say("16-bit, 64-bit and byte pools: likewise, no abort");
  refuse_big(&S);
  refuse_big(&S16);
  say("thread-safe pools: likewise");
  pc_pool_destroy(&P);
  pc_pool_destroy(&Q);
  pc_pool_destroy(&P16);
  pc_pool_destroy(&P64);
  pc_pool_destroy(&B);
  pc_pool_destroy(&S);
  pc_pool_destroy(&S16);
}

/* PTRCOMP_RESERVE_MB=1: what a 1 MiB reservation can never hold is refused. */
static void big1mb(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:32)");
  pc_pool S = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (nomem.c)");
  pc_pool T = PC_POOL_INIT(sizeof(uint32_t), 16, "int32 (nomem.c:16)");
  uint64_t v;
  NOMEM(pc_alloc(&P, 70000)); /* 1.07 MiB */
  v = pc_alloc(&P, 60000);
  CHECK(v != 0);
  NOMEM(pc_realloc(&P, v, 70000));
  NOMEM(pc_calloc(&S, 70000));
  CHECK(pc_calloc(&S, 60000) != 0);
  CHECK(pc_alloc(&T, 65534) == 1); /* 16-bit pool: its narrow reservation is no limit */
  say("PTRCOMP_RESERVE_MB=1: 70000 nodes of 16 bytes refused, 60000 allocated");
  pc_pool_destroy(&P);
  pc_pool_destroy(&S);
  pc_pool_destroy(&T);
}

/* ---- memory the system refuses ---- */

/* A field of /proc/self/status, in bytes. */
static unsigned long long status_bytes(const char *field) {
  char line[256];
  unsigned long long kb = 0;
  size_t len = strlen(field);
  FILE *f = fopen("/proc/self/status", "r");
  CHECK(f != NULL);
  while (fgets(line, sizeof line, f) != NULL)
    if (strncmp(line, field, len) == 0 && line[len] == ':') {
      kb = strtoull(line + len + 1, NULL, 10);
      break;
    }
  fclose(f);
  CHECK(kb != 0);
  return kb << 10;
}

static struct rlimit saved;

/* Allows `room` more bytes of data (private writable memory) or address space. */
static void limit(int resource, const char *field, unsigned long long room) {
  struct rlimit r;
  CHECK(getrlimit(resource, &saved) == 0);
  r = saved;
  r.rlim_cur = (rlim_t)(status_bytes(field) + room);
  CHECK(setrlimit(resource, &r) == 0);
}

static void unlimit(int resource) { CHECK(setrlimit(resource, &saved) == 0); }

/* Allocates single nodes until the pool refuses, each holding its own index; returns how
   many it got (at most `max`). */
static uint64_t until_refused(pc_pool *P, uint64_t *first, uint64_t *last, uint64_t max) {
  uint64_t n = 0, i;
  for (;;) {
    errno = 0;
    i = pc_alloc(P, 1);
    if (i == 0) break;
    ((struct node *)pc_base(P))[i].a = (int64_t)i;
    if (n == 0) *first = i;
    *last = i;
    CHECK(++n < max);
  }
  CHECK(errno == ENOMEM);
  return n;
}

static void refused_growth(pc_pool *P) {
  uint64_t arr, first = 0, last = 0, n, k, i;
  struct node *base;
  arr = pc_alloc(P, 10); /* an array exists before the limit (its size table too) */
  CHECK(arr != 0);
  limit(RLIMIT_DATA, "VmData", (unsigned long long)4 << 20);
  n = until_refused(P, &first, &last, (uint64_t)1 << 20);
  CHECK(n > 1000); /* it grew as far as the limit let it */
  NOMEM(pc_alloc(P, 1));
  NOMEM(pc_calloc(P, 1));
  NOMEM(pc_alloc(P, 20000));
  NOMEM(pc_calloc2(P, 100, 200));
  NOMEM(pc_realloc(P, arr, 20000));
  NOMEM(pc_realloc(P, last, 20000));
  base = (struct node *)pc_base(P);
  CHECK(base[first].a == (int64_t)first && base[last].a == (int64_t)last);
  pc_free(P, last); /* freed memory is there to be had */
  CHECK(pc_alloc(P, 1) == last);
  base[last].a = (int64_t)last;
  unlimit(RLIMIT_DATA);
  for (k = 0; k < 100000; k++) {
    i = pc_alloc(P, 1);
    CHECK(i != 0);
  }
  arr = pc_realloc(P, arr, 20000);
  CHECK(arr != 0);
  base = (struct node *)pc_base(P);
  CHECK(base[first].a == (int64_t)first && base[last].a == (int64_t)last);
}

static void commit(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:32)");
  pc_pool S = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (nomem.c)");
  refused_growth(&P);
  say("private pool: growth refused by the system returns 0 (ENOMEM); objects intact; "
      "freed ones reused; grows again once memory is available");
  pc_pool_ready(&S);
  refused_growth(&S);
  say("thread-safe pool: likewise");
  pc_pool_destroy(&P);
  pc_pool_destroy(&S);
}

/* New pools while the system refuses memory: every entry point returns 0, pc_base is NULL
   (pc_addr of index 0 too), and the same pools work once memory is there. */
static void new_pools(int resource, const char *field) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:32)");
  pc_pool P16 = PC_POOL_INIT(sizeof(struct node), 16, "struct node (nomem.c:16)");
  pc_pool S = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (nomem.c)");
  pc_pool D = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:destroyed)");
  pc_pool DS = PC_POOL_INIT_SHARED(sizeof(struct node), 32, "shared (nomem.c:destroyed)");
  limit(resource, field, 0); /* not even the first 64 KiB of a pool */
  NOMEM(pc_alloc(&P, 1));
  NOMEM(pc_calloc(&P, 1));
  NOMEM(pc_calloc2(&P, 10, 10));
  NOMEM(pc_realloc(&P, 0, 5));
  CHECK(pc_base(&P) == NULL && pc_addr(&P, 0) == NULL); /* no object for pc_ptr */
  pc_free(&P, 0);
  NOMEM(pc_alloc(&P16, 1));
  pc_pool_ready(&S);
  CHECK(pc_base(&S) == NULL);
  NOMEM(pc_alloc(&S, 1));
  NOMEM(pc_calloc(&S, 100));
  NOMEM(pc_realloc(&S, 0, 100));
  /* a pool whose reservation failed may be destroyed as it is */
  NOMEM(pc_alloc(&D, 1));
  NOMEM(pc_alloc(&DS, 1));
  pc_pool_destroy(&D);
  pc_pool_destroy(&DS);
  unlimit(resource);
  CHECK(pc_alloc(&P, 1) == 1 && pc_base(&P) != NULL);
  CHECK(pc_calloc(&P16, 100) != 0);
  CHECK(pc_alloc(&S, 1) != 0 && pc_base(&S) != NULL);
  pc_pool_destroy(&P);
  pc_pool_destroy(&P16);
  pc_pool_destroy(&S);
}

/* The configured reservation (8 GiB, or the fallback's 64 MiB) is refused; halving, the
   runtime gets 32 MiB. Growing past that returns 0: the system's limit, not the pool's. */
static void cut(void) {
  pc_pool P = PC_POOL_INIT(sizeof(struct node), 32, "struct node (nomem.c:32)");
  uint64_t a, b;
  limit(RLIMIT_AS, "VmSize", (unsigned long long)40 << 20);
  a = pc_alloc(&P, 1);
  unlimit(RLIMIT_AS);
  CHECK(a == 1);
  a = pc_alloc(&P, (size_t)1 << 20); /* 16 MiB */
  CHECK(a != 0);
  NOMEM(pc_alloc(&P, (size_t)1 << 20)); /* another 16 MiB: past the 32 MiB */
  NOMEM(pc_realloc(&P, a, (size_t)2 << 20));
  b = pc_alloc(&P, 1000);
  CHECK(b != 0);
  say("reservation cut to 32 MiB by the system: growing past it returns 0 (ENOMEM)");
  pc_pool_destroy(&P);
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  if (strcmp(mode, "big") == 0) {
    big();
  } else if (strcmp(mode, "big1mb") == 0) {
    big1mb();
  } else if (strcmp(mode, "commit") == 0) {
    commit();
  } else if (strcmp(mode, "nodata") == 0) {
    new_pools(RLIMIT_DATA, "VmData");
    say("new pools, data limit reached: 0 (ENOMEM) from every call, pc_base NULL; usable "
        "once memory is available");
  } else if (strcmp(mode, "noas") == 0) {
    new_pools(RLIMIT_AS, "VmSize");
    say("new pools, address space limit reached: 0 (ENOMEM) from every call, pc_base NULL; "
        "usable once memory is available");
  } else if (strcmp(mode, "cut") == 0) {
    cut();
  } else {
    fprintf(stderr, "unknown mode '%s'\n", mode);
    return 2;
  }
  return 0;
}
