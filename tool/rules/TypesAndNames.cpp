//===- TypesAndNames.cpp - what the program sees of names and static types ===//
#include "TypesAndNames.h"
#include "Sizeof.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;
namespace ptrcomp::rules {

std::optional<std::string> predefinedName(const VersionView &V, const PredefinedExpr *E,
                                          std::string &Why) {
  const FunctionDecl *FD = V.function().Decl;
  if (!FD || V.version().Name == FD->getName())
    return std::nullopt;
  const StringLiteral *Value = E->getFunctionName();
  StringRef Kind = PredefinedExpr::getIdentKindName(E->getIdentKind());
  std::string Plain = "\"" + FD->getName().str() + "\"";
  if (Kind == "__func__" || Kind == "__FUNCTION__")
    return Plain;
  if (Kind == "__PRETTY_FUNCTION__" && Value) {
    std::string Full;
    llvm::raw_string_ostream OS(Full);
    Value->outputString(OS);
    OS.flush();
    return "PC_PRETTY_FUNCTION(" + Plain + ", " + Full + ")";
  }
  Why = Kind.str() + " at " + dsa::locationString(V.context(), E->getBeginLoc()) +
        " would name the function's copy '" + V.version().Name + "'";
  return std::nullopt;
}

std::optional<std::string> builtinFunctionName(const VersionView &V, const SourceLocExpr *E) {
  const FunctionDecl *FD = V.function().Decl;
  if (!FD || V.version().Name == FD->getName() || E->getBuiltinStr() != "__builtin_FUNCTION")
    return std::nullopt;
  return "\"" + FD->getName().str() + "\"";
}

/// The type of a value of expression \p E after lvalue conversion, spelled so that it
/// can be written as an unevaluated value (`(struct node *)0`, `*(struct s *)0`), or "".
static std::string valueOfType(const VersionView &V, const Expr *E) {
  ASTContext &Ctx = V.context();
  QualType T = E->getType();
  if (T->isArrayType())
    T = Ctx.getArrayDecayedType(T);
  else if (T->isFunctionType())
    T = Ctx.getPointerType(T);
  T = T.getUnqualifiedType();
  if (T->isVariablyModifiedType())
    return "";
  std::string S = V.typeText(T);
  if (S.find("(unnamed") != std::string::npos || S.find("(anonymous") != std::string::npos)
    return "";
  if (T->isScalarType())
    return "(" + S + ")0";
  return "*(" + S + " *)0";
}

GenericDecision decideGeneric(const VersionView &V, const GenericSelectionExpr *E) {
  GenericDecision D;
  std::string At = " at " + dsa::locationString(V.context(), E->getBeginLoc());
  const Expr *Selected = E->isResultDependent() ? nullptr : E->getResultExpr();
  for (const Expr *A : E->getAssocExprs())
    if (A != Selected && namesRetypedVariable(V, A)) {
      D.Veto = "an association of _Generic that is not selected names a value whose "
               "type changes" + At;
      return D;
    }
  const Expr *C = E->getControllingExpr();
  if (!C || !namesRetypedVariable(V, C))
    return D;
  std::string T = valueOfType(V, C);
  if (T.empty()) {
    D.Veto = "_Generic selects by the type of a value whose type changes" + At;
    return D;
  }
  // A variable named only here would look unused once the expression is a type's
  // null: it stays named, unevaluated.
  std::vector<const VarDecl *> Named;
  internalVariables(C, Named);
  std::string Kept;
  for (const VarDecl *VD : Named)
    if (!VD->isFileVarDecl() &&
        timesNamed(VD, V.function().Decl->getBody()) == timesNamed(VD, C))
      Kept += "(void)sizeof(" + VD->getName().str() + "), ";
  D.Controlling = Kept.empty() ? T : "(" + Kept + T + ")";
  return D;
}

llvm::DenseSet<const void *> rewrittenTypeofs(const VersionView &V, const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VersionView &V;
    llvm::DenseSet<const void *> Out;
    explicit Finder(const VersionView &V) : V(V) {}
    bool VisitDeclStmt(DeclStmt *DS) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D))
          if (const TypeSourceInfo *TSI = VD->getTypeSourceInfo())
            if (auto TL = TSI->getTypeLoc().getUnqualifiedLoc().getAs<TypeOfExprTypeLoc>())
              if (!VD->isStaticLocal() && !V.varDecl(VD).empty())
                Out.insert(TL.getOpaqueData());
      return true;
    }
  } F(V);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return std::move(F.Out);
}

std::string typeofProblem(const VersionView &V, const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VersionView &V;
    std::string Why;
    llvm::DenseSet<const void *> Rewritten;
    explicit Finder(const VersionView &V, const Stmt *S)
        : V(V), Rewritten(rewrittenTypeofs(V, S)) {}
    bool VisitTypeOfExprTypeLoc(TypeOfExprTypeLoc TL) {
      if (Rewritten.count(TL.getOpaqueData()))
        return true;
      if (Why.empty() && namesRetypedVariable(V, TL.getUnderlyingExpr()))
        Why = "typeof inspects the type of a value whose type changes at " +
              dsa::locationString(V.context(), TL.getBeginLoc());
      // `typeof(&cmp) f = cmp;` where cmp's address becomes its clone's, of another type;
      // `typeof(mk(0))` where only mk's clones are left.
      if (const FunctionDecl *FD = clonedFunctionIn(TL.getUnderlyingExpr()); FD && Why.empty())
        Why = "typeof inspects the type of '" + FD->getName().str() +
              "', which the output has only as its clones, at " +
              dsa::locationString(V.context(), TL.getBeginLoc());
      return Why.empty();
    }
    const FunctionDecl *clonedFunctionIn(const Stmt *S) {
      if (!S)
        return nullptr;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
        if (const auto *FD = dyn_cast<FunctionDecl>(DRE->getDecl()))
          if (!dsa::fnPointerClone(V.plan(), FD).empty() || !dsa::keepsOriginal(V.plan(), FD))
            return FD;
      for (const Stmt *C : S->children())
        if (const FunctionDecl *FD = clonedFunctionIn(C))
          return FD;
      return nullptr;
    }
    bool VisitTypeTraitExpr(TypeTraitExpr *E) {
      for (const TypeSourceInfo *TSI : E->getArgs())
        if (TSI)
          TraverseTypeLoc(TSI->getTypeLoc());
      return Why.empty();
    }
  } F(V, S);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Why;
}

} // namespace ptrcomp::rules
