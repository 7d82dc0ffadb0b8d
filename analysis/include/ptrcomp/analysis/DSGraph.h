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

#include <cstdint>
#include <deque>
#include <map>
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

/// Memory-class and property flags (the paper's H, S, G, U; plus A, E, I).
enum NodeFlag : uint32_t {
  Heap = 1u << 0,
  Stack = 1u << 1,
  Global = 1u << 2,
  Unknown = 1u << 3,
  Array = 1u << 4,
  Escapes = 1u << 5,
  Incomplete = 1u << 6,
};

struct DSNode {
  NodeId Forward = 0;    ///< union-find parent; 0 for a live node
  uint64_t Shift = 0;    ///< offset of this node's byte 0 inside Forward
  uint32_t Flags = 0;
  bool Collapsed = false;
  TypeId Type = NoType;  ///< the type every access agrees on (NoType: none seen yet)
  std::string TypedAt;   ///< where Type was first seen, for messages
  uint64_t Size = 0;
  std::map<uint64_t, Cell> Edges;       ///< pointer fields: byte offset -> target
  std::vector<std::string> AllocSites;  ///< "file:line:col", sorted, unique
  std::vector<std::string> Reasons;     ///< why collapsed / U / E, with locations
  std::vector<std::string> Functions;   ///< functions this node stands for (keys)
  /// Struct types of the pointers that point at byte 0 of these objects (a collapsed
  /// node may still be used through one struct type only).
  std::vector<TypeId> PointerTypes;
};

class DSGraph {
public:
  explicit DSGraph(TypeTable &Types) : Types(Types) { Nodes.emplace_back(); }

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

  TypeTable &types() { return Types; }

  /// The place ("file:line:col") of the operation in progress: reasons caused by it
  /// whose own place is unknown (a collapse caused by a merge) name it.
  void setContext(std::string Where) { Context = std::move(Where); }
  const std::string &context() const { return Context; }
  /// Sets the context for the lifetime of the object, then restores the previous one.
  class ContextScope {
  public:
    ContextScope(DSGraph &G, const std::string &Where) : G(G), Saved(G.Context) {
      if (!Where.empty())
        G.Context = Where;
    }
    ~ContextScope() { G.Context = std::move(Saved); }

  private:
    DSGraph &G;
    std::string Saved;
  };

private:
  void drain();
  std::string conflict(TypeId Outer, const std::string &OuterAt, TypeId Inner,
                       const std::string &InnerAt, uint64_t Offset) const;
  std::string here() const;
  void mergeNodes(NodeId Keep, NodeId Gone, uint64_t Shift);

  TypeTable &Types;
  std::deque<DSNode> Nodes; // [0] unused; a deque keeps references stable on growth
  std::vector<std::pair<Cell, Cell>> Pending;
  bool Draining = false;
  std::string Context;
};

/// "H S G U A E I" letters of \p Flags, in that order.
std::vector<std::string> flagNames(uint32_t Flags);

} // namespace ptrcomp::dsa

#endif
