//===- PoolLifetimes.cpp - may a pool outlive the call that owns it? ------===//
#include "PoolLifetimes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSwitch.h"

namespace ptrcomp::dsa {

/// Calls that leave frames without returning from them: longjmp, and switching to
/// another context (a coroutine that is never resumed never returns).
static bool isLongjmp(llvm::StringRef N) {
  return N == "longjmp" || N == "_longjmp" || N == "siglongjmp" || N == "__longjmp_chk" ||
         N == "setcontext" || N == "swapcontext";
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
        if (isSetjmp(N))
          Setjmps.emplace(Key, CS.Loc);
      }
    }
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
