//===- SpillFile.cpp - a large output file written as it is made ----------===//
#include "SpillFile.h"
#include "Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <cstring>
#include <vector>

using namespace llvm;
namespace ptrcomp {

namespace {
/// Reads a file in blocks, never all of it at once.
class BlockReader {
public:
  explicit BlockReader(StringRef Path) : Buf(1 << 20) {
    Expected<sys::fs::file_t> F = sys::fs::openNativeFileForRead(Path);
    if (F)
      File = *F;
    else
      consumeError(F.takeError());
  }
  ~BlockReader() {
    if (File != sys::fs::kInvalidFile)
      sys::fs::closeFile(File);
  }
  bool ok() const { return File != sys::fs::kInvalidFile && !Failed; }
  /// The next block; empty at the end or after an error (see ok()).
  StringRef next() {
    if (!ok())
      return "";
    Expected<size_t> N = sys::fs::readNativeFile(File, Buf);
    if (!N) {
      consumeError(N.takeError());
      Failed = true;
      return "";
    }
    return StringRef(Buf.data(), *N);
  }

private:
  sys::fs::file_t File = sys::fs::kInvalidFile;
  std::vector<char> Buf;
  bool Failed = false;
};
} // namespace

/// A new file beside \p Dest named with \p Suffix, open for writing; its path goes to
/// \p Path. False after printing an error.
static bool createBeside(StringRef Dest, StringRef Suffix, int &FD,
                         SmallString<256> &Path) {
  if (std::error_code EC =
          sys::fs::createUniqueFile(Dest + ".ptrcomp-%%%%%%" + Suffix, FD, Path)) {
    errorMessage("cannot write '" + Dest + "': " + EC.message());
    return false;
  }
  return true;
}

std::unique_ptr<SpillFile> SpillFile::create(StringRef Dest) {
  StringRef Dir = sys::path::parent_path(Dest);
  if (!Dir.empty())
    if (std::error_code EC = sys::fs::create_directories(Dir)) {
      errorMessage("cannot write '" + Dest + "': " + EC.message());
      return nullptr;
    }
  SmallString<256> Path;
  int FD;
  if (!createBeside(Dest, ".parts", FD, Path))
    return nullptr;
  return std::unique_ptr<SpillFile>(
      new SpillFile(Dest.str(), std::string(Path), FD));
}

SpillFile::SpillFile(std::string Dest, std::string Path, int FD)
    : Dest(std::move(Dest)), Path(std::move(Path)),
      Body(std::make_unique<raw_fd_ostream>(FD, /*shouldClose=*/true)) {}

SpillFile::~SpillFile() {
  if (Body) {
    Body->close();
    Body->clear_error();
  }
  sys::fs::remove(Path);
  if (!Temp.empty())
    sys::fs::remove(Temp);
}

bool SpillFile::sameAsDestination(StringRef Head) {
  uint64_t DestSize, BodySize;
  if (sys::fs::file_size(Dest, DestSize) ||
      sys::fs::file_size(Path, BodySize) || DestSize != Head.size() + BodySize)
    return false;
  BlockReader Old(Dest), New(Path);
  StringRef O = Old.next();
  // The head, then the body, block by block against the old file's blocks.
  auto Same = [&](StringRef Bytes) {
    while (!Bytes.empty()) {
      if (O.empty())
        O = Old.next();
      if (O.empty())
        return false;
      size_t N = std::min(O.size(), Bytes.size());
      if (O.take_front(N) != Bytes.take_front(N))
        return false;
      O = O.drop_front(N);
      Bytes = Bytes.drop_front(N);
    }
    return true;
  };
  if (!Same(Head))
    return false;
  for (StringRef B = New.next(); !B.empty(); B = New.next())
    if (!Same(B))
      return false;
  return Old.ok() && New.ok() && O.empty() && Old.next().empty();
}

bool SpillFile::commit(StringRef Head) {
  Body->close();
  if (Body->has_error()) {
    errorMessage("cannot write '" + Dest + "': " + Body->error().message());
    Body->clear_error();
    return false;
  }
  Body.reset();
  if (sameAsDestination(Head))
    return true;
  SmallString<256> T;
  int FD;
  if (!createBeside(Dest, ".tmp", FD, T))
    return false;
  Temp = std::string(T);
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Head;
    BlockReader In(Path);
    for (StringRef B = In.next(); !B.empty(); B = In.next())
      OS << B;
    OS.close();
    std::error_code EC = OS.error();
    OS.clear_error();
    if (!EC && !In.ok())
      EC = std::make_error_code(std::errc::io_error);
    if (EC) {
      errorMessage("cannot write '" + Dest + "': " + EC.message());
      return false;
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Dest)) {
    errorMessage("cannot write '" + Dest + "': " + EC.message());
    return false;
  }
  Temp.clear();
  return true;
}

} // namespace ptrcomp
