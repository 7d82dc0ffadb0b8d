//===- Legality.h - what the plan asks that the rewriter cannot express ---===//
//
// The legality check runs between planning and rewriting: it decides, from the ASTs and
// the plan, every use of a planned structure that ptrcomp cannot write as C, and vetoes
// those structures with a located reason. The plan is made again without them until
// the check finds nothing; only then is text produced.
//
// The rewriter keeps its own checks as a safety net. When one of them fires, the check
// here missed a rule: in builds with assertions, or with PTRCOMP_DEBUG_LEGALITY=1 in the
// environment (the test suite sets it), it says so on stderr as
// "internal: legality missed: <reason>". A structure lost to the self-check (its
// rewritten code would not compile or link) is a rewriter bug of the same kind, said
// as "internal: self-check veto: <reason>" with the rewritten line.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_LEGALITY_LEGALITY_H
#define PTRCOMP_LEGALITY_LEGALITY_H

#include "../ParsedProgram.h"

#include "ptrcomp/analysis/Plan.h"

#include <string>

namespace clang {
class ASTUnit;
class RecordDecl;
} // namespace clang

namespace ptrcomp {

/// The structures of \p P that some use in unit \p Unit (its AST \p AST, attached to
/// \p PG) cannot express, with the first reason for each: per function of the unit, and
/// for its global variables. (Layouts are checked program-wide: checkLayouts in
/// ProgramFacts.h.) Merged over the units, functions first (in key order), then
/// globals (in unit order), the reasons are the first ones found.
struct UnitLegality {
  std::map<std::string, dsa::Vetoes> Functions;
  dsa::Vetoes Globals;
  bool empty() const { return Functions.empty() && Globals.empty(); }
};
UnitLegality checkUnitLegality(clang::ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                               const dsa::Plan &P);


/// Called by the rewriter's own vetoes (see above).
void legalityMissed(const std::string &Why);
/// Called by the self-check for each structure it vetoes, with the rewritten line where
/// the compiler (or the link) found the error (see above).
void selfCheckVetoed(const std::string &Why, llvm::StringRef RewrittenLine);

} // namespace ptrcomp

#endif
