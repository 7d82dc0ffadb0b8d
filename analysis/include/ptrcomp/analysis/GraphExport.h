//===- GraphExport.h - DS graphs as JSON or DOT ---------------------------===//
#ifndef PTRCOMP_ANALYSIS_GRAPHEXPORT_H
#define PTRCOMP_ANALYSIS_GRAPHEXPORT_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/Support/raw_ostream.h"

namespace ptrcomp::dsa {

/// The BU graph of function \p Only (by name), or of every function when \p Only is
/// "all", plus the globals graph. Returns false when no function has that name.
bool writeGraphsJSON(ProgramGraphs &PG, llvm::StringRef Only, llvm::raw_ostream &OS);
bool writeGraphsDOT(ProgramGraphs &PG, llvm::StringRef Only, llvm::raw_ostream &OS);
/// The libc model (analysis/LibcModel.cpp) as JSON: per function, what it returns, what
/// it does with each argument, and its byte count; for a test against the prototypes.
void writeLibcModelJSON(llvm::raw_ostream &OS);

} // namespace ptrcomp::dsa

#endif
