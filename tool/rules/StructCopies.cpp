//===- StructCopies.cpp - whole-struct assignments of pool objects --------===//
#include "StructCopies.h"

using namespace clang;
namespace ptrcomp::rules {

/// The representation of the pointer through which \p X names a whole object
/// (`*p`, `a[i]`), or Plain for any other object.
static VersionView::Rep poolObject(const VersionView &V, const Expr *X) {
  X = X->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_Deref)
    return V.rep(U->getSubExpr());
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X))
    return V.rep(AS->getBase());
  return {}; // a variable, or a struct member (whose type does not change)
}

std::optional<StructCopyProblem> structCopyProblem(const VersionView &V,
                                                   const BinaryOperator *E) {
  if (E->getOpcode() != BO_Assign || !E->getLHS()->getType()->isRecordType())
    return std::nullopt;
  VersionView::Rep A = poolObject(V, E->getLHS()), B = poolObject(V, E->getRHS());
  bool AP = A.K == VersionView::Idx, BP = B.K == VersionView::Idx;
  if (!(AP || BP) || (AP && BP && A.E.LayoutId == B.E.LayoutId))
    return std::nullopt;
  // A local, a global or a compound literal that has the pool objects' layout (a holder
  // whose pointer members are indices into the same pools) is copied as written.
  const Expr *Other = AP ? E->getRHS() : E->getLHS();
  int Layout = AP ? A.E.LayoutId : B.E.LayoutId;
  if (!(AP && BP) && Layout >= 0 &&
      V.layoutOfObjectAt(V.cellOf(Other->IgnoreParenImpCasts()),
                         Other->getType()) == Layout)
    return std::nullopt;
  return StructCopyProblem{"a struct is copied between a pool and other memory",
                           AP ? A.E : B.E};
}

} // namespace ptrcomp::rules
