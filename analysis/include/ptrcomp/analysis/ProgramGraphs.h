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

/// How one call site's callee graph maps into the caller: callee node -> caller cell.
struct CalleeBinding {
  std::string Callee; ///< function key
  DSGraph::CloneMap Map; ///< empty when caller and callee share a graph (same SCC)
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
  std::optional<HookCall> Hook;
};

struct FunctionGraph {
  std::string Key;  ///< unique: the linkage name, or "name@file" for static functions
  std::string Name; ///< as written
  const clang::FunctionDecl *Decl = nullptr; ///< the definition
  clang::ASTContext *Ctx = nullptr;
  unsigned Unit = 0; ///< index of its translation unit
  bool ExternallyVisible = false;
  std::shared_ptr<DSGraph> Graph;
  std::vector<Cell> Formals; ///< per parameter, like CallSite::Args
  std::vector<TypeId> FormalTypes;
  Cell Ret;
  TypeId RetType = NoType;
  Cell VarArgs; ///< where the pointers passed through `...` point
  std::vector<CallSite> Calls;
  /// Storage of each local variable and parameter (its own memory object).
  llvm::DenseMap<const clang::VarDecl *, Cell> VarStorage;
  std::vector<const clang::VarDecl *> Vars; ///< declaration order
  llvm::DenseSet<const clang::VarDecl *> AddressTaken;
  /// Target of every pointer-valued expression (after implicit casts too).
  llvm::DenseMap<const clang::Expr *, Cell> ExprCells;
  /// Storage of every global variable the function (or its callees) refers to, by key.
  std::map<std::string, Cell> GlobalCells;
};

/// A location-carrying problem that stops the run (e.g. one function defined twice).
struct LinkError {
  std::string Loc, Message, NoteLoc, Note;
};

/// "file:line:col" of the expansion location of \p Loc, as shown in reasons and reports.
std::string locationString(const clang::ASTContext &Ctx, clang::SourceLocation Loc);

/// Program-wide identity of a variable with static storage (the key of GlobalCells).
std::string globalKey(const clang::VarDecl *VD);

struct ProgramGraphs {
  TypeTable Types;
  std::map<std::string, FunctionGraph> Functions; ///< by key: deterministic order
  /// The globals graph: every global variable's storage and what it reaches.
  std::unique_ptr<DSGraph> Globals;
  std::map<std::string, Cell> GlobalCells;
  std::map<std::string, std::string> GlobalNames; ///< key -> name as written
  /// key -> declared type of a file-scope variable (NoType: a static local)
  std::map<std::string, TypeId> GlobalTypes;
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

  FunctionGraph *function(const std::string &Key) {
    auto It = Functions.find(Key);
    return It == Functions.end() ? nullptr : &It->second;
  }
};

} // namespace ptrcomp::dsa

#endif
