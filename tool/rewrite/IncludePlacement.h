//===- IncludePlacement.h - where the runtime's #include goes -------------===//
#ifndef PTRCOMP_REWRITE_INCLUDEPLACEMENT_H
#define PTRCOMP_REWRITE_INCLUDEPLACEMENT_H

#include "llvm/ADT/StringRef.h"

namespace ptrcomp {

struct IncludeSpot {
  unsigned Offset;    ///< where the `#include "ptrcomp_rt.h"` line is inserted
  bool AfterIncludes; ///< after the file's own includes (then set off by a blank line)
};

/// Where the runtime header is included in a file with text \p Buf whose first top-level
/// declaration starts at \p FirstDecl: after the last #include before that declaration, at
/// file scope, outside every conditional block (a file's include guard does not count), so
/// that the include is active in every configuration the file is built in. An #include
/// inside `#ifdef DEBUG ... #endif` moves the spot past the `#endif`, or before the `#if`
/// when the block also holds the first declaration.
IncludeSpot runtimeIncludeSpot(llvm::StringRef Buf, unsigned FirstDecl);

} // namespace ptrcomp

#endif
