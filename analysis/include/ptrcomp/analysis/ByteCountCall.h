//===- ByteCountCall.h - libc calls that take a byte count ----------------===//
//
// The analysis decides how a byte count covers each argument (CallSite::ByteCovers); the
// rewriter needs to know where the count is to respell it for a new layout.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_BYTECOUNTCALL_H
#define PTRCOMP_ANALYSIS_BYTECOUNTCALL_H

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace clang {
class Expr;
} // namespace clang

namespace ptrcomp::dsa {

/// A libc function that reads or writes memory as raw bytes, with a byte count.
struct ByteCountCall {
  std::vector<unsigned> Covered; ///< arguments whose objects the count covers
  unsigned SizeArg = 0;          ///< the byte count (fread/fwrite: the element size)
  /// I/O: the bytes come from or go outside the program, in the original layout.
  bool LeavesProgram = false;
};
/// The byte-counted call \p Name (memset, memcpy, memcmp, fread, read, ...), or null.
const ByteCountCall *byteCountCall(llvm::StringRef Name);

/// The storage a byte-counted argument names: \p Arg without parentheses and implicit
/// conversions, and through old C's explicit cast of a struct pointer to bytes
/// (`bcopy((char *)p, (char *)q, sizeof(struct node))`): a count of whole structs covers
/// them all the same.
const clang::Expr *byteCountedStorage(const clang::Expr *Arg);

} // namespace ptrcomp::dsa

#endif
