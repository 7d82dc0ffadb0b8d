//===- MacroExpansions.cpp - what a use written as its expansion cannot keep ===//
#include "MacroExpansions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
namespace ptrcomp::rules {

static const LabelDecl *localLabel(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *LD = dyn_cast<LabelDecl>(D); LD && LD->isGnuLocal())
        return LD;
  for (const Stmt *C : S->children())
    if (const LabelDecl *LD = localLabel(C))
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
