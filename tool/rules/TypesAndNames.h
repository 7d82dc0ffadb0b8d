//===- TypesAndNames.h - what the program sees of names and static types --===//
//
// Rules for the parts of C that inspect a function's name or an expression's static
// type instead of its value:
//  - `__func__`, `__FUNCTION__` and `__PRETTY_FUNCTION__` in a version written under
//    another name (a clone, `length_pc32`) give the original function's name, as the
//    original program prints it. `__PRETTY_FUNCTION__` is the plain name with gcc and a
//    signature with clang: the output says both, and ptrcomp_rt.h's PC_PRETTY_FUNCTION
//    picks the one of the compiler that builds it.
//  - `_Generic` selects what the original selects: a controlling expression whose type
//    changes is written as a value of its original type (it is never evaluated), and an
//    association that is not selected must not name a value whose type changes (it is
//    compiled, not evaluated, so it would no longer compile).
//  - `typeof` and `__builtin_types_compatible_p` over a value whose type changes leave
//    its structures unchanged, but for a typeof that is the whole type of a local
//    whose declaration is written again (utlist's `LDECLTYPE(head) _tmp;`): the new
//    declaration spells the local's new type and no typeof is left.
//
// The legality check and the rewriter both ask these functions.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_TYPESANDNAMES_H
#define PTRCOMP_RULES_TYPESANDNAMES_H

#include "../rewrite/VersionView.h"

#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>

namespace ptrcomp::rules {

/// The text of \p E in the version seen through \p V, or nullopt when it keeps its own
/// text (the version keeps the function's name). \p Why gets a reason when the name
/// cannot be written (then nullopt too).
std::optional<std::string> predefinedName(const VersionView &V, const clang::PredefinedExpr *E,
                                          std::string &Why);

/// The same for `__builtin_FUNCTION()`.
std::optional<std::string> builtinFunctionName(const VersionView &V,
                                               const clang::SourceLocExpr *E);

struct GenericDecision {
  std::string Veto; ///< non-empty: leave the structures of the version's pools unchanged
  /// The controlling expression's new text (its original type's value), or nullopt.
  std::optional<std::string> Controlling;
};
GenericDecision decideGeneric(const VersionView &V, const clang::GenericSelectionExpr *E);

/// The typeofs below \p S that are the whole type of a local whose declaration is
/// written again (`typeof(head) tmp;` becomes `pc_idx32 tmp;`: no typeof is left), by
/// their TypeLoc's data (the declarators of `typeof(head) a, b;` share one location).
llvm::DenseSet<const void *> rewrittenTypeofs(const VersionView &V, const clang::Stmt *S);

/// Why a type written in the function (a declaration's, a cast's, a sizeof's) or an
/// expression \p S inspects a retyped value with typeof or __builtin_types_compatible_p,
/// or "".
std::string typeofProblem(const VersionView &V, const clang::Stmt *S);

} // namespace ptrcomp::rules

#endif
