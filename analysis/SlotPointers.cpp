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

const ValueDecl *slotNamed(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      return VD->getCanonicalDecl();
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
      return FD->getCanonicalDecl();
  return nullptr;
}

namespace {
class Finder {
public:
  explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}

  /// Adds \p D when its type and storage allow it (once per declaration).
  void addCandidate(const ValueDecl *D) {
    D = cast<ValueDecl>(D->getCanonicalDecl());
    if (!Seen.insert(D).second)
      return;
    if (!isSlotPointerType(D->getType()) || D->getType().isVolatileQualified())
      return;
    if (const auto *VD = dyn_cast<VarDecl>(D)) {
      // Other files may use a global that has linkage as they please.
      bool OnlyHere = VD->hasLocalStorage() ||
                      (VD->hasGlobalStorage() && !VD->isExternallyVisible() &&
                       !VD->hasExternalStorage());
      if (!OnlyHere)
        return;
    } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
      // A member of a union shares its bytes with members written otherwise.
      if (FD->isBitField() || FD->getParent()->isUnion())
        return;
    } else {
      return;
    }
    Candidates.insert(D);
    Links.insert(D);
  }
  bool isCandidate(const ValueDecl *D) const {
    return D && Candidates.count(cast<ValueDecl>(D->getCanonicalDecl()));
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
    if (const auto *ILE = dyn_cast<InitListExpr>(S))
      initList(ILE);
    if (isa<DeclRefExpr, MemberExpr>(S))
      if (const ValueDecl *D = slotNamed(cast<Expr>(S))) {
        if (isa<FieldDecl>(D))
          addCandidate(D);
        if (isCandidate(D))
          use(D, cast<Expr>(S));
      }
    // sizeof, _Alignof, typeof: names there are not evaluated.
    if (!isa<UnaryExprOrTypeTraitExpr>(S))
      for (const Stmt *C : codeChildren(S))
        walk(C);
    Parents.pop_back();
  }

  llvm::DenseSet<const ValueDecl *> result() {
    // One ordinary pointer among those assigned to each other makes them all so.
    llvm::DenseSet<const ValueDecl *> Out;
    for (const ValueDecl *D : Candidates) {
      bool Ok = true;
      for (auto It = Links.findLeader(D); It != Links.member_end() && Ok; ++It)
        Ok = !Dropped.count(*It);
      if (Ok)
        Out.insert(D);
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

  /// The member of a struct that \p ILE (its semantic form) initializes with \p Init.
  const FieldDecl *fieldInitialized(const InitListExpr *ILE, const Expr *Init) const {
    const auto *RT = ILE->getType()->getAs<RecordType>();
    if (!RT || RT->getDecl()->isUnion())
      return nullptr;
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    if (!RD)
      return nullptr;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= ILE->getNumInits())
        break;
      if (ILE->getInit(I++)->IgnoreParens() == Init)
        return F;
    }
    return nullptr;
  }

  /// The members of a struct that \p ILE initializes.
  void initList(const InitListExpr *ILE) {
    if (ILE->isSyntacticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    const auto *RT = ILE->getType()->getAs<RecordType>();
    if (!RT)
      return;
    const RecordDecl *RD = RT->getDecl()->getDefinition();
    if (!RD || RD->isUnion())
      return;
    unsigned I = 0;
    for (const FieldDecl *F : RD->fields()) {
      if (I >= ILE->getNumInits())
        break;
      const Expr *Init = ILE->getInit(I++);
      addCandidate(F);
      if (isCandidate(F) && !isa<ImplicitValueInitExpr>(Init))
        sourceOf(F, Init);
    }
  }

  /// Whether \p X designates places that hold exactly the pointers slot pointer \p D's
  /// targets hold: another slot pointer's value (then linked to D), `&place`, an array
  /// of such places (decayed), or one of those plus or minus an integer. A slot pointer
  /// moves only along an array of places, all of which hold indices alike.
  bool slotValue(const Expr *X, const ValueDecl *D) {
    X = X->IgnoreParens();
    // A qualification conversion (`struct node **` to `struct node *const *`; in a
    // comparison, C's composite type makes it a bit cast).
    while (const auto *IC = dyn_cast<ImplicitCastExpr>(X)) {
      if (IC->getCastKind() != CK_NoOp &&
          !(IC->getCastKind() == CK_BitCast &&
            sameButQualifiers(IC->getType(), IC->getSubExpr()->getType())))
        break;
      X = IC->getSubExpr()->IgnoreParens();
    }
    QualType Held = D->getType()->getPointeeType().getUnqualifiedType();
    if (const auto *BO = dyn_cast<BinaryOperator>(X);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      const Expr *Ptr = BO->getLHS()->getType()->isPointerType() ? BO->getLHS() : BO->getRHS();
      const Expr *Int = Ptr == BO->getLHS() ? BO->getRHS() : BO->getLHS();
      return Int->getType()->isIntegerType() && slotValue(Ptr, D);
    }
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(X)) {
      if (IC->getCastKind() == CK_LValueToRValue) {
        const ValueDecl *Other = slotNamed(IC->getSubExpr());
        if (!Other || !isCandidate(Other) ||
            !Ctx.hasSameType(Other->getType()->getPointeeType()->getPointeeType()
                                 .getUnqualifiedType(),
                             Held->getPointeeType().getUnqualifiedType()))
          return false;
        Links.unionSets(cast<ValueDecl>(D->getCanonicalDecl()),
                        cast<ValueDecl>(Other->getCanonicalDecl()));
        return true;
      }
      if (IC->getCastKind() == CK_ArrayToPointerDecay) {
        const ArrayType *AT = Ctx.getAsArrayType(IC->getSubExpr()->getType());
        return AT && Ctx.hasSameUnqualifiedType(AT->getElementType(), Held);
      }
      return false;
    }
    const auto *UO = dyn_cast<UnaryOperator>(X);
    return UO && UO->getOpcode() == UO_AddrOf &&
           Ctx.hasSameUnqualifiedType(UO->getSubExpr()->getType(), Held);
  }

  /// Whether \p A and \p B differ only in qualifiers, at any level of pointers.
  bool sameButQualifiers(QualType A, QualType B) const {
    while (A->isPointerType() && B->isPointerType()) {
      A = A->getPointeeType();
      B = B->getPointeeType();
    }
    return Ctx.hasSameUnqualifiedType(A, B);
  }

  /// \p Source flows into slot pointer \p D.
  void sourceOf(const ValueDecl *D, const Expr *Source) {
    D = cast<ValueDecl>(D->getCanonicalDecl());
    if (isa<BinaryConditionalOperator>(Source->IgnoreParens())) {
      Dropped.insert(D);
      return;
    }
    llvm::SmallVector<const Expr *, 2> Places;
    slotSources(Source, Places);
    for (const Expr *P : Places) {
      if (P->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        continue;
      // A qualification conversion (`struct node **` to `struct node *const *`).
      while (const auto *IC = dyn_cast<ImplicitCastExpr>(P->IgnoreParens()))
        if (IC->getCastKind() == CK_NoOp)
          P = IC->getSubExpr()->IgnoreParens();
        else
          break;
      // `&place` where place holds exactly the pointers D's targets hold, an array of
      // such places (`stack`), or one of those moved along its array (`stack - 1`).
      if (slotValue(P, D))
        continue;
      Dropped.insert(D);
    }
  }

  /// Whether the expression at Parents[I] is the source of a slot pointer: the
  /// right-hand side of an assignment to one, its initializer, the initializer of a
  /// member that is one, or an arm of a conditional that is such a source.
  bool isSlotSource(size_t I) const {
    const Stmt *E = Parents[I];
    size_t J = I;
    const Stmt *P = above(J);
    if (!P)
      return false;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P); IC && IC->getCastKind() == CK_NoOp)
      return isSlotSource(J); // a qualification conversion
    if (const auto *BO = dyn_cast<BinaryOperator>(P))
      return BO->getOpcode() == BO_Assign && BO->getRHS()->IgnoreParens() == E &&
             isCandidate(slotNamed(BO->getLHS()));
    if (const auto *DS = dyn_cast<DeclStmt>(P)) {
      for (const Decl *D : DS->decls())
        if (const auto *Other = dyn_cast<VarDecl>(D);
            Other && isCandidate(Other) && Other->getInit() &&
            Other->getInit()->IgnoreParens() == E)
          return true;
      return false;
    }
    if (const auto *ILE = dyn_cast<InitListExpr>(P)) {
      const FieldDecl *F = fieldInitialized(ILE, cast<Expr>(E));
      return F && isCandidate(F);
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(P))
      return CO->getCond()->IgnoreParens() != E && isSlotSource(J);
    return false;
  }

  /// The condition of an if, while, do, for or switch statement \p P, or null.
  static const Stmt *conditionOf(const Stmt *P) {
    if (const auto *IS = dyn_cast<IfStmt>(P))
      return IS->getCond();
    if (const auto *WS = dyn_cast<WhileStmt>(P))
      return WS->getCond();
    if (const auto *DS = dyn_cast<DoStmt>(P))
      return DS->getCond();
    if (const auto *FS = dyn_cast<ForStmt>(P))
      return FS->getCond();
    if (const auto *SS = dyn_cast<SwitchStmt>(P))
      return SS->getCond();
    return nullptr;
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
    if (isa<IfStmt, WhileStmt, DoStmt, SwitchStmt>(P))
      return conditionOf(P) != E;
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
    if (const Stmt *Cond = conditionOf(P))
      return Cond == E;
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(P))
      return IC->getCastKind() == CK_PointerToBoolean && onlyTested(J);
    return false;
  }

  /// A use of slot-pointer candidate \p D (canonical) by \p E, at the top of Parents.
  void use(const ValueDecl *D, const Expr *E) {
    D = cast<ValueDecl>(D->getCanonicalDecl());
    size_t I = Parents.size() - 1;
    const Stmt *P = above(I);
    // Assigned to: the new value must be a place of the same pointers.
    if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P);
        BO && BO->getOpcode() == BO_Assign && BO->getLHS()->IgnoreParens() == E) {
      if (!valueUnused(I))
        Dropped.insert(D);
      else
        sourceOf(D, BO->getRHS());
      return;
    }
    // Moved along its array (`++top`, `top -= 2`): the new value is used only as a
    // read of it may be.
    if (const auto *UO = dyn_cast_or_null<UnaryOperator>(P);
        UO && UO->isIncrementDecrementOp()) {
      if (!valueUnused(I) && !readAs(D, I))
        Dropped.insert(D);
      return;
    }
    if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(P);
        CA && (CA->getOpcode() == BO_AddAssign || CA->getOpcode() == BO_SubAssign) &&
        CA->getLHS()->IgnoreParens() == E) {
      if (!valueUnused(I))
        Dropped.insert(D);
      return;
    }
    const auto *Read = dyn_cast_or_null<ImplicitCastExpr>(P);
    if (!Read || Read->getCastKind() != CK_LValueToRValue || !readAs(D, I))
      Dropped.insert(D);
  }

  /// Whether the value of slot pointer \p D at Parents[I] is used only as a slot
  /// pointer's: read through, tested, assigned to another slot pointer, or compared
  /// with, subtracted from or moved along the places it may designate.
  bool readAs(const ValueDecl *D, size_t I) {
    const Stmt *E = Parents[I];
    size_t J = I;
    const Stmt *U = above(J);
    // A qualification conversion (`top < stack` of a const iterator compares as
    // `const struct node *const *`).
    if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(U);
        IC && IC->getCastKind() == CK_NoOp)
      return readAs(D, J);
    // `*pp` (or `top[-1]`) is a place holding a node pointer: read, written, its node's
    // members reached; but `&*pp` would hand the slot's address on.
    const auto *UO = dyn_cast_or_null<UnaryOperator>(U);
    const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(U);
    if ((UO && UO->getOpcode() == UO_Deref) || (AS && AS->getBase()->IgnoreParens() == E)) {
      size_t K = J;
      const auto *Outer = dyn_cast_or_null<UnaryOperator>(above(K));
      return !(Outer && Outer->getOpcode() == UO_AddrOf);
    }
    if (onlyTested(I) || isSlotSource(I))
      return true;
    const auto *BO = dyn_cast_or_null<BinaryOperator>(U);
    if (!BO)
      return false;
    const Expr *Other = BO->getLHS()->IgnoreParens() == E ? BO->getRHS() : BO->getLHS();
    // `top - 1` used as the slot pointer itself is; `top - stack`, `top < stack + n`.
    if ((BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub) &&
        Other->getType()->isIntegerType())
      return readAs(D, J);
    if (BO->getOpcode() == BO_Sub || BO->isComparisonOp())
      return slotValue(Other, D) ||
             Other->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull);
    return false;
  }

  ASTContext &Ctx;
  llvm::SmallVector<const Stmt *, 32> Parents;
  llvm::DenseSet<const ValueDecl *> Seen, Candidates, Dropped;
  llvm::EquivalenceClasses<const ValueDecl *> Links;
};
} // namespace

llvm::DenseSet<const ValueDecl *>
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
