//===- FunctionLegality.cpp - what one function version cannot express ----===//
//
// The walk follows the rewriter's (tool/rewrite/FunctionRewriter.cpp) expression by
// expression and reads values through the same VersionView, so a rule here fires
// exactly where the rewriter would have to give up.
//
//===----------------------------------------------------------------------===//
#include "FunctionLegality.h"
#include "../rules/ByteCounts.h"
#include "../rules/TypesAndNames.h"
#include "../rules/Counter.h"
#include "../rules/Cleanup.h"
#include "../rules/PointerComparisons.h"
#include "../rules/StructCopies.h"
#include "../rules/MacroExpansions.h"

#include "ptrcomp/analysis/AllocationHooks.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "ptrcomp/analysis/ByteCountCall.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;
namespace ptrcomp {

using dsa::Cell;
using dsa::NodeEncoding;

static bool isAllocator(StringRef Name) {
  return Name == "malloc" || Name == "calloc" || Name == "realloc" ||
         Name == "aligned_alloc" || Name == "strdup" || Name == "valloc";
}

void FunctionLegality::veto(const NodeEncoding &E, const Stmt *S, const std::string &What) {
  std::string Why = S ? What + " at " + dsa::locationString(Ctx, S->getBeginLoc()) : What;
  for (int Pl : poolsOf(E))
    Vetoes.emplace(Pl, Why);
}

void FunctionLegality::vetoAllPools(const std::string &Why) {
  for (auto &KV : V.Nodes)
    if (KV.second.isPooled())
      for (int Pl : poolsOf(KV.second))
        Vetoes.emplace(Pl, Why);
}

//===-- Rules --------------------------------------------------------------===//

void FunctionLegality::ruleEntryInterface() {
  // The version with the original signature keeps its parameters' and result's types:
  // its callers are outside the plan (main, functions called through pointers).
  if (!V.IsOriginal)
    return;
  for (const VarDecl *VD : F.Vars)
    if (isa<ParmVarDecl>(VD) && !varDecl(VD).empty())
      veto(repOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD)), VD->getType()).E,
           F.Decl->getBody(),
           "parameter '" + VD->getName().str() + "' of an entry point would change type");
  if (!newReturnType().empty())
    veto(repOfCell(F.Graph->edgeIfAny(F.Ret), F.Decl->getReturnType()).E, F.Decl->getBody(),
         "the result of '" + F.Name + "' would change type");
}

void FunctionLegality::ruleBodyInMacro() {
  // Pools are created after the body's `{` and destroyed before its `}`.
  const auto *Body = cast<CompoundStmt>(F.Decl->getBody());
  if (V.OwnedPools.empty() || (fileRange(Body->getLBracLoc()) && fileRange(Body->getRBracLoc())))
    return;
  for (int Pl : V.OwnedPools)
    Vetoes.emplace(Pl, "the body of '" + F.Name + "' is written inside a macro");
}

void FunctionLegality::ruleOpaquePoolOwner() {
  // A pool is sized where it is created; an opaque struct's size comes from the file
  // that defines it (ptrcomp_size_<layout>), which needs a layout and one pool per call.
  for (int Pl : V.OwnedPools) {
    const dsa::Pool &Po = P.Pools[Pl];
    if (!completeHere(Po.Struct) && (Po.LayoutId < 0 || Po.SharedByActivations))
      Vetoes.emplace(Pl, "its struct is opaque in '" + F.Name + "', which creates its pool");
  }
}

void FunctionLegality::ruleInteriorPointerAsIndex(const Expr *E) {
  // An index names a whole object; a pointer into the middle of one has no index.
  if (isNullConstant(E, Ctx))
    return;
  if (Rep R = rep(E); R.K == Real)
    veto(R.E, E, "a pointer into an object is used as a pointer to the object");
}

void FunctionLegality::ruleCompoundLiteral(const CompoundLiteralExpr *E) {
  if (Rep R = rep(E); R.E.isPooled())
    veto(R.E, E, "a compound literal points into a pool");
}

void FunctionLegality::ruleStructThroughVaArg(const VAArgExpr *E) {
  // `va_arg(ap, struct stack)` keeps its type as written, while the struct passed holds
  // indices in a layout of its own.
  if (NodeEncoding X = indexedFieldTarget(cellOf(E), E->getType()); X.isPooled())
    veto(X, E, "a struct holding indices is read by va_arg");
}

void FunctionLegality::ruleUnsupportedExpression(const Expr *E) {
  // GNU statement expressions, `a ?: b` and _Generic are not rewritten.
  Rep R = rep(E);
  bool Pooled = R.E.isPooled();
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Pooled)
      return;
    if (const auto *X = dyn_cast<Expr>(S))
      if (rep(X).E.isPooled() || fieldIndexEncoding(X))
        Pooled = true;
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  if (!isa<StmtExpr>(E))
    for (const Stmt *C : E->children())
      Walk(C);
  if (!Pooled)
    return;
  NodeEncoding Any = R.E;
  for (auto &KV : V.Nodes)
    if (!Any.isPooled())
      Any = KV.second;
  veto(Any, E, std::string("pooled data used in a ") + E->getStmtClassName());
}

void FunctionLegality::ruleVariadicLastParameter() {
  // va_start(ap, last) needs a parameter that default promotions leave as it is; a
  // 16-bit index is promoted to int.
  const FunctionDecl *FD = F.Decl;
  if (!FD || !FD->isVariadic() || FD->param_empty())
    return;
  const ParmVarDecl *Last = FD->parameters().back();
  if (Rep R = repOfVar(Last); R.K == Idx && R.E.Bits < 32)
    veto(R.E, nullptr,
         "'" + Last->getName().str() + "', the last parameter before '...' of '" +
             FD->getName().str() + "', would be a " + std::to_string(R.E.Bits) +
             "-bit index, which va_start cannot name (it is promoted), at " +
             dsa::locationString(Ctx, Last->getLocation()));
}

