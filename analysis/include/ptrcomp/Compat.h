//===- Compat.h - LLVM/Clang 14-19 API differences in one place -----------===//
//
// ptrcomp builds against LLVM/Clang 16 by default and is tested with 14, 15, 16
// and 19 (scripts/test-matrix.sh). Every API that changed between those
// versions and that ptrcomp uses (the analysis and the tool alike) goes through
// this header, so a version bump touches one file.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_COMPAT_H
#define PTRCOMP_COMPAT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/APSInt.h"
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

/// Bits needed for a signed value (getMinSignedBits was renamed in LLVM 17 and
/// removed in 19).
inline unsigned minSignedBits(const llvm::APSInt &V) {
#if LLVM_VERSION_MAJOR >= 17
  return V.getSignificantBits();
#else
  return V.getMinSignedBits();
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

/// The file entry a source buffer was read from, or null (a FileEntryRef since
/// LLVM 17).
#if LLVM_VERSION_MAJOR >= 17
inline const clang::FileEntry *
origEntry(const clang::SrcMgr::ContentCache &CC) {
  return CC.OrigEntry ? &CC.OrigEntry->getFileEntry() : nullptr;
}
#else
inline const clang::FileEntry *
origEntry(const clang::SrcMgr::ContentCache &CC) {
  return CC.OrigEntry;
}
#endif

/// `unsigned : 3;` (the spelling of the query changed in LLVM 19).
inline bool isUnnamedBitField(const clang::FieldDecl *FD) {
#if LLVM_VERSION_MAJOR >= 19
  return FD->isUnnamedBitField();
#else
  return FD->isUnnamedBitfield();
#endif
}

/// The field a designator (`.f` of a designated initializer) names; null when the
/// designator names an array element.
inline const clang::FieldDecl *
designatedField(const clang::DesignatedInitExpr::Designator &D) {
  if (!D.isFieldDesignator())
    return nullptr;
#if LLVM_VERSION_MAJOR >= 17
  return D.getFieldDecl();
#else
  return D.getField();
#endif
}

/// The tag kind of `struct` or `union` (an enum class since LLVM 18).
inline clang::TagTypeKind structTagKind(bool Union = false) {
#if LLVM_VERSION_MAJOR >= 18
  return Union ? clang::TagTypeKind::Union : clang::TagTypeKind::Struct;
#else
  return Union ? clang::TTK_Union : clang::TTK_Struct;
#endif
}

/// The type `Elem[N]` (ArraySizeModifier is an enum class since LLVM 18).
inline clang::QualType constantArrayType(const clang::ASTContext &Ctx,
                                         clang::QualType Elem, uint64_t N) {
#if LLVM_VERSION_MAJOR >= 18
  return Ctx.getConstantArrayType(Elem, llvm::APInt(64, N), nullptr,
                                  clang::ArraySizeModifier::Normal, 0);
#else
  return Ctx.getConstantArrayType(Elem, llvm::APInt(64, N), nullptr,
                                  clang::ArrayType::Normal, 0);
#endif
}

} // namespace ptrcomp::compat

#endif // PTRCOMP_COMPAT_H
