//===- LocalGraphs.cpp - one function's DS graph, built from its AST ------===//
//
// A single recursive walk over each expression computes, for a glvalue, the cell of the
// object it designates and, for a pointer prvalue, the cell it points to (for a struct
// prvalue: its temporary object). Assignments unify; accesses type the nodes; calls are
// recorded as call sites for the bottom-up pass. Every variable, local or global, has a
// memory object of its own, so taking addresses needs no special case.
//
//===----------------------------------------------------------------------===//
#include "LocalGraphs.h"
#include "ByteCounts.h"
#include "FunctionFacts.h"
#include "SlotPointers.h"
#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace clang;
namespace ptrcomp::dsa {

/// File names are shown relative to the working directory, as the user typed them on
/// the command line (the parser has made them absolute): `list.c` below it, `../list.c`
/// beside it. A file with no directory in common with it but `/` (a system header) keeps
/// its absolute name.
std::string displayPathOf(llvm::StringRef Path) {
  static const std::string Cwd = [] {
    llvm::SmallString<256> D;
    llvm::sys::fs::current_path(D);
    return std::string(D);
  }();
  if (!llvm::sys::path::is_absolute(Path) || Cwd.empty())
    return Path.str();
  if (Path.size() > Cwd.size() && compat::startsWith(Path, Cwd) && Path[Cwd.size()] == '/')
    return Path.drop_front(Cwd.size() + 1).str();
  // The deepest directory both are in: "../" for each of the working directory's
  // components below it.
  llvm::SmallVector<llvm::StringRef, 16> P, C;
  llvm::StringRef(Path).split(P, '/', -1, /*KeepEmpty=*/false);
  llvm::StringRef(Cwd).split(C, '/', -1, /*KeepEmpty=*/false);
  size_t Common = 0;
  while (Common < P.size() - 1 && Common < C.size() && P[Common] == C[Common])
    ++Common;
  if (Common == 0 || P.empty())
    return Path.str();
  std::string Out;
  for (size_t I = Common; I < C.size(); ++I)
    Out += "../";
  for (size_t I = Common; I < P.size(); ++I)
    Out += P[I].str() + (I + 1 < P.size() ? "/" : "");
  return Out;
}

std::string locationString(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  std::string File = displayPathOf(P.getFilename());
  // Built in place: this runs for every place a node is first seen.
  char Buf[32];
  char *End = Buf + sizeof Buf, *B = End;
  for (unsigned V : {P.getColumn(), P.getLine()}) {
    do
      *--B = char('0' + V % 10);
    while (V /= 10);
    *--B = ':';
  }
  std::string Out;
  Out.reserve(File.size() + (End - B));
  Out.append(File.data(), File.size());
  Out.append(B, End);
  return Out;
}

static std::string unitName(const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Name = compat::fileName(SM, SM.getMainFileID());
  return Name.empty() ? "<unit>" : Name;
}

std::string functionKey(const FunctionDecl *FD) {
  if (FD->isExternallyVisible())
    return FD->getName().str();
  return FD->getName().str() + "@" + unitName(FD->getASTContext());
}

std::string globalKey(const VarDecl *VD) {
  if (VD->isExternallyVisible())
    return VD->getName().str();
  std::string Key = VD->getName().str();
  if (const auto *FD = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod()))
    Key = functionKey(FD) + "::" + Key + ":" +
          locationString(VD->getASTContext(), VD->getLocation());
  else
    Key += "@" + unitName(VD->getASTContext());
  return Key;
}

static bool isRecord(QualType T) { return T->isRecordType(); }
static bool isPointer(QualType T) {
  return T->isAnyPointerType() || T->isBlockPointerType();
}

namespace {
class Builder {
public:
  Builder(ProgramGraphs &PG, ASTContext &Ctx, DSGraph &G, FunctionGraph *FG,
          std::map<std::string, Cell> &GlobalCells,
          KeyedCells<const Expr *> &Memo, std::vector<PointerToInteger> *PointersToIntegers)
      : PG(PG), Ctx(Ctx), G(G), FG(FG), GlobalCells(GlobalCells), Memo(Memo),
        PointersToIntegers(PointersToIntegers) {}

