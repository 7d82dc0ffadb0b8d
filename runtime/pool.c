/* pool.c: pool logic and the slow paths of the allocation functions.

   Layout of a pool's region (reserved once, never moved):

     mem.start                          base = start + base_off
     | header (pc_region) | stagger |  0: null | 1 | 2 | ...              |  (reserved)  |
                                    ^ index 0 is the null object, never handed out

   Blocks are whole multiples of the pool's `unit` (one unit = one single block, see
   PC_RT_UNIT) and start on multiples of it. Free single blocks form a LIFO list threaded
   through their first 8 bytes (popped inline in pc_alloc). A block of more than one unit
   ("multi-unit": arrays, realloc'd vectors, byte allocations) has its size in a small hash
   table beside the pool, since pc_free is not told the size and a header in front of every
   object would undo the compression. Free multi-unit blocks keep {link, size} in their
   first 16 bytes and sit on exact-size lists, or on one first-fit list when large. Free
   blocks are not coalesced: a pool lives as long as its data structure, and pc_pool_destroy
   gives everything back at once.

   Regions of destroyed pools go to a small cache, so a pool created and destroyed in a hot
   function costs no system call; large ones first give their pages back to the OS. */
#include "internal.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

/* ---- tunables ---- */

/* Header, rounded to a cache line so that base stays cache-line aligned. */
#define PC_HDR_SIZE ((sizeof(pc_region) + 63) & ~(size_t)63)
/* Staggering (paper 6.1): pools that all start at the same offset in a page compete for the
   same cache sets. Successive pools start 17 cache lines apart modulo a page, so 64 pools
   in a row get 64 different offsets. Bases stay 64-byte aligned. */
#define PC_LINE 64u
#define PC_STAGGER_SLOTS 64u
#define PC_STAGGER_STRIDE 17u
#define PC_STAGGER_MAX ((size_t)(PC_STAGGER_SLOTS - 1) * PC_LINE)
/* Commit: 64 KiB first, then doubling, at most 64 MiB ahead at a time. */
#define PC_FIRST_COMMIT ((size_t)64 << 10)
#define PC_MAX_COMMIT_STEP ((size_t)64 << 20)
/* A destroyed pool keeps the first 256 KiB of its pages (the next pool reuses them without
   page faults); the rest goes back to the OS. */
#define PC_KEEP_BYTES ((size_t)256 << 10)
/* Regions kept for reuse. Each holds at most PC_KEEP_BYTES of memory. */
#define PC_CACHE_MAX 16u
/* PTRCOMP_HUGEPAGES=1: the part of a pool's region past its first 4 MiB is backed by large
   pages where the OS offers them. Past 4 MiB only, so a small pool (also one reusing a
   cached region that was large) never pays for a whole large page, and a large one wastes
   at most the unused part of the large page at its bump pointer. */
#define PC_LARGE_PAGES_FROM ((size_t)4 << 20)
/* When the address space is short, reservations are halved down to this before failing. */
#define PC_RESERVE_FLOOR ((size_t)16 << 20)
/* First-fit over the list of large free blocks looks at this many entries at most, so a
   long list of small leftovers cannot make allocation quadratic. */
#define PC_LARGE_SCAN 64

/* ---- global state, guarded by the lock ---- */

pc_region *pc_rt_in_use;
static pc_region *cache;
static unsigned ncache;
static unsigned long stagger_seq;
static size_t reserve_bytes; /* PTRCOMP_RESERVE_MB or the default; 0 until first read */
static int large_pages = -1; /* PTRCOMP_HUGEPAGES: 1 on, 0 off, -1 until first read */

#if defined(__GNUC__) || defined(__clang__)
static int lock_word;
void pc_rt_lock(void) {
  while (__atomic_exchange_n(&lock_word, 1, __ATOMIC_ACQUIRE))
    while (__atomic_load_n(&lock_word, __ATOMIC_RELAXED)) {
    }
}
void pc_rt_unlock(void) { __atomic_store_n(&lock_word, 0, __ATOMIC_RELEASE); }
#elif defined(_MSC_VER)
static volatile long lock_word;
void pc_rt_lock(void) {
  while (_InterlockedExchange(&lock_word, 1))
    while (lock_word) {
    }
}
void pc_rt_unlock(void) { _InterlockedExchange(&lock_word, 0); }
#else
/* No atomics known for this compiler: single-threaded use only. */
void pc_rt_lock(void) {}
void pc_rt_unlock(void) {}
#endif

