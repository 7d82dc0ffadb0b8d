//===- SizeParameter.h - allocation sizes a function passes on ---------------===//
//
// An allocation wrapper (`void *xmalloc(size_t n) { ... malloc(n) ... }`) passes the
// size it receives on to the allocator. Its version for a pool receives a number of
// objects instead, converted by each caller, so the size argument must be the
// parameter itself, named nowhere else in the body, or the common guard against a zero
// size, `n ? n : 1` (`n == 0 ? 1 : n`, `n != 0 ? n : 1`), whose meaning as a count is
// the same: at least one object, as malloc(1) returns a distinct pointer.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_SIZEPARAMETER_H
#define PTRCOMP_ANALYSIS_SIZEPARAMETER_H

namespace clang {
class Expr;
class FunctionDecl;
class ParmVarDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// The integer parameter of \p FD that allocator argument \p Arg passes on (see
/// above), or null.
const clang::ParmVarDecl *passedSizeParameter(const clang::FunctionDecl *FD,
                                              const clang::Expr *Arg);

} // namespace ptrcomp::dsa

#endif
