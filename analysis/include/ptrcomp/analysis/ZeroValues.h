//===- ZeroValues.h - initialisers that are all zeros -----------*- C++ -*-===//
//
// The analysis records which globals start with something other than zeros (a global
// object moved into a pool is then made from an image); the rewriter asks the same of
// lists it writes again. One definition for both.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_ZEROVALUES_H
#define PTRCOMP_ANALYSIS_ZEROVALUES_H

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace ptrcomp {

/// A null pointer constant, also `(T *)0` and integer constants equal to 0.
bool isNullConstant(const clang::Expr *E, clang::ASTContext &Ctx);
/// A null constant, an implicit zero, or a braced list of those (`{0}`, `{NULL, 0}`).
bool isZeroInitializer(const clang::Expr *E, clang::ASTContext &Ctx);

} // namespace ptrcomp

#endif
