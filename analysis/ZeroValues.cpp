//===- ZeroValues.cpp - initialisers that are all zeros ------------------===//
#include "ptrcomp/analysis/ZeroValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

using namespace clang;
namespace ptrcomp {

bool isNullConstant(const Expr *E, ASTContext &Ctx) {
  if (E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
    return true;
  Expr::EvalResult R;
  const Expr *Inner = E->IgnoreParenCasts();
  return Inner->getType()->isIntegerType() && Inner->EvaluateAsInt(R, Ctx) &&
         R.Val.getInt() == 0;
}

bool isZeroInitializer(const Expr *E, ASTContext &Ctx) {
  E = E->IgnoreParens();
  if (isa<ImplicitValueInitExpr>(E))
    return true;
  if (const auto *ILE = dyn_cast<InitListExpr>(E)) {
    for (const Expr *I : ILE->inits())
      if (I && !isZeroInitializer(I, Ctx))
        return false;
    return true;
  }
  return isNullConstant(E, Ctx);
}

} // namespace ptrcomp
