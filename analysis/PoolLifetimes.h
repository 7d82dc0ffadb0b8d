//===- PoolLifetimes.h - may a pool outlive the call that owns it? --------===//
//
// A pool created by a function is destroyed when that function returns (or, for a
// recursive owner, when its outermost activation returns). That is right only when
// nothing can still use the pool afterwards, and when the function does return:
//  - a longjmp below the owner to a setjmp above it leaves the owner's frame without
//    returning: the pool would never be destroyed, one region lost per jump. Code
//    ptrcomp cannot see may make that longjmp too, when it can reach the jmp_buf (a
//    global others can name, or one handed to such code);
//  - a thread that ends inside the owner (pthread_exit, or cancellation at a
//    cancellation point in a program that cancels threads) leaves it the same way;
//  - work the owner hands to code that runs later (an OpenMP task, a target region
//    with nowait) may use the structure after the pool is gone.
// Such structures are left unchanged, with the reason. (Threads started by the owner
// see the structure only through what escapes to pthread_create, which the analysis
// already refuses; atexit and signal handlers reach only global variables, whose
// structures live in global pools, never destroyed.)
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_POOLLIFETIMES_H
#define PTRCOMP_ANALYSIS_POOLLIFETIMES_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include <map>
#include <set>
#include <string>

namespace ptrcomp::dsa {

class PoolLifetimes {
public:
  explicit PoolLifetimes(ProgramGraphs &PG);
  /// Why a pool owned by function \p Owner (a key) may be in use, or never destroyed,
  /// after \p Owner returns; "" when it may not.
  const std::string &problem(const std::string &Owner);
  /// Where function \p Key calls setjmp, or "".
  std::string setjmpIn(const std::string &Key) const {
    auto It = Setjmps.find(Key);
    return It == Setjmps.end() ? "" : It->second;
  }

private:
  const std::set<std::string> &reach(const std::string &Key);
  /// Why code ptrcomp cannot see may longjmp to the jmp_buf \p JmpBuf of a setjmp in
  /// \p F, or "".
  std::string visibleToUnseenCode(FunctionGraph &F, Cell JmpBuf);
  ProgramGraphs &PG;
  /// Functions that call longjmp / setjmp (first call's location), by key.
  std::map<std::string, std::string> Longjmps, Setjmps;
  /// Functions that may end their thread: "a call of pthread_exit at f.c:3:5", by key.
  std::map<std::string, std::string> ThreadEnds;
  /// When unseen code can reach a jmp_buf ("its jmp_buf 'env' is ..."): the first call
  /// of each function to code ptrcomp cannot see, which may then longjmp.
  std::string UnseenJmpBuf;
  std::map<std::string, std::string> UnseenCalls;
  std::set<std::string> AddressTaken;
  std::map<std::string, std::set<std::string>> Reach;
  std::map<std::string, std::string> Memo;
};

} // namespace ptrcomp::dsa

#endif
