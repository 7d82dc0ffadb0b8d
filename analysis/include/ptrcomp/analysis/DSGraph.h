//===- DSGraph.h - Data Structure graphs: nodes, cells, unification -------===//
//
// A DS graph is a points-to graph whose nodes stand for sets of memory objects. Nodes are
// merged (unified) when one pointer may point into both; merged nodes forward to the
// surviving node through a union-find with path compression, carrying a byte shift when
// one node is merged into the interior of another. A Cell is a (node, byte offset) pair:
// where inside a node a pointer points.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_DSGRAPH_H
#define PTRCOMP_ANALYSIS_DSGRAPH_H

#include "ptrcomp/analysis/TypeTable.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace ptrcomp::dsa {

using NodeId = uint32_t;

struct Cell {
  NodeId Node = 0; ///< 0: no node (a null or non-pointer value)
  uint64_t Offset = 0;
  bool isNull() const { return Node == 0; }
  bool operator==(const Cell &O) const { return Node == O.Node && Offset == O.Offset; }
};

/// The pointer fields of a node: byte offset -> target, in offset order. A sorted small
/// vector with the part of std::map's interface the passes use (most nodes have one or
/// two pointer fields, so no allocation).
class EdgeMap {
public:
  using value_type = std::pair<uint64_t, Cell>;
  using Storage = llvm::SmallVector<value_type, 1>;
  using iterator = Storage::iterator;
  using const_iterator = Storage::const_iterator;
  using reverse_iterator = Storage::reverse_iterator;
  using const_reverse_iterator = Storage::const_reverse_iterator;

  iterator begin() { return V.begin(); }
  iterator end() { return V.end(); }
  const_iterator begin() const { return V.begin(); }
  const_iterator end() const { return V.end(); }
  reverse_iterator rbegin() { return V.rbegin(); }
  reverse_iterator rend() { return V.rend(); }
  const_reverse_iterator rbegin() const { return V.rbegin(); }
  const_reverse_iterator rend() const { return V.rend(); }
  size_t size() const { return V.size(); }
  bool empty() const { return V.empty(); }
  void clear() { V.clear(); }

  iterator lower_bound(uint64_t Off) {
    return std::lower_bound(V.begin(), V.end(), Off,
                            [](const value_type &E, uint64_t O) { return E.first < O; });
  }
  const_iterator lower_bound(uint64_t Off) const {
    return std::lower_bound(V.begin(), V.end(), Off,
                            [](const value_type &E, uint64_t O) { return E.first < O; });
  }
  iterator find(uint64_t Off) {
    iterator It = lower_bound(Off);
    return It != V.end() && It->first == Off ? It : V.end();
  }
  const_iterator find(uint64_t Off) const {
    const_iterator It = lower_bound(Off);
    return It != V.end() && It->first == Off ? It : V.end();
  }
  size_t count(uint64_t Off) const { return find(Off) != end(); }
  /// Inserts (Off, Target) unless Off is present; like std::map::emplace.
  std::pair<iterator, bool> emplace(uint64_t Off, Cell Target) {
    iterator It = lower_bound(Off);
    if (It != V.end() && It->first == Off)
      return {It, false};
    return {V.insert(It, value_type(Off, Target)), true};
  }

private:
  Storage V;
};

/// Memory-class and property flags (the paper's H, S, G, U; plus A, E, I).
enum NodeFlag : uint32_t {
  Heap = 1u << 0,
  Stack = 1u << 1,
  Global = 1u << 2,
  Unknown = 1u << 3,
  Array = 1u << 4,
  Escapes = 1u << 5,
  Incomplete = 1u << 6,
  /// N: the program converts addresses of these objects to integers (which may hash
  /// them or test their low bits), or assumes their alignment: a pool gives them
  /// malloc's alignment.
  AddressInteger = 1u << 7,
  /// T: stack objects that no variable names (a compound literal in a function,
  /// alloca'd memory): nothing could allocate them from a pool (Plan: poolLocals).
  StackTemporary = 1u << 8,
};

