//===- DeclarationExpressions.h - expressions in types and declarations -------===//
//
// Rule: expressions that sit in a type or a declaration rather than in a statement
// are not rewritten: array and VLA bounds (`unsigned char raw[sizeof h]`,
// `sizeof(char[sizeof h])`, a parameter's `char out[static sizeof h->v]`), typedefs, enumerators, `_Static_assert`, `_Alignas`,
// bit-field widths, and the initializers of file-scope variables whose own type stays
// (not a typeof that a declaration written again replaces: rules/TypesAndNames.h).
// Their text keeps its spelling, so a variable whose type changes would change what
// they compute (`sizeof h` of a node pointer becomes the size of an index) or no
// longer compile (`sizeof h->key` on an index). Where such an expression names a
// variable whose type changes, the structures that variable holds stay unchanged,
// located at the name.
//
// The legality check asks this for each function body and for the file scope of each
// unit; the rewriter asks the same before it writes a body or the globals.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_DECLARATIONEXPRESSIONS_H
#define PTRCOMP_RULES_DECLARATIONEXPRESSIONS_H

#include "ptrcomp/analysis/Plan.h"

#include <functional>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Decl;
class DeclRefExpr;
class Stmt;
class VarDecl;
} // namespace clang

namespace ptrcomp {
class VersionView;
namespace dsa {
class ProgramGraphs;
}
} // namespace ptrcomp

namespace ptrcomp::rules {

struct DeclarationExpressionProblem {
  const clang::DeclRefExpr *Name; ///< the variable named where it cannot be rewritten
  std::string Why;                ///< located at the name
  std::set<int> GlobalPools;      ///< a global's pools (a local's come from the version)
};

/// The names of variables whose type changes in the version of \p V, in the types and
/// declarations of its body.
std::vector<DeclarationExpressionProblem> bodyDeclarationProblems(const VersionView &V);

/// The names of globals whose type changes, in the types and declarations of the file
/// scope of \p Ctx's translation unit (system headers left out).
std::vector<DeclarationExpressionProblem>
fileScopeDeclarationProblems(clang::ASTContext &Ctx, dsa::ProgramGraphs &PG,
                             const dsa::Plan &P);

} // namespace ptrcomp::rules

#endif
