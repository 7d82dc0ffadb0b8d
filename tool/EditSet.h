//===- EditSet.h - the edits of one run, per file -------------------------===//
//
// Rewriting produces edits against the original text of each file. A header shared by
// several translation units is seen once per TU, so the same edit can arrive several
// times: identical edits are kept once; two insertions at one offset are kept in the
// order they were made; different edits to overlapping text are a conflict.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_EDITSET_H
#define PTRCOMP_EDITSET_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <utility>

namespace ptrcomp {

class EditSet {
public:
  /// Records an edit of file \p RealPath. Conflicts are found by finalize().
  llvm::Error add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                  llvm::StringRef Text);
  /// Checks that no two edits overlap and builds the per-file replacements.
  llvm::Error finalize();

  bool empty() const { return Pending.empty(); }
  bool changes(llvm::StringRef RealPath) const { return Pending.count(RealPath.str()); }

  /// The edits of every changed file, in path order (deterministic output). Valid after
  /// a successful finalize().
  const std::map<std::string, clang::tooling::Replacements> &files() const {
    return Files;
  }

  /// The edits of \p RealPath as they apply to its text \p Original: new lines in the
  /// file's own line-end style (CRLF files get CRLF). What apply() and exported fixes use.
  llvm::Expected<clang::tooling::Replacements>
  replacementsFor(llvm::StringRef RealPath, llvm::StringRef Original) const;

  /// \p Original with the edits for \p RealPath applied.
  llvm::Expected<std::string> apply(llvm::StringRef RealPath,
                                    llvm::StringRef Original) const;

private:
  /// file -> (offset, length) -> text
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, std::string>> Pending;
  std::map<std::string, clang::tooling::Replacements> Files;
};

} // namespace ptrcomp

#endif