struct DSNode {
  NodeId Forward = 0;    ///< union-find parent; 0 for a live node
  uint64_t Shift = 0;    ///< offset of this node's byte 0 inside Forward
  uint32_t Flags = 0;
  bool Collapsed = false;
  TypeId Type = NoType;  ///< the type every access agrees on (NoType: none seen yet)
  llvm::StringRef TypedAt; ///< where Type was first seen, for messages (TypeTable::save)
  uint64_t Size = 0;
  EdgeMap Edges;                        ///< pointer fields: byte offset -> target
  std::vector<std::string> AllocSites;  ///< "file:line:col", sorted, unique
  std::vector<std::string> Reasons;     ///< why collapsed / U / E, with locations
  std::vector<std::string> Functions;   ///< functions this node stands for (keys)
  /// Struct types of the pointers that point at byte 0 of these objects (a collapsed
  /// node may still be used through one struct type only).
  std::vector<TypeId> PointerTypes;
  /// Pointer arithmetic seen on pointers into these objects: from byte Offset, in steps
  /// of Step bytes, at Where. Checked against every type the node takes. A constant
  /// move made before the objects had a type (`(char *)p + offsetof(T, key)` on a node
  /// first used so) is one too, with Move set: it went from Offset to byte To, which
  /// the graph could not follow then, so a type on which it lands elsewhere than where
  /// it started collapses the node.
  struct Stride {
    uint64_t Offset, Step;
    std::string Where;
    uint64_t To = 0;
    bool Move = false;
  };
  llvm::SmallVector<Stride, 0> Strides;
};

template <typename V> class SortedNodeMap;
/// A DSGraph::CloneMap as a call site keeps it (SortedNodeMap, below).
using NodeMap = SortedNodeMap<Cell>;

class DSGraph {
public:
  explicit DSGraph(TypeTable &Types) : TT(&Types) { Nodes.emplace_back(); }

  /// A new node for objects of type \p Type, seen at \p Where ("file:line:col"). An
  /// array type gives a node of its innermost element type with the A flag.
  NodeId makeNode(uint32_t Flags = 0, TypeId Type = NoType, const std::string &Where = "");
  /// The live node \p N was merged into.
  NodeId find(NodeId N);
  /// \p C with its node forwarded and its offset adjusted (0 in collapsed nodes).
  Cell resolve(Cell C);
  DSNode &node(NodeId N) { return Nodes[find(N)]; }
  const DSNode &liveNode(NodeId N) const { return Nodes[N]; } ///< N must be live
  bool isLive(NodeId N) const { return N && Nodes[N].Forward == 0; }
  size_t capacity() const { return Nodes.size(); }

  /// Unifies the objects two pointers point to. Returns the merged cell. \p Where names
  /// the place of the merge in the reasons it may cause (else the current context).
  Cell merge(Cell A, Cell B, const std::string &Where = "");
  /// The cell pointed to by the pointer stored at \p At (created empty if absent).
  Cell edge(Cell At);
  /// The cell pointed to by the pointer stored at \p At, or a null cell.
  Cell edgeIfAny(Cell At);
  /// Records that \p At is accessed as an object of type \p T (type inference); collapses
  /// the node when the access disagrees with what is known. \p Where is "file:line:col".
  void access(Cell At, TypeId T, const std::string &Where);
  void collapse(NodeId N, const std::string &Reason);
  void addFlags(Cell C, uint32_t Flags, const std::string &Reason = "");
  void addAllocSite(Cell C, const std::string &Site);
  void addPointerType(Cell C, TypeId T);
  /// Adds \p Flags (and the reason) to every node reachable from \p Roots.
  void markReachable(llvm::ArrayRef<Cell> Roots, uint32_t Flags, const std::string &Reason);
  /// Closes the E flag under reachability: what unseen code can reach from an escaping
  /// object escapes too (edges added after the escape was recorded included). Returns
  /// whether some node gained the flag.
  bool closeEscapes();
  /// Live nodes reachable from \p Roots, in a deterministic (depth-first, edge order) order.
  std::vector<NodeId> reachable(llvm::ArrayRef<Cell> Roots);
  /// Pointer arithmetic: a pointer to \p P moved by a multiple of \p Step bytes, by
  /// exactly \p Delta bytes when \p Exact. Returns where the result points: the same
  /// cell (an array: A) when the step keeps to the elements of the node's type or of an
  /// array inside it, the exact cell for a constant move inside an object, else the node
  /// collapses (the move crosses fields in a way the graph cannot follow).
  Cell step(Cell P, uint64_t Step, bool Exact, int64_t Delta, const std::string &Where);
  /// Struct copy: unifies the targets of every pointer inside an object of type \p T.
  void copyObject(Cell Dst, Cell Src, TypeId T, const std::string &Where);

