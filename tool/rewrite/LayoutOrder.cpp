//===- LayoutOrder.cpp - member order and size of the new layouts ---------===//
//
// Reordering is safe only when no code can tell a member's offset or position,
// so a layout stays in source order for any doubt. Each rule below says what it
// protects.
//
//===----------------------------------------------------------------------===//
#include "LayoutOrder.h"
#include "../ParsedProgram.h"

#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/ASTUnit.h"

#include <algorithm>
#include <optional>

using namespace clang;
namespace ptrcomp {

NewMember newMember(const dsa::Layout &L, const FieldDecl *FD) {
  const ASTContext &Ctx = FD->getASTContext();
  uint64_t Off = Ctx.getASTRecordLayout(FD->getParent())
                     .getFieldOffset(FD->getFieldIndex()) /
                 8;
  auto It = L.FieldBits.find(Off);
  unsigned Bits = It != L.FieldBits.end() ? It->second : 0;
  if (Bits && FD->getType()->isAnyPointerType())
    return {NewMember::Index, Bits, 0};
  if (const auto *CAT = Ctx.getAsConstantArrayType(FD->getType());
      CAT && Bits && CAT->getElementType()->isAnyPointerType())
    return {NewMember::IndexArray, Bits, CAT->getSize().getZExtValue()};
  if (auto AIt = L.FieldArrayBits.find(Off);
      AIt != L.FieldArrayBits.end() && FD->getType()->isAnyPointerType())
    return {NewMember::IndexPointer, AIt->second, 0};
  if (auto NIt = L.Nested.find(Off); NIt != L.Nested.end()) {
    if (FD->getType()->isStructureType() || FD->getType()->isUnionType())
      return {NewMember::Nested, 0, 0, NIt->second};
    // An array of structs: `struct slot_pc32 slots[Count]`.
    if (const auto *CAT = Ctx.getAsConstantArrayType(FD->getType());
        CAT && CAT->getElementType()->isStructureType())
      return {NewMember::Nested, 0, CAT->getSize().getZExtValue(), NIt->second};
  }
  return {};
}

namespace {

/// The type a member is declared with in the new layout (pc_idxN is uintN_t).
RecordDecl *declaredRecord(ASTContext &Ctx, const dsa::Plan &P, const dsa::Layout &L,
                           const std::vector<const FieldDecl *> &Fields);

QualType memberType(ASTContext &Ctx, const dsa::Plan &P, const dsa::Layout &L,
                    const FieldDecl *FD) {
  NewMember M = newMember(L, FD);
  if (M.K == NewMember::Same)
    return FD->getType();
  if (M.K == NewMember::Nested) {
    // Nested layouts are declared in source order (see layoutOrder).
    QualType T = FD->getType();
    if (M.Count)
      T = Ctx.getAsConstantArrayType(T)->getElementType();
    const RecordDecl *Inner = T->getAsRecordDecl()->getDefinition();
    std::vector<const FieldDecl *> InnerFields(Inner->field_begin(), Inner->field_end());
    QualType R = Ctx.getRecordType(declaredRecord(Ctx, P, P.Layouts[M.Layout], InnerFields));
    return M.Count ? compat::constantArrayType(Ctx, R, M.Count) : R;
  }
  QualType Idx = Ctx.getIntTypeForBitwidth(M.Bits, /*Signed=*/0);
  if (M.K == NewMember::IndexArray)
    return compat::constantArrayType(Ctx, Idx, M.Count);
  if (M.K == NewMember::IndexPointer)
    return Ctx.getPointerType(Idx);
  return Idx;
}

/// sizeof a struct declaring \p Fields in this order with their types in layout
/// \p L: the compiler's own record layout of such a struct, built aside (it is
/// added to no scope, so nothing else sees it).
RecordDecl *declaredRecord(ASTContext &Ctx, const dsa::Plan &P, const dsa::Layout &L,
                           const std::vector<const FieldDecl *> &Fields) {
  RecordDecl *RD = RecordDecl::Create(
      Ctx, compat::structTagKind(L.IsUnion), Ctx.getTranslationUnitDecl(),
      SourceLocation(), SourceLocation(), nullptr);
  RD->startDefinition();
  for (const FieldDecl *FD : Fields) {
    Expr *Width = nullptr;
    if (FD->isBitField())
      Width = IntegerLiteral::Create(
          Ctx,
          llvm::APInt(Ctx.getIntWidth(Ctx.IntTy), FD->getBitWidthValue(Ctx)),
          Ctx.IntTy, SourceLocation());
    RD->addDecl(FieldDecl::Create(Ctx, RD, SourceLocation(), SourceLocation(),
                                  FD->getIdentifier(), memberType(Ctx, P, L, FD),
                                  nullptr, Width,
                                  /*Mutable=*/false, ICIS_NoInit));
  }
  RD->completeDefinition();
  return RD;
}

uint64_t declaredSize(ASTContext &Ctx, const dsa::Plan &P, const dsa::Layout &L,
                      const std::vector<const FieldDecl *> &Fields) {
  return Ctx.getASTRecordLayout(declaredRecord(Ctx, P, L, Fields)).getSize().getQuantity();
}

/// Why the members of \p RD keep their order whatever the program does, or "".
std::string fixedOrder(const RecordDecl *RD, const std::string &Name) {
  const ASTContext &Ctx = RD->getASTContext();
  // packed, aligned, #pragma pack, ...: the user chose this layout (such
  // layouts are not printed at all today; kept here so that this stays true if
  // they are).
  if (RD->hasAttrs())
    return Name + " has an attribute at " +
           dsa::locationString(Ctx, RD->getLocation());
  // A flexible array member must stay last.
  if (RD->hasFlexibleArrayMember())
    return Name + " has a flexible array member";
  for (const FieldDecl *FD : RD->fields()) {
    std::string At = dsa::locationString(Ctx, FD->getLocation());
    // Adjacent bit-fields share storage units; another order packs them
    // differently.
    if (FD->isBitField())
      return Name + " has a bit-field at " + At;
    if (FD->hasAttrs())
      return "a member of " + Name + " has an attribute at " + At;
  }
  return "";
}

/// Finds the uses that show member order, program-wide.
class OrderObserver {
public:
  OrderObserver(dsa::ProgramGraphs &PG, ObservedOrders &Out)
      : PG(PG), Out(Out) {}

