//===- EditSet.h - the edits of one run, per file -------------------------===//
//
// Rewriting produces edits against the original text of each file. A header shared by
// several translation units is seen once per TU, so the same edit can arrive several
// times: identical edits are kept once, different edits to the same text are a conflict.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_EDITSET_H
#define PTRCOMP_EDITSET_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <map>
#include <set>
#include <string>
#include <tuple>

namespace ptrcomp {

class EditSet {
public:
  /// Adds an edit to file \p RealPath. Fails on a conflicting (overlapping, different)
  /// edit.
  llvm::Error add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                  llvm::StringRef Text);

  bool empty() const { return Files.empty(); }
  bool changes(llvm::StringRef RealPath) const { return Files.count(RealPath.str()); }

  /// The edits of every changed file, in path order (deterministic output).
  const std::map<std::string, clang::tooling::Replacements> &files() const {
    return Files;
  }

  /// \p Original with the edits for \p RealPath applied.
  llvm::Expected<std::string> apply(llvm::StringRef RealPath,
                                    llvm::StringRef Original) const;

private:
  std::map<std::string, clang::tooling::Replacements> Files;
  std::set<std::tuple<std::string, unsigned, unsigned, std::string>> Seen;
};

} // namespace ptrcomp

#endif
