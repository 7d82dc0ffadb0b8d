//===- ByteCounts.h - what the byte count of memset & co. covers ----------===//
#ifndef PTRCOMP_ANALYSIS_BYTECOUNTS_H
#define PTRCOMP_ANALYSIS_BYTECOUNTS_H

#include "LibcModel.h"

#include "ptrcomp/analysis/ProgramGraphs.h"

namespace clang {
class ASTContext;
class CallExpr;
} // namespace clang

namespace ptrcomp::dsa {

/// Decides, for byte-counted call \p E (memset, memcpy, fread, ...), whether its byte
/// count covers whole objects of each covered argument's pointee type, and fills
/// \p Out. A count covers whole objects of T when it is a constant k * sizeof(T),
/// whatever its spelling (16, an enum constant, 8 + 8), or has the form
/// `n * sizeof(T)` (or `sizeof(T) * n`, `sizeof *p` with p a T *) with no other
/// sizeof of T in it: a new layout of T then changes the count in proportion.
/// Anything else is raw bytes: a size in a variable (a const one too), an interior byte range, a
/// pointer converted to void * or char * before the call, arguments of different
/// types, and data read from or written outside the program (fread, write).
void classifyByteCounts(const clang::CallExpr *E, const ByteCountCall &BC,
                        clang::ASTContext &Ctx, TypeTable &Types,
                        std::map<unsigned, CallSite::ByteCover> &Out);

} // namespace ptrcomp::dsa

#endif
