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

#include "clang/AST/Decl.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/GraphTraits.h"
#include "llvm/ADT/SCCIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"

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
    auto Where = [F] { return F->Loc; };
    DSGraph::ContextScope Scope(*Shared, Where);
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

namespace {
/// Per finished function: the globals of its graph that share objects with what its
/// formals, return value and varargs reach. Only those matter to a caller: the others
/// say nothing about the caller's objects, and resolveGlobals gives every function the
/// complete picture of the globals it uses itself. Without this, every global any callee
/// touches would be copied into every caller up to main.
class ConnectedGlobals {
public:
  const std::vector<std::string> &of(FunctionGraph &F) {
    auto [It, New] = Cache.try_emplace(&F);
    if (New)
      It->second = compute(F);
    return It->second;
  }

private:
  static std::vector<std::string> compute(FunctionGraph &F) {
    DSGraph &G = *F.Graph;
    std::vector<Cell> Roots(F.Formals.begin(), F.Formals.end());
    Roots.push_back(F.Ret);
    Roots.push_back(F.VarArgs);
    llvm::DenseSet<NodeId> Interface;
    for (NodeId N : G.reachable(Roots))
      Interface.insert(N);
    std::vector<std::string> Out;
    if (Interface.empty())
      return Out;
    llvm::DenseSet<NodeId> Dead; // reach nothing of the interface
    for (auto &[Key, C] : F.GlobalCells) {
      llvm::SmallVector<NodeId, 16> Stack;
      llvm::DenseSet<NodeId> Seen;
      if (Cell R = G.resolve(C); !R.isNull())
        Stack.push_back(R.Node);
      bool Connected = false;
      while (!Stack.empty() && !Connected) {
        NodeId N = Stack.pop_back_val();
        if (Dead.count(N) || !Seen.insert(N).second)
          continue;
        if (Interface.count(N)) {
          Connected = true;
          break;
        }
        for (auto &[Off, T] : G.liveNode(N).Edges)
          if (Cell TC = G.resolve(T); !TC.isNull())
            Stack.push_back(TC.Node);
      }
      if (Connected)
        Out.push_back(Key);
      else
        Dead.insert(Seen.begin(), Seen.end());
    }
    return Out;
  }

  llvm::DenseMap<FunctionGraph *, std::vector<std::string>> Cache;
};
} // namespace

/// Copies callee \p Callee's interface into \p Caller's graph and unifies it with \p A.
static DSGraph::CloneMap cloneAndBind(FunctionGraph &Caller, FunctionGraph &Callee,
                                      const Actuals &A, ConnectedGlobals &CGs) {
  DSGraph &G = *Caller.Graph;
  DSGraph &CG = *Callee.Graph;
  DSGraph::ContextScope Scope(G, A.Loc);
  DSGraph::CloneMap M(4); // most interfaces are a few nodes: no 64-bucket table

  for (const Cell &C : Callee.Formals)
    G.cloneFrom(CG, C, M);
  G.cloneFrom(CG, Callee.Ret, M);
  G.cloneFrom(CG, Callee.VarArgs, M);
  for (const std::string &Key : CGs.of(Callee)) {
    Cell C = Callee.GlobalCells.at(Key);
    Cell Copy = G.cloneFrom(CG, C, M);
    auto [It, New] = Caller.GlobalCells.emplace(Key, Copy);
    if (!New)
      It->second = G.merge(It->second, Copy);
  }
  bindCall(G, Callee, A, [&](Cell C) { return G.mapped(CG, M, C); });
  return M; // (the call site keeps it as a NodeMap)
}

/// A call through an allocation hook whose every target is one allocator: that
/// allocator's effect, as a direct call has it. The program's functions it may reach only
/// hand it their parameters (see AllocationHooks.cpp), so binding them adds nothing.
static void applyHookAllocator(DSGraph &G, const CallSite &CS, TypeId Char) {
  CallSite Copy;
  Copy.CalleeName = Copy.DirectCallee = CS.Hook->Allocator;
  Copy.Loc = CS.Loc;
  for (unsigned I : CS.Hook->ArgOf)
    Copy.Args.push_back(I < CS.Args.size() ? CS.Args[I] : Cell());
  Copy.Ret = CS.Ret;
  std::vector<CallbackCall> None;
  applyExternalCall(G, Copy, Char, None);
}

/// A call through a hook that may hold something other than its allocator: what it
/// allocates or frees stays out of pools, with the target named first among the reasons
/// (the call is then bound to each target as usual). Unseen code among the targets makes
/// everything the call reaches escape anyway; the reason says through which hook.
static void refuseHook(DSGraph &G, const CallSite &CS) {
  const HookCall &H = *CS.Hook;
  std::vector<Cell> Cells(CS.Args.begin(), CS.Args.end());
  Cells.push_back(CS.Ret);
  if (!H.Targets.empty() && H.Targets.front().empty()) {
    // What unseen code does to all the call reaches (LibcModel), named after the hook.
    G.markReachable(Cells, Escapes, "escapes: " + H.Refusal);
  } else {
    for (const Cell &C : Cells)
      G.addFlags(C, Unknown, "unknown: " + H.Refusal);
  }
  if (!CS.Ret.isNull())
    G.addAllocSite(CS.Ret, CS.Loc);
}

