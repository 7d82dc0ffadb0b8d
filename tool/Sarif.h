//===- Sarif.h - the report's "no" reasons as SARIF 2.1.0 -----------------===//
#ifndef PTRCOMP_SARIF_H
#define PTRCOMP_SARIF_H

#include "Report.h"

#include "llvm/Support/raw_ostream.h"

namespace ptrcomp {

/// One SARIF result per reason why a structure was not compressed, not indexed
/// or left unchanged, located at the first file:line:col of the reason (else at
/// the structure's first allocation site), so that code-scanning UIs show it on
/// the line.
void writeReportSARIF(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                      llvm::raw_ostream &OS);

} // namespace ptrcomp

#endif
