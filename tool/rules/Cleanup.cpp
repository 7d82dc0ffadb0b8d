//===- Cleanup.cpp - variables cleaned up when their scope ends -----------===//
#include "Cleanup.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "llvm/ADT/STLExtras.h"

using namespace clang;
namespace ptrcomp::rules {

/// The first variable with a cleanup attribute declared in \p S.
static const VarDecl *firstCleanup(const Stmt *S) {
  auto Cleaned = [](const Decl *D) {
    const auto *VD = dyn_cast<VarDecl>(D);
    return VD && VD->hasAttr<CleanupAttr>() ? VD : nullptr;
  };
  const Stmt *Found = firstInCode(S, [&](const Stmt *X) {
    const auto *DS = dyn_cast<DeclStmt>(X);
    return DS && llvm::any_of(DS->decls(), Cleaned);
  });
  if (!Found)
    return nullptr;
  for (const Decl *D : cast<DeclStmt>(Found)->decls())
    if (const VarDecl *VD = Cleaned(D))
      return VD;
  return nullptr;
}

std::string cleanupProblem(const VersionView &V, const Stmt *Body) {
  const VarDecl *VD = firstCleanup(Body);
  if (!VD)
    return "";
  std::string Where = dsa::locationString(V.context(), VD->getLocation());
  const FunctionDecl *Fn = VD->getAttr<CleanupAttr>()->getFunctionDecl();
  std::string By = Fn ? " by '" + Fn->getName().str() + "'" : "";
  if (!V.varDecl(VD).empty() || V.repOfVar(VD).E.isPooled())
    return "'" + VD->getName().str() + "' at " + Where + " is cleaned up" + By +
           " (__attribute__((cleanup))), a call ptrcomp does not rewrite, and it points into a "
           "pool";
  if (!V.version().OwnedPools.empty())
    return "'" + VD->getName().str() + "' at " + Where + " is cleaned up" + By +
           " when its scope ends, after '" + V.function().Name +
           "' has destroyed the pools it creates";
  return "";
}

} // namespace ptrcomp::rules