/* ---- messages ---- */

void pc_rt_fatal(const char *fmt, ...) {
  /* Formatted first and written with one call, so the line stays whole. */
  char buf[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  fprintf(stderr, "ptrcomp: %s\n", buf);
  fflush(stderr);
  abort();
}

static const char *pname(const pc_pool *p) { return p->name ? p->name : "(unnamed)"; }

/* "8 GiB", "1 MiB", "1092 KiB": exact, in the largest unit that divides the size. */
static const char *fmt_size(char *buf, size_t n, size_t bytes) {
  if (bytes % ((size_t)1 << 30) == 0 && bytes)
    snprintf(buf, n, "%llu GiB", (unsigned long long)(bytes >> 30));
  else if (bytes % ((size_t)1 << 20) == 0)
    snprintf(buf, n, "%llu MiB", (unsigned long long)(bytes >> 20));
  else
    snprintf(buf, n, "%llu KiB", (unsigned long long)((bytes + 1023) >> 10));
  return buf;
}

static size_t round_up(size_t x, size_t a) { return (x + a - 1) / a * a; }

/* Reservation size per pool: PTRCOMP_RESERVE_MB or the OS layer's default. Lock held. */
static size_t reserve_size(void) {
  if (reserve_bytes == 0) {
    const char *e = getenv("PTRCOMP_RESERVE_MB");
    /* at most half the address space a size_t can describe, and no more than 64 TiB */
    unsigned long long max_mb = (unsigned long long)(SIZE_MAX >> 21);
    if (max_mb > (1ull << 26)) max_mb = 1ull << 26;
    if (e != NULL && *e != '\0') {
      char *end;
      unsigned long long mb;
      errno = 0;
      mb = strtoull(e, &end, 10);
      if (*e < '0' || *e > '9' || errno != 0 || *end != '\0' || mb == 0 || mb > max_mb) {
        pc_rt_unlock();
        pc_rt_fatal("PTRCOMP_RESERVE_MB=\"%s\" is not a whole number of MiB between 1 and %llu",
                    e, max_mb);
      }
      reserve_bytes = (size_t)mb << 20;
    } else {
      reserve_bytes = pc_os_default_reserve();
    }
  }
  return reserve_bytes;
}

/* PTRCOMP_HUGEPAGES=1 (or any value but "" and "0", as PTRCOMP_STATS). Lock held. */
static int large_pages_wanted(void) {
  if (large_pages < 0) {
    const char *e = getenv("PTRCOMP_HUGEPAGES");
    large_pages = e != NULL && *e != '\0' && strcmp(e, "0") != 0;
  }
  return large_pages;
}

/* 16/32-bit pool asked for more objects than its indices can name. */
PC_NORETURN static void index_full(const pc_pool *p) {
  unsigned long long max = ((unsigned long long)1 << p->index_bits) - 1;
  const char *what = p->obj_size == 1 ? "bytes" : "objects";
  if (p->index_bits == 16)
    pc_rt_fatal("pool \"%s\" is full: 16-bit indices address at most %llu %s; use 32-bit "
                "indices for it (--index-bits=32) or exclude this structure from pointer "
                "compression", pname(p), max, what);
  pc_rt_fatal("pool \"%s\" is full: 32-bit indices address at most %llu %s; exclude this "
              "structure from pointer compression so that it keeps 64-bit pointers",
              pname(p), max, what);
}

/* The pool would need more address space than was reserved for it. */
PC_NORETURN static void reservation_full(const pc_pool *p) {
  char a[32];
  const pc_region *r = p->region;
  uint64_t room = r->cap_end > p->unit ? r->cap_end - p->unit : 0;
  pc_rt_fatal("pool \"%s\" outgrew its address-space reservation of %s (room for %llu objects "
              "of %llu bytes); set PTRCOMP_RESERVE_MB to more than %llu (MiB per pool)",
              pname(p), fmt_size(a, sizeof a, r->mem.size), (unsigned long long)room,
              (unsigned long long)p->obj_size, (unsigned long long)(reserve_bytes >> 20));
}

/* A request so large it cannot fit whatever else happens. */
PC_NORETURN static void too_big(const pc_pool *p, uint64_t n) {
  if (p->index_bits < 64 && n >= ((uint64_t)1 << p->index_bits)) index_full(p);
  reservation_full(p);
}

/* ---- region lists (lock held) ---- */

static void list_push(pc_region **head, pc_region *r) {
  r->prev = NULL;
  r->next = *head;
  if (*head) (*head)->prev = r;
  *head = r;
}

static void list_unlink(pc_region **head, pc_region *r) {
  if (r->prev) r->prev->next = r->next;
  else *head = r->next;
  if (r->next) r->next->prev = r->prev;
  r->next = r->prev = NULL;
}

/* The smallest cached region of at least `size` bytes, the most recently cached one among
   equals (its pages are the warmest). Best fit, so that narrow pools, which reserve little,
   do not take the big regions and make wide pools reserve new ones. */
static pc_region *cache_take(size_t size) {
  pc_region *r, *best = NULL;
  for (r = cache; r != NULL; r = r->next)
    if (r->mem.size >= size && (best == NULL || r->mem.size < best->mem.size)) best = r;
  if (best != NULL) {
    list_unlink(&cache, best);
    ncache--;
  }
  return best;
}

/* A fresh region of `size` bytes, or smaller if the address space is short. */
static pc_region *region_new(const pc_pool *p, size_t size) {
  size_t gran = pc_os_granularity(), page = pc_os_page_size();
  size_t floor = size < PC_RESERVE_FLOOR ? size : PC_RESERVE_FLOOR, first;
  pc_os_mem m;
  pc_region *r;
  while (pc_os_reserve(size, &m) != 0) {
    if (size <= floor) {
      char a[32];
      pc_rt_fatal("pool \"%s\": cannot reserve %s of address space (%s: %s); lower "
                  "PTRCOMP_RESERVE_MB (now %llu MiB per pool)",
                  pname(p), fmt_size(a, sizeof a, size), pc_os_name, pc_os_error(),
                  (unsigned long long)(reserve_bytes >> 20));
    }
    size = round_up(size / 2, gran);
    if (size < floor) size = floor;
  }
  first = round_up(PC_FIRST_COMMIT, page);
  if (first > m.size) first = m.size;
  if (pc_os_commit(&m, 0, first) != 0)
    pc_rt_fatal("pool \"%s\": out of memory: cannot commit its first %llu bytes (%s: %s)",
                pname(p), (unsigned long long)first, pc_os_name, pc_os_error());
  r = (pc_region *)(void *)m.start;
  memset(r, 0, sizeof *r);
  r->mem = m;
  r->committed = first;
  r->dirty = pc_os_fresh_is_zero ? PC_HDR_SIZE : m.size;
  r->touched = PC_HDR_SIZE;
  return r;
}

/* ---- the pool's index space ---- */

/* Recompute how far the inline bump may go: committed memory, reservation, index width. */
static void set_end(pc_pool *p) {
  const pc_region *r = p->region;
  uint64_t e = r->committed > r->base_off ? (r->committed - r->base_off) / p->obj_size : 0;
  if (e > r->cap_end) e = r->cap_end;
  if (e > r->idx_end) e = r->idx_end;
  if (e < p->next) e = p->next; /* never below next: the fast path computes end - next */
  p->end = e;
}

static void setup(pc_pool *p) {
  size_t os = p->obj_size, want, cap;
  uint64_t idx_end;
  unsigned long seq;
  pc_region *r;
  if (os == 0) pc_rt_fatal("pool \"%s\" has object size 0", pname(p));
  if (p->index_bits != 16 && p->index_bits != 32 && p->index_bits != 64)
    pc_rt_fatal("pool \"%s\": index_bits must be 16, 32 or 64, not %u", pname(p),
                (unsigned)p->index_bits);
  p->unit = PC_RT_UNIT(os);
  idx_end = p->index_bits == 64 ? UINT64_MAX : (uint64_t)1 << p->index_bits;

  pc_rt_lock();
  /* The OS layer caches these on first call; making that first call here, under the lock,
     keeps the caching free of data races (every later caller has set up a pool). */
  (void)pc_os_page_size();
  (void)pc_os_granularity();
  (void)large_pages_wanted(); /* read once here, under the lock; grow() reads the flag */
  cap = reserve_size();
  /* A narrow pool never needs more than its indices can address (1 MiB for a 16-bit pool of
     16-byte objects): reserving less leaves address space for the many-pools case. */
  want = cap;
  if (idx_end != UINT64_MAX && os <= (cap - PC_HDR_SIZE - PC_STAGGER_MAX) / idx_end)
    want = PC_HDR_SIZE + PC_STAGGER_MAX + (size_t)idx_end * os;
  want = round_up(want, pc_os_granularity());
  seq = stagger_seq++;
  r = cache_take(want);
  pc_rt_unlock();
  if (r == NULL) r = region_new(p, want);

  r->owner = p;
  r->base_off = PC_HDR_SIZE + (size_t)((seq * PC_STAGGER_STRIDE) % PC_STAGGER_SLOTS) * PC_LINE;
  r->cap_end = r->mem.size > r->base_off ? (r->mem.size - r->base_off) / os : 0;
  r->idx_end = idx_end;
  r->dirty_end = r->dirty > r->base_off ? (r->dirty - r->base_off + os - 1) / os : 0;
  r->top = 0;
  r->sizes_cap = 0;
  r->large = 0;
  memset(r->cls, 0, sizeof r->cls);

  p->base = r->mem.start + r->base_off;
  p->free1 = 0;
  p->next = p->unit; /* the first unit holds the null object */
  p->live = p->peak = p->nmulti = 0;
  p->sizes = NULL;
  p->region = r;
  set_end(p);

  pc_rt_lock();
  r->site = pc_rt_site(p->name, os);
  list_push(&pc_rt_in_use, r);
  pc_rt_unlock();
}

/* Make [i, i+u) usable; i is p->next. Commits more of the region, or reports the limit. */
static void grow(pc_pool *p, uint64_t i, uint64_t u) {
  pc_region *r = p->region;
  size_t need;
  if (i > r->idx_end || u > r->idx_end - i) index_full(p);
  /* i > cap_end: objects so large that not even the first one fits */
  if (i > r->cap_end || u > r->cap_end - i) reservation_full(p);
  need = r->base_off + (size_t)(i + u) * p->obj_size;
  if (need > r->committed) {
    size_t step = r->committed < PC_MAX_COMMIT_STEP ? r->committed : PC_MAX_COMMIT_STEP;
    size_t target = r->committed + step;
    if (target < need) target = need;
    target = round_up(target, pc_os_page_size());
    if (target > r->mem.size) target = r->mem.size;
    if (pc_os_commit(&r->mem, r->committed, target - r->committed) != 0)
      pc_rt_fatal("pool \"%s\": out of memory: cannot commit %llu more bytes (%s: %s)",
                  pname(p), (unsigned long long)(target - r->committed), pc_os_name,
                  pc_os_error());
    /* Only what this commit adds: what was committed before has had its hint (a hinted
       range keeps it through pc_os_reset, and the region's next owner is in this process,
       so it wants the same). */
    if (large_pages && target > PC_LARGE_PAGES_FROM) {
      size_t from = r->committed > PC_LARGE_PAGES_FROM ? r->committed : PC_LARGE_PAGES_FROM;
      pc_os_large_pages(&r->mem, from, target - from);
    }
    r->committed = target;
  }
  set_end(p);
}

static uint64_t bump(pc_pool *p, uint64_t u) {
  uint64_t i = p->next;
  if (p->end - i < u) grow(p, i, u);
  p->next = i + u;
  return i;
}

/* Slots of a block of n objects: at least one unit, a whole number of units. */
static uint64_t units(const pc_pool *p, size_t n) {
  uint64_t u = p->unit, m = n ? (uint64_t)n : 1;
  if (m > UINT64_MAX - u) too_big(p, m);
  return (m + u - 1) / u * u;
}

/* ---- words stored inside free blocks (memcpy: they alias the program's objects) ---- */

static uint64_t get_word(const pc_pool *p, uint64_t idx, unsigned w) {
  uint64_t v;
  memcpy(&v, p->base + idx * p->obj_size + w * sizeof v, sizeof v);
  return v;
}

static void set_word(pc_pool *p, uint64_t idx, unsigned w, uint64_t v) {
  memcpy(p->base + idx * p->obj_size + w * sizeof v, &v, sizeof v);
}

/* ---- sizes of live multi-unit blocks: open addressing, linear probing ---- */

static size_t hash_idx(uint64_t k, uint64_t mask) {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  return (size_t)(k & mask);
}

/* Slot holding idx, or the empty slot where it would go. */
static size_t size_find(const pc_pool *p, uint64_t idx) {
  uint64_t mask = p->region->sizes_cap - 1;
  size_t s = hash_idx(idx, mask);
  while (p->sizes[2 * s] != 0 && p->sizes[2 * s] != idx) s = (s + 1) & mask;
  return s;
}

static void size_put(pc_pool *p, uint64_t idx, uint64_t slots) {
  pc_region *r = p->region;
  size_t s;
  if ((p->nmulti + 1) * 2 > r->sizes_cap) { /* keep the load at most 1/2 */
    uint64_t old_cap = r->sizes_cap, i, *old = p->sizes;
    uint64_t cap = old_cap ? old_cap * 2 : 16;
    p->sizes = (uint64_t *)calloc((size_t)cap * 2, sizeof *p->sizes);
    if (p->sizes == NULL)
      pc_rt_fatal("pool \"%s\": out of memory for the sizes of %llu arrays", pname(p),
                  (unsigned long long)p->nmulti);
    r->sizes_cap = cap;
    for (i = 0; i < old_cap; i++)
      if (old[2 * i] != 0) {
        s = size_find(p, old[2 * i]);
        p->sizes[2 * s] = old[2 * i];
        p->sizes[2 * s + 1] = old[2 * i + 1];
      }
    free(old);
  }
  s = size_find(p, idx);
  if (p->sizes[2 * s] == 0) p->nmulti++;
  p->sizes[2 * s] = idx;
  p->sizes[2 * s + 1] = slots;
}

static uint64_t size_get(const pc_pool *p, uint64_t idx) {
  if (p->nmulti == 0) return 0;
  return p->sizes[2 * size_find(p, idx) + 1]; /* an empty slot holds 0 */
}

/* Remove idx; returns its slots, or 0 when it is not a multi-unit block. */
static uint64_t size_del(pc_pool *p, uint64_t idx) {
  uint64_t mask, slots, *t = p->sizes;
  size_t i, j;
  if (p->nmulti == 0) return 0;
  mask = p->region->sizes_cap - 1;
  i = size_find(p, idx);
  if (t[2 * i] == 0) return 0;
  slots = t[2 * i + 1];
  /* Backward-shift deletion: pull later entries of the probe run into the hole, so lookups
     never need tombstones. */
  for (j = i;;) {
    size_t h;
    j = (j + 1) & mask;
    if (t[2 * j] == 0) break;
    h = hash_idx(t[2 * j], mask);
    /* the entry at j may move to i unless its home h lies cyclically in (i, j] */
    if (i <= j ? (h <= i || h > j) : (h <= i && h > j)) {
      t[2 * i] = t[2 * j];
      t[2 * i + 1] = t[2 * j + 1];
      i = j;
    }
  }
  t[2 * i] = 0;
  t[2 * i + 1] = 0;
  p->nmulti--;
  return slots;
}

/* ---- free lists ---- */

static void put_free(pc_pool *p, uint64_t idx, uint64_t slots) {
  pc_region *r = p->region;
  uint64_t k, *head;
  if (slots == p->unit) {
    set_word(p, idx, 0, p->free1);
    p->free1 = idx;
    return;
  }
  k = slots / p->unit;
  head = k <= PC_NCLASS ? &r->cls[k] : &r->large;
  set_word(p, idx, 0, *head);
  set_word(p, idx, 1, slots);
  *head = idx;
}

/* A free block of exactly `slots` slots (splitting a larger one if large), or 0. */
static uint64_t take_free_multi(pc_pool *p, uint64_t slots) {
  pc_region *r = p->region;
  uint64_t k = slots / p->unit, prev = 0, cur, i;
  int scanned = 0;
  if (k <= PC_NCLASS) {
    i = r->cls[k];
    if (i != 0) r->cls[k] = get_word(p, i, 0);
    return i;
  }
  for (cur = r->large; cur != 0 && scanned < PC_LARGE_SCAN; scanned++) {
    uint64_t nxt = get_word(p, cur, 0), have = get_word(p, cur, 1);
    if (have >= slots) {
      if (prev) set_word(p, prev, 0, nxt);
      else r->large = nxt;
      if (have > slots) put_free(p, cur + slots, have - slots);
      return cur;
    }
    prev = cur;
    cur = nxt;
  }
  return 0;
}

/* ---- allocation ---- */

static uint64_t alloc_block(pc_pool *p, uint64_t slots) {
  uint64_t i;
  if (slots == p->unit) {
    i = p->free1;
    if (i != 0) p->free1 = get_word(p, i, 0);
    else i = bump(p, slots);
  } else {
    i = take_free_multi(p, slots);
    if (i == 0) i = bump(p, slots);
    size_put(p, i, slots);
  }
  p->live += slots;
  if (p->live > p->peak) p->peak = p->live;
  return i;
}

uint64_t pc_rt_alloc_slow(pc_pool *p, size_t n) {
  if (p->shared) return pc_rt_shared_alloc(p, n);
  if (p->base == NULL) setup(p);
  return alloc_block(p, units(p, n));
}

void *pc_rt_setup_base(const pc_pool *cp) {
  pc_pool *p = (pc_pool *)(uintptr_t)cp; /* see pc_base in the header: pools are never const */
  pc_pool_ready(p);
  return p->base;
}

static void check_index(const pc_pool *p, uint64_t idx, const char *fn) {
  if (p->base == NULL || idx < p->unit || idx >= p->next || idx % p->unit != 0)
    pc_rt_fatal("%s: index %llu was not allocated from pool \"%s\"", fn,
                (unsigned long long)idx, pname(p));
}

void pc_rt_free_slow(pc_pool *p, uint64_t idx) {
  uint64_t slots;
  if (p->shared) {
    pc_rt_shared_free(p, idx);
    return;
  }
  check_index(p, idx, "pc_free");
  slots = size_del(p, idx);
  if (slots == 0) slots = p->unit;
  p->live -= slots;
  put_free(p, idx, slots);
  if (p->live == 0) pc_rt_pool_empty(p);
}

/* The last live object was freed: forget the free lists and start over from the first
   index, giving back the pages beyond the first PC_KEEP_BYTES, as pc_pool_destroy does.
   A small pool keeps its lists (nothing to give back; its LIFO order stays). */
void pc_rt_pool_empty(pc_pool *p) {
  pc_region *r = p->region;
  size_t keep = round_up(PC_KEEP_BYTES, pc_os_page_size());
  size_t used = r->base_off + (size_t)p->next * p->obj_size;
  if (used <= keep || p->shared) return;
  if (p->next > r->top) r->top = p->next;
  if (p->next > r->dirty_end) r->dirty_end = p->next; /* what was handed out may be dirty */
  p->free1 = 0;
  p->next = p->unit;
  r->large = 0;
  memset(r->cls, 0, sizeof r->cls);
  if (used > r->touched) r->touched = used;
  if (r->committed > keep) {
    pc_os_reset_result res = pc_os_reset(&r->mem, keep, r->committed - keep);
    if (res != PC_OS_KEPT) {
      if (res == PC_OS_DECOMMITTED) r->committed = keep;
      if (r->dirty > keep) r->dirty = keep;
      r->touched = keep;
      /* indices whose bytes lie past `keep` read as zero again */
      r->dirty_end = keep > r->base_off ? (keep - r->base_off + p->obj_size - 1) / p->obj_size : 0;
      r->top = r->dirty_end; /* what destroy must count as written */
    }
  }
  set_end(p);
}

uint64_t pc_calloc(pc_pool *p, size_t n) {
  uint64_t before, i, end, clean;
  if (p->shared) return pc_rt_shared_calloc(p, n);
  before = p->next;
  i = pc_alloc(p, n);
  end = i + units(p, n);
  /* Memory at or above the bump pointer as it was before this call has never been handed
     out in this pool's life; it reads as zero unless a previous owner of the region left
     data there (dirty_end) or the OS layer does not zero fresh memory (then dirty_end is
     the whole region). Only what may be dirty is cleared, so a large calloc from fresh
     pages touches nothing. */
  clean = before > p->region->dirty_end ? before : p->region->dirty_end;
  if (i < clean)
    memset(p->base + i * p->obj_size, 0, (size_t)((end < clean ? end : clean) - i) * p->obj_size);
  return i;
}

uint64_t pc_realloc(pc_pool *p, uint64_t idx, size_t n) {
  uint64_t old, slots, j;
  if (p->shared) return pc_rt_shared_realloc(p, idx, n);
  if (idx == 0) return pc_alloc(p, n);
  check_index(p, idx, "pc_realloc");
  old = size_get(p, idx);
  if (old == 0) old = p->unit;
  slots = units(p, n);
  if (slots == old) return idx;

  if (slots < old) { /* shrink in place; the tail becomes free */
    uint64_t tail = idx + slots, rest = old - slots;
    if (slots == p->unit) size_del(p, idx);
    else size_put(p, idx, slots);
    if (tail + rest == p->next) {
      /* last block: hand the tail back to the bump pointer; it is no longer fresh */
      if (p->next > p->region->dirty_end) p->region->dirty_end = p->next;
      if (p->next > p->region->top) p->region->top = p->next;
      p->next = tail;
    } else {
      put_free(p, tail, rest);
    }
    p->live -= rest;
    return idx;
  }

  if (idx + old == p->next) { /* the last block grows in place */
    uint64_t more = slots - old;
    if (p->end - p->next < more) grow(p, p->next, more);
    p->next += more;
    size_put(p, idx, slots);
    p->live += more;
    if (p->live > p->peak) p->peak = p->live;
    return idx;
  }

  /* move: the base does not move, so both blocks stay addressable */
  j = alloc_block(p, slots);
  memcpy(p->base + j * p->obj_size, p->base + idx * p->obj_size, (size_t)old * p->obj_size);
  if (old != p->unit) size_del(p, idx);
  p->live -= old;
  put_free(p, idx, old);
  return j;
}

/* ---- lifetime ---- */

void pc_pool_init(pc_pool *p, size_t obj_size, unsigned index_bits, const char *name) {
  pc_pool fresh = PC_POOL_INIT(obj_size, index_bits, name);
  *p = fresh;
}

void pc_pool_init_shared(pc_pool *p, size_t obj_size, unsigned index_bits, const char *name) {
  pc_pool fresh = PC_POOL_INIT_SHARED(obj_size, index_bits, name);
  *p = fresh;
}

void pc_pool_ready(pc_pool *p) {
  if (p->shared) pc_rt_shared_ready(p);
  else if (p->base == NULL) setup(p);
}

/* Give a region back: drop the pages of a large pool, then cache it or unmap it. */
static void region_recycle(pc_region *r, size_t used) {
  size_t keep = round_up(PC_KEEP_BYTES, pc_os_page_size());
  int release = 0;
  r->owner = NULL;
  r->site = NULL;
  if (used > r->dirty) r->dirty = used;
  if (used > r->touched) r->touched = used;
  if (r->touched > keep && r->committed > keep) {
    pc_os_reset_result res = pc_os_reset(&r->mem, keep, r->committed - keep);
    if (res == PC_OS_KEPT) {
      release = 1; /* nothing given back (malloc fallback): caching would pin the memory */
    } else {
      if (res == PC_OS_DECOMMITTED) r->committed = keep;
      if (r->dirty > keep) r->dirty = keep; /* the rest reads as zero from now on */
      r->touched = keep;
    }
  }
  pc_rt_lock();
  if (!release && ncache < PC_CACHE_MAX) {
    list_push(&cache, r);
    ncache++;
  } else {
    release = 1;
  }
  pc_rt_unlock();
  if (release) pc_os_release(&r->mem);
}

void pc_pool_destroy(pc_pool *p) {
  pc_region *r = p->region;
  if (p->shared) {
    pc_rt_shared_destroy(p);
    return;
  }
  if (r != NULL) {
    /* bytes of the region this pool may have written: up to its highest bump pointer */
    uint64_t top = p->next > r->top ? p->next : r->top;
    size_t used = r->base_off + (size_t)top * p->obj_size;
    if (used > r->committed) used = r->committed;
    free(p->sizes);
    pc_rt_lock();
    pc_rt_site_retire(r->site, p->peak);
    list_unlink(&pc_rt_in_use, r);
    pc_rt_unlock();
    region_recycle(r, used);
  }
  p->base = NULL;
  p->free1 = p->next = p->end = p->live = p->peak = p->nmulti = 0;
  p->sizes = NULL;
  p->region = NULL;
}
