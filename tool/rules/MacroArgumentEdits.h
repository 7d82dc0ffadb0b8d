//===- MacroArgumentEdits.h - edits of code spelled in a macro's arguments ----===//
//
// Rule: code spelled in a macro argument is edited once, where it is spelled, and
// every expansion of the argument then reads the new text. That is right only when:
// - every copy the macro makes of the argument needs the same new text (a copy that
//   no rewrite reaches keeps the original, unless it only sits in a sizeof whose value
//   cannot change beside an evaluated twin), unless the invocation is written as its
//   expansion, which prints each copy with its own text (`VEC_NEW(v)` assigning the
//   index v, comparing it with NULL and passing the object's address to memset);
// - the macro does not stringize the argument (`#x` would print the new text), unless
//   the invocation is written as its expansion, which keeps the original string;
// - the macro does not paste it (`x ## y` would make another token).
// Otherwise the structures the argument's code works with stay unchanged.
//
// The legality walk predicts each copy's new text as a key (what it depends on); the
// rewriter has the texts themselves. Both give them to macroArgumentVetoes.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_MACROARGUMENTEDITS_H
#define PTRCOMP_RULES_MACROARGUMENTEDITS_H

#include "../rewrite/MacroArguments.h"
#include "../rewrite/MacroBodies.h"

#include <functional>
#include <map>
#include <string>
#include <vector>

namespace ptrcomp::rules {

/// One copy of a macro argument as the rewrite sees it.
struct ArgumentCopy {
  const clang::Stmt *S;
  std::string Text; ///< its new text, or what that text depends on
  bool Changed;     ///< Text differs from the original spelling
};

struct ArgumentVeto {
  const clang::Stmt *S; ///< the structures of the code at S stay unchanged
  std::string Why;
};

/// The vetoes for the copies \p Copies (by the argument's spelling). An invocation that
/// stringizes a changed argument, or whose copies of one argument need different
/// texts, is fine when \p WrittenAsExpansion says its root statement is written as the
/// expansion; the roots so relied on are added to \p Expansions (their own rule,
/// MacroExpansions.h, applies to them).
std::vector<ArgumentVeto>
macroArgumentVetoes(const MacroArguments &MA, const MacroBodies &MB,
                    const std::map<FileRange, std::vector<ArgumentCopy>> &Copies,
                    const std::function<bool(const clang::Stmt *Root)> &WrittenAsExpansion,
                    std::vector<const clang::Stmt *> &Expansions);

/// The reason given when copies of one argument need different texts.
std::string expandedTwiceReason(const MacroArguments &MA, const clang::Stmt *S);

} // namespace ptrcomp::rules

#endif
