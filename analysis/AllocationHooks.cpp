//===- AllocationHooks.cpp - calls through pointers that are allocator calls ---===//
//
// After the call targets are resolved (CallTargets.cpp: the functions each pointer may
// hold, from initialisers, assignments, stores through parameters and copies of whole
// structs; "" when unseen code may have stored into it), each call through a pointer
// that may reach an allocator is classified. When every target is the same libc
// allocator, or a function of the program that only passes its parameters to it, the
// bottom-up pass models the call as that allocator's (BottomUp.cpp) and the call can be
// rewritten as a pool operation. Otherwise its objects are marked unknown there, with
// the target that spoils it named here.
//
//===----------------------------------------------------------------------===//
#include "ptrcomp/analysis/AllocationHooks.h"

#include "LibcModel.h"
#include "LocalGraphs.h"
#include "Passes.h"
#include "ptrcomp/Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {
namespace {

/// The allocator a target amounts to, and the argument of the call each of the
/// allocator's arguments receives.
struct Equivalent {
  std::string Allocator;
  std::vector<unsigned> ArgOf;
  bool operator==(const Equivalent &O) const {
    return Allocator == O.Allocator && ArgOf == O.ArgOf;
  }
};

/// The allocators a pool replaces, with their number of arguments; 0 for others.
unsigned arity(llvm::StringRef Name) {
  if (Name == "malloc" || Name == "free")
    return 1;
  if (Name == "calloc" || Name == "realloc")
    return 2;
  return 0;
}

/// A global variable the call's pointer is read through that no file of the program
/// defines: a library's, which the library may set to anything (`__malloc_hook`).
const std::pair<std::string, std::string> *
definedOutside(const CallSite &CS, const std::set<std::string> &Defined) {
  for (const auto &G : CS.CalleeGlobals)
    if (!Defined.count(G.first))
      return &G;
  return nullptr;
}

class Classifier {
public:
  explicit Classifier(ProgramGraphs &PG) : PG(PG) {
    // Before resolveGlobals, PG.GlobalCells holds exactly the globals that the program's
    // files define (buildGlobals); the functions' views of the others come later.
    for (auto &KV : PG.GlobalCells)
      Defined.insert(KV.first);
  }
  void classify(CallSite &CS);

private:
  /// \p W's wrapper facts, unless the allocator it calls is the program's own.
  std::optional<Equivalent> plainWrapper(const FunctionGraph &W) {
    if (!W.Wrapper || PG.function(W.Wrapper->AllocatorKey))
      return std::nullopt;
    return Equivalent{W.Wrapper->Allocator, W.Wrapper->ArgOf};
  }
  std::optional<Equivalent> wrapper(FunctionGraph &W) {
    auto [It, New] = Wrappers.try_emplace(W.Key);
    if (New)
      It->second = plainWrapper(W);
    return It->second;
  }

