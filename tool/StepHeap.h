//===- StepHeap.h - the heap of a one-file step process ---------*- C++ -*-===//
//
// A build runs --summarize and --apply once per source file: thousands of
// processes of 15-35 ms, a third of which went to the kernel, faulting in the
// heap's pages one at a time (4,500 faults for an --apply at 3,000 files).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_TOOL_STEPHEAP_H
#define PTRCOMP_TOOL_STEPHEAP_H

namespace ptrcomp {

/// Sets up the C library's heap for a short process with one working thread:
/// one arena (the worker allocates from the main heap), grown 32 MB at a time,
/// and backed by transparent huge pages where the system allows them (its
/// `madvise` mode). Call before the worker thread starts. Does nothing where
/// the C library is not glibc, or under a sanitizer (its own allocator).
void tuneHeapForOneFileStep();

} // namespace ptrcomp

#endif
