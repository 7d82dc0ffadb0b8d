//===- GraphExport.cpp - JSON (a contract) and DOT (for people) -----------===//
//
// Node ids are numbered per graph in a fixed walk order (return value, then variables in
// declaration order, then edges in offset order), so the same input always gives the
// same text.
//
//===----------------------------------------------------------------------===//
#include "ptrcomp/analysis/GraphExport.h"

#include "LocalGraphs.h"

#include "clang/AST/Decl.h"
#include "llvm/Support/JSON.h"

#include <set>

using namespace llvm;
namespace ptrcomp::dsa {
namespace {

/// One graph prepared for printing: its roots by name and its nodes numbered.
struct View {
  std::string Function; // "" for the globals graph
  DSGraph *G = nullptr;
  std::vector<std::pair<std::string, Cell>> Variables; // name -> cell, in order
  Cell Return;
  bool HasReturn = false;
  std::vector<NodeId> Nodes;
  DenseMap<NodeId, unsigned> Ids;
  std::set<NodeId> Incomplete;

  void number() {
    std::vector<Cell> Roots;
    if (HasReturn)
      Roots.push_back(Return);
    for (auto &V : Variables)
      Roots.push_back(V.second);
    Nodes = G->reachable(Roots);
    for (NodeId N : Nodes)
      Ids[N] = Ids.size() + 1;
  }
  unsigned id(Cell C) const { return Ids.lookup(G->resolve(C).Node); }
};

bool isPointerVar(const clang::VarDecl *VD) {
  return VD->getType()->isAnyPointerType();
}

bool hasOwnObject(const FunctionGraph &F, const clang::VarDecl *VD) {
  clang::QualType T = VD->getType();
  return T->isArrayType() || T->isRecordType() || F.AddressTaken.count(VD);
}

View functionView(FunctionGraph &F) {
  View V;
  V.Function = F.Name;
  V.G = F.Graph.get();
  V.Return = F.Ret;
  V.HasReturn = F.Decl->getReturnType()->isAnyPointerType();
  std::map<std::string, unsigned> Seen;
  for (const clang::VarDecl *VD : F.Vars) {
    std::string Name = VD->getName().str();
    if (unsigned N = ++Seen[Name]; N > 1)
      Name += "#" + std::to_string(N);
    Cell Storage = F.VarStorage.lookup(VD);
    if (isPointerVar(VD))
      if (Cell P = V.G->edgeIfAny(Storage); !P.isNull())
        V.Variables.emplace_back(Name, P);
    if (hasOwnObject(F, VD))
      V.Variables.emplace_back("&" + Name, Storage);
  }
  // Static locals live in the function's view of the globals (G storage); they are listed
  // like the other locals: "&c" for the object, "c" for a pointer's target.
  for (const clang::Decl *D : F.Decl->decls()) {
    const auto *VD = dyn_cast<clang::VarDecl>(D);
    if (!VD || !VD->isStaticLocal())
      continue;
    auto It = F.GlobalCells.find(globalKey(VD));
    if (It == F.GlobalCells.end())
      continue;
    std::string Name = VD->getName().str();
    if (unsigned N = ++Seen[Name]; N > 1)
      Name += "#" + std::to_string(N);
    Cell Storage = V.G->resolve(It->second);
    if (isPointerVar(VD))
      if (Cell P = V.G->edgeIfAny(Storage); !P.isNull())
        V.Variables.emplace_back(Name, P);
    V.Variables.emplace_back("&" + Name, Storage);
  }
  V.number();
  // Every function, main included (the system calls it), has callers this graph does not
  // show: what its formals reach is incomplete.
  std::vector<Cell> Formals(F.Formals.begin(), F.Formals.end());
  Formals.push_back(F.VarArgs);
  for (NodeId N : V.G->reachable(Formals))
    V.Incomplete.insert(N);
  return V;
}

View globalsView(ProgramGraphs &PG) {
  View V;
  V.G = PG.Globals.get();
  for (auto &[Key, C] : PG.GlobalCells) {
    std::string Name = PG.GlobalNames[Key];
    // A function's static local is keyed "function::name:file:line:col".
    if (size_t Sep = Key.find("::"); Sep != std::string::npos)
      Name = Key.substr(0, std::min(Key.find('@'), Sep)) + "::" + Name;
    Cell R = V.G->resolve(C);
    TypeId T = V.G->node(R.Node).Type;
    if (T && PG.Types.info(T).K == TypeInfo::Pointer)
      if (Cell P = V.G->edgeIfAny(R); !P.isNull())
        V.Variables.emplace_back(Name, P);
    V.Variables.emplace_back("&" + Name, R);
  }
  V.number();
  return V;
}

json::Array nodesJSON(const View &V, TypeTable &Types) {
  json::Array Out;
  for (NodeId N : V.Nodes) {
    const DSNode &D = V.G->liveNode(N);
    uint32_t Flags = D.Flags | (V.Incomplete.count(N) ? uint32_t(Incomplete) : 0u);
    json::Array FlagList, Edges, Sites, Reasons;
    for (const std::string &F : flagNames(Flags))
      FlagList.push_back(F);
    for (auto &[Off, T] : D.Edges) {
      Cell R = V.G->resolve(T);
      Edges.push_back(json::Object{{"offset", int64_t(Off)},
                                   {"target", int64_t(V.Ids.lookup(R.Node))},
                                   {"target_offset", int64_t(R.Offset)}});
    }
    for (const std::string &S : D.AllocSites)
      Sites.push_back(S);
    for (const std::string &R : D.Reasons)
      Reasons.push_back(R);
    json::Object O{{"id", int64_t(V.Ids.lookup(N))},
                   {"type", D.Collapsed || !D.Type ? json::Value(nullptr)
                                                   : json::Value(Types.name(D.Type))},
                   {"collapsed", D.Collapsed},
                   {"flags", std::move(FlagList)},
                   {"size", int64_t(D.Size)},
                   {"edges", std::move(Edges)},
                   {"alloc_sites", std::move(Sites)},
                   {"reasons", std::move(Reasons)}};
    if (!D.Functions.empty()) {
      json::Array Fns;
      for (const std::string &F : D.Functions)
        Fns.push_back(F);
      O["functions"] = std::move(Fns);
    }
    Out.push_back(std::move(O));
  }
  return Out;
}

json::Object variablesJSON(const View &V) {
  json::Object O;
  for (auto &[Name, C] : V.Variables)
    O[Name] = int64_t(V.id(C));
  return O;
}

std::vector<FunctionGraph *> selected(ProgramGraphs &PG, StringRef Only) {
  std::vector<FunctionGraph *> Out;
  for (auto &[Key, F] : PG.Functions)
    if (Only == "all" || F.Name == Only)
      Out.push_back(&F);
  std::stable_sort(Out.begin(), Out.end(), [](FunctionGraph *A, FunctionGraph *B) {
    return A->Name < B->Name;
  });
  return Out;
}

std::string dotEscape(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out;
}

void writeDOTView(const View &V, TypeTable &Types, const std::string &Prefix,
                  raw_ostream &OS) {
  for (NodeId N : V.Nodes) {
    const DSNode &D = V.G->liveNode(N);
    uint32_t Flags = D.Flags | (V.Incomplete.count(N) ? uint32_t(Incomplete) : 0u);
    std::string Label = D.Collapsed ? "collapsed" : D.Type ? Types.name(D.Type) : "?";
    Label += "\\n";
    for (const std::string &F : flagNames(Flags))
      Label += F;
    OS << "    " << Prefix << V.Ids.lookup(N) << " [shape=record, label=\""
       << dotEscape(Label) << "\"];\n";
    for (auto &[Off, T] : D.Edges)
      OS << "    " << Prefix << V.Ids.lookup(N) << " -> " << Prefix
         << V.Ids.lookup(V.G->resolve(T).Node) << " [label=\"" << Off << "\"];\n";
  }
  unsigned I = 0;
  for (auto &[Name, C] : V.Variables) {
    OS << "    " << Prefix << "v" << I << " [shape=plaintext, label=\"" << dotEscape(Name)
       << "\"];\n";
    OS << "    " << Prefix << "v" << I++ << " -> " << Prefix << V.id(C) << ";\n";
  }
  if (V.HasReturn && V.id(V.Return))
    OS << "    " << Prefix << "ret [shape=plaintext, label=\"return\"];\n    " << Prefix
       << "ret -> " << Prefix << V.id(V.Return) << ";\n";
}

} // namespace

bool writeGraphsJSON(ProgramGraphs &PG, StringRef Only, raw_ostream &OS) {
  std::vector<FunctionGraph *> Fns = selected(PG, Only);
  if (Fns.empty() && Only != "all")
    return false;
  json::Array Graphs;
  for (FunctionGraph *F : Fns) {
    View V = functionView(*F);
    json::Object O{{"function", F->Name},
                   {"nodes", nodesJSON(V, PG.Types)},
                   {"variables", variablesJSON(V)},
                   {"return", V.HasReturn && V.id(V.Return) ? json::Value(int64_t(V.id(V.Return)))
                                                             : json::Value(nullptr)}};
    Graphs.push_back(std::move(O));
  }
  View GV = globalsView(PG);
  json::Object Root{{"graphs", std::move(Graphs)},
                    {"globals", json::Object{{"nodes", nodesJSON(GV, PG.Types)},
                                             {"variables", variablesJSON(GV)}}}};
  OS << formatv("{0:2}", json::Value(std::move(Root))) << "\n";
  return true;
}

bool writeGraphsDOT(ProgramGraphs &PG, StringRef Only, raw_ostream &OS) {
  std::vector<FunctionGraph *> Fns = selected(PG, Only);
  if (Fns.empty() && Only != "all")
    return false;
  OS << "digraph ptrcomp {\n  node [fontname=\"monospace\"];\n";
  unsigned I = 0;
  for (FunctionGraph *F : Fns) {
    View V = functionView(*F);
    std::string Prefix = "f" + std::to_string(I++) + "_";
    OS << "  subgraph cluster_" << Prefix << " {\n    label=\"" << dotEscape(F->Name)
       << "\";\n";
    writeDOTView(V, PG.Types, Prefix, OS);
    OS << "  }\n";
  }
  View GV = globalsView(PG);
  OS << "  subgraph cluster_globals {\n    label=\"globals\";\n";
  writeDOTView(GV, PG.Types, "g_", OS);
  OS << "  }\n}\n";
  return true;
}

} // namespace ptrcomp::dsa
