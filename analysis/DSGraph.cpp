//===- DSGraph.cpp - unification, type inference, cloning -----------------===//
#include "ptrcomp/analysis/DSGraph.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

namespace ptrcomp::dsa {

static void addUnique(std::vector<std::string> &V, const std::string &S) {
  auto It = std::lower_bound(V.begin(), V.end(), S);
  if (It == V.end() || *It != S)
    V.insert(It, S);
}

static void addAllUnique(std::vector<std::string> &V, const std::vector<std::string> &W) {
  for (const std::string &S : W)
    addUnique(V, S);
}

/// Reasons keep their order of discovery (the first is the most telling); a few suffice.
static void addReason(std::vector<std::string> &V, const std::string &S) {
  if (S.empty() || V.size() >= 8 || std::find(V.begin(), V.end(), S) != V.end())
    return;
  V.push_back(S);
}

NodeId DSGraph::makeNode(uint32_t Flags, TypeId Type) {
  NodeId Id = Nodes.size();
  Nodes.emplace_back();
  Nodes.back().Flags = Flags;
  Nodes.back().Type = Type;
  Nodes.back().Size = Types.size(Type);
  return Id;
}

NodeId DSGraph::find(NodeId N) {
  if (!N)
    return 0;
  // Path compression, accumulating the shifts on the way.
  NodeId Root = N;
  while (Nodes[Root].Forward)
    Root = Nodes[Root].Forward;
  while (Nodes[N].Forward && Nodes[N].Forward != Root) {
    NodeId Next = Nodes[N].Forward;
    uint64_t Total = Nodes[N].Shift;
    for (NodeId M = Next; M != Root; M = Nodes[M].Forward)
      Total += Nodes[M].Shift;
    Nodes[N].Forward = Root;
    Nodes[N].Shift = Total;
    N = Next;
  }
  return Root;
}

Cell DSGraph::resolve(Cell C) {
  if (C.isNull())
    return C;
  uint64_t Off = C.Offset;
  NodeId N = C.Node;
  find(N); // compresses so that one hop reaches the root
  if (Nodes[N].Forward) {
    Off += Nodes[N].Shift;
    N = Nodes[N].Forward;
  }
  if (Nodes[N].Collapsed)
    Off = 0;
  return {N, Off};
}

Cell DSGraph::merge(Cell A, Cell B) {
  if (A.isNull())
    return resolve(B);
  if (B.isNull())
    return resolve(A);
  Pending.emplace_back(A, B);
  drain();
  return resolve(A);
}

void DSGraph::drain() {
  if (Draining)
    return; // the outer loop picks the new work up
  Draining = true;
  while (!Pending.empty()) {
    auto [A, B] = Pending.back();
    Pending.pop_back();
    A = resolve(A);
    B = resolve(B);
    if (A.isNull() || B.isNull())
      continue;
    if (A.Node == B.Node) {
      if (A.Offset != B.Offset)
        collapse(A.Node, "collapsed: pointers to different fields of one object were "
                         "unified");
      continue;
    }
    // Merge the node whose cell has the smaller offset into the other, so that the shift
    // is never negative; on a tie keep the older node (deterministic ids).
    NodeId Keep = A.Node, Gone = B.Node;
    uint64_t Shift = A.Offset - B.Offset;
    if (A.Offset < B.Offset || (A.Offset == B.Offset && B.Node < A.Node)) {
      std::swap(Keep, Gone);
      Shift = B.Offset - A.Offset;
      if (A.Offset == B.Offset)
        Shift = 0;
    }
    mergeNodes(Keep, Gone, Shift);
  }
  Draining = false;
}

/// Why two uses of one object disagree; a byte-level use is named first.
std::string DSGraph::conflict(TypeId A, const std::string &AtA, TypeId B,
                              const std::string &AtB) const {
  auto Use = [&](TypeId T, const std::string &At) {
    return (Types.isCharLike(T) ? std::string("char") : Types.name(T)) +
           (At.empty() ? "" : " at " + At);
  };
  // Name the byte-level use first (else the newer one): it is usually the one to look at.
  if (Types.isCharLike(A) && !Types.isCharLike(B))
    return "collapsed: accessed as " + Use(A, AtA) + ", elsewhere as " + Use(B, AtB);
  return "collapsed: accessed as " + Use(B, AtB) + ", elsewhere as " + Use(A, AtA);
}

void DSGraph::mergeNodes(NodeId Keep, NodeId Gone, uint64_t Shift) {
  DSNode &K = Nodes[Keep];
  DSNode &G = Nodes[Gone];
  std::string Why;
  if (G.Collapsed && !K.Collapsed)
    Why = G.Reasons.empty() ? "collapsed: merged with a collapsed node" : G.Reasons.front();
  else if (!K.Collapsed && !G.Collapsed) {
    // Type of the merged node: one type must hold the other at the shift.
    if (G.Type && K.Type) {
      if (Types.fitsAt(K.Type, Shift, G.Type)) {
        // K's type already describes G's objects.
      } else if (Shift == 0 && Types.fitsAt(G.Type, 0, K.Type)) {
        K.Type = G.Type;
        K.TypedAt = G.TypedAt;
      } else {
        Why = conflict(K.Type, K.TypedAt, G.Type, G.TypedAt);
      }
    } else if (G.Type && !K.Type) {
      if (Shift == 0) {
        K.Type = G.Type;
        K.TypedAt = G.TypedAt;
      } else
        Why = "collapsed: object of type " + Types.name(G.Type) +
              " used inside an object of unknown type";
    }
  }
  K.Flags |= G.Flags;
  K.Size = std::max(K.Size, G.Size + Shift);
  addAllUnique(K.AllocSites, G.AllocSites);
  addAllUnique(K.Functions, G.Functions);
  for (TypeId T : G.PointerTypes)
    if (Shift == 0 && !std::binary_search(K.PointerTypes.begin(), K.PointerTypes.end(), T))
      K.PointerTypes.insert(
          std::lower_bound(K.PointerTypes.begin(), K.PointerTypes.end(), T), T);
  for (const std::string &R : G.Reasons)
    addReason(K.Reasons, R);
  std::map<uint64_t, Cell> Moved = std::move(G.Edges);
  bool GoneCollapsed = G.Collapsed;
  G = DSNode();
  G.Forward = Keep;
  G.Shift = Shift;
  for (auto &[Off, Target] : Moved) {
    uint64_t At = (K.Collapsed || GoneCollapsed) ? 0 : Off + Shift;
    auto It = K.Edges.find(At);
    if (It == K.Edges.end())
      K.Edges.emplace(At, Target);
    else
      Pending.emplace_back(It->second, Target);
  }
  if (!Why.empty() || (GoneCollapsed && !K.Collapsed))
    collapse(Keep, Why);
}

void DSGraph::collapse(NodeId N, const std::string &Reason) {
  N = find(N);
  DSNode &Node = Nodes[N];
  addReason(Node.Reasons, Reason);
  if (Node.Collapsed)
    return;
  Node.Collapsed = true;
  Node.Type = NoType;
  if (Node.Edges.empty())
    return;
  // Every pointer field becomes the one field at offset 0.
  std::map<uint64_t, Cell> Old = std::move(Node.Edges);
  Node.Edges.clear();
  Cell First = Old.begin()->second;
  Node.Edges.emplace(0, First);
  for (auto It = std::next(Old.begin()); It != Old.end(); ++It)
    Pending.emplace_back(First, It->second);
  drain();
}

Cell DSGraph::edge(Cell At) {
  At = resolve(At);
  if (At.isNull())
    return At;
  auto &Edges = Nodes[At.Node].Edges;
  auto It = Edges.find(At.Offset);
  if (It != Edges.end())
    return resolve(It->second);
  NodeId T = makeNode();
  Nodes[At.Node].Edges.emplace(At.Offset, Cell{T, 0});
  return {T, 0};
}

Cell DSGraph::edgeIfAny(Cell At) {
  At = resolve(At);
  if (At.isNull())
    return At;
  auto &Edges = Nodes[At.Node].Edges;
  auto It = Edges.find(At.Offset);
  return It == Edges.end() ? Cell() : resolve(It->second);
}

void DSGraph::access(Cell At, TypeId T, const std::string &Where) {
  At = resolve(At);
  if (At.isNull() || !T)
    return;
  DSNode &N = Nodes[At.Node];
  if (N.Collapsed)
    return;
  const TypeInfo &TI = Types.info(T);
  if (TI.K == TypeInfo::Void || TI.K == TypeInfo::Function ||
      TI.K == TypeInfo::Incomplete)
    return;
  if (Types.isUntypableUnion(T)) {
    collapse(At.Node, "collapsed: accessed through " + TI.Name +
                          ", a union holding pointers, at " + Where);
    return;
  }
  if (!N.Type) {
    if (At.Offset == 0) {
      N.Type = T;
      N.TypedAt = Where;
      N.Size = std::max(N.Size, Types.size(T));
    } else {
      collapse(At.Node, "collapsed: accessed as " + TI.Name + " at offset " +
                            std::to_string(At.Offset) + " of an object of unknown type at " +
                            Where);
    }
    return;
  }
  if (Types.fitsAt(N.Type, At.Offset, T))
    return;
  if (At.Offset == 0 && Types.fitsAt(T, 0, N.Type)) {
    N.Type = T; // the object is a T whose first member was seen first
    N.TypedAt = Where;
    N.Size = std::max(N.Size, Types.size(T));
    return;
  }
  collapse(At.Node, conflict(N.Type, N.TypedAt, T, Where));
}

void DSGraph::addFlags(Cell C, uint32_t Flags, const std::string &Reason) {
  C = resolve(C);
  if (C.isNull())
    return;
  Nodes[C.Node].Flags |= Flags;
  addReason(Nodes[C.Node].Reasons, Reason);
}

void DSGraph::addPointerType(Cell C, TypeId T) {
  C = resolve(C);
  if (C.isNull() || C.Offset != 0 || !T)
    return;
  auto &V = Nodes[C.Node].PointerTypes;
  auto It = std::lower_bound(V.begin(), V.end(), T);
  if (It == V.end() || *It != T)
    V.insert(It, T);
}

void DSGraph::addAllocSite(Cell C, const std::string &Site) {
  C = resolve(C);
  if (!C.isNull())
    addUnique(Nodes[C.Node].AllocSites, Site);
}

std::vector<NodeId> DSGraph::reachable(llvm::ArrayRef<Cell> Roots) {
  std::vector<NodeId> Order;
  llvm::DenseMap<NodeId, bool> Seen;
  llvm::SmallVector<NodeId, 32> Stack;
  for (auto I = Roots.rbegin(); I != Roots.rend(); ++I) {
    Cell R = resolve(*I);
    if (!R.isNull())
      Stack.push_back(R.Node);
  }
  while (!Stack.empty()) {
    NodeId N = find(Stack.pop_back_val());
    if (!Seen.insert({N, true}).second)
      continue;
    Order.push_back(N);
    const auto &Edges = Nodes[N].Edges;
    for (auto It = Edges.rbegin(); It != Edges.rend(); ++It) {
      Cell T = resolve(It->second);
      if (!T.isNull() && !Seen.count(T.Node))
        Stack.push_back(T.Node);
    }
  }
  return Order;
}

void DSGraph::markReachable(llvm::ArrayRef<Cell> Roots, uint32_t Flags,
                            const std::string &Reason) {
  for (NodeId N : reachable(Roots)) {
    Nodes[N].Flags |= Flags;
    addReason(Nodes[N].Reasons, Reason);
  }
}

void DSGraph::copyObject(Cell Dst, Cell Src, TypeId T, const std::string &Where) {
  Dst = resolve(Dst);
  Src = resolve(Src);
  if (Dst.isNull() || Src.isNull())
    return;
  access(Dst, T, Where);
  access(Src, T, Where);
  std::vector<uint64_t> Offsets;
  Types.pointerOffsets(T, Offsets);
  for (uint64_t Off : Offsets) {
    Cell D = resolve({Dst.Node, Dst.Offset + Off});
    Cell S = resolve({Src.Node, Src.Offset + Off});
    Cell SE = edgeIfAny(S);
    if (SE.isNull() && edgeIfAny(D).isNull())
      continue; // neither side holds a pointer yet: nothing to unify
    merge(edge(D), edge(S));
  }
}

Cell DSGraph::cloneFrom(DSGraph &Src, Cell C, CloneMap &Map, uint32_t DropFlags) {
  C = Src.resolve(C);
  if (C.isNull())
    return C;
  // First copy every reachable source node not copied before (the walk stops at copies
  // made by earlier calls with the same map), then wire the new copies' edges.
  std::vector<NodeId> Fresh;
  llvm::SmallVector<NodeId, 32> Stack{C.Node};
  while (!Stack.empty()) {
    NodeId SN = Src.find(Stack.pop_back_val());
    if (Map.count(SN))
      continue;
    const DSNode &S = Src.Nodes[SN];
    NodeId N = makeNode(S.Flags & ~DropFlags, S.Type);
    DSNode &D = Nodes[N];
    D.Collapsed = S.Collapsed;
    D.TypedAt = S.TypedAt;
    D.Size = S.Size;
    D.AllocSites = S.AllocSites;
    D.Reasons = S.Reasons;
    D.Functions = S.Functions;
    D.PointerTypes = S.PointerTypes;
    Map[SN] = {N, 0};
    Fresh.push_back(SN);
    for (auto It = S.Edges.rbegin(); It != S.Edges.rend(); ++It) {
      Cell T = Src.resolve(It->second);
      if (!Map.count(T.Node))
        Stack.push_back(T.Node);
    }
  }
  for (NodeId SN : Fresh) {
    Cell Copy = resolve(Map[SN]);
    for (auto &[Off, T] : Src.Nodes[SN].Edges) {
      Cell ST = Src.resolve(T);
      Cell DT = Map.lookup(ST.Node);
      DT.Offset += ST.Offset;
      Cell At = resolve({Copy.Node, Copy.Offset + Off});
      auto &Edges = Nodes[At.Node].Edges;
      auto It = Edges.find(At.Offset);
      if (It == Edges.end())
        Edges.emplace(At.Offset, DT);
      else
        merge(It->second, DT);
    }
  }
  Cell Out = Map.lookup(C.Node);
  Out.Offset += C.Offset;
  return resolve(Out);
}

void DSGraph::cloneAll(DSGraph &Src, CloneMap &Map) {
  std::vector<Cell> Roots;
  for (NodeId N = 1; N < Src.Nodes.size(); ++N)
    if (Src.isLive(N))
      Roots.push_back({N, 0});
  for (const Cell &R : Roots)
    cloneFrom(Src, R, Map);
}

Cell DSGraph::mapped(DSGraph &Src, const CloneMap &Map, Cell C) {
  C = Src.resolve(C);
  if (C.isNull())
    return C;
  auto It = Map.find(C.Node);
  if (It == Map.end())
    return {};
  Cell Out = It->second;
  Out.Offset += C.Offset;
  return resolve(Out);
}

std::vector<std::string> flagNames(uint32_t Flags) {
  static const std::pair<NodeFlag, const char *> Names[] = {
      {Heap, "H"},  {Stack, "S"},   {Global, "G"},    {Unknown, "U"},
      {Array, "A"}, {Escapes, "E"}, {Incomplete, "I"}};
  std::vector<std::string> Out;
  for (auto &[F, N] : Names)
    if (Flags & F)
      Out.push_back(N);
  return Out;
}

} // namespace ptrcomp::dsa
