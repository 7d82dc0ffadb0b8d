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
#include "../rules/Casts.h"
#include "../rules/AddressOf.h"
#include "../rules/FieldStores.h"
#include "../rules/Allocations.h"
#include "../rules/FunctionScope.h"
#include "../rules/UnrewrittenReaders.h"
#include "../rules/UnsupportedExpressions.h"
#include "../rules/Declarations.h"
#include "../rules/MacroArgumentEdits.h"
#include "../rules/DeclarationExpressions.h"

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

void FunctionLegality::apply(const rules::RuleVetoes &Vs) {
  for (const rules::RuleVeto &X : Vs)
    if (X.Pool >= 0)
      Vetoes.emplace(X.Pool, X.Why);
    else
      veto(X.Enc, X.At, X.Why);
}

void FunctionLegality::macroBodyEdit(const Stmt *S) {
  if (const Stmt *Root = macroBodies().rootOf(S))
    return expansion(Root);
  vetoCode(S, rules::macroBodyEditReason(*this, S));
}

void FunctionLegality::expansion(const Stmt *Root) {
  if (!CheckedRoots.insert(Root).second)
    return;
  for (const std::string &Why : rules::expansionReasons(*this, Root, PP))
    vetoCode(Root, Why);
}

void FunctionLegality::macroArgumentCopies() {
  std::map<FileRange, std::vector<rules::ArgumentCopy>> Cs;
  for (auto &[R, Ks] : Copies)
    for (const CopyKey &K : Ks)
      Cs[R].push_back({K.S, K.Key, K.Key != "="});
  // An invocation that stringizes an argument it edits is written as its expansion.
  std::vector<const Stmt *> Expansions;
  for (const rules::ArgumentVeto &X : rules::macroArgumentVetoes(
           macroArgs(), macroBodies(), Cs, [](const Stmt *) { return true; }, Expansions))
    vetoCode(X.S, X.Why);
  for (const Stmt *Root : Expansions)
    expansion(Root);
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
    macroBodyEdit(C);
}

