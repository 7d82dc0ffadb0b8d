//===- FunctionScope.h - a version's signature and its pools' lifetime -------===//
//
// Rules about a function version as a whole, which its header and its entry and exit
// code must be able to express:
// - The version with the original signature keeps its parameters' and result's types:
//   its callers are outside the plan (main, functions called through pointers).
// - `va_start(ap, last)` needs a last parameter that default promotions leave as it
//   is; a 16-bit index is promoted to int.
// - A pool the version owns is created after the body's `{` and destroyed before its
//   `}` and at each return: the braces must be in the function's file, not in a macro,
//   and no return may hide inside a statement expression kept as it is.
// - A pool is sized where it is created; an opaque struct's size comes from the file
//   that defines it (ptrcomp_size_<layout>), which needs a layout and one pool per call.
//
// The legality check asks these before anything is written; the rewriter asks the same
// functions when it writes the header and the pools' creation.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_FUNCTIONSCOPE_H
#define PTRCOMP_RULES_FUNCTIONSCOPE_H

#include "../rewrite/VersionView.h"
#include "RuleVeto.h"

namespace ptrcomp::rules {

/// Parameters and the result of an entry point (the original signature) that would
/// change type.
RuleVetoes entryInterfaceVetoes(const VersionView &V);

/// The last parameter before `...` would be an index narrower than int.
RuleVetoes variadicParameterVetoes(const VersionView &V);

/// The version's body braces are written by a macro while it owns pools.
RuleVetoes bodyInMacroVetoes(const VersionView &V);

/// A pool the version creates whose size it cannot name.
RuleVetoes opaquePoolOwnerVetoes(const VersionView &V);

/// A return inside statement expression \p E would leave without destroying the
/// version's own pools.
RuleVetoes returnInStatementExpressionVetoes(const VersionView &V,
                                             const clang::StmtExpr *E);

} // namespace ptrcomp::rules

#endif
