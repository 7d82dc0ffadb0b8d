//===- Sizeof.cpp - what `sizeof` measures in the output ------------------===//
#include "Sizeof.h"

#include "TypesAndNames.h"
#include "../rewrite/GlobalVariable.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;
namespace ptrcomp::rules {

std::string SizeofScope::key() const {
  std::string K;
  for (auto &KV : Layout)
    K += "L" + std::to_string(KV.first) + ";";
  for (auto &KV : Pointer)
    K += "P" + std::to_string(KV.first) + ";";
  return K;
}

/// Whether \p T (or the element type of array \p T) is rescaled in \p S.
static bool inScope(const VersionView &V, QualType T, const SizeofScope &S) {
  ASTContext &Ctx = V.context();
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  if (T->isRecordType())
    return S.Layout.count(V.typeId(T.getUnqualifiedType()));
  if (T->isPointerType() && T->getPointeeType()->isRecordType())
    return S.Pointer.count(V.typeId(T->getPointeeType().getUnqualifiedType()));
  return false;
}

/// Whether the declaration of \p VD changes in the output (its type holds indices).
static bool declarationChanges(const VersionView &V, const VarDecl *VD) {
  if (VD->hasGlobalStorage()) {
    std::set<int> Pools;
    return !globalDeclarator(V.graphs(), V.plan(), VD, Pools).empty();
  }
  // (Not a pointer that stays one into a pool: pool allocation only keeps its type.)
  return V.repOfVar(VD).K == VersionView::Idx || !V.varDecl(VD).empty();
}

bool namesRetypedVariable(const VersionView &V, const Stmt *A) {
  bool Found = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        Found |= declarationChanges(V, VD);
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  Walk(A);
  return Found;
}

/// The original type of \p A as C can spell it, or "" (an unnamed struct, a
/// variably modified type).
static std::string originalType(const VersionView &V, const Expr *A) {
  QualType T = A->getType();
  if (T->isVariablyModifiedType())
    return "";
  std::string S = V.typeText(T);
  if (S.find("(unnamed") != std::string::npos || S.find("(anonymous") != std::string::npos)
    return "";
  return S;
}

/// Whether \p A holds a `__func__` that this version spells anew (a clone's).
static bool namesRenamedFunction(const VersionView &V, const Stmt *A) {
  if (const auto *PE = dyn_cast<PredefinedExpr>(A)) {
    std::string Why;
    return predefinedName(V, PE, Why).has_value() || !Why.empty();
  }
  for (const Stmt *C : A->children())
    if (C && namesRenamedFunction(V, C))
      return true;
  return false;
}

/// `_Alignof expr` / `__alignof__ expr` (GNU) keep the original's value everywhere: an
/// operand whose type changes is spelled as its original type, with the keyword the
/// program wrote (the two differ for some types on some targets).
static SizeofDecision decideAlignof(const VersionView &V, const UnaryExprOrTypeTraitExpr *E) {
  SizeofDecision D;
  if (E->isArgumentType())
    return D;
  const Expr *A = E->getArgumentExpr();
  VersionView::SizeofOperand SO = V.sizeofOperand(A);
  if (!(SO.NeedsNewType || (SO.NewType && !SO.NewType->empty()) ||
        namesRetypedVariable(V, A)))
    return D;
  const SourceManager &SM = V.context().getSourceManager();
  SmallVector<char, 16> Buf;
  bool Invalid = false;
  StringRef Keyword = Lexer::getSpelling(SM.getSpellingLoc(E->getBeginLoc()), Buf, SM,
                                         V.context().getLangOpts(), &Invalid);
  std::string T = originalType(V, A);
  if (Invalid || Keyword.empty() || T.empty()) {
    D.K = SizeofDecision::Veto;
    D.Why = "_Alignof of an expression ptrcomp cannot retype at " +
            dsa::locationString(V.context(), E->getBeginLoc());
    return D;
  }
  D.K = SizeofDecision::Respell;
  D.Text = Keyword.str() + "(" + T + ")";
  return D;
}

SizeofDecision decideSizeof(const VersionView &V, const UnaryExprOrTypeTraitExpr *E,
                            const SizeofScope &S) {
  SizeofDecision D;
  if (E->getKind() == UETT_AlignOf || E->getKind() == UETT_PreferredAlignOf)
    return decideAlignof(V, E);
  if (E->getKind() != UETT_SizeOf)
    return D;
  if (E->isArgumentType()) {
    // A type name measures its new representation only where the scope says so.
    QualType T = E->getArgumentType();
    if (T->isPointerType() && T->getPointeeType()->isRecordType()) {
      auto It = S.Pointer.find(V.typeId(T->getPointeeType().getUnqualifiedType()));
      if (It != S.Pointer.end()) {
        D.K = SizeofDecision::Respell;
        D.Text = "sizeof(" + It->second + ")";
      }
    } else if (T->isRecordType()) {
      auto It = S.Layout.find(V.typeId(T.getUnqualifiedType()));
      if (It != S.Layout.end()) {
        D.K = SizeofDecision::Respell;
        D.Text = "sizeof(" + It->second + ")";
      }
    }
    return D;
  }
  const Expr *A = E->getArgumentExpr();
  VersionView::SizeofOperand SO = V.sizeofOperand(A);
  // Written by a macro that also evaluates the argument (glibc's assert: `sizeof
  // ((expr) ? 1 : 0)`): its value cannot change, and its text is what the edits of the
  // evaluated copies make it.
  if (!V.rangeOf(E) && V.macroArgs().operandFollowsTwins(E))
    return D;
  auto Veto = [&] {
    D.K = SizeofDecision::Veto;
    D.Why = "sizeof of an expression ptrcomp cannot retype at " +
            dsa::locationString(V.context(), E->getBeginLoc());
    std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
      if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(X))
        if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
          if (VersionView::Rep R = V.repOfVar(VD); R.K == VersionView::Idx)
            D.Pools.push_back(R.E);
      if (X)
        for (const Stmt *C : codeChildren(X))
          Walk(C);
    };
    Walk(A);
    return D;
  };
  if (inScope(V, A->getType(), S)) {
    // Inside a rescaled size: the operand measures its new type. Its text does where
    // it still compiles (`sizeof *tbl`, `sizeof q` of retyped variables).
    if (!SO.NeedsNewType)
      return D;
    std::optional<std::string> New = SO.NewType;
    if (!New || New->empty())
      New = V.sizeofSameType(A, SO);
    if (!New)
      return Veto();
    D.K = SizeofDecision::Respell;
    D.Text = "sizeof(" + *New + ")";
    return D;
  }
  // Anywhere else the program sees the original value: an operand whose type may
  // change, or that no longer compiles as written, is spelled as its original type.
  bool Changes = SO.NeedsNewType || (SO.NewType && !SO.NewType->empty()) ||
                 namesRetypedVariable(V, A) || namesRenamedFunction(V, A);
  if (!Changes)
    return D;
  std::string T = originalType(V, A);
  if (T.empty())
    return Veto();
  D.K = SizeofDecision::Respell;
  D.Text = "sizeof(" + T + ")";
  return D;
}

} // namespace ptrcomp::rules
