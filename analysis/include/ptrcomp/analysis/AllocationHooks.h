//===- AllocationHooks.h - calls through pointers that are allocator calls -===//
//
// Libraries allocate through hooks that users may replace (`dict_malloc_func(n)`,
// `hooks.free_fn(p)`, `a->alloc(a, n)`). Such a call is a call of malloc (calloc, realloc,
// free) when the whole program shows that every function the pointer may hold is that
// allocator, or a function of the program that only hands its parameters to it. Its
// objects may then go into a pool like those of a direct call; any other possible target
// leaves them where they are, with that target named.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_ALLOCATIONHOOKS_H
#define PTRCOMP_ANALYSIS_ALLOCATIONHOOKS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include <string>

namespace ptrcomp::dsa {

/// Why call \p CS of \p F cannot be taken as a call of its allocator, or "" when it can:
/// its targets are not all one allocator (HookCall::Refusal), or, in the finished graphs,
/// code ptrcomp cannot see may store into the pointer (it escapes, or comes from an
/// integer). "" also for calls that are no allocation hooks.
std::string hookRefusal(FunctionGraph &F, const CallSite &CS);

/// "allocated", "reallocated" or "freed", for messages about a call of \p Allocator.
const char *hookVerb(llvm::StringRef Allocator);

} // namespace ptrcomp::dsa

#endif
