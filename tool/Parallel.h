//===- Parallel.h - the units of a run, a few at a time -------------------===//
//
// Units are summarized, and later checked and rewritten, on worker threads: at
// most Jobs at once, so at most Jobs ASTs are alive. Not llvm::ThreadPool: its
// threads have the default stack, and the AST walks recurse once per nested
// expression (valid C can nest tens of thousands deep), so the workers get the
// same large stack as the main pipeline (main.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_PARALLEL_H
#define PTRCOMP_PARALLEL_H

#include "ptrcomp/Compat.h"

#include "llvm/Support/Threading.h"
#include "llvm/Support/thread.h"

#include <atomic>
#include <vector>

namespace ptrcomp {

/// Stack of every thread that walks ASTs.
constexpr unsigned WorkerStackSize = 512u << 20;

/// The number of jobs to run at once when the user gives none: the cores.
inline unsigned defaultJobs() {
  unsigned N = llvm::hardware_concurrency().compute_thread_count();
  return N ? N : 1;
}

/// Calls \p Job(I) for every I < Count, on at most \p Jobs threads; returns
/// when all are done. Jobs write their own results (by index): no order is
/// promised.
template <typename Fn> void forEachIndex(unsigned Jobs, size_t Count, Fn Job) {
  if (Jobs <= 1 || Count <= 1) {
    for (size_t I = 0; I < Count; ++I)
      Job(I);
    return;
  }
  std::atomic<size_t> Next{0};
  auto Work = [&] {
    for (size_t I = Next++; I < Count; I = Next++)
      Job(I);
  };
  std::vector<llvm::thread> Threads;
  for (unsigned T = 0; T < Jobs && T < Count; ++T)
    Threads.emplace_back(compat::ThreadStackSize(WorkerStackSize), Work);
  for (llvm::thread &T : Threads)
    T.join();
}

} // namespace ptrcomp

#endif
