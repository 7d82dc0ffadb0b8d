//===- ProgramGraphs.h - the analysis result for a whole program ----------===//
//
// Plain data: one entry per function defined in the program, with its DS graph (shared by
// the functions of one call-graph SCC), the cells of its formals, return value, variables
// and pointer-valued expressions, and its call sites with the node mapping each callee's
// graph was cloned with. Later stages (pool, compression and clone plans; the rewriter)
// read this and never walk the AST to rediscover it.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_PROGRAMGRAPHS_H
#define PTRCOMP_ANALYSIS_PROGRAMGRAPHS_H

#include "ptrcomp/analysis/DSGraph.h"

#include "llvm/ADT/DenseMap.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class Expr;
class FunctionDecl;
class VarDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// Cells keyed by AST nodes (a function's variables, its pointer-valued expressions), in
/// the order the local graph met them. The AST exists only while the function's
/// translation unit is parsed: summaries and plans keep the cells alone, in that order,
/// and attachKeys() puts the keys back when the unit is parsed again (the local graph is
/// built again the same way, so the n-th key is the n-th cell's).
template <typename KeyT> class KeyedCells {
public:
  struct Entry {
    KeyT first = nullptr;
    Cell second;
  };
  using iterator = typename std::vector<Entry>::iterator;
  using const_iterator = typename std::vector<Entry>::const_iterator;

  iterator begin() { return Entries.begin(); }
  iterator end() { return Entries.end(); }
  const_iterator begin() const { return Entries.begin(); }
  const_iterator end() const { return Entries.end(); }
  size_t size() const { return Entries.size(); }
  bool empty() const { return Entries.empty(); }
  Entry &operator[](size_t I) { return Entries[I]; }
  const Entry &operator[](size_t I) const { return Entries[I]; }

  iterator find(KeyT K) {
    auto It = Index.find(K);
    return It == Index.end() ? end() : begin() + It->second;
  }
  const_iterator find(KeyT K) const {
    auto It = Index.find(K);
    return It == Index.end() ? end() : begin() + It->second;
  }
  size_t count(KeyT K) const { return Index.count(K); }
  Cell lookup(KeyT K) const {
    auto It = Index.find(K);
    return It == Index.end() ? Cell() : Entries[It->second].second;
  }
  /// The ordinal of \p K, or -1.
  int ordinal(KeyT K) const {
    auto It = Index.find(K);
    return It == Index.end() ? -1 : int(It->second);
  }
  /// The cell of \p K, appended (null) when absent.
  Cell &at(KeyT K) {
    auto [It, New] = Index.try_emplace(K, Entries.size());
    if (New)
      Entries.push_back({K, Cell()});
    return Entries[It->second].second;
  }
  /// Appends a cell with no key (read from a summary or a plan).
  void append(Cell C) { Entries.push_back({nullptr, C}); }
  /// Gives the cells their keys, in order; false when the numbers differ.
  bool attachKeys(llvm::ArrayRef<KeyT> Keys) {
    if (Keys.size() != Entries.size())
      return false;
    Index.clear();
    Index.reserve(Keys.size());
    for (size_t I = 0; I < Keys.size(); ++I) {
      Entries[I].first = Keys[I];
      Index.try_emplace(Keys[I], I);
    }
    return true;
  }
  /// Forgets the keys (their AST is about to be freed).
  void clearKeys() {
    for (Entry &E : Entries)
      E.first = nullptr;
    llvm::DenseMap<KeyT, unsigned>().swap(Index); // (clear() keeps the buckets)
  }
  std::vector<KeyT> keys() const {
    std::vector<KeyT> Out;
    Out.reserve(Entries.size());
    for (const Entry &E : Entries)
      Out.push_back(E.first);
    return Out;
  }
  void shrink() {
    Entries.shrink_to_fit();
    compactMap(Index);
  }

private:
  std::vector<Entry> Entries;
  llvm::DenseMap<KeyT, unsigned> Index;
};