void FunctionLegality::ruleReturnInStatementExpression(const StmtExpr *E) {
  // A statement expression kept as it is (`#define TRY(e) ({ ...; if (r < 0) return r;
  // r; })`) keeps its returns, which would leave without destroying the pools.
  const Stmt *RS =
      firstInCode(E->getSubStmt(), [](const Stmt *S) { return isa<ReturnStmt>(S); });
  if (!RS)
    return;
  std::string Why = "a return inside a statement expression at " +
                    dsa::locationString(Ctx, RS->getBeginLoc()) +
                    " would leave without destroying the pool";
  for (int Pl : V.OwnedPools)
    if (!P.Pools[Pl].SharedByActivations)
      Vetoes.emplace(Pl, Why);
}

void FunctionLegality::ruleIndexInPointerInitializer(const InitListExpr *E) {
  // Reading through indices inside an initializer is fine; storing an index into the
  // pointer member of an object ptrcomp does not rewrite is not.
  const InitListExpr *Semantic = E->isSemanticForm() ? E : E->getSemanticForm();
  if (!Semantic || WrittenHolderInits.count(Semantic))
    return; // a struct-typed local's list, written again for its new layout
  for (const Expr *I : Semantic->inits())
    if (I && isPointer(I->getType()) && !isNullConstant(I, Ctx))
      if (Rep R = rep(I); R.K == Idx)
        veto(R.E, I, "an index would be stored in an initializer of pointers");
}

void FunctionLegality::ruleCast(const CStyleCastExpr *E) {
  if (!isPointer(E->getType()))
    return; // to an integer: the real address (pc_addr)
  const Expr *Sub = E->getSubExpr();
  Rep R = rep(E), S = rep(Sub);
  if (R.K == Plain && S.K == Idx)
    veto(S.E, E, "an index is converted to an unrelated pointer type");
  if (R.K == Idx && !isNullConstant(Sub, Ctx) && S.K != Idx)
    veto(R.E, E, "a pointer that is not a pool index is converted to " +
                     E->getType().getAsString());
}

void FunctionLegality::ruleFieldOfUnrewrittenObject(const MemberExpr *E) {
  // A field whose type would change, in an object whose layout does not.
  bool PoolObject;
  if (E->isArrow()) {
    Rep B = rep(E->getBase());
    PoolObject = B.K != Plain;
  } else {
    const Expr *Inner = E->getBase()->IgnoreParenImpCasts();
    PoolObject = false;
    if (const auto *U = dyn_cast<UnaryOperator>(Inner); U && U->getOpcode() == UO_Deref)
      PoolObject = rep(U->getSubExpr()).K == Idx;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Inner))
      PoolObject = rep(AS->getBase()).K == Idx;
  }
  if (PoolObject && isPointer(E->getType()) && !E->getType()->isArrayType() &&
      rep(E).K == Idx && !fieldIndexEncoding(E)) {
    // The objects' layout keeps a pointer in the field, while what it points to is
    // in a pool of indices: a pool that another function chooses (its callers').
    Rep T = rep(E);
    veto(T.E, E,
         "stored in field '" + E->getMemberNameInfo().getAsString() +
             "' of objects whose layout keeps a pointer there (the pool it points into "
             "is chosen by the callers)");
    return;
  }
  if ((PoolObject && !(E->isArrow() && rep(E->getBase()).K == Real)) ||
      layoutOfMemberBase(E) >= 0)
    return;
  auto It = F.ExprCells.find(E);
  if (It == F.ExprCells.end() || storedDecl(E->getType(), It->second, "x").empty())
    return;
  veto(repOfCell(F.Graph->edgeIfAny(It->second), E->getType()).E, E,
       "stored in field '" + E->getMemberNameInfo().getAsString() +
           "' of an object that ptrcomp does not rewrite");
}

void FunctionLegality::ruleAddressOfPoolObject(const UnaryOperator *E) {
  // &*p and &a[i] of indices are indices; any other address of a pool object is not.
  Rep R = rep(E);
  if (R.K != Idx)
    return;
  const Expr *Inner = E->getSubExpr()->IgnoreParens();
  if (const auto *D = dyn_cast<UnaryOperator>(Inner); D && D->getOpcode() == UO_Deref)
    return;
  if (isa<ArraySubscriptExpr>(Inner))
    return;
  veto(R.E, E, "the address of an object in a pool is taken in an unsupported way");
}

void FunctionLegality::ruleAllocationSize(const CallExpr *E, StringRef Name,
                                          ArrayRef<const Expr *> Args,
                                          const NodeEncoding &Enc) {
  // Pool allocation counts objects: the size must be n * sizeof(T), or a size the
  // function only passes on from its caller (an allocation wrapper).
  auto Fail = [&](const char *What) {
    veto(Enc, E, std::string(What) + " (sizes must be n * sizeof(" +
                     PG.Types.name(Enc.Struct) + "))");
  };
  auto Passed = [&](unsigned I) { return sizeParameter(F.Decl, Args[I]) != nullptr; };
  if (Name == "malloc" && Args.size() == 1) {
    if (!isWholeCount(Args[0], Enc.Struct) && !Passed(0))
      Fail("allocation size not understood");
  } else if (Name == "calloc" && Args.size() == 2) {
    if (!isSizeofType(Args[1], Enc.Struct) && !isSizeofType(Args[0], Enc.Struct) &&
        !(Passed(0) && Passed(1)))
      Fail("allocation size not understood");
  } else if (Name == "realloc" && Args.size() == 2) {
    if (!isWholeCount(Args[1], Enc.Struct) && !Passed(1))
      Fail("reallocation size not understood");
    else if (!Enc.Indexed)
      Fail("realloc of a pooled structure without indices");
  } else {
    veto(Enc, E, "allocated by '" + Name.str() + "', which ptrcomp does not rewrite");
  }
}

