//===- Plan.h - pools, layouts and function versions: what to rewrite -----===//
//
// The plan is computed from the BU graphs and says, as plain data:
//  - which heap data structures get a pool, who creates it, and whether pointers into it
//    become indices (and of what width);
//  - the new layout of each struct type whose pointer fields become indices;
//  - for every function, the versions (clones) needed by its calling contexts, how each
//    node of its graph is represented in each version, and which version each call site
//    of each version calls.
// Anything a later stage finds it cannot rewrite comes back as a veto on a pool; the plan
// is then computed again without that pool.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_PLAN_H
#define PTRCOMP_ANALYSIS_PLAN_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include <map>
#include <set>

namespace ptrcomp::dsa {

struct PlanOptions {
  bool Compress = true; ///< false: pool allocation only (pointers stay pointers)
  unsigned IndexBits = 32;
  /// Structures the user asked to leave unchanged (#pragma ptrcomp, .ptrcomp.yaml): by
  /// struct type ("struct list" or "list"), by the function that would create the pool,
  /// or both. They get no pool at all, with Reason in the report.
  struct Exclusion {
    std::string Struct;   ///< empty: any type
    std::string Function; ///< empty: any function
    std::string Reason;   ///< e.g. "kept by #pragma ptrcomp at a.c:3:1"
  };
  std::vector<Exclusion> Exclusions;
  /// Which pools get the runtime's thread-safe mode: Auto decides from the program (it
  /// starts threads, and the pool may be used by several of them), Single trusts the
  /// user that the program runs one thread, Safe makes every pool thread-safe.
  enum class ThreadMode { Auto, Single, Safe } Threads = ThreadMode::Auto;
};

/// Pool::ThreadWhy of every pool of a program that starts no threads (in auto mode).
inline constexpr const char *NoThreadsReason = "the program starts no threads";

/// Where a structure lives: the function whose graph owns the node ("" for the globals
/// graph) and the node's id there.
struct NodeRef {
  std::string Owner;
  NodeId Node = 0;
  bool operator<(const NodeRef &O) const {
    return std::tie(Owner, Node) < std::tie(O.Owner, O.Node);
  }
};

/// A struct type with some pointer fields stored as indices.
struct Layout {
  TypeId Struct = NoType;
  bool Compressed = false; ///< fields shrink (type-homogeneous objects only)
  /// Byte offset of a pointer field in the original struct -> index width (0: pointer).
  std::map<uint64_t, unsigned> FieldBits;
  /// Byte offset of a field pointing to an array of indices -> their width.
  std::map<uint64_t, unsigned> FieldArrayBits;
  /// Byte offset of a struct member whose own layout changes (it holds pointers into
  /// pools: an embedded list header) -> that member's layout.
  std::map<uint64_t, int> Nested;
  /// Of the Nested members that are arrays of such structs (`struct slot slots[4]`): the
  /// array's size in bytes. The analysis folds the elements into the first, so every
  /// element has the first's layout.
  std::map<uint64_t, uint64_t> NestedArrayBytes;
  uint64_t StructSize = 0; ///< sizeof the original struct
  std::string Name; ///< e.g. "list_pc32" (spelled with `struct`, or `union` when IsUnion)
  /// A union whose members all have one type (pointers to one pool): a member of a
  /// node or holder, declared `union u_pc32`.
  bool IsUnion = false;
  /// The program converts the addresses of its pools' objects to integers: its size is
  /// padded to a multiple of malloc's alignment (16 bytes), so that every object of a
  /// pool is aligned as malloc aligns it (LayoutOrder.h).
  bool MallocAligned = false;
};

/// The alignment malloc gives every object (alignof(max_align_t) on the 64-bit targets
/// ptrcomp serves), which pools give objects whose addresses become integers.
inline constexpr uint64_t MallocAlignment = 16;

/// How the output spells layout \p L's type: "struct list_pc32", "union u_pc32".
inline std::string layoutTypeName(const Layout &L) {
  return (L.IsUnion ? "union " : "struct ") + L.Name;
}

struct Pool {
  NodeRef Origin;
  TypeId Struct = NoType;
  bool Indexed = false;  ///< pointers to its objects become indices
  bool Compressed = false;
  unsigned Bits = 64;    ///< index width (pool size limit)
  int LayoutId = -1;     ///< layout of its objects, -1 when unchanged
  std::string Name;      ///< C identifier of the descriptor
  std::string Label;     ///< shown by the runtime: "struct list (lists.c:29 A)"
  std::vector<std::string> AllocSites;
  std::string OwnerName; ///< function that creates it ("" for a global pool)
  /// The owner is recursive: one pool (a static descriptor) serves every activation and
  /// is destroyed when the outermost one returns, so that address space follows the live
  /// objects, not the depth of the recursion.
  bool SharedByActivations = false;
  /// Several threads may allocate from and free to it at once: it is created with the
  /// runtime's thread-safe mode (PC_POOL_INIT_SHARED).
  bool ThreadSafe = false;
  std::string ThreadWhy; ///< why it is thread-safe or private, for the report
  /// Its objects' addresses are converted to integers: each object gets malloc's
  /// alignment (a padded layout; without a layout, a rounded object size).
  bool MallocAligned = false;
  /// Other structures whose objects this pool also holds: structures of Origin's
  /// allocation sites, type and layout, created by the same owner (Planner::mergePools).
  /// The program's malloc would have let them share memory: a node freed from one
  /// and allocated for the next stays where it was. They stand or fall together: a
  /// veto of one is a veto of all (poolMembers).
  std::vector<NodeRef> Merged;
  /// Variables whose objects live in this pool (issue 32): a global root or sentinel
  /// that the program links its heap objects to, or such a local (of the pool's owner or
  /// of a function the pool is passed to).
  /// Globals take the pool's first objects, from index 1, in this order; the runtime
  /// makes them (zeroed) when it sets the pool up, and each variable's name becomes its
  /// first index. A local is allocated where it is declared and freed when its function
  /// returns (by the pool's destruction, in the owner); its name becomes a variable
  /// holding its index.
  struct Variable {
    std::string Key;  ///< globalKey, or for a local localVariableKey
    std::string Name; ///< as written
    std::string Loc;  ///< where the program defines it
    uint64_t First = 1; ///< a global's first object (0 for a local)
    uint64_t Count = 1; ///< objects: 1, or the elements of an array
    bool Array = false;
    bool Local = false;
    std::string Function; ///< a local's function, as written
    /// A global defined with values (not all zeros): its object is made from the
    /// pool's image, which the unit defining it writes.
    bool Image = false;
  };
  std::vector<Variable> Variables;
  /// The objects the runtime makes for the global Variables.
  uint64_t variableObjects() const {
    for (auto It = Variables.rbegin(); It != Variables.rend(); ++It)
      if (!It->Local)
        return It->First + It->Count - 1;
    return 0;
  }
};

/// Origin and the Merged structures of pool \p Pl.
inline std::vector<NodeRef> poolMembers(const Pool &Pl) {
  std::vector<NodeRef> Out{Pl.Origin};
  Out.insert(Out.end(), Pl.Merged.begin(), Pl.Merged.end());
  return Out;
}

/// How one node of a function's graph is represented in one version of the function.
/// A Holder node is not pooled: its objects (a struct embedded in a pool object, such as
/// a list header inside a node) are reached through ordinary pointers, but have the new
/// layout LayoutId because they hold indices.
struct NodeEncoding {
  enum SourceKind { None, Param, Owned, Global, Holder } Source = None;
  unsigned Slot = 0; ///< Param: index among the version's pool parameters
  int Pool = -1;     ///< Owned/Global: the pool; Param: -1
  int LayoutId = -1;
  TypeId Struct = NoType; ///< the struct type of the pool's objects
  unsigned Bits = 64;
  bool Indexed = false;
  bool isPooled() const { return Source != None && Source != Holder; }
  bool isHolder() const { return Source == Holder; }
};

/// A version's encodings of its nodes (lookup: not pooled when absent).
using NodeEncodings = SortedNodeMap<NodeEncoding>;

struct FunctionVersion {
  FunctionVersion() = default;
  FunctionVersion(const FunctionVersion &) = default;
  FunctionVersion &operator=(const FunctionVersion &) = default;
  // noexcept (DenseMap's move does not throw but does not say so): a growing
  // vector of versions then moves them instead of copying every one, which at
  // 3,000 files set the link's peak memory.
  FunctionVersion(FunctionVersion &&) noexcept = default;
  FunctionVersion &operator=(FunctionVersion &&) noexcept = default;

