//===- Analysis.cpp - link the units, then run the passes in order --------===//
#include "ptrcomp/analysis/Analysis.h"
#include "LocalGraphs.h"
#include "Passes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"

using namespace clang;
namespace ptrcomp::dsa {

/// Top-level declarations of a unit, looking through `extern "C" { }` blocks.
template <typename Fn> static void forEachTopLevelDecl(DeclContext *DC, Fn F) {
  for (Decl *D : DC->decls()) {
    if (auto *LS = dyn_cast<LinkageSpecDecl>(D))
      forEachTopLevelDecl(LS, F);
    else
      F(D);
  }
}

/// Links the units: one FunctionGraph per function definition, by program-wide key.
static void collectFunctions(ProgramGraphs &PG, ArrayRef<ASTUnit *> Units) {
  for (unsigned U = 0; U < Units.size(); ++U) {
    ASTContext &Ctx = Units[U]->getASTContext();
    forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
      auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->doesThisDeclarationHaveABody() || FD->isInvalidDecl())
        return;
      std::string Key = functionKey(FD);
      auto [It, New] = PG.Functions.try_emplace(Key);
      if (!New) {
        const FunctionDecl *Old = It->second.Decl;
        // C99 inline definitions may repeat across units; real definitions may not.
        if (!(FD->isInlined() && Old->isInlined()))
          PG.Errors.push_back({locationString(Ctx, FD->getLocation()),
                               "redefinition of '" + FD->getName().str() +
                                   "' in another file of the program",
                               locationString(Old->getASTContext(), Old->getLocation()),
                               "previous definition is here"});
        return;
      }
      FunctionGraph &F = It->second;
      F.Key = Key;
      F.Name = FD->getName().str();
      F.Decl = FD;
      F.Ctx = &Ctx;
      F.Unit = U;
      F.ExternallyVisible = FD->isExternallyVisible();
      if (F.Name == "main" && F.ExternallyVisible)
        PG.HasMain = true;
    });
  }
}

static void buildGlobals(ProgramGraphs &PG, ArrayRef<ASTUnit *> Units) {
  PG.Globals = std::make_unique<DSGraph>(PG.Types);
  for (ASTUnit *U : Units) {
    ASTContext &Ctx = U->getASTContext();
    forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
      // Definitions of the program's own globals; declarations of library globals
      // (stdout, errno) enter the graphs where a function uses them.
      auto *VD = dyn_cast<VarDecl>(D);
      if (VD && !VD->isInvalidDecl() &&
          VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
          !Ctx.getSourceManager().isInSystemHeader(VD->getLocation()))
        buildGlobalInitializer(PG, Ctx, VD);
    });
  }
}

/// With no main, every externally visible function and global is an entry point for
/// code we cannot see; so is a function whose address reached such code.
static void markEntryPoints(ProgramGraphs &PG, const std::vector<std::string> &Escaped) {
  auto MarkFormals = [](FunctionGraph &F, const std::string &Why) {
    std::vector<Cell> Roots(F.Formals.begin(), F.Formals.end());
    Roots.push_back(F.Ret);
    Roots.push_back(F.VarArgs);
    F.Graph->markReachable(Roots, Escapes, Why);
  };
  for (const std::string &Key : Escaped)
    MarkFormals(*PG.function(Key), "escapes: parameter of '" + PG.function(Key)->Name +
                                       "', whose address is passed to unseen code");
  if (PG.HasMain)
    return;
  for (auto &[Key, F] : PG.Functions)
    if (F.ExternallyVisible)
      MarkFormals(F, "escapes: parameter of externally visible '" + F.Name +
                         "' (the program has no main)");
  for (auto &[Key, C] : PG.GlobalCells)
    if (PG.GlobalNames[Key] == Key) // externally visible globals are keyed by name
      PG.Globals->markReachable({C}, Escapes,
                                "escapes: reachable from externally visible global '" +
                                    Key + "' (the program has no main)");
}

std::unique_ptr<ProgramGraphs> analyzeProgram(ArrayRef<ASTUnit *> Units) {
  auto PG = std::make_unique<ProgramGraphs>();
  collectFunctions(*PG, Units);
  if (!PG->Errors.empty())
    return PG;
  buildGlobals(*PG, Units);
  for (auto &[Key, F] : PG->Functions)
    buildLocalGraph(*PG, *F.Ctx, F.Decl, F);
  std::vector<std::string> Escaped = resolveCallTargets(*PG);
  markEntryPoints(*PG, Escaped);
  runBottomUp(*PG);
  resolveGlobals(*PG);
  return PG;
}

} // namespace ptrcomp::dsa
