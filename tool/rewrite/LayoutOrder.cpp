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

} // namespace

static LayoutOrder memberOrder(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                               const dsa::Layout &L, const RecordDecl *RD,
                               const ObservedOrders &Observed);

LayoutOrder layoutOrder(dsa::ProgramGraphs &PG, const dsa::Plan &P, const dsa::Layout &L,
                        const RecordDecl *RD, const ObservedOrders &Observed) {
  LayoutOrder O = memberOrder(PG, P, L, RD, Observed);
  // Objects whose addresses the program turns into integers are aligned as malloc
  // aligns them: the pool's base is, and the layout's size is a multiple of it.
  if (L.MallocAligned && O.SizeAfter % dsa::MallocAlignment) {
    O.Padding = dsa::MallocAlignment - O.SizeAfter % dsa::MallocAlignment;
    O.SizeAfter += O.Padding;
  }
  return O;
}

static LayoutOrder memberOrder(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                               const dsa::Layout &L, const RecordDecl *RD,
                               const ObservedOrders &Observed) {
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

void layoutOrdersIn(ASTContext &Ctx, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                    const ObservedOrders &Observed, std::vector<LayoutOrder> &Out,
                    std::vector<bool> &Found) {
  Out.resize(P.Layouts.size());
  Found.resize(P.Layouts.size());
  if (P.Layouts.empty())
    return;
  // The unit's first definition of each struct, in one pass over its
  // declarations (not one per layout of the program).
  llvm::DenseMap<dsa::TypeId, RecordDecl *> Definition;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (auto *RD = dyn_cast<RecordDecl>(D);
        RD && RD->isThisDeclarationADefinition())
      Definition.try_emplace(PG.Types.get(Ctx.getRecordType(RD), Ctx), RD);
  for (unsigned LI = 0; LI < P.Layouts.size(); ++LI) {
    if (Found[LI])
      continue;
    auto It = Definition.find(P.Layouts[LI].Struct);
    if (It == Definition.end())
      continue;
    Out[LI] = layoutOrder(PG, P, P.Layouts[LI], It->second, Observed);
    Found[LI] = true;
  }
}

} // namespace ptrcomp
