//===- SlotPointers.cpp - pointers to the places that hold node pointers --===//
#include "SlotPointers.h"

#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;
namespace ptrcomp::dsa {

/// `T **` with T a struct or union (qualifiers at any level allowed).
static bool isSlotPointerType(QualType T) {
  const auto *P = T.getCanonicalType()->getAs<PointerType>();
  if (!P)
    return false;
  const auto *Q = P->getPointeeType().getCanonicalType()->getAs<PointerType>();
  return Q && Q->getPointeeType()->isRecordType();
}

void slotSources(const Expr *Source, llvm::SmallVectorImpl<const Expr *> &Out) {
  Source = Source->IgnoreParens();
  if (const auto *CO = dyn_cast<ConditionalOperator>(Source)) {
    slotSources(CO->getTrueExpr(), Out);
    slotSources(CO->getFalseExpr(), Out);
    return;
  }
  Out.push_back(Source);
}

namespace {
class Finder {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Adds \p VD when its type and storage allow it (once per variable).
  void addCandidate(const VarDecl *VD) {
    VD = VD->getCanonicalDecl();
    if (!Seen.insert(VD).second)
      return;
    // Other files may use a global that has linkage as they please.
    bool OnlyHere = VD->hasLocalStorage() ||
                    (VD->hasGlobalStorage() && !VD->isExternallyVisible() &&
                     !VD->hasExternalStorage());
    if (!OnlyHere || !isSlotPointerType(VD->getType()) ||
        VD->getType().isVolatileQualified())
      return;
    Candidates.insert(VD);
    Links.insert(VD);
  }
  bool isCandidate(const VarDecl *VD) const {
    return Candidates.count(VD->getCanonicalDecl());
  }
  /// Checks the initializer of global \p VD.
  void global(const VarDecl *VD) {
    addCandidate(VD);
    if (!VD->getInit())
      return;
    if (isCandidate(VD))
      sourceOf(VD, VD->getInit());
    walk(VD->getInit());
  }

  void walk(const Stmt *S) {
    if (!S)
      return;
    Parents.push_back(S);
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          addCandidate(VD);
          if (isCandidate(VD) && VD->getInit())
            sourceOf(VD, VD->getInit());
        }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && isCandidate(VD))
        use(VD->getCanonicalDecl(), DRE);
    // sizeof, _Alignof, typeof: names there are not evaluated.
    if (!isa<UnaryExprOrTypeTraitExpr>(S))
      for (const Stmt *C : codeChildren(S))
        walk(C);
    Parents.pop_back();
  }

  llvm::DenseSet<const VarDecl *> result() {
    // One ordinary pointer among variables assigned to each other makes them all so.
    llvm::DenseSet<const VarDecl *> Out;
    for (const VarDecl *VD : Candidates) {
      bool Ok = true;
      for (auto It = Links.findLeader(VD); It != Links.member_end() && Ok; ++It)
        Ok = !Dropped.count(*It);
      if (Ok)
        Out.insert(VD);
    }
    return Out;
  }

private:
  /// The nearest enclosing node that is not a parenthesis, above Parents[I].
  const Stmt *above(size_t &I) const {
    while (I > 0) {
      --I;
      if (!isa<ParenExpr>(Parents[I]))
        return Parents[I];
    }
    return nullptr;
  }

