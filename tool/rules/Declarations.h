//===- Declarations.h - local declarations whose variables change type -------===//
//
// Rule: a declaration whose variables change type is written again, declarator by
// declarator, each with its own type. That needs:
// - only variables in it (no struct or typedef declared beside them), and no pointer
//   to functions whose type is respelled for clones beside them;
// - initializer lists the new types can take: a struct-typed local with a new layout
//   gets its list written again element by element (holderInit says when it cannot),
//   an array of them each element's list (holderArrayInit), and a local that moves into
//   a pool has its list (an array's, element by element) stored into its new object;
//   an array of indices or a struct that keeps a layout takes only zeros;
// - in a `for` header, one type for all its variables;
// - the declaration spelled in the function's file, or in a macro use written as its
//   expansion.
// Otherwise the structure stays unchanged, located at the declaration.
//
// The legality check and the rewriter both ask declarationVetoes.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_DECLARATIONS_H
#define PTRCOMP_RULES_DECLARATIONS_H

#include "../rewrite/VersionView.h"
#include "RuleVeto.h"

#include <set>

namespace ptrcomp::rules {

struct DeclarationDecision {
  bool Rewritten = false; ///< some variable changes type: the declaration is written again
  RuleVetoes Vetoes;      ///< reasons it cannot be (with Rewritten)
  /// Brace initializers of struct-typed locals written again for their new layout.
  std::set<const clang::InitListExpr *> HolderInits;
  /// Variables a veto is about when none is known (every pool of the version).
  bool AllPools = false;
  std::string AllPoolsWhy;
};

DeclarationDecision decideDeclaration(const VersionView &V, const clang::DeclStmt *DS);

/// For a static local whose object moves into a pool (Planner::poolVariables), its
/// declaration written again: the constant index of the object, as a moved global's
/// (`enum { head = 3 /* ptrcomp: object 3 of pool P_head */ }`), its values being in the
/// pool's image; "" for any other variable.
std::string pooledStaticLocalDecl(const VersionView &V, const clang::VarDecl *VD);

} // namespace ptrcomp::rules

#endif
