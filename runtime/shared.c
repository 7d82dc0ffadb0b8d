/* shared.c: thread-safe pools (PC_POOL_INIT_SHARED).

   A shared pool's allocator state is an ordinary private pool, `inner`, used under the
   pool's own lock. On top of it, after the thread caches of tcmalloc and of glibc's
   tcache, every thread keeps for each shared pool it uses a LIFO list of free single
   objects (linked through a link as wide as the pool's indices, like the private free
   list):

   - pc_alloc of one object pops from the calling thread's list; an empty list is refilled
     with PC_TC_BATCH objects taken from `inner` under the lock (one lock per batch);
   - pc_free of one object pushes onto the calling thread's list, whichever thread
     allocated it; a list longer than PC_TC_MAX gives half of itself back to `inner`;
   - arrays (several objects), pc_calloc of several objects, pc_realloc, every call
     while statistics are exact (PTRCOMP_STATS), and every call on a pool of 16-bit
     indices go to `inner` under the lock. (Objects in other threads' lists cannot be
     taken back when `inner` is full: a 16-bit pool must hold all of its 65,535 objects.
     A 32-bit pool may fail up to PC_TC_MAX objects per thread short of its limit.)

   When memory cannot be had, the calls return 0 as the private ones do: a batch is cut
   short at the first object `inner` cannot give, and a pool whose region cannot be
   reserved stays unready (nothing published), to be tried again by the next call.

   Objects in thread lists are allocated as far as `inner` knows, so nothing is lost if a
   list is dropped: it is reclaimed with the pool. Lists are given back when their thread
   exits (a pthread key destructor) and when a thread needs the slot for another pool. A
   list names its pool by descriptor address and generation: a pool destroyed and created
   again at the same address has a new generation, and lists of a destroyed pool are
   dropped without touching it. Live pools are registered in a list, guarded by
   `registry_lock`, that a thread exiting checks before it returns objects.

   The public descriptor of a shared pool keeps the fast-path fields of PC_POOL_INIT_SHARED
   (all zero), so the inline pc_alloc/pc_free always call the slow paths, which come here;
   only `base` and `ts` are ever written, before the pool is shared (pc_pool_ready) or under
   the setup lock with release/acquire ordering. */
#include "internal.h"

#include <stdlib.h>
#include <string.h>

#if defined(__unix__) || defined(__APPLE__)
#include <pthread.h>
#include <sched.h>
#define PC_TC_EXIT_HOOK 1
#elif defined(_WIN32)
#define WIN32_LEAN_AND_MEAN
#include <windows.h>
#endif

/* ---- atomics, locks and thread-local storage ---- */

#if defined(__GNUC__) || defined(__clang__)
#define PC_LOAD_ACQ(p) __atomic_load_n((p), __ATOMIC_ACQUIRE)
#define PC_STORE_REL(p, v) __atomic_store_n((p), (v), __ATOMIC_RELEASE)
#define PC_LOAD_RLX(p) __atomic_load_n((p), __ATOMIC_RELAXED)
#define PC_STORE_RLX(p, v) __atomic_store_n((p), (v), __ATOMIC_RELAXED)
#define PC_XCHG_ACQ(p, v) __atomic_exchange_n((p), (v), __ATOMIC_ACQUIRE)
#define PC_THREAD __thread
#define PC_HAVE_ATOMICS 1
#elif defined(_MSC_VER)
/* x86/x64 MSVC (untested here): aligned pointer-sized loads and stores are atomic and
   ordered by the processor; the interlocked exchange is a full barrier. */
#define PC_LOAD_ACQ(p) (*(p))
#define PC_STORE_REL(p, v) (_ReadWriteBarrier(), *(p) = (v))
#define PC_LOAD_RLX(p) (*(p))
#define PC_STORE_RLX(p, v) (*(p) = (v))
#define PC_XCHG_ACQ(p, v) _InterlockedExchange((volatile long *)(p), (v))
#define PC_THREAD __declspec(thread)
#define PC_HAVE_ATOMICS 1
#endif

#ifndef PC_HAVE_ATOMICS
#error "ptrcomp runtime: shared pools need atomics and thread-local storage (GCC, Clang or MSVC)"
#endif

/* A test-and-test-and-set lock that yields the processor while it waits: critical sections
   are short (one batch), but threads may outnumber cores. */
