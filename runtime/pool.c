/* pool.c: pool logic and the slow paths of the allocation functions.

   Layout of a pool's region (reserved once, never moved):

     mem.start                          base = start + base_off
     | header (pc_region) | stagger |  0: null | 1 | 2 | ...              |  (reserved)  |
                                    ^ index 0 is the null object, never handed out

   Blocks are whole multiples of the pool's `unit` (one unit = one single block, see
   PC_RT_UNIT) and start on multiples of it. Free-list links stored in free blocks are as
   wide as the pool's indices (PC_RT_LINK: 2, 4 or 8 bytes), and a unit is large enough for
   one. Free single blocks form a LIFO list threaded through their first link (popped
   inline in pc_alloc). A block of more than one unit ("multi-unit": arrays, realloc'd
   vectors, byte allocations) has its size in a small hash table beside the pool, since
   pc_free is not told the size and a header in front of every object would undo the
   compression. Free multi-unit blocks keep {link, size}, each as wide as a link, in their
   first bytes (two units have room for two links) and sit on exact-size lists, or on one
   first-fit list when large. Free blocks are not coalesced: a pool lives as long as its
   data structure, and pc_pool_destroy gives everything back at once.

   Running out of memory (see ptrcomp_rt.h, "Fatal conditions"): a request larger than a
   reservation of the configured size could hold, a reservation or commit the system
   refuses, or growth past a reservation the system cut short, makes the allocation return
   0 with errno = ENOMEM and changes nothing. Only limits the original program could not
   have hit (the index width; a full reservation of the configured size) abort.

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
  char extra[160] = "";
  if (p->obj_size > 1 && p->unit > 1) /* 2- and 3-byte objects of a 32-bit pool */
    snprintf(extra, sizeof extra,
             " (%u index slots per object allocated singly, as a free object holds a %u-byte "
             "link: at most %llu such objects)",
             (unsigned)p->unit, PC_RT_LINK(p->index_bits), max / p->unit);
  if (p->index_bits == 16)
    pc_rt_fatal("pool \"%s\" is full: 16-bit indices address at most %llu %s%s; use 32-bit "
                "indices for it (--index-bits=32) or exclude this structure from pointer "
                "compression", pname(p), max, what, extra);
  pc_rt_fatal("pool \"%s\" is full: 32-bit indices address at most %llu %s%s; exclude this "
              "structure from pointer compression so that it keeps 64-bit pointers",
              pname(p), max, what, extra);
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

