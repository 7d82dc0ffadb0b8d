//===- PointerComparisons.cpp - comparisons and differences of node pointers ===//
#include "PointerComparisons.h"

using namespace clang;
namespace ptrcomp::rules {

PointerComparisonDecision decidePointerComparison(const VersionView &V,
                                                  const BinaryOperator *E) {
  PointerComparisonDecision D;
  const Expr *L = E->getLHS(), *R = E->getRHS();
  if (!isPointer(L->getType()) || !isPointer(R->getType()))
    return D;
  D.Difference = E->getOpcode() == BO_Sub;
  if (!D.Difference && !E->isEqualityOp() && !E->isRelationalOp())
    return D;
  VersionView::Rep LR = V.rep(L), RR = V.rep(R);
  D.LeftIndex = LR.K == VersionView::Idx;
  D.RightIndex = RR.K == VersionView::Idx;
  D.Applies = D.LeftIndex || D.RightIndex;
  if (!D.Applies)
    return D;
  D.Pool = D.LeftIndex ? LR.E : RR.E;
  if (D.Difference) {
    if (D.LeftIndex != D.RightIndex)
      D.Veto = "an index is subtracted from a pointer";
  } else if ((D.LeftIndex && RR.K == VersionView::Real) ||
             (LR.K == VersionView::Real && D.RightIndex)) {
    // (A null pointer constant is Plain: it becomes the null index.)
    D.Veto = "an index is compared with a pointer";
  }
  return D;
}

std::string indexDifference(const std::string &L, const std::string &R) {
  return "(ptrdiff_t)" + L + " - (ptrdiff_t)" + R;
}

} // namespace ptrcomp::rules