  Cell visit(const Expr *E);
  void stmt(const Stmt *S);
  /// The unit's slot pointers (SlotPointers.h).
  const llvm::DenseSet<const ValueDecl *> *Slots = nullptr;
  bool isSlot(const ValueDecl *D) const {
    return Slots && Slots->count(cast<ValueDecl>(D->getCanonicalDecl()));
  }
  bool isSlotPointer(const Expr *E) const {
    const ValueDecl *D = slotNamed(E);
    return D && isSlot(D);
  }
  /// Whether \p E is a slot pointer's value, or one moved along its array (`top - 1`).
  bool slotOperand(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub))
      return slotOperand(BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                                   : BO->getRHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->isIncrementDecrementOp())
      return slotOperand(UO->getSubExpr());
    return isSlotPointer(E);
  }
  /// Slot pointer stored at \p Storage now also designates the places \p Source points
  /// to: its slot node's pointer is unified with theirs, the places stay apart.
  /// \p LongLived: the slot pointer may outlive the function (a static variable, a
  /// struct member). The object that holds a place must then live as long as the slot
  /// pointer may be used, which the graph shows when the object is one of the nodes the
  /// place points to (`&j->next`: the slot pointer reaches it), a variable with static
  /// storage (`&head`), or, for a member, the object that holds it (STAILQ_INIT's
  /// `h->stqh_last = &h->stqh_first`), an object that reaches that one (a TAILQ node's
  /// tqe_prev designating its head's tqh_first), or a local variable (a frame the
  /// original program could not use after it is gone either). Any other place (a holder
  /// that only a static slot pointer reaches) is designated as by an ordinary pointer,
  /// so that its pool is not destroyed while the slot pointer may still be used.
  /// (Left: a node that the program keeps after abandoning, without freeing, the
  /// heap-allocated head of its TAILQ, and then removes while it is first.)
  void slotAssign(Cell Storage, const Expr *Source, const Stmt *Where, bool LongLived,
                  bool Member = false) {
    if (const auto *CO = dyn_cast<ConditionalOperator>(Source->IgnoreParens())) {
      visit(CO->getCond());
      slotAssign(Storage, CO->getTrueExpr(), Where, LongLived, Member);
      slotAssign(Storage, CO->getFalseExpr(), Where, LongLived, Member);
      return;
    }
    Cell Place = visit(Source);
    if (Place.isNull() || G.resolve(Storage).isNull())
      return;
    Cell Slot = G.edge(G.resolve(Storage));
    G.merge(G.edge(Slot), G.edge(G.resolve(Place)), [&] { return loc(Where); });
    if (LongLived)
      LongLivedPlaces.push_back({Storage, Place, loc(Where), Member});
  }
  /// Once the function's graph is whole (the checks below only become true as it
  /// grows): the places of long-lived slot pointers (slotAssign) that their objects
  /// would not reach are designated as by ordinary pointers.
  void settleLongLivedPlaces() {
    for (auto &[Storage, Place, Where, Member] : LongLivedPlaces) {
      NodeId Holder = G.resolve(Place).Node;
      NodeId Own = G.resolve(Storage).Node;
      Cell Slot = G.edge(G.resolve(Storage));
      uint32_t Flags = G.node(Holder).Flags;
      bool Lives = Holder == G.resolve(G.edge(G.resolve(Slot))).Node || (Flags & Global);
      if (!Lives && Member)
        Lives = Holder == Own || ((Flags & Stack) && !(Flags & Heap)) ||
                llvm::is_contained(G.reachable({Cell{Holder, 0}}), Own);
      if (!Lives)
        G.merge(G.edge(G.resolve(Storage)), G.resolve(Place), Where);
    }
    LongLivedPlaces.clear();
  }
  struct LongLivedPlace {
    Cell Storage, Place;
    std::string Where;
    bool Member;
  };
  std::vector<LongLivedPlace> LongLivedPlaces;
  /// Whether the slot pointer that \p E names may outlive the function.
  bool longLivedSlot(const Expr *E) const {
    const ValueDecl *D = slotNamed(E);
    const auto *VD = dyn_cast_or_null<VarDecl>(D);
    return !VD || VD->hasGlobalStorage();
  }
  void initObject(Cell At, QualType T, const Expr *Init);
  /// The object of variable \p VD (created on first use; none for a local number whose
  /// address is not taken, unless \p AddressTaken).
  Cell varStorage(const VarDecl *VD, bool AddressTaken = false);

private:
  Cell visitUncached(const Expr *E);
  Cell castExpr(const CastExpr *E);
  Cell unary(const UnaryOperator *E);
  Cell binary(const BinaryOperator *E);
  Cell call(const CallExpr *E);
  Cell member(const MemberExpr *E);
  Cell functionNode(const FunctionDecl *FD);
  /// A new object of type \p T (an array: its element type, A), first seen at \p Where.
  Cell freshObject(uint32_t Flags, QualType T, const std::string &Where) {
    return {G.makeNode(Flags, ty(T), Where), 0};
  }
  Cell unmodelled(const Expr *E, const char *What);
  void visitChildren(const Stmt *S);
  /// The program measures the bytes between \p C and another place: its objects keep
  /// their layout (a char access alone does not say so when a char member is there).
  void measuredBytes(Cell C, const Expr *E) {
    C = G.resolve(C);
    if (!C.isNull())
      G.collapse(C.Node, "collapsed: the bytes between two places in it are measured at " +
                             loc(E));
  }
  /// Two pointers are compared or subtracted: the answer depends on whether they name
  /// the same place, which an index answers only within one pool. Unifying their targets
  /// puts whatever they may point to in one pool, where equal indices mean the same
  /// object and null is 0 for both (two pools would both number their first object 1).
  /// A slot pointer (SlotPointers.h) is compared with or subtracted from a place it
  /// may move to (`top < stack`): both stay real addresses of places, which must only
  /// hold the same pointers, as assigning one to the other would make them.
  void samePlaces(Cell A, Cell B, const Expr *E) {
    if (A.isNull() || B.isNull())
      return;
    const auto *BO = cast<BinaryOperator>(E);
    QualType T = BO->getLHS()->getType();
    if (T->isFunctionPointerType())
      return; // functions are not pooled; their identity needs no unification
    if (slotOperand(BO->getLHS()) || slotOperand(BO->getRHS())) {
      G.merge(G.edge(G.resolve(A)), G.edge(G.resolve(B)), [&] { return loc(E); });
      return;
    }
    G.merge(A, B, [&] { return loc(E); });
  }
  void access(Cell C, QualType T, const Expr *E) {
    G.access(C, ty(T), [this, E] { return loc(E); });
  }
  TypeId ty(QualType T) { return PG.Types.get(T, Ctx); }
  const std::string &loc(const Stmt *S) { return loc(S->getBeginLoc()); }
  const std::string &loc(SourceLocation L);
  void vaStart(const CallExpr *E);
  bool isVaList(const Expr *A) const;
  Cell pointerStep(Cell P, QualType PtrType, const Expr *Count, bool Negate, const Expr *E);
  uint32_t localFlag() const { return FG ? Stack : Global; }

  ProgramGraphs &PG;
  ASTContext &Ctx;
  DSGraph &G;
  FunctionGraph *FG; // null while building the globals graph
  std::map<std::string, Cell> &GlobalCells;
  KeyedCells<const Expr *> &Memo;
  std::vector<PointerToInteger> *PointersToIntegers;
  /// Opaque values already evaluated (their source is evaluated once, where the value is
  /// first used); every other expression is reached once by the walk.
  llvm::DenseSet<const OpaqueValueExpr *> OpaqueSeen;
  std::map<std::string, Cell> FunctionCells;
  llvm::DenseMap<const VarDecl *, Cell> GlobalVarCells;
  /// "file:line:col" by expansion location: each string is built once.
  llvm::DenseMap<unsigned, std::string> Locations;
};
} // namespace

