//===- MacroExpansions.cpp - what a use written as its expansion cannot keep ===//
#include "MacroExpansions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
namespace ptrcomp::rules {

/// The first GNU local label (`__label__ done;`) declared in \p S.
static const LabelDecl *localLabel(const Stmt *S) {
  auto Local = [](const Decl *D) {
    const auto *LD = dyn_cast<LabelDecl>(D);
    return LD && LD->isGnuLocal() ? LD : nullptr;
  };
  const Stmt *Found = firstInCode(S, [&](const Stmt *X) {
    const auto *DS = dyn_cast<DeclStmt>(X);
    return DS && llvm::any_of(DS->decls(), Local);
  });
  if (!Found)
    return nullptr;
  for (const Decl *D : cast<DeclStmt>(Found)->decls())
    if (const LabelDecl *LD = Local(D))
      return LD;
  return nullptr;
}

std::string expansionProblem(const VersionView &V, const Stmt *Root) {
  if (const LabelDecl *LD = localLabel(Root)) {
    const SourceManager &SM = V.context().getSourceManager();
    return "the macro use at " +
           dsa::locationString(V.context(), SM.getExpansionLoc(Root->getBeginLoc())) +
           " would be written as its expansion, which cannot keep its local label '" +
           LD->getName().str() + "' (__label__)";
  }
  return "";
}

} // namespace ptrcomp::rules
