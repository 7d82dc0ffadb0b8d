//===- PoolLifetimes.cpp - may a pool outlive the call that owns it? ------===//
#include "PoolLifetimes.h"
#include "LibcModel.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace ptrcomp::dsa {

/// Calls that leave frames without returning from them: longjmp, and switching to
/// another context (a coroutine that is never resumed never returns).
static bool isLongjmp(llvm::StringRef N) {
  return N == "longjmp" || N == "_longjmp" || N == "siglongjmp" || N == "__longjmp_chk" ||
         N == "setcontext" || N == "swapcontext";
}

/// Calls that end the calling thread without returning.
static bool endsThread(llvm::StringRef N) {
  return N == "pthread_exit" || N == "thrd_exit";
}

/// C library calls that are never cancellation points (POSIX lists those that are, or
/// may be: I/O, waiting, sleeping, most of stdio): memory, strings, numbers, locks.
static bool neverCancels(llvm::StringRef N) {
  N.consume_front("__builtin_");
  if (compat::startsWith(N, "str") || compat::startsWith(N, "mem") || compat::startsWith(N, "is") ||
      compat::startsWith(N, "to") || compat::startsWith(N, "pthread_mutex_") || compat::startsWith(N, "pthread_spin_") ||
      compat::startsWith(N, "atomic_") || compat::startsWith(N, "__atomic") || compat::startsWith(N, "__sync"))
    return true;
  return llvm::StringSwitch<bool>(N)
      .Cases("malloc", "calloc", "realloc", "reallocarray", "free", "aligned_alloc", true)
      .Cases("posix_memalign", "abs", "labs", "llabs", "qsort", "bsearch", true)
      .Cases("rand", "srand", "rand_r", "random", "srandom", "atoi", "atol", "atof", true)
      .Cases("sqrt", "fabs", "floor", "ceil", "pow", "exp", "log", true)
      .Cases("pthread_self", "pthread_equal", "pthread_getspecific", true)
      .Cases("pthread_setspecific", "pthread_setcancelstate", "pthread_cancel", true)
      .Cases("__errno_location", "__ctype_b_loc", "__assert_fail", "abort", "exit", true)
      .Default(false);
}

/// Calls that make a frame such a jump may go to.
static bool isSetjmp(llvm::StringRef N) {
  return N == "setjmp" || N == "_setjmp" || N == "sigsetjmp" || N == "__sigsetjmp" ||
         N == "getcontext" || N == "makecontext";
}

PoolLifetimes::PoolLifetimes(ProgramGraphs &PG) : PG(PG) {
  // Functions whose address the program takes: a signal handler, a callback of code
  // ptrcomp cannot see, may run in the middle of any call.
  auto Taken = [&](DSGraph &G) {
    for (NodeId N = 1; N < G.capacity(); ++N)
      if (G.isLive(N))
        for (const std::string &Fn : G.liveNode(N).Functions)
          AddressTaken.insert(Fn);
  };
  Taken(*PG.Globals);
  for (auto &[Key, F] : PG.Functions)
    Taken(*F.Graph);
  // A program that takes the address of longjmp (an error hook that holds it) may
  // jump from any call through a pointer.
  bool LongjmpTaken = llvm::any_of(AddressTaken, isLongjmp);
  // A program that cancels threads may end one at any cancellation point.
  std::string Cancels;
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls)
      if (Cancels.empty() && llvm::is_contained(CS.ExternalTargets, "pthread_cancel"))
        Cancels = CS.Loc;
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls) {
      if (LongjmpTaken && CS.DirectCallee.empty() && !CS.CalleeCell.isNull())
        Longjmps.emplace(Key, CS.Loc);
      std::vector<std::string> Names = CS.ExternalTargets;
      if (!CS.CalleeName.empty())
        Names.push_back(CS.CalleeName);
      for (const std::string &N : Names) {
        if (isLongjmp(N))
          Longjmps.emplace(Key, CS.Loc);
        if (isSetjmp(N)) {
          Setjmps.emplace(Key, CS.Loc);
          if (UnseenJmpBuf.empty() && !CS.Args.empty())
            UnseenJmpBuf = visibleToUnseenCode(F, CS.Args[0]);
        }
        if (endsThread(N))
          ThreadEnds.emplace(Key, "a call of " + N + " at " + CS.Loc);
      }
      for (const std::string &N : CS.ExternalTargets) {
        if (!Cancels.empty() && !neverCancels(N) && !endsThread(N))
          ThreadEnds.emplace(Key, "a call of '" + N + "' at " + CS.Loc + "\t, where " +
                                      "another thread may cancel it (the program calls "
                                      "pthread_cancel at " + Cancels + ")");
        if (!isModelledFunction(N) && !isLongjmp(N) && !isSetjmp(N))
          UnseenCalls.emplace(Key, "a call of '" + N + "' at " + CS.Loc);
      }
    }
}