  std::string Function; ///< function key
  std::string Name;     ///< C name of this version
  bool IsOriginal = true;
  /// Signature: per interface node, (layout, bits, indexed) or unchanged.
  std::vector<NodeEncoding> Signature;
  std::vector<NodeId> InterfaceNodes; ///< in the function's graph, signature order
  /// Node (live id in the function's graph) -> encoding in this version.
  NodeEncodings Nodes;
  std::vector<int> OwnedPools;
  unsigned NumPoolParams = 0;
  /// Pools that reach each pool parameter from some caller (for vetoes).
  std::vector<std::set<int>> ParamPools;
  /// Call site (index in FunctionGraph::Calls) -> version called, and the pool argument
  /// for each of that version's pool parameters (encodings in this version).
  struct Call {
    unsigned Version;
    std::vector<NodeEncoding> PoolArgs;
    /// A call through a function pointer of an active FnPtrClass: Version is
    /// the clone of its first target, Targets the clones of all of them (one
    /// signature).
    bool Indirect = false;
    std::vector<unsigned> Targets;
  };
  std::map<unsigned, Call> Calls;
  bool changesSomething() const { return !IsOriginal || !OwnedPools.empty() || UsesPools; }
  bool UsesPools = false; ///< some node of the body is pooled (global pools included)
  /// The clone of a member of FnPtrClass FnClass: its pool parameters are the
  /// class's.
  int FnClass = -1;
};

/// The functions that calls through pointers of one function type may reach
/// (issue 17): when such calls pass pools, every member gets a clone with one
/// common signature (the same pool parameters, in the order of the class's
/// paths), every pointer of that type is retyped to it and every use of a
/// member's address names its clone.
struct FnPtrClass {
  std::string Type;                 ///< canonical function type, as printed
  std::vector<std::string> Members; ///< function keys, sorted
  std::vector<std::string> MemberNames;
  std::vector<std::string>
      Pointers; ///< what holds such pointers: "cmp_fn", "ops.insert"
  /// Per class slot: (argument index, or the number of parameters for the
  /// result), then (cell offset, edge offset) steps to the slot's node, then the
  /// offset the last pointer points to in it; sorted.
  std::vector<std::vector<uint64_t>> Paths;
  std::vector<NodeEncoding>
      Slots;            ///< per path: its encoding (pooled: a pool param)
  bool Active = false;  ///< members cloned, pointers retyped
  std::string Decision; ///< for the report
  std::map<std::string, unsigned>
      Clone; ///< member key -> its clone (active only)
  /// Per parameter of the function type: its index width in the clones (0:
  /// unchanged).
  std::vector<unsigned> ParamBits;
  /// The index width the clones return (a pointer to an object of a pool that
  /// reaches them through their arguments, as `find` returns a node); 0:
  /// unchanged.
  unsigned RetBits = 0;
  unsigned NumPoolParams = 0;
  /// Functions whose code names a member other than as a direct callee (their
  /// versions are rewritten to name the clones); "" for file-scope
  /// initializers.
  std::set<std::string> ReferencedIn;
};

/// The pools of a plan by number. A plan read for one unit (the rewrite of one
/// file of a program of thousands, which has thousands of pools and uses a few)
/// keeps each pool's encoded bytes and decodes a pool the first time it is
/// asked for: decoding them all was a quarter of such a rewrite. Walking the
/// table (begin, end, whole) decodes every pool: correct, but what the per-unit
/// code avoids.
class PoolTable {
public:
  /// What the per-unit code looks pools up by, kept decoded beside each encoded
  /// pool: a search for the pools of a struct, or of a global, decodes only
  /// those it finds.
  struct Key {
    TypeId Struct = NoType;
    bool Indexed = false;
    bool Global = false; ///< Origin is in the globals graph (its Owner is "")
    NodeId Node = 0;     ///< Origin.Node
  };
  static Key keyOf(const Pool &P) {
    return {P.Struct, P.Indexed, P.Origin.Owner.empty(), P.Origin.Node};
  }
  /// Decodes one pool's bytes into \p Out; false when they do not parse.
  using Decoder = bool (*)(llvm::StringRef Bytes, Pool &Out);
  PoolTable();
  PoolTable(PoolTable &&) noexcept;
  PoolTable &operator=(PoolTable &&) noexcept;
  PoolTable &operator=(std::vector<Pool> V);
  ~PoolTable();
  size_t size() const;
  bool empty() const { return size() == 0; }
  void push_back(Pool P) { whole().push_back(std::move(P)); }
  Pool &operator[](size_t I) { return Lazy ? decoded(I) : All[I]; }
  const Pool &operator[](size_t I) const {
    return const_cast<PoolTable *>(this)->operator[](I);
  }
  std::vector<Pool>::iterator begin() { return whole().begin(); }
  std::vector<Pool>::iterator end() { return whole().end(); }
  std::vector<Pool>::const_iterator begin() const {
    return const_cast<PoolTable *>(this)->whole().begin();
  }
  std::vector<Pool>::const_iterator end() const {
    return const_cast<PoolTable *>(this)->whole().end();
  }
  /// Pool \p I's key, without decoding the pool.
  Key key(size_t I) const { return Lazy ? lazyKey(I) : keyOf(All[I]); }
  /// Every pool (decoded, when they were kept encoded).
  std::vector<Pool> &whole();
  /// Makes this a table of \p Encoded.size() pools, each decoded by \p Decode
  /// when first asked for. The bytes must outlive the table.
  void assignEncoded(std::vector<Key> Keys,
                     std::vector<llvm::StringRef> Encoded, Decoder Decode);

private:
  struct EncodedPools;
  Pool &decoded(size_t I);
  Key lazyKey(size_t I) const;
  std::vector<Pool> All;
  std::unique_ptr<EncodedPools> Lazy;
  /// The encoded pools of a table since decoded whole: what decoded() returned
  /// before stays valid.
  std::unique_ptr<EncodedPools> Retired;
};

/// The versions of a plan by number. A plan read in part (a reader that needs a few
/// functions of a large program) holds some of them, under their numbers in the whole
/// plan: asking for another, or for all, is a fatal internal error, never a default
/// version.
class VersionTable {
public:
  size_t size() const { return Partial ? Count : All.size(); }
  bool empty() const { return size() == 0; }
  void push_back(FunctionVersion &&V) { whole().push_back(std::move(V)); }
  FunctionVersion &operator[](size_t I) { return Partial ? some(I) : All[I]; }
  const FunctionVersion &operator[](size_t I) const {
    return const_cast<VersionTable *>(this)->operator[](I);
  }
  /// The number of \p V, a version of this table.
  unsigned indexOf(const FunctionVersion &V) const;
  std::vector<FunctionVersion>::iterator begin() { return whole().begin(); }
  std::vector<FunctionVersion>::iterator end() { return whole().end(); }
  std::vector<FunctionVersion>::const_iterator begin() const {
    return const_cast<VersionTable *>(this)->whole().begin();
  }
  std::vector<FunctionVersion>::const_iterator end() const {
    return const_cast<VersionTable *>(this)->whole().end();
  }
  /// Every version (of a table that holds them all).
  std::vector<FunctionVersion> &whole();
  /// Makes this a table of \p N versions of which only \p Read (by number) are held.
  void assignPart(size_t N, std::vector<std::pair<unsigned, FunctionVersion>> Read);
  bool isPart() const { return Partial; }

private:
  FunctionVersion &some(size_t I);
  std::vector<FunctionVersion> All;
  bool Partial = false;
  size_t Count = 0;
  std::vector<std::pair<unsigned, FunctionVersion>> Some; ///< by number
};

struct Plan {
  PoolTable Pools;
  std::vector<Layout> Layouts;
  /// Layout -> the pools poolsWithLayout gives, ascending; made by
  /// indexPoolsByLayout once the plan is complete (empty while it is made). The
  /// rewrite asks for every pooled node of every version, and a scan of every pool
  /// each time grew with the square of the program.
  std::vector<std::vector<int>> PoolsByLayout;
  VersionTable Versions;
  /// function key -> its versions (first: the one with the original signature)
  std::map<std::string, std::vector<unsigned>> VersionsOf;
  /// Why each heap structure that got no pool, or no indices, got none.
  std::map<NodeRef, std::vector<std::string>> Reasons;
  std::set<NodeRef> Vetoed;
  /// Struct-typed global variables that hold indices (`struct table T;`): node of the
  /// globals graph -> their layout, and the pools their fields point to.
  std::map<NodeId, int> GlobalHolders;
  std::map<NodeId, std::set<int>> GlobalHolderPools;
  std::vector<FnPtrClass> FnClasses;
  /// Member key -> its active class.
  std::map<std::string, int> FnClassOf;
  /// Key of each variable that lives in a pool (Pool::Variables) -> that pool.
  std::map<std::string, int> VariablePools;
  /// The variable of key \p Key that lives in a pool, or null.
  const Pool::Variable *pooledVariable(const std::string &Key, int *PoolOut = nullptr) const;
};

/// The key of Pool::Variable for local variable \p Loc ("file:line:col") of function
/// \p FunctionKey.
inline std::string localVariableKey(const std::string &FunctionKey, const std::string &Loc) {
  return FunctionKey + "|" + Loc;
}

/// Vetoes: structures a previous attempt could not rewrite, with the reason.
using Vetoes = std::map<NodeRef, std::string>;

/// The clone that a use of function \p FD's address names (\p FD is a member of
/// an active FnPtrClass), else "".
std::string fnPointerClone(const Plan &P, const clang::FunctionDecl *FD);

/// Whether the output still defines function \p FD under its own name (unchanged, or
/// beside its clones), so that code the rewrite does not reach may name it.
bool keepsOriginal(const Plan &P, const clang::FunctionDecl *FD);

/// Adds to \p V, for each pool of \p P with a vetoed member, its other members with the
/// same reason: they share the pool, so none of them can be rewritten alone.
void vetoPoolMembers(const Plan &P, Vetoes &V);
Plan makePlan(ProgramGraphs &PG, const PlanOptions &Opts, const Vetoes &V);

/// The layout of the object of type \p T that starts at byte \p Offset of an object of
/// layout \p LayoutId (the layout itself at 0 when \p T is its struct, or a nested
/// member's), or -1 when that object keeps its type.
int layoutAt(const Plan &P, int LayoutId, uint64_t Offset, TypeId T);

/// Pools whose objects contain objects of layout \p LayoutId (their own layout, or a
/// nested member's at any depth).
std::set<int> poolsWithLayout(const Plan &P, int LayoutId);

/// Fills P.PoolsByLayout from P.Pools and P.Layouts.
void indexPoolsByLayout(Plan &P);

} // namespace ptrcomp::dsa

#endif