typedef long pc_lock;

static void yield_cpu(void) {
#if defined(PC_TC_EXIT_HOOK)
  sched_yield();
#elif defined(_WIN32)
  SwitchToThread();
#endif
}

static void lock(pc_lock *l) {
  unsigned spins = 0;
  while (PC_XCHG_ACQ(l, 1L) != 0)
    while (PC_LOAD_RLX(l) != 0)
      if (++spins % 64 == 0) yield_cpu();
}

static void unlock(pc_lock *l) { PC_STORE_REL(l, 0L); }

/* ---- the shared state of a pool ---- */

#define PC_TC_BATCH 64  /* objects moved from the pool to a thread list at once */
#define PC_TC_MAX 128   /* a longer thread list gives half of itself back */
#define PC_TC_SLOTS 8   /* shared pools a thread keeps lists for at once */

struct pc_shared {
  pc_pool inner;        /* the allocator, used under `lock` */
  pc_lock lock;
  uint64_t gen;         /* unique per pool creation */
  int direct;           /* no thread lists: PTRCOMP_STATS (exact counts), 16-bit indices */
  uint64_t nmulti;      /* inner.nmulti, readable without the lock */
  struct pc_shared *next, *prev; /* registry of live shared pools */
};

static pc_lock setup_lock, registry_lock;
static struct pc_shared *registry;
static uint64_t next_gen = 1;

/* The shared state of a pool that is ready (its base published), or NULL. */
static struct pc_shared *state_of(pc_pool *p) {
  if (PC_LOAD_ACQ(&p->base) == NULL) return NULL;
  return PC_LOAD_RLX(&p->ts);
}

