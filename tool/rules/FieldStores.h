//===- FieldStores.h - pointer fields of objects whose layout stays ---------===//
//
// Rule: a field keeps the type its object's layout gives it. A pointer field whose
// value would become an index must belong to an object that gets a new layout (a pool
// object of a compressed structure, or a holder ptrcomp rewrites):
// - a field of a pool object whose layout keeps a pointer there, while what it points
//   to is a pool of indices chosen by the callers, cannot hold that index;
// - a field of an object ptrcomp does not rewrite (a stack or global struct of a type it
//   leaves alone, an object of an unchanged pool) cannot either.
// Either way the pointed-to structure stays unchanged, with the field named.
//
// The legality check and the rewriter both ask fieldStoreVeto.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_FIELDSTORES_H
#define PTRCOMP_RULES_FIELDSTORES_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

/// Non-empty: the field \p E names cannot hold what it would hold in the output; the
/// structure \p Pool stays unchanged for the reason returned.
std::string fieldStoreVeto(const VersionView &V, const clang::MemberExpr *E,
                           dsa::NodeEncoding &Pool);

} // namespace ptrcomp::rules

#endif
