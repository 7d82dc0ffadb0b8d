//===- VersionView.cpp - how one version of a function represents values --===//
#include "VersionView.h"
#include "ptrcomp/analysis/SizeParameter.h"
#include "GlobalVariable.h"
#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>

#include <functional>
#include <set>

using namespace clang;
namespace ptrcomp {

using dsa::Cell;
using dsa::NodeEncoding;

unsigned timesNamed(const VarDecl *VD, const Stmt *S) {
  if (!S)
    return 0;
  const auto *DRE = dyn_cast<DeclRefExpr>(S);
  unsigned N = DRE && DRE->getDecl() == VD;
  for (const Stmt *C : S->children())
    N += timesNamed(VD, C);
  return N;
}

unsigned timesNamedUnevaluated(const VarDecl *VD, const Stmt *S) {
  if (!S)
    return 0;
  if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S))
    return U->isArgumentType() ? 0 : timesNamed(VD, U->getArgumentExpr());
  unsigned N = 0;
  if (const auto *G = dyn_cast<GenericSelectionExpr>(S))
    N += timesNamed(VD, G->getControllingExpr());
  for (const Stmt *C : S->children())
    N += timesNamedUnevaluated(VD, C);
  return N;
}

void internalVariables(const Stmt *S, std::vector<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (!VD->isExternallyVisible() && std::find(Out.begin(), Out.end(), VD) == Out.end())
        Out.push_back(VD);
  for (const Stmt *C : S->children())
    internalVariables(C, Out);
}

const ParmVarDecl *sizeParameter(const FunctionDecl *FD, const Expr *Size) {
  return dsa::passedSizeParameter(FD, Size);
}

std::optional<HookAllocation> hookAllocation(const CallExpr *E, const dsa::CallSite &CS) {
  if (!E || !CS.Hook || CS.Hook->Allocator.empty())
    return std::nullopt;
  const dsa::HookCall &H = *CS.Hook;
  HookAllocation HA;
  HA.Allocator = H.Allocator;
  std::vector<unsigned> Uses(E->getNumArgs());
  for (unsigned I : H.ArgOf) {
    if (I >= E->getNumArgs())
      return std::nullopt;
    HA.Args.push_back(E->getArg(I));
    ++Uses[I];
  }
  HA.Dropped.push_back(E->getCallee());
  for (unsigned I = 0; I < E->getNumArgs(); ++I)
    if (Uses[I] == 0)
      HA.Dropped.push_back(E->getArg(I));
    else if (Uses[I] > 1)
      HA.Repeated.push_back(E->getArg(I));
  unsigned Freed = H.ArgOf.empty() ? 0 : H.ArgOf.front();
  HA.Object =
      H.Allocator == "free" ? (Freed < CS.Args.size() ? CS.Args[Freed] : Cell()) : CS.Ret;
  return HA;
}

bool allocatorCall(const CallExpr *E, const dsa::CallSite &CS, std::string &Name,
                   std::vector<const Expr *> &Args) {
  const FunctionDecl *FD = E ? E->getDirectCallee() : nullptr;
  if (FD && CS.Targets.empty()) {
    Name = FD->getName().str();
    Args.assign(E->arg_begin(), E->arg_end());
    return true;
  }
  if (auto HA = hookAllocation(E, CS)) {
    Name = HA->Allocator;
    Args = HA->Args;
    return true;
  }
  return false;
}

VersionView::VersionView(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
                         const dsa::FunctionVersion &V, const clang::Preprocessor *PP)
    : PG(PG), P(P), F(F), V(V), Ctx(*F.Ctx), PP(PP), FnDecl(F.Decl) {
  if (isPointer(FnDecl->getReturnType())) {
    Returned = repOfCell(F.Ret, FnDecl->getReturnType());
    ReturnsIdx = Returned.K == Idx;
  }
}

VersionView::VersionView(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
                         const dsa::FunctionVersion &V, const clang::FunctionDecl *Declared,
                         clang::ASTContext &Ctx)
    : PG(PG), P(P), F(F), V(V), Ctx(Ctx), PP(nullptr), FnDecl(Declared) {
  if (isPointer(FnDecl->getReturnType())) {
    Returned = repOfCell(F.Ret, FnDecl->getReturnType());
    ReturnsIdx = Returned.K == Idx;
  }
}

NodeEncoding VersionView::encOfCell(Cell C) const {
  C = F.Graph->resolve(C);
  if (C.isNull())
    return {};
  return V.Nodes.lookup(C.Node);
}

bool VersionView::pointeeFits(QualType PT, const NodeEncoding &E) const {
  if (!isPointer(PT))
    return false;
  QualType Pointee = PT->getPointeeType().getCanonicalType().getUnqualifiedType();
  if (Pointee->isVoidType())
    return true;
  return Pointee->isRecordType() && PG.Types.get(Pointee, Ctx) == E.Struct;
}

VersionView::Rep VersionView::repOfCell(Cell C, QualType PT) const {
  Rep R;
  C = F.Graph->resolve(C);
  if (C.isNull())
    return R;
  R.E = encOfCell(C);
  if (!R.E.isPooled())
    return R;
  R.K = R.E.Indexed && C.Offset == 0 && pointeeFits(PT, R.E) ? Idx : Real;
  return R;
}

