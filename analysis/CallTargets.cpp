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

#include <set>

namespace ptrcomp::dsa {

void bindCall(DSGraph &G, const FunctionGraph &Callee, const Actuals &A,
              const std::function<Cell(Cell)> &Map) {
  size_t N = A.Args.size();
  for (size_t I = 0; I < N; ++I) {
    Cell Actual = A.Args[I];
    if (I >= Callee.Formals.size()) {
      // Passed through `...`: every such pointer lands in the callee's varargs cell.
      if (!Callee.VarArgs.isNull() && !Actual.isNull() && !A.ArgTypes[I])
        G.merge(Actual, Map(Callee.VarArgs));
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
  for (auto &KV : PG.Functions)
    return PG.Types.get(KV.second.Ctx->CharTy, *KV.second.Ctx);
  return NoType;
}

std::vector<std::string> resolveCallTargets(ProgramGraphs &PG) {
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
  std::map<DSGraph *, DSGraph::CloneMap> Maps;
  for (auto &[Key, F] : PG.Functions) {
    DSGraph::CloneMap &M = Maps[F.Graph.get()];
    if (M.empty())
      Big.cloneAll(*F.Graph, M);
    MergeGlobals(*F.Graph, F.GlobalCells, M);
  }
  auto InBig = [&](FunctionGraph &F, Cell C) {
    return Big.mapped(*F.Graph, Maps[F.Graph.get()], C);
  };

  std::set<std::tuple<std::string, size_t, std::string>> Bound; // (caller, call, target)
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (auto &[Key, F] : PG.Functions) {
      for (size_t CI = 0; CI < F.Calls.size(); ++CI) {
        CallSite &CS = F.Calls[CI];
        std::vector<std::string> Targets;
        if (!CS.DirectCallee.empty())
          Targets.push_back(CS.DirectCallee);
        else if (Cell FP = InBig(F, CS.CalleeCell); !FP.isNull())
          Targets = Big.node(FP.Node).Functions;
        std::vector<Cell> Args;
        for (const Cell &A : CS.Args)
          Args.push_back(InBig(F, A));
        Actuals Act{Args, CS.ArgTypes, InBig(F, CS.Ret), CS.RetType, CS.Loc};
        bool Unknown = CS.DirectCallee.empty() && Targets.empty();
        for (const std::string &T : Targets) {
          if (!Bound.emplace(Key, CI, T).second)
            continue;
          Changed = true;
          if (FunctionGraph *Callee = PG.function(T)) {
            CS.Targets.push_back(T);
            bindCall(Big, *Callee, Act, [&](Cell C) { return InBig(*Callee, C); });
          } else {
            CS.ExternalTargets.push_back(T);
          }
        }
        // Calls leaving the program: their effect here, and the callbacks they make.
        std::vector<std::string> Ext = CS.ExternalTargets;
        if (Unknown)
          Ext.push_back("");
        for (const std::string &Name : Ext) {
          CallSite Copy;
          Copy.CalleeName = Name;
          Copy.Loc = CS.Loc;
          Copy.Args = Args;
          Copy.Ret = Act.Ret;
          std::vector<CallbackCall> Callbacks;
          applyExternalCall(Big, Copy, Char, Callbacks);
          for (CallbackCall &CB : Callbacks) {
            Cell FP = Big.resolve(CB.Callee);
            if (FP.isNull())
              continue;
            for (const std::string &T : Big.node(FP.Node).Functions) {
              FunctionGraph *Callee = PG.function(T);
              if (!Callee || !Bound.emplace(Key, CI, "callback:" + T).second)
                continue;
              Changed = true;
              CS.CallbackTargets.push_back(T);
              std::vector<TypeId> NoTypes(CB.Args.size(), NoType);
              std::string Loc = CS.Loc;
              Actuals CBA{CB.Args, NoTypes, Cell(), NoType, Loc};
              bindCall(Big, *Callee, CBA, [&](Cell C) { return InBig(*Callee, C); });
            }
          }
        }
      }
    }
  }
  for (auto &[Key, F] : PG.Functions)
    for (CallSite &CS : F.Calls) {
      std::sort(CS.Targets.begin(), CS.Targets.end());
      std::sort(CS.ExternalTargets.begin(), CS.ExternalTargets.end());
      std::sort(CS.CallbackTargets.begin(), CS.CallbackTargets.end());
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
