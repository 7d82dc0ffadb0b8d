//===- SharedStatics.h - one set of static locals for a function's versions -===//
//
// A function written in several versions (the original and its clones, or several
// clones) would give each version static locals of its own. Its static locals are
// instead declared once, at file scope just before the function, under their own
// names; every version's body loses the declaration and uses that object. The analysis
// has made sure that the move keeps their meaning (analysis/SharedStatics.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_SHAREDSTATICS_H
#define PTRCOMP_REWRITE_SHAREDSTATICS_H

#include "FunctionRewriter.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class FunctionDecl;
class SourceManager;
} // namespace clang

namespace ptrcomp {

class SharedStatics {
public:
  /// The static local declarations of \p FD, whose file's text is \p Buf.
  SharedStatics(const clang::SourceManager &SM, const clang::FunctionDecl *FD,
                llvm::StringRef Buf);

  bool empty() const { return Decls.empty(); }

  /// \p Edits of one version without the declarations: edits inside one are kept for
  /// its text at file scope (the versions write the same: a static local is in the
  /// globals graph), and the declaration is cut from the body. An unrewritten version
  /// passes no edits.
  std::vector<TextEdit> takeOut(const std::vector<TextEdit> &Edits);

  /// The declarations as they go before the function, and where their lines come from.
  std::pair<std::string, TextOrigins> declarations(llvm::StringRef Function) const;

  /// The plan pools whose spelling the declarations use.
  const std::set<int> &pools() const { return Pools; }

private:
  struct Declaration {
    unsigned Begin, End;       ///< the DeclStmt
    unsigned CutBegin, CutEnd; ///< what leaves the body (its indentation included)
    std::optional<std::string> Text; ///< as a version rewrote it (none: as written)
    bool Unevaluated = false; ///< a variable it declares is used only in `sizeof`
  };
  std::vector<Declaration> Decls;
  llvm::StringRef Buf;
  std::set<int> Pools;
};

} // namespace ptrcomp

#endif
