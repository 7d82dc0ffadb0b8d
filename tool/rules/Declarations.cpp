//===- Declarations.cpp - local declarations whose variables change type -----===//
#include "Declarations.h"

#include "../rewrite/FunctionPointerTypes.h"
#include "../rewrite/MacroBodies.h"

using namespace clang;
namespace ptrcomp::rules {

DeclarationDecision decideDeclaration(const VersionView &V, const DeclStmt *DS) {
  DeclarationDecision D;
  ASTContext &Ctx = V.context();
  const dsa::FunctionGraph &F = V.function();
  for (const Decl *X : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(X))
      D.Rewritten |= !V.varDecl(VD).empty();
  if (!D.Rewritten)
    return D;
  dsa::NodeEncoding First;
  if (const auto *VD = dyn_cast<VarDecl>(*DS->decl_begin()))
    First = V.repOfVar(VD).E;
  // (OrAll: when \p E is no structure, every pool of the version.)
  auto Veto = [&](const dsa::NodeEncoding &E, const Stmt *At, std::string Why,
                  bool OrAll = false) {
    if (E.isPooled() || !OrAll) {
      D.Vetoes.push_back({E, -1, At, std::move(Why)});
    } else if (!D.AllPools) {
      D.AllPools = true;
      D.AllPoolsWhy = At ? Why + " at " + dsa::locationString(Ctx, At->getBeginLoc()) : Why;
    }
  };
  for (const Decl *X : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(X))
      if (retypedFunctionType(Ctx, V.plan(), VD->getTypeSourceInfo())) {
        Veto(First, DS,
             "a declaration of a function pointer beside variables whose type changes");
        return D;
      }
  std::string CommonType;
  bool Uniform = true;
  for (const Decl *X : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(X);
    if (!VD) {
      Veto(First, DS, "a declaration mixing types and variables");
      return D;
    }
    std::string NewDecl = V.varDecl(VD);
    std::string Type = NewDecl.empty() ? "?" : NewDecl.substr(0, NewDecl.rfind(' '));
    std::string HolderWhy;
    if (auto Elems = V.holderInit(VD, HolderWhy)) {
      if (const auto *ILE = dyn_cast<InitListExpr>(VD->getInit()))
        D.HolderInits.insert(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm());
    } else if (!HolderWhy.empty()) {
      Veto(V.encOfCell(F.VarStorage.lookup(VD)), nullptr, HolderWhy); // names the place
    } else if (!NewDecl.empty()) {
      if (const auto *ILE = dyn_cast_or_null<InitListExpr>(VD->getInit()))
        for (const Expr *I : ILE->inits())
          if (!isZeroInitializer(I, Ctx)) {
            // The elements' structure (an array variable has no pointer value itself).
            dsa::NodeEncoding Elem =
                V.encOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD)));
            Veto(Elem, I,
                 VD->getType()->isStructureType()
                     ? "a struct initialised with pointers"
                     : "an array of pointers initialised with pointers",
                 true);
          }
    }
    if (CommonType.empty())
      CommonType = Type;
    Uniform &= CommonType == Type;
  }
  const auto *FS = dyn_cast_or_null<ForStmt>(V.parentOf(DS));
  bool InFor = FS && FS->getInit() == DS;
  if (InFor && !Uniform && DS->decls().begin() + 1 != DS->decls().end())
    Veto(First, DS, "a for-loop declaration whose variables would need different types");
  if (!V.fileRange(DS->getSourceRange()) && !V.macroBodies().rootOf(DS))
    Veto(First, nullptr,
         "used inside a macro at " + dsa::locationString(Ctx, DS->getBeginLoc()), true);
  return D;
}

} // namespace ptrcomp::rules
