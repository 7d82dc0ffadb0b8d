//===- StructCopies.h - whole-struct assignments of pool objects ----------===//
//
// Rule: `*a = *b` and `a[i] = b[j]` copy objects as they are. Between two pool objects
// of one layout the copy stays as written, and so does a copy between a pool object and
// a local, a global or a compound literal that has the same layout (`*n = (struct
// node){k, h}`, `*n = proto`, `copy = *n`: a holder whose pointer members are indices
// into the same pools). Between a pool object and any other memory (a pool or holder of
// another layout, memory whose type stays) the bytes would not mean the same, and the
// structure stays unchanged.
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
