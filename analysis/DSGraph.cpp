//===- DSGraph.cpp - unification, type inference, cloning -----------------===//
#include "ptrcomp/analysis/DSGraph.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/STLExtras.h"
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

NodeId DSGraph::makeNode(uint32_t Flags, TypeId Type, const std::string &Where) {
  if (TT->isArray(Type)) {
    Type = TT->elementType(Type);
    Flags |= Array;
  }
  NodeId Id = Nodes.size();
  DSNode &N = Nodes.emplace_back();
  N.Flags = Flags;
  AnyEscapes |= (Flags & Escapes) != 0;
  N.Type = Type;
  N.Size = TT->size(Type);
  if (Type)
    N.TypedAt = TT->save(Where);
  return Id;
}

std::string DSGraph::here() const {
  std::string Where =
      Context.Str ? *Context.Str : Context.Fn ? Context.Fn() : std::string();
  return Where.empty() ? Where : " at " + Where;
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

Cell DSGraph::merge(Cell A, Cell B, const std::string &Where) {
  if (A.isNull())
    return resolve(B);
  if (B.isNull())
    return resolve(A);
  ContextScope Scope(*this, Where);
  Pending.emplace_back(A, B);
  drain();
  return resolve(A);
}

Cell DSGraph::merge(Cell A, Cell B, LazyLocation Where) {
  if (A.isNull())
    return resolve(B);
  if (B.isNull())
    return resolve(A);
  ContextScope Scope(*this, Where);
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
      if (A.Offset != B.Offset && !foldSiblings(A.Node, A.Offset, B.Offset))
        collapse(A.Node, "collapsed: pointers to bytes " +
                             std::to_string(std::min(A.Offset, B.Offset)) + " and " +
                             std::to_string(std::max(A.Offset, B.Offset)) +
                             " of one object were unified" + here());
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

bool DSGraph::foldSiblings(NodeId N, uint64_t A, uint64_t B) {
  // Two members of one struct type inside one object (`cond ? &v->small : &v->big`,
  // embedded list headers passed to one function): a pointer to either is a pointer to
  // a T. What the graph must keep true is that whatever is stored in a pointer field of
  // either member is seen through the other as well, so the members' pointer fields
  // share their targets; the object keeps its type and its other fields stay apart.
  DSNode &Node = Nodes[N];
  if (Node.Collapsed || !Node.Type)
    return false;
  std::vector<TypeId> AtA, AtB;
  TT->structsAt(Node.Type, A, AtA);
  TT->structsAt(Node.Type, B, AtB);
  TypeId Common = NoType;
  for (TypeId T : AtA)
    if (!Common && std::find(AtB.begin(), AtB.end(), T) != AtB.end())
      Common = T;
  if (!Common)
    return false;
  std::vector<uint64_t> Offsets;
  TT->pointerOffsets(Common, Offsets);
  for (uint64_t Off : Offsets) {
    Cell EA = edge(resolve({N, A + Off}));
    Cell EB = edge(resolve({N, B + Off}));
    Pending.emplace_back(EA, EB);
  }
  return true;
}

/// Why an object of type \p Inner (used at \p InnerAt) cannot live at byte \p Offset of
/// the objects of type \p Outer (typed at \p OuterAt). Both places are named when known;
/// the current context when one is not.
std::string DSGraph::conflict(TypeId Outer, llvm::StringRef OuterAt, TypeId Inner,
                              llvm::StringRef InnerAt, uint64_t Offset) const {
  auto Name = [&](TypeId T) {
    return TT->isCharLike(T) ? std::string("char") : TT->name(T);
  };
  auto At = [](llvm::StringRef Where) {
    return Where.empty() ? std::string() : " at " + Where.str();
  };
  std::string Merged = OuterAt.empty() || InnerAt.empty() ? here() : std::string();
  if (Merged == At(OuterAt) || Merged == At(InnerAt))
    Merged.clear();
  std::string Why;
  if (Offset != 0) {
    // container_of and friends: a pointer into the middle of an object used as a pointer
    // to a whole object of a type that does not fit there.
    Why = "collapsed:" + (InnerAt.empty() ? std::string() : " at " + InnerAt.str() + ",") +
          " accessed as " + Name(Inner) + " at byte offset " + std::to_string(Offset) +
          " of a " + Name(Outer) + " object, where no " + Name(Inner) + " fits";
    if (!OuterAt.empty())
      Why += " (the object is used as " + Name(Outer) + " at " + OuterAt.str() + ")";
  } else if (TT->isCharLike(Outer) && !TT->isCharLike(Inner)) {
    // Name the byte-level use first (else the newer one): it is usually the one to look at.
    Why = "collapsed: accessed as " + Name(Outer) + At(OuterAt) + ", elsewhere as " +
          Name(Inner) + At(InnerAt);
  } else {
    Why = "collapsed: accessed as " + Name(Inner) + At(InnerAt) + ", elsewhere as " +
          Name(Outer) + At(OuterAt);
  }
  if (!Merged.empty())
    Why += " (merged" + Merged + ")";
  return Why;
}

void DSGraph::mergeNodes(NodeId Keep, NodeId Gone, uint64_t Shift) {
  DSNode &K = Nodes[Keep];
  DSNode &G = Nodes[Gone];
  std::string Why;
  if (G.Collapsed && !K.Collapsed)
    Why = G.Reasons.empty() ? "collapsed: merged with a collapsed node" + here()
                            : G.Reasons.front();
  else if (!K.Collapsed && !G.Collapsed) {
    // Type of the merged node: one type must hold the other at the shift.
    if (G.Type && K.Type) {
      if (TT->fitsAt(K.Type, Shift, G.Type)) {
        // K's type already describes G's objects.
      } else if (Shift == 0 && TT->fitsAt(G.Type, 0, K.Type)) {
        K.Type = G.Type;
        K.TypedAt = G.TypedAt;
      } else {
        Why = conflict(K.Type, K.TypedAt, G.Type, G.TypedAt, Shift);
      }
    } else if (G.Type && !K.Type) {
      if (Shift == 0) {
        K.Type = G.Type;
        K.TypedAt = G.TypedAt;
      } else
        Why = "collapsed: object of type " + TT->name(G.Type) +
              (G.TypedAt.empty() ? "" : " (used at " + G.TypedAt.str() + ")") +
              " merged at byte offset " + std::to_string(Shift) +
              " of an object of unknown type" + here();
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
  if (!K.Collapsed && !G.Collapsed)
    for (DSNode::Stride &S : G.Strides)
      K.Strides.push_back({S.Offset + Shift, S.Step, std::move(S.Where), S.To + Shift, S.Move});
  EdgeMap Moved = std::move(G.Edges);
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
  else
    checkStrides(Keep);
}

void DSGraph::checkStrides(NodeId N) {
  N = find(N);
  DSNode &Node = Nodes[N];
  if (Node.Collapsed || !Node.Type)
    return;
  for (const DSNode::Stride &S : Node.Strides) {
    if (S.Move) {
      // Where the move lands in the type now known: its start and end must be one
      // place (a move by whole objects), or the graph took the pointer for the wrong
      // member.
      uint64_t TS = TT->size(Node.Type);
      if (TS && S.Offset % TS != S.To % TS) {
        collapse(N, "collapsed: a constant move at " + S.Where + ", made before " +
                        TT->name(Node.Type) + " was known to be the objects' type, "
                        "lands on another of its members");
        return;
      }
      continue;
    }
    if (!TT->strideFits(Node.Type, S.Offset, S.Step)) {
      std::string Why = "collapsed: pointer arithmetic in steps of " +
                        std::to_string(S.Step) + " bytes at " + S.Where +
                        " moves between the members of " + TT->name(Node.Type) +
                        (Node.TypedAt.empty() ? std::string()
                                              : " (used at " + Node.TypedAt.str() + ")");
      collapse(N, Why);
      return;
    }
  }
}

Cell DSGraph::step(Cell P, uint64_t Step, bool Exact, int64_t Delta,
                   const std::string &Where) {
  P = resolve(P);
  if (P.isNull() || (Exact && Delta == 0))
    return P;
  DSNode &N = Nodes[P.Node];
  if (N.Collapsed) {
    N.Flags |= Array;
    return P;
  }
  Step = std::max<uint64_t>(Step, 1);
  auto Record = [&] {
    N.Flags |= Array;
    for (const DSNode::Stride &S : N.Strides)
      if (S.Offset == P.Offset && S.Step == Step)
        return;
    N.Strides.push_back({P.Offset, Step, Where});
  };
  uint64_t TS = TT->size(N.Type);
  if (N.Type && TT->strideFits(N.Type, P.Offset, Step,
                                 Exact ? std::optional<int64_t>(Delta) : std::nullopt)) {
    // Element to element (of the objects, or of an array member): the same cell. The
    // step is remembered for the types the node may take later.
    Record();
    return P;
  }
  int64_t To = int64_t(P.Offset) + Delta;
  if (Exact && N.Type && TS) {
    // A constant move (offsetof, container_of): the byte it lands on, folded into the
    // element when it leaves the object (an array of the node's type).
    if (To < 0 || uint64_t(To) >= TS) {
      N.Flags |= Array;
      To = ((To % int64_t(TS)) + int64_t(TS)) % int64_t(TS);
    }
    // The constant is the distance in the original layout: a pointer between the two
    // places, which a new layout would make an index of another size, changes it.
    uint64_t Lo = std::min<uint64_t>(P.Offset, uint64_t(To)),
             Hi = std::max<uint64_t>(P.Offset, uint64_t(To));
    std::vector<uint64_t> Pointers;
    TT->pointerOffsets(N.Type, Pointers);
    if (llvm::any_of(Pointers, [&](uint64_t O) { return O >= Lo && O < Hi; })) {
      NodeId Id = P.Node;
      collapse(Id, "collapsed: a constant move at " + Where +
                       " crosses a pointer member, whose size a new layout would change");
      return resolve({Id, 0});
    }
    return resolve({P.Node, uint64_t(To)});
  }
  if (Exact && To < 0) {
    // Before byte 0 of objects of no known type (container_of on a pointer whose type is
    // not known yet): these objects live inside bigger ones, at that distance.
    NodeId Outer = makeNode();
    merge({Outer, uint64_t(-To)}, {P.Node, 0}, Where);
    return resolve({Outer, 0});
  }
  // Objects of no known type yet, or a move the graph cannot follow: by whole elements of
  // the step's type, checked now and whenever the node gets a type.
  if (Exact && !N.Type && To >= 0)
    N.Strides.push_back({P.Offset, Step, Where, uint64_t(To), true});
  Record();
  checkStrides(P.Node);
  return resolve(P);
}

void DSGraph::collapse(NodeId N, const std::string &Reason) {
  N = find(N);
  DSNode &Node = Nodes[N];
  addReason(Node.Reasons, Reason);
  if (Node.Collapsed)
    return;
  Node.Collapsed = true;
  Node.Type = NoType;
  Node.Strides.clear();
  if (Node.Edges.empty())
    return;
  // Every pointer field becomes the one field at offset 0.
  EdgeMap Old = std::move(Node.Edges);
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
  access(At, T, [&] { return Where; });
}

void DSGraph::access(Cell At, TypeId T, LazyLocation Where) {
  At = resolve(At);
  if (At.isNull() || !T)
    return;
  if (TT->isArray(T)) {
    // An array object: typed by its element, with the A flag.
    T = TT->elementType(T);
    Nodes[At.Node].Flags |= Array;
    if (!T)
      return;
  }
  DSNode &N = Nodes[At.Node];
  if (N.Collapsed)
    return;
  const TypeInfo &TI = TT->info(T);
  if (TI.K == TypeInfo::Void || TI.K == TypeInfo::Function ||
      TI.K == TypeInfo::Incomplete)
    return;
  if (TT->isUntypableUnion(T)) {
    collapse(At.Node, "collapsed: accessed through " + TI.Name +
                          ", a union holding pointers, at " + Where());
    return;
  }
  if (!N.Type) {
    if (At.Offset == 0) {
      N.Type = T;
      N.TypedAt = TT->save(Where());
      N.Size = std::max(N.Size, TT->size(T));
      checkStrides(At.Node);
    } else {
      collapse(At.Node, "collapsed: accessed as " + TI.Name + " at offset " +
                            std::to_string(At.Offset) + " of an object of unknown type at " +
                            Where());
    }
    return;
  }
  if (TT->fitsAt(N.Type, At.Offset, T))
    return;
  if (At.Offset == 0 && TT->fitsAt(T, 0, N.Type)) {
    N.Type = T; // the object is a T whose first member was seen first
    N.TypedAt = TT->save(Where());
    N.Size = std::max(N.Size, TT->size(T));
    checkStrides(At.Node);
    return;
  }
  collapse(At.Node, conflict(N.Type, N.TypedAt, T, Where(), At.Offset));
}

void DSGraph::addFlags(Cell C, uint32_t Flags, const std::string &Reason) {
  C = resolve(C);
  if (C.isNull())
    return;
  Nodes[C.Node].Flags |= Flags;
  AnyEscapes |= (Flags & Escapes) != 0;
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
    AnyEscapes |= (Flags & Escapes) != 0;
    addReason(Nodes[N].Reasons, Reason);
  }
}

bool DSGraph::closeEscapes() {
  bool Changed = false;
  if (!AnyEscapes)
    return false;
  llvm::SmallVector<NodeId, 32> Stack;
  for (NodeId N = 1; N < Nodes.size(); ++N) {
    if (Nodes[N].Forward || !(Nodes[N].Flags & Escapes))
      continue;
    Stack.push_back(N);
    while (!Stack.empty()) {
      NodeId M = Stack.pop_back_val();
      std::string Why;
      for (auto &[Off, T] : Nodes[M].Edges) {
        NodeId X = resolve(T).Node;
        if (!X || (Nodes[X].Flags & Escapes))
          continue;
        if (Why.empty()) {
          for (const std::string &R : Nodes[M].Reasons)
            if (compat::startsWith(llvm::StringRef(R), "escapes:")) {
              Why = R;
              break;
            }
          if (Why.empty())
            Why = "escapes: reachable from an object that escapes" +
                  (Nodes[M].Reasons.empty() ? here()
                                            : " (" + Nodes[M].Reasons.front() + ")");
        }
        Nodes[X].Flags |= Escapes;
        addReason(Nodes[X].Reasons, Why);
        Changed = true;
        Stack.push_back(X);
      }
    }
  }
  return Changed;
}

void DSGraph::copyObject(Cell Dst, Cell Src, TypeId T, const std::string &Where) {
  copyObject(Dst, Src, T, [&] { return Where; });
}

void DSGraph::copyObject(Cell Dst, Cell Src, TypeId T, LazyLocation Where) {
  Dst = resolve(Dst);
  Src = resolve(Src);
  if (Dst.isNull() || Src.isNull())
    return;
  access(Dst, T, Where);
  access(Src, T, Where);
  std::vector<uint64_t> Offsets;
  TT->pointerOffsets(T, Offsets);
  // Both sides get their pointer fields even when neither holds a pointer yet: the source
  // may be a call's result or a formal that the bottom-up pass fills in later.
  ContextScope Scope(*this, Where);
  for (uint64_t Off : Offsets) {
    Cell D = edge(resolve({Dst.Node, Dst.Offset + Off}));
    Cell S = edge(resolve({Src.Node, Src.Offset + Off}));
    merge(D, S);
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
    D.Strides = S.Strides;
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

Cell DSGraph::mapped(DSGraph &Src, const NodeMap &Map, Cell C) {
  C = Src.resolve(C);
  if (C.isNull())
    return C;
  const Cell *To = Map.find(C.Node);
  if (!To)
    return {};
  Cell Out = *To;
  Out.Offset += C.Offset;
  return resolve(Out);
}

std::vector<std::string> flagNames(uint32_t Flags) {
  static const std::pair<NodeFlag, const char *> Names[] = {
      {Heap, "H"},  {Stack, "S"},   {Global, "G"},    {Unknown, "U"},
      {Array, "A"}, {Escapes, "E"}, {Incomplete, "I"}, {AddressInteger, "N"}};
  std::vector<std::string> Out;
  for (auto &[F, N] : Names)
    if (Flags & F)
      Out.push_back(N);
  return Out;
}

void DSGraph::retype(TypeTable &To, llvm::ArrayRef<TypeId> Map) {
  auto M = [&](TypeId T) { return T < Map.size() ? Map[T] : NoType; };
  for (size_t I = 1; I < Nodes.size(); ++I) {
    DSNode &N = Nodes[I];
    N.Type = M(N.Type);
    N.TypedAt = To.save(N.TypedAt);
    for (TypeId &T : N.PointerTypes)
      T = M(T);
    llvm::sort(N.PointerTypes);
    N.PointerTypes.erase(std::unique(N.PointerTypes.begin(), N.PointerTypes.end()),
                         N.PointerTypes.end());
  }
  TT = &To;
}

} // namespace ptrcomp::dsa
