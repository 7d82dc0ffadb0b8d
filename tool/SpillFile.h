//===- SpillFile.h - a large output file written as it is made ------------===//
//
// A plan is about 100 MB at 3,000 files and is made while the whole program's
// graphs are in memory; built as one string it raised the link's peak by that
// much and its growth. Its parts go to a temporary file beside the destination
// as they are made, and the file is put together from a small head and that
// temporary at the end.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_SPILLFILE_H
#define PTRCOMP_SPILLFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace ptrcomp {

class SpillFile {
public:
  /// A spill file for \p Dest (its directory is created), or null after
  /// printing an error.
  static std::unique_ptr<SpillFile> create(llvm::StringRef Dest);
  ~SpillFile(); ///< removes the temporaries left
  SpillFile(const SpillFile &) = delete;
  SpillFile &operator=(const SpillFile &) = delete;

  /// Where the body goes.
  llvm::raw_ostream &body() { return *Body; }
  /// Writes \p Head followed by the body to the destination, atomically (a
  /// temporary renamed); a destination that already holds those bytes is left
  /// alone, its time stamp too (a build's restat then skips what depends on
  /// it). Prints an error and returns false on failure.
  bool commit(llvm::StringRef Head);

private:
  SpillFile(std::string Dest, std::string Path, int FD);
  bool sameAsDestination(llvm::StringRef Head);
  std::string Dest, Path, Temp;
  std::unique_ptr<llvm::raw_fd_ostream> Body;
};

} // namespace ptrcomp

#endif
