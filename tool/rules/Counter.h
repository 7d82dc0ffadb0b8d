//===- Counter.h - __COUNTER__ keeps its values ---------------------------===//
//
// Rule: every `__COUNTER__` of a translation unit keeps its value. Its value is the
// number of its expansions before it, so new text that expands it again or no longer
// expands it changes every later value: a copy of a function (a clone) whose code
// expands it, and a macro use written as its expansion (which prints the values as
// numbers), unless no expansion comes after it, and one whose argument spells
// `__COUNTER__` (the expansion repeats the argument's text as often as the body names
// the parameter). Such a version's structures are left unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_COUNTER_H
#define PTRCOMP_RULES_COUNTER_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

/// Why new text made from \p S (a copied function body when \p Copied, else a macro use
/// written as its expansion) would change a value of __COUNTER__, or "".
std::string counterProblem(const VersionView &V, const clang::Stmt *S, bool Copied,
                           const clang::Preprocessor *PP);

} // namespace ptrcomp::rules

#endif
