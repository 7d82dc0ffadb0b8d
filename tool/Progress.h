//===- Progress.h - "[n/N] step file" on a terminal -----------------------===//
//
// Runs over many files take a while; on a terminal, ptrcomp shows where it is
// as Ninja does: one line, rewritten in place, "[12/300] summarizing
// src/a/f012.c". Nothing when stderr is not a terminal (CI logs, pipes) or the
// run is short (the line appears after a second), and the line is cleared
// before anything else is printed and at the end.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_PROGRESS_H
#define PTRCOMP_PROGRESS_H

#include "llvm/ADT/StringRef.h"

#include <chrono>
#include <mutex>
#include <string>

namespace ptrcomp {

class Progress {
public:
  /// A step over \p Total files, called \p Verb ("summarizing").
  Progress(llvm::StringRef Verb, size_t Total);
  ~Progress() { done(); }
  /// File \p Name is being worked on (any thread).
  void start(llvm::StringRef Name);
  /// Clears the line.
  void done();

private:
  std::string Verb;
  size_t Total, Started = 0;
  bool Active, Shown = false;
  std::chrono::steady_clock::time_point Begin;
  std::mutex Lock;
};

} // namespace ptrcomp

#endif
