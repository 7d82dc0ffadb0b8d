//===- BottomUp.cpp - bottom-up DS graphs over the call graph's SCCs ------===//
//
// Callees before callers (llvm::scc_iterator yields SCCs in post-order). The functions of
// one SCC share one graph: calls inside it unify directly. A call to a function of an
// earlier SCC gets a fresh copy of the part of the callee's graph reachable from its
// formals, return value and globals, unified with the actuals: two lists made by the same
// function at two call sites stay two nodes. The copy's node map is kept on the call site
// for the later plans.
//
//===----------------------------------------------------------------------===//
#include "LibcModel.h"
#include "Passes.h"

#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/SCCIterator.h"

#include <set>

namespace ptrcomp::dsa {
namespace {
struct CGNode {
  FunctionGraph *F = nullptr; // null for the root
  std::vector<CGNode *> Callees;
};
} // namespace
} // namespace ptrcomp::dsa

namespace llvm {
template <> struct GraphTraits<ptrcomp::dsa::CGNode *> {
  using NodeRef = ptrcomp::dsa::CGNode *;
  using ChildIteratorType = std::vector<NodeRef>::iterator;
  static NodeRef getEntryNode(NodeRef N) { return N; }
  static ChildIteratorType child_begin(NodeRef N) { return N->Callees.begin(); }
  static ChildIteratorType child_end(NodeRef N) { return N->Callees.end(); }
};
} // namespace llvm

