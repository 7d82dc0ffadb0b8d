//===- UnrewrittenReaders.cpp - indices must not reach code that reads pointers ===//
#include "UnrewrittenReaders.h"

using namespace clang;
namespace ptrcomp::rules {

RuleVetoes indirectCallVetoes(const VersionView &V, const CallExpr *E) {
  RuleVetoes Out;
  for (const Expr *A : E->arguments())
    if (VersionView::Rep R = V.rep(A); R.K == VersionView::Idx)
      Out.push_back({R.E, -1, E, "passed through a call via a function pointer"});
  if (VersionView::Rep R = V.rep(E); R.K == VersionView::Idx)
    Out.push_back({R.E, -1, E, "returned from a call via a function pointer"});
  return Out;
}

RuleVetoes vaArgVetoes(const VersionView &V, const VAArgExpr *E) {
  RuleVetoes Out;
  if (dsa::NodeEncoding X = V.indexedFieldTarget(V.cellOf(E), E->getType()); X.isPooled())
    Out.push_back({X, -1, E, "a struct holding indices is read by va_arg"});
  return Out;
}

RuleVetoes pointerInitializerVetoes(const VersionView &V, const InitListExpr *E) {
  RuleVetoes Out;
  const InitListExpr *Semantic = E->isSemanticForm() ? E : E->getSemanticForm();
  if (!Semantic)
    return Out;
  for (const Expr *I : Semantic->inits())
    if (I && isPointer(I->getType()) && !isNullConstant(I, V.context()))
      if (VersionView::Rep R = V.rep(I); R.K == VersionView::Idx)
        Out.push_back({R.E, -1, I, "an index would be stored in an initializer of pointers"});
  return Out;
}

RuleVetoes compoundLiteralVetoes(const VersionView &V, const CompoundLiteralExpr *E) {
  RuleVetoes Out;
  if (VersionView::Rep R = V.rep(E); R.E.isPooled())
    Out.push_back({R.E, -1, E, "a compound literal points into a pool"});
  return Out;
}

} // namespace ptrcomp::rules
