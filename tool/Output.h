//===- Output.h - writing the transformed program --------------------------===//
#ifndef PTRCOMP_OUTPUT_H
#define PTRCOMP_OUTPUT_H

#include "Options.h"

#include "FileScopeExpansions.h"

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ptrcomp {

/// One file of the program as the run leaves it.
struct OutputFile {
  std::string RealPath;    ///< where it is on disk
  std::string DisplayPath; ///< as the user or the compilation database named it
  /// Its path in the tree -o writes (OutputTree): the file name of its #line directives.
  std::string LineName;
  std::string Original;
  std::string Transformed;
  /// The edits that make Transformed of Original, #line directives included (null when
  /// unchanged); Edits points to them.
  std::shared_ptr<const clang::tooling::Replacements> OutputEdits;
  const clang::tooling::Replacements *Edits = nullptr; ///< null when unchanged
  bool IsMainFile = false;
  /// The files that include it with `#include "..."` relative to their own directory:
  /// where -o writes one of them, it must keep this file at the same place beside it.
  std::vector<std::string> RelativeIncluders;
  /// Macro uses of the file written out while it was parsed (FileScopeExpansions.h):
  /// Original and the edits are relative to that text until restoreOriginalText.
  std::vector<FileScopeExpansion> Expansions;
  bool Restored = false; ///< it had some, and restoreOriginalText made the edits relative to disk
};

/// A file the run writes besides the program (report, fixes, expectations): path and
/// content.
using ExtraOutput = std::pair<std::string, std::string>;

/// Writes \p Files according to Opts.Output: to stdout, into -o DIR, in place, or as a
/// unified diff, and \p Extra. All or nothing: every file is written to a temporary
/// first and renamed only when all were written; stdout is written after that. Prints
/// an error and returns false on failure.
bool emitOutput(const ToolOptions &Opts, const std::vector<OutputFile> &Files,
                llvm::raw_ostream &Stdout, const std::vector<ExtraOutput> &Extra = {});

/// A unified diff (3 lines of context) of one file, built from its edits.
void writeUnifiedDiff(const OutputFile &F, llvm::raw_ostream &OS);

/// The deepest directory containing every path in \p Paths (all absolute).
std::string commonDirectory(const std::vector<std::string> &Paths);

/// The files that -o DIR writes (real paths): the inputs, every file that \p Changed
/// says changes, and every file they include relative to themselves; and the directory
/// they are written from (their common directory), whose tree DIR mirrors.
struct OutputTree {
  std::set<std::string> Files;
  std::string Root;
  /// \p RealPath relative to Root, as the output tree has it ("" when outside).
  std::string relative(llvm::StringRef RealPath) const;
};
OutputTree outputTree(const std::vector<OutputFile> &Files,
                      const std::function<bool(const OutputFile &)> &Changed);

} // namespace ptrcomp

#endif