namespace ptrcomp::dsa {

/// Gives the functions of one SCC a single shared graph, rewriting all their cells.
static void shareGraph(ProgramGraphs &PG, std::vector<FunctionGraph *> &SCC) {
  auto Shared = std::make_shared<DSGraph>(PG.Types);
  std::map<std::string, Cell> Globals;
  for (FunctionGraph *F : SCC) {
    DSGraph::CloneMap M;
    DSGraph &Old = *F->Graph;
    Shared->cloneAll(Old, M);
    auto Map = [&](Cell &C) { C = Shared->mapped(Old, M, C); };
    for (Cell &C : F->Formals)
      Map(C);
    Map(F->Ret);
    Map(F->VarArgs);
    for (auto &KV : F->VarStorage)
      Map(KV.second);
    for (auto &KV : F->ExprCells)
      Map(KV.second);
    for (CallSite &CS : F->Calls) {
      Map(CS.CalleeCell);
      Map(CS.Ret);
      for (Cell &C : CS.Args)
        Map(C);
    }
    for (auto &[Key, C] : F->GlobalCells) {
      Map(C);
      auto [It, New] = Globals.emplace(Key, C);
      if (!New)
        It->second = Shared->merge(It->second, C);
    }
    F->Graph = Shared;
  }
  for (FunctionGraph *F : SCC)
    for (auto &[Key, C] : F->GlobalCells)
      C = Shared->resolve(Globals[Key]);
}

/// Copies callee \p Callee's interface into \p Caller's graph and unifies it with \p A.
static DSGraph::CloneMap cloneAndBind(FunctionGraph &Caller, FunctionGraph &Callee,
                                      const Actuals &A) {
  DSGraph &G = *Caller.Graph;
  DSGraph &CG = *Callee.Graph;
  DSGraph::CloneMap M;
  for (const Cell &C : Callee.Formals)
    G.cloneFrom(CG, C, M);
  G.cloneFrom(CG, Callee.Ret, M);
  G.cloneFrom(CG, Callee.VarArgs, M);
  for (auto &[Key, C] : Callee.GlobalCells) {
    Cell Copy = G.cloneFrom(CG, C, M);
    auto [It, New] = Caller.GlobalCells.emplace(Key, Copy);
    if (!New)
      It->second = G.merge(It->second, Copy);
  }
  bindCall(G, Callee, A, [&](Cell C) { return G.mapped(CG, M, C); });
  return M;
}

static void processSCC(ProgramGraphs &PG, std::vector<FunctionGraph *> &SCC, TypeId Char) {
  if (SCC.size() > 1)
    shareGraph(PG, SCC);
  std::set<std::string> Members;
  for (FunctionGraph *F : SCC)
    Members.insert(F->Key);
  for (FunctionGraph *F : SCC) {
    DSGraph &G = *F->Graph;
    for (CallSite &CS : F->Calls) {
      Actuals A{CS.Args, CS.ArgTypes, CS.Ret, CS.RetType, CS.Loc};
      for (const std::string &T : CS.Targets) {
        FunctionGraph &Callee = *PG.function(T);
        if (Members.count(T)) {
          bindCall(G, Callee, A, [&](Cell C) { return G.resolve(C); });
          CS.Bindings.push_back({T, DSGraph::CloneMap()});
        } else {
          CS.Bindings.push_back({T, cloneAndBind(*F, Callee, A)});
        }
      }
      std::vector<std::string> Ext = CS.ExternalTargets;
      if (CS.DirectCallee.empty() && CS.Targets.empty() && CS.ExternalTargets.empty())
        Ext.push_back(""); // a call through a pointer we know nothing about
      for (const std::string &Name : Ext) {
        CallSite Copy;
        Copy.CalleeName = Name;
        Copy.Loc = CS.Loc;
        Copy.Args = CS.Args;
        Copy.Ret = CS.Ret;
        std::vector<CallbackCall> Callbacks;
        applyExternalCall(G, Copy, Char, Callbacks);
        for (CallbackCall &CB : Callbacks) {
          std::vector<TypeId> NoTypes(CB.Args.size(), NoType);
          Actuals CBA{CB.Args, NoTypes, Cell(), NoType, CS.Loc};
          for (const std::string &T : CS.CallbackTargets) {
            FunctionGraph &Callee = *PG.function(T);
            if (Members.count(T))
              bindCall(G, Callee, CBA, [&](Cell C) { return G.resolve(C); });
            else
              cloneAndBind(*F, Callee, CBA);
          }
        }
      }
    }
  }
}

void runBottomUp(ProgramGraphs &PG) {
  std::map<std::string, CGNode> Nodes;
  for (auto &[Key, F] : PG.Functions)
    Nodes[Key].F = &F;
  CGNode Root;
  for (auto &[Key, N] : Nodes) {
    Root.Callees.push_back(&N);
    std::set<std::string> Seen;
    for (const CallSite &CS : N.F->Calls) {
      for (const auto *List : {&CS.Targets, &CS.CallbackTargets})
        for (const std::string &T : *List)
          if (Seen.insert(T).second)
            N.Callees.push_back(&Nodes.at(T));
    }
  }
  TypeId Char = charType(PG);
  for (auto I = llvm::scc_begin(&Root); !I.isAtEnd(); ++I) {
    std::vector<FunctionGraph *> SCC;
    for (CGNode *N : *I)
      if (N->F)
        SCC.push_back(N->F);
    if (SCC.empty())
      continue;
    std::sort(SCC.begin(), SCC.end(),
              [](FunctionGraph *A, FunctionGraph *B) { return A->Key < B->Key; });
    processSCC(PG, SCC, Char);
  }
}

void resolveGlobals(ProgramGraphs &PG) {
  DSGraph &GG = *PG.Globals;
  // Everything each function knows about the globals, into the globals graph.
  std::map<DSGraph *, DSGraph::CloneMap> Into;
  for (auto &[Key, F] : PG.Functions) {
    DSGraph::CloneMap &M = Into[F.Graph.get()];
    for (auto &[GKey, C] : F.GlobalCells) {
      Cell Copy = GG.cloneFrom(*F.Graph, C, M);
      auto [It, New] = PG.GlobalCells.emplace(GKey, Copy);
      if (!New)
        It->second = GG.merge(It->second, Copy);
    }
  }
  // And the complete picture back into each function.
  std::map<DSGraph *, DSGraph::CloneMap> Back;
  for (auto &[Key, F] : PG.Functions) {
    DSGraph::CloneMap &M = Back[F.Graph.get()];
    for (auto &[GKey, C] : F.GlobalCells) {
      Cell Copy = F.Graph->cloneFrom(GG, PG.GlobalCells[GKey], M);
      C = F.Graph->merge(C, Copy);
    }
  }
}

} // namespace ptrcomp::dsa