  /// \p Source flows into slot pointer \p VD.
  void sourceOf(const VarDecl *VD, const Expr *Source) {
    VD = VD->getCanonicalDecl();
    llvm::SmallVector<const Expr *, 2> Places;
    slotSources(Source, Places);
    if (isa<BinaryConditionalOperator>(Source->IgnoreParens())) {
      Dropped.insert(VD);
      return;
    }
    for (const Expr *P : Places) {
      if (P->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        continue;
      const Expr *Bare = P->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
        if (const auto *Other = dyn_cast<VarDecl>(DRE->getDecl());
            Other && isCandidate(Other) &&
            Ctx.hasSameUnqualifiedType(P->getType(), VD->getType())) {
          Links.unionSets(VD, Other->getCanonicalDecl());
          continue;
        }
      // `&place` where place holds exactly the pointers VD's targets hold.
      const auto *UO = dyn_cast<UnaryOperator>(Bare);
      if (UO && UO->getOpcode() == UO_AddrOf && Bare == P->IgnoreParens() &&
          Ctx.hasSameUnqualifiedType(
              UO->getSubExpr()->getType(),
              VD->getType()->getPointeeType().getUnqualifiedType()))
        continue;
      Dropped.insert(VD);
    }
  }

  /// Whether the value of the expression at Parents[I] is not used (an expression
  /// statement, the first operand of a comma, a for-loop's increment).
  bool valueUnused(size_t I) const {
    const Stmt *E = Parents[I];
    size_t J = I;
    const Stmt *P = above(J);
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P); BO && BO->getOpcode() == BO_Comma)
      return BO->getLHS()->IgnoreParens() == E || valueUnused(J);
    if (isa<Expr>(P))
      return false;
    if (const auto *CS = dyn_cast<CompoundStmt>(P)) {
      // The last statement of a statement expression is its value.
      size_t K = J;
      const Stmt *PP = above(K);
      return !(PP && isa<StmtExpr>(PP) && !CS->body_empty() && CS->body_back() == E);
    }
    if (const auto *FS = dyn_cast<ForStmt>(P))
      return FS->getInit() == E || FS->getInc() == E;
    if (const auto *IS = dyn_cast<IfStmt>(P))
      return IS->getCond() != E;
    if (const auto *WS = dyn_cast<WhileStmt>(P))
      return WS->getCond() != E;
    if (const auto *DS = dyn_cast<DoStmt>(P))
      return DS->getCond() != E;
    if (const auto *SS = dyn_cast<SwitchStmt>(P))
      return SS->getCond() != E;
    return isa<LabelStmt, CaseStmt, DefaultStmt, AttributedStmt>(P);
  }

  /// Whether the expression at Parents[I] is only tested (against null or for truth).
  bool onlyTested(size_t I) const {
    const Stmt *E = Parents[I];
    size_t J = I;
    const Stmt *P = above(J);
    if (!P)
      return false;
    if (const auto *BO = dyn_cast<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_LAnd || BO->getOpcode() == BO_LOr)
        return true;
      if (BO->getOpcode() == BO_EQ || BO->getOpcode() == BO_NE) {
        const Expr *Other = BO->getLHS()->IgnoreParens() == E ? BO->getRHS() : BO->getLHS();
        return Other->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
      }
      return false;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(P))
      return UO->getOpcode() == UO_LNot;
    if (const auto *CO = dyn_cast<ConditionalOperator>(P))
      return CO->getCond()->IgnoreParens() == E;
    if (const auto *IS = dyn_cast<IfStmt>(P))
      return IS->getCond() == E;
    if (const auto *WS = dyn_cast<WhileStmt>(P))
      return WS->getCond() == E;
    if (const auto *DS = dyn_cast<DoStmt>(P))
      return DS->getCond() == E;
    if (const auto *FS = dyn_cast<ForStmt>(P))
      return FS->getCond() == E;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
      return IC->getCastKind() == CK_PointerToBoolean && onlyTested(J);
    return false;
  }

  /// A use of slot-pointer candidate \p VD at the top of Parents.
  void use(const VarDecl *VD, const DeclRefExpr *DRE) {
    size_t I = Parents.size() - 1;
    const Stmt *P = above(I);
    // Assigned to: the new value must be a place of the same pointers.
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P)) {
      if (BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == DRE) {
        if (!valueUnused(I))
          Dropped.insert(VD);
        else
          sourceOf(VD, BO->getRHS());
        return;
      }
    }
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!Read || Read->getCastKind() != CK_LValueToRValue) {
      Dropped.insert(VD);
      return;
    }
    size_t J = I;
    const Stmt *U = above(J);
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(U);
        UO && UO->getOpcode() == UO_Deref) {
      // `*pp` is a place holding a node pointer: read, written, its node's members
      // reached; but `&*pp` would hand the slot's address on.
      size_t K = J;
      const auto *Outer = dyn_cast_or_null<UnaryOperator>(above(K));
      if (Outer && Outer->getOpcode() == UO_AddrOf)
        Dropped.insert(VD);
      return;
    }
    if (onlyTested(I))
      return;
    // Assigned to another slot pointer, or initializing one: checked there.
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(U);
        BO && BO->getOpcode() == BO_Assign && BO->getRHS()->IgnoreParens() == Read)
      if (const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
        if (const auto *Other = dyn_cast<VarDecl>(L->getDecl()); Other && isCandidate(Other))
          return;
    if (const auto *CO = dyn_cast_or_null<ConditionalOperator>(U);
        CO && CO->getCond()->IgnoreParens() != Read) {
      // An arm of a conditional that is itself a source of a slot pointer.
      size_t K = J;
      const Stmt *A = above(K);
      if (const auto *BO = dyn_cast_or_null<BinaryOperator>(A);
          BO && BO->getOpcode() == BO_Assign && BO->getRHS()->IgnoreParens() == CO)
        if (const auto *L = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens()))
          if (const auto *Other = dyn_cast<VarDecl>(L->getDecl());
              Other && isCandidate(Other))
            return;
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(A))
        for (const Decl *D : DS->decls())
          if (const auto *Other = dyn_cast<VarDecl>(D);
              Other && isCandidate(Other) && Other->getInit() &&
              Other->getInit()->IgnoreParens() == CO)
            return;
    }
    if (const auto *DS = dyn_cast_or_null<DeclStmt>(U))
      for (const Decl *D : DS->decls())
        if (const auto *Other = dyn_cast<VarDecl>(D);
            Other && isCandidate(Other) && Other->getInit() &&
            Other->getInit()->IgnoreParens() == Read)
          return;
    Dropped.insert(VD);
  }

  ASTContext &Ctx;
  llvm::SmallVector<const Stmt *, 32> Parents;
  llvm::DenseSet<const VarDecl *> Seen, Candidates, Dropped;
  llvm::EquivalenceClasses<const VarDecl *> Links;
};
} // namespace

llvm::DenseSet<const VarDecl *>
findSlotPointers(ASTContext &Ctx, llvm::ArrayRef<const FunctionDecl *> Functions,
                 llvm::ArrayRef<const VarDecl *> Globals) {
  Finder F(Ctx);
  // Every global first: a function may use one defined after it.
  for (const VarDecl *VD : Globals)
    F.addCandidate(VD);
  for (const VarDecl *VD : Globals)
    F.global(VD);
  for (const FunctionDecl *FD : Functions) {
    if (!FD->hasBody())
      continue;
    for (const ParmVarDecl *P : FD->parameters())
      F.addCandidate(P);
    F.walk(FD->getBody());
  }
  return F.result();
}

} // namespace ptrcomp::dsa