const std::string &Builder::loc(SourceLocation L) {
  SourceLocation Exp = Ctx.getSourceManager().getExpansionLoc(L);
  auto [It, New] = Locations.try_emplace(Exp.getRawEncoding());
  if (New)
    It->second = locationString(Ctx, Exp);
  return It->second;
}

Cell Builder::varStorage(const VarDecl *VD, bool AddressTaken) {
  if (VD->hasGlobalStorage() || !FG) {
    if (Cell C = GlobalVarCells.lookup(VD); !C.isNull())
      return G.resolve(C);
    std::string Key = globalKey(VD);
    PG.GlobalNames.emplace(Key, VD->getName().str());
    bool Def = VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
    if (!PG.GlobalTypes.count(Key) || Def) {
      PG.GlobalTypes[Key] = PG.Types.get(VD->getType(), Ctx);
      if (Def)
        PG.GlobalTypeDefined.insert(Key);
    }
    auto It = GlobalCells.find(Key);
    if (It == GlobalCells.end()) {
      const VarDecl *Def = VD->getDefinition() ? VD->getDefinition() : VD;
      It = GlobalCells
               .emplace(Key, freshObject(Global, Def->getType(), loc(Def->getLocation())))
               .first;
    }
    GlobalVarCells[VD] = It->second;
    return G.resolve(It->second);
  }
  auto It = FG->VarStorage.find(VD);
  if (It != FG->VarStorage.end())
    return G.resolve(It->second);
  // A local number whose address is never taken is no memory object anyone can point to:
  // it gets a node only once `&` is applied to it.
  if (!AddressTaken && VD->getType().getCanonicalType()->isArithmeticType())
    return {};
  Cell C = freshObject(Stack, VD->getType(), loc(VD->getLocation()));
  FG->VarStorage.at(VD) = C;
  FG->Vars.push_back(VD);
  return C;
}

Cell Builder::functionNode(const FunctionDecl *FD) {
  std::string Key = functionKey(FD->getDefinition() ? FD->getDefinition() : FD);
  auto It = FunctionCells.find(Key);
  if (It != FunctionCells.end())
    return G.resolve(It->second);
  Cell C{G.makeNode(Global), 0};
  G.node(C.Node).Functions.push_back(Key);
  FunctionCells.emplace(Key, C);
  return C;
}

Cell Builder::unmodelled(const Expr *E, const char *What) {
  Cell C{G.makeNode(Unknown), 0};
  G.collapse(C.Node, std::string("collapsed: ") + What + " at " + loc(E));
  G.addFlags(C, Unknown, std::string("unknown: ") + What + " at " + loc(E));
  return C;
}

void Builder::visitChildren(const Stmt *S) {
  for (const Stmt *Child : codeChildren(S))
    if (Child)
      stmt(Child);
}

Cell Builder::visit(const Expr *E) {
  if (!E)
    return {};
  auto It = Memo.find(E);
  if (It != Memo.end())
    return G.resolve(It->second);
  Cell C = visitUncached(E);
  if (!C.isNull()) {
    Memo.at(E) = C;
    if (const auto *PT = E->getType()->getAs<PointerType>(); PT && E->isPRValue())
      if (PT->getPointeeType()->isRecordType())
        G.addPointerType(C, ty(PT->getPointeeType()));
  }
  return C;
}

