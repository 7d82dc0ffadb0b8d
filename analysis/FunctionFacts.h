//===- FunctionFacts.h - what later stages need of a function's AST -------===//
//
// The whole-program passes (call targets, allocation hooks, bottom-up, the
// plan) and the rewriting of other translation units never read a function's
// AST: the local graph records, beside the graph, the facts they need about the
// definition, its variables and its calls. That is what lets summaries of
// single units stand for the whole program.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_FUNCTIONFACTS_H
#define PTRCOMP_ANALYSIS_FUNCTIONFACTS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// The function pointer of a call as written: "dict_malloc_func",
/// "hooks.free_fn", "t->a->alloc", "current()->alloc"; "" when it is no such
/// plain path.
std::string calleeSpelling(const clang::Expr *E);

/// Fills the facts of call site \p CS of \p E, made in function \p FD (null for
/// a global's initializer).
void recordCallFacts(ProgramGraphs &PG, clang::ASTContext &Ctx,
                     const clang::CallExpr *E, const clang::FunctionDecl *FD,
                     CallSite &CS);

/// Fills the facts of \p FG's definition \p FD and of its variables (after its
/// local graph is built).
void recordFunctionFacts(ProgramGraphs &PG, clang::ASTContext &Ctx,
                         const clang::FunctionDecl *FD, FunctionGraph &FG);

} // namespace ptrcomp::dsa

#endif