uint64_t pc_rt_nomem(void) {
#ifdef ENOMEM
  errno = ENOMEM; /* as malloc does (POSIX) */
#endif
  return 0;
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

/* A fresh region of `size` bytes, or smaller if the address space is short; NULL when the
   system refuses even the smallest (reservation or first commit). */
static pc_region *region_new(size_t size) {
  size_t gran = pc_os_granularity(), page = pc_os_page_size();
  size_t floor = size < PC_RESERVE_FLOOR ? size : PC_RESERVE_FLOOR, first;
  pc_os_mem m;
  pc_region *r;
  while (pc_os_reserve(size, &m) != 0) {
    if (size <= floor) return NULL;
    size = round_up(size / 2, gran);
    if (size < floor) size = floor;
  }
  first = round_up(PC_FIRST_COMMIT, page);
  if (first > m.size) first = m.size;
  if (first < PC_HDR_SIZE || pc_os_commit(&m, 0, first) != 0) {
    pc_os_release(&m);
    return NULL;
  }
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

static void region_recycle(pc_region *r, size_t used);

/* The largest request, in slots, that a reservation of the configured size `cfg` holds in
   any pool of this object size: what is left after the header, the largest stagger and the
   null object, in whole units. Larger requests fail like a malloc too large for memory. */
static uint64_t max_slots_of(size_t os, uint64_t unit, size_t cfg) {
  uint64_t objs;
  if (cfg <= PC_HDR_SIZE + PC_STAGGER_MAX) return 0;
  objs = (uint64_t)((cfg - PC_HDR_SIZE - PC_STAGGER_MAX) / os) / unit * unit;
  return objs > unit ? objs - unit : 0;
}

/* Slots of a block of n objects: at least one unit, a whole number of units; 0 when that is
   more than `max` (so n * obj_size overflowing size_t needs no separate check). */
static uint64_t slots_for(uint64_t unit, uint64_t max, size_t n) {
  uint64_t m = n ? (uint64_t)n : 1;
  if (m > max) return 0; /* max is a multiple of unit: rounding up stays within it */
  return (m + unit - 1) / unit * unit;
}

/* Slots of a block of n objects in a pool that is set up, or 0 when it cannot fit. */
static uint64_t units(const pc_pool *p, size_t n) {
  return slots_for(p->unit, p->region->max_slots, n);
}

static uint64_t alloc_block(pc_pool *p, uint64_t slots);

/* Objects 1..statics (PC_POOL_INIT_STATICS), handed out first in a new pool, zeroed (a
   region taken from the cache may hold old bytes) or copied from the pool's image. -1
   when memory cannot be had. */
static int make_statics(pc_pool *p) {
  uint64_t k;
  if (p->unit != 1)
    pc_rt_fatal("pool \"%s\": its objects of %llu bytes cannot hold global objects (they "
                "are smaller than an index)", pname(p), (unsigned long long)p->obj_size);
  for (k = 1; k <= p->statics; k++)
    if (alloc_block(p, 1) != k) return -1;
  if (p->image != NULL)
    memcpy(p->base + p->obj_size, p->image, (size_t)p->statics * p->obj_size);
  else
    memset(p->base + p->obj_size, 0, (size_t)p->statics * p->obj_size);
  return 0;
}

/* Reserves the pool's region for a first request of n objects. -1 (the pool left as
   initialised) when the request is larger than a configured reservation holds or the
   system refuses the memory; aborts when the request alone exceeds the index width. */
static int setup(pc_pool *p, size_t n) {
  size_t os = p->obj_size, want, cap;
  uint64_t idx_end, max, slots;
  unsigned long seq;
  pc_region *r;
  pc_site *site;
  if (os == 0) pc_rt_fatal("pool \"%s\" has object size 0", pname(p));
  if (p->index_bits != 16 && p->index_bits != 32 && p->index_bits != 64)
    pc_rt_fatal("pool \"%s\": index_bits must be 16, 32 or 64, not %u", pname(p),
                (unsigned)p->index_bits);
  p->unit = (uint32_t)PC_RT_UNIT(os, p->index_bits);
  idx_end = p->index_bits == 64 ? UINT64_MAX : (uint64_t)1 << p->index_bits;

  pc_rt_lock();
  /* The OS layer caches these on first call; making that first call here, under the lock,
     keeps the caching free of data races (every later caller has set up a pool). */
  (void)pc_os_page_size();
  (void)pc_os_granularity();
  (void)large_pages_wanted(); /* read once here, under the lock; grow() reads the flag */
  cap = reserve_size();
  /* Judge the first request before reserving anything for it. */
  max = max_slots_of(os, p->unit, cap);
  slots = slots_for(p->unit, max, n);
  if (slots == 0) {
    pc_rt_unlock();
    return -1;
  }
  if (slots > idx_end - p->unit) {
    pc_rt_unlock();
    index_full(p);
  }
  /* A narrow pool never needs more than its indices can address (1 MiB for a 16-bit pool of
     16-byte objects): reserving less leaves address space for the many-pools case. */
  want = cap;
  if (idx_end != UINT64_MAX && os <= (cap - PC_HDR_SIZE - PC_STAGGER_MAX) / idx_end)
    want = PC_HDR_SIZE + PC_STAGGER_MAX + (size_t)idx_end * os;
  want = round_up(want, pc_os_granularity());
  seq = stagger_seq++;
  r = cache_take(want);
  pc_rt_unlock();
  if (r == NULL) r = region_new(want);
  if (r == NULL) return -1;

  r->owner = p;
  r->base_off = PC_HDR_SIZE + (size_t)((seq * PC_STAGGER_STRIDE) % PC_STAGGER_SLOTS) * PC_LINE;
  r->cap_end = r->mem.size > r->base_off ? (r->mem.size - r->base_off) / os : 0;
  r->idx_end = idx_end;
  r->max_slots = max;
  r->cut = r->mem.size < want;
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
  site = pc_rt_site(p->name, os);
  if (site == NULL) { /* no memory for the statistics entry: as if never set up */
    pc_rt_unlock();
    p->base = NULL;
    p->next = p->end = 0;
    p->region = NULL;
    region_recycle(r, r->base_off);
    return -1;
  }
  r->site = site;
  list_push(&pc_rt_in_use, r);
  pc_rt_unlock();
  if (p->statics != 0 && make_statics(p) != 0) {
    pc_pool_destroy(p); /* as if never set up: the next use tries again */
    return -1;
  }
  return 0;
}

/* Make [i, i+u) usable; i is p->next. Commits more of the region: 0, or -1 (nothing
   changed) when the system refuses the memory or gave the pool a reservation smaller than
   the configured size and the pool outgrows it. Aborts at the index width, and when the
   pool outgrows a reservation of the configured size. */
static int grow(pc_pool *p, uint64_t i, uint64_t u) {
  pc_region *r = p->region;
  size_t need;
  if (i > r->idx_end || u > r->idx_end - i) index_full(p);
  /* i > cap_end: objects so large that not even the first one fits */
  if (i > r->cap_end || u > r->cap_end - i) {
    if (r->cut) return -1;
    reservation_full(p);
  }
  need = r->base_off + (size_t)(i + u) * p->obj_size;
  if (need > r->committed) {
    size_t page = pc_os_page_size();
    size_t step = r->committed < PC_MAX_COMMIT_STEP ? r->committed : PC_MAX_COMMIT_STEP;
    size_t target = r->committed + step;
    if (target < need) target = need;
    target = round_up(target, page);
    if (target > r->mem.size) target = r->mem.size;
    if (pc_os_commit(&r->mem, r->committed, target - r->committed) != 0) {
      /* The step ahead is refused: commit only what this request needs, if that is less. */
      size_t just = round_up(need, page);
      if (just > r->mem.size) just = r->mem.size;
      if (just >= target || pc_os_commit(&r->mem, r->committed, just - r->committed) != 0)
        return -1;
      target = just;
    }
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
  return 0;
}

/* A block of several objects must end before the last index: the address one past its
   end, which a program may compute and compare (`p < heads + n`), is then an index too. */
static void check_block_end(const pc_pool *p, uint64_t i, uint64_t u) {
  if (u > p->unit && p->index_bits != 64 && i + u >= (uint64_t)1 << p->index_bits)
    index_full(p);
}

/* The first u slots at the bump pointer, or 0 when they cannot be had. */
static uint64_t bump(pc_pool *p, uint64_t u) {
  uint64_t i = p->next;
  check_block_end(p, i, u);
  if (p->end - i < u && grow(p, i, u) != 0) return 0;
  p->next = i + u;
  return i;
}

/* ---- fields stored inside free blocks, each as wide as a link (see the header) ---- */

static uint64_t get_word(const pc_pool *p, uint64_t idx, unsigned w) {
  return pc_rt_link_get(p, p->base + idx * p->obj_size + w * PC_RT_LINK(p->index_bits));
}

static void set_word(pc_pool *p, uint64_t idx, unsigned w, uint64_t v) {
  pc_rt_link_set(p, p->base + idx * p->obj_size + w * PC_RT_LINK(p->index_bits), v);
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

/* Room for one more entry (keeping the load at most 1/2): 0, or -1 when the system
   refuses the memory for a larger table (the old one is kept). Call it before size_put
   adds a block that is not in the table yet. */
static int size_room(pc_pool *p) {
  pc_region *r = p->region;
  uint64_t old_cap = r->sizes_cap, i, *old = p->sizes, *t, cap;
  if ((p->nmulti + 1) * 2 <= old_cap) return 0;
  cap = old_cap ? old_cap * 2 : 16;
  t = cap <= SIZE_MAX / (2 * sizeof *t) ? (uint64_t *)calloc((size_t)cap * 2, sizeof *t) : NULL;
  if (t == NULL) return -1;
  p->sizes = t;
  r->sizes_cap = cap;
  for (i = 0; i < old_cap; i++)
    if (old[2 * i] != 0) {
      size_t s = size_find(p, old[2 * i]);
      t[2 * s] = old[2 * i];
      t[2 * s + 1] = old[2 * i + 1];
    }
  free(old);
  return 0;
}

static void size_put(pc_pool *p, uint64_t idx, uint64_t slots) {
  size_t s = size_find(p, idx);
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

/* A block of `slots` slots, or 0 (nothing changed) when memory cannot be had. */
static uint64_t alloc_block(pc_pool *p, uint64_t slots) {
  uint64_t i;
  if (slots == p->unit) {
    i = p->free1;
    if (i != 0) p->free1 = get_word(p, i, 0);
    else if ((i = bump(p, slots)) == 0) return 0;
  } else {
    if (size_room(p) != 0) return 0;
    i = take_free_multi(p, slots);
    if (i == 0 && (i = bump(p, slots)) == 0) return 0;
    size_put(p, i, slots);
  }
  p->live += slots;
  if (p->live > p->peak) p->peak = p->live;
  return i;
}

uint64_t pc_rt_alloc_slow(pc_pool *p, size_t n) {
  uint64_t slots, i;
  if (p->shared) return pc_rt_shared_alloc(p, n);
  if (p->base == NULL && setup(p, n) != 0) return pc_rt_nomem();
  slots = units(p, n);
  i = slots ? alloc_block(p, slots) : 0;
  return i ? i : pc_rt_nomem();
}

/* NULL when the region cannot be reserved (the pool stays unused; see pc_base). */
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
  if (i == 0) return 0; /* errno set */
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

void pc_rt_local_nomem(const pc_pool *p, size_t n) {
  pc_rt_fatal("no memory for a local object of %llu bytes in pool \"%s\"",
              (unsigned long long)(n * p->obj_size), pname(p));
}

uint64_t pc_realloc(pc_pool *p, uint64_t idx, size_t n) {
  uint64_t old, slots, j;
  if (p->shared) return pc_rt_shared_realloc(p, idx, n);
  if (idx == 0) return pc_alloc(p, n);
  check_index(p, idx, "pc_realloc");
  old = size_get(p, idx);
  if (old == 0) old = p->unit;
  slots = units(p, n);
  if (slots == 0) return pc_rt_nomem(); /* more than a reservation holds: old block kept */
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
    if (old == p->unit && size_room(p) != 0) return pc_rt_nomem();
    check_block_end(p, idx, slots);
    if (p->end - p->next < more && grow(p, p->next, more) != 0) return pc_rt_nomem();
    p->next += more;
    size_put(p, idx, slots);
    p->live += more;
    if (p->live > p->peak) p->peak = p->live;
    return idx;
  }

  /* move: the base does not move, so both blocks stay addressable */
  j = alloc_block(p, slots);
  if (j == 0) return pc_rt_nomem(); /* the old block is kept */
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
  if (p->shared) (void)pc_rt_shared_ready(p);
  else if (p->base == NULL) (void)setup(p, 1);
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