  /// The written code of a unit: offsetof, initializers, constant member
  /// addresses.
  void unit(ASTContext &Ctx);
  /// The code of a function, with the analysis' view of its pointers.
  void function(dsa::FunctionGraph &F);

private:
  void mark(dsa::TypeId T, const std::string &Why) {
    if (T)
      Out.emplace(T, Why); // the first reason stays
  }
  std::string name(dsa::TypeId T) { return PG.Types.name(T); }
  /// The struct type \p T, or NoType.
  dsa::TypeId structOf(ASTContext &Ctx, QualType T) {
    const auto *RT = T.getCanonicalType()->getAs<RecordType>();
    if (!RT || !RT->getDecl()->isStruct())
      return dsa::NoType;
    return PG.Types.get(Ctx.getRecordType(RT->getDecl()), Ctx);
  }
  /// What the pointer or array \p E points to: its pointee or element type.
  static QualType pointee(ASTContext &Ctx, const Expr *E) {
    QualType T = E->getType();
    if (const ArrayType *AT = Ctx.getAsArrayType(T))
      return AT->getElementType();
    return T->isPointerType() ? T->getPointeeType() : QualType();
  }

  // Per function.
  std::optional<dsa::Cell> cell(const Expr *E);
  dsa::TypeId structAt(dsa::Cell C);
  void walk(const Stmt *S);
  void cast(const CastExpr *E);
  void compare(const BinaryOperator *E);
  void call(const CallExpr *E);

  dsa::ProgramGraphs &PG;
  ObservedOrders &Out;
  dsa::FunctionGraph *F = nullptr;
  ASTContext *Ctx = nullptr;

  class SyntaxVisitor;
};

class OrderObserver::SyntaxVisitor : public RecursiveASTVisitor<SyntaxVisitor> {
public:
  SyntaxVisitor(OrderObserver &O, ASTContext &Ctx) : O(O), Ctx(Ctx) {}

