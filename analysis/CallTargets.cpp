//===- CallTargets.cpp - resolve indirect calls by whole-program unification ---===//
//
// The bottom-up pass needs the complete call graph before it starts, indirect calls
// included (paper 3.4). One context-insensitive graph of the whole program, in which every
// call is unified with every target it may reach, gives a sound set of targets for each
// call through a pointer: iterate until no call gains a target.
//
//===----------------------------------------------------------------------===//
#include "LibcModel.h"
#include "Passes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"

#include "llvm/ADT/DenseSet.h"

#include <set>

namespace ptrcomp::dsa {

void bindCall(DSGraph &G, const FunctionGraph &Callee, const Actuals &A,
              llvm::function_ref<Cell(Cell)> Map) {
  DSGraph::ContextScope Scope(G, A.Loc);
  size_t N = A.Args.size();
  for (size_t I = 0; I < N; ++I) {
    Cell Actual = A.Args[I];
    if (I >= Callee.Formals.size()) {
      // Passed through `...`: every such pointer lands in the callee's varargs cell; so do
      // the pointers inside a struct passed by value.
      Cell VA = Callee.VarArgs.isNull() ? Cell() : Map(Callee.VarArgs);
      if (VA.isNull() || Actual.isNull())
        continue;
      if (!A.ArgTypes[I]) {
        G.merge(Actual, VA);
        continue;
      }
      std::vector<uint64_t> Offsets;
      G.types().pointerOffsets(A.ArgTypes[I], Offsets);
      for (uint64_t Off : Offsets) {
        Cell At = G.resolve(Actual);
        G.merge(G.edge({At.Node, At.Offset + Off}), Map(Callee.VarArgs));
      }
      continue;
    }
    Cell Formal = Map(Callee.Formals[I]);
    if (Formal.isNull() || Actual.isNull())
      continue;
    TypeId T = Callee.FormalTypes[I] ? Callee.FormalTypes[I] : A.ArgTypes[I];
    if (T && Callee.FormalTypes[I] && A.ArgTypes[I])
      G.copyObject(Formal, Actual, T, A.Loc); // struct passed by value
    else
      G.merge(Formal, Actual);
  }
  Cell Ret = Map(Callee.Ret);
  if (!Ret.isNull() && !A.Ret.isNull()) {
    if (Callee.RetType && A.RetType)
      G.copyObject(A.Ret, Ret, Callee.RetType, A.Loc);
    else
      G.merge(A.Ret, Ret);
  }
}

TypeId charType(ProgramGraphs &PG) {
  return PG.Types.charType();
}

namespace {
/// A call the program makes: the caller and the call site.
struct CallRef {
  FunctionGraph *Caller;
  size_t Index;
  CallSite &site() const { return Caller->Calls[Index]; }
};

/// A callback an external function makes (qsort's comparator), in the program graph.
struct PendingCallback {
  CallRef Call;
  Cell Callee;
  std::vector<Cell> Args;
};
} // namespace

/// Whether a function defined in the program, or an allocator (a hook set to malloc), has
/// its address taken anywhere: without that, no call through a pointer and no callback
/// from libc can reach the program or allocate.
static bool anyAddressTaken(ProgramGraphs &PG) {
  llvm::DenseSet<DSGraph *> Seen;
  auto Scan = [&](DSGraph &G) {
    if (!Seen.insert(&G).second)
      return false;
    for (NodeId N = 1; N < G.capacity(); ++N)
      if (G.isLive(N))
        for (const std::string &F : G.liveNode(N).Functions)
          if (PG.function(F) || isAllocationFunction(F) || isDeallocationFunction(F))
            return true;
    return false;
  };
  if (Scan(*PG.Globals))
    return true;
  for (auto &KV : PG.Functions)
    if (Scan(*KV.second.Graph))
      return true;
  return false;
}

std::vector<std::string> resolveCallTargets(ProgramGraphs &PG) {
  if (!anyAddressTaken(PG)) {
    // The call graph is the direct one; a call through a pointer reaches only code
    // outside the program (BottomUp treats a call with no target as unknown code).
    for (auto &[Key, F] : PG.Functions)
      for (CallSite &CS : F.Calls)
        if (!CS.DirectCallee.empty()) {
          if (PG.function(CS.DirectCallee))
            CS.Targets.push_back(CS.DirectCallee);
          else
            CS.ExternalTargets.push_back(CS.DirectCallee);
        }
    return {};
  }

  DSGraph Big(PG.Types);
  TypeId Char = charType(PG);
  std::map<std::string, Cell> Globals;
  auto MergeGlobals = [&](DSGraph &From, const std::map<std::string, Cell> &Cells,
                          DSGraph::CloneMap &M) {
    for (auto &[Key, C] : Cells) {
      Cell Copy = Big.cloneFrom(From, C, M);
      auto [It, New] = Globals.emplace(Key, Copy);
      if (!New)
        It->second = Big.merge(It->second, Copy);
    }
  };
  DSGraph::CloneMap GM;
  MergeGlobals(*PG.Globals, PG.GlobalCells, GM);

  // Each function's graph, copied once into the program graph.
  llvm::DenseMap<DSGraph *, std::unique_ptr<DSGraph::CloneMap>> Maps;
  for (auto &[Key, F] : PG.Functions) {
    auto &M = Maps[F.Graph.get()];
    if (!M) {
      M = std::make_unique<DSGraph::CloneMap>();
      Big.cloneAll(*F.Graph, *M);
    }
    MergeGlobals(*F.Graph, F.GlobalCells, *M);
  }
  auto InBig = [&](const FunctionGraph &F, Cell C) {
    return Big.mapped(*F.Graph, *Maps[F.Graph.get()], C);
  };

  std::set<std::tuple<const CallSite *, const FunctionGraph *, bool>> Bound;
  std::vector<CallRef> Indirect;
  std::vector<PendingCallback> Callbacks;
  auto Actual = [&](CallRef R, std::vector<Cell> &Args) {
    const CallSite &CS = R.site();
    Args.clear();
    for (const Cell &A : CS.Args)
      Args.push_back(InBig(*R.Caller, A));
    return Actuals{Args, CS.ArgTypes, InBig(*R.Caller, CS.Ret), CS.RetType, CS.Loc};
  };
  // The effect of one external target (or of unknown code, for "") at a call.
  auto External = [&](CallRef R, const std::string &Name) {
    CallSite &CS = R.site();
    CallSite Copy;
    Copy.CalleeName = Name;
    Copy.Loc = CS.Loc;
    Copy.DirectCallee = CS.DirectCallee; // "" for a call through a pointer
    for (const Cell &A : CS.Args)
      Copy.Args.push_back(InBig(*R.Caller, A));
    Copy.Ret = InBig(*R.Caller, CS.Ret);
    if (isCalleeOf(Name, CS.CalleeName))
      Copy.ByteCovers = CS.ByteCovers;
    std::vector<CallbackCall> CBs;
    applyExternalCall(Big, Copy, Char, CBs);
    for (CallbackCall &CB : CBs)
      Callbacks.push_back({R, CB.Callee, std::move(CB.Args)});
  };
  // Binds the call to each function its callee cell may hold; true when one is new.
  std::vector<Cell> Args;
  auto BindTargets = [&](CallRef R, const std::vector<std::string> &Names) {
    bool Changed = false;
    CallSite &CS = R.site();
    for (const std::string &T : Names) {
      FunctionGraph *Callee = PG.function(T);
      if (Callee) {
        if (!Bound.emplace(&CS, Callee, false).second)
          continue;
        CS.Targets.push_back(T);
        Actuals Act = Actual(R, Args);
        bindCall(Big, *Callee, Act, [&](Cell C) { return InBig(*Callee, C); });
        Changed = true;
      } else if (std::find(CS.ExternalTargets.begin(), CS.ExternalTargets.end(), T) ==
                 CS.ExternalTargets.end()) {
        CS.ExternalTargets.push_back(T);
        External(R, T);
        Changed = true;
      }
    }
    return Changed;
  };

  // Direct calls once; calls through pointers until their targets stop growing.
  for (auto &[Key, F] : PG.Functions)
    for (size_t CI = 0; CI < F.Calls.size(); ++CI) {
      CallRef R{&F, CI};
      if (F.Calls[CI].DirectCallee.empty())
        Indirect.push_back(R);
      else
        BindTargets(R, {F.Calls[CI].DirectCallee});
    }
  // The functions no run can reach, with the call targets found so far: none is
  // main, an entry point of a library (no main), a constructor, a function
  // whose address reached unseen code, or a target of a reachable call.
  auto FindUnreachable = [&]() {
    std::set<std::string> Reached;
    std::vector<std::string> Work;
    auto Reach = [&](const std::string &K) {
      if (PG.function(K) && Reached.insert(K).second)
        Work.push_back(K);
    };
    for (auto &[Key, F] : PG.Functions)
      if (F.Name == "main" || (!PG.HasMain && F.ExternallyVisible) ||
          F.AlwaysReached)
        Reach(Key);
    for (NodeId N = 1; N < Big.capacity(); ++N)
      if (Big.isLive(N) && (Big.liveNode(N).Flags & (Escapes | Unknown)))
        for (const std::string &Fn : Big.liveNode(N).Functions)
          Reach(Fn);
    while (!Work.empty()) {
      FunctionGraph &F = *PG.function(Work.back());
      Work.pop_back();
      for (const CallSite &CS : F.Calls) {
        for (const std::string &T : CS.Targets)
          Reach(T);
        for (const std::string &T : CS.CallbackTargets)
          Reach(T);
      }
    }
    std::set<std::string> Out;
    for (auto &[Key, F] : PG.Functions)
      if (!Reached.count(Key))
        Out.insert(Key);
    return Out;
  };
  // A pointer that holds no function yet may receive some as other calls are
  // bound (a comparator stored in a struct that reaches the call through a
  // table): it is taken for unknown code only once the targets stop growing
  // without it, and not in a function no run reaches (a member of a table whose
  // calls are all elsewhere).
  bool Changed = true, Final = false;
  while (Changed) {
    Changed = false;
    for (CallRef R : Indirect) {
      CallSite &CS = R.site();
      Cell FP = InBig(*R.Caller, CS.CalleeCell);
      std::vector<std::string> Names;
      if (!FP.isNull())
        Names = Big.node(FP.Node).Functions;
      // A pointer that unseen code may have written, or one we know nothing about, may
      // also hold functions outside the program.
      if (FP.isNull() || (Big.node(FP.Node).Flags & (Escapes | Unknown)) ||
          (Names.empty() && Final && !PG.Unreachable.count(R.Caller->Key)))
        Names.push_back("");
      Changed |= BindTargets(R, Names);
    }
    for (size_t I = 0; I < Callbacks.size(); ++I) {
      Cell FP = Big.resolve(Callbacks[I].Callee);
      if (FP.isNull())
        continue;
      std::vector<std::string> Names = Big.node(FP.Node).Functions;
      for (const std::string &T : Names) {
        FunctionGraph *Callee = PG.function(T);
        CallSite &CS = Callbacks[I].Call.site();
        if (!Callee || !Bound.emplace(&CS, Callee, true).second)
          continue;
        Changed = true;
        CS.CallbackTargets.push_back(T);
        std::vector<TypeId> NoTypes(Callbacks[I].Args.size(), NoType);
        Actuals CBA{Callbacks[I].Args, NoTypes, Cell(), NoType, CS.Loc};
        bindCall(Big, *Callee, CBA, [&](Cell C) { return InBig(*Callee, C); });
      }
    }
    Changed |= Big.closeEscapes();
    if (!Changed && !Final) {
      Final = true;
      Changed = true;
      PG.Unreachable = FindUnreachable();
    } else if (Changed) {
      Final = false;
    }
  }
  PG.Unreachable = FindUnreachable();
  for (auto &[Key, F] : PG.Functions)
    for (CallSite &CS : F.Calls) {
      std::sort(CS.Targets.begin(), CS.Targets.end());
      std::sort(CS.ExternalTargets.begin(), CS.ExternalTargets.end());
      std::sort(CS.CallbackTargets.begin(), CS.CallbackTargets.end());
    }

  // A pointer held in memory accessed as raw bytes may have been copied there byte by
  // byte (through char *), which unification does not follow: the targets of a call
  // through it may be incomplete. Recorded for the calls that must know every target
  // (allocation hooks); other calls are bound as before.
  llvm::DenseMap<NodeId, std::string> InBytes;
  for (NodeId N = 1; N < Big.capacity(); ++N)
    if (Big.isLive(N) && Big.liveNode(N).Collapsed)
      for (auto &[Off, T] : Big.liveNode(N).Edges) {
        const DSNode &Holder = Big.liveNode(N);
        InBytes.try_emplace(Big.resolve(T).Node,
                            Holder.Reasons.empty() ? "collapsed" : Holder.Reasons.front());
      }
  for (CallRef R : Indirect) {
    Cell FP = InBig(*R.Caller, R.site().CalleeCell);
    if (!FP.isNull())
      if (auto It = InBytes.find(FP.Node); It != InBytes.end())
        R.site().CalleeInBytes = It->second;
  }

  // Functions whose address reached unseen code may be called from there.
  std::set<std::string> Escaped;
  for (NodeId N = 1; N < Big.capacity(); ++N)
    if (Big.isLive(N) && (Big.liveNode(N).Flags & Escapes))
      for (const std::string &F : Big.liveNode(N).Functions)
        if (PG.function(F))
          Escaped.insert(F);
  return {Escaped.begin(), Escaped.end()};
}

} // namespace ptrcomp::dsa
