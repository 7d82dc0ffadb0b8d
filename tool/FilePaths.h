//===- FilePaths.h - where the files the parser read are on disk ----------===//
#ifndef PTRCOMP_FILEPATHS_H
#define PTRCOMP_FILEPATHS_H

#include "clang/Basic/SourceManager.h"

#include <string>

namespace ptrcomp {

/// The absolute path of the file \p FID was read from: its real path when the
/// file system gave one, else its name made absolute against the working
/// directory of its translation unit (names in a SourceManager are relative to
/// that, not to ours); "" for buffers without a file.
std::string realPathOf(const clang::SourceManager &SM, clang::FileID FID);

} // namespace ptrcomp

#endif
