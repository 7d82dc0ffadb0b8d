//===- MacroBodies.h - a function's code spelled in macro bodies ----------===//
//
// Code in a macro's body (`#define LEFT(n) ((n)->left)`) has no text of its own
// in the file: its tokens are spelled in the #define, which other uses share.
// When such code must change, the invocation is written as its expansion at the
// use site, rewritten, and the #define stays as it is:
//
//   x = LEFT(t);            becomes   x = ((P_base[t].left));
//   SWAP(a, b);             becomes   do { pc_idx32 t = a; a = b; b = t; }
//   while (0);
//
// The expansion is printed from the AST (clang's statement printer, on one
// line), with the rewritten text of each changed node and the file's own text
// of each macro argument spelled in the file (edited where it is spelled, as
// any argument). The invocation must be the whole of an expression or a
// statement, the *root*: the nearest enclosing node with a text of its own in
// the file, itself a macro invocation. Invocations nested in macro arguments
// are expanded on their own when they are spelled in the file
// (`assert(LEFT(t) == NULL)` keeps the assert and expands LEFT).
//
// This index is built once per function and read by both the legality check and
// the rewriter, so that the two agree on which invocations can be expanded.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_MACROBODIES_H
#define PTRCOMP_REWRITE_MACROBODIES_H

#include "MacroArguments.h"

#include "clang/AST/Stmt.h"

#include <functional>
#include <map>
#include <optional>
#include <string>

namespace clang {
class ASTContext;
class FunctionDecl;
class Preprocessor;
} // namespace clang

namespace ptrcomp {

class MacroBodies {
public:
  MacroBodies(clang::ASTContext &Ctx, const clang::Preprocessor *PP,
              const clang::FunctionDecl *FD);

  /// Whether \p S is code of a macro's body: no text of its own in the file.
  bool inBody(const clang::Stmt *S) const { return Body.count(S); }
  /// The invocation whose expansion, written in its place, would hold body code
  /// \p S (nullptr when none can: see problem()).
  const clang::Stmt *rootOf(const clang::Stmt *S) const;
  /// Whether \p S is the root of an invocation holding body code.
  bool isRoot(const clang::Stmt *S) const { return Roots.count(S); }
  /// The root of the invocation that starts at file offset \p Offset, or null.
  const clang::Stmt *rootAt(unsigned Offset) const;
  /// The root of the innermost invocation whose text holds \p R (a macro argument's
  /// spelling), or null.
  const clang::Stmt *rootAround(FileRange R) const;
  /// Why body code \p S cannot be rewritten by expanding its invocation, or "".
  std::string problem(const clang::Stmt *S) const;
  /// The file range of the invocation whose root is \p Root.
  FileRange invocation(const clang::Stmt *Root) const {
    return Roots.at(Root).Range;
  }
  /// The macro invoked at \p Root, and "file:line:col" of its #define ("" if
  /// unknown).
  std::string macroName(const clang::Stmt *Root) const {
    return Roots.at(Root).Macro;
  }
  std::string definition(const clang::Stmt *Root) const {
    return Roots.at(Root).Def;
  }
  /// "file:line:col" of the invocation at \p Root.
  std::string where(const clang::Stmt *Root) const {
    return Roots.at(Root).Where;
  }
  /// Whether root \p Root is a `for` whose header (up to its `)`) is the
  /// invocation and whose body is written in the file (`FOR_EACH(it, head) {
  /// ... }`).
  bool isHeader(const clang::Stmt *Root) const { return Roots.at(Root).Header; }

private:
  struct RootInfo {
    FileRange Range;
    std::string Macro, Def, Where;
    bool Header = false;
  };
  void index(const clang::Stmt *S, const clang::Stmt *Ranged);

  clang::ASTContext &Ctx;
  const clang::Preprocessor *PP;
  clang::FileID File;
  /// Body code -> the nearest enclosing node with a text in the file (null:
  /// none).
  std::map<const clang::Stmt *, const clang::Stmt *> Body;
  std::map<const clang::Stmt *, RootInfo> Roots;
};

/// \p S printed as C on one line. \p Subst gives the text of a node when it is
/// not to be printed from the AST (a rewritten node, a macro argument spelled
/// in the file).
std::string printExpansion(
    const clang::Stmt *S, clang::ASTContext &Ctx,
    const std::function<std::optional<std::string>(const clang::Stmt *)>
        &Subst);

} // namespace ptrcomp

#endif
