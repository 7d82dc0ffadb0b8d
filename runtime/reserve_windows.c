/* reserve_windows.c: address-space reservation with VirtualAlloc.

   MEM_RESERVE takes address space only; MEM_COMMIT then charges the commit limit for the
   committed pages, but physical pages still arrive on first touch and read as zero. That
   is why the pool commits in growing steps instead of all at once. */
#include "reserve.h"

#if !PTRCOMP_RT_USE_MALLOC && defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <stdio.h>
#include <windows.h>

const char pc_os_name[] = "VirtualAlloc";
const int pc_os_fresh_is_zero = 1;
static DWORD last_error;

size_t pc_os_default_reserve(void) {
  /* Same reasoning as on POSIX: 8 GiB on 64-bit Windows (128 TiB of user address space
     since Windows 8.1), 64 MiB in a 32-bit process. */
  return sizeof(void *) >= 8 ? (size_t)8 << 30 : (size_t)64 << 20;
}

static void system_info(size_t *page, size_t *gran) {
  static size_t cached_page, cached_gran;
  if (cached_page == 0) {
    SYSTEM_INFO si;
    GetSystemInfo(&si);
    cached_gran = si.dwAllocationGranularity ? si.dwAllocationGranularity : 65536;
    cached_page = si.dwPageSize ? si.dwPageSize : 4096;
  }
  if (page) *page = cached_page;
  if (gran) *gran = cached_gran;
}

size_t pc_os_page_size(void) {
  size_t page;
  system_info(&page, NULL);
  return page;
}

/* Reservations start on 64 KiB boundaries, and sizes are kept multiples of that too so
   that no address space is lost between regions. */
size_t pc_os_granularity(void) {
  size_t gran;
  system_info(NULL, &gran);
  return gran;
}

int pc_os_reserve(size_t size, pc_os_mem *m) {
  void *p = VirtualAlloc(NULL, size, MEM_RESERVE, PAGE_NOACCESS);
  if (p == NULL) {
    last_error = GetLastError();
    return -1;
  }
  m->start = (char *)p;
  m->size = size;
  m->handle = NULL;
  return 0;
}

int pc_os_commit(pc_os_mem *m, size_t off, size_t size) {
  if (VirtualAlloc(m->start + off, size, MEM_COMMIT, PAGE_READWRITE) == NULL) {
    last_error = GetLastError();
    return -1;
  }
  return 0;
}

pc_os_reset_result pc_os_reset(pc_os_mem *m, size_t off, size_t size) {
  /* Decommit rather than MEM_RESET: it also returns the commit charge, and a later
     MEM_COMMIT hands out zero pages, which calloc relies on. */
  if (VirtualFree(m->start + off, size, MEM_DECOMMIT)) return PC_OS_DECOMMITTED;
  last_error = GetLastError();
  return PC_OS_KEPT;
}

void pc_os_large_pages(pc_os_mem *m, size_t off, size_t size) {
  (void)m; /* large pages need a privilege and MEM_LARGE_PAGES at reservation: not used */
  (void)off;
  (void)size;
}

void pc_os_release(pc_os_mem *m) {
  /* MEM_RELEASE requires size 0 and the address VirtualAlloc returned. */
  VirtualFree(m->start, 0, MEM_RELEASE);
}

const char *pc_os_error(void) {
  static char buf[48];
  snprintf(buf, sizeof buf, "Windows error %lu", (unsigned long)last_error);
  return buf;
}

#else
typedef int pc_rt_reserve_windows_unused; /* ISO C: a translation unit may not be empty */
#endif