void FunctionLegality::ruleAllocationHook(const CallExpr *E, const dsa::CallSite &CS,
                                          const HookAllocation &HA,
                                          const NodeEncoding &Enc) {
  // A call through a hook becomes a pool operation only when it is a call of its
  // allocator whatever the hook holds (the plan has left out the other hooks' objects),
  // and when what the pool operation leaves out (the function pointer, arguments the
  // allocator does not take) or repeats has no effect of its own.
  if (std::string Why = dsa::hookRefusal(F, CS); !Why.empty()) {
    veto(Enc, nullptr, Why);
    return;
  }
  for (const auto *Parts : {&HA.Dropped, &HA.Repeated})
    for (const Expr *X : *Parts)
      if (X->HasSideEffects(Ctx)) {
        veto(Enc, E,
             "a call through allocation hook '" + CS.Hook->Hook +
                 "' whose pointer or arguments have side effects");
        return;
      }
}

void FunctionLegality::ruleWrapperAllocationSize(const CallExpr *E,
                                                 const dsa::FunctionVersion &W,
                                                 const std::vector<NodeEncoding> &PoolArgs,
                                                 std::map<unsigned, bool> &Counts) {
  // The callee allocates from a pool with a size it received from us: its version
  // takes a number of objects, so our argument must be n * sizeof(T).
  dsa::FunctionGraph &Callee = *PG.function(W.Function);
  // (The callee may be in another unit: its calls are read from their facts.)
  for (const dsa::CallSite &CS : Callee.Calls) {
    std::optional<dsa::AllocatorCallFacts> AC = dsa::allocatorCallFacts(CS);
    if (!AC)
      continue;
    const std::string &N = AC->Name;
    unsigned NumArgs = N == "malloc" ? 1 : N == "calloc" || N == "realloc" ? 2 : 0;
    if (!NumArgs || AC->SizeParams.size() != NumArgs)
      continue;
    Cell R = Callee.Graph->resolve(CS.Ret);
    NodeEncoding Enc = R.isNull() ? NodeEncoding() : W.Nodes.lookup(R.Node);
    if (!Enc.isPooled())
      continue;
    std::vector<unsigned> Passed;
    for (unsigned K = N == "realloc" ? 1 : 0; K < NumArgs; ++K)
      if (int PI = AC->SizeParams[K]; PI >= 0 && unsigned(PI) < E->getNumArgs())
        Passed.push_back(unsigned(PI));
    if (Passed.empty())
      continue;
    bool Whole = false;
    if (N == "calloc" && Passed.size() == 2) {
      for (unsigned K : Passed)
        if (!Whole && isSizeofType(E->getArg(K), Enc.Struct))
          Whole = Counts[K] = true;
    } else if (N != "calloc" && Passed.size() == 1) {
      if (isWholeCount(E->getArg(Passed[0]), Enc.Struct))
        Whole = Counts[Passed[0]] = true;
    }
    if (!Whole)
      for (const NodeEncoding &PA : PoolArgs)
        veto(PA, E, "allocation size passed to '" + Callee.Name +
                        "' is not a whole number of " + PG.Types.name(Enc.Struct));
  }
}

void FunctionLegality::ruleIndirectCall(const CallExpr *E) {
  // A call the plan does not direct (through a pointer to functions it cannot name):
  // its callees expect real pointers.
  for (const Expr *A : E->arguments())
    if (Rep R = rep(A); R.K == Idx)
      veto(R.E, E, "passed through a call via a function pointer");
  if (Rep R = rep(E); R.K == Idx)
    veto(R.E, E, "returned from a call via a function pointer");
}

void FunctionLegality::ruleDeclaration(const DeclStmt *DS) {
  // A declaration whose variables change type is written again declarator by
  // declarator.
  bool AnyTypeChange = false;
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D))
      AnyTypeChange |= !varDecl(VD).empty();
  if (!AnyTypeChange)
    return;
  NodeEncoding First;
  if (const auto *VD = dyn_cast<VarDecl>(*DS->decl_begin()))
    First = repOfVar(VD).E;
  std::string CommonType;
  bool Uniform = true;
  for (const Decl *D : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(D);
    if (!VD) {
      veto(First, DS, "a declaration mixing types and variables");
      return;
    }
    std::string NewDecl = varDecl(VD);
    std::string Type = NewDecl.empty() ? "?" : NewDecl.substr(0, NewDecl.rfind(' '));
    std::string HolderWhy;
    if (auto Elems = holderInit(VD, HolderWhy)) {
      if (const auto *ILE = dyn_cast<InitListExpr>(VD->getInit()))
        WrittenHolderInits.insert(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm());
    } else if (!HolderWhy.empty()) {
      veto(encOfCell(F.VarStorage.lookup(VD)), nullptr, HolderWhy);
    } else if (!NewDecl.empty())
      if (const auto *ILE = dyn_cast_or_null<InitListExpr>(VD->getInit()))
        for (const Expr *I : ILE->inits())
          if (!isZeroInitializer(I, Ctx)) {
            // The elements' structure (an array variable has no pointer value itself).
            NodeEncoding Elem = encOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD)));
            std::string Why = std::string(VD->getType()->isStructureType()
                                              ? "a struct initialised with pointers at "
                                              : "an array of pointers initialised with "
                                                "pointers at ") +
                              dsa::locationString(Ctx, I->getBeginLoc());
            if (Elem.isPooled())
              veto(Elem, nullptr, Why);
            else
              vetoAllPools(Why);
          }
    if (CommonType.empty())
      CommonType = Type;
    Uniform &= CommonType == Type;
  }
  const auto *FS = dyn_cast_or_null<ForStmt>(parentOf(DS));
  bool InFor = FS && FS->getInit() == DS;
  if (InFor && !Uniform && DS->decls().begin() + 1 != DS->decls().end())
    veto(First, DS, "a for-loop declaration whose variables would need different types");
  if (!fileRange(DS->getSourceRange()) && !macroBodies().rootOf(DS)) {
    std::string Why = "used inside a macro at " + dsa::locationString(Ctx, DS->getBeginLoc());
    if (First.isPooled())
      veto(First, nullptr, Why);
    else
      vetoAllPools(Why);
  }
}