  // offsetof(struct T, m) and __builtin_offsetof: the program reads a member's
  // offset.
  bool VisitOffsetOfExpr(OffsetOfExpr *E) {
    std::string At = dsa::locationString(Ctx, E->getBeginLoc());
    auto Mark = [&](QualType T) {
      if (dsa::TypeId S = O.structOf(Ctx, T))
        O.mark(S, "offsetof(" + O.name(S) + ", ...) at " + At +
                      " reads a member's offset");
    };
    Mark(E->getTypeSourceInfo()->getType());
    for (unsigned I = 0; I < E->getNumComponents(); ++I)
      if (E->getComponent(I).getKind() == OffsetOfNode::Field)
        Mark(Ctx.getRecordType(E->getComponent(I).getField()->getParent()));
    return true;
  }

  // `{1, p, 2}` lists the members in order. ptrcomp keeps initializers and
  // compound literals as written when their type becomes the new layout, so
  // only fully designated ones (`{.v = 1, .c = 2}`) survive a reordering. Both
  // forms of a list come here; a list with no designators (or one implied by
  // brace elision or a nested designator, `.t.x = 1`) has only a form without
  // them, and counts as positional.
  bool VisitInitListExpr(InitListExpr *E) {
    dsa::TypeId T = O.structOf(Ctx, E->getType());
    if (!T)
      return true;
    const InitListExpr *Written =
        E->isSyntacticForm() ? E : E->getSyntacticForm();
    bool Designated = true; // `{}` too
    for (const Expr *I : (Written ? Written : E)->inits()) {
      const auto *D = dyn_cast_or_null<DesignatedInitExpr>(I);
      Designated &=
          D && D->size() > 0 && D->getDesignator(0)->isFieldDesignator();
    }
    if (!Designated)
      O.mark(T, "a positional initializer of " + O.name(T) + " at " +
                    dsa::locationString(Ctx, E->getBeginLoc()) +
                    " lists its members in order");
    return true;
  }

  // `&((struct T *)0)->m`: an offsetof written by hand.
  bool VisitMemberExpr(MemberExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParens();
    if (!E->isArrow()) {
      const auto *U = dyn_cast<UnaryOperator>(Base);
      if (!U || U->getOpcode() != UO_Deref)
        return true;
      Base = U->getSubExpr();
    }
    const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
    if (!FD || !Base->IgnoreParenCasts()->getType()->isIntegerType())
      return true;
    if (dsa::TypeId T = O.structOf(Ctx, Ctx.getRecordType(FD->getParent())))
      O.mark(T, "a member of " + O.name(T) +
                    " is reached from a constant address at " +
                    dsa::locationString(Ctx, E->getBeginLoc()) +
                    " (an offsetof by hand)");
    return true;
  }

private:
  OrderObserver &O;
  ASTContext &Ctx;
};

void OrderObserver::unit(ASTContext &Ctx) {
  SyntaxVisitor(*this, Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
}

std::optional<dsa::Cell> OrderObserver::cell(const Expr *E) {
  for (const Expr *X : {E, E->IgnoreParenImpCasts(), E->IgnoreParens()}) {
    auto It = F->ExprCells.find(X);
    if (It != F->ExprCells.end() && !It->second.isNull())
      return F->Graph->resolve(It->second);
  }
  return std::nullopt;
}

dsa::TypeId OrderObserver::structAt(dsa::Cell C) {
  const dsa::DSNode &N = F->Graph->liveNode(C.Node);
  if (N.Collapsed || !N.Type ||
      PG.Types.info(N.Type).K != dsa::TypeInfo::Struct)
    return dsa::NoType;
  return N.Type;
}

void OrderObserver::function(dsa::FunctionGraph &G) {
  if (!G.Decl || !G.Ctx || !G.Graph || !G.Decl->getBody())
    return;
  F = &G;
  Ctx = G.Ctx;
  // memcmp of whole objects: the sign of the result depends on which member
  // comes first.
  for (const dsa::CallSite &CS : G.Calls)
    if (CS.CalleeName == "memcmp" || CS.CalleeName == "bcmp" ||
        CS.CalleeName == "__builtin_memcmp" ||
        CS.CalleeName == "__builtin_bcmp")
      for (auto &[Arg, Cover] : CS.ByteCovers)
        if (Cover.Elem && PG.Types.info(Cover.Elem).K == dsa::TypeInfo::Struct)
          mark(Cover.Elem, "memcmp compares " + name(Cover.Elem) +
                               " objects byte by byte at " + CS.Loc);
  walk(G.Decl->getBody());
  F = nullptr;
}

void OrderObserver::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<CastExpr>(S))
    cast(E);
  else if (const auto *E = dyn_cast<BinaryOperator>(S))
    compare(E);
  else if (const auto *E = dyn_cast<CallExpr>(S))
    call(E);
  for (const Stmt *C : codeChildren(S))
    walk(C);
}

void OrderObserver::cast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  std::string At = dsa::locationString(*Ctx, E->getBeginLoc());
  if (E->getCastKind() == CK_PointerToIntegral) {
    // The address of a member as a number: its distance from the object's
    // address is the member's offset.
    std::optional<dsa::Cell> C = cell(Sub);
    dsa::TypeId T = C ? structAt(*C) : dsa::NoType;
    if (T && !(C->Offset == 0 &&
               structOf(*Ctx, pointee(*Ctx, Sub->IgnoreParenCasts())) == T))
      mark(T, "the address of a member of " + name(T) +
                  " is converted to an integer at " + At);
    return;
  }
  if (!E->getType()->isPointerType() || !Sub->getType()->isPointerType())
    return;
  QualType To =
      E->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  QualType From =
      Sub->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  if (To->isVoidType() || To == From)
    return;
  // A pointer to a whole object read as another type (`*(char *)p`) reads
  // whatever member comes first.
  dsa::TypeId T = dsa::NoType;
  if (From->isStructureType())
    T = structOf(*Ctx, From);
  else if (std::optional<dsa::Cell> C =
               From->isVoidType() ? cell(Sub) : std::nullopt;
           C && C->Offset == 0)
    T = structAt(*C);
  if (T && structOf(*Ctx, To) != T)
    mark(T, "a pointer to a " + name(T) + " object is converted to '" +
                E->getType().getAsString() + "' at " + At);
  // The other way round, a pointer to a member (`&p->link`) taken for the
  // object: right only while that member comes first.
  if (dsa::TypeId Whole = structOf(*Ctx, To); Whole && !From->isVoidType())
    if (std::optional<dsa::Cell> C = cell(Sub); C && structAt(*C) == Whole)
      mark(Whole, "a pointer into a " + name(Whole) +
                      " object is converted to '" + E->getType().getAsString() +
                      "' at " + At);
}

