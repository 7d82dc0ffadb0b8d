//===- CodeChildren.h - the statements below a statement, OpenMP included -===//
//
// An OpenMP directive keeps the code it outlines in a CapturedStmt, whose children are
// only the captured variables: the region's statements hang off its CapturedDecl. Walks
// over a function's code (the analysis, the legality check, the rewriter) use
// codeChildren so that they all see the region's body as the function's own code.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_CODECHILDREN_H
#define PTRCOMP_ANALYSIS_CODECHILDREN_H

#include "clang/AST/Stmt.h"
#include "llvm/ADT/SmallVector.h"

namespace ptrcomp {

inline llvm::SmallVector<const clang::Stmt *, 4> codeChildren(const clang::Stmt *S) {
  llvm::SmallVector<const clang::Stmt *, 4> Out;
  if (const auto *CS = llvm::dyn_cast<clang::CapturedStmt>(S))
    Out.push_back(CS->getCapturedStmt());
  else
    for (const clang::Stmt *C : S->children())
      Out.push_back(C);
  return Out;
}

/// The first statement at or below \p S (in codeChildren order, depth first) for which
/// \p Pred holds, or null.
template <class Pred>
const clang::Stmt *firstInCode(const clang::Stmt *S, Pred P) {
  if (!S)
    return nullptr;
  if (P(S))
    return S;
  for (const clang::Stmt *C : codeChildren(S))
    if (const clang::Stmt *Found = firstInCode(C, P))
      return Found;
  return nullptr;
}

} // namespace ptrcomp

#endif