void FunctionLegality::ruleEditableText(const Stmt *S) {
  // Code in a macro's body is written as the macro's expansion at the use when that use
  // is a whole expression or statement (see MacroBodies.h).
  if (const Stmt *Root = macroBodies().rootOf(S)) {
    ruleExpansion(Root);
    return;
  }
  // The pools of the pointers the macro's code works with; when none is known, every
  // pool of the function.
  std::string Why = macroBodies().problem(S);
  vetoCode(S, !Why.empty() ? Why
                           : "used inside a macro at " +
                                 dsa::locationString(Ctx, S->getBeginLoc()));
}

void FunctionLegality::ruleExpansion(const Stmt *Root) {
  // A use written as its expansion prints __COUNTER__'s values as numbers.
  if (!CheckedRoots.insert(Root).second)
    return;
  if (std::string Why = rules::counterProblem(*this, Root, false, PP); !Why.empty())
    vetoCode(Root, Why);
  if (std::string Why = rules::expansionProblem(*this, Root); !Why.empty())
    vetoCode(Root, Why);
}

static std::string expandedTwice(const MacroArguments &MA, const Stmt *S) {
  return "the argument of macro '" + MA.macroName(S) + "' at " + MA.where(S) +
         " is expanded more than once, and its expansions would need different rewrites";
}

void FunctionLegality::ruleArgumentExpandedTwice() {
  for (auto &[R, Ks] : Copies) {
    const CopyKey *Changed = nullptr;
    for (const CopyKey &K : Ks)
      if (!Changed && K.Key != "=")
        Changed = &K;
    if (!Changed)
      continue;
    for (const CopyKey &K : Ks)
      if (K.Key != Changed->Key) {
        vetoCode(K.S, expandedTwice(macroArgs(), K.S));
        vetoCode(Changed->S, expandedTwice(macroArgs(), K.S));
        break;
      }
    // A copy the rewriter does not reach keeps the original text, unless it only sits in
    // a sizeof whose value cannot change, next to an evaluated copy.
    for (const MacroArguments::Copy &C : macroArgs().copiesAt(R)) {
      bool Seen =
          std::any_of(Ks.begin(), Ks.end(), [&](const CopyKey &K) { return K.S == C.S; });
      if (!Seen && !macroArgs().followsTwin(C)) {
        vetoCode(Changed->S, expandedTwice(macroArgs(), C.S));
        break;
      }
    }
  }
}

void FunctionLegality::ruleStringizedArgument() {
  // The string keeps the original text when the invocation is written as its expansion
  // (the rewriter expands an invocation that stringizes an argument it edits).
  for (auto &[R, Ks] : Copies)
    for (const CopyKey &K : Ks)
      if (K.Key != "=") {
        unsigned Invocation = 0;
        std::string Why = macroArgs().stringized(K.S, &Invocation);
        if (Why.empty())
          break;
        if (const Stmt *Root = macroBodies().rootAt(Invocation))
          ruleExpansion(Root);
        else
          vetoCode(K.S, Why);
        break;
      }
}

void FunctionLegality::rulePastedArgument() {
  for (auto &[R, Ks] : Copies)
    for (const CopyKey &K : Ks)
      if (K.Key != "=") {
        if (std::string Why = macroArgs().pasted(K.S); !Why.empty())
          vetoCode(K.S, Why);
        break;
      }
}

//===-- The walk -----------------------------------------------------------===//

void FunctionLegality::vetoCode(const Stmt *S, const std::string &Why) {
  std::vector<NodeEncoding> Pooled = pooledIn(S);
  for (const NodeEncoding &Enc : Pooled)
    for (int Pl : poolsOf(Enc))
      Vetoes.emplace(Pl, Why);
  if (Pooled.empty())
    vetoAllPools(Why);
}

