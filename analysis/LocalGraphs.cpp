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

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace clang;
namespace ptrcomp::dsa {

/// File names are shown relative to the working directory when below it, as the user
/// typed them on the command line; the parser has made them absolute.
static llvm::StringRef displayName(llvm::StringRef Path) {
  static const std::string Cwd = [] {
    llvm::SmallString<256> D;
    llvm::sys::fs::current_path(D);
    return std::string(D) + "/";
  }();
  Path.consume_front(Cwd);
  return Path;
}

std::string locationString(const ASTContext &Ctx, SourceLocation Loc) {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return displayName(P.getFilename()).str() + ":" + std::to_string(P.getLine()) + ":" +
         std::to_string(P.getColumn());
}

static std::string unitName(const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  if (const FileEntry *FE = SM.getFileEntryForID(SM.getMainFileID()))
    return FE->getName().str();
  return "<unit>";
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
          llvm::DenseMap<const Expr *, Cell> &Memo)
      : PG(PG), Ctx(Ctx), G(G), FG(FG), GlobalCells(GlobalCells), Memo(Memo) {}

  Cell visit(const Expr *E);
  void stmt(const Stmt *S);
  void initObject(Cell At, QualType T, const Expr *Init);
  Cell varStorage(const VarDecl *VD);

private:
  Cell visitUncached(const Expr *E);
  Cell castExpr(const CastExpr *E);
  Cell unary(const UnaryOperator *E);
  Cell binary(const BinaryOperator *E);
  Cell call(const CallExpr *E);
  Cell member(const MemberExpr *E);
  Cell functionNode(const FunctionDecl *FD);
  Cell freshObject(uint32_t Flags, QualType T) { return {G.makeNode(Flags, ty(T)), 0}; }
  Cell unmodelled(const Expr *E, const char *What);
  void visitChildren(const Stmt *S);
  void access(Cell C, QualType T, const Expr *E) { G.access(C, ty(T), loc(E)); }
  TypeId ty(QualType T) { return PG.Types.get(T, Ctx); }
  std::string loc(const Stmt *S) { return locationString(Ctx, S->getBeginLoc()); }
  uint32_t localFlag() const { return FG ? Stack : Global; }

  ProgramGraphs &PG;
  ASTContext &Ctx;
  DSGraph &G;
  FunctionGraph *FG; // null while building the globals graph
  std::map<std::string, Cell> &GlobalCells;
  llvm::DenseMap<const Expr *, Cell> &Memo;
  llvm::DenseSet<const Expr *> Visited;
  std::map<std::string, Cell> FunctionCells;
};
} // namespace

Cell Builder::varStorage(const VarDecl *VD) {
  if (VD->hasGlobalStorage() || !FG) {
    std::string Key = globalKey(VD);
    PG.GlobalNames.emplace(Key, VD->getName().str());
    auto It = GlobalCells.find(Key);
    if (It != GlobalCells.end())
      return G.resolve(It->second);
    const VarDecl *Def = VD->getDefinition() ? VD->getDefinition() : VD;
    Cell C = freshObject(Global, Def->getType());
    GlobalCells.emplace(Key, C);
    return C;
  }
  auto It = FG->VarStorage.find(VD);
  if (It != FG->VarStorage.end())
    return G.resolve(It->second);
  Cell C = freshObject(Stack, VD->getType());
  FG->VarStorage[VD] = C;
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
  for (const Stmt *Child : S->children())
    if (Child)
      stmt(Child);
}

