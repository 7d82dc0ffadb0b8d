//===- UnsupportedExpressions.h - expressions whose pooled values are not written ===//
//
// Rule: three GNU and C11 expressions keep their text: a statement expression that
// yields a pointer, `a ?: b` and the selected value of a `_Generic`. Where such an
// expression computes with pooled data (an index, or a field that holds one), the
// structure stays unchanged, located at the expression. (A statement expression that
// yields no pointer is rewritten statement by statement; a `_Generic`'s selection
// follows rules/TypesAndNames.h.)
//
// The legality check and the rewriter both ask unsupportedExpressionVetoes; the
// rewriter also vetoes, as a legality miss, any text that would change inside.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_UNSUPPORTEDEXPRESSIONS_H
#define PTRCOMP_RULES_UNSUPPORTEDEXPRESSIONS_H

#include "../rewrite/VersionView.h"
#include "RuleVeto.h"

namespace ptrcomp::rules {

/// The reason \p E (a StmtExpr, BinaryConditionalOperator or GenericSelectionExpr)
/// cannot be kept as it is, with pooled data in it.
std::string unsupportedExpressionReason(const clang::Expr *E);

/// A veto when \p E computes with pooled data (see above).
RuleVetoes unsupportedExpressionVetoes(const VersionView &V, const clang::Expr *E);

} // namespace ptrcomp::rules

#endif