  /// Node map of a clone: source graph node -> cell in this graph.
  using CloneMap = llvm::DenseMap<NodeId, Cell>;
  /// Copies the part of \p Src reachable from \p C into this graph (once per source node,
  /// remembered in \p Map) and returns the copy of \p C.
  Cell cloneFrom(DSGraph &Src, Cell C, CloneMap &Map, uint32_t DropFlags = 0);

  /// Copies every live node of \p Src (used to merge the graphs of one SCC).
  void cloneAll(DSGraph &Src, CloneMap &Map);
  /// \p C of a graph this one cloned with \p Map, in this graph.
  Cell mapped(DSGraph &Src, const CloneMap &Map, Cell C);
  Cell mapped(DSGraph &Src, const NodeMap &Map, Cell C);

  TypeTable &types() { return *TT; }
  /// Compresses every forwarding path: afterwards find() and resolve() write nothing,
  /// so that threads may read the graph at once (while nothing merges).
  void compressPaths() {
    for (NodeId N = 1; N < Nodes.size(); ++N)
      find(N);
  }
  /// Moves the graph to table \p To, into which its table was imported (\p Map: old id
  /// -> new id, TypeTable::import).
  void retype(TypeTable &To, llvm::ArrayRef<TypeId> Map);

  /// A place ("file:line:col"), computed only when a message needs it.
  using LazyLocation = llvm::function_ref<std::string()>;
  /// Like access(Cell, TypeId, const std::string &), with the place computed on demand.
  void access(Cell At, TypeId T, LazyLocation Where);
  /// Like merge(Cell, Cell, const std::string &), with the place computed on demand.
  Cell merge(Cell A, Cell B, LazyLocation Where);
  /// Like copyObject(Cell, Cell, TypeId, const std::string &), the place on demand.
  void copyObject(Cell Dst, Cell Src, TypeId T, LazyLocation Where);

  /// The place of the operation in progress: reasons caused by it whose own place is
  /// unknown (a collapse caused by a merge) name it. Set for the lifetime of the scope
  /// object, then the previous one is restored; \p Where must outlive the scope.
  class ContextScope {
  public:
    ContextScope(DSGraph &G, const std::string &Where) : G(G), Saved(G.Context) {
      if (!Where.empty())
        G.Context = {&Where, nullptr};
    }
    /// \p Where (the callable) must outlive the scope.
    ContextScope(DSGraph &G, LazyLocation Where) : G(G), Saved(G.Context) {
      if (Where)
        G.Context = {nullptr, Where};
    }
    ~ContextScope() { G.Context = Saved; }

  private:
    DSGraph &G;
    struct Place {
      const std::string *Str = nullptr;
      LazyLocation Fn;
    } Saved;
    friend class DSGraph;
  };

private:
  void drain();
  std::string conflict(TypeId Outer, llvm::StringRef OuterAt, TypeId Inner,
                       llvm::StringRef InnerAt, uint64_t Offset) const;
  std::string here() const;
  void mergeNodes(NodeId Keep, NodeId Gone, uint64_t Shift);
  /// Unifies bytes \p A and \p B of node \p N without collapsing it when both are the
  /// start of a struct member of one type (then their pointer fields share targets).
  bool foldSiblings(NodeId N, uint64_t A, uint64_t B);
  /// Collapses \p N when some pointer arithmetic on it does not fit its type.
  void checkStrides(NodeId N);