VersionView::Rep VersionView::rep(const Expr *E) const {
  if (!E || !isPointer(E->getType()))
    return {};
  // A conversion the program did not write keeps its operand's representation: a
  // `char *` holding a real pointer stays one when passed as `void *`.
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E->IgnoreParens()))
    if (isPointer(ICE->getSubExpr()->getType()))
      return rep(ICE->getSubExpr());
  auto It = F.ExprCells.find(E);
  if (It == F.ExprCells.end()) {
    // Parens and implicit casts share their operand's cell.
    const Expr *Inner = E->IgnoreParenImpCasts();
    if (Inner == E)
      return {};
    It = F.ExprCells.find(Inner);
    if (It == F.ExprCells.end())
      return {};
  }
  if (E->isGLValue())
    return repOfCell(F.Graph->edgeIfAny(It->second), E->getType());
  Rep R = repOfCell(It->second, E->getType());
  // What a function outside the program returns is an address, even into a pool
  // (`memcpy(pc_addr(...), ...)` returns its first argument): only the allocations the
  // rewriter makes pool operations of return indices.
  if (R.K == Idx)
    if (const auto *CE = dyn_cast<CallExpr>(E->IgnoreParens()))
      for (const dsa::CallSite &CS : F.Calls)
        if (CS.Call == CE) {
          const FunctionDecl *FD = CE->getDirectCallee();
          StringRef Name = FD ? FD->getName() : "";
          if (CS.Targets.empty() && !CS.DirectCallee.empty() && !CS.Hook &&
              !PG.function(CS.DirectCallee) && Name != "malloc" && Name != "calloc" &&
              Name != "realloc")
            R.K = Real;
          break;
        }
  return R;
}

VersionView::Rep VersionView::repOfVar(const VarDecl *VD) const {
  if (!isPointer(VD->getType()))
    return {};
  Cell Storage = F.VarStorage.lookup(VD);
  if (Storage.isNull())
    return {};
  return repOfCell(F.Graph->edgeIfAny(Storage), VD->getType());
}

const dsa::Pool::Variable *VersionView::pooledVariable(const Expr *E,
                                                       NodeEncoding *Enc) const {
  if (P.VariablePools.empty())
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD)
    return nullptr;
  if (!VD->hasGlobalStorage())
    return pooledLocal(VD, Enc);
  int Pl = -1;
  const dsa::Pool::Variable *Var = P.pooledVariable(dsa::globalKey(VD), &Pl);
  if (Var && Enc) {
    // A global pool: every version names it the same way.
    const dsa::Pool &Po = P.Pools[Pl];
    *Enc = NodeEncoding();
    Enc->Source = NodeEncoding::Global;
    Enc->Pool = Pl;
    Enc->LayoutId = Po.LayoutId;
    Enc->Struct = Po.Struct;
    Enc->Bits = Po.Bits;
    Enc->Indexed = Po.Indexed;
  }
  return Var;
}

std::string VersionView::pooledVariableText(const DeclRefExpr *E,
                                            const std::string &Base) const {
  NodeEncoding Enc;
  const dsa::Pool::Variable *Var = pooledVariable(E, &Enc);
  if (!Var)
    return "";
  if (!Var->Array)
    return Base + "[" + Var->Name + "]";
  const Stmt *Use = parentOf(E); // the decay
  while (Use && (isa<ImplicitCastExpr>(Use) || isa<ParenExpr>(Use)))
    Use = parentOf(Use);
  const Stmt *Above = Use ? parentOf(Use) : nullptr;
  while (Above && isa<ParenExpr>(Above))
    Above = parentOf(Above);
  const auto *BO = dyn_cast_or_null<BinaryOperator>(Use);
  const auto *UO = dyn_cast_or_null<UnaryOperator>(Above);
  if ((BO && BO->isAdditiveOp()) ||
      (isa_and_nonnull<ArraySubscriptExpr>(Use) && UO && UO->getOpcode() == UO_AddrOf))
    return "(" + idxType(Enc) + ")" + Var->Name;
  return "";
}

const dsa::Pool::Variable *VersionView::pooledLocal(const VarDecl *VD,
                                                    NodeEncoding *Enc) const {
  if (P.VariablePools.empty() || isa<ParmVarDecl>(VD) ||
      !(VD->getType()->isRecordType() || VD->getType()->isArrayType()))
    return nullptr;
  for (size_t I = 0; I < F.Vars.size() && I < F.VarInfo.size(); ++I) {
    if (F.Vars[I] != VD)
      continue;
    const dsa::Pool::Variable *Var =
        P.pooledVariable(dsa::localVariableKey(F.Key, F.VarInfo[I].Loc));
    if (!Var)
      return nullptr;
    // In a version where its structure is not pooled (another caller's), it stays a
    // local object.
    NodeEncoding E = encOfCell(F.Graph->resolve(F.VarStorage[I].second));
    if (!E.isPooled() || !E.Indexed)
      return nullptr;
    if (Enc)
      *Enc = E;
    return Var;
  }
  return nullptr;
}