void OrderObserver::compare(const BinaryOperator *E) {
  // `&p->d - &p->c`, `&p->c < &p->d`: the distance or order of two members.
  // Addresses of whole objects, or of the same member in two objects, compare
  // the same in any order.
  if (E->getOpcode() != BO_Sub && !E->isRelationalOp())
    return;
  const Expr *A = E->getLHS(), *B = E->getRHS();
  if (!A->getType()->isPointerType() || !B->getType()->isPointerType())
    return;
  std::optional<dsa::Cell> CA = cell(A), CB = cell(B);
  dsa::TypeId TA = CA ? structAt(*CA) : dsa::NoType,
              TB = CB ? structAt(*CB) : dsa::NoType;
  QualType PA = pointee(*Ctx, A->IgnoreParenCasts()),
           PB = pointee(*Ctx, B->IgnoreParenCasts());
  auto Inside = [&](dsa::TypeId T, const std::optional<dsa::Cell> &C,
                    QualType P) {
    return T && !(C->Offset == 0 && !P.isNull() && structOf(*Ctx, P) == T);
  };
  if (!Inside(TA, CA, PA) && !Inside(TB, CB, PB))
    return;
  if (CA && CB && CA->Node == CB->Node && CA->Offset == CB->Offset &&
      !PA.isNull() && !PB.isNull() &&
      Ctx->hasSameUnqualifiedType(PA.getCanonicalType(), PB.getCanonicalType()))
    return; // the same member
  std::string At = dsa::locationString(*Ctx, E->getOperatorLoc());
  for (dsa::TypeId T : {TA, TB})
    mark(T, "addresses inside " + name(T) +
                " objects are compared or subtracted at " + At);
}

