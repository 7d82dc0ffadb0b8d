//===- ProgramFacts.cpp - decisions the units of a program share ----------===//
#include "ProgramFacts.h"

#include "llvm/ADT/STLExtras.h"

#include <functional>

namespace ptrcomp {

/// How the type table names a struct type without a tag (`struct { ... }
/// link;`).
static bool isUnnamedStruct(llvm::StringRef Name) {
  return Name.contains("<anonymous") || Name.contains("(anonymous") ||
         Name.contains("(unnamed");
}

void checkLayouts(const ProgramFacts &Facts, dsa::ProgramGraphs &PG,
                  const dsa::Plan &P, dsa::Vetoes &Out) {
  // Layout -> the pools to leave unchanged when it cannot be declared.
  std::map<int, std::set<int>> Blame;
  std::function<void(int, const std::set<int> &)> Add =
      [&](int LI, const std::set<int> &Pools) {
        if (LI < 0)
          return;
        Blame[LI].insert(Pools.begin(), Pools.end());
        for (auto &KV : P.Layouts[LI].Nested)
          Add(KV.second, Pools);
      };
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    Add(P.Pools[I].LayoutId, {int(I)});
  for (auto &[N, LI] : P.GlobalHolders)
    Add(LI, P.GlobalHolderPools.at(N));
  for (const dsa::FunctionVersion &V : P.Versions) {
    std::set<int> Pools;
    for (auto &KV : V.Nodes)
      if (KV.second.Source == dsa::NodeEncoding::Param)
        Pools.insert(V.ParamPools[KV.second.Slot].begin(),
                     V.ParamPools[KV.second.Slot].end());
      else if (KV.second.isPooled() && KV.second.Pool >= 0)
        Pools.insert(KV.second.Pool);
    for (auto &KV : V.Nodes)
      if (KV.second.isHolder())
        Add(KV.second.LayoutId, Pools);
  }
  for (auto &[LI, Pools] : Blame) {
    bool Unnamed = false; // printed inline in the layout that embeds it
    for (const dsa::Layout &Outer : P.Layouts)
      for (auto &KV : Outer.Nested)
        Unnamed |= KV.second == LI &&
                   isUnnamedStruct(PG.Types.name(P.Layouts[LI].Struct));
    if (Unnamed)
      continue;
    bool Defined = false;
    std::string Why;
    for (const UnitFacts &U : Facts.Units) {
      auto It = U.FileScopeStructs.find(P.Layouts[LI].Struct);
      if (It == U.FileScopeStructs.end())
        continue;
      Defined = true;
      if (Why.empty())
        Why = It->second;
    }
    // A struct defined only inside another one (or in a system header) has no
    // place where its new layout could be declared.
    if (!Defined)
      Why = PG.Types.name(P.Layouts[LI].Struct) +
            " is not defined at file scope in the program, so its new layout "
            "has no place";
    if (!Why.empty())
      for (int Pl : Pools)
        Out.emplace(P.Pools[Pl].Origin, Why);
  }
}

void ProgramFacts::decide(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                          dsa::Vetoes &Out) {
  CalledFromUnit.clear();
  CrossUnit.clear();
  PoolUsers.clear();
  PoolHome.clear();
  SizeExported.clear();
  auto UnitOf = [&](unsigned VI) {
    return PG.function(P.Versions[VI].Function)->Unit;
  };
  for (unsigned VI = 0; VI < P.Versions.size(); ++VI) {
    const dsa::FunctionVersion &V = P.Versions[VI];
    unsigned Unit = UnitOf(VI);
    for (auto &[CI, Call] : V.Calls) {
      if (!P.Versions[Call.Version].IsOriginal)
        CalledFromUnit[Call.Version].insert(Unit);
      for (unsigned T : Call.Targets)
        CalledFromUnit[T].insert(Unit);
    }
  }
  for (auto &[VI, Units] : CalledFromUnit)
    for (unsigned U : Units)
      if (U != UnitOf(VI))
        CrossUnit.insert(VI);

  // A static function of a header is a copy per unit that includes it, and the
  // units rewrite their copies at one place, each on its own: the original's text
  // must stay for all of them when any still calls it (one whose copy the plan does
  // not reach counts when some function calls it), else the clones take its place
  // in all of them. (Each unit replacing or keeping on its own wrote the clone twice.)
  KeepOriginal.clear();
  std::map<std::pair<std::string, unsigned>, std::vector<std::string>> Copies;
  for (const UnitFacts &U : Units)
    for (auto &[Key, Place] : U.IncludedStatics)
      Copies[Place].push_back(Key);
  std::set<std::string> Called;
  bool AnyShared = llvm::any_of(Copies, [](auto &KV) { return KV.second.size() > 1; });
  if (AnyShared)
    for (auto &[Key, F] : PG.Functions)
      for (const dsa::CallSite &CS : F.Calls)
        if (!CS.DirectCallee.empty())
          Called.insert(CS.DirectCallee);
  for (auto &[Place, Keys] : Copies) {
    if (Keys.size() < 2)
      continue;
    bool Keep = llvm::any_of(Keys, [&](const std::string &K) {
      auto VIt = P.VersionsOf.find(K);
      if (VIt == P.VersionsOf.end())
        return Called.count(K) > 0;
      return llvm::any_of(VIt->second, [&](unsigned VI) {
        return P.Versions[VI].IsOriginal;
      });
    });
    if (Keep)
      KeepOriginal.insert(Keys.begin(), Keys.end());
  }
  ClonesCalledIn.assign(Units.size(), {});
  for (unsigned XI = 0; XI < P.Versions.size(); ++XI) {
    const dsa::FunctionVersion &X = P.Versions[XI];
    unsigned U = UnitOf(XI);
    if (U >= ClonesCalledIn.size())
      ClonesCalledIn.resize(U + 1);
    for (auto &KV : X.Calls) {
      const dsa::FunctionVersion &V = P.Versions[KV.second.Version];
      if (V.IsOriginal || V.Function == X.Function)
        continue;
      std::vector<unsigned> &Callers = ClonesCalledIn[U][KV.second.Version];
      if (Callers.empty() || Callers.back() != XI)
        Callers.push_back(XI);
    }
  }
  UsedLayouts.clear();
  UsedLayoutsOf.clear();
  std::function<void(int)> Use = [&](int LI) {
    if (LI >= 0 && UsedLayouts.insert(LI).second)
      for (auto &KV : P.Layouts[LI].Nested)
        Use(KV.second);
  };
  for (const dsa::Pool &Pl : P.Pools)
    Use(Pl.LayoutId);
  for (auto &KV : P.GlobalHolders) // struct-typed globals' layouts
    Use(KV.second);
  for (const dsa::FunctionVersion &V :
       P.Versions) // struct-typed locals' layouts
    for (auto &KV : V.Nodes)
      if (KV.second.isHolder())
        Use(KV.second.LayoutId);
  for (int LI : UsedLayouts)
    UsedLayoutsOf[P.Layouts[LI].Struct].push_back(LI);

  // Global pools: the units whose functions' versions have a node in them (a
  // superset of those whose code names the pool), and main, which readies the
  // thread-safe ones.
  dsa::FunctionGraph *Main = PG.function("main");
  for (unsigned VI = 0; VI < P.Versions.size(); ++VI) {
    const dsa::FunctionVersion &V = P.Versions[VI];
    if (!V.changesSomething())
      continue;
    for (auto &KV : V.Nodes)
      if (KV.second.Source == dsa::NodeEncoding::Global && KV.second.Pool >= 0)
        PoolUsers[KV.second.Pool].insert(UnitOf(VI));
    // A version that creates a pool of a struct its unit sees only declared
    // sizes it with the size the defining unit exports.
    for (int Pl : V.OwnedPools) {
      const dsa::Pool &Po = P.Pools[Pl];
      if (!complete(UnitOf(VI), Po.Struct) && Po.LayoutId >= 0 &&
          !Po.SharedByActivations)
        SizeExported.insert(Po.LayoutId);
    }
  }
  for (unsigned Pl = 0; Pl < P.Pools.size(); ++Pl)
    if (P.Pools[Pl].OwnerName.empty() && P.Pools[Pl].ThreadSafe && Main)
      PoolUsers[Pl].insert(Main->Unit);
  for (auto &[Pl, Users] : PoolUsers) {
    const dsa::Pool &Po = P.Pools[Pl];
    // The definition's initializer takes sizeof of the layout: a unit that
    // defines the struct (main's may only see it declared, an opaque type).
    std::optional<unsigned> Home;
    if (Main && Users.count(Main->Unit) && complete(Main->Unit, Po.Struct))
      Home = Main->Unit;
    for (unsigned U : Users)
      if (!Home && complete(U, Po.Struct))
        Home = U;
    if (!Home) {
      Out.emplace(Po.Origin, "no file that uses its pool defines " +
                                 PG.Types.name(Po.Struct) +
                                 ", so none can define the pool");
      continue;
    }
    PoolHome[Pl] = *Home;
  }
}

} // namespace ptrcomp
