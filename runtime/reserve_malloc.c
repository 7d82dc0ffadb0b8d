/* reserve_malloc.c: the fallback OS layer, on plain malloc.

   Selected with -DPTRCOMP_RT_USE_MALLOC=1, or automatically on systems that are neither
   POSIX nor Windows. A pool's base must never move, so the whole reservation is allocated
   at once when the pool is first used; it cannot grow later. The default is therefore much
   smaller (64 MiB; PTRCOMP_RESERVE_MB overrides). On systems whose malloc hands large
   blocks out lazily (glibc, musl, macOS, via mmap) untouched parts cost no memory, but
   pages cannot be given back without freeing the whole block, so the pool layer frees the
   regions of large pools on destroy instead of caching them. */
#include "reserve.h"

#if PTRCOMP_RT_USE_MALLOC
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define PAGE ((size_t)4096) /* the alignment we give regions; not a real page */

const char pc_os_name[] = "malloc";
const int pc_os_fresh_is_zero = 0; /* malloc does not promise zeroed memory */
static int last_errno;

size_t pc_os_default_reserve(void) { return (size_t)64 << 20; }
size_t pc_os_page_size(void) { return PAGE; }
size_t pc_os_granularity(void) { return PAGE; }

int pc_os_reserve(size_t size, pc_os_mem *m) {
  /* Over-allocate by one "page" so the start can be aligned like an mmap'd region: pool
     bases are placed at cache-line offsets from it (staggering). */
  char *raw = size <= SIZE_MAX - PAGE ? (char *)malloc(size + PAGE) : NULL;
  if (raw == NULL) {
    last_errno = errno ? errno : ENOMEM;
    return -1;
  }
  m->handle = raw;
  m->start = raw + (PAGE - (size_t)((uintptr_t)raw % PAGE)) % PAGE;
  m->size = size;
  return 0;
}

int pc_os_commit(pc_os_mem *m, size_t off, size_t size) {
  (void)m, (void)off, (void)size; /* all of it is usable from the start */
  return 0;
}

pc_os_reset_result pc_os_reset(pc_os_mem *m, size_t off, size_t size) {
  (void)m, (void)off, (void)size;
  return PC_OS_KEPT;
}

void pc_os_large_pages(pc_os_mem *m, size_t off, size_t size) {
  (void)m; /* malloc'd memory: no say over its pages */
  (void)off;
  (void)size;
}

void pc_os_release(pc_os_mem *m) { free(m->handle); }

const char *pc_os_error(void) { return strerror(last_errno); }

#else
typedef int pc_rt_reserve_malloc_unused; /* ISO C: a translation unit may not be empty */
#endif
