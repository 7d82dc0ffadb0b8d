//===- StructCopies.h - whole-struct assignments of pool objects ----------===//
//
// Rule: `*a = *b` and `a[i] = b[j]` copy objects as they are. Between two pool objects
// of one layout the copy stays as written; between a pool object and any other memory
// (a local, a global, a pool of another layout) the bytes would not mean the same, and
// the structure stays unchanged.
//
// The legality check and the rewriter both ask structCopyProblem.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_STRUCTCOPIES_H
#define PTRCOMP_RULES_STRUCTCOPIES_H

#include "../rewrite/VersionView.h"

#include <optional>
#include <string>

namespace ptrcomp::rules {

struct StructCopyProblem {
  std::string Why;
  dsa::NodeEncoding Pool;
};

/// What keeps the struct assignment \p E (`L = R` of a struct type) from being written
/// as it is, or nothing.
std::optional<StructCopyProblem> structCopyProblem(const VersionView &V,
                                                   const clang::BinaryOperator *E);

} // namespace ptrcomp::rules

#endif