void OrderObserver::call(const CallExpr *E) {
  // memcmp on whole objects, however the analysis counted its bytes.
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return;
  StringRef N = FD->getName();
  if (N != "memcmp" && N != "bcmp" && N != "__builtin_memcmp" &&
      N != "__builtin_bcmp")
    return;
  for (unsigned I = 0; I < E->getNumArgs() && I < 2; ++I) {
    const Expr *Arg = E->getArg(I);
    dsa::TypeId T = structOf(*Ctx, pointee(*Ctx, Arg->IgnoreParenCasts()));
    if (!T)
      if (std::optional<dsa::Cell> C = cell(Arg); C && C->Offset == 0)
        T = structAt(*C);
    if (T)
      mark(T, "memcmp compares " + name(T) + " objects byte by byte at " +
                  dsa::locationString(*Ctx, E->getBeginLoc()));
  }
}

} // namespace

ObservedOrders observedMemberOrders(ParsedProgram &Program,
                                    dsa::ProgramGraphs &PG) {
  ObservedOrders Out;
  OrderObserver O(PG, Out);
  for (auto &U : Program.Units)
    O.unit(U->getASTContext());
  for (auto &[Key, F] : PG.Functions)
    O.function(F);
  return Out;
}

LayoutOrder layoutOrder(dsa::ProgramGraphs &PG, const dsa::Plan &P, const dsa::Layout &L,
                        const RecordDecl *RD, const ObservedOrders &Observed) {
  ASTContext &Ctx = RD->getASTContext();
  LayoutOrder O;
  O.SizeBefore = Ctx.getASTRecordLayout(RD).getSize().getQuantity();
  O.Fields.assign(RD->field_begin(), RD->field_end());
  O.SizeAfter = O.SizeInSourceOrder = declaredSize(Ctx, P, L, O.Fields);
  // Only compressed layouts: a 64-bit one keeps the original layout on purpose
  // (its objects may be used as bytes).
  if (!L.Compressed || RD->hasFlexibleArrayMember() || L.IsUnion)
    return O; // (a union's members all start at 0: no order to choose)
  std::vector<const FieldDecl *> Sorted = O.Fields;
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [&](const FieldDecl *A, const FieldDecl *B) {
                     return Ctx.getTypeAlignInChars(memberType(Ctx, P, L, A)) >
                            Ctx.getTypeAlignInChars(memberType(Ctx, P, L, B));
                   });
  if (Sorted == O.Fields)
    return O;
  uint64_t Smaller = declaredSize(Ctx, P, L, Sorted);
  if (Smaller >= O.SizeAfter)
    return O; // no gain: the order that reads best
  std::string Why = fixedOrder(RD, PG.Types.name(L.Struct));
  // An embedded layout is sized in source order wherever it is embedded (simple, and
  // the same in every unit).
  for (const dsa::Layout &Outer : P.Layouts)
    for (auto &KV : Outer.Nested)
      if (Why.empty() && &P.Layouts[KV.second] == &L)
        Why = PG.Types.name(L.Struct) + " is embedded in " + PG.Types.name(Outer.Struct);
  if (auto It = Observed.find(L.Struct); Why.empty() && It != Observed.end())
    Why = It->second;
  if (!Why.empty()) {
    O.KeptBecause = Why;
    O.SizeIfReordered = Smaller;
    return O;
  }
  O.Fields = std::move(Sorted);
  O.Reordered = true;
  O.SizeAfter = Smaller;
  return O;
}

std::vector<LayoutOrder> layoutOrders(ParsedProgram &Program,
                                      dsa::ProgramGraphs &PG,
                                      const dsa::Plan &P) {
  std::vector<LayoutOrder> Out(P.Layouts.size());
  if (P.Layouts.empty())
    return Out;
  ObservedOrders Observed = observedMemberOrders(Program, PG);
  for (unsigned LI = 0; LI < P.Layouts.size(); ++LI) {
    bool Found = false;
    for (auto &U : Program.Units) {
      ASTContext &Ctx = U->getASTContext();
      for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
        auto *RD = dyn_cast<RecordDecl>(D);
        if (!RD || !RD->isThisDeclarationADefinition() ||
            PG.Types.get(Ctx.getRecordType(RD), Ctx) != P.Layouts[LI].Struct)
          continue;
        Out[LI] = layoutOrder(PG, P, P.Layouts[LI], RD, Observed);
        Found = true;
        break;
      }
      if (Found)
        break;
    }
  }
  return Out;
}

} // namespace ptrcomp
