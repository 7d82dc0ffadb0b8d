/* ptrcomp_rt.h: the pool runtime that programs transformed by ptrcomp link against.

   Every linked heap data structure of the program lives in its own pool. A pool is one
   contiguous region of address space, reserved once and never moved, so an object is named
   by its index from the pool base instead of by a 64-bit pointer, and that index fits in 32
   (or 16) bits:

       object i  lives at  (char *)pc_base(p) + i * obj_size

   `obj_size` 1 gives byte indexing (pc_alloc(p, n) allocates n bytes); a larger size gives
   object indexing (pc_alloc(p, n) allocates n contiguous objects). Index 0 is the null
   object: it is never handed out, so `p == 0` keeps meaning "null pointer".

   Lifetime: `pc_pool P = PC_POOL_INIT(sizeof(struct T), 32, "name");` costs nothing; the
   region is reserved at the first allocation (or the first pc_base/pc_ptr). pc_pool_destroy
   frees every object and leaves the descriptor as freshly initialised, so it may be used
   again. A descriptor that holds objects must not be copied or go out of scope before it is
   destroyed (the runtime keeps its address for the statistics).

   Threads: a pool made with PC_POOL_INIT is private: one thread at a time (as the data
   structure it holds), with the fast paths below; different pools may be used by different
   threads at the same time. A pool made with PC_POOL_INIT_SHARED is thread-safe: any
   number of threads may allocate from it and free to it at once, also objects another
   thread allocated. Call pc_pool_ready on it before another thread can see it (ptrcomp
   does: where the pool is created, and first thing in main for global pools); its base is
   then fixed and reading it needs no synchronisation. (Without pc_pool_ready, the first
   allocation reserves the region under a lock and publishes the base atomically; the
   inline check of pc_base is then a formally racy read of a pointer that only ever goes
   from NULL to its final value.) Destroy a shared pool when no thread uses it any more.
   How (shared.c): each thread keeps a small cache of free single objects per shared pool,
   so allocating and freeing one object takes no lock; objects move between a thread's
   cache and the pool in batches under the pool's lock, which also serves arrays,
   pc_realloc and pc_calloc of several objects. A thread's cache goes back to its pools
   when the thread exits. Pools of 16-bit indices keep no caches (every object of their
   65,535 must be available to any thread). fork() in a threaded program is safe: the
   pools' locks are taken around it, as malloc's are.

   Environment:
     PTRCOMP_RESERVE_MB  address space reserved per pool, in MiB. Default 8192 (8 GiB): a
                         32-bit pool of 16-byte objects can grow to 512M objects, and some
                         16,000 non-empty pools fit in a 47-bit address space at once (a
                         recursive function may own one pool per call). Only touched pages
                         cost memory. A pool never reserves more than its indices can
                         address (a 16-bit pool of 16-byte objects: about 1 MiB). When the
                         address space runs short, reservations are retried at half the size
                         down to 16 MiB. With the malloc fallback the whole reservation is
                         allocated up front, so its default is 64 MiB.
     PTRCOMP_HUGEPAGES=1 back what a pool uses past its first 4 MiB with large pages where
                         the OS offers them (Linux transparent huge pages, enabled as
                         "madvise" or "always"): fewer TLB misses when a large structure is
                         walked, but dearer page faults and up to 2 MiB more resident
                         memory per large pool, so whether it pays depends on the program
                         and the machine. Off by default.
     PTRCOMP_STATS=1     print one line per pool to stderr at exit (see pc_stats_print).
                         Shared pools then bypass the thread caches so that their counts
                         are exact; without it, objects sitting in thread caches count as
                         live (at most 128 per thread and pool).

   Running out of memory behaves like malloc: pc_alloc, pc_calloc, pc_calloc2 and pc_realloc
   return 0 (the null index) and set errno to ENOMEM, changing nothing (the pool stays
   usable; pc_realloc keeps the old block as it was), when
     - the request is larger than a reservation of the configured size could ever hold:
       n objects of obj_size bytes against PTRCOMP_RESERVE_MB (or the default) less the
       region's header and stagger (under 5 KiB), also in a 16-bit pool, whose own
       reservation is narrower; n * obj_size overflowing size_t is such a request;
     - the system refuses memory: reserving a new pool's region (with the malloc fallback,
       allocating it), committing its first pages or more of them as it grows, memory for
       the runtime's own tables; also growing past a reservation the system cut short
       (where the address space is short, reservations are retried at half the size, down
       to 16 MiB).
   A pool whose region cannot be reserved stays unused: pc_base returns NULL (a base loaded
   then must be loaded again), pc_addr(p, 0) NULL, and there is no object to pass to
   pc_ptr; the next call tries again.

   Fatal conditions print one line starting with "ptrcomp: " to stderr and abort(): limits
   the original program, whose malloc has none of them, could not have hit, and misuse:
     - the index width: a 16- or 32-bit pool asked for more objects than its indices can
       name (65535 or 4294967295 index slots; a block of several objects ends before
       the last one, so that the index one past its end exists), in a request that
       would otherwise fit. An object allocated singly takes one slot, except in byte pools (indices count bytes,
       handed out in 16-byte granules: a 16-bit byte pool holds 65520 bytes) and 2- or
       3-byte objects in a 32-bit pool (2 slots each, as a free one holds a 4-byte link:
       at most 2147483647 of them);
     - a pool outgrowing a reservation of the configured size through requests each of
       which would fit it (the message names PTRCOMP_RESERVE_MB);
     - a bad index given to pc_free/pc_realloc, a bad PTRCOMP_RESERVE_MB, an object size of
       0 or an index width other than 16, 32 or 64.

   The allocation and free fast paths are inline below; everything else is in pool.c.
   Fields of pc_pool are private to the runtime: programs use the functions only. */