static void processSCC(ProgramGraphs &PG, std::vector<FunctionGraph *> &SCC, TypeId Char,
                       ConnectedGlobals &CGs,
                       const llvm::StringMap<FunctionGraph *> &Index) {
  if (SCC.size() > 1)
    shareGraph(PG, SCC);
  llvm::SmallPtrSet<FunctionGraph *, 4> Members(SCC.begin(), SCC.end());
  for (FunctionGraph *F : SCC) {
    DSGraph &G = *F->Graph;
    for (CallSite &CS : F->Calls) {
      if (CS.Hook && !CS.Hook->Allocator.empty()) {
        applyHookAllocator(G, CS, Char);
        continue;
      }
      if (CS.Hook)
        refuseHook(G, CS);
      Actuals A{CS.Args, CS.ArgTypes, CS.Ret, CS.RetType, CS.Loc};
      for (const std::string &T : CS.Targets) {
        FunctionGraph &Callee = *Index.lookup(T);
        if (Members.count(&Callee)) {
          bindCall(G, Callee, A, [&](Cell C) { return G.resolve(C); });
          CS.Bindings.push_back({T, NodeMap()});
        } else {
          CS.Bindings.push_back({T, NodeMap(cloneAndBind(*F, Callee, A, CGs))});
        }
      }
      std::vector<std::string> Ext = CS.ExternalTargets;
      // A call through a pointer we know nothing about; in a function no run
      // reaches, a pointer that holds nothing is never called.
      if (CS.DirectCallee.empty() && CS.Targets.empty() &&
          CS.ExternalTargets.empty() && !PG.Unreachable.count(F->Key))
        Ext.push_back("");
      for (const std::string &Name : Ext) {
        CallSite Copy;
        Copy.CalleeName = Name;
        Copy.Loc = CS.Loc;
        Copy.DirectCallee = CS.DirectCallee; // "" for a call through a pointer
        Copy.Args = CS.Args;
        Copy.Ret = CS.Ret;
        if (isCalleeOf(Name, CS.CalleeName))
          Copy.ByteCovers = CS.ByteCovers;
        std::vector<CallbackCall> Callbacks;
        applyExternalCall(G, Copy, Char, Callbacks);
        for (CallbackCall &CB : Callbacks) {
          std::vector<TypeId> NoTypes(CB.Args.size(), NoType);
          Actuals CBA{CB.Args, NoTypes, Cell(), NoType, CS.Loc};
          for (const std::string &T : CS.CallbackTargets) {
            FunctionGraph &Callee = *Index.lookup(T);
            if (Members.count(&Callee))
              bindCall(G, Callee, CBA, [&](Cell C) { return G.resolve(C); });
            else
              cloneAndBind(*F, Callee, CBA, CGs);
          }
        }
      }
    }
  }
  // Calls processed after an escaping one may have linked more objects to it.
  SCC.front()->Graph->closeEscapes();
}

void runBottomUp(ProgramGraphs &PG) {
  std::vector<CGNode> Nodes(PG.Functions.size());
  llvm::StringMap<FunctionGraph *> Index;
  llvm::DenseMap<FunctionGraph *, CGNode *> NodeOf;
  size_t I = 0;
  for (auto &[Key, F] : PG.Functions) {
    Nodes[I].F = &F;
    Index[Key] = &F;
    NodeOf[&F] = &Nodes[I++];
  }
  CGNode Root;
  for (CGNode &N : Nodes) {
    Root.Callees.push_back(&N);
    llvm::SmallPtrSet<CGNode *, 8> Seen;
    for (const CallSite &CS : N.F->Calls)
      for (const auto *List : {&CS.Targets, &CS.CallbackTargets})
        for (const std::string &T : *List)
          if (CGNode *C = NodeOf.lookup(Index.lookup(T)); C && Seen.insert(C).second)
            N.Callees.push_back(C);
  }
  TypeId Char = charType(PG);
  ConnectedGlobals CGs;
  for (auto I = llvm::scc_begin(&Root); !I.isAtEnd(); ++I) {
    std::vector<FunctionGraph *> SCC;
    for (CGNode *N : *I)
      if (N->F)
        SCC.push_back(N->F);
    if (SCC.empty())
      continue;
    std::sort(SCC.begin(), SCC.end(),
              [](FunctionGraph *A, FunctionGraph *B) { return A->Key < B->Key; });
    processSCC(PG, SCC, Char, CGs, Index);
  }
}

void resolveGlobals(ProgramGraphs &PG) {
  DSGraph &GG = *PG.Globals;
  // Everything each function knows about the globals, into the globals graph.
  std::map<DSGraph *, DSGraph::CloneMap> Into;
  for (auto &[Key, F] : PG.Functions) {
    auto Where = [&F] { return F.Loc; };
    DSGraph::ContextScope Scope(GG, Where);
    DSGraph::CloneMap &M = Into[F.Graph.get()];
    for (auto &[GKey, C] : F.GlobalCells) {
      Cell Copy = GG.cloneFrom(*F.Graph, C, M);
      auto [It, New] = PG.GlobalCells.emplace(GKey, Copy);
      if (!New)
        It->second = GG.merge(It->second, Copy);
    }
  }
  GG.closeEscapes();
  // And the complete picture back into each function.
  std::map<DSGraph *, DSGraph::CloneMap> Back;
  for (auto &[Key, F] : PG.Functions) {
    auto Where = [&F] { return F.Loc; };
    DSGraph::ContextScope Scope(*F.Graph, Where);
    DSGraph::CloneMap &M = Back[F.Graph.get()];
    for (auto &[GKey, C] : F.GlobalCells) {
      Cell Copy = F.Graph->cloneFrom(GG, PG.GlobalCells[GKey], M);
      C = F.Graph->merge(C, Copy);
    }
  }
  llvm::DenseSet<DSGraph *> Closed;
  for (auto &[Key, F] : PG.Functions)
    if (Closed.insert(F.Graph.get()).second)
      F.Graph->closeEscapes();
}

} // namespace ptrcomp::dsa
