//===- UnsupportedExpressions.cpp - expressions whose pooled values are not written ===//
#include "UnsupportedExpressions.h"

#include "ptrcomp/analysis/CodeChildren.h"

#include <functional>

using namespace clang;
namespace ptrcomp::rules {

std::string unsupportedExpressionReason(const Expr *E) {
  return std::string("pooled data used in a ") + E->getStmtClassName();
}

RuleVetoes unsupportedExpressionVetoes(const VersionView &V, const Expr *E) {
  RuleVetoes Out;
  VersionView::Rep R = V.rep(E);
  bool Pooled = R.E.isPooled();
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Pooled)
      return;
    if (const auto *X = dyn_cast<Expr>(S))
      if (V.rep(X).E.isPooled() || V.fieldIndexEncoding(X))
        Pooled = true;
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  if (!isa<StmtExpr>(E))
    for (const Stmt *C : E->children())
      Walk(C);
  if (!Pooled)
    return Out;
  // The value's own structure, or (a pointer-free value computed from pooled data) any
  // structure of the version.
  dsa::NodeEncoding Any = R.E;
  for (auto &KV : V.version().Nodes)
    if (!Any.isPooled())
      Any = KV.second;
  Out.push_back({Any, -1, E, unsupportedExpressionReason(E)});
  return Out;
}

} // namespace ptrcomp::rules
