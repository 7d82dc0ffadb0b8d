//===- StepHeap.cpp - the heap of a one-file step process
//------------------===//
#include "StepHeap.h"

#include <cstdint>
#include <cstdlib> // (defines __GLIBC__ with glibc)

#if defined(__GLIBC__) && defined(__linux__)
#include <malloc.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) ||     \
    __has_feature(thread_sanitizer)
#define PTRCOMP_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PTRCOMP_SANITIZED 1
#endif

namespace ptrcomp {

void tuneHeapForOneFileStep() {
#if defined(__GLIBC__) && defined(__linux__) && defined(MADV_HUGEPAGE) &&      \
    !defined(PTRCOMP_SANITIZED)
  const size_t MB = size_t(1) << 20, HugePage = 2 * MB;
  // A thread's first allocation would make it an arena of its own, grown by
  // mprotect a few pages at a time.
  mallopt(M_ARENA_MAX, 1);
  // Grow the heap by 32 MB at a time and keep what was freed: an --apply
  // touches about 20 MB.
  mallopt(M_TOP_PAD, int(32 * MB));
  mallopt(M_TRIM_THRESHOLD, int(64 * MB));
  // Requests of a few MB from the heap too, not each its own mapping.
  mallopt(M_MMAP_THRESHOLD, int(4 * MB));
  // Grow the heap now, and ask for huge pages for what it holds from here on:
  // a fault then maps 2 MB instead of 4 KB.
  void *P = malloc(HugePage);
  if (!P)
    return;
  uintptr_t Begin = (reinterpret_cast<uintptr_t>(P) + HugePage - 1) &
                    ~uintptr_t(HugePage - 1);
  free(P);
  uintptr_t End =
      reinterpret_cast<uintptr_t>(sbrk(0)) & ~uintptr_t(HugePage - 1);
  if (End > Begin)
    madvise(reinterpret_cast<void *>(Begin), End - Begin, MADV_HUGEPAGE);
#endif
}

} // namespace ptrcomp
