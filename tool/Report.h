//===- Report.h - what happened to each heap data structure ---------------===//
#ifndef PTRCOMP_REPORT_H
#define PTRCOMP_REPORT_H

#include "ptrcomp/analysis/Plan.h"

#include "llvm/Support/raw_ostream.h"

namespace ptrcomp {

/// One entry per heap data structure: its pool, whether pointers to it became indices
/// and of what width, the clones that take its pool, and every reason for a "no".
void writeReportJSON(dsa::ProgramGraphs &PG, const dsa::Plan &P, llvm::raw_ostream &OS);
void writeReportText(dsa::ProgramGraphs &PG, const dsa::Plan &P, llvm::raw_ostream &OS);

} // namespace ptrcomp

#endif
