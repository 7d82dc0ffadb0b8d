//===- MacroExpansions.h - what a use written as its expansion cannot keep -===//
//
// Rule: a macro use whose body holds code that changes is written as its expansion
// (the text clang's printer makes of it). Some code does not survive that: a GNU local
// label (`({ __label__ done; ... done: ...; })`), which the printer writes as an
// ordinary label, so that a second use of the macro in the function defines the label
// twice. Such a use leaves the structures of its function unchanged. (__COUNTER__ has a
// rule of its own: Counter.h.)
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_MACROEXPANSIONS_H
#define PTRCOMP_RULES_MACROEXPANSIONS_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

/// Why the macro use at \p Root cannot be written as its expansion, or "".
std::string expansionProblem(const VersionView &V, const clang::Stmt *Root);

} // namespace ptrcomp::rules

#endif
