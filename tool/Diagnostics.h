//===- Diagnostics.h - ptrcomp's own error and warning lines --------------===//
//
// Parse errors come from Clang's diagnostics engine; the tool's own messages use the
// same shapes: "file:line:col: error: msg" when there is a location, else
// "ptrcomp: error: msg".
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_DIAGNOSTICS_H
#define PTRCOMP_DIAGNOSTICS_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/Twine.h"

namespace clang {
class SourceManager;
}

namespace ptrcomp {

/// Writes \p Text to stderr as one piece (units are processed in parallel: their
/// messages must not interleave).
void printError(llvm::StringRef Text);
/// A status line on the terminal (Progress.h), rewritten in place and cleared before
/// anything printError prints; "" clears it.
void printStatus(llvm::StringRef Line);
void errorMessage(const llvm::Twine &Msg);
void warningMessage(const llvm::Twine &Msg);
/// "file:line:col: <kind>: msg" at Loc (its expansion location).
void locatedMessage(const clang::SourceManager &SM, clang::SourceLocation Loc,
                    llvm::StringRef Kind, const llvm::Twine &Msg);
/// "file:line:col" of Loc's expansion location, as Clang would print it.
std::string formatLocation(const clang::SourceManager &SM, clang::SourceLocation Loc);

} // namespace ptrcomp

#endif
