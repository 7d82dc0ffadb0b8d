//===- Compat.h - LLVM/Clang 14-18 API differences in one place -----------===//
//
// ptrcomp builds against LLVM/Clang 16 by default. Every API that changed between
// versions 14 and 18 and that ptrcomp uses goes through this header, so a version
// bump touches one file.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_COMPAT_H
#define PTRCOMP_COMPAT_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Config/llvm-config.h"

#include <optional>
#include <string>

namespace ptrcomp::compat {

inline bool startsWith(llvm::StringRef S, llvm::StringRef Prefix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.starts_with(Prefix);
#else
  return S.startswith(Prefix);
#endif
}

inline bool endsWith(llvm::StringRef S, llvm::StringRef Suffix) {
#if LLVM_VERSION_MAJOR >= 16
  return S.ends_with(Suffix);
#else
  return S.endswith(Suffix);
#endif
}

/// The stack-size argument of llvm::thread.
#if LLVM_VERSION_MAJOR >= 16
using ThreadStackSize = std::optional<unsigned>;
#else
using ThreadStackSize = llvm::Optional<unsigned>;
#endif

/// The name of the file a FileID refers to, or "" for buffers without a file.
inline std::string fileName(const clang::SourceManager &SM, clang::FileID FID) {
#if LLVM_VERSION_MAJOR >= 16
  if (auto Ref = SM.getFileEntryRefForID(FID))
    return Ref->getName().str();
  return "";
#else
  if (const clang::FileEntry *FE = SM.getFileEntryForID(FID))
    return FE->getName().str();
  return "";
#endif
}

} // namespace ptrcomp::compat

#endif // PTRCOMP_COMPAT_H