static int stats_exact(void) {
  const char *e = getenv("PTRCOMP_STATS");
  return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

#ifdef PC_TC_EXIT_HOOK
/* fork() copies only the calling thread: a lock another thread held at that moment would
   stay held in the child, whose next allocation would wait forever. As glibc's malloc
   does, every lock is taken before fork and let go after it, in both processes. */
static pthread_once_t fork_once = PTHREAD_ONCE_INIT;

static void fork_prepare(void) {
  struct pc_shared *s;
  lock(&setup_lock);
  lock(&registry_lock);
  for (s = registry; s != NULL; s = s->next) lock(&s->lock);
}

static void fork_done(void) {
  struct pc_shared *s;
  for (s = registry; s != NULL; s = s->next) unlock(&s->lock);
  unlock(&registry_lock);
  unlock(&setup_lock);
}

static void fork_hook(void) {
  if (pthread_atfork(fork_prepare, fork_done, fork_done) != 0)
    pc_rt_fatal("cannot register the fork handlers of shared pools");
}
#endif

int pc_rt_shared_ready(pc_pool *p) {
  struct pc_shared *s;
  char *base;
  if (PC_LOAD_ACQ(&p->base) != NULL) return 0;
#ifdef PC_TC_EXIT_HOOK
  pthread_once(&fork_once, fork_hook);
#endif
  lock(&setup_lock);
  if (PC_LOAD_RLX(&p->base) != NULL) {
    unlock(&setup_lock);
    return 0;
  }
  s = (struct pc_shared *)calloc(1, sizeof *s);
  if (s != NULL) {
    pc_pool_init(&s->inner, p->obj_size, p->index_bits, p->name);
    s->inner.statics = p->statics; /* the inner pool hands out all objects */
    s->inner.image = p->image;
    pc_pool_ready(&s->inner);
    if (s->inner.base == NULL) { /* the region cannot be reserved */
      free(s);
      s = NULL;
    }
  }
  if (s == NULL) {
    unlock(&setup_lock);
    return -1;
  }
  s->direct = stats_exact() || p->index_bits == 16;
  lock(&registry_lock);
  s->gen = next_gen++;
  s->prev = NULL;
  s->next = registry;
  if (registry) registry->prev = s;
  registry = s;
  unlock(&registry_lock);
  base = s->inner.base;
  PC_STORE_RLX(&p->ts, s);
  PC_STORE_REL(&p->base, base); /* publishes ts and the inner pool with it */
  unlock(&setup_lock);
  return 0;
}

/* The pool's state, set up if needed; NULL when its region cannot be reserved. */
static struct pc_shared *ready_state(pc_pool *p) {
  struct pc_shared *s = state_of(p);
  if (s == NULL && pc_rt_shared_ready(p) == 0) s = state_of(p);
  return s;
}

/* ---- thread lists ---- */

typedef struct pc_tc_slot {
  const pc_pool *pool; /* NULL: unused */
  struct pc_shared *s;
  uint64_t gen;
  uint64_t head;  /* first free object (index), linked through the objects */
  uint32_t count;
} pc_tc_slot;

static PC_THREAD pc_tc_slot tc[PC_TC_SLOTS];
static PC_THREAD unsigned tc_victim;

static uint64_t link_of(const struct pc_shared *s, uint64_t idx) {
  return pc_rt_link_get(&s->inner, s->inner.base + idx * s->inner.obj_size);
}

static void set_link(struct pc_shared *s, uint64_t idx, uint64_t v) {
  pc_rt_link_set(&s->inner, s->inner.base + idx * s->inner.obj_size, v);
}

/* Gives up to `n` objects of slot `t` back to its pool; lock held. */
static void give_back(pc_tc_slot *t, uint32_t n) {
  struct pc_shared *s = t->s;
  while (n-- > 0 && t->count > 0) {
    uint64_t i = t->head;
    t->head = link_of(s, i);
    t->count--;
    pc_free(&s->inner, i);
  }
}

/* Empties slot `t`: its objects go back to the pool if that pool is still alive. */
static void tc_release(pc_tc_slot *t) {
  struct pc_shared *s;
  if (t->pool == NULL) return;
  if (t->count > 0) {
    lock(&registry_lock);
    for (s = registry; s != NULL; s = s->next)
      if (s == t->s && s->gen == t->gen) {
        lock(&s->lock);
        give_back(t, t->count);
        unlock(&s->lock);
        break;
      }
    unlock(&registry_lock);
  }
  memset(t, 0, sizeof *t);
}

#ifdef PC_TC_EXIT_HOOK
static pthread_key_t tc_key;
static pthread_once_t tc_once = PTHREAD_ONCE_INIT;
static PC_THREAD int tc_hooked;

static void tc_thread_exit(void *unused) {
  unsigned k;
  (void)unused;
  for (k = 0; k < PC_TC_SLOTS; k++) tc_release(&tc[k]);
}

static void tc_make_key(void) {
  if (pthread_key_create(&tc_key, tc_thread_exit) != 0)
    pc_rt_fatal("cannot create the thread-exit hook of shared pools");
}

static void tc_hook_thread(void) {
  if (tc_hooked) return;
  tc_hooked = 1;
  pthread_once(&tc_once, tc_make_key);
  /* any non-NULL value: the destructor runs only for those */
  pthread_setspecific(tc_key, &tc_hooked);
}
#else
/* Without a thread-exit hook, the lists of exited threads stay allocated until their pool
   is destroyed. */
static void tc_hook_thread(void) {}
#endif

/* The calling thread's list for pool p (state s), made if needed. */
static pc_tc_slot *tc_slot(const pc_pool *p, struct pc_shared *s) {
  unsigned k, free_slot = PC_TC_SLOTS;
  pc_tc_slot *t;
  for (k = 0; k < PC_TC_SLOTS; k++) {
    t = &tc[k];
    if (t->pool == p) {
      if (t->s == s && t->gen == s->gen) return t;
      /* the pool was destroyed and created again here: its old objects are gone */
      memset(t, 0, sizeof *t);
    }
    if (t->pool == NULL && free_slot == PC_TC_SLOTS) free_slot = k;
  }
  if (free_slot == PC_TC_SLOTS) {
    free_slot = tc_victim++ % PC_TC_SLOTS;
    tc_release(&tc[free_slot]);
  }
  tc_hook_thread();
  t = &tc[free_slot];
  t->pool = p;
  t->s = s;
  t->gen = s->gen;
  t->head = 0;
  t->count = 0;
  return t;
}

/* ---- entry points (from pool.c) ---- */

/* Whether the private pool q can hand out one more single object without reaching its
   index width or the end of its reservation. */
static int room_for_one(const pc_pool *q) {
  const pc_region *r = q->region;
  uint64_t lim = r->idx_end < r->cap_end ? r->idx_end : r->cap_end;
  return q->free1 != 0 || q->next + q->unit <= lim;
}

static void sync_nmulti(struct pc_shared *s) { PC_STORE_RLX(&s->nmulti, s->inner.nmulti); }

uint64_t pc_rt_shared_alloc(pc_pool *p, size_t n) {
  struct pc_shared *s = ready_state(p);
  pc_tc_slot *t;
  uint64_t i;
  if (s == NULL) return pc_rt_nomem();
  if (n > p->unit || s->direct) {
    lock(&s->lock);
    i = pc_alloc(&s->inner, n);
    sync_nmulti(s);
    unlock(&s->lock);
    return i;
  }
  t = tc_slot(p, s);
  if (t->count == 0) {
    uint32_t k;
    lock(&s->lock);
    for (k = 0; k < PC_TC_BATCH; k++) {
      /* The caller asked for one object: the rest of the batch stops short of the pool's
         limits (16-bit pools never come here: they keep no thread lists). */
      if (k > 0 && !room_for_one(&s->inner)) break;
      i = pc_alloc(&s->inner, 1);
      if (i == 0) break; /* out of memory: a shorter batch */
      set_link(s, i, t->head);
      t->head = i;
    }
    unlock(&s->lock);
    if (k == 0) return 0; /* errno set by the inner pool */
    t->count = k;
  }
  i = t->head;
  t->head = link_of(s, i);
  t->count--;
  return i;
}

void pc_rt_shared_free(pc_pool *p, uint64_t idx) {
  struct pc_shared *s = state_of(p);
  pc_tc_slot *t;
  if (idx == 0) return;
  if (s == NULL) pc_rt_fatal("pc_free: index %llu was not allocated from pool \"%s\"",
                             (unsigned long long)idx, p->name ? p->name : "(unnamed)");
  /* While no array is alive in the pool, every object is a single one. An array the
     caller can name was counted before the caller could name it. */
  if (s->direct || PC_LOAD_RLX(&s->nmulti) != 0) {
    lock(&s->lock);
    pc_free(&s->inner, idx);
    sync_nmulti(s);
    unlock(&s->lock);
    return;
  }
  t = tc_slot(p, s);
  set_link(s, idx, t->head);
  t->head = idx;
  if (++t->count > PC_TC_MAX) {
    lock(&s->lock);
    give_back(t, PC_TC_MAX / 2);
    unlock(&s->lock);
  }
}

uint64_t pc_rt_shared_calloc(pc_pool *p, size_t n) {
  struct pc_shared *s;
  uint64_t i;
  if (n <= p->unit) {
    i = pc_rt_shared_alloc(p, n);
    if (i != 0) memset(p->base + i * p->obj_size, 0, (size_t)p->unit * p->obj_size);
    return i;
  }
  s = ready_state(p);
  if (s == NULL) return pc_rt_nomem();
  lock(&s->lock);
  i = pc_calloc(&s->inner, n);
  sync_nmulti(s);
  unlock(&s->lock);
  return i;
}

uint64_t pc_rt_shared_realloc(pc_pool *p, uint64_t idx, size_t n) {
  struct pc_shared *s = ready_state(p);
  uint64_t i;
  if (s == NULL) {
    if (idx != 0)
      pc_rt_fatal("pc_realloc: index %llu was not allocated from pool \"%s\"",
                  (unsigned long long)idx, p->name ? p->name : "(unnamed)");
    return pc_rt_nomem();
  }
  lock(&s->lock);
  i = pc_realloc(&s->inner, idx, n);
  sync_nmulti(s);
  unlock(&s->lock);
  return i;
}

void pc_rt_shared_destroy(pc_pool *p) {
  struct pc_shared *s = state_of(p);
  if (s != NULL) {
    unsigned k;
    /* this thread's list needs no registry lookup: drop it */
    for (k = 0; k < PC_TC_SLOTS; k++)
      if (tc[k].pool == p) memset(&tc[k], 0, sizeof tc[k]);
    lock(&registry_lock); /* waits for exiting threads giving objects back */
    if (s->prev) s->prev->next = s->next;
    else registry = s->next;
    if (s->next) s->next->prev = s->prev;
    unlock(&registry_lock);
    pc_pool_destroy(&s->inner);
    free(s);
  }
  {
    uint64_t statics = p->statics; /* made again at the next setup */
    const void *image = p->image;
    pc_pool_init_shared(p, p->obj_size, p->index_bits, p->name);
    p->statics = statics;
    p->image = image;
  }
}
