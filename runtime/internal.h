/* internal.h: what pool.c and stats.c share (runtime-private). */
#ifndef PTRCOMP_RT_INTERNAL_H
#define PTRCOMP_RT_INTERNAL_H

#include "ptrcomp_rt.h"
#include "reserve.h"

#if defined(__GNUC__) || defined(__clang__)
#define PC_NORETURN __attribute__((noreturn))
#define PC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#elif defined(_MSC_VER)
#define PC_NORETURN __declspec(noreturn)
#define PC_PRINTF(f, a)
#else
#define PC_NORETURN
#define PC_PRINTF(f, a)
#endif

/* Free multi-unit blocks of exactly k units, 2 <= k <= PC_NCLASS, have a list each; larger
   ones share one list searched first-fit. */
#define PC_NCLASS 32

typedef struct pc_site pc_site;

/* The header at the start of every region: the reservation, the owning pool's cold state,
   and its links in the in-use list or the cache. Keeping it inside the region means
   creating a pool from a cached region needs no malloc at all. */
typedef struct pc_region {
  struct pc_region *next, *prev;
  pc_pool *owner;     /* the descriptor using the region; NULL while cached */
  pc_site *site;      /* statistics entry of the owner's name */
  pc_os_mem mem;
  size_t committed;   /* bytes from mem.start that are read-write */
  size_t dirty;       /* bytes from mem.start that may hold non-zero data */
  size_t touched;     /* bytes from mem.start that owners may have written (resident) */
  size_t base_off;    /* owner->base - mem.start: header plus stagger */
  uint64_t cap_end;   /* first index past the reservation */
  uint64_t idx_end;   /* first index the index width cannot express */
  uint64_t max_slots; /* largest block a reservation of the configured size holds */
  int cut;            /* the system reserved less than asked: outgrowing it is no abort */
  uint64_t dirty_end; /* indices below this may hold old data: calloc must clear them */
  uint64_t top;       /* highest bump pointer of the owner before it was last lowered */
  uint64_t sizes_cap; /* slots of owner->sizes (a power of two, or 0) */
  uint64_t large;     /* free blocks of more than PC_NCLASS units */
  uint64_t cls[PC_NCLASS + 1];
} pc_region;

/* The global lock: guards the region lists, the cache and the statistics registry. A pool
   itself is never locked (one pool belongs to one thread at a time). */
void pc_rt_lock(void);
void pc_rt_unlock(void);
/* Regions owned by live pools (guarded by the lock). */
extern pc_region *pc_rt_in_use;

/* Print "ptrcomp: <message>" as one line on stderr, then abort(). */
PC_NORETURN void pc_rt_fatal(const char *fmt, ...) PC_PRINTF(1, 2);

/* shared.c: the thread-safe pools (pc_pool.shared != 0). pool.c's entry points hand them
   over; the allocator state behind them is an ordinary private pool used under a lock. */
uint64_t pc_rt_shared_alloc(pc_pool *p, size_t n_objects);
void pc_rt_shared_free(pc_pool *p, uint64_t idx);
uint64_t pc_rt_shared_calloc(pc_pool *p, size_t n_objects);
uint64_t pc_rt_shared_realloc(pc_pool *p, uint64_t idx, size_t n_objects);
int pc_rt_shared_ready(pc_pool *p); /* 0, or -1 when no memory */
void pc_rt_shared_destroy(pc_pool *p);

/* stats.c, called with the lock held. pc_rt_site returns NULL when out of memory. */
pc_site *pc_rt_site(const char *name, size_t obj_size);
void pc_rt_site_retire(pc_site *s, uint64_t peak);

#endif