Cell Builder::visit(const Expr *E) {
  if (!E)
    return {};
  auto It = Memo.find(E);
  if (It != Memo.end())
    return G.resolve(It->second);
  if (!Visited.insert(E).second)
    return {}; // a scalar already evaluated
  Cell C = visitUncached(E);
  if (!C.isNull()) {
    Memo[E] = C;
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
    Expr::EvalResult R;
    bool Zero = AS->getIdx()->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0;
    if (!Zero)
      G.addFlags(Base, Array);
    access(Base, T, E);
    return G.resolve(Base);
  }
  case Stmt::ConditionalOperatorClass:
  case Stmt::BinaryConditionalOperatorClass: {
    const auto *CO = cast<AbstractConditionalOperator>(E);
    if (const auto *BCO = dyn_cast<BinaryConditionalOperator>(E))
      visit(BCO->getCommon());
    visit(CO->getCond());
    Cell A = visit(CO->getTrueExpr());
    Cell B = visit(CO->getFalseExpr());
    if (isRecord(T) && E->isPRValue()) {
      Cell Tmp = freshObject(0, T);
      G.copyObject(Tmp, A, ty(T), loc(E));
      G.copyObject(Tmp, B, ty(T), loc(E));
      return G.resolve(Tmp);
    }
    if (isPointer(T) || E->isGLValue())
      return G.merge(A, B);
    return {};
  }
  case Stmt::OpaqueValueExprClass:
    return visit(cast<OpaqueValueExpr>(E)->getSourceExpr());
  case Stmt::CallExprClass:
    return call(cast<CallExpr>(E));
  case Stmt::StringLiteralClass:
  case Stmt::PredefinedExprClass:
    return freshObject(Global, T);
  case Stmt::CompoundLiteralExprClass: {
    const auto *CL = cast<CompoundLiteralExpr>(E);
    Cell C = freshObject(CL->isFileScope() ? Global : localFlag(), T);
    initObject(C, T, CL->getInitializer());
    return G.resolve(C);
  }
  case Stmt::InitListExprClass: {
    Cell C = freshObject(0, T);
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
    visit(cast<VAArgExpr>(E)->getSubExpr());
    if (isPointer(T) && FG) {
      if (FG->VarArgs.isNull())
        FG->VarArgs = {G.makeNode(), 0};
      return G.resolve(FG->VarArgs);
    }
    return isRecord(T) ? freshObject(0, T) : Cell();
  }
  case Stmt::GenericSelectionExprClass:
    return visit(cast<GenericSelectionExpr>(E)->getResultExpr());
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
    return freshObject(0, T);
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
    Cell C{G.makeNode(Unknown), 0};
    G.addFlags(C, Unknown, "unknown: integer cast to pointer at " + loc(E));
    G.collapse(C.Node, "collapsed: integer cast to pointer at " + loc(E));
    return C;
  }
  case CK_PointerToIntegral: {
    Cell P = visit(Sub);
    G.addFlags(P, Unknown, "unknown: pointer cast to integer at " + loc(E));
    return {};
  }
  case CK_ToUnion: {
    Cell V = visit(Sub);
    Cell U = freshObject(0, T);
    if (isPointer(Sub->getType()) && !V.isNull())
      G.merge(G.edge(U), V);
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
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()); VD && FG)
        FG->AddressTaken.insert(VD);
    return visit(Sub);
  case UO_PreInc:
  case UO_PreDec:
  case UO_PostInc:
  case UO_PostDec: {
    Cell L = visit(Sub);
    access(L, Sub->getType(), E);
    if (!isPointer(Sub->getType()))
      return {};
    Cell P = G.edge(L);
    G.addFlags(P, Array);
    return G.resolve(P);
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
    Cell L = visit(LHS);
    Cell V = visit(RHS);
    if (isRecord(LT)) {
      G.copyObject(L, V, ty(LT), loc(E));
      return G.resolve(L);
    }
    access(L, LT, E);
    if (isPointer(LT) && !V.isNull() && !L.isNull())
      return G.merge(G.edge(L), V);
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
    G.addFlags(P, Array);
    return G.resolve(P);
  }
  case BO_Add:
  case BO_Sub: {
    Cell A = visit(LHS), B = visit(RHS);
    if (isPointer(LHS->getType()) && isPointer(RHS->getType())) {
      G.addFlags(A, Array); // pointer difference: both point into one array
      G.addFlags(B, Array);
      return {};
    }
    const Expr *Ptr = isPointer(LHS->getType()) ? LHS : isPointer(RHS->getType()) ? RHS
                                                                                  : nullptr;
    if (!Ptr)
      return {};
    Cell P = Ptr == LHS ? A : B;
    const Expr *Other = Ptr == LHS ? RHS : LHS;
    Expr::EvalResult R;
    if (!(Other->EvaluateAsInt(R, Ctx) && R.Val.getInt() == 0))
      G.addFlags(P, Array);
    return G.resolve(P);
  }
  case BO_Comma:
    visit(LHS);
    return visit(RHS);
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
        for (unsigned I = 1; I < E->getNumArgs(); ++I)
          visit(E->getArg(I));
        return V;
      }
      if (N.startswith("va_") || N == "unreachable" || N == "trap" ||
          N == "constant_p" || N == "object_size" || N == "dynamic_object_size" ||
          N == "prefetch" || N.startswith("clz") || N.startswith("ctz") ||
          N.startswith("popcount") || N.startswith("bswap") || N.startswith("ffs") ||
          N.startswith("parity") || N.endswith("_overflow") || N == "classify_type") {
        for (const Expr *A : E->arguments())
          visit(A);
        return {};
      }
      Name = N.str();
    }
    if (Name == "alloca" || Name == "alloca_with_align") {
      for (const Expr *A : E->arguments())
        visit(A);
      Cell C{G.makeNode(Stack), 0};
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
  }
  if (isPointer(T)) {
    CS.Ret = {G.makeNode(), 0};
  } else if (isRecord(T)) {
    CS.Ret = freshObject(0, T);
    CS.RetType = ty(T);
  }
  Cell R = CS.Ret;
  if (FG)
    FG->Calls.push_back(std::move(CS));
  return R;
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
      G.access(At, ty(T), loc(Init));
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
        initObject(FC, F->getType(), ILE->getInit(I++));
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
    G.copyObject(At, V, ty(T), loc(Init));
    return;
  }
  if (T->isArrayType()) // char s[] = "..." or an array from a compound literal
    return;
  G.access(At, ty(T), loc(Init));
  if (isPointer(T) && !V.isNull())
    G.merge(G.edge(At), V);
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
        if (const Expr *Init = VD->getInit())
          initObject(C, VD->getType(), Init);
      }
    return;
  case Stmt::ReturnStmtClass: {
    const Expr *RV = cast<ReturnStmt>(S)->getRetValue();
    Cell V = visit(RV);
    if (!FG || !RV)
      return;
    QualType RT = RV->getType();
    if (isPointer(RT) && !V.isNull())
      FG->Ret = G.merge(FG->Ret, V);
    else if (isRecord(RT) && !FG->Ret.isNull())
      G.copyObject(FG->Ret, V, ty(RT), loc(S));
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

void buildLocalGraph(ProgramGraphs &PG, ASTContext &Ctx, const FunctionDecl *FD,
                     FunctionGraph &FG) {
  FG.Graph = std::make_shared<DSGraph>(PG.Types);
  DSGraph &G = *FG.Graph;
  Builder B(PG, Ctx, G, &FG, FG.GlobalCells, FG.ExprCells);
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
}

void buildGlobalInitializer(ProgramGraphs &PG, ASTContext &Ctx, const VarDecl *VD) {
  llvm::DenseMap<const Expr *, Cell> Memo;
  Builder B(PG, Ctx, *PG.Globals, nullptr, PG.GlobalCells, Memo);
  Cell C = B.varStorage(VD);
  if (const Expr *Init = VD->getInit())
    B.initObject(C, VD->getType(), Init);
}

} // namespace ptrcomp::dsa