std::string PoolLifetimes::visibleToUnseenCode(FunctionGraph &F, Cell JmpBuf) {
  DSGraph &G = *F.Graph;
  JmpBuf = G.resolve(JmpBuf);
  if (JmpBuf.isNull())
    return "";
  const DSNode &N = G.liveNode(JmpBuf.Node);
  if (N.Flags & (Escapes | Unknown))
    return "its jmp_buf is handed to code ptrcomp cannot see";
  // A global with linkage: other files, seen or not, may name it.
  for (auto &[Key, C] : F.GlobalCells)
    if (G.resolve(C).Node == JmpBuf.Node && Key.find('@') == std::string::npos &&
        Key.find("::") == std::string::npos) {
      auto It = PG.GlobalNames.find(Key);
      return "its jmp_buf '" + (It != PG.GlobalNames.end() ? It->second : Key) +
             "' is a global that code ptrcomp cannot see may name";
    }
  return "";
}

const std::set<std::string> &PoolLifetimes::reach(const std::string &Key) {
  auto [It, New] = Reach.try_emplace(Key);
  if (!New)
    return It->second;
  // The functions a call of Key may run, Key included (calls through pointers and
  // callbacks of libc functions as the analysis resolved them).
  std::set<std::string> Out{Key};
  std::vector<std::string> Work{Key};
  while (!Work.empty()) {
    FunctionGraph *F = PG.function(Work.back());
    Work.pop_back();
    if (!F)
      continue;
    for (const CallSite &CS : F->Calls)
      for (const auto *Ts : {&CS.Targets, &CS.CallbackTargets})
        for (const std::string &T : *Ts)
          if (Out.insert(T).second)
            Work.push_back(T);
  }
  return Reach[Key] = std::move(Out);
}

const std::string &PoolLifetimes::problem(const std::string &Owner) {
  auto [It, New] = Memo.try_emplace(Owner);
  if (!New)
    return It->second;
  std::string Why;
  const std::set<std::string> Below = reach(Owner);
  auto Name = [&](const std::string &Key) {
    FunctionGraph *F = PG.function(Key);
    return F ? F->Name : Key;
  };
  const std::string OwnerName = Name(Owner);
  // A longjmp that a call of Owner may make, to a setjmp whose frame is above Owner's:
  // one in a function Owner does not reach, or one that reaches Owner again.
  for (auto &[J, JLoc] : Longjmps) {
    if ((!Below.count(J) && !AddressTaken.count(J)) || !Why.empty())
      continue;
    for (auto &[S, SLoc] : Setjmps)
      if (!Below.count(S) || (S != Owner && reach(S).count(Owner))) {
        Why = "a longjmp at " + JLoc + " (in '" + Name(J) + "') may leave '" + OwnerName +
              "' for the setjmp at " + SLoc + " (in '" + Name(S) + "'), and the pool '" +
              OwnerName + "' creates would then never be destroyed";
        break;
      }
  }
  // The same for a longjmp that code ptrcomp cannot see may make.
  if (!UnseenJmpBuf.empty())
    for (auto &[J, What] : UnseenCalls) {
      if (!Below.count(J) || !Why.empty())
        continue;
      for (auto &[S, SLoc] : Setjmps)
        if (!Below.count(S) || (S != Owner && reach(S).count(Owner))) {
          Why = What + " (in '" + Name(J) + "'), which ptrcomp cannot see, may longjmp "
                "out of '" + OwnerName + "' to the setjmp at " + SLoc + " (" +
                UnseenJmpBuf + "), and the pool '" + OwnerName +
                "' creates would then never be destroyed";
          break;
        }
    }
  // A thread that ends inside Owner never returns from it. (main's pools would be lost
  // once, at the end of the program's first thread: nothing to see.)
  if (Why.empty() && OwnerName != "main")
    for (auto &[K, What] : ThreadEnds)
      if (Below.count(K) || AddressTaken.count(K)) {
        // "\t" separates what may end the thread from why (cancellation).
        llvm::StringRef Call = llvm::StringRef(What).split('\t').first;
        llvm::StringRef Because = llvm::StringRef(What).split('\t').second;
        Why = Call.str() + " (in '" + Name(K) + "') may end the thread inside '" +
              OwnerName + "'" + Because.str() + ", and the pool '" + OwnerName +
              "' creates would then never be destroyed";
        break;
      }
  if (Why.empty())
    for (const std::string &K : Below)
      if (FunctionGraph *F = PG.function(K); F && !F->DeferredWork.empty()) {
        Why = F->DeferredWork + " (in '" + F->Name + "') may still run when '" + OwnerName +
              "' has returned and destroyed the pool it creates";
        break;
      }
  return It->second = std::move(Why);
}

} // namespace ptrcomp::dsa
