//===- FieldStores.cpp - pointer fields of objects whose layout stays -------===//
#include "FieldStores.h"

using namespace clang;
namespace ptrcomp::rules {

std::string fieldStoreVeto(const VersionView &V, const MemberExpr *E,
                           dsa::NodeEncoding &Pool) {
  using K = VersionView;
  std::string Field = E->getMemberNameInfo().getAsString();
  // Whether the object is one of a pool (an index or a real pointer into a pool).
  bool PoolObject;
  if (E->isArrow()) {
    PoolObject = V.rep(E->getBase()).K != K::Plain;
  } else {
    const Expr *Inner = E->getBase()->IgnoreParenImpCasts();
    PoolObject = false;
    if (const auto *U = dyn_cast<UnaryOperator>(Inner); U && U->getOpcode() == UO_Deref)
      PoolObject = V.rep(U->getSubExpr()).K == K::Idx;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Inner))
      PoolObject = V.rep(AS->getBase()).K == K::Idx;
  }
  if (PoolObject && isPointer(E->getType()) && !E->getType()->isArrayType() &&
      V.rep(E).K == K::Idx && !V.fieldIndexEncoding(E)) {
    Pool = V.rep(E).E;
    return "stored in field '" + Field +
           "' of objects whose layout keeps a pointer there (the pool it points into is "
           "chosen by the callers)";
  }
  // An object reached through an index gets its layout; a header embedded in a pool
  // object is written with the layout of its container.
  if ((PoolObject && !(E->isArrow() && V.rep(E->getBase()).K == K::Real)) ||
      V.layoutOfMemberBase(E) >= 0)
    return "";
  const dsa::FunctionGraph &F = V.function();
  auto It = F.ExprCells.find(E);
  if (It == F.ExprCells.end() || V.storedDecl(E->getType(), It->second, "x").empty())
    return "";
  Pool = V.repOfCell(F.Graph->edgeIfAny(It->second), E->getType()).E;
  return "stored in field '" + Field + "' of an object that ptrcomp does not rewrite";
}

} // namespace ptrcomp::rules