#ifndef PTRCOMP_RT_H
#define PTRCOMP_RT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>  /* FILE, for pc_stats_print */
#include <string.h> /* memcpy */

#ifdef __cplusplus
extern "C" {
#endif

/* MSVC's C mode before C11 spells it __inline; gcc and clang in C89/C90 mode
   (`-std=c89`, where `inline` is no keyword) __inline__. */
#if defined(_MSC_VER) && !defined(__cplusplus) && !defined(__clang__)
#define PC_RT_INLINE static __inline
#elif defined(__GNUC__) && !defined(__cplusplus) &&                                          \
    (!defined(__STDC_VERSION__) || __STDC_VERSION__ < 199901L)
#define PC_RT_INLINE static __inline__
#else
#define PC_RT_INLINE static inline
#endif

typedef uint16_t pc_idx16;
typedef uint32_t pc_idx32;
typedef uint64_t pc_idx64;

struct pc_region; /* runtime-private: the reservation and the pool's cold state */

typedef struct pc_pool pc_pool;
struct pc_pool {
  /* hot: used by the inline fast paths */
  char *base;       /* object i at base + i*obj_size; NULL until first use */
  uint64_t free1;   /* LIFO list of free single blocks (index of the head, 0 = empty) */
  uint64_t next;    /* bump pointer: first index never handed out */
  uint64_t end;     /* the fast path may bump up to here (committed, within limits) */
  uint64_t live;    /* object slots held by live blocks */
  uint64_t peak;    /* highest value of `live` */
  uint64_t nmulti;  /* live blocks of more than one unit; 0 means every block is single */
  size_t obj_size;  /* bytes per object (1 = byte indexing) */
  uint32_t unit;    /* object slots per single block, see PC_RT_UNIT */
  uint32_t index_bits;
  const char *name; /* for messages and statistics; a string literal */
  /* cold */
  uint64_t *sizes;  /* index -> slots of live multi-unit blocks (open hash, pool.c) */
  struct pc_region *region;
  /* Thread-safe pools: the fields above stay as initialised (so every inline fast path
     takes the slow path) except base; the allocator's state is in `ts` (shared.c). */
  struct pc_shared *ts;
  uint32_t shared;
  /* Objects 1..statics are the program's global objects that live in the pool (a global
     root or sentinel that heap objects link to): made, zeroed, when the pool is set up,
     before any index of the pool can be used, and never freed. */
  uint64_t statics;
  /* Their initial bytes, objects 1..statics in order (NULL: zeroed). */
  const void *image;
};

/* Width in bytes of a free-list link: as wide as the pool's indices. */
#define PC_RT_LINK(index_bits) ((index_bits) == 16 ? 2u : (index_bits) == 32 ? 4u : 8u)
/* Object slots per single block. A free block stores its free-list link inside itself, as
   wide as the pool's indices, so an object that can hold one (2 bytes or more in a 16-bit
   pool, 4 in a 32-bit one, 8 with 64-bit indices) is one slot, and smaller objects are
   handed out in groups that can (2- and 3-byte objects take 2 slots in a 32-bit pool).
   Byte-indexed pools (obj_size 1) hand out 16-byte granules so every block is aligned for
   any object (they hold whole structs of other types). */
#define PC_RT_UNIT(obj_size, index_bits)                                                     \
  ((obj_size) == 1 ? 16u                                                                     \
   : (obj_size) == 0 || (obj_size) >= PC_RT_LINK(index_bits)                                 \
       ? 1u                                                                                  \
       : (PC_RT_LINK(index_bits) + (obj_size) - 1u) / (obj_size))

/* A constant initializer: usable for locals and for file-scope objects alike. */
#define PC_POOL_INIT(obj_size, index_bits, name)                                             \
  PC_POOL_INIT_STATICS(obj_size, index_bits, name, 0)
/* The same for a thread-safe pool (see "Threads" above). */
#define PC_POOL_INIT_SHARED(obj_size, index_bits, name)                                      \
  PC_POOL_INIT_SHARED_STATICS(obj_size, index_bits, name, 0)
/* A pool whose objects 1..n_statics are zeroed objects that the program uses as global
   variables: they exist from the pool's setup on (the first pc_base, pc_alloc or
   pc_pool_ready), and a program names them by their constant indices. pc_pool_destroy
   makes them anew, zeroed, at the next setup. Objects of pools with statics must be at
   least as large as the pool's indices (PC_RT_UNIT 1). */
#define PC_POOL_INIT_STATICS(obj_size, index_bits, name, n_statics)                          \
  PC_POOL_INIT_IMAGE(obj_size, index_bits, name, n_statics, NULL)
#define PC_POOL_INIT_SHARED_STATICS(obj_size, index_bits, name, n_statics)                   \
  PC_POOL_INIT_SHARED_IMAGE(obj_size, index_bits, name, n_statics, NULL)
/* The same, with objects 1..n_statics made as copies of image[0..n_statics-1] (an array of
   the pool's objects: the initialisers of the program's global objects), at every setup. */
#define PC_POOL_INIT_IMAGE(obj_size, index_bits, name, n_statics, image)                     \
  { NULL, 0, 0, 0, 0, 0, 0, (size_t)(obj_size),                                            \
    (uint32_t)PC_RT_UNIT(obj_size, index_bits), (uint32_t)(index_bits), (name), NULL, NULL,  \
    NULL, 0, (uint64_t)(n_statics), (image) }
#define PC_POOL_INIT_SHARED_IMAGE(obj_size, index_bits, name, n_statics, image)              \
  { NULL, 0, 0, 0, 0, 0, 0, (size_t)(obj_size),                                            \
    (uint32_t)PC_RT_UNIT(obj_size, index_bits), (uint32_t)(index_bits), (name), NULL, NULL,  \
    NULL, 1, (uint64_t)(n_statics), (image) }

/* index_bits: 16 or 32 limit the pool to 2^bits - 1 objects; 64 means no index limit (the
   reservation still applies). */
void pc_pool_init(pc_pool *p, size_t obj_size, unsigned index_bits, const char *name);
void pc_pool_init_shared(pc_pool *p, size_t obj_size, unsigned index_bits, const char *name);
/* Reserves the pool's region now (idempotent, thread-safe). For a shared pool, call it
   before another thread can see the pool: pc_base is then a plain read. When the system
   refuses the memory, the pool stays unused (pc_base NULL) and the next call tries again. */
void pc_pool_ready(pc_pool *p);
/* Frees every object (large pools give their pages back to the OS) and resets `p` to its
   initialised state. Destroying a pool that never allocated does nothing. */
void pc_pool_destroy(pc_pool *p);

/* Index of n contiguous objects (n bytes in a byte pool), or 0 with errno = ENOMEM when
   the memory cannot be had (see "Running out of memory" above). n == 0 is treated as 1,
   like a malloc(0) that returns a unique pointer. */
PC_RT_INLINE uint64_t pc_alloc(pc_pool *p, size_t n_objects);
/* Like pc_alloc, with the objects zeroed. */
uint64_t pc_calloc(pc_pool *p, size_t n_objects);
/* n zeroed objects for a local variable that ptrcomp moved into the pool (a sentinel or
   a search key that the program links to heap objects). The program had it on the
   stack, where it could not fail: no memory for it is fatal, as a stack overflow is. */
PC_RT_INLINE uint64_t pc_alloc_local(pc_pool *p, size_t n_objects);
/* pc_calloc of n * m objects, or 0 (null, errno = ENOMEM) when n * m overflows, as
   calloc(n, m) returns NULL: for allocation wrappers whose two size arguments are both
   passed through. */
PC_RT_INLINE uint64_t pc_calloc2(pc_pool *p, size_t n, size_t m);
/* Like realloc: contents kept up to the smaller size; idx 0 allocates; the last block of the
   pool grows in place, others may move. n == 0 keeps a minimal block (it does not free).
   0 (errno = ENOMEM) when the memory cannot be had: the block at idx is then unchanged. */
uint64_t pc_realloc(pc_pool *p, uint64_t idx, size_t n_objects);
/* Makes the block at idx reusable; pc_free(p, 0) does nothing. A freed single object is the
   next one pc_alloc(p, 1) hands out (LIFO). When the last live object of a pool that grew
   past 256 KiB is freed, the pool starts over from its first index and gives its pages
   beyond the first 256 KiB back to the OS (a structure freed node by node does not keep
   its memory until the pool is destroyed). */
PC_RT_INLINE void pc_free(pc_pool *p, uint64_t idx);
/* Pool base; stable from first use until pc_pool_destroy, so callers may load it once. On a
   pool that has not been used yet it reserves the region: `p` is const so that read-only
   code can ask for it, and the runtime writes through it then (pools are never const
   objects, so that is well-defined). NULL if that reservation fails (see above). */
PC_RT_INLINE void *pc_base(const pc_pool *p);
/* Real address of object idx. */
PC_RT_INLINE void *pc_ptr(const pc_pool *p, uint64_t idx);
/* Real address of object idx, or NULL for idx 0: what a pointer cast to an integer reads
   (a hash key, an address comparison), so that a null pointer still casts to 0. */
PC_RT_INLINE void *pc_addr(const pc_pool *p, uint64_t idx);
/* Index of the object at real address ptr (inverse of pc_ptr; NULL gives 0). Used by
   pool-allocation-only output, where pointers stay pointers but frees need indices. */
PC_RT_INLINE uint64_t pc_index_of(const pc_pool *p, const void *ptr);

/* Statistics. One line per named pool (all pools created with the same name string are one
   line) that ever held objects:
     ptrcomp: pool "NAME" obj_size=S peak_objects=N peak_bytes=B instances=K
   peak_objects is the most object slots one instance held at once (objects too small for a
   link as wide as their pool's indices, and byte pools, count the slots of whole blocks,
   see PC_RT_UNIT), peak_bytes =
   peak_objects * obj_size, instances the number of pools created under that name. */
void pc_stats_print(FILE *out);
/* Sum of the peak_bytes of every line pc_stats_print would print. */
uint64_t pc_stats_total_peak_bytes(void);

/* The object size of a pool whose objects' addresses the program turns into integers:
   a multiple of the alignment malloc gives every object (16 bytes on 64-bit targets), so
   that each object of the pool, whose base is 64-byte aligned, is aligned as malloc would
   align it. */
#define PC_MALLOC_ALIGNED(size) (((size) + 15u) / 16u * 16u)

/* __PRETTY_FUNCTION__ of the original function, in a copy ptrcomp made of it under
   another name: gcc gives the plain name, clang the signature, and the output says both. */
#if defined(__clang__)
#define PC_PRETTY_FUNCTION(plain, signature) signature
#else
#define PC_PRETTY_FUNCTION(plain, signature) plain
#endif

/* ---- implementation of the inline functions (runtime-private below) ---- */

#if defined(__GNUC__) || defined(__clang__)
#define PC_RT_LIKELY(x) __builtin_expect(!!(x), 1)
#define PC_RT_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define PC_RT_LIKELY(x) (x)
#define PC_RT_UNLIKELY(x) (x)
#endif

uint64_t pc_rt_alloc_slow(pc_pool *p, size_t n_objects);
void pc_rt_free_slow(pc_pool *p, uint64_t idx);
void *pc_rt_setup_base(const pc_pool *p);
void pc_rt_pool_empty(pc_pool *p);
uint64_t pc_rt_nomem(void); /* errno = ENOMEM; returns 0 */
void pc_rt_local_nomem(const pc_pool *p, size_t n_objects); /* fatal: see pc_alloc_local */

/* The free-list link stored in a free block at `at`, as wide as the pool's indices
   (memcpy: the link lives in memory the program uses as its own struct type). One
   predictable branch per call: a pool's index width never changes. */
PC_RT_INLINE uint64_t pc_rt_link_get(const pc_pool *p, const char *at) {
  if (PC_RT_LIKELY(p->index_bits == 32)) {
    uint32_t v;
    memcpy(&v, at, sizeof v);
    return v;
  }
  if (p->index_bits == 16) {
    uint16_t v;
    memcpy(&v, at, sizeof v);
    return v;
  } else {
    uint64_t v;
    memcpy(&v, at, sizeof v);
    return v;
  }
}

PC_RT_INLINE void pc_rt_link_set(const pc_pool *p, char *at, uint64_t link) {
  if (PC_RT_LIKELY(p->index_bits == 32)) {
    uint32_t v = (uint32_t)link;
    memcpy(at, &v, sizeof v);
  } else if (p->index_bits == 16) {
    uint16_t v = (uint16_t)link;
    memcpy(at, &v, sizeof v);
  } else {
    memcpy(at, &link, sizeof link);
  }
}

PC_RT_INLINE uint64_t pc_alloc(pc_pool *p, size_t n_objects) {
  if (PC_RT_LIKELY(n_objects <= p->unit)) { /* one single block */
    uint64_t i = p->free1;
    if (i != 0) {
      p->free1 = pc_rt_link_get(p, p->base + i * p->obj_size);
    } else {
      i = p->next;
      if (PC_RT_UNLIKELY(p->end - i < p->unit)) return pc_rt_alloc_slow(p, n_objects);
      p->next = i + p->unit;
    }
    p->live += p->unit;
    if (p->live > p->peak) p->peak = p->live;
    return i;
  }
  return pc_rt_alloc_slow(p, n_objects);
}

PC_RT_INLINE void pc_free(pc_pool *p, uint64_t idx) {
  if (idx == 0) return;
  /* With no multi-unit block alive, every block is a single one: no size lookup needed. */
  if (PC_RT_LIKELY(p->nmulti == 0 && idx < p->next)) {
    pc_rt_link_set(p, p->base + idx * p->obj_size, p->free1);
    p->free1 = idx;
    p->live -= p->unit;
    if (PC_RT_UNLIKELY(p->live == 0)) pc_rt_pool_empty(p);
    return;
  }
  pc_rt_free_slow(p, idx);
}

PC_RT_INLINE uint64_t pc_alloc_local(pc_pool *p, size_t n) {
  uint64_t i = pc_alloc(p, n);
  if (PC_RT_UNLIKELY(i == 0)) pc_rt_local_nomem(p, n);
  memset((char *)pc_base(p) + i * p->obj_size, 0, n * p->obj_size);
  return i;
}

PC_RT_INLINE uint64_t pc_calloc2(pc_pool *p, size_t n, size_t m) {
  if (m != 0 && n > SIZE_MAX / m) return pc_rt_nomem();
  return pc_calloc(p, n * m);
}

PC_RT_INLINE void *pc_base(const pc_pool *p) {
  if (PC_RT_LIKELY(p->base != NULL)) return p->base;
  return pc_rt_setup_base(p);
}

PC_RT_INLINE void *pc_ptr(const pc_pool *p, uint64_t idx) {
  return (char *)pc_base(p) + idx * p->obj_size;
}

PC_RT_INLINE void *pc_addr(const pc_pool *p, uint64_t idx) {
  return idx ? pc_ptr(p, idx) : NULL;
}

PC_RT_INLINE uint64_t pc_index_of(const pc_pool *p, const void *ptr) {
  if (!ptr)
    return 0;
  return (uint64_t)((const char *)ptr - (const char *)pc_base(p)) / p->obj_size;
}

/* __LINE__ in the body of a macro whose use spreads over several lines is the line of
   the macro's name for GCC and that of the closing parenthesis for Clang. A use that
   ptrcomp writes as its expansion gives each compiler the number it gave the original. */
#ifdef __clang__
#define PC_RT_LINE(gcc_line, clang_line) clang_line
#else
#define PC_RT_LINE(gcc_line, clang_line) gcc_line
#endif

#ifdef __cplusplus
}
#endif

#endif /* PTRCOMP_RT_H */
