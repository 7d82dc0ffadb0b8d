//===- Sizeof.h - what `sizeof` measures in the output --------------------===//
//
// Rule: a `sizeof` keeps the value it has in the original program wherever the program
// can see that value (element counts, `mem_used += sizeof *t`, array bounds, printing).
// Only inside a size that the rewrite itself measures in the new representation, a
// byte count of a rescaled memset/memcpy (ByteCounts.h) or the size of a new array of
// indices, does `sizeof` measure the new layout or index type: the enclosing rule puts
// the types it rescales in a SizeofScope while its argument is written.
//
// The legality check and the rewriter both ask decideSizeof, so they cannot disagree.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_SIZEOF_H
#define PTRCOMP_RULES_SIZEOF_H

#include "../rewrite/VersionView.h"

#include <map>
#include <string>

namespace ptrcomp::rules {

/// The types whose `sizeof` measures their new representation in the expression being
/// written: a struct -> its new layout's name, and the pointee struct of `sizeof(T *)`
/// -> the index type ("pc_idx32").
struct SizeofScope {
  std::map<dsa::TypeId, std::string> Layout, Pointer;
  bool empty() const { return Layout.empty() && Pointer.empty(); }
  /// A key of what the scope rescales, for comparing two copies of a macro argument.
  std::string key() const;
};

struct SizeofDecision {
  enum Kind { Keep, Respell, Veto } K = Keep;
  std::string Text; ///< Respell: the new text of the whole `sizeof`
  std::string Why;  ///< Veto: the located reason
  /// Veto: the index variables the operand names (none known: every pool of the version).
  std::vector<dsa::NodeEncoding> Pools;
};

/// Whether \p S names a variable whose type changes in the version seen through \p V
/// (what an unevaluated operand's type may then change with).
bool namesRetypedVariable(const VersionView &V, const clang::Stmt *S);

/// What to write for \p E (sizeof of a type or an expression) in a version seen
/// through \p V, inside scope \p S.
SizeofDecision decideSizeof(const VersionView &V, const clang::UnaryExprOrTypeTraitExpr *E,
                            const SizeofScope &S);

} // namespace ptrcomp::rules

#endif