Cell Builder::visitUncached(const Expr *E) {
  QualType T = E->getType();
  switch (E->getStmtClass()) {
  case Stmt::ParenExprClass:
    return visit(cast<ParenExpr>(E)->getSubExpr());
  case Stmt::ConstantExprClass:
  case Stmt::ExprWithCleanupsClass:
    return visit(cast<FullExpr>(E)->getSubExpr());
  case Stmt::ImplicitCastExprClass:
  case Stmt::CStyleCastExprClass:
    return castExpr(cast<CastExpr>(E));
  case Stmt::DeclRefExprClass: {
    const ValueDecl *D = cast<DeclRefExpr>(E)->getDecl();
    if (const auto *VD = dyn_cast<VarDecl>(D))
      return varStorage(VD);
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      return functionNode(FD);
    return {};
  }
  case Stmt::MemberExprClass:
    return member(cast<MemberExpr>(E));
  case Stmt::UnaryOperatorClass:
    return unary(cast<UnaryOperator>(E));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return binary(cast<BinaryOperator>(E));
  case Stmt::ArraySubscriptExprClass: {
    const auto *AS = cast<ArraySubscriptExpr>(E);
    Cell Base = visit(AS->getBase());
    visit(AS->getIdx());
    Base = pointerStep(Base, AS->getBase()->getType(), AS->getIdx(), false, E);
    Expr::EvalResult R;
    if (!(AS->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0))
      G.addFlags(Base, Array); // any subscript but [0] indexes an array
    access(Base, T, E);
    return G.resolve(Base);
  }
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: {
    const auto *CO = cast<AbstractConditionalOperator>(E);
    // `c ?: d`: the common operand is evaluated through the opaque value that stands for
    // it in the condition and the true branch.
    visit(CO->getCond());
    Cell A = visit(CO->getTrueExpr());
    Cell B = visit(CO->getFalseExpr());
    if (isRecord(T) && E->isPRValue()) {
      Cell Tmp = freshObject(0, T, loc(E));
      G.copyObject(Tmp, A, ty(T), [&] { return loc(E); });
      G.copyObject(Tmp, B, ty(T), [&] { return loc(E); });
      return G.resolve(Tmp);
    }
    if (isPointer(T) || E->isGLValue())
      return G.merge(A, B, [&] { return loc(E); });
    return {};
  }
  case Stmt::OpaqueValueExprClass: {
    const auto *OVE = cast<OpaqueValueExpr>(E);
    if (!OpaqueSeen.insert(OVE).second)
      return G.resolve(Memo.lookup(OVE->getSourceExpr()));
    return visit(OVE->getSourceExpr());
  }
  case Stmt::CallExprClass:
    return call(cast<CallExpr>(E));
  case Stmt::StringLiteralClass:
  case Stmt::PredefinedExprClass:
    return freshObject(Global, T, loc(E));
  case Stmt::CompoundLiteralExprClass: {
    const auto *CL = cast<CompoundLiteralExpr>(E);
    uint32_t Flags = CL->isFileScope() ? uint32_t(Global) : localFlag();
    if (FG && !CL->isFileScope())
      Flags |= StackTemporary;
    Cell C = freshObject(Flags, T, loc(E));
    initObject(C, T, CL->getInitializer());
    return G.resolve(C);
  }
  case Stmt::InitListExprClass: {
    Cell C = freshObject(0, T, loc(E));
    initObject(C, T, E);
    return G.resolve(C);
  }
  case Stmt::StmtExprClass: {
    const CompoundStmt *CS = cast<StmtExpr>(E)->getSubStmt();
    const Stmt *Last = CS->body_empty() ? nullptr : CS->body_back();
    for (const Stmt *S : CS->body())
      if (S != Last)
        stmt(S);
    if (const auto *LE = dyn_cast_or_null<Expr>(Last))
      return visit(LE);
    if (Last)
      stmt(Last);
    return {};
  }
  case Stmt::VAArgExprClass: {
    // A va_list object points (at its byte 0) to where the variadic arguments point:
    // va_start links it to the function's varargs cell, and a va_list handed to another
    // function (vprintf-style) carries that link with it.
    Cell List = visit(cast<VAArgExpr>(E)->getSubExpr());
    if (!isPointer(T) && !isRecord(T))
      return {};
    if (List.isNull())
      return unmodelled(E, "va_arg of an unknown va_list");
    Cell Args = G.edge(List);
    if (isPointer(T))
      return Args;
    Cell Tmp = freshObject(0, T, loc(E));
    std::vector<uint64_t> Offsets;
    PG.Types.pointerOffsets(ty(T), Offsets);
    for (uint64_t Off : Offsets) {
      Cell At = G.resolve(Tmp);
      G.merge(G.edge({At.Node, At.Offset + Off}), G.edge(List), [&] { return loc(E); });
    }
    return G.resolve(Tmp);
  }
  case Stmt::GenericSelectionExprClass:
    return visit(cast<GenericSelectionExpr>(E)->getResultExpr());
  case Stmt::AtomicExprClass: {
    // __atomic_* and C11 atomic_* builtins load, store and exchange through their
    // pointers without an assignment the graph sees: what they reach keeps its
    // representation (a node published by a compare-and-swap is stored where no pool
    // sees it).
    std::vector<Cell> Roots;
    for (const Stmt *C : E->children())
      if (const auto *X = dyn_cast_or_null<Expr>(C))
        Roots.push_back(visit(X));
    G.markReachable(Roots, Unknown, "unknown: used by an atomic operation at " + loc(E));
    if (isPointer(T))
      return unmodelled(E, "result of an atomic operation");
    return {};
  }
  case Stmt::ChooseExprClass:
    return visit(cast<ChooseExpr>(E)->getChosenSubExpr());
  case Stmt::UnaryExprOrTypeTraitExprClass: // sizeof/alignof: operand not evaluated
  case Stmt::OffsetOfExprClass:
  case Stmt::IntegerLiteralClass:
  case Stmt::FloatingLiteralClass:
  case Stmt::CharacterLiteralClass:
  case Stmt::ImaginaryLiteralClass:
  case Stmt::ImplicitValueInitExprClass:
  case Stmt::NoInitExprClass:
  case Stmt::AddrLabelExprClass:
    return {};
  default:
    break;
  }
  visitChildren(E);
  if (isPointer(T) || (E->isGLValue() && !T->isFunctionType()))
    return unmodelled(E, "unmodelled expression");
  if (isRecord(T))
    return freshObject(0, T, loc(E));
  return {};
}

