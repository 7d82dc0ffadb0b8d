//===- PointerComparisons.h - comparisons and differences of node pointers -===//
//
// Rule: `p == q`, `p < q` and `p - q` on pointers that became indices compare or
// subtract the indices. That is right only when both sides are indices into one pool:
// the analysis unifies what is compared or subtracted (analysis/LocalGraphs.cpp,
// samePlaces), so two sides that may point into different structures share one pool.
// What stays for this rule is an index against a real pointer (no spelling serves
// both: the structure stays unchanged), and a difference, which is signed for
// pointers and unsigned for indices: it is written `(ptrdiff_t)a - (ptrdiff_t)b`.
//
// The legality check and the rewriter both ask decidePointerComparison.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_POINTERCOMPARISONS_H
#define PTRCOMP_RULES_POINTERCOMPARISONS_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

struct PointerComparisonDecision {
  /// The operator compares or subtracts pointers of which at least one is an index.
  bool Applies = false;
  bool Difference = false; ///< `p - q` (else a comparison)
  /// Non-empty: the structure of Pool stays unchanged for this reason (the caller
  /// locates it at the operator).
  std::string Veto;
  dsa::NodeEncoding Pool;
  /// Which operand is an index (the other one is converted where it is null).
  bool LeftIndex = false, RightIndex = false;
};

PointerComparisonDecision decidePointerComparison(const VersionView &V,
                                                  const clang::BinaryOperator *E);

/// The text of a difference of two indices whose texts are \p L and \p R (each
/// already parenthesized when it is not an atom).
std::string indexDifference(const std::string &L, const std::string &R);

} // namespace ptrcomp::rules

#endif
