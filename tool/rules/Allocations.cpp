//===- Allocations.cpp - malloc, calloc and realloc of pool objects ---------===//
#include "Allocations.h"

#include "ptrcomp/analysis/AllocationHooks.h"

using namespace clang;
namespace ptrcomp::rules {

std::optional<const Expr *> wholeCount(const VersionView &V, const Expr *Size,
                                       dsa::TypeId T) {
  const Expr *S = Size->IgnoreParenImpCasts();
  if (V.isSizeofType(S, T))
    return nullptr;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Mul) {
    if (V.isSizeofType(B->getRHS(), T))
      return B->getLHS();
    if (V.isSizeofType(B->getLHS(), T))
      return B->getRHS();
  }
  return std::nullopt;
}

AllocationDecision decideAllocation(const VersionView &V, StringRef Name,
                                    ArrayRef<const Expr *> Args,
                                    const dsa::NodeEncoding &Enc) {
  AllocationDecision D;
  const FunctionDecl *FD = V.function().Decl;
  auto Passed = [&](unsigned I) { return sizeParameter(FD, Args[I]) != nullptr; };
  auto Count = [&](unsigned I) -> std::optional<const Expr *> {
    if (auto N = wholeCount(V, Args[I], Enc.Struct))
      return N;
    if (Passed(I))
      return Args[I];
    return std::nullopt;
  };
  auto Fail = [&](const char *What) {
    D.K = AllocationDecision::Vetoed;
    D.Veto = std::string(What) + " (sizes must be n * sizeof(" +
             V.graphs().Types.name(Enc.Struct) + "))";
    return D;
  };
  if (Name == "malloc" && Args.size() == 1) {
    auto N = Count(0);
    if (!N)
      return Fail("allocation size not understood");
    D.K = AllocationDecision::Alloc;
    D.Count = *N;
  } else if (Name == "calloc" && Args.size() == 2) {
    if (V.isSizeofType(Args[1], Enc.Struct)) {
      D.K = AllocationDecision::Calloc;
      D.Count = Args[0];
    } else if (V.isSizeofType(Args[0], Enc.Struct)) {
      D.K = AllocationDecision::Calloc;
      D.Count = Args[1];
    } else if (Passed(0) && Passed(1)) {
      // A wrapper passing both of its size arguments through: the caller made one of
      // them a 1.
      D.K = AllocationDecision::Calloc2;
      D.Count = Args[0];
      D.Count2 = Args[1];
    } else {
      return Fail("allocation size not understood");
    }
  } else if (Name == "realloc" && Args.size() == 2) {
    auto N = Count(1);
    if (!N)
      return Fail("reallocation size not understood");
    if (!Enc.Indexed)
      return Fail("realloc of a pooled structure without indices");
    D.K = AllocationDecision::Realloc;
    D.Count = *N;
    D.Old = Args[0];
  } else {
    D.Veto = "allocated by '" + Name.str() + "', which ptrcomp does not rewrite";
  }
  return D;
}

std::vector<const VarDecl *> sizeOnlyVariables(const VersionView &V,
                                               const AllocationDecision &D,
                                               ArrayRef<const Expr *> Args) {
  std::vector<const VarDecl *> InSize, Out;
  for (const Expr *A : Args)
    if (A != D.Old)
      internalVariables(A, InSize);
  for (const VarDecl *VD : InSize) {
    if (VD->isFileVarDecl() ||
        (isa<ParmVarDecl>(VD) && V.repOfVar(VD).K == VersionView::Idx))
      continue;
    unsigned InArgs = 0;
    for (const Expr *A : Args)
      if (A != D.Old)
        InArgs += timesNamed(VD, A);
    if (InArgs != timesNamed(VD, D.Count) + timesNamed(VD, D.Count2) &&
        timesNamed(VD, V.function().Decl->getBody()) == InArgs)
      Out.push_back(VD);
  }
  return Out;
}

WrapperCounts decideWrapperCounts(const VersionView &V, const CallExpr *E,
                                  const dsa::FunctionVersion &W) {
  // The callee allocates from a pool with a size it received from us: its version
  // takes a number of objects, so we pass n for n * sizeof(T) (and 1 for calloc's
  // sizeof(T)).
  WrapperCounts R;
  dsa::FunctionGraph &Callee = *V.graphs().function(W.Function);
  // (The callee may be in another unit: its calls are read from their facts.)
  for (const dsa::CallSite &CS : Callee.Calls) {
    std::optional<dsa::AllocatorCallFacts> AC = dsa::allocatorCallFacts(CS);
    if (!AC)
      continue;
    const std::string &N = AC->Name;
    unsigned NumArgs = N == "malloc" ? 1 : N == "calloc" || N == "realloc" ? 2 : 0;
    if (!NumArgs || AC->SizeParams.size() != NumArgs)
      continue;
    dsa::Cell Ret = Callee.Graph->resolve(CS.Ret);
    dsa::NodeEncoding Enc = Ret.isNull() ? dsa::NodeEncoding() : W.Nodes.lookup(Ret.Node);
    if (!Enc.isPooled())
      continue;
    std::vector<unsigned> Passed; // our argument positions that become the size
    for (unsigned K = N == "realloc" ? 1 : 0; K < NumArgs; ++K)
      if (int PI = AC->SizeParams[K]; PI >= 0 && unsigned(PI) < E->getNumArgs())
        Passed.push_back(unsigned(PI));
    if (Passed.empty())
      continue; // the callee's own size form, checked where it is rewritten
    bool Whole = false;
    if (N == "calloc" && Passed.size() == 2) {
      for (unsigned K : Passed)
        if (!Whole && V.isSizeofType(E->getArg(K), Enc.Struct)) {
          R.Counts[K] = nullptr;
          Whole = true;
        }
    } else if (N != "calloc" && Passed.size() == 1) {
      if (auto C = wholeCount(V, E->getArg(Passed[0]), Enc.Struct)) {
        R.Counts[Passed[0]] = *C;
        Whole = true;
      }
    }
    if (!Whole && R.Veto.empty())
      R.Veto = "allocation size passed to '" + Callee.Name + "' is not a whole number of " +
               V.graphs().Types.name(Enc.Struct);
  }
  return R;
}

std::string hookAllocationVeto(const VersionView &V, const CallExpr *E,
                               const dsa::CallSite &CS, const HookAllocation &HA,
                               bool &Located) {
  // The plan has left out the objects of hooks that may hold another function.
  Located = false;
  if (std::string Why = dsa::hookRefusal(V.function(), CS); !Why.empty())
    return Why;
  Located = true;
  for (const auto *Parts : {&HA.Dropped, &HA.Repeated})
    for (const Expr *X : *Parts)
      if (X->HasSideEffects(V.context()))
        return "a call through allocation hook '" + CS.Hook->Hook +
               "' whose pointer or arguments have side effects";
  return "";
}

} // namespace ptrcomp::rules
