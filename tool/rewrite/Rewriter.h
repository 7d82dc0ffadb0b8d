//===- Rewriter.h - turn a plan into edits of the program's source --------===//
#ifndef PTRCOMP_REWRITE_REWRITER_H
#define PTRCOMP_REWRITE_REWRITER_H

#include "../EditSet.h"
#include "../ParsedProgram.h"

#include "ptrcomp/analysis/Plan.h"

namespace ptrcomp {

/// Edits that carry out \p P on the program. A use the rewriter cannot express safely
/// (a macro body, an unrecognised allocation size, ...) becomes a veto on the structures
/// involved, in \p Out; the caller then plans again without them and retries.
/// Returns false when there are vetoes (Edits is then incomplete).
/// \p InjectFault: testing only, see --inject-fault.
bool rewriteProgram(ParsedProgram &Program, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                    EditSet &Edits, dsa::Vetoes &Out, llvm::StringRef InjectFault = "");

} // namespace ptrcomp

#endif