Cell Builder::castExpr(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  QualType T = E->getType();
  switch (E->getCastKind()) {
  case CK_LValueToRValue: {
    Cell L = visit(Sub);
    access(L, T, E);
    if (isPointer(T))
      return L.isNull() ? L : G.edge(L);
    if (isRecord(T))
      return L;
    return {};
  }
  case CK_ArrayToPointerDecay:
  case CK_FunctionToPointerDecay:
  case CK_BitCast:
  case CK_NoOp:
  case CK_LValueBitCast:
  case CK_AddressSpaceConversion:
  case CK_AtomicToNonAtomic:
  case CK_NonAtomicToAtomic:
  case CK_BuiltinFnToFnPtr:
    return visit(Sub);
  case CK_NullToPointer:
    visit(Sub);
    return {};
  case CK_IntegralToPointer: {
    visit(Sub);
    // Whatever any integer may point to: one pseudo-global object, so that a pointer that
    // went through an integer (tagged pointers, XOR lists) still meets its objects.
    auto It = GlobalCells.find(IntegerMemoryKey);
    if (It == GlobalCells.end()) {
      It = GlobalCells.emplace(IntegerMemoryKey, Cell{G.makeNode(Global), 0}).first;
      PG.GlobalNames.emplace(IntegerMemoryKey, IntegerMemoryKey);
    }
    Cell C = G.edge(It->second);
    G.addFlags(C, Unknown, "unknown: integer cast to pointer at " + loc(E));
    G.collapse(C.Node, "collapsed: integer cast to pointer at " + loc(E));
    return G.resolve(C);
  }
  case CK_PointerToIntegral: {
    Cell P = visit(Sub);
    // An explicit cast is one-way unless the program casts integers back to pointers
    // (decided program-wide); a conversion the program did not spell is not rewritten.
    if (!isa<ExplicitCastExpr>(E) || !PointersToIntegers)
      G.addFlags(P, Unknown, "unknown: pointer converted to integer at " + loc(E));
    else if (!P.isNull())
      PointersToIntegers->push_back({P, loc(E)});
    return {};
  }
  case CK_ToUnion: {
    Cell V = visit(Sub);
    Cell U = freshObject(0, T, loc(E));
    if (isPointer(Sub->getType()) && !V.isNull())
      G.merge(G.edge(U), V, [&] { return loc(E); });
    return U;
  }
  default:
    visit(Sub);
    return {};
  }
}

Cell Builder::member(const MemberExpr *E) {
  Cell Base = visit(E->getBase());
  const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
  if (!FD || Base.isNull())
    return Base.isNull() && FD ? unmodelled(E, "member of an unknown object") : Base;
  const RecordDecl *RD = FD->getParent();
  access(Base, Ctx.getRecordType(RD), E);
  uint64_t Off = Ctx.getASTRecordLayout(RD).getFieldOffset(FD->getFieldIndex()) / 8;
  Base = G.resolve(Base);
  return G.resolve({Base.Node, Base.Offset + Off});
}

Cell Builder::unary(const UnaryOperator *E) {
  const Expr *Sub = E->getSubExpr();
  QualType T = E->getType();
  switch (E->getOpcode()) {
  case UO_Deref: {
    Cell P = visit(Sub);
    if (P.isNull())
      return unmodelled(E, "dereference of a null or non-pointer value");
    access(P, T, E);
    return G.resolve(P);
  }
  case UO_AddrOf:
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub->IgnoreParens()))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && FG) {
        FG->AddressTaken.insert(VD);
        return varStorage(VD, /*AddressTaken=*/true);
      }
    return visit(Sub);
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    Cell L = visit(Sub);
    access(L, Sub->getType(), E);
    if (!isPointer(Sub->getType()) || L.isNull())
      return {};
    Cell P = G.edge(L);
    bool Dec = E->getOpcode() == UO_PreDec || E->getOpcode() == UO_PostDec;
    Cell Q = pointerStep(P, Sub->getType(), nullptr, Dec, E);
    if (!(Q == G.resolve(P)))
      G.merge(G.edge(L), Q, [&] { return loc(E); }); // the variable now points there too
    return E->isPrefix() ? G.resolve(Q) : G.resolve(P);
  }
  case UO_Extension:
    return visit(Sub);
  default:
    visit(Sub);
    return {};
  }
}