/// An optional value kept on the heap: a field that most objects lack costs a pointer
/// instead of the value's size (call sites are the most numerous objects of the graphs).
template <typename T> class Boxed {
public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}
  Boxed(const Boxed &O) : P(O.P ? std::make_unique<T>(*O.P) : nullptr) {}
  Boxed(Boxed &&) = default;
  Boxed &operator=(const Boxed &O) {
    P = O.P ? std::make_unique<T>(*O.P) : nullptr;
    return *this;
  }
  Boxed &operator=(Boxed &&) = default;
  Boxed &operator=(T V) {
    P = std::make_unique<T>(std::move(V));
    return *this;
  }
  explicit operator bool() const { return bool(P); }
  bool has_value() const { return bool(P); }
  T &operator*() { return *P; }
  const T &operator*() const { return *P; }
  T *operator->() { return P.get(); }
  const T *operator->() const { return P.get(); }
  T &emplace() {
    P = std::make_unique<T>();
    return *P;
  }
  void reset() { P.reset(); }

private:
  std::unique_ptr<T> P;
};

/// How one call site's callee graph maps into the caller: callee node -> caller cell.
struct CalleeBinding {
  std::string Callee; ///< function key
  NodeMap Map; ///< empty when caller and callee share a graph (same SCC)
};

/// A call through a function pointer that may reach malloc, calloc, realloc or free, or a
/// function of the program that only hands its parameters to one of them (an allocation
/// hook: `dict_malloc_func(n)`, `a->alloc(a, n)`). Filled from the whole program's call
/// targets by AllocationHooks.cpp.
struct HookCall {
  std::string Hook; ///< the pointer as written: "dict_malloc_func", "a->alloc"
  /// What the pointer may hold, by name, sorted; "" stands for code ptrcomp cannot see.
  std::vector<std::string> Targets;
  /// The allocator that the call is, whatever the pointer holds ("malloc", "calloc",
  /// "realloc" or "free"), and for each of its arguments the argument of this call it
  /// receives; empty when the targets are not all that one allocator.
  std::string Allocator;
  std::vector<unsigned> ArgOf;
  /// When Allocator is empty: why, naming the target ("allocated through 'h' at a.c:9:5,
  /// which may hold 'counting_malloc' (a.c:3:14)").
  std::string Refusal;
};

struct CallSite {
  const clang::CallExpr *Call = nullptr;
  std::string Loc;          ///< "file:line:col"
  std::string DirectCallee; ///< function key of a direct call, else ""
  std::string CalleeName;   ///< as written (for the libc model and messages)
  Cell CalleeCell;          ///< indirect call: the function pointer's target
  std::vector<Cell> Args;   ///< pointer: its target; struct by value: the object; else null
  std::vector<TypeId> ArgTypes;
  Cell Ret;                 ///< pointer result: its target; struct result: the object
  TypeId RetType = NoType;
  std::vector<std::string> Targets;         ///< defined functions this call may reach
  std::vector<std::string> ExternalTargets; ///< functions not in the program it may reach
  std::vector<std::string> CallbackTargets; ///< functions an external callee calls back
  /// Call through a pointer that memory accessed as raw bytes may hold (why, located):
  /// it may have been written byte by byte, which the targets above do not follow.
  std::string CalleeInBytes;
  std::vector<CalleeBinding> Bindings;
  /// How the byte count of a byte-counted libc call (memset, memcpy, fread, ...) covers
  /// each argument it covers; empty for other calls.
  struct ByteCover {
    TypeId Elem = NoType;  ///< whole objects of this type; NoType: raw bytes
    bool Constant = false; ///< the count is the constant Count * sizeof(Elem)
    uint64_t Count = 0;
  };
  std::map<unsigned, ByteCover> ByteCovers;
  /// Calls through pointers only: set when the pointer may hold an allocator.
  Boxed<HookCall> Hook;

  // What later stages need of the call's AST, kept as plain data (CallFacts.cpp): the
  // whole-program passes and the rewriting of other files read these, never Call.
  unsigned NumArgs = 0;
  /// Direct calls: CalleeName is the builtin's name without "__builtin_".
  bool Builtin = false;
  /// Indirect calls: the pointer as written ("hooks.alloc"; "" when no plain path), and
  /// the function type called (FunctionPointerTypes.h's key; "" when none).
  std::string CalleeSpelling;
  std::string CalleeTypeKey;
  /// Indirect calls: the global variables (not static locals) the pointer is read
  /// through, in the order they are written: (key, name).
  std::vector<std::pair<std::string, std::string>> CalleeGlobals;
  /// Per argument: it names a parameter of the calling function somewhere.
  std::vector<bool> ArgNamesParam;
  /// Per argument: the index of the calling function's integer parameter that it is,
  /// when that parameter is used nowhere else in the body (a size the function only
  /// passes on); -1 otherwise.
  std::vector<int> ArgSizeParam;
};

