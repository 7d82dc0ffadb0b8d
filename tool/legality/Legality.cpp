//===- Legality.cpp - what the plan asks that the rewriter cannot express -===//
#include "Legality.h"
#include "../rewrite/GlobalVariable.h"
#include "../rules/DeclarationExpressions.h"
#include "../Diagnostics.h"
#include "FunctionLegality.h"
#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <functional>
#include <map>
#include <set>

using namespace clang;
namespace ptrcomp {

/// Whether ptrcomp's own gaps are said on stderr (see Legality.h).
static bool reportsGaps() {
#ifdef NDEBUG
  static const bool Report = [] {
    const char *E = std::getenv("PTRCOMP_DEBUG_LEGALITY");
    return E && *E && std::string(E) != "0";
  }();
  return Report;
#else
  return true;
#endif
}

void legalityMissed(const std::string &Why) {
  if (reportsGaps())
    printError("ptrcomp: internal: legality missed: " + Why + "\n");
}

void selfCheckVetoed(const std::string &Why, llvm::StringRef RewrittenLine) {
  if (reportsGaps())
    printError("ptrcomp: internal: self-check veto: " + Why + "\n    " +
               RewrittenLine.trim().str() + "\n");
}

namespace {

/// Global pointer variables are declared again as indices.
void checkGlobals(ASTContext &Ctx, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                  dsa::Vetoes &Out) {
  std::map<unsigned, unsigned> Starts = declarationStarts(Ctx);
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    auto *VD = dyn_cast<VarDecl>(D);
    if (!VD || Ctx.getSourceManager().isInSystemHeader(VD->getLocation()))
      continue;
    GlobalRewrite G = rewriteGlobal(PG, P, VD, Starts);
    if (!G.Why.empty())
      for (int Pl : G.Pools)
        Out.emplace(P.Pools[Pl].Origin, G.Why);
  }
  for (const rules::DeclarationExpressionProblem &Pr :
       rules::fileScopeDeclarationProblems(Ctx, PG, P))
    for (int Pl : Pr.GlobalPools)
      Out.emplace(P.Pools[Pl].Origin, Pr.Why);
}

/// Every version of \p F that changes something.
void checkFunction(ASTUnit &AST, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                   dsa::FunctionGraph &F, dsa::Vetoes &Out) {
  auto VIt = P.VersionsOf.find(F.Key);
  // A function that ptrcomp does not rewrite must not name a variable that moves into a
  // pool (`sizeof nil` alone: the analysis sees no use of it there).
  bool Rewritten = false;
  if (VIt != P.VersionsOf.end())
    for (unsigned VI : VIt->second)
      Rewritten |= P.Versions[VI].changesSomething();
  if (!Rewritten && F.Decl && F.Decl->getBody() && !P.VariablePools.empty())
    firstInCode(F.Decl->getBody(), [&](const Stmt *S) {
      const auto *DRE = dyn_cast<DeclRefExpr>(S);
      const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      int Pl = -1;
      const dsa::Pool::Variable *Var =
          VD && VD->hasGlobalStorage() ? P.pooledVariable(dsa::globalKey(VD), &Pl) : nullptr;
      if (Var)
        Out.emplace(P.Pools[Pl].Origin,
                    "the global '" + Var->Name + "' (" + Var->Loc +
                        "), which would move into a pool, is named at " +
                        dsa::locationString(*F.Ctx, DRE->getLocation()) + " in '" + F.Name +
                        "', which ptrcomp does not otherwise rewrite");
      return Var != nullptr;
    });
  if (VIt == P.VersionsOf.end())
    return;
  const SourceManager &SM = F.Ctx->getSourceManager();
  FileID FID = SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc()));
  if (FID != SM.getMainFileID()) {
    // Pool lifetimes are kept in the files that the build compiles: a function in an
    // included file may take pools, not create them.
    for (unsigned VI : VIt->second)
      for (auto &KV : P.Versions[VI].Nodes)
        if (KV.second.Source == dsa::NodeEncoding::Owned)
          Out.emplace(P.Pools[KV.second.Pool].Origin,
                      "function '" + F.Name + "' is defined in a header");
    if (SM.isInSystemHeader(F.Decl->getLocation()))
      return;
  }
  for (unsigned VI : VIt->second) {
    const dsa::FunctionVersion &V = P.Versions[VI];
    if (!V.changesSomething())
      continue;
    FunctionLegality FL(PG, P, F, V, &AST.getPreprocessor());
    FL.run();
    for (auto &[Pl, Why] : FL.vetoes())
      Out.emplace(P.Pools[Pl].Origin, Why);
  }
}

} // namespace

UnitLegality checkUnitLegality(ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                               const dsa::Plan &P) {
  UnitLegality Out;
  for (dsa::FunctionGraph *F : PG.functionsOf(Unit)) {
    dsa::Vetoes V;
    checkFunction(AST, PG, P, *F, V);
    if (!V.empty())
      Out.Functions[F->Key] = std::move(V);
  }
  checkGlobals(AST.getASTContext(), PG, P, Out.Globals);
  return Out;
}

} // namespace ptrcomp