  ProgramGraphs &PG;
  std::set<std::string> Defined;
  std::map<std::string, std::optional<Equivalent>> Wrappers;
};

void Classifier::classify(CallSite &CS) {
  if (!CS.DirectCallee.empty())
    return;
  // Every target, with what it amounts to; unknown code first, then the program's
  // functions and the external ones, each in name order (deterministic messages).
  struct Target {
    std::string Name, Where;
    std::optional<Equivalent> Eq;
    bool Allocates = false; ///< an allocator, or a plain wrapper of one
  };
  std::vector<Target> Ts;
  unsigned NumArgs = CS.NumArgs;
  for (const std::string &Ext : CS.ExternalTargets)
    if (Ext.empty())
      Ts.push_back({"", "", std::nullopt, false});
  bool AnyAllocator = false;
  for (const std::string &Key : CS.Targets) {
    FunctionGraph &W = *PG.function(Key);
    Target T{W.Name, W.Loc, wrapper(W), false};
    T.Allocates = T.Eq.has_value();
    if (T.Eq && W.Formals.size() != NumArgs)
      T.Eq.reset();
    AnyAllocator |= T.Allocates;
    Ts.push_back(std::move(T));
  }
  for (const std::string &Ext : CS.ExternalTargets) {
    if (Ext.empty())
      continue;
    Target T{Ext, "", std::nullopt, false};
    T.Allocates = isAllocationFunction(Ext) || isDeallocationFunction(Ext);
    if (unsigned N = arity(Ext); N && N == NumArgs) {
      T.Eq = Equivalent{Ext, {}};
      for (unsigned K = 0; K < N; ++K)
        T.Eq->ArgOf.push_back(K);
    }
    AnyAllocator |= T.Allocates;
    Ts.push_back(std::move(T));
  }
  if (!AnyAllocator)
    return; // an ordinary call through a pointer

  HookCall H;
  H.Hook = CS.CalleeSpelling;
  if (H.Hook.empty())
    H.Hook = "a function pointer";
  for (const Target &T : Ts)
    H.Targets.push_back(T.Name);
  std::sort(H.Targets.begin(), H.Targets.end());
  // What the call does, from its shape: without a result it frees.
  const char *Verb = CS.Ret.isNull() ? "freed" : "allocated";
  for (const Target &T : Ts)
    if (!CS.Ret.isNull() && T.Allocates &&
        llvm::StringRef(hookVerb(T.Eq ? T.Eq->Allocator : T.Name)) == "reallocated")
      Verb = "reallocated";
  std::string Through = std::string(Verb) + " through '" + H.Hook + "' at " + CS.Loc;
  if (const auto *G = definedOutside(CS, Defined)) {
    H.Refusal = Through + ", which code ptrcomp cannot see may set ('" + G->second +
                "' is defined outside the program)";
  } else if (!CS.CalleeInBytes.empty()) {
    H.Refusal = Through + ", which may have been written byte by byte (it is held in " +
                "memory accessed as bytes: " + CS.CalleeInBytes + ")";
  } else {
    for (const Target &T : Ts) {
      if (T.Eq)
        continue;
      if (T.Name.empty())
        H.Refusal = Through + ", which code ptrcomp cannot see may set";
      else
        H.Refusal = Through + ", which may hold '" + T.Name + "'" +
                    (T.Where.empty() ? "" : " (" + T.Where + ")");
      break;
    }
  }
  if (H.Refusal.empty())
    for (const Target &T : Ts)
      if (!(*T.Eq == *Ts.front().Eq)) {
        H.Refusal = Through + ", which may hold '" + Ts.front().Name + "' or '" + T.Name +
                    "', which differ";
        break;
      }
  if (H.Refusal.empty()) {
    H.Allocator = Ts.front().Eq->Allocator;
    H.ArgOf = Ts.front().Eq->ArgOf;
  }
  CS.Hook = std::move(H);
}

} // namespace

const char *hookVerb(llvm::StringRef Allocator) {
  if (Allocator == "realloc" || Allocator == "reallocf" || Allocator == "reallocarray")
    return "reallocated";
  if (isDeallocationFunction(Allocator))
    return "freed";
  return "allocated";
}

void classifyAllocationHooks(ProgramGraphs &PG) {
  Classifier C(PG);
  for (auto &[Key, F] : PG.Functions)
    for (CallSite &CS : F.Calls)
      C.classify(CS);
}

std::string hookRefusal(FunctionGraph &F, const CallSite &CS) {
  if (!CS.Hook)
    return "";
  if (CS.Hook->Allocator.empty())
    return CS.Hook->Refusal;
  // The targets were found before the entry points were known: with no main, unseen
  // callers may set a hook reachable from them, which the finished graphs mark E.
  Cell C = F.Graph->resolve(CS.CalleeCell);
  const DSNode *N = C.isNull() ? nullptr : &F.Graph->node(C.Node);
  if (N && !(N->Flags & (Escapes | Unknown)))
    return "";
  std::string Why;
  if (N)
    for (const std::string &R : N->Reasons)
      if (compat::startsWith(llvm::StringRef(R), "escapes") ||
          compat::startsWith(llvm::StringRef(R), "unknown")) {
        Why = " (" + R + ")";
        break;
      }
  return std::string(hookVerb(CS.Hook->Allocator)) + " through '" + CS.Hook->Hook +
         "' at " + CS.Loc + ", which code ptrcomp cannot see may set" + Why;
}

} // namespace ptrcomp::dsa
