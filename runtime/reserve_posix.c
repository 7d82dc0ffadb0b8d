/* reserve_posix.c: address-space reservation with mmap (Linux, macOS, the BSDs).

   The reservation is PROT_NONE: it costs no memory and, unlike a read-write mapping, is not
   charged against the commit limit even under strict overcommit (vm.overcommit_memory=2).
   Committing is an mprotect to read-write; with MAP_NORESERVE the kernel then still hands
   out pages only when they are touched. */
#define _DEFAULT_SOURCE 1  /* MAP_ANONYMOUS, MAP_NORESERVE, madvise with -std=c99 (glibc) */
#define _DARWIN_C_SOURCE 1 /* the same on macOS */
#include "reserve.h"

#if !PTRCOMP_RT_USE_MALLOC && !defined(_WIN32)
#include <errno.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#if !defined(MAP_ANONYMOUS) && defined(MAP_ANON)
#define MAP_ANONYMOUS MAP_ANON
#endif
#ifndef MAP_NORESERVE
#define MAP_NORESERVE 0
#endif

const char pc_os_name[] = "mmap";
const int pc_os_fresh_is_zero = 1;
static int last_errno;

size_t pc_os_default_reserve(void) {
  /* 8 GiB: a 32-bit pool of 16-byte objects can hold 512M of them, and 16,000 non-empty
     pools fit in a 47-bit address space at once. Smaller on 32-bit systems. */
  return sizeof(void *) >= 8 ? (size_t)8 << 30 : (size_t)64 << 20;
}

size_t pc_os_page_size(void) {
  static size_t page;
  if (page == 0) {
    long s = sysconf(_SC_PAGESIZE);
    page = s > 0 ? (size_t)s : 4096;
  }
  return page;
}

size_t pc_os_granularity(void) { return pc_os_page_size(); }

int pc_os_reserve(size_t size, pc_os_mem *m) {
  void *p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    last_errno = errno;
    return -1;
  }
  m->start = (char *)p;
  m->size = size;
  m->handle = NULL;
  return 0;
}

int pc_os_commit(pc_os_mem *m, size_t off, size_t size) {
  if (mprotect(m->start + off, size, PROT_READ | PROT_WRITE) != 0) {
    last_errno = errno;
    return -1;
  }
  return 0;
}

pc_os_reset_result pc_os_reset(pc_os_mem *m, size_t off, size_t size) {
#if defined(__linux__) && defined(MADV_DONTNEED)
  /* On Linux, DONTNEED drops private anonymous pages at once (RSS falls now, unlike
     MADV_FREE) and they read as zero afterwards, which calloc relies on; the mapping stays
     read-write, so reusing the region needs no system call. */
  if (madvise(m->start + off, size, MADV_DONTNEED) == 0) return PC_OS_ZEROED;
#else
  /* Elsewhere DONTNEED may keep the contents; mapping fresh PROT_NONE pages over the range
     frees them everywhere and turns the range back into a plain reservation. */
  if (mmap(m->start + off, size, PROT_NONE,
           MAP_FIXED | MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0) != MAP_FAILED)
    return PC_OS_DECOMMITTED;
#endif
  last_errno = errno;
  return PC_OS_KEPT;
}

void pc_os_large_pages(pc_os_mem *m, size_t off, size_t size) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  /* Failure (a kernel without THP) just leaves ordinary pages. */
  (void)madvise(m->start + off, size, MADV_HUGEPAGE);
#else
  (void)m;
  (void)off;
  (void)size;
#endif
}

void pc_os_release(pc_os_mem *m) { munmap(m->start, m->size); }

const char *pc_os_error(void) { return strerror(last_errno); }

#else
typedef int pc_rt_reserve_posix_unused; /* ISO C: a translation unit may not be empty */
#endif
