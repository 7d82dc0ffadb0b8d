//===- Casts.cpp - explicit casts of node pointers --------------------------===//
#include "Casts.h"

using namespace clang;
namespace ptrcomp::rules {

CastDecision decideCast(const VersionView &V, const CStyleCastExpr *E) {
  CastDecision D;
  const Expr *Sub = E->getSubExpr();
  VersionView::Rep S = V.rep(Sub);
  if (!isPointer(E->getType())) {
    if (E->getCastKind() == CK_PointerToIntegral && S.K == VersionView::Idx) {
      D.K = CastDecision::Address;
      D.Pool = S.E;
    }
    return D;
  }
  VersionView::Rep R = V.rep(E);
  if (R.K == VersionView::Plain) {
    if (S.K == VersionView::Idx) {
      D.Veto = "an index is converted to an unrelated pointer type";
      D.VetoPool = S.E;
    }
    auto It = V.function().ExprCells.find(E);
    if (It != V.function().ExprCells.end())
      D.NewType = V.newPointerType(E->getType(), It->second);
    if (!D.NewType.empty())
      D.K = CastDecision::Retyped;
    return D;
  }
  if (isNullConstant(Sub, V.context())) {
    if (R.K == VersionView::Idx)
      D.K = CastDecision::NullIndex;
    return D;
  }
  if (S.K == VersionView::Idx && R.K == VersionView::Idx) {
    D.K = CastDecision::IndexCast;
    D.Pool = R.E;
  } else if (S.K == VersionView::Idx && R.K == VersionView::Real) {
    D.K = CastDecision::Address;
    D.Pool = S.E;
    // `(struct node **)h` on a holder whose first member holds an index: the address
    // of that index.
    auto It = V.function().ExprCells.find(E);
    if (It != V.function().ExprCells.end())
      D.NewType = V.newPointerType(E->getType(), It->second);
  } else if (R.K == VersionView::Idx) {
    D.K = CastDecision::Vetoed;
    D.Veto = "a pointer that is not a pool index is converted to " +
             E->getType().getAsString();
    D.VetoPool = R.E;
  }
  return D;
}

} // namespace ptrcomp::rules
