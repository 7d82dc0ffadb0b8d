//===- HeaderFilter.cpp ---------------------------------------------------===//
#include "HeaderFilter.h"

#include "llvm/ADT/StringExtras.h"

#include <map>
#include <set>

using namespace llvm;
namespace ptrcomp {

static void identifiers(StringRef S, std::set<std::string> &Out) {
  for (size_t I = 0; I < S.size();) {
    if (!(isAlpha(S[I]) || S[I] == '_')) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < S.size() && (isAlnum(S[J]) || S[J] == '_'))
      ++J;
    Out.insert(S.slice(I, J).str());
    I = J;
  }
}

bool headerFilterVetoes(Regex &Filter, StringRef Spelling,
                        const std::vector<OutputFile> &Files,
                        const EditSet &Edits, dsa::ProgramGraphs &PG,
                        const dsa::Plan &P, dsa::Vetoes &Out) {
  // Which pools each name in an edit stands for.
  std::map<std::string, std::set<int>> PoolsNamed, PoolsOfTag;
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    const dsa::Pool &Pl = P.Pools[I];
    PoolsNamed[Pl.Name].insert(I);
    if (Pl.LayoutId >= 0)
      PoolsNamed[P.Layouts[Pl.LayoutId].Name].insert(I);
    StringRef Tag = PG.Types.name(Pl.Struct);
    Tag.consume_front("struct ");
    PoolsOfTag[Tag.str()].insert(I);
  }
  for (const dsa::FunctionVersion &V : P.Versions) {
    if (V.IsOriginal)
      continue;
    for (const std::set<int> &S : V.ParamPools)
      PoolsNamed[V.Name].insert(S.begin(), S.end());
    PoolsNamed[V.Name].insert(V.OwnedPools.begin(), V.OwnedPools.end());
  }

  bool Outside = false;
  for (const OutputFile &F : Files) {
    if (F.IsMainFile || !Edits.changes(F.RealPath) ||
        Filter.match(F.RealPath) || Filter.match(F.DisplayPath))
      continue;
    auto It = Edits.files().find(F.RealPath);
    if (It == Edits.files().end())
      continue;
    for (const clang::tooling::Replacement &R : It->second) {
      Outside = true;
      StringRef Before = StringRef(F.Original).take_front(R.getOffset());
      size_t NL = Before.rfind('\n');
      std::string Where =
          F.DisplayPath + ":" + std::to_string(Before.count('\n') + 1) + ":" +
          std::to_string(R.getOffset() - (NL == StringRef::npos ? 0 : NL + 1) +
                         1);
      std::string Why = "would need edits in a header at " + Where +
                        ", which HeaderFilter '" + Spelling.str() +
                        "' excludes";
      std::set<std::string> Names;
      identifiers(R.getReplacementText(), Names);
      std::set<int> Pools;
      for (const std::string &N : Names)
        if (auto PI = PoolsNamed.find(N); PI != PoolsNamed.end())
          Pools.insert(PI->second.begin(), PI->second.end());
      if (Pools.empty()) {
        // Nothing new is named: the edit changes existing text; look at what it
        // replaces.
        identifiers(StringRef(F.Original).substr(R.getOffset(), R.getLength()),
                    Names);
        for (const std::string &N : Names)
          if (auto PI = PoolsOfTag.find(N); PI != PoolsOfTag.end())
            Pools.insert(PI->second.begin(), PI->second.end());
      }
      if (Pools.empty())
        for (unsigned I = 0; I < P.Pools.size(); ++I)
          Pools.insert(I);
      for (int Pl : Pools)
        Out.emplace(P.Pools[Pl].Origin, Why);
    }
  }
  return Outside;
}

} // namespace ptrcomp