Cell VersionView::cellOf(const Expr *E) const {
  auto It = F.ExprCells.find(E);
  if (It == F.ExprCells.end()) {
    const Expr *Inner = E->IgnoreParenImpCasts();
    if (Inner == E)
      return {};
    It = F.ExprCells.find(Inner);
    if (It == F.ExprCells.end())
      return {};
  }
  return F.Graph->resolve(It->second);
}

NodeEncoding VersionView::indexedFieldTarget(Cell C, QualType RecordT) const {
  C = F.Graph->resolve(C);
  if (C.isNull() || !RecordT->isRecordType())
    return {};
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(PG.Types.get(RecordT.getCanonicalType().getUnqualifiedType(), Ctx),
                          Offs);
  for (uint64_t Off : Offs) {
    Cell T = F.Graph->edgeIfAny(F.Graph->resolve({C.Node, C.Offset + Off}));
    NodeEncoding E = encOfCell(T);
    if (!T.isNull() && E.isPooled() && E.Indexed)
      return E;
  }
  return {};
}

int VersionView::layoutOfObjectAt(Cell C, QualType RecordT) const {
  C = F.Graph->resolve(C);
  if (C.isNull() || !RecordT->isRecordType())
    return -1;
  NodeEncoding E = encOfCell(C);
  if (!(E.isPooled() || E.isHolder()) || E.LayoutId < 0)
    return -1;
  dsa::TypeId T = PG.Types.get(RecordT.getCanonicalType().getUnqualifiedType(), Ctx);
  int L = dsa::layoutAt(P, E.LayoutId, C.Offset, T);
  if (L >= 0)
    touch(E);
  return L;
}

int VersionView::layoutOfPointee(const Expr *A) const {
  const Expr *X = A->IgnoreParenImpCasts();
  QualType PT = X->getType();
  if (!isPointer(PT) || !PT->getPointeeType()->isRecordType() || rep(X).K == Idx)
    return -1;
  return layoutOfObjectAt(cellOf(X), PT->getPointeeType());
}

int VersionView::layoutOfMemberBase(const MemberExpr *ME) const {
  const Expr *Base = ME->getBase();
  if (ME->isArrow())
    return isPointer(Base->getType())
               ? layoutOfObjectAt(cellOf(Base), Base->getType()->getPointeeType())
               : -1;
  return layoutOfObjectAt(cellOf(Base), Base->getType());
}

std::string VersionView::newPointerType(QualType T, Cell Pointee) const {
  if (!isPointer(T))
    return "";
  Rep R = repOfCell(Pointee, T);
  if (R.K == Idx)
    return idxType(R.E);
  QualType U = T->getPointeeType();
  if (U->isRecordType())
    if (int L = layoutOfObjectAt(Pointee, U); L >= 0) {
      // A pointer to an embedded struct that holds indices (a list header inside a node).
      std::string Q = U.getLocalQualifiers().getAsString();
      return (Q.empty() ? "" : Q + " ") + dsa::layoutTypeName(P.Layouts[L]) + " *";
    }
  if (isPointer(U) && !Pointee.isNull()) {
    std::string Inner = newPointerType(U, F.Graph->edgeIfAny(Pointee));
    if (!Inner.empty())
      return (U.isConstQualified() ? "const " : "") + Inner + " *";
  }
  return "";
}

std::string VersionView::storedDecl(QualType T, Cell Storage,
                                         const std::string &Name) const {
  if (isPointer(T)) {
    std::string N = newPointerType(T, F.Graph->edgeIfAny(Storage));
    if (N.empty())
      return "";
    return N + (compat::endsWith(StringRef(N), "*") ? "" : " ") + Name;
  }
  if (T->isStructureType()) {
    // A struct-typed local that holds indices (`struct queue q`).
    NodeEncoding E = encOfCell(Storage);
    Cell C = F.Graph->resolve(Storage);
    if (E.isHolder() && !C.isNull() && C.Offset == 0 &&
        PG.Types.get(T.getCanonicalType().getUnqualifiedType(), Ctx) == E.Struct) {
      touch(E);
      return dsa::layoutTypeName(P.Layouts[E.LayoutId]) + " " + Name; // qualifiers: the caller's
    }
    return "";
  }
  if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
    // Arrays are one object per element in the graph: the elements live at Storage.
    // (An array of arrays likewise: `path[2][64]` keeps both dimensions.)
    std::string Dim = "[" + std::to_string(CAT->getSize().getZExtValue()) + "]";
    return storedDecl(CAT->getElementType(), Storage, Name + Dim);
  }
  return "";
}

std::optional<std::vector<VersionView::HolderInitElement>>
VersionView::holderInit(const VarDecl *VD, std::string &Why) const {
  Why.clear();
  auto It = F.VarStorage.find(VD);
  if (It == F.VarStorage.end())
    return std::nullopt;
  return holderInit(dyn_cast_or_null<InitListExpr>(VD->getInit()), VD->getType(),
                    It->second, Why);
}

