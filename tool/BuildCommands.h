//===- BuildCommands.h - a file the build compiles with several commands --===//
//
// A build may compile one source twice with different flags: a library built again
// for its tests with `-DALLOC_TESTING`, which `#define`s malloc to a failure-injecting
// allocator. ptrcomp parses and rewrites a file once, and the one rewritten text is
// compiled by every command. So a file whose compile commands differ in more than
// where their output goes is summarized under each: when the code the commands see
// differs (its summary, which holds every allocation, call and access of the file's
// code, differs), the structures that the file's code works with stay unchanged, with
// a reason naming two commands.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_BUILDCOMMANDS_H
#define PTRCOMP_BUILDCOMMANDS_H

#include "Options.h"

#include "ptrcomp/analysis/Summary.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <string>
#include <vector>

namespace ptrcomp {

/// A database of one command, for whatever file is asked for.
class OneCommand : public clang::tooling::CompilationDatabase {
public:
  explicit OneCommand(clang::tooling::CompileCommand C) : C(std::move(C)) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(llvm::StringRef) const override {
    return {C};
  }

private:
  clang::tooling::CompileCommand C;
};

/// Why \p Source cannot be rewritten once for all of \p Commands (the build's commands
/// for it; the first is the one it was summarized with, as \p Summary), or "".
std::string commandConflict(const ToolOptions &Opts,
                            const std::vector<clang::tooling::CompileCommand> &Commands,
                            const std::string &Source, dsa::UnitSummary &Summary);

} // namespace ptrcomp

#endif
