//===- ChangedRegions.h - what a run would change, region by region -------===//
//
// --dry-run prints one warning per region and --export-fixes writes one
// diagnostic per region: a region is a run of edits of one file that touch or
// overlap each other, located at its start in the original text.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_CHANGEDREGIONS_H
#define PTRCOMP_CHANGEDREGIONS_H

#include "EditSet.h"
#include "Output.h"

#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace ptrcomp {

struct ChangedRegion {
  const OutputFile *File = nullptr;
  unsigned Offset = 0, Length = 0; ///< in the original text
  unsigned Line = 0, Column = 0;   ///< 1-based, of Offset
  std::string Description;         ///< "would rewrite '...' as '...'"
  /// The edits, with new lines in the file's own line-end style.
  std::vector<clang::tooling::Replacement> Edits;
};

/// Every changed region of every file that the run changes, in file and offset
/// order.
llvm::Expected<std::vector<ChangedRegion>>
changedRegions(const std::vector<OutputFile> &Files, const EditSet &Edits);

/// "file:line:col: warning: <description> [ptrcomp-would-change]" per region.
void printDryRunWarnings(const std::vector<ChangedRegion> &Regions,
                         llvm::raw_ostream &OS);

} // namespace ptrcomp

#endif