std::optional<std::vector<std::vector<VersionView::HolderInitElement>>>
VersionView::holderArrayInit(const VarDecl *VD, std::string &Why,
                             std::vector<const InitListExpr *> *Lists, bool InPool) const {
  Why.clear();
  auto It = F.VarStorage.find(VD);
  const auto *AT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(VD->getType()));
  const auto *ILE = dyn_cast_or_null<InitListExpr>(VD->getInit());
  if (It == F.VarStorage.end() || !AT || !ILE || !AT->getElementType()->isStructureType())
    return std::nullopt;
  NodeEncoding E = encOfCell(It->second);
  if (!(InPool ? E.isPooled() && E.Indexed : E.isHolder()) || E.LayoutId < 0)
    return std::nullopt;
  std::string At = dsa::locationString(Ctx, ILE->getBeginLoc());
  const InitListExpr *Semantic = ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
  const InitListExpr *Written = ILE->isSyntacticForm() ? ILE : ILE->getSyntacticForm();
  if (Written)
    for (const Expr *I : Written->inits())
      if (isa<DesignatedInitExpr>(I)) {
        Why = "an array of structs initialised with designators at " + At;
        return std::nullopt;
      }
  std::vector<std::vector<HolderInitElement>> Rows;
  if (Lists)
    Lists->push_back(Semantic);
  for (const Expr *I : Semantic->inits()) {
    if (isa<ImplicitValueInitExpr>(I)) {
      Rows.emplace_back(); // zeros
      continue;
    }
    const auto *Row = dyn_cast<InitListExpr>(I->IgnoreParens());
    if (!Row) {
      Why = "an array element initialised with a struct value at " +
            dsa::locationString(Ctx, I->getBeginLoc());
      return std::nullopt;
    }
    auto Elems = holderInit(Row, AT->getElementType(), It->second, Why, InPool);
    if (!Elems) {
      if (Why.empty())
        Why = "an array of structs initialised with pointers at " + At;
      return std::nullopt;
    }
    if (Lists)
      Lists->push_back(Row->isSemanticForm() ? Row : Row->getSemanticForm());
    Rows.push_back(std::move(*Elems));
  }
  return Rows;
}

std::optional<std::vector<VersionView::HolderInitElement>>
VersionView::holderInit(const InitListExpr *ILE, QualType T, Cell Storage,
                        std::string &Why, bool InPool) const {
  Why.clear();
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!ILE || !RD || !RD->isStruct())
    return std::nullopt;
  NodeEncoding E = encOfCell(Storage);
  Cell C = F.Graph->resolve(Storage);
  if (!(InPool ? E.isPooled() && E.Indexed : E.isHolder()) || E.LayoutId < 0 || C.isNull() ||
      C.Offset != 0)
    return std::nullopt;
  std::string At = dsa::locationString(Ctx, ILE->getBeginLoc());
  const InitListExpr *Semantic = ILE->isSemanticForm() ? ILE : ILE->getSemanticForm();
  const InitListExpr *Written = ILE->isSyntacticForm() ? ILE : ILE->getSyntacticForm();
  // Designators name fields, which keep their names in the new layout: the list is
  // written again in its own order, each `.field = value` rewritten. Only one plain
  // field per designator, each field once, and no positional elements beside them.
  std::vector<const FieldDecl *> Designated;
  if (Written && Written != Semantic) {
    bool Any = false, Positional = false;
    std::set<const FieldDecl *> Seen;
    for (const Expr *I : Written->inits()) {
      const auto *DIE = dyn_cast<DesignatedInitExpr>(I);
      if (!DIE) {
        Positional = true;
        continue;
      }
      Any = true;
      const FieldDecl *FD =
          DIE->size() == 1 ? compat::designatedField(*DIE->getDesignator(0)) : nullptr;
      if (!FD || FD->getParent() != RD || !Seen.insert(FD).second) {
        Why = "a struct initialised with nested or repeated designators at " + At;
        return std::nullopt;
      }
      Designated.push_back(FD);
    }
    if (Any && Positional) {
      Why = "a struct initialised with designators and positions at " + At;
      return std::nullopt;
    }
  }
  const dsa::Layout &L = P.Layouts[E.LayoutId];
  const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
  std::vector<HolderInitElement> Out;
  auto Element = [&](const FieldDecl *FD, const Expr *I) -> bool {
    uint64_t Off = RL.getFieldOffset(FD->getFieldIndex()) / 8;
    HolderInitElement El{I};
    if (!Designated.empty())
      El.Field = FD;
    auto FB = L.FieldBits.find(Off);
    if (FB != L.FieldBits.end() && FB->second) {
      El.Bits = FB->second;
      if (!FD->getType()->isPointerType())
        El.K = HolderInitElement::Zeros;
      else if (isNullConstant(I, Ctx) || rep(I).K == Idx)
        El.K = HolderInitElement::Index;
      else {
        Why = "a struct initialised with a pointer that is not an index at " + At;
        return false;
      }
    } else if (auto FA = L.FieldArrayBits.find(Off); FA != L.FieldArrayBits.end()) {
      El.K = HolderInitElement::IndexArray;
      El.Bits = FA->second;
      // An allocation of the array, or another pointer to an array of indices.
      QualType ElemT = FD->getType()->getPointeeType();
      bool OfIndices =
          isPointer(ElemT) &&
          repOfCell(F.Graph->edgeIfAny(cellOf(I)), ElemT).K == Idx;
      // A new array (its element size is respelled): the field's target, which the
      // layout already says holds indices, even where only callers see what it holds.
      bool Allocated = false;
      if (const auto *CE = dyn_cast<CallExpr>(I->IgnoreParenCasts()))
        if (const FunctionDecl *Fn = CE->getDirectCallee())
          Allocated = Fn->getName() == "malloc" || Fn->getName() == "calloc";
      if (!isNullConstant(I, Ctx) && !OfIndices && !Allocated) {
        Why = "a struct initialised with an array it does not allocate at " + At;
        return false;
      }
    } else if (L.Nested.count(Off)) {
      El.K = HolderInitElement::Zeros;
    } else if (isPointer(I->getType()) && rep(I).K == Idx) {
      Why = "an index would be stored in a pointer member at " + At;
      return false;
    }
    if (El.K == HolderInitElement::Zeros && !isZeroInitializer(I, Ctx)) {
      Why = "a struct initialised with non-zero indices at " + At;
      return false;
    }
    Out.push_back(El);
    return true;
  };
  if (!Designated.empty()) {
    for (const FieldDecl *FD : Designated) {
      unsigned K = FD->getFieldIndex();
      if (K >= Semantic->getNumInits() || !Element(FD, Semantic->getInit(K)))
        return std::nullopt;
    }
  } else {
    unsigned K = 0;
    for (const FieldDecl *FD : RD->fields()) {
      if (K >= Semantic->getNumInits())
        break;
      const Expr *I = Semantic->getInit(K++);
      if (isa<ImplicitValueInitExpr>(I))
        break; // the rest is zeros
      if (!Element(FD, I))
        return std::nullopt;
    }
  }
  touch(E);
  return Out;
}