Cell Builder::binary(const BinaryOperator *E) {
  const Expr *LHS = E->getLHS(), *RHS = E->getRHS();
  QualType LT = LHS->getType();
  switch (E->getOpcode()) {
  case BO_Assign: {
    if (isSlotPointer(LHS)) {
      Cell L = visit(LHS);
      access(L, LT, E);
      slotAssign(L, RHS, E, longLivedSlot(LHS), isa<FieldDecl>(slotNamed(LHS)));
      return G.resolve(G.edge(G.resolve(L)));
    }
    Cell L = visit(LHS);
    Cell V = visit(RHS);
    if (isRecord(LT)) {
      G.copyObject(L, V, ty(LT), [&] { return loc(E); });
      return G.resolve(L);
    }
    access(L, LT, E);
    if (isPointer(LT) && !V.isNull() && !L.isNull())
      return G.merge(G.edge(L), V, [&] { return loc(E); });
    return {};
  }
  case BO_AddAssign:
  case BO_SubAssign: {
    Cell L = visit(LHS);
    visit(RHS);
    access(L, LT, E);
    if (!isPointer(LT) || L.isNull())
      return {};
    Cell P = G.edge(L);
    Cell Q = pointerStep(P, LT, RHS, E->getOpcode() == BO_SubAssign, E);
    if (!(Q == G.resolve(P)))
      G.merge(G.edge(L), Q, [&] { return loc(E); });
    return G.resolve(Q);
  }
  case BO_Add:
  case BO_Sub: {
    Cell A = visit(LHS), B = visit(RHS);
    if (isPointer(LHS->getType()) && isPointer(RHS->getType())) {
      G.addFlags(A, Array); // pointer difference: both point into one array
      G.addFlags(B, Array);
      // It counts elements of the pointers' type: through `char *` it measures the
      // objects' bytes, which a new layout would change (as a byte access does).
      QualType Elem = LHS->getType()->getPointeeType();
      if (Elem->isVoidType())
        Elem = Ctx.CharTy;
      access(A, Elem, E);
      access(B, Elem, E);
      // Bytes between two places (also from a member to another, or to the object's
      // start): any new layout changes them, whatever the members' types.
      if (Elem->isCharType())
        for (Cell C : {A, B})
          measuredBytes(C, E);
      if (E->getOpcode() == BO_Sub)
        samePlaces(A, B, E);
      return {};
    }
    const Expr *Ptr = isPointer(LHS->getType()) ? LHS : isPointer(RHS->getType()) ? RHS
                                                                                  : nullptr;
    if (!Ptr)
      return {}; // integers, also made from addresses (AddressIntegers.h)
    Cell P = Ptr == LHS ? A : B;
    const Expr *Other = Ptr == LHS ? RHS : LHS;
    return pointerStep(P, Ptr->getType(), Other, E->getOpcode() == BO_Sub, E);
  }
  case BO_Comma:
    visit(LHS);
    return visit(RHS);
  case BO_EQ:
  case BO_NE:
  case BO_LT:
  case BO_GT:
  case BO_LE:
  case BO_GE: {
    Cell A = visit(LHS), B = visit(RHS);
    if (isPointer(LHS->getType()) && isPointer(RHS->getType()))
      samePlaces(A, B, E);
    return {};
  }
  default: {
    visit(LHS);
    visit(RHS);
    if (E->isCompoundAssignmentOp())
      access(Memo.lookup(LHS), LT, E);
    return {};
  }
  }
}

