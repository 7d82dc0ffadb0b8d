//===- Analysis.h - Data Structure Analysis of a whole C program ----------===//
#ifndef PTRCOMP_ANALYSIS_ANALYSIS_H
#define PTRCOMP_ANALYSIS_ANALYSIS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace clang {
class ASTUnit;
}

namespace ptrcomp::dsa {

/// Local graphs of every function of every unit, linked into one program by linkage name,
/// then the bottom-up graphs and the globals graph. Link problems (a function defined
/// twice) are returned in ProgramGraphs::Errors.
std::unique_ptr<ProgramGraphs> analyzeProgram(llvm::ArrayRef<clang::ASTUnit *> Units);

} // namespace ptrcomp::dsa

#endif
