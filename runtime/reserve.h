/* reserve.h: the OS layer of the pool runtime (runtime-private).

   A pool needs address space that never moves (so its base stays valid for the pool's
   life) but should cost memory only for what it uses. Three implementations:
     reserve_posix.c    mmap(PROT_NONE, MAP_NORESERVE), committed with mprotect
     reserve_windows.c  VirtualAlloc(MEM_RESERVE), committed with MEM_COMMIT
     reserve_malloc.c   one malloc of the whole reservation up front (other systems, or
                        -DPTRCOMP_RT_USE_MALLOC=1): still stable, but pages cannot be given
                        back without freeing the whole region.
   Each file compiles to nothing unless it is the selected one, so a build may compile all
   of them. */
#ifndef PTRCOMP_RT_RESERVE_H
#define PTRCOMP_RT_RESERVE_H

#include <stddef.h>

#ifndef PTRCOMP_RT_USE_MALLOC
#if defined(_WIN32) || defined(__unix__) || defined(__unix) || defined(__APPLE__)
#define PTRCOMP_RT_USE_MALLOC 0
#else
#define PTRCOMP_RT_USE_MALLOC 1
#endif
#endif

typedef struct pc_os_mem {
  char *start;      /* first byte, aligned to pc_os_granularity() */
  size_t size;      /* bytes reserved */
  void *handle;     /* what the implementation needs to release it */
} pc_os_mem;

/* How pc_os_reset left a range. */
typedef enum pc_os_reset_result {
  PC_OS_KEPT,        /* nothing given back; contents unchanged, still usable */
  PC_OS_ZEROED,      /* pages given back; still usable and reads as zero */
  PC_OS_DECOMMITTED  /* pages given back; must be committed again (then reads as zero) */
} pc_os_reset_result;

/* Name of the implementation, for messages. */
extern const char pc_os_name[];
/* Nonzero when freshly reserved-and-committed memory reads as zero. */
extern const int pc_os_fresh_is_zero;
/* Default reservation per pool in bytes (PTRCOMP_RESERVE_MB overrides). */
size_t pc_os_default_reserve(void);
/* Unit of pc_os_commit/pc_os_reset ranges (the page size). */
size_t pc_os_page_size(void);
/* Unit of reservation sizes and alignment of pc_os_mem.start. */
size_t pc_os_granularity(void);

/* Reserve `size` bytes (a multiple of the granularity) of address space, not yet usable.
   Returns 0 on success, -1 with the reason in pc_os_error() on failure. */
int pc_os_reserve(size_t size, pc_os_mem *m);
/* Make [start+off, start+off+size) readable and writable (page-aligned). 0 or -1. */
int pc_os_commit(pc_os_mem *m, size_t off, size_t size);
/* Give the physical pages of [start+off, start+off+size) back to the OS (page-aligned). */
pc_os_reset_result pc_os_reset(pc_os_mem *m, size_t off, size_t size);
/* Hint that the committed range [start+off, start+off+size) (page-aligned) should be
   backed by large pages where the OS has them (Linux transparent huge pages): fewer TLB
   misses when a big pool is walked. Only a hint; may do nothing. */
void pc_os_large_pages(pc_os_mem *m, size_t off, size_t size);
/* Give the whole reservation back. */
void pc_os_release(pc_os_mem *m);
/* The reason the last failing call failed, as text. */
const char *pc_os_error(void);

#endif
