//===- SizeParameter.cpp - allocation sizes a function passes on -------------===//
#include "ptrcomp/analysis/SizeParameter.h"

#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"

using namespace clang;
namespace ptrcomp::dsa {

/// How many times \p S names \p PV.
static unsigned usesOf(const ParmVarDecl *PV, const Stmt *S) {
  if (!S)
    return 0;
  const auto *DRE = dyn_cast<DeclRefExpr>(S);
  unsigned N = DRE && DRE->getDecl() == PV;
  for (const Stmt *C : codeChildren(S))
    N += usesOf(PV, C);
  return N;
}

static const ParmVarDecl *parameterNamed(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
}

static bool isPositiveLiteral(const Expr *E) {
  const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return IL && IL->getValue().getBoolValue();
}

static bool isZeroLiteral(const Expr *E) {
  const auto *IL = dyn_cast<IntegerLiteral>(E->IgnoreParenImpCasts());
  return IL && !IL->getValue().getBoolValue();
}

/// `n ? n : 1`, `n != 0 ? n : 1` or `n == 0 ? 1 : n`: the parameter n.
static const ParmVarDecl *zeroGuarded(const Expr *Arg) {
  const auto *CO = dyn_cast<ConditionalOperator>(Arg->IgnoreParenImpCasts());
  if (!CO)
    return nullptr;
  const Expr *Cond = CO->getCond()->IgnoreParenImpCasts();
  const Expr *WhenSet = CO->getTrueExpr(), *WhenZero = CO->getFalseExpr();
  const ParmVarDecl *Tested = parameterNamed(Cond);
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond);
      BO && (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE)) {
    const Expr *Other = nullptr;
    if (isZeroLiteral(BO->getRHS())) {
      Tested = parameterNamed(BO->getLHS());
      Other = BO->getRHS();
    } else if (isZeroLiteral(BO->getLHS())) {
      Tested = parameterNamed(BO->getRHS());
      Other = BO->getLHS();
    }
    if (!Other)
      return nullptr;
    if (BO->getOpcode() == BO_EQ)
      std::swap(WhenSet, WhenZero);
  }
  if (!Tested || parameterNamed(WhenSet) != Tested || !isPositiveLiteral(WhenZero))
    return nullptr;
  return Tested;
}

const ParmVarDecl *passedSizeParameter(const FunctionDecl *FD, const Expr *Arg) {
  if (!FD || !Arg)
    return nullptr;
  const ParmVarDecl *PV = parameterNamed(Arg);
  if (!PV)
    PV = zeroGuarded(Arg);
  if (!PV || PV->getDeclContext() != FD || !PV->getType()->isIntegerType() ||
      usesOf(PV, FD->getBody()) != usesOf(PV, Arg))
    return nullptr;
  return PV;
}

} // namespace ptrcomp::dsa
