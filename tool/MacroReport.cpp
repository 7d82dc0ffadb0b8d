//===- MacroReport.cpp - the macros written as their expansions -----------===//
#include "MacroReport.h"
#include "ParsedProgram.h"
#include "rewrite/FunctionRewriter.h"

#include "clang/Basic/SourceManager.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;
namespace ptrcomp {

void expandedMacrosIn(clang::ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                      const dsa::Plan &P, MacroUses &Uses) {
  // Each version that changes is rewritten again as the program was (the
  // expansions do not depend on how pools are passed); a use expanded in
  // several versions is one use.
  for (dsa::FunctionGraph *FP : PG.functionsOf(Unit)) {
    dsa::FunctionGraph &F = *FP;
    auto VIt = P.VersionsOf.find(F.Key);
    if (VIt == P.VersionsOf.end() || !F.Decl->hasBody() ||
        F.Ctx->getSourceManager().isInSystemHeader(F.Decl->getLocation()))
      continue;
    for (unsigned VI : VIt->second) {
      const dsa::FunctionVersion &V = P.Versions[VI];
      if (!V.changesSomething())
        continue;
      FunctionRewriter FR(PG, P, F, V, &AST.getPreprocessor());
      if (!FR.run())
        continue;
      for (const FunctionRewriter::ExpandedMacro &M : FR.expandedMacros())
        Uses[{M.Name, M.Definition}].insert(M.Use);
    }
  }
}

std::vector<MacroReportEntry> macroReport(const MacroUses &Uses) {
  // "file:line:col" in the order of files, lines and columns.
  auto Position = [](const std::string &W) {
    StringRef S(W);
    auto [Rest, Col] = S.rsplit(':');
    auto [File, Line] = Rest.rsplit(':');
    unsigned L = 0, C = 0;
    Line.getAsInteger(10, L);
    Col.getAsInteger(10, C);
    return std::make_tuple(File.str(), L, C);
  };
  std::vector<MacroReportEntry> Out;
  for (auto &[NameDef, Where] : Uses) {
    std::vector<std::string> Sorted(Where.begin(), Where.end());
    std::sort(Sorted.begin(), Sorted.end(),
              [&](const std::string &A, const std::string &B) {
                return Position(A) < Position(B);
              });
    Out.push_back(
        {NameDef.first, NameDef.second, Sorted, "expanded at its uses"});
  }
  return Out;
}

} // namespace ptrcomp