std::vector<FunctionLegality::Child> FunctionLegality::allChildren(const Stmt *S) const {
  std::vector<Child> Cs;
  for (const Stmt *C : S->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      Cs.push_back(Child(CE));
  return Cs;
}

bool FunctionLegality::children(const Stmt *S, const std::vector<Child> &Cs) {
  bool InPlace = editableInPlace(S);
  bool Any = false;
  for (const Child &C : Cs) {
    unsigned Mark = Placed;
    bool Changed = expr(C.E, C.Idx);
    if (InPlace)
      Any |= Changed;
    else
      place(C.E, Changed, C.Idx ? "idx" + C.Tag : C.Tag, Mark);
  }
  return InPlace && Any;
}

void FunctionLegality::embed(const Expr *C, bool IdxContext) {
  if (!expr(C, IdxContext) && !rangeOf(C))
    ruleEditableText(C);
}

void FunctionLegality::place(const Expr *C, bool Changed, const std::string &Tag,
                             unsigned Mark) {
  if (Changed) {
    if (!rangeOf(C))
      ruleEditableText(C);
    ++Placed;
  }
  noteCopy(C, Mark, Tag);
}

void FunctionLegality::noteCopy(const Stmt *S, unsigned Mark, const std::string &Tag) {
  if (!S->getBeginLoc().isMacroID())
    return; // not in a macro argument (and no need to index the function's macros)
  auto R = macroArgs().copyRange(S);
  if (!R)
    return;
  std::string Key = "=";
  if (Placed > Mark) {
    // What the rewriter reads to spell the copy; the sizeof respellings in force. The
    // conversions the context adds (`char *` to `const char *` for strlen, the read of
    // an lvalue) spell nothing: `*(s)` and `strlen(s)` need the same text of `s`.
    const Stmt *Spelled = S;
    if (const auto *E = dyn_cast<Expr>(S))
      Spelled = E->IgnoreImpCasts();
    Key = rewriteKey(Spelled) + "|" + Tag + "|" + Sizeofs.key();
  }
  Copies[*R].push_back({S, Key});
}

bool FunctionLegality::expr(const Expr *E, bool IdxContext) {
  if (!E)
    return false;
  if (IdxContext) {
    ruleInteriorPointerAsIndex(E);
    if (isNullConstant(E, Ctx))
      return sourceText(E) != "0";
  }
  switch (E->getStmtClass()) {
  case Stmt::ImplicitCastExprClass:
    return expr(cast<ImplicitCastExpr>(E)->getSubExpr());
  case Stmt::CStyleCastExprClass:
    return castExpr(cast<CStyleCastExpr>(E));
  case Stmt::MemberExprClass: {
    const auto *ME = cast<MemberExpr>(E);
    ruleFieldOfUnrewrittenObject(ME);
    if (ME->isArrow() && rep(ME->getBase()).K == Idx) {
      embed(ME->getBase());
      return true;
    }
    return children(ME, {{ME->getBase()}});
  }
  case Stmt::UnaryOperatorClass: {
    const auto *U = cast<UnaryOperator>(E);
    const Expr *Sub = U->getSubExpr();
    if (U->getOpcode() == UO_AddrOf)
      ruleAddressOfPoolObject(U);
    if (U->getOpcode() == UO_Deref && rep(Sub).K == Idx) {
      embed(Sub);
      return true;
    }
    if (U->getOpcode() == UO_AddrOf && rep(U).K == Idx) {
      const Expr *Inner = Sub->IgnoreParens();
      if (const auto *D = dyn_cast<UnaryOperator>(Inner); D && D->getOpcode() == UO_Deref) {
        embed(D->getSubExpr());
        return true;
      }
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Inner)) {
        embed(AS->getIdx());
        embed(AS->getBase());
        return true;
      }
      return false; // vetoed
    }
    return children(U, {{Sub}});
  }
  case Stmt::ArraySubscriptExprClass: {
    const auto *AS = cast<ArraySubscriptExpr>(E);
    if (rep(AS->getBase()).K == Idx) {
      embed(AS->getIdx());
      embed(AS->getBase());
      return true;
    }
    return children(AS, allChildren(AS));
  }
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return binary(cast<BinaryOperator>(E));
  case Stmt::ConditionalOperatorClass: {
    const auto *CO = cast<ConditionalOperator>(E);
    if (rep(CO).K != Idx)
      return children(CO, allChildren(CO));
    return children(
        CO, {{CO->getCond()}, {CO->getTrueExpr(), true}, {CO->getFalseExpr(), true}});
  }
  case Stmt::CallExprClass:
    return call(cast<CallExpr>(E));
  case Stmt::UnaryExprOrTypeTraitExprClass:
    return sizeofExpr(cast<UnaryExprOrTypeTraitExpr>(E));
  case Stmt::DeclRefExprClass:
    // The address of a function of an active FnPtrClass names its clone.
    if (const auto *FD =
            dyn_cast<FunctionDecl>(cast<DeclRefExpr>(E)->getDecl()))
      return !dsa::fnPointerClone(P, FD).empty();
    return false;
  case Stmt::VAArgExprClass:
    ruleStructThroughVaArg(cast<VAArgExpr>(E));
    return children(E, allChildren(E));
  case Stmt::CompoundLiteralExprClass: {
    // A struct with a new layout: written again element by element (see declStmt).
    const auto *CL = cast<CompoundLiteralExpr>(E);
    const auto *ILE = dyn_cast<InitListExpr>(CL->getInitializer());
    std::string Why;
    if (auto Elems = holderInit(ILE, CL->getType(), cellOf(CL), Why)) {
      WrittenHolderInits.insert(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm());
      for (const HolderInitElement &El : *Elems)
        if (El.K != HolderInitElement::Zeros)
          embed(El.Init, El.K == HolderInitElement::Index);
      return true;
    }
    if (!Why.empty()) {
      veto(encOfCell(cellOf(CL)), nullptr, Why); // Why names the place
      return false;
    }
    ruleCompoundLiteral(CL);
    return children(E, allChildren(E));
  }
  case Stmt::InitListExprClass: {
    const auto *ILE = cast<InitListExpr>(E);
    ruleIndexInPointerInitializer(ILE);
    const InitListExpr *Written = ILE->isSyntacticForm() ? ILE : ILE->getSyntacticForm();
    return children(Written ? Written : ILE, allChildren(Written ? Written : ILE));
  }
  case Stmt::StmtExprClass:
    if (!isPointer(E->getType())) {
      // Rewritten statement by statement (glibc's assert, `({ T *t = ...; t->v; })`).
      for (const Stmt *S : cast<StmtExpr>(E)->getSubStmt()->body())
        stmt(S);
      return false;
    }
    ruleUnsupportedExpression(E);
    ruleReturnInStatementExpression(cast<StmtExpr>(E));
    return false;
  case Stmt::BinaryConditionalOperatorClass:
    ruleUnsupportedExpression(E);
    return false;
  case Stmt::GenericSelectionExprClass: {
    // rules/TypesAndNames.h: the selection stays the original's.
    const auto *G = cast<GenericSelectionExpr>(E);
    rules::GenericDecision D = rules::decideGeneric(*this, G);
    if (!D.Veto.empty()) {
      vetoAllPools(D.Veto);
      return false;
    }
    ruleUnsupportedExpression(E);
    if (D.Controlling)
      place(G->getControllingExpr(), true, "", Placed);
    return false;
  }
  case Stmt::SourceLocExprClass:
    return rules::builtinFunctionName(*this, cast<SourceLocExpr>(E)).has_value();
  case Stmt::PredefinedExprClass: {
    // rules/TypesAndNames.h: a clone prints the original function's name.
    std::string Why;
    bool Changed = rules::predefinedName(*this, cast<PredefinedExpr>(E), Why).has_value();
    if (!Why.empty())
      vetoAllPools(Why);
    return Changed;
  }
  default:
    return children(E, allChildren(E));
  }
}