  /// Node storage in chunks of growing size (4, 4, 8, 16, ...): references stay valid
  /// as the graph grows, and a small graph costs little.
  class NodeStore {
  public:
    DSNode &operator[](size_t I) { return at(I); }
    const DSNode &operator[](size_t I) const {
      return const_cast<NodeStore *>(this)->at(I);
    }
    size_t size() const { return Size; }
    DSNode &emplace_back() {
      if (Size == Capacity) {
        size_t N = Capacity ? Capacity : FirstSize;
        Chunks.push_back(std::make_unique<DSNode[]>(N));
        Capacity += N;
      }
      return at(Size++);
    }
    /// Starts again with room for exactly \p N nodes in one block: a graph read
    /// back knows its size (the blocks of a grown graph are a quarter empty on
    /// average).
    void resetFor(size_t N) {
      Chunks.clear();
      Size = Capacity = 0;
      FirstSize = std::max<size_t>(N, 1);
      emplace_back();
    }

  private:
    DSNode &at(size_t I) {
      if (I < FirstSize)
        return Chunks[0][I];
      // chunk C >= 1 holds FirstSize << (C - 1) nodes from there on
      unsigned C = llvm::Log2_64(I / FirstSize) + 1;
      return Chunks[C][I - (FirstSize << (C - 1))];
    }
    std::vector<std::unique_ptr<DSNode[]>> Chunks;
    size_t Size = 0, Capacity = 0;
    size_t FirstSize = 4; ///< nodes in the first chunk
  };

  TypeTable *TT;
  friend class GraphIO;
  NodeStore Nodes; // [0] unused
  std::vector<std::pair<Cell, Cell>> Pending;
  bool Draining = false;
  ContextScope::Place Context;
  bool AnyEscapes = false; ///< some node may have E (closeEscapes has work)
};

/// A map from nodes to \p V as a vector sorted by node: what the program keeps per
/// call site (its callee's nodes in its caller's graph) and per function version (its
/// nodes' encodings). A DenseMap holds two to four buckets per entry, and most of
/// these maps hold a few nodes.
template <typename V> class SortedNodeMap {
public:
  using value_type = std::pair<NodeId, V>;
  using const_iterator = typename std::vector<value_type>::const_iterator;
  SortedNodeMap() = default;
  explicit SortedNodeMap(const llvm::DenseMap<NodeId, V> &M) : Entries(M.begin(), M.end()) {
    std::sort(Entries.begin(), Entries.end(),
              [](const value_type &A, const value_type &B) { return A.first < B.first; });
  }
  /// The value of node \p N, or nullptr.
  const V *find(NodeId N) const {
    auto It = position(N);
    return It != Entries.end() && It->first == N ? &It->second : nullptr;
  }
  /// The value of node \p N, or a default one.
  V lookup(NodeId N) const {
    const V *Found = find(N);
    return Found ? *Found : V();
  }
  size_t count(NodeId N) const { return find(N) != nullptr; }
  void set(NodeId N, const V &Value) {
    auto It = position(N);
    if (It != Entries.end() && It->first == N)
      Entries[It - Entries.begin()].second = Value;
    else
      Entries.insert(It, {N, Value});
  }
  /// Appends; nodes must come in increasing order (as they are read back).
  void append(NodeId N, const V &Value) { Entries.emplace_back(N, Value); }
  void reserve(size_t N) { Entries.reserve(N); }
  size_t size() const { return Entries.size(); }
  bool empty() const { return Entries.empty(); }
  const_iterator begin() const { return Entries.begin(); }
  const_iterator end() const { return Entries.end(); }

private:
  const_iterator position(NodeId N) const {
    return std::lower_bound(Entries.begin(), Entries.end(), N,
                            [](const value_type &E, NodeId K) { return E.first < K; });
  }
  std::vector<value_type> Entries;
};

/// Rebuilds \p Map with as few buckets as its entries need: an llvm::DenseMap takes at
/// least 64 buckets once anything is inserted, which adds up for the maps kept per
/// function.
template <typename MapT> void compactMap(MapT &Map) {
  if (Map.getMemorySize() <= 2 * MapT(Map.size()).getMemorySize())
    return;
  MapT Small(Map.size());
  for (auto &KV : Map)
    Small.insert(KV);
  Map.swap(Small);
}

/// "H S G U A E I" letters of \p Flags, in that order.
std::vector<std::string> flagNames(uint32_t Flags);

} // namespace ptrcomp::dsa

#endif
