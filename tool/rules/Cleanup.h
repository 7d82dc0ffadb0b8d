//===- Cleanup.h - variables cleaned up when their scope ends -------------===//
//
// Rule: `__attribute__((cleanup(f)))` calls f when the variable's scope ends, after
// any `return` has run, so after the pools a function destroys on return. A function
// that creates pools and has such variables, and a declaration with such an attribute
// whose type would change (the attribute is not written again), leave their structures
// unchanged.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_CLEANUP_H
#define PTRCOMP_RULES_CLEANUP_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

/// Why the version seen through \p V cannot be rewritten because of a variable with a
/// cleanup attribute in \p Body, or "".
std::string cleanupProblem(const VersionView &V, const clang::Stmt *Body);

} // namespace ptrcomp::rules

#endif