bool FunctionLegality::castExpr(const CStyleCastExpr *CE) {
  ruleCast(CE);
  const Expr *Sub = CE->getSubExpr();
  if (!isPointer(CE->getType())) {
    // To an integer: the real address (pc_addr).
    if (CE->getCastKind() == CK_PointerToIntegral && rep(Sub).K == Idx) {
      embed(Sub);
      return true;
    }
    return children(CE, {{Sub}});
  }
  Rep R = rep(CE);
  if (R.K == Plain) {
    auto It = F.ExprCells.find(CE);
    if (It != F.ExprCells.end() && !newPointerType(CE->getType(), It->second).empty()) {
      embed(Sub);
      return true;
    }
    return children(CE, {{Sub}});
  }
  if (isNullConstant(Sub, Ctx))
    return R.K == Idx ? true : children(CE, {{Sub}});
  Rep S = rep(Sub);
  if (S.K == Idx && (R.K == Idx || R.K == Real)) {
    embed(Sub);
    return true;
  }
  if (R.K == Idx)
    return false; // vetoed
  return children(CE, {{Sub}});
}

bool FunctionLegality::binary(const BinaryOperator *E) {
  const Expr *L = E->getLHS(), *R = E->getRHS();
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_Assign && isPointer(L->getType())) {
    // A new array for a field that holds an array of indices: sizeof(T *) respelled.
    if (const auto *ME = dyn_cast<MemberExpr>(L->IgnoreParenImpCasts());
        ME && isa<CallExpr>(R->IgnoreParenCasts()) && isPointer(L->getType()->getPointeeType()))
      if (auto AE = fieldArrayEncoding(ME)) {
        QualType Elem = L->getType()->getPointeeType()->getPointeeType();
        if (Elem->isRecordType()) {
          bool InPlace = editableInPlace(E);
          auto Saved = Sizeofs.Pointer;
          Sizeofs.Pointer[PG.Types.get(Elem, Ctx)] = "pc_idx" + std::to_string(AE->Bits);
          unsigned Mark = Placed;
          bool RC = expr(R);
          if (!InPlace)
            place(R, RC, "", Mark);
          Sizeofs.Pointer = Saved;
          if (RC) {
            Mark = Placed;
            bool LC = expr(L);
            if (!InPlace)
              place(L, LC, "", Mark);
            return InPlace;
          }
        }
      }
    Rep LR = rep(L);
    bool LIdx = LR.K == Idx || fieldIndexEncoding(L).has_value();
    if (LIdx || rep(R).K == Idx)
      return children(E, {{R, LIdx}, {L}});
  }
  // rules/PointerComparisons.h
  if (rules::PointerComparisonDecision D = rules::decidePointerComparison(*this, E);
      D.Applies) {
    if (!D.Veto.empty())
      veto(D.Pool, E, D.Veto);
    if (!D.Difference)
      return children(E, {{L, D.RightIndex}, {R, D.LeftIndex}});
    if (!D.Veto.empty())
      return false;
    embed(L);
    embed(R);
    return true;
  }
  // rules/StructCopies.h
  if (auto Copy = rules::structCopyProblem(*this, E))
    veto(Copy->Pool, E, Copy->Why);
  return children(E, allChildren(E));
}

void FunctionLegality::embedCount(const Expr *Size, dsa::TypeId T) {
  // As FunctionRewriter::countOf: n of n * sizeof(T) is kept.
  const Expr *S = Size->IgnoreParenImpCasts();
  if (isSizeofType(S, T))
    return;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Mul) {
    if (isSizeofType(B->getRHS(), T))
      return embed(B->getLHS());
    if (isSizeofType(B->getLHS(), T))
      return embed(B->getRHS());
  }
  if (sizeParameter(F.Decl, Size))
    embed(Size);
}

