//===- Passes.h - the analysis passes, in pipeline order ------------------===//
#ifndef PTRCOMP_ANALYSIS_PASSES_H
#define PTRCOMP_ANALYSIS_PASSES_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace ptrcomp::dsa {

/// Actual values at a call: the caller's side of a binding.
struct Actuals {
  const std::vector<Cell> &Args;
  const std::vector<TypeId> &ArgTypes;
  Cell Ret;
  TypeId RetType;
  const std::string &Loc;
};

/// Unifies callee \p Callee's formals, return value and varargs with \p A, in graph \p G.
/// \p Map translates a cell of the callee's graph into \p G.
void bindCall(DSGraph &G, const FunctionGraph &Callee, const Actuals &A,
              llvm::function_ref<Cell(Cell)> Map);

/// Context-insensitive whole-program unification that resolves indirect calls (and
/// callbacks from libc) to their targets, fills CallSite::Targets/ExternalTargets/
/// CallbackTargets, and returns the functions whose address escapes to unseen code.
std::vector<std::string> resolveCallTargets(ProgramGraphs &PG);

/// Classifies the calls through pointers that may reach an allocator (CallSite::Hook),
/// from the targets resolveCallTargets found.
void classifyAllocationHooks(ProgramGraphs &PG);

/// Bottom-up pass over the call graph's SCCs, callees first: each call site gets a clone
/// of its callees' graphs unified with its actuals.
void runBottomUp(ProgramGraphs &PG);

/// Builds the globals graph from every function's view of the globals, then gives every
/// function back the complete picture of the globals it uses.
void resolveGlobals(ProgramGraphs &PG);

/// The TypeId of `char`, for byte-level accesses.
TypeId charType(ProgramGraphs &PG);

} // namespace ptrcomp::dsa

#endif
