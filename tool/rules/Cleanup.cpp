//===- Cleanup.cpp - variables cleaned up when their scope ends -----------===//
#include "Cleanup.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

using namespace clang;
namespace ptrcomp::rules {

static const VarDecl *firstCleanup(const Stmt *S) {
  if (!S)
    return nullptr;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->hasAttr<CleanupAttr>())
        return VD;
  for (const Stmt *C : S->children())
    if (const VarDecl *VD = firstCleanup(C))
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
