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

/// Whether \p Name allocates heap memory (for reports and the rewriter).
bool isAllocationFunction(llvm::StringRef Name);
bool isDeallocationFunction(llvm::StringRef Name);

} // namespace ptrcomp::dsa

#endif