Cell Builder::call(const CallExpr *E) {
  QualType T = E->getType();
  const FunctionDecl *FD = E->getDirectCallee();
  std::string Name = FD ? FD->getName().str() : "";
  if (FD && FD->getBuiltinID()) {
    llvm::StringRef N = Name;
    if (N.consume_front("__builtin_")) {
      // Builtins with no memory effect on the graph: evaluate their arguments only.
      if (N == "expect" || N == "expect_with_probability" || N == "assume_aligned") {
        Cell V = visit(E->getArg(0));
        // The program relies on the alignment malloc gives: a pool keeps it (Plan.h,
        // MallocAligned), as for addresses made integers.
        if (N == "assume_aligned" && !V.isNull())
          G.addFlags(V, AddressInteger, "address: alignment assumed at " + loc(E));
        for (unsigned I = 1; I < E->getNumArgs(); ++I)
          visit(E->getArg(I));
        return V;
      }
      if (N == "va_start" || N == "va_copy" || N == "c23_va_start") {
        vaStart(E);
        return {};
      }
      if (compat::startsWith(N, "va_") || N == "unreachable" || N == "trap" ||
          N == "constant_p" || N == "object_size" ||
          N == "dynamic_object_size" || N == "prefetch" ||
          compat::startsWith(N, "clz") || compat::startsWith(N, "ctz") ||
          compat::startsWith(N, "popcount") || compat::startsWith(N, "bswap") ||
          compat::startsWith(N, "ffs") || compat::startsWith(N, "parity") ||
          compat::endsWith(N, "_overflow") || N == "classify_type") {
        for (const Expr *A : E->arguments())
          visit(A);
        return {};
      }
      Name = N.str();
    }
    if (Name == "alloca" || Name == "alloca_with_align") {
      for (const Expr *A : E->arguments())
        visit(A);
      Cell C{G.makeNode(Stack | StackTemporary), 0};
      G.addAllocSite(C, loc(E));
      return C;
    }
  }
  CallSite CS;
  CS.Call = E;
  CS.Loc = loc(E);
  CS.CalleeName = Name;
  if (FD)
    CS.DirectCallee = functionKey(FD->getDefinition() ? FD->getDefinition() : FD);
  else
    CS.CalleeCell = visit(E->getCallee());
  for (const Expr *A : E->arguments()) {
    Cell V = visit(A);
    QualType AT = A->getType();
    CS.Args.push_back(isPointer(AT) || isRecord(AT) ? V : Cell());
    CS.ArgTypes.push_back(isRecord(AT) ? ty(AT) : NoType);
    // A va_list handed to the C library (vprintf("%p", ap)) is read there as it was
    // passed: what the function's `...` received must keep its representation.
    if (FD && isVaList(A) && !V.isNull() &&
        Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
      G.markReachable({V}, Escapes,
                      "escapes: passed through '...' and on in a va_list to '" + Name +
                          "' at " + loc(E));
  }
  if (const ByteCountCall *BC = FD ? byteCountCall(Name) : nullptr)
    classifyByteCounts(E, *BC, Ctx, PG.Types, CS.ByteCovers);
  if (FG)
    recordCallFacts(PG, Ctx, E, FG->Decl, CS);
  if (isPointer(T)) {
    CS.Ret = {G.makeNode(), 0};
  } else if (isRecord(T)) {
    CS.Ret = freshObject(0, T, loc(E));
    CS.RetType = ty(T);
  }
  Cell R = CS.Ret;
  if (FG)
    FG->Calls.push_back(std::move(CS));
  return R;
}

/// Pointer arithmetic: \p P moved by \p Count elements of \p PtrType's pointee (one when
/// \p Count is null), backwards when \p Negate.
Cell Builder::pointerStep(Cell P, QualType PtrType, const Expr *Count, bool Negate,
                          const Expr *E) {
  if (P.isNull())
    return P;
  uint64_t Step = 1;
  if (const auto *PT = PtrType->getAs<PointerType>()) {
    TypeId Pointee = ty(PT->getPointeeType());
    Step = PG.Types.size(Pointee);
    if (!Step) // a variable-length array: some multiple of its element
      Step = PG.Types.size(PG.Types.elementType(Pointee));
  } else if (const ArrayType *AT = Ctx.getAsArrayType(PtrType)) {
    Step = PG.Types.size(PG.Types.elementType(ty(AT->getElementType())));
  }
  bool Exact = true;
  int64_t N = 1;
  Expr::EvalResult R;
  if (Count) {
    if (Count->EvaluateAsInt(R, Ctx) &&
        compat::minSignedBits(R.Val.getInt()) <= 32)
      N = R.Val.getInt().getExtValue();
    else
      Exact = false;
  }
  if (Step >= (uint64_t(1) << 31))
    Exact = false; // no meaningful constant move; and no overflow below
  // A move over pointers (`top - 1` of a `struct node **`) goes from slot to slot of an
  // array of them, also before their node has a type (which would make a move before
  // its start the way out of an object it is inside of, as container_of is).
  if (const auto *PT = PtrType->getAs<PointerType>();
      PT && PT->getPointeeType()->isPointerType() && !G.node(G.resolve(P).Node).Type)
    access(P, PT->getPointeeType(), E);
  int64_t Delta = (Negate ? -N : N) * int64_t(std::max<uint64_t>(Step, 1));
  return G.step(P, Step, Exact, Delta, loc(E));
}

/// Whether \p A is a va_list (on x86-64 an array, which a parameter holds decayed).
bool Builder::isVaList(const Expr *A) const {
  QualType VL = Ctx.getBuiltinVaListType().getCanonicalType();
  QualType T = A->IgnoreParenImpCasts()->getType().getCanonicalType();
  return T == VL || (VL->isArrayType() &&
                     T == Ctx.getArrayDecayedType(VL).getCanonicalType());
}

/// va_start(ap, last): ap's object points to the function's varargs cell;
/// va_copy(dst, src): dst's object points where src's does.
void Builder::vaStart(const CallExpr *E) {
  std::vector<Cell> Args;
  for (const Expr *A : E->arguments())
    Args.push_back(visit(A));
  if (Args.empty() || Args[0].isNull())
    return;
  Cell Dst = G.edge(Args[0]);
  const auto *FD = dyn_cast_or_null<FunctionDecl>(E->getCalleeDecl());
  if (FD && FD->getName() == "__builtin_va_copy") {
    if (Args.size() == 2 && !Args[1].isNull())
      G.merge(Dst, G.edge(Args[1]), [&] { return loc(E); });
    return;
  }
  if (FG && !FG->VarArgs.isNull())
    G.merge(Dst, FG->VarArgs, [&] { return loc(E); });
}

void Builder::initObject(Cell At, QualType T, const Expr *Init) {
  if (!Init)
    return;
  At = G.resolve(At);
  if (const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
    if (ILE->isSyntacticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    if (const auto *RT = T->getAs<RecordType>()) {
      const RecordDecl *RD = RT->getDecl()->getDefinition();
      if (!RD)
        return;
      G.access(At, ty(T), [this, Init] { return loc(Init); });
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
      if (RD->isUnion()) {
        const FieldDecl *F = ILE->getInitializedFieldInUnion();
        if (F && ILE->getNumInits() == 1)
          initObject(At, F->getType(), ILE->getInit(0));
        return;
      }
      unsigned I = 0;
      for (const FieldDecl *F : RD->fields()) {
        if (I >= ILE->getNumInits())
          break;
        Cell FC = G.resolve({At.Node, At.Offset + L.getFieldOffset(F->getFieldIndex()) / 8});
        const Expr *FI = ILE->getInit(I++);
        if (isSlot(F) && !isa<ImplicitValueInitExpr>(FI)) {
          G.access(FC, ty(F->getType()), [this, FI] { return loc(FI); });
          slotAssign(FC, FI, FI, /*LongLived=*/true, /*Member=*/true);
        } else {
          initObject(FC, F->getType(), FI);
        }
        At = G.resolve(At);
      }
      return;
    }
    if (const ArrayType *AT = Ctx.getAsArrayType(T)) {
      for (const Expr *Elem : ILE->inits())
        initObject(G.resolve(At), AT->getElementType(), Elem);
      if (const Expr *Filler = ILE->getArrayFiller())
        visit(Filler);
      return;
    }
    if (ILE->getNumInits() == 1)
      initObject(At, T, ILE->getInit(0));
    return;
  }
  if (isa<ImplicitValueInitExpr>(Init) || isa<NoInitExpr>(Init))
    return;
  Cell V = visit(Init);
  if (isRecord(T)) {
    G.copyObject(At, V, ty(T), [&] { return loc(Init); });
    return;
  }
  if (T->isArrayType()) // char s[] = "..." or an array from a compound literal
    return;
  G.access(At, ty(T), [this, Init] { return loc(Init); });
  if (isPointer(T) && !V.isNull())
    G.merge(G.edge(At), V, [&] { return loc(Init); });
}

void Builder::stmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    visit(E);
    return;
  }
  switch (S->getStmtClass()) {
  case Stmt::DeclStmtClass:
    for (const Decl *D : cast<DeclStmt>(S)->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D)) {
        Cell C = varStorage(VD);
        const Expr *Init = VD->getInit();
        if (Init && isSlot(VD)) {
          G.access(C, ty(VD->getType()), [this, Init] { return loc(Init); });
          slotAssign(C, Init, Init, VD->hasGlobalStorage());
        } else if (Init) {
          initObject(C, VD->getType(), Init);
        }
      }
    return;
  case Stmt::ReturnStmtClass: {
    const Expr *RV = cast<ReturnStmt>(S)->getRetValue();
    Cell V = visit(RV);
    if (!FG || !RV)
      return;
    QualType RT = RV->getType();
    if (isPointer(RT) && !V.isNull())
      FG->Ret = G.merge(FG->Ret, V, [&] { return loc(S); });
    else if (isRecord(RT) && !FG->Ret.isNull())
      G.copyObject(FG->Ret, V, ty(RT), [&] { return loc(S); });
    return;
  }
  case Stmt::OMPSingleDirectiveClass: {
    // copyprivate hands the values of the single thread's variables to the other
    // threads of the team, which may each be running their own call of this function
    // (an orphaned single), with pools of their own.
    const auto *D = cast<OMPSingleDirective>(S);
    for (const auto *C : D->getClausesOfKind<OMPCopyprivateClause>())
      for (const Expr *V : C->varlists())
        G.markReachable({visit(V)}, Escapes,
                        "escapes: copied to the other threads of the team by copyprivate "
                        "at " + loc(V));
    visitChildren(S);
    return;
  }
  case Stmt::GCCAsmStmtClass:
  case Stmt::MSAsmStmtClass: {
    std::vector<Cell> Roots;
    for (const Stmt *Child : S->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child))
        Roots.push_back(visit(E));
    G.markReachable(Roots, Escapes | Unknown,
                    "escapes: used by inline assembly at " + loc(S));
    return;
  }
  default:
    visitChildren(S);
  }
}