/// What later stages need of a variable's declaration.
struct VarFacts {
  std::string Name;
  std::string Loc; ///< "file:line:col"
  bool IsParam = false;
  bool LocalStorage = false;
  /// The struct type of the variable, or of the elements of its (nested) constant
  /// array type; NoType when it is of no such type.
  TypeId Struct = NoType;
  /// A one-dimensional constant array of Struct: its elements; else 0.
  uint64_t Elements = 0;
};

/// A pointer type of a parameter or result, as later stages test it.
struct PointerFacts {
  bool IsPointer = false;
  bool PointeeVoid = false;
  bool PointeePointer = false;
  bool PointeeStruct = false; ///< a struct (not a union)
  bool PointeeRecord = false; ///< a struct or a union
  TypeId Pointee = NoType;    ///< canonical, unqualified
};

/// A function of the program whose only effect is one call of a libc allocator with its
/// own parameters, unchanged (AllocationHooks.cpp); the allocator and, per argument of
/// it, the parameter it receives.
struct WrapperFacts {
  std::string Allocator;
  std::string AllocatorKey; ///< functionKey of the allocator's declaration
  std::vector<unsigned> ArgOf;
};

struct FunctionGraph {
  std::string Key;  ///< unique: the linkage name, or "name@file" for static functions
  std::string Name; ///< as written
  /// The definition and its unit's context: set only while that unit is parsed. The
  /// whole-program passes and the rewriting of other units use the facts below.
  const clang::FunctionDecl *Decl = nullptr;
  clang::ASTContext *Ctx = nullptr;
  unsigned Unit = 0; ///< index of its translation unit
  bool ExternallyVisible = false;

  // Facts of the definition (FunctionFacts in LocalGraphs.cpp).
  std::string Loc; ///< where it is defined: "file:line:col"
  std::string TypeKey; ///< functionTypeKey of its type
  bool Variadic = false;
  bool Inline = false;
  /// An inline definition that its unit emits as the function's external definition
  /// (C99: some file-scope declaration has `extern` or lacks `inline`; gnu89 or
  /// gnu_inline: one has `inline` without `extern`). The program's copy of an inline
  /// function defined in several units is this unit's.
  bool InlineExternal = false;
  /// Defined weak (`__attribute__((weak))`): a definition elsewhere, seen or not, takes
  /// its place at link time.
  bool Weak = false;
  /// Why its static locals cannot be declared at file scope, shared by its versions
  /// (SharedStatics.h), or "" (also when it has none).
  std::string UnsharedStatics;
  bool OpenMP = false; ///< its unit is compiled with OpenMP
  /// Where it hands work to code that may run after it returns (an OpenMP task), or "".
  std::string DeferredWork;
  /// Constructor, destructor or `used`: reached without a call the program makes.
  bool AlwaysReached = false;
  std::vector<PointerFacts> ParamPointers;
  PointerFacts RetPointer;
  std::optional<WrapperFacts> Wrapper;
  std::vector<VarFacts> VarInfo; ///< per entry of VarStorage
  /// Per parameter: the ordinal of its storage in VarStorage, or -1 (a number whose
  /// address is never taken has none).
  std::vector<int> ParamStorage;
  /// Ordinals (in ExprCells) of the expressions that make a struct value: a call, a
  /// compound literal, va_arg or `?:` of struct type.
  std::vector<unsigned> ValueExprs;
  std::shared_ptr<DSGraph> Graph;
  std::vector<Cell> Formals; ///< per parameter, like CallSite::Args
  std::vector<TypeId> FormalTypes;
  Cell Ret;
  TypeId RetType = NoType;
  Cell VarArgs; ///< where the pointers passed through `...` point
  std::vector<CallSite> Calls;
  /// Storage of each local variable and parameter (its own memory object), in
  /// declaration order.
  KeyedCells<const clang::VarDecl *> VarStorage;
  /// The variables of VarStorage, in its order (AST only).
  std::vector<const clang::VarDecl *> Vars;
  llvm::DenseSet<const clang::VarDecl *> AddressTaken; ///< AST only
  /// Target of every pointer-valued expression (after implicit casts too).
  KeyedCells<const clang::Expr *> ExprCells;
  /// Storage of every global variable the function (or its callees) refers to, by key.
  std::map<std::string, Cell> GlobalCells;
};

