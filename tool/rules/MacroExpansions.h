//===- MacroExpansions.h - what a use written as its expansion cannot keep -===//
//
// Rule: a macro use whose body holds code that changes is written as its expansion
// (the text clang's printer makes of it). Some code does not survive that: a GNU local
// label (`({ __label__ done; ... done: ...; })`), which the printer writes as an
// ordinary label, so that a second use of the macro in the function defines the label
// twice; and what the printer writes otherwise than the compiler saw it: declarations'
// `extern`, thread-local and attributes, names that are macros where the use is,
// `_Pragma`, compiler-identifying macros, clang's own spellings of <stdatomic.h> and
// <tgmath.h>, strings with `??` (unprintableCode). Such a use leaves the structures of its
// function unchanged. (__COUNTER__ has a
// rule of its own: Counter.h; expansionReasons asks both.)
//
// Code spelled in a macro's body that changes, in a use that cannot be written as its
// expansion (not a whole expression or statement, see rewrite/MacroBodies.h), cannot be
// edited at all: macroBodyEditReason.
//
// The legality check and the rewriter both ask these functions.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_MACROEXPANSIONS_H
#define PTRCOMP_RULES_MACROEXPANSIONS_H

#include "../rewrite/VersionView.h"

#include <string>
#include <vector>

namespace ptrcomp::rules {

/// Why the macro use at \p Root cannot be written as its expansion, or "".
std::string expansionProblem(const VersionView &V, const clang::Stmt *Root);

/// Every reason the macro use at \p Root cannot be written as its expansion (its
/// __COUNTER__s included, read with \p PP).
std::vector<std::string> expansionReasons(const VersionView &V, const clang::Stmt *Root,
                                          const clang::Preprocessor *PP);

/// Code \p S, spelled in a macro's body, would change: "" when its use is written as
/// the expansion (a root of MacroBodies), else why it cannot be edited.
std::string macroBodyEditReason(const VersionView &V, const clang::Stmt *S);

} // namespace ptrcomp::rules

#endif
