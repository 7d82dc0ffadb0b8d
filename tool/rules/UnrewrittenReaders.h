//===- UnrewrittenReaders.h - indices must not reach code that reads pointers -===//
//
// Rule: an index is a pointer only to code that ptrcomp writes. It must not reach
// code or storage that reads it as a real pointer:
// - a call the plan does not direct (through a pointer to functions it cannot name):
//   neither as an argument nor as the result;
// - `va_arg(ap, struct stack)`, which keeps the struct's type as written, while the
//   struct passed holds indices in a layout of its own;
// - the pointer members of an initializer list of an object ptrcomp does not rewrite
//   (reading through indices inside the list is fine);
// - a compound literal that points into a pool (one with a new layout of its own is
//   written again, element by element, by the declaration rules).
// Each leaves the structure unchanged, located at the use.
//
// The legality check and the rewriter both ask these functions.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_UNREWRITTENREADERS_H
#define PTRCOMP_RULES_UNREWRITTENREADERS_H

#include "../rewrite/VersionView.h"
#include "RuleVeto.h"

namespace ptrcomp::rules {

/// Call \p E, which the plan does not direct, passes or returns an index.
RuleVetoes indirectCallVetoes(const VersionView &V, const clang::CallExpr *E);

/// `va_arg` \p E reads a struct that holds indices.
RuleVetoes vaArgVetoes(const VersionView &V, const clang::VAArgExpr *E);

/// Initializer list \p E stores an index in a pointer member. (A list written again
/// for a new layout is not asked about.)
RuleVetoes pointerInitializerVetoes(const VersionView &V, const clang::InitListExpr *E);

/// Compound literal \p E points into a pool.
RuleVetoes compoundLiteralVetoes(const VersionView &V, const clang::CompoundLiteralExpr *E);

} // namespace ptrcomp::rules

#endif