void FunctionLegality::place(const Expr *C, bool Changed, const std::string &Tag,
                             unsigned Mark) {
  if (Changed) {
    if (!rangeOf(C))
      macroBodyEdit(C);
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
    dsa::NodeEncoding Pool;
    if (std::string Why = rules::interiorPointerVeto(*this, E, Pool); !Why.empty())
      veto(Pool, E, Why);
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
    dsa::NodeEncoding Pool;
    if (std::string Why = rules::fieldStoreVeto(*this, ME, Pool); !Why.empty())
      veto(Pool, ME, Why);
    if (ME->isArrow() && rep(ME->getBase()).K == Idx) {
      embed(ME->getBase());
      return true;
    }
    return children(ME, {{ME->getBase()}});
  }
  case Stmt::UnaryOperatorClass: {
    const auto *U = cast<UnaryOperator>(E);
    const Expr *Sub = U->getSubExpr();
    if (U->getOpcode() == UO_Deref && rep(Sub).K == Idx) {
      embed(Sub);
      return true;
    }
    rules::AddressOfDecision D = rules::decideAddressOf(*this, U);
    switch (D.K) {
    case rules::AddressOfDecision::OfDeref:
      embed(D.Operand);
      return true;
    case rules::AddressOfDecision::OfElement:
      embed(D.Index);
      embed(D.Base);
      return true;
    case rules::AddressOfDecision::OfPooledVariable:
      return true;
    case rules::AddressOfDecision::Vetoed:
      veto(D.Pool, U, D.Veto);
      return false;
    case rules::AddressOfDecision::Keep:
      break;
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
    // A variable that lives in a pool is read through its pool (not an array, whose
    // name is the index of its first object).
    return !pooledVariableText(cast<DeclRefExpr>(E), "").empty();
  case Stmt::VAArgExprClass:
    apply(rules::vaArgVetoes(*this, cast<VAArgExpr>(E)));
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
    apply(rules::compoundLiteralVetoes(*this, CL));
    return children(E, allChildren(E));
  }
  case Stmt::InitListExprClass: {
    const auto *ILE = cast<InitListExpr>(E);
    if (!WrittenHolderInits.count(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm()))
      apply(rules::pointerInitializerVetoes(*this, ILE)); // (else a holder's, written again)
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
    apply(rules::unsupportedExpressionVetoes(*this, E));
    apply(rules::returnInStatementExpressionVetoes(*this, cast<StmtExpr>(E)));
    return false;
  case Stmt::BinaryConditionalOperatorClass:
    apply(rules::unsupportedExpressionVetoes(*this, E));
    return false;
  case Stmt::GenericSelectionExprClass: {
    // rules/TypesAndNames.h: the selection stays the original's.
    const auto *G = cast<GenericSelectionExpr>(E);
    rules::GenericDecision D = rules::decideGeneric(*this, G);
    if (!D.Veto.empty()) {
      vetoAllPools(D.Veto);
      return false;
    }
    apply(rules::unsupportedExpressionVetoes(*this, E));
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
  rules::CastDecision D = rules::decideCast(*this, CE);
  if (!D.Veto.empty())
    veto(D.VetoPool, CE, D.Veto);
  switch (D.K) {
  case rules::CastDecision::Address:
  case rules::CastDecision::IndexCast:
  case rules::CastDecision::Retyped:
    embed(CE->getSubExpr());
    return true;
  case rules::CastDecision::NullIndex:
    return true;
  case rules::CastDecision::Vetoed:
    return false;
  case rules::CastDecision::Keep:
    break;
  }
  return children(CE, {{CE->getSubExpr()}});
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

void FunctionLegality::allocation(const CallExpr *E, StringRef Name,
                                  ArrayRef<const Expr *> Args, const NodeEncoding &Enc) {
  // The allocation is written again as a pool call, with the texts of its counts.
  rules::AllocationDecision D = rules::decideAllocation(*this, Name, Args, Enc);
  if (D.K == rules::AllocationDecision::Vetoed) {
    veto(Enc, E, D.Veto);
    return;
  }
  for (const Expr *C : {D.Count, D.Count2})
    if (C)
      embed(C);
  if (D.Old)
    embed(D.Old, true);
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
      macroBodyEdit(E->getCallee());
    for (unsigned I = 0; I < E->getNumArgs(); ++I)
      if (!Changed[I] && !rangeOf(E->getArg(I)))
        macroBodyEdit(E->getArg(I));
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
      bool Located;
      if (std::string Why = rules::hookAllocationVeto(*this, E, CS, *HA, Located);
          !Why.empty())
        veto(Enc, Located ? E : nullptr, Why);
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
    apply(rules::indirectCallVetoes(*this, E));
    return children(E, allChildren(E));
  }
  const dsa::FunctionVersion &W = P.Versions[VC->second.Version];
  dsa::FunctionGraph &Callee = *PG.function(W.Function);
  rules::WrapperCounts WC = rules::decideWrapperCounts(*this, E, W);
  if (!WC.Veto.empty())
    for (const NodeEncoding &PA : VC->second.PoolArgs)
      veto(PA, E, WC.Veto);
  const auto &Counts = WC.Counts;
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
    bool Ch;
    if (auto C = Counts.find(I); C != Counts.end()) {
      // The count's text (a part of the size), or 1.
      if (C->second)
        embed(C->second);
      Ch = true;
    } else {
      Ch = expr(A, ParamIdx);
    }
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
  rules::DeclarationDecision DD = rules::decideDeclaration(*this, DS);
  apply(DD.Vetoes);
  if (DD.AllPools)
    vetoAllPools(DD.AllPoolsWhy);
  WrittenHolderInits.insert(DD.HolderInits.begin(), DD.HolderInits.end());
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
      if (auto Rows = holderArrayInit(VD, HolderWhy)) {
        for (const std::vector<HolderInitElement> &Row : *Rows)
          for (const HolderInitElement &El : Row)
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
  apply(rules::entryInterfaceVetoes(*this));
  apply(rules::bodyInMacroVetoes(*this));
  apply(rules::opaquePoolOwnerVetoes(*this));
  if (std::string Why = rules::typeofProblem(*this, Body); !Why.empty())
    vetoAllPools(Why);
  if (std::string Why = rules::cleanupProblem(*this, Body); !Why.empty())
    vetoAllPools(Why);
  apply(rules::variadicParameterVetoes(*this));
  if (!V.IsOriginal)
    if (std::string Why = rules::counterProblem(*this, Body, true, PP); !Why.empty())
      vetoAllPools(Why);
  for (const Stmt *S : Body->body())
    stmt(S);
  macroArgumentCopies();
  for (const rules::DeclarationExpressionProblem &Pr : rules::bodyDeclarationProblems(*this)) {
    for (int Pl : Pr.GlobalPools)
      Vetoes.emplace(Pl, Pr.Why);
    vetoCode(Pr.Name, Pr.Why);
  }
}

} // namespace ptrcomp