const Expr *freedObject(const Expr *Arg) {
  const Expr *E = Arg->IgnoreParens();
  while (const auto *CE = dyn_cast<CastExpr>(E)) {
    const Expr *Sub = CE->getSubExpr()->IgnoreParens();
    if (!Sub->getType()->isAnyPointerType() || !CE->getType()->isAnyPointerType())
      break;
    E = Sub;
  }
  return E;
}

std::string VersionView::varDecl(const VarDecl *VD) const {
  // A local that lives in its owner's pool: a variable holding its index.
  NodeEncoding Enc;
  if (pooledLocal(VD, &Enc))
    return idxType(Enc) + " " + VD->getName().str();
  if (VD->hasGlobalStorage()) {
    // Lives in the globals graph, like a file-scope variable (a static local, or an
    // `extern` declaration inside a function).
    std::set<int> Pools;
    return globalDeclarator(PG, P, VD, Pools);
  }
  auto It = F.VarStorage.find(VD);
  if (It == F.VarStorage.end())
    return "";
  return storedDecl(VD->getType(), It->second, VD->getName().str());
}

dsa::TypeId VersionView::typeId(QualType T) const { return PG.Types.get(T, Ctx); }

std::string VersionView::idxType(const NodeEncoding &E) const {
  touch(E);
  return "pc_idx" + std::to_string(E.Bits);
}

std::string VersionView::layoutType(const NodeEncoding &E) const {
  touch(E);
  if (E.LayoutId >= 0)
    return dsa::layoutTypeName(P.Layouts[E.LayoutId]);
  return PG.Types.name(E.Struct);
}

bool definesStruct(dsa::ProgramGraphs &PG, ASTContext &Ctx, dsa::TypeId T) {
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *RD = dyn_cast<RecordDecl>(D);
        RD && RD->isThisDeclarationADefinition() &&
        PG.Types.get(Ctx.getRecordType(RD), Ctx) == T)
      return true;
  return false;
}

bool VersionView::completeHere(dsa::TypeId T) const {
  return definesStruct(PG, Ctx, T);
}

std::string VersionView::newReturnType() const {
  if (ReturnsIdx)
    return idxType(Returned.E);
  QualType RT = FnDecl->getReturnType();
  if (isPointer(RT))
    return newPointerType(RT, F.Ret);
  if (RT->isStructureType()) {
    // A struct returned by value whose fields hold indices (`struct list make(...)`).
    std::string D = storedDecl(RT, F.Ret, "");
    if (!D.empty())
      return (RT.isConstQualified() ? "const " : "") + StringRef(D).rtrim().str();
  }
  return "";
}