/// What a unit does with pointers to functions of one type (FunctionPointerTypes.h).
struct FunctionTypeUses {
  std::vector<std::string> Pointers; ///< declarations holding them, by name, sorted
  std::string Problem;               ///< first place that cannot be retyped (located)
  std::set<std::string> Referenced;  ///< functions (keys) whose address is taken
  std::set<std::string> ReferencedIn; ///< where: function keys, "" for file scope
  /// Referenced key -> name as written (the program-wide scan names those that no
  /// unit defines).
  std::map<std::string, std::string> Names;
  std::set<std::string> Undefined; ///< names taken whose definition is not seen
};

/// What call \p CS of an allocation wrapper allocates with, from its facts: the
/// allocator's name (a direct call of a function the program does not define, or a call
/// through a hook that is one allocator), and for each of the allocator's arguments the
/// wrapper's parameter it is (-1: no parameter used only there). nullopt: no such call.
struct AllocatorCallFacts {
  std::string Name;
  std::vector<int> SizeParams;
};
std::optional<AllocatorCallFacts> allocatorCallFacts(const CallSite &CS);

/// A location-carrying problem that stops the run (e.g. one function defined twice).
struct LinkError {
  std::string Loc, Message, NoteLoc, Note;
};

/// "file:line:col" of the expansion location of \p Loc, as shown in reasons and reports.
std::string locationString(const clang::ASTContext &Ctx, clang::SourceLocation Loc);
/// \p Path as reasons and reports name it: relative to the working directory (`list.c`,
/// `../src/list.c`) unless it has no directory but `/` in common with it.
std::string displayPathOf(llvm::StringRef Path);

/// Program-wide identity of a variable with static storage (the key of GlobalCells).
std::string globalKey(const clang::VarDecl *VD);

struct ProgramGraphs {
  TypeTable Types;
  std::map<std::string, FunctionGraph> Functions; ///< by key: deterministic order
  /// The globals graph: every global variable's storage and what it reaches.
  std::unique_ptr<DSGraph> Globals;
  std::map<std::string, Cell> GlobalCells;
  std::map<std::string, std::string> GlobalNames; ///< key -> name as written
  /// key -> declared type of a variable of static storage (file scope or static local)
  std::map<std::string, TypeId> GlobalTypes;
  /// The keys of GlobalTypes whose type is the definition's (else a declaration's).
  std::set<std::string> GlobalTypeDefined;
  /// key -> where the program defines the file-scope variable (no entry: only declared)
  std::map<std::string, std::string> GlobalDefinitions;
  /// Globals defined with an initialiser that is not all zeros (UnitSummary).
  std::set<std::string> GlobalsWithValues;
  /// Identifiers of the program starting with "P_" (UnitSummary::TakenNames): a pool or
  /// its base named so would shadow the program's own, or be replaced by its macro.
  std::set<std::string> TakenNames;
  bool HasMain = false;
  /// Functions whose address reached code ptrcomp cannot see (qsort's
  /// comparator).
  std::set<std::string> AddressEscaped;
  /// Functions no run of the program can reach: not main, not called (directly,
  /// through a pointer, or by unseen code that received their address), not
  /// entry points. A call through a pointer that holds no function there needs
  /// no unknown target (issue 17: a table member no call reaches).
  std::set<std::string> Unreachable;
  std::vector<LinkError> Errors;
  /// Per unit: its uses of function types (the plan scans those it needs).
  std::vector<std::map<std::string, FunctionTypeUses>> UnitFunctionTypes;

  /// The functions of each unit, in key order (indexUnits()).
  std::vector<std::vector<FunctionGraph *>> UnitFunctions;
  void indexUnits() {
    UnitFunctions.clear();
    for (auto &KV : Functions) {
      if (KV.second.Unit >= UnitFunctions.size())
        UnitFunctions.resize(KV.second.Unit + 1);
      UnitFunctions[KV.second.Unit].push_back(&KV.second);
    }
  }
  /// The functions of unit \p U (after indexUnits()).
  llvm::ArrayRef<FunctionGraph *> functionsOf(unsigned U) const {
    return U < UnitFunctions.size() ? llvm::ArrayRef<FunctionGraph *>(UnitFunctions[U])
                                    : llvm::ArrayRef<FunctionGraph *>();
  }

  FunctionGraph *function(const std::string &Key) {
    auto It = Functions.find(Key);
    return It == Functions.end() ? nullptr : &It->second;
  }
};

} // namespace ptrcomp::dsa

#endif
