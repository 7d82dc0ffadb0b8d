//===- ByteCounts.h - byte counts on storage whose layout changes ---------===//
//
// Rule: a byte-counted libc call (memset, memcpy, memmove, memcmp, bzero, ...: the
// table in analysis/LibcModel.cpp) on storage whose elements change size, pool
// objects in a new layout or arrays of pointers that became indices, has its count
// rescaled with them, whatever holds the storage (a local, a global, a field of a
// node, a holder's member, a heap array). The count must be a whole number of
// elements (the analysis decides, analysis/ByteCounts.cpp): a constant is respelled
// (`memset(p, 0, 16)` -> `sizeof(struct node_pc32)`), `n * sizeof(T)` measures the new
// type inside the count (rules/Sizeof.h). Anything else leaves the structure
// unchanged with a located reason, and so does an array of node pointers whose
// elements this function cannot tell (a bare `T **` that it never reads). A pointer
// into such an object (`memset(&n->key, 0, sizeof *n)`) may only count the bytes of
// the member it points to, a constant, when that member keeps its size.
//
// The legality check and the rewriter both ask decideByteCount.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_BYTECOUNTS_H
#define PTRCOMP_RULES_BYTECOUNTS_H

#include "Sizeof.h"

#include <optional>

namespace ptrcomp::rules {

struct ByteCountDecision {
  /// Non-empty: the structures in Pools stay unchanged for this reason (located).
  std::string Veto;
  std::vector<dsa::NodeEncoding> Pools;
  /// The byte-count argument, or -1 when the call counts nothing that changes.
  int SizeArg = -1;
  /// A constant count written again for the new element type.
  std::optional<std::string> NewCount;
  /// Otherwise the count is written in this scope (`n * sizeof(T)` measures the new T).
  SizeofScope Scope;
};

/// How call \p E (call site \p CS of the version seen through \p V) counts its bytes.
ByteCountDecision decideByteCount(const VersionView &V, const clang::CallExpr *E,
                                  const dsa::CallSite &CS);

/// What the elements of the storage that pointer \p Arg points to become.
struct StorageElement {
  /// Interior: a pointer into a pool object whose layout changes, not to its start as
  /// a whole object (`&n->key`): a count may only cover the member it points to.
  enum Kind { Same, Changes, Unknown, Interior } K = Same;
  std::string NewType;        ///< Changes: "struct node_pc32", "pc_idx32"
  dsa::TypeId Struct = dsa::NoType; ///< the struct of the nodes (or node pointers)
  bool PointerElements = false; ///< elements are node pointers (else node objects)
  dsa::NodeEncoding Enc;      ///< Changes: the pool the elements are or point into
};
StorageElement storageElement(const VersionView &V, const clang::Expr *Arg);

} // namespace ptrcomp::rules

#endif
