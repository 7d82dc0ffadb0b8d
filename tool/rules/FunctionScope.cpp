//===- FunctionScope.cpp - a version's signature and its pools' lifetime -----===//
#include "FunctionScope.h"

#include "ptrcomp/analysis/CodeChildren.h"

using namespace clang;
namespace ptrcomp::rules {

RuleVetoes entryInterfaceVetoes(const VersionView &V) {
  RuleVetoes Out;
  const dsa::FunctionGraph &F = V.function();
  if (!V.version().IsOriginal)
    return Out;
  for (const VarDecl *VD : F.Vars)
    if (isa<ParmVarDecl>(VD) && !V.varDecl(VD).empty())
      Out.push_back({V.repOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD)), VD->getType()).E,
                     -1, F.Decl->getBody(),
                     "parameter '" + VD->getName().str() +
                         "' of an entry point would change type"});
  if (!V.newReturnType().empty())
    Out.push_back({V.repOfCell(F.Graph->edgeIfAny(F.Ret), F.Decl->getReturnType()).E, -1,
                   F.Decl->getBody(), "the result of '" + F.Name + "' would change type"});
  return Out;
}

RuleVetoes variadicParameterVetoes(const VersionView &V) {
  RuleVetoes Out;
  const FunctionDecl *FD = V.function().Decl;
  if (!FD || !FD->isVariadic() || FD->param_empty())
    return Out;
  const ParmVarDecl *Last = FD->parameters().back();
  if (VersionView::Rep R = V.repOfVar(Last); R.K == VersionView::Idx && R.E.Bits < 32)
    Out.push_back({R.E, -1, nullptr,
                   "'" + Last->getName().str() + "', the last parameter before '...' of '" +
                       FD->getName().str() + "', would be a " + std::to_string(R.E.Bits) +
                       "-bit index, which va_start cannot name (it is promoted), at " +
                       dsa::locationString(V.context(), Last->getLocation())});
  return Out;
}

RuleVetoes bodyInMacroVetoes(const VersionView &V) {
  RuleVetoes Out;
  const dsa::FunctionGraph &F = V.function();
  const auto *Body = cast<CompoundStmt>(F.Decl->getBody());
  if (V.version().OwnedPools.empty() ||
      (V.fileRange(Body->getLBracLoc()) && V.fileRange(Body->getRBracLoc())))
    return Out;
  for (int Pl : V.version().OwnedPools)
    Out.push_back({{}, Pl, nullptr, "the body of '" + F.Name + "' is written inside a macro"});
  return Out;
}

RuleVetoes opaquePoolOwnerVetoes(const VersionView &V) {
  RuleVetoes Out;
  for (int Pl : V.version().OwnedPools) {
    const dsa::Pool &Po = V.plan().Pools[Pl];
    if (!V.completeHere(Po.Struct) && (Po.LayoutId < 0 || Po.SharedByActivations)) {
      // The size another file exports is a variable, not a constant: a pool kept across
      // a recursive function's calls is a static whose size must be a constant, and only
      // new layouts have their size exported.
      std::string Name = V.graphs().Types.name(Po.Struct);
      Out.push_back({{}, Pl, nullptr,
                     "'" + V.function().Name + "', which creates its pool, sees " + Name +
                         " only as a declaration (it is defined in another file), and " +
                         (Po.SharedByActivations
                              ? "calls itself, so its pool is a static variable whose "
                                "object size must be a constant there"
                              : "the objects keep their layout, whose size ptrcomp does "
                                "not pass between files")});
    }
  }
  return Out;
}

RuleVetoes returnInStatementExpressionVetoes(const VersionView &V, const StmtExpr *E) {
  // A statement expression kept as it is (`#define TRY(e) ({ ...; if (r < 0) return r;
  // r; })`) keeps its returns.
  RuleVetoes Out;
  const Stmt *RS =
      firstInCode(E->getSubStmt(), [](const Stmt *S) { return isa<ReturnStmt>(S); });
  if (!RS)
    return Out;
  std::string Why = "a return inside a statement expression at " +
                    dsa::locationString(V.context(), RS->getBeginLoc()) +
                    " would leave without destroying the pool";
  for (int Pl : V.version().OwnedPools)
    if (!V.plan().Pools[Pl].SharedByActivations)
      Out.push_back({{}, Pl, nullptr, Why});
  return Out;
}

} // namespace ptrcomp::rules
