//===- AddressOf.cpp - addresses of and into pool objects -------------------===//
#include "AddressOf.h"

using namespace clang;
namespace ptrcomp::rules {

AddressOfDecision decideAddressOf(const VersionView &V, const UnaryOperator *E) {
  AddressOfDecision D;
  if (E->getOpcode() == UO_AddrOf)
    if (const dsa::Pool::Variable *Var = V.pooledVariable(E->getSubExpr(), &D.Pool)) {
      if (Var->Array) {
        D.K = AddressOfDecision::Vetoed;
        D.Veto = "the address of the whole array '" + Var->Name + "' (" + Var->Loc +
                 "), which would live in a pool, is taken";
      } else {
        D.K = AddressOfDecision::OfPooledVariable;
        D.Operand = E->getSubExpr()->IgnoreParens();
      }
      return D;
    }
  VersionView::Rep R = V.rep(E);
  if (E->getOpcode() != UO_AddrOf || R.K != VersionView::Idx)
    return D;
  D.Pool = R.E;
  const Expr *Inner = E->getSubExpr()->IgnoreParens();
  if (const auto *U = dyn_cast<UnaryOperator>(Inner); U && U->getOpcode() == UO_Deref) {
    D.K = AddressOfDecision::OfDeref;
    D.Operand = U->getSubExpr();
  } else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Inner)) {
    D.K = AddressOfDecision::OfElement;
    D.Base = AS->getBase();
    D.Index = AS->getIdx();
  } else {
    D.K = AddressOfDecision::Vetoed;
    D.Veto = "the address of an object in a pool is taken in an unsupported way";
  }
  return D;
}

std::string interiorPointerVeto(const VersionView &V, const Expr *E,
                                dsa::NodeEncoding &Pool) {
  if (isNullConstant(E, V.context()))
    return "";
  VersionView::Rep R = V.rep(E);
  if (R.K != VersionView::Real)
    return "";
  Pool = R.E;
  return "a pointer into an object is used as a pointer to the object";
}

} // namespace ptrcomp::rules
