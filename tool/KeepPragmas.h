//===- KeepPragmas.h - opt-outs written in the source ---------------------===//
//
// The paper (section 3.5) lets programmers say that some pools must not be
// compressed. In the source:
//
//   #ifdef __PTRCOMP__                       /* defined while ptrcomp parses */
//   #pragma ptrcomp keep(struct list)        /* this struct type stays as it is
//   */ #pragma ptrcomp keep_function(build_tree) /* pools created in build_tree
//   too */ #endif
//
// The guard keeps gcc/clang -Wall (-Wunknown-pragmas) quiet in normal builds.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_KEEPPRAGMAS_H
#define PTRCOMP_KEEPPRAGMAS_H

#include "Output.h"

#include "ptrcomp/analysis/Plan.h"

#include <vector>

namespace ptrcomp {

/// Finds every `#pragma ptrcomp` in \p Files (user files of the program) and
/// appends one exclusion per pragma. Pragmas in blocks that are plainly
/// inactive (`#if 0`,
/// `#ifndef __PTRCOMP__`, the `#else` of `#ifdef __PTRCOMP__`) are ignored;
/// other conditions are not evaluated. A malformed pragma prints
/// "file:line:col: error: ..." and returns false.
bool findKeepPragmas(const std::vector<OutputFile> &Files,
                     std::vector<dsa::PlanOptions::Exclusion> &Out);

} // namespace ptrcomp

#endif
