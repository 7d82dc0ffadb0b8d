//===- Rewriter.h - turn a plan into edits of the program's source --------===//
#ifndef PTRCOMP_REWRITE_REWRITER_H
#define PTRCOMP_REWRITE_REWRITER_H

#include "../EditSet.h"
#include "../MacroReport.h"
#include "../ParsedProgram.h"
#include "../ProgramFacts.h"

#include "ptrcomp/analysis/Plan.h"

namespace ptrcomp {

/// Edits that carry out \p P in unit \p Unit, whose AST is \p AST (its functions attached
/// to \p PG): its functions and their clones, its global variables, the layouts of the
/// structs it defines, its global pools, prototypes and includes. What the units must
/// agree on comes from \p Facts. A use the rewriter cannot express safely (a macro body,
/// an unrecognised allocation size, ...) becomes a veto on the structures involved, in
/// \p Out; the caller then plans again without them and retries. Returns false when
/// there are vetoes (Edits is then incomplete).
/// \p InjectFault: testing only, see --inject-fault.
/// The part of the rewrite that found the vetoes: the rewrite of a program stops at the
/// first part that finds any, in this order, over all units.
enum class RewriteStage { Functions, Globals, Layouts, Conflict };
/// \p Macros receives the macro uses written as their expansions (for the report).
bool rewriteUnit(clang::ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                 const dsa::Plan &P, const ProgramFacts &Facts, EditSet &Edits,
                 dsa::Vetoes &Out, llvm::StringRef InjectFault = "",
                 RewriteStage *Stage = nullptr, MacroUses *Macros = nullptr);

} // namespace ptrcomp

#endif