VersionView::SizeofOperand VersionView::sizeofOperand(const Expr *A) const {
  // The operand is not evaluated, so the analysis has no cells for it: decide from the
  // variables it names. `sizeof p` and `sizeof *tbl` keep their text (the declarations
  // changed, so they measure the new types); `sizeof *p`, `sizeof p->f`, `sizeof p[0]`
  // with p an index would not compile and name their new type instead.
  auto IdxVar = [&](const Expr *X) -> std::optional<Rep> {
    // An array that lives in a pool: its name is an index.
    NodeEncoding Enc;
    if (const dsa::Pool::Variable *Var = pooledVariable(X, &Enc); Var && Var->Array)
      return Rep{Idx, Enc};
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X->IgnoreParenImpCasts()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        if (Rep R = repOfVar(VD); R.K == Idx)
          return R;
    return std::nullopt;
  };
  bool Invalid = false;
  std::function<void(const Stmt *)> Scan = [&](const Stmt *S) {
    if (!S)
      return;
    // A variable that lives in a pool is no object of its type in the output.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      Invalid |= pooledVariable(DRE) != nullptr;
    if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_Deref)
      Invalid |= IdxVar(U->getSubExpr()).has_value();
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S))
      Invalid |= IdxVar(AS->getBase()).has_value();
    if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
      Invalid |= IdxVar(ME->getBase()).has_value();
    // An index compared with (or assigned) a pointer that stays one: `sizeof ((p) !=
    // NULL ? 1 : 0)`, glibc's assert in a macro's body, would compare an integer with
    // `(void *)0`.
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && (BO->isEqualityOp() || BO->isRelationalOp() || BO->isAssignmentOp())) {
      const Expr *L = BO->getLHS(), *R = BO->getRHS();
      auto StaysPointer = [&](const Expr *X) {
        return !IdxVar(X) && X->IgnoreParenImpCasts()->getType()->isAnyPointerType();
      };
      Invalid |= (IdxVar(L) && StaysPointer(R)) || (IdxVar(R) && StaysPointer(L));
    }
    for (const Stmt *C : codeChildren(S))
      Scan(C);
  };
  Scan(A);
  SizeofOperand Out;
  Out.NeedsNewType = Invalid;
  // New type of an unevaluated expression, from the variables and layouts it goes through:
  // "" = unchanged, nullopt = unknown.
  std::function<std::optional<std::string>(const Expr *)> NewType =
      [&](const Expr *X) -> std::optional<std::string> {
    X = X->IgnoreParenImpCasts();
    NodeEncoding Enc;
    if (const dsa::Pool::Variable *Var = pooledVariable(X, &Enc))
      return layoutType(Enc) +
             (Var->Array ? "[" + std::to_string(Var->Count) + "]" : std::string());
    if (auto R = IdxVar(X))
      return idxType(R->E);
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl())) {
        std::string D = varDecl(VD);
        return D.empty() ? "" : D.substr(0, D.rfind(' '));
      }
      return "";
    }
    auto Object = [&](const Expr *Ptr) -> std::optional<std::string> {
      if (auto R = IdxVar(Ptr))
        return layoutType(R->E);
      auto T = NewType(Ptr);
      if (!T)
        return std::nullopt;
      if (compat::endsWith(StringRef(*T), " *"))
        return T->substr(0, T->size() - 2);
      if (compat::endsWith(StringRef(*T),
                           "]")) // an element of an array member: "pc_idx32[4]"
        return T->substr(0, T->rfind('['));
      return T->empty() ? std::optional<std::string>("") : std::nullopt;
    };
    if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_Deref)
      return Object(U->getSubExpr());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X))
      return Object(AS->getBase());
    if (const auto *ME = dyn_cast<MemberExpr>(X)) {
      std::optional<Rep> R;
      if (ME->isArrow())
        R = IdxVar(ME->getBase());
      int LI = R ? R->E.LayoutId : -1;
      if (!R) {
        auto BT = ME->isArrow() ? Object(ME->getBase()) : NewType(ME->getBase());
        if (!BT)
          return std::nullopt;
        if (!BT->empty()) {
          // A member of a struct embedded in a pool object (`p->hdr.head`).
          LI = -1;
          for (unsigned I = 0; I < P.Layouts.size(); ++I)
            if (*BT == dsa::layoutTypeName(P.Layouts[I]))
              LI = I;
          if (LI < 0)
            return std::nullopt; // a member of some other rewritten object
        } else {
          return "";
        }
      }
      const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
      if (!FD || LI < 0)
        return "";
      const dsa::Layout &L = P.Layouts[LI];
      uint64_t Off =
          Ctx.getASTRecordLayout(FD->getParent()).getFieldOffset(FD->getFieldIndex()) / 8;
      if (auto It = L.FieldBits.find(Off); It != L.FieldBits.end() && It->second) {
        if (const auto *CAT = Ctx.getAsConstantArrayType(FD->getType()))
          return "pc_idx" + std::to_string(It->second) + "[" +
                 std::to_string(CAT->getSize().getZExtValue()) + "]";
        return "pc_idx" + std::to_string(It->second);
      }
      if (auto It = L.FieldArrayBits.find(Off); It != L.FieldArrayBits.end())
        return "pc_idx" + std::to_string(It->second) + " *";
      if (auto It = L.Nested.find(Off); It != L.Nested.end()) {
        if (const auto *CAT = Ctx.getAsConstantArrayType(FD->getType()))
          return dsa::layoutTypeName(P.Layouts[It->second]) + "[" +
                 std::to_string(CAT->getSize().getZExtValue()) + "]";
        return dsa::layoutTypeName(P.Layouts[It->second]);
      }
      return "";
    }
    return std::nullopt;
  };
  Out.NewType = NewType(A);
  if (auto R = IdxVar(A))
    Out.IndexVar = R->E;
  return Out;
}

