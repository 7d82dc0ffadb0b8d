//===- LibcModel.h - what calls to functions outside the program do -------===//
#ifndef PTRCOMP_ANALYSIS_LIBCMODEL_H
#define PTRCOMP_ANALYSIS_LIBCMODEL_H

#include "ptrcomp/analysis/ByteCountCall.h"
#include "ptrcomp/analysis/ProgramGraphs.h"

namespace ptrcomp::dsa {

/// A call that an external function makes back into the program (qsort's comparator).
struct CallbackCall {
  Cell Callee;
  std::vector<Cell> Args;
};

/// Applies to graph \p G the effect of call site \p CS, whose callee is not defined in the
/// program: allocation, aliasing of the result, byte-level accesses, and escape of
/// everything reachable from the arguments of functions the table does not know.
/// \p CharType is the program's `char`. Callbacks the callee makes are appended.
void applyExternalCall(DSGraph &G, const CallSite &CS, TypeId CharType,
                       std::vector<CallbackCall> &Callbacks);

/// Whether external function \p Name may run code of the program on another thread: it
/// starts a thread (pthread_create, thrd_create), or calls a function it is given on a
/// thread of the C library's (timer_create, mq_notify and the aio_ calls with
/// SIGEV_THREAD), or around fork (pthread_atfork); or only a threaded program needs it
/// (pthread_once, call_once).
bool startsThreads(llvm::StringRef Name);
/// Whether external function \p Name calls the functions it is given only on the thread
/// that calls it or that exits (qsort, bsearch, atexit, signal handlers, ...).
bool callsBackOnCallingThread(llvm::StringRef Name);

/// Whether the table above has a row for external function \p Name: a C library
/// function whose effects are known (it does not longjmp, nor end the thread).
bool isModelledFunction(llvm::StringRef Name);

/// Whether \p Name allocates heap memory (for reports and the rewriter).
bool isAllocationFunction(llvm::StringRef Name);
bool isDeallocationFunction(llvm::StringRef Name);

/// Whether external target \p Target (a callee's key: `__builtin_memcpy`) is the call
/// site's \p CalleeName (its C library name: `memcpy`), whose byte covers then apply.
inline bool isCalleeOf(llvm::StringRef Target, llvm::StringRef CalleeName) {
  return Target == CalleeName ||
         (Target.consume_front("__builtin_") && Target == CalleeName);
}

} // namespace ptrcomp::dsa

#endif
