//===- MacroArguments.h - a function's code spelled in macro arguments ----===//
//
// Code written as a macro's argument (`assert(n->left == NULL)`, `MAX(a->key, b->key)`,
// `LOG("%d", n->val)`) is ordinary code of the file, and is rewritten where it is
// spelled. Three things make such an edit unlike any other:
//
// - a macro may expand an argument more than once (MAX evaluates the larger operand
//   twice; glibc's assert puts its argument under sizeof and in an if): each expansion is
//   its own copy of the code in the AST, and one edit of the spelling changes them all,
//   so all copies must need the same new text;
// - a macro may stringize an argument (#x): the string is made from the spelling, so an
//   edit changes what the program prints;
// - a macro may paste an argument (##): an edit changes the pasted token.
//
// This index is built once per function and read by both the legality check and the
// rewriter, so that the two agree on what a copy is.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_MACROARGUMENTS_H
#define PTRCOMP_REWRITE_MACROARGUMENTS_H

#include "clang/AST/Expr.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class Preprocessor;
} // namespace clang

namespace ptrcomp {

/// Offsets [first, second) in one file.
using FileRange = std::pair<unsigned, unsigned>;

/// \p R as offsets in file \p File when its text can be edited there: written in the
/// file, inside one macro argument, or a whole macro invocation (see
/// clang::Lexer::makeFileCharRange).
std::optional<FileRange> fileRangeIn(const clang::ASTContext &Ctx, clang::FileID File,
                                     clang::SourceRange R);

class MacroArguments {
public:
  MacroArguments(clang::ASTContext &Ctx, const clang::Preprocessor *PP,
                 const clang::FunctionDecl *FD);

  /// One expansion of an argument: code spelled in a macro argument that is not part of
  /// a larger such code.
  struct Copy {
    const clang::Stmt *S = nullptr;
    /// The sizeof or _Alignof whose operand holds the copy (not evaluated), or null.
    const clang::UnaryExprOrTypeTraitExpr *Unevaluated = nullptr;
  };

  /// The spelling of \p S when S is a copy.
  std::optional<FileRange> copyRange(const clang::Stmt *S) const;
  /// Every copy spelled at \p R, in the order of the function's code.
  const std::vector<Copy> &copiesAt(FileRange R) const;
  /// Whether \p C can be left to the other copies of its spelling: it is not evaluated,
  /// the value of its sizeof cannot change (an arithmetic operand, as in glibc's
  /// `sizeof ((expr) ? 1 : 0)`), and an evaluated copy of the spelling exists, which
  /// gives it its text.
  bool followsTwin(const Copy &C) const;
  /// Whether every copy in the operand of \p E follows an evaluated twin (see
  /// followsTwin), and the rest of the operand holds no pointer: then the text of E is
  /// what those twins make it.
  bool operandFollowsTwins(const clang::UnaryExprOrTypeTraitExpr *E) const;

  /// Why the spelling of copy \p S must keep its text because a macro stringizes it, or
  /// "". The stringizing invocation (its file offset) goes to \p Invocation: written as
  /// its expansion (MacroBodies.h), the string keeps the original text.
  std::string stringized(const clang::Stmt *S, unsigned *Invocation = nullptr) const;
  /// Whether the macro invoked at file offset \p Invocation stringizes an argument.
  bool stringizes(unsigned Invocation) const;
  /// Why the spelling of copy \p S must keep its text because a macro pastes it with
  /// ##, or "".
  std::string pasted(const clang::Stmt *S) const;
  /// The innermost macro whose argument holds \p S.
  std::string macroName(const clang::Stmt *S) const;
  /// "file:line:col" where copy \p S is spelled (else where its macro is used).
  std::string where(const clang::Stmt *S) const;

private:
  struct StringizedText {
    unsigned Outermost;         ///< file offset of the outermost macro invocation
    std::string Content;        ///< the string literal's text between its quotes
    clang::SourceLocation Hash; ///< the # in the macro's definition
    std::string Macro;
  };

  void index(const clang::Stmt *S, std::optional<FileRange> ParentRange, bool ParentInArg,
             const clang::UnaryExprOrTypeTraitExpr *Unevaluated);
  bool inArgument(const clang::Stmt *S, std::optional<FileRange> R) const;
  std::string stringify(FileRange R) const;

  clang::ASTContext &Ctx;
  const clang::Preprocessor *PP;
  clang::FileID File;
  std::map<const clang::Stmt *, FileRange> CopyRanges;
  std::map<FileRange, std::vector<Copy>> Copies;
  std::map<const clang::UnaryExprOrTypeTraitExpr *, std::vector<FileRange>> InOperand;
  std::vector<StringizedText> Strings;
};

} // namespace ptrcomp

#endif
