//===- AddressOf.h - addresses of and into pool objects ---------------------===//
//
// Rule: an index names a whole object of a pool.
// - `&*p` and `&a[i]` on an index `p` or `a` are indices themselves: `p` and `a + i`.
// - Any other address of a pool object that would be an index (`&n->next->hdr` used
//   as a node pointer) has no index: the structure stays unchanged.
// - A pointer into the middle of an object (a real address) stored where an index is
//   expected has none either: the structure stays unchanged.
// - `&v` of a variable that lives in a pool (dsa::Pool::Variables) is its name, the
//   index of its object. `&a` of such an array (a pointer to the whole array) has no
//   index type: the structure stays unchanged.
//
// The legality check and the rewriter both ask decideAddressOf and interiorPointerVeto.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_ADDRESSOF_H
#define PTRCOMP_RULES_ADDRESSOF_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

struct AddressOfDecision {
  enum Kind {
    Keep,      ///< not an index: `&x` keeps its text, its operand is rewritten
    OfDeref,   ///< `&*p`: the index Operand
    OfElement, ///< `&a[i]`: the index Base + Index
    OfPooledVariable, ///< `&v` of a variable in a pool: its name, Operand
    Vetoed,    ///< no index: the structure of Pool stays unchanged for Veto
  } K = Keep;
  const clang::Expr *Operand = nullptr, *Base = nullptr, *Index = nullptr;
  dsa::NodeEncoding Pool;
  std::string Veto;
};

AddressOfDecision decideAddressOf(const VersionView &V, const clang::UnaryOperator *E);

/// Non-empty: \p E, used where an index is expected, is a real pointer into a pool
/// object (its structure, \p Pool, stays unchanged for the reason returned).
std::string interiorPointerVeto(const VersionView &V, const clang::Expr *E,
                                dsa::NodeEncoding &Pool);

} // namespace ptrcomp::rules

#endif
