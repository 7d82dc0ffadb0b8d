//===- MacroExpansions.cpp - what a use written as its expansion cannot keep ===//
#include "MacroExpansions.h"
#include "Counter.h"
#include "../rewrite/MacroBodies.h"

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

std::vector<std::string> expansionReasons(const VersionView &V, const Stmt *Root,
                                          const Preprocessor *PP) {
  std::vector<std::string> Out;
  // A use written as its expansion prints __COUNTER__'s values as numbers.
  if (std::string Why = counterProblem(V, Root, false, PP); !Why.empty())
    Out.push_back(Why);
  if (std::string Why = expansionProblem(V, Root); !Why.empty())
    Out.push_back(Why);
  return Out;
}

std::string macroBodyEditReason(const VersionView &V, const Stmt *S) {
  if (V.macroBodies().rootOf(S))
    return "";
  if (std::string Why = V.macroBodies().problem(S); !Why.empty())
    return Why;
  return "used inside a macro at " + dsa::locationString(V.context(), S->getBeginLoc());
}

} // namespace ptrcomp::rules
