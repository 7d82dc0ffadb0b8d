/* stats.c: per-pool statistics (PTRCOMP_STATS=1, pc_stats_print).

   Pool descriptors are often locals that die with their function, and a recursive function
   creates one pool per call, so statistics are kept per *name* (the tool names pools after
   the allocation site, e.g. "struct list (lists.c:29)"), not per descriptor: a destroyed
   pool folds its peak into its name's entry, and pools still alive are read through the
   in-use region list when printing. Names are string literals, so keeping the pointer is
   enough. Entries are keyed by the pointer; equal strings from different translation
   units are merged when printing. */
#include "internal.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct pc_site {
  const char *name;
  size_t obj_size;
  uint64_t peak;      /* highest peak of a destroyed instance */
  uint64_t instances; /* pools created under this name */
  uint64_t shown;     /* scratch for printing: peak including live instances */
  int done;           /* scratch for printing: merged into an earlier line */
  pc_site *next_all;  /* creation order, for stable output */
  pc_site *next_hash;
};

static pc_site *first_site, **last_site = &first_site;
static pc_site **table;
static size_t table_cap, nsites;
static int at_exit_checked;

static size_t site_hash(const char *name, size_t obj_size, size_t cap) {
  uint64_t k = (uint64_t)(uintptr_t)name ^ ((uint64_t)obj_size << 40);
  k ^= k >> 29;
  k *= 0xbf58476d1ce4e5b9ull;
  k ^= k >> 32;
  return (size_t)(k & (cap - 1));
}

static void print_at_exit(void) { pc_stats_print(stderr); }

static int stats_requested(void) {
  const char *e = getenv("PTRCOMP_STATS");
  return e != NULL && *e != '\0' && strcmp(e, "0") != 0;
}

/* Entry for pools named `name` with objects of `obj_size` bytes, counting one more
   instance; NULL (nothing counted) when out of memory. Lock held. */
pc_site *pc_rt_site(const char *name, size_t obj_size) {
  pc_site *s;
  if (table_cap != 0)
    for (s = table[site_hash(name, obj_size, table_cap)]; s != NULL; s = s->next_hash)
      if (s->name == name && s->obj_size == obj_size) {
        s->instances++;
        return s;
      }
  if (!at_exit_checked) {
    at_exit_checked = 1;
    if (stats_requested()) atexit(print_at_exit);
  }
  if ((nsites + 1) * 2 > table_cap) { /* rehash at load 1/2 */
    size_t cap = table_cap ? table_cap * 2 : 64, i;
    pc_site **t = (pc_site **)calloc(cap, sizeof *t);
    if (t == NULL) return NULL;
    for (i = 0; i < table_cap; i++)
      while (table[i] != NULL) {
        pc_site *m = table[i];
        size_t h = site_hash(m->name, m->obj_size, cap);
        table[i] = m->next_hash;
        m->next_hash = t[h];
        t[h] = m;
      }
    free(table);
    table = t;
    table_cap = cap;
  }
  s = (pc_site *)calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->name = name;
  s->obj_size = obj_size;
  s->instances = 1;
  s->next_hash = table[site_hash(name, obj_size, table_cap)];
  table[site_hash(name, obj_size, table_cap)] = s;
  *last_site = s;
  last_site = &s->next_all;
  nsites++;
  return s;
}

/* A pool of this entry is destroyed with peak `peak`. Lock held. */
void pc_rt_site_retire(pc_site *s, uint64_t peak) {
  if (peak > s->peak) s->peak = peak;
}

static int same_name(const char *a, const char *b) {
  return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Print (when out is not NULL) and sum the lines; lock held. */
static uint64_t collect(FILE *out) {
  pc_site *s, *t;
  pc_region *r;
  uint64_t total = 0;
  for (s = first_site; s != NULL; s = s->next_all) {
    s->shown = s->peak;
    s->done = 0;
  }
  for (r = pc_rt_in_use; r != NULL; r = r->next)
    if (r->owner->peak > r->site->shown) r->site->shown = r->owner->peak;
  for (s = first_site; s != NULL; s = s->next_all) {
    uint64_t peak = s->shown, instances = s->instances;
    if (s->done) continue;
    for (t = s->next_all; t != NULL; t = t->next_all)
      if (!t->done && t->obj_size == s->obj_size && same_name(t->name, s->name)) {
        t->done = 1;
        if (t->shown > peak) peak = t->shown;
        instances += t->instances;
      }
    if (peak == 0) continue; /* never held objects */
    total += peak * s->obj_size;
    if (out != NULL)
      fprintf(out,
              "ptrcomp: pool \"%s\" obj_size=%" PRIu64 " peak_objects=%" PRIu64
              " peak_bytes=%" PRIu64 " instances=%" PRIu64 "\n",
              s->name ? s->name : "(unnamed)", (uint64_t)s->obj_size, peak,
              peak * s->obj_size, instances);
  }
  return total;
}

void pc_stats_print(FILE *out) {
  pc_rt_lock();
  collect(out);
  pc_rt_unlock();
  fflush(out);
}

uint64_t pc_stats_total_peak_bytes(void) {
  uint64_t total;
  pc_rt_lock();
  total = collect(NULL);
  pc_rt_unlock();
  return total;
}
