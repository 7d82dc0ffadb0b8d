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

#include "LineDirectives.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/Error.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ptrcomp {

class EditSet {
public:
  /// Plan pools (indices into Plan::Pools) that an edit or a region serves: when the
  /// output does not compile there, these are the structures to leave unchanged.
  using PoolSet = std::set<int>;

  /// Records an edit of file \p RealPath made for \p Pools. Conflicts are found by
  /// finalize(). \p Origins: where the pieces of \p Text come from, for the #line
  /// directives (LineDirectives.h); empty: the text replaces [Offset, Offset + Length).
  llvm::Error add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                  llvm::StringRef Text, const PoolSet &Pools = {},
                  const TextOrigins &Origins = {});
  /// Records that original text [Begin, End) of \p RealPath (a function whose body was
  /// rewritten, say) depends on \p Pools: a compile error there that no edit explains,
  /// such as a use the rewriter left as it was next to a retyped variable, is theirs.
  void claim(llvm::StringRef RealPath, unsigned Begin, unsigned End, const PoolSet &Pools);
  /// Where offset \p NewOffset of the transformed text of \p RealPath comes from, the
  /// text made by the edits \p Output (those of outputEdits()).
  struct Source {
    unsigned Offset = 0; ///< in the original text (an edit's start when inside one)
    bool InEdit = false; ///< inside the new text of an edit
    PoolSet Pools;       ///< responsible: the edit's, else the smallest claim's
  };
  Source sourceOf(llvm::StringRef RealPath, const clang::tooling::Replacements &Output,
                  unsigned NewOffset) const;
  /// Checks that no two edits overlap and builds the per-file replacements.
  llvm::Error finalize();
  /// Adds the edits and claims of \p Other (another unit's), as add() and claim() would.
  llvm::Error merge(const EditSet &Other);

  bool empty() const { return Pending.empty(); }
  bool changes(llvm::StringRef RealPath) const { return Pending.count(RealPath.str()); }

  /// The edits of every changed file, in path order (deterministic output). Valid after
  /// a successful finalize().
  const std::map<std::string, clang::tooling::Replacements> &files() const {
    return Files;
  }

  /// The edits of \p RealPath as they apply to its text \p Original: new lines in the
  /// file's own line-end style (CRLF files get CRLF), without #line directives.
  llvm::Expected<clang::tooling::Replacements>
  replacementsFor(llvm::StringRef RealPath, llvm::StringRef Original) const;

  /// The edits that make the output of \p RealPath from its text \p Original: those of
  /// replacementsFor() with the #line directives that keep the original's line numbers
  /// (\p Name: the file name they give). What the written program, --diff, exported
  /// fixes and the self-check use.
  llvm::Expected<clang::tooling::Replacements>
  outputEdits(llvm::StringRef RealPath, llvm::StringRef Original,
              llvm::StringRef Name) const;

  friend struct EditSetIO;

private:
  /// file -> (offset, length) -> text
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, std::string>> Pending;
  /// A pool set kept once per distinct set: the edits of a clone that many owners call
  /// all name the same hundreds of pools.
  using SharedPools = std::shared_ptr<const std::vector<int>>;
  SharedPools intern(std::vector<int> Pools);
  std::map<std::vector<int>, SharedPools> Interned;
  /// file -> (offset, length) -> where the text's pieces come from, for the edits in
  /// Pending that have more than one piece
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, TextOrigins>> Origins;
  /// file -> (offset, length) -> pools, for the edits in Pending
  std::map<std::string, std::map<std::pair<unsigned, unsigned>, SharedPools>> EditPools;
  struct Claim {
    unsigned Begin, End;
    SharedPools Pools;
  };
  std::map<std::string, std::vector<Claim>> Claims;
  std::map<std::string, clang::tooling::Replacements> Files;
};

} // namespace ptrcomp

#endif