std::string VersionView::typeText(QualType T) const {
  // A struct, union or enum of T that the function declares again under its tag (`{
  // struct node { char big[100]; } other; ... }`) may hide it where the text goes: the
  // type cannot be spelled there.
  if (const FunctionDecl *FD = F.Decl)
    for (QualType X = T; !X.isNull();) {
      if (const TagDecl *TD = X->getAsTagDecl()) {
        for (const Decl *D : FD->decls())
          if (const auto *Local = dyn_cast<TagDecl>(D);
              Local && Local->getDeclName() == TD->getDeclName() &&
              Local->getCanonicalDecl() != TD->getCanonicalDecl())
            return "";
        break;
      }
      if (X->isPointerType())
        X = X->getPointeeType();
      else if (const ArrayType *AT = Ctx.getAsArrayType(X))
        X = AT->getElementType();
      else
        break;
    }
  std::string S = T.getAsString(Ctx.getPrintingPolicy());
  if (S.find("typeof") == std::string::npos)
    return S;
  return T.getCanonicalType().getAsString(Ctx.getPrintingPolicy());
}

std::optional<std::string> VersionView::sizeofSameType(const Expr *A,
                                                       const SizeofOperand &SO) const {
  QualType T = A->getType();
  bool Known = SO.NewType && SO.NewType->empty();
  // Scalars keep their type whatever the operand; other types only when the operand is
  // known to keep its type, and when the type has a name to print.
  if (!Known && (T->isRecordType() || T->isAnyPointerType() || T->isArrayType()))
    return std::nullopt;
  std::string S = typeText(T);
  if (S.find("(unnamed") != std::string::npos || S.find("(anonymous") != std::string::npos)
    return std::nullopt;
  return S;
}

std::optional<NodeEncoding> VersionView::fieldArrayEncoding(const MemberExpr *ME) const {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD || !ME->isArrow())
    return std::nullopt;
  Rep B = rep(ME->getBase());
  int LI = B.K == Idx ? B.E.LayoutId : -1;
  if (LI < 0)
    LI = layoutOfMemberBase(ME);
  if (LI < 0)
    return std::nullopt;
  const dsa::Layout &L = P.Layouts[LI];
  uint64_t Off =
      Ctx.getASTRecordLayout(FD->getParent()).getFieldOffset(FD->getFieldIndex()) / 8;
  auto It = L.FieldArrayBits.find(Off);
  if (It == L.FieldArrayBits.end() || !It->second)
    return std::nullopt;
  NodeEncoding E;
  E.Bits = It->second;
  E.Indexed = true;
  return E;
}

std::optional<NodeEncoding> VersionView::fieldIndexEncoding(const Expr *LV) const {
  // Even where this function's graph never saw a pointer stored in the field (only
  // NULL), the layout stores an index there.
  const Expr *X = LV->IgnoreParenImpCasts();
  bool ThroughField = false; // an element of a heap array a field points to
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(X))
    if (const auto *Arr = dyn_cast<MemberExpr>(AS->getBase()->IgnoreParenImpCasts())) {
      if (Arr->getType()->isConstantArrayType())
        X = Arr;
      else if (isPointer(Arr->getType())) {
        X = Arr;
        ThroughField = true;
      }
    }
  const auto *ME = dyn_cast<MemberExpr>(X);
  if (!ME)
    return std::nullopt;
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD)
    return std::nullopt;
  Rep B;
  if (ME->isArrow()) {
    B = rep(ME->getBase());
  } else {
    const Expr *Inner = ME->getBase()->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(Inner); U && U->getOpcode() == UO_Deref)
      B = rep(U->getSubExpr());
    else if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Inner))
      B = rep(AS->getBase());
  }
  int LI = B.K == Idx ? B.E.LayoutId : -1;
  if (LI < 0)
    LI = layoutOfMemberBase(ME); // an embedded struct with a layout of its own
  if (LI < 0)
    return std::nullopt;
  const dsa::Layout &L = P.Layouts[LI];
  uint64_t Off = Ctx.getASTRecordLayout(FD->getParent()).getFieldOffset(
                     FD->getFieldIndex()) / 8;
  const std::map<uint64_t, unsigned> &Bits = ThroughField ? L.FieldArrayBits : L.FieldBits;
  auto It = Bits.find(Off);
  if (It == Bits.end() || !It->second)
    return std::nullopt;
  NodeEncoding E;
  E.Bits = It->second;
  E.Indexed = true;
  E.Pool = -1;
  return E;
}

bool VersionView::isSizeofType(const Expr *E, dsa::TypeId T) const {
  const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
  if (!S || S->getKind() != UETT_SizeOf)
    return false;
  QualType QT = S->isArgumentType() ? S->getArgumentType() : S->getArgumentExpr()->getType();
  return QT->isRecordType() && PG.Types.get(QT, Ctx) == T;
}

bool VersionView::isWholeCount(const Expr *Size, dsa::TypeId T) const {
  const Expr *S = Size->IgnoreParenImpCasts();
  if (isSizeofType(S, T))
    return true;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Mul)
    return isSizeofType(B->getRHS(), T) || isSizeofType(B->getLHS(), T);
  return false;
}

std::optional<std::pair<unsigned, unsigned>> VersionView::fileRange(SourceRange R) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return fileRangeIn(Ctx, SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())), R);
}

std::string VersionView::sourceText(const Stmt *S) const {
  auto R = rangeOf(S);
  if (!R)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
  return Buf.slice(R->first, R->second).str();
}

