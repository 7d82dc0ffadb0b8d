//===- SharedStatics.h - static locals that a function's versions share ----===//
//
// Every version of a function is a function of its own, so a static local (a call
// counter, a free list, a cache) would be split between the versions: each would count,
// cache or recycle on its own, and the program would behave differently. When a
// function gets several versions, its static locals are therefore declared once at
// file scope, just before the function, under their own names, and every version uses
// them there: one object, as in the original.
//
// That move keeps the meaning only when the declaration means the same at file scope:
// it must be written in the function's own text (not made by a macro or an included
// file), name only what is declared at file scope before the function (or the
// function's earlier static locals), use nothing that exists only inside a function
// (`__func__`, label addresses, statement expressions), and its name must not meet
// another declaration of the same name in the unit that it would clash with or hide.
// Otherwise the function keeps one version, with the reason.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_SHAREDSTATICS_H
#define PTRCOMP_ANALYSIS_SHAREDSTATICS_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class DeclStmt;
class FunctionDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// The declarations of \p FD's static locals, in the order written.
std::vector<const clang::DeclStmt *> staticLocalDeclarations(const clang::FunctionDecl *FD);

/// Why the static locals of \p FD cannot move to file scope before \p FD (see above),
/// located and in the user's terms; "" when they can, or when \p FD has none.
std::string staticLocalsStay(const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

} // namespace ptrcomp::dsa

#endif
