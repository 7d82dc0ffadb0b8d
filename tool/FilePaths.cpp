//===- FilePaths.cpp - where the files the parser read are on disk --------===//
#include "FilePaths.h"
#include "ptrcomp/Compat.h"

#include "clang/Basic/FileManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

namespace ptrcomp {

std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID) {
  const clang::FileEntry *FE = SM.getFileEntryForID(FID);
  if (!FE)
    return "";
  llvm::StringRef Real = FE->tryGetRealPathName();
  if (!Real.empty())
    return Real.str();
  llvm::SmallString<256> Abs(compat::fileName(SM, FID));
  SM.getFileManager().makeAbsolutePath(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

} // namespace ptrcomp
