//===- StepMode.h - the single command's steps as commands of their own ---===//
//
//   ptrcomp --summarize FILE -o FILE.pcs [-- flags | -p DIR]     one per source
//   ptrcomp --link A.pcs B.pcs ... -o program.pcp [options]      once
//   ptrcomp --apply program.pcp FILE -o FILE.pcr [-- flags | -p DIR]   one per
//   source ptrcomp --finish program.pcp A.pcr B.pcr ... -o OUT [--report ...]
//   once
//
// A build system runs them as ordinary actions (cmake/PtrcompTransform.cmake
// generates them): summarize and apply per source, in parallel, summaries of
// unchanged files reused. No step holds more than one unit's AST; --link and
// --finish hold none. The output is the single command's: the same code runs
// (Pipeline.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_STEPMODE_H
#define PTRCOMP_STEPMODE_H

#include "Options.h"

namespace ptrcomp {

/// Runs the step Opts.Step; returns the process exit status.
int runStep(ToolOptions &Opts);

} // namespace ptrcomp

#endif