void FunctionLegality::allocation(const CallExpr *E, StringRef Name,
                                  ArrayRef<const Expr *> Args, const NodeEncoding &Enc) {
  // The allocation is written again as a pool call, with the texts of its counts.
  ruleAllocationSize(E, Name, Args, Enc);
  if (Name == "malloc" && Args.size() == 1) {
    embedCount(Args[0], Enc.Struct);
  } else if (Name == "calloc" && Args.size() == 2) {
    if (isSizeofType(Args[1], Enc.Struct)) {
      embed(Args[0]);
    } else if (isSizeofType(Args[0], Enc.Struct)) {
      embed(Args[1]);
    } else if (sizeParameter(F.Decl, Args[0]) && sizeParameter(F.Decl, Args[1])) {
      embed(Args[0]);
      embed(Args[1]);
    }
  } else if (Name == "realloc" && Args.size() == 2) {
    embedCount(Args[1], Enc.Struct);
    embed(Args[0], true);
  }
}

bool FunctionLegality::callResult(const CallExpr *E, CallMode Mode, bool Renamed,
                                  bool PoolArgs, const std::string &NewName,
                                  const std::vector<bool> &Changed) {
  // As FunctionRewriter::callText.
  bool Any = Renamed || PoolArgs ||
             std::find(Changed.begin(), Changed.end(), true) != Changed.end();
  if (!Any)
    return false;
  if (Mode == CallPlace) {
    if (Renamed)
      place(E->getCallee(), true, "callee:" + NewName, Placed);
    return false;
  }
  if (Mode == CallRebuild) {
    if (!Renamed && !rangeOf(E->getCallee()))
      ruleEditableText(E->getCallee());
    for (unsigned I = 0; I < E->getNumArgs(); ++I)
      if (!Changed[I] && !rangeOf(E->getArg(I)))
        ruleEditableText(E->getArg(I));
  }
  return true;
}

bool FunctionLegality::call(const CallExpr *E) {
  auto CI = CallIndex.find(E);
  const FunctionDecl *FD = E->getDirectCallee();
  std::string Name = FD ? FD->getName().str() : "";
  if (CI == CallIndex.end())
    return children(E, allChildren(E));
  const dsa::CallSite &CS = F.Calls[CI->second];
  if (auto HA = hookAllocation(E, CS))
    if (NodeEncoding Enc = encOfCell(HA->Object); Enc.isPooled()) {
      ruleAllocationHook(E, CS, *HA, Enc);
      // Written again as a pool operation, with the texts of the allocator's arguments.
      if (HA->Allocator == "free")
        embed(HA->Args[0], Enc.Indexed);
      else
        allocation(E, HA->Allocator, HA->Args, Enc);
      return true;
    }
  if (FD && !CS.ExternalTargets.empty() && CS.Targets.empty()) {
    if (isAllocator(Name)) {
      NodeEncoding Enc = encOfCell(CS.Ret);
      if (Enc.isPooled()) {
        allocation(E, Name, std::vector<const Expr *>(E->arg_begin(), E->arg_end()), Enc);
        return true;
      }
      Rep Elem = repOfCell(F.Graph->edgeIfAny(CS.Ret), Ctx.getPointerType(Ctx.VoidTy));
      if (Elem.K == Idx || (Elem.E.Indexed && Elem.E.isPooled())) {
        auto Saved = Sizeofs.Pointer;
        Sizeofs.Pointer[Elem.E.Struct] = idxType(Elem.E);
        bool Changed = children(E, allChildren(E));
        Sizeofs.Pointer = Saved;
        return Changed;
      }
      return children(E, allChildren(E));
    }
    if (Name == "free" && E->getNumArgs() == 1) {
      NodeEncoding Enc = encOfCell(CS.Args[0]);
      if (!Enc.isPooled())
        return children(E, allChildren(E));
      embed(freedObject(E->getArg(0)), Enc.Indexed);
      return true;
    }
    // Any other function outside the program sees real pointers; byte counts follow
    // rules/ByteCounts.h.
    rules::ByteCountDecision BD = rules::decideByteCount(*this, E, CS);
    if (!BD.Veto.empty()) {
      for (const NodeEncoding &Enc : BD.Pools)
        veto(Enc, nullptr, BD.Veto);
      return false;
    }
    CallMode Mode = callMode(E, false);
    std::vector<bool> Changed;
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      const Expr *A = E->getArg(I);
      unsigned Mark = Placed;
      bool Ch;
      std::string Tag;
      if (int(I) == BD.SizeArg && BD.NewCount) {
        Ch = true;
        Tag = "count";
      } else if (rep(A).K == Idx) {
        embed(A);
        Ch = true;
        Tag = "addr";
      } else if (int(I) == BD.SizeArg) {
        rules::SizeofScope Saved = Sizeofs;
        Sizeofs = BD.Scope;
        Ch = expr(A);
        Sizeofs = Saved;
      } else {
        Ch = expr(A);
      }
      if (Mode == CallPlace)
        place(A, Ch, Tag, Mark);
      Changed.push_back(Ch);
    }
    return callResult(E, Mode, false, false, "", Changed);
  }
  auto VC = V.Calls.find(CI->second);
  if (VC == V.Calls.end()) {
    ruleIndirectCall(E);
    return children(E, allChildren(E));
  }
  const dsa::FunctionVersion &W = P.Versions[VC->second.Version];
  dsa::FunctionGraph &Callee = *PG.function(W.Function);
  std::map<unsigned, bool> Counts;
  ruleWrapperAllocationSize(E, W, VC->second.PoolArgs, Counts);
  bool PoolArgs = !VC->second.PoolArgs.empty();
  CallMode Mode = callMode(E, PoolArgs);
  std::vector<bool> Changed;
  for (unsigned I = 0; I < E->getNumArgs(); ++I) {
    const Expr *A = E->getArg(I);
    unsigned Mark = Placed;
    bool ParamIdx = false;
    // (The callee may be in another unit: its parameters are read from their facts.)
    if (I < Callee.ParamPointers.size() && I < Callee.Formals.size()) {
      const dsa::PointerFacts &PT = Callee.ParamPointers[I];
      Cell FC = Callee.Graph->resolve(Callee.Formals[I]);
      if (!FC.isNull() && PT.IsPointer) {
        NodeEncoding PE = W.Nodes.lookup(FC.Node);
        ParamIdx = PE.Indexed && FC.Offset == 0 &&
                   (PT.PointeeVoid || (PT.PointeeRecord && PT.Pointee == PE.Struct));
      }
    }
    bool Ch = Counts.count(I) ? true : expr(A, ParamIdx);
    if (Mode == CallPlace)
      place(A, Ch, Counts.count(I) ? "count" : ParamIdx ? "idx" : "", Mark);
    Changed.push_back(Ch);
  }
  if (VC->second.Indirect) {
    // Through a pointer of an active FnPtrClass: the pointer keeps its text,
    // rewritten.
    unsigned Mark = Placed;
    bool CalleeChanged = expr(E->getCallee());
    if (Mode == CallPlace)
      place(E->getCallee(), CalleeChanged, "", Mark);
    return callResult(E, Mode, false, PoolArgs, "", Changed) || CalleeChanged;
  }
  return callResult(E, Mode, W.Name != Name, PoolArgs, W.Name, Changed);
}