bool VersionView::editableInPlace(const Stmt *S) const {
  if (!S->getBeginLoc().isFileID() || !S->getEndLoc().isFileID())
    return false;
  auto R = rangeOf(S);
  if (!R)
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Stmt *C : S->children()) {
    if (!C || !isa<Expr>(C))
      continue;
    auto CR = rangeOf(C);
    if (!CR || CR->first < R->first || CR->second > R->second)
      return false;
    // A child spelled in a macro argument may share its text with other children (`f(DUP(p))`
    // with `#define DUP(x) x, x`): it is edited where it is spelled, as a copy.
    if (C->getBeginLoc().isMacroID() &&
        SM.getFileOffset(SM.getExpansionLoc(C->getBeginLoc())) != CR->first)
      return false;
  }
  return true;
}

std::optional<unsigned> VersionView::callParen(const CallExpr *E) const {
  auto CR = rangeOf(E->getCallee());
  auto ER = rangeOf(E);
  if (!CR || !ER)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
  for (unsigned I = CR->second; I < ER->second; ++I) {
    if (Buf[I] == '(')
      return I;
    if (!isspace((unsigned char)Buf[I]))
      return std::nullopt;
  }
  return std::nullopt;
}

VersionView::CallMode VersionView::callMode(const CallExpr *E, bool PoolArgs) const {
  if (editableInPlace(E) && callParen(E))
    return CallInPlace;
  return PoolArgs ? CallRebuild : CallPlace;
}

const clang::Stmt *VersionView::parentOf(const clang::Stmt *S) const {
  if (!BodyParents) {
    clang::Stmt *Body = F.Decl ? F.Decl->getBody() : nullptr;
    if (!Body)
      return nullptr;
    BodyParents = std::make_unique<clang::ParentMap>(Body);
  }
  return BodyParents->getParent(S);
}

const MacroArguments &VersionView::macroArgs() const {
  if (!MacroArgs)
    MacroArgs = std::make_unique<MacroArguments>(Ctx, PP, F.Decl);
  return *MacroArgs;
}

const MacroBodies &VersionView::macroBodies() const {
  if (!MacroBodyIndex)
    MacroBodyIndex = std::make_unique<MacroBodies>(Ctx, PP, F.Decl);
  return *MacroBodyIndex;
}

std::string VersionView::rewriteKey(const Stmt *S) const {
  std::string Key;
  llvm::raw_string_ostream OS(Key);
  auto Enc = [&](const NodeEncoding &E) {
    OS << E.Source << '.' << E.Slot << '.' << E.Pool << '.' << E.LayoutId << '.' << E.Bits
       << '.' << E.Indexed << ';';
  };
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X) {
      OS << "-;";
      return;
    }
    OS << X->getStmtClassName() << '(';
    if (const auto *E = dyn_cast<Expr>(X)) {
      if (isPointer(E->getType()))
        OS << "k" << rep(E).K << ';';
      if (auto It = F.ExprCells.find(E); It != F.ExprCells.end()) {
        Enc(encOfCell(It->second));
        Enc(encOfCell(F.Graph->edgeIfAny(It->second)));
      }
    }
    if (const auto *DS = dyn_cast<DeclStmt>(X))
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          // Each copy declares its own variable: its new type, and where it points.
          OS << "d" << varDecl(VD) << ';';
          Enc(encOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD))));
        }
    if (const auto *CE = dyn_cast<CallExpr>(X))
      for (unsigned I = 0; I < F.Calls.size(); ++I)
        if (F.Calls[I].Call == CE) {
          if (auto VC = V.Calls.find(I); VC != V.Calls.end()) {
            OS << "v" << VC->second.Version << ';';
            for (const NodeEncoding &PA : VC->second.PoolArgs)
              Enc(PA);
          }
        }
    for (const Stmt *C : codeChildren(X))
      Walk(C);
    OS << ')';
  };
  Walk(S);
  return OS.str();
}

std::vector<NodeEncoding> VersionView::pooledIn(const Stmt *S) const {
  std::vector<NodeEncoding> Out;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X)
      return;
    if (const auto *E = dyn_cast<Expr>(X))
      if (isPointer(E->getType()))
        if (auto It = F.ExprCells.find(E); It != F.ExprCells.end())
          for (Cell C : {It->second, F.Graph->edgeIfAny(It->second)})
            if (NodeEncoding Enc = encOfCell(C); Enc.isPooled())
              Out.push_back(Enc);
    for (const Stmt *Child : codeChildren(X))
      Walk(Child);
  };
  Walk(S);
  return Out;
}

std::vector<int> VersionView::poolsOf(const NodeEncoding &E) const {
  if (E.Source == NodeEncoding::Param)
    return E.Slot < V.ParamPools.size()
               ? std::vector<int>(V.ParamPools[E.Slot].begin(), V.ParamPools[E.Slot].end())
               : std::vector<int>();
  if (E.isHolder()) {
    // The pools whose objects embed it, and (a local holder) those its fields point to.
    std::set<int> Ps = dsa::poolsWithLayout(P, E.LayoutId);
    for (auto &KV : V.Nodes)
      if (KV.second.isPooled())
        for (int Pl : poolsOf(KV.second))
          Ps.insert(Pl);
    return std::vector<int>(Ps.begin(), Ps.end());
  }
  if (E.Pool >= 0)
    return {E.Pool};
  return {};
}

} // namespace ptrcomp