const char *const IntegerMemoryKey = "<integers>";

void buildLocalGraph(ProgramGraphs &PG, ASTContext &Ctx, const FunctionDecl *FD,
                     FunctionGraph &FG, const llvm::DenseSet<const ValueDecl *> &Slots,
                     std::vector<PointerToInteger> *PointersToIntegers) {
  FG.Graph = std::make_shared<DSGraph>(PG.Types);
  DSGraph &G = *FG.Graph;
  Builder B(PG, Ctx, G, &FG, FG.GlobalCells, FG.ExprCells, PointersToIntegers);
  B.Slots = &Slots;
  for (const ParmVarDecl *P : FD->parameters()) {
    Cell Storage = B.varStorage(P);
    QualType T = P->getType();
    if (isPointer(T)) {
      FG.Formals.push_back(G.edge(Storage));
      FG.FormalTypes.push_back(NoType);
    } else if (isRecord(T)) {
      FG.Formals.push_back(Storage);
      FG.FormalTypes.push_back(PG.Types.get(T, Ctx));
    } else {
      FG.Formals.push_back({});
      FG.FormalTypes.push_back(NoType);
    }
  }
  QualType RT = FD->getReturnType();
  if (isPointer(RT))
    FG.Ret = {G.makeNode(), 0};
  else if (isRecord(RT)) {
    FG.RetType = PG.Types.get(RT, Ctx);
    FG.Ret = {G.makeNode(0, FG.RetType), 0};
  }
  if (FD->isVariadic())
    FG.VarArgs = {G.makeNode(), 0};
  B.stmt(FD->getBody());
  B.settleLongLivedPlaces();
  // A parameter or result `T **a` whose elements the body never reads (it allocates,
  // clears or copies the array as bytes) still holds pointers to T: they get a target
  // here, so that what a caller makes of them (indices, in a pool) reaches this
  // function's versions, its parameter's type and its byte counts.
  auto ElementTarget = [&](Cell Array, QualType T) {
    if (!T->isPointerType() || !T->getPointeeType()->isPointerType())
      return;
    QualType Elem = T->getPointeeType()->getPointeeType();
    Array = G.resolve(Array);
    if (!Elem->isRecordType() || Array.isNull() || !G.edgeIfAny(Array).isNull())
      return;
    G.addPointerType(G.edge(Array), PG.Types.get(Elem, Ctx));
  };
  for (unsigned I = 0; I < FD->getNumParams() && I < FG.Formals.size(); ++I)
    ElementTarget(FG.Formals[I], FD->getParamDecl(I)->getType());
  ElementTarget(FG.Ret, FD->getReturnType());
  FG.VarStorage.shrink();
  FG.ExprCells.shrink();
  recordFunctionFacts(PG, Ctx, FD, FG);
}

void buildGlobalInitializer(ProgramGraphs &PG, ASTContext &Ctx, const VarDecl *VD,
                            const llvm::DenseSet<const ValueDecl *> &Slots,
                            std::vector<PointerToInteger> *PointersToIntegers) {
  KeyedCells<const Expr *> Memo;
  Builder B(PG, Ctx, *PG.Globals, nullptr, PG.GlobalCells, Memo, PointersToIntegers);
  B.Slots = &Slots;
  Cell C = B.varStorage(VD);
  if (const Expr *Init = VD->getInit()) {
    if (B.isSlot(VD))
      B.slotAssign(C, Init, Init, /*LongLived=*/true);
    else
      B.initObject(C, VD->getType(), Init);
  }
  B.settleLongLivedPlaces();
}

} // namespace ptrcomp::dsa