bool FunctionLegality::sizeofExpr(const UnaryExprOrTypeTraitExpr *E) {
  rules::SizeofDecision D = rules::decideSizeof(*this, E, Sizeofs);
  if (D.K == rules::SizeofDecision::Veto) {
    for (const NodeEncoding &Enc : D.Pools)
      veto(Enc, nullptr, D.Why);
    if (D.Pools.empty())
      vetoAllPools(D.Why);
  }
  return D.K == rules::SizeofDecision::Respell;
}

void FunctionLegality::declStmt(const DeclStmt *DS) {
  ruleDeclaration(DS);
  bool AnyTypeChange = false;
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D))
      AnyTypeChange |= !varDecl(VD).empty();
  if (!AnyTypeChange) {
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
        unsigned Mark = Placed;
        bool Changed = expr(VD->getInit());
        place(VD->getInit(), Changed, "", Mark);
      }
    return;
  }
  // The declaration is written again, declarator by declarator.
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit()) {
      std::string HolderWhy;
      if (auto Elems = holderInit(VD, HolderWhy)) {
        for (const HolderInitElement &El : *Elems)
          if (El.K != HolderInitElement::Zeros)
            embed(El.Init, El.K == HolderInitElement::Index);
        continue;
      }
      if (!varDecl(VD).empty() && isa<InitListExpr>(VD->getInit()))
        continue; // becomes {0}
      embed(VD->getInit(), repOfVar(VD).K == Idx);
    }
  ++Placed;
}

void FunctionLegality::returnStmt(const ReturnStmt *RS) {
  const Expr *RV = RS->getRetValue();
  bool Destroys = false;
  for (int Pl : V.OwnedPools)
    Destroys |= !P.Pools[Pl].SharedByActivations;
  if (!Destroys) {
    if (RV) {
      unsigned Mark = Placed;
      bool Changed = expr(RV, ReturnsIdx);
      place(RV, Changed, ReturnsIdx ? "idx" : "", Mark);
    }
    return;
  }
  // `return` becomes pool destruction and the return: its text must be in the file.
  if (RV)
    embed(RV, ReturnsIdx);
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      SM.getExpansionLoc(RS->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(), false);
  if (AfterSemi.isInvalid() || !fileRange(RS->getBeginLoc())) {
    std::string Why = "a return in a macro use at " +
                      dsa::locationString(Ctx, RS->getBeginLoc()) +
                      " would leave without destroying the pool";
    for (int Pl : V.OwnedPools)
      Vetoes.emplace(Pl, Why);
  }
  ++Placed;
}

void FunctionLegality::stmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    unsigned Mark = Placed;
    bool Changed = expr(E);
    place(E, Changed, "", Mark);
    return;
  }
  // A statement written as a macro's argument is a copy like an expression.
  unsigned Mark = Placed;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    declStmt(DS);
  else if (const auto *RS = dyn_cast<ReturnStmt>(S))
    returnStmt(RS);
  else
    for (const Stmt *Child : codeChildren(S))
      stmt(Child);
  noteCopy(S, Mark, "");
}

void FunctionLegality::run() {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.Decl->getBody());
  if (!Body)
    return;
  for (unsigned I = 0; I < F.Calls.size(); ++I)
    CallIndex[F.Calls[I].Call] = I;
  ruleEntryInterface();
  ruleBodyInMacro();
  ruleOpaquePoolOwner();
  if (std::string Why = rules::typeofProblem(*this, Body); !Why.empty())
    vetoAllPools(Why);
  if (std::string Why = rules::cleanupProblem(*this, Body); !Why.empty())
    vetoAllPools(Why);
  ruleVariadicLastParameter();
  if (!V.IsOriginal)
    if (std::string Why = rules::counterProblem(*this, Body, true, PP); !Why.empty())
      vetoAllPools(Why);
  for (const Stmt *S : Body->body())
    stmt(S);
  ruleArgumentExpandedTwice();
  ruleStringizedArgument();
  rulePastedArgument();
}

} // namespace ptrcomp
