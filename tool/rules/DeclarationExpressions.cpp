//===- DeclarationExpressions.cpp - expressions in types and declarations -----===//
#include "DeclarationExpressions.h"

#include "Sizeof.h"
#include "TypesAndNames.h"

#include "../rewrite/GlobalVariable.h"
#include "../rewrite/VersionView.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;
namespace ptrcomp::rules {
namespace {

/// Calls Found with every variable named inside a type, an attribute, or a typedef,
/// struct, enum or static assertion, below what it is started on. Depth > 0: inside one
/// of those.
class DeclarationNames : public RecursiveASTVisitor<DeclarationNames> {
  using Base = RecursiveASTVisitor<DeclarationNames>;

public:
  std::function<void(const DeclRefExpr *)> Found;
  unsigned Depth = 0;
  /// Types whose text the rewrite replaces (rules/TypesAndNames.h rewrittenTypeofs).
  llvm::DenseSet<const void *> Rewritten;

  bool TraverseTypeLoc(TypeLoc TL) {
    if (!TL.isNull() && Rewritten.count(TL.getUnqualifiedLoc().getOpaqueData()))
      return true;
    ++Depth;
    bool R = Base::TraverseTypeLoc(TL);
    --Depth;
    return R;
  }
  bool TraverseAttr(Attr *A) {
    ++Depth;
    bool R = Base::TraverseAttr(A);
    --Depth;
    return R;
  }
  bool TraverseDecl(Decl *D) {
    // (Not code: an OpenMP region's CapturedDecl, a block, a variable's initializer.)
    bool Declaration = D && (isa<TypedefNameDecl>(D) || isa<TagDecl>(D) ||
                             isa<EnumConstantDecl>(D) || isa<FieldDecl>(D) ||
                             isa<StaticAssertDecl>(D));
    Depth += Declaration;
    bool R = Base::TraverseDecl(D);
    Depth -= Declaration;
    return R;
  }
  // (Static asserts are declarations too; their condition is traversed below them.)
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (Depth && isa<VarDecl>(E->getDecl()))
      Found(E);
    return true;
  }
};

std::string reason(ASTContext &Ctx, const DeclRefExpr *E) {
  return "'" + E->getDecl()->getName().str() +
         "', whose type changes, is named in a type or declaration at " +
         dsa::locationString(Ctx, E->getLocation()) + ", which ptrcomp does not rewrite";
}

} // namespace

std::vector<DeclarationExpressionProblem> bodyDeclarationProblems(const VersionView &V) {
  std::vector<DeclarationExpressionProblem> Out;
  const FunctionDecl *FD = V.function().Decl;
  if (!FD || !FD->getBody())
    return Out;
  DeclarationNames W;
  W.Rewritten = rewrittenTypeofs(V, FD->getBody());
  W.Found = [&](const DeclRefExpr *E) {
    const auto *VD = cast<VarDecl>(E->getDecl());
    DeclarationExpressionProblem Pr{E, reason(V.context(), E), {}};
    if (VD->hasGlobalStorage()) {
      if (globalDeclarator(V.graphs(), V.plan(), VD, Pr.GlobalPools).empty())
        return;
    } else if (!namesRetypedVariable(V, E)) {
      return;
    }
    Out.push_back(std::move(Pr));
  };
  W.TraverseStmt(const_cast<Stmt *>(FD->getBody()));
  // The bounds of its parameters' array types (`char out[static sizeof h->v]`,
  // `int m[][h->v]`), which may name earlier parameters.
  for (const ParmVarDecl *PV : FD->parameters())
    if (TypeSourceInfo *TSI = PV->getTypeSourceInfo())
      W.TraverseTypeLoc(TSI->getTypeLoc());
  // Structs and enums defined inside a type name (`sizeof(struct { char c[sizeof h];
  // })`) belong to the function, not to a statement.
  for (Decl *D : FD->decls())
    if (isa<TagDecl>(D))
      W.TraverseDecl(D);
  return Out;
}

std::vector<DeclarationExpressionProblem>
fileScopeDeclarationProblems(ASTContext &Ctx, dsa::ProgramGraphs &PG, const dsa::Plan &P) {
  std::vector<DeclarationExpressionProblem> Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<unsigned, unsigned> Starts = declarationStarts(Ctx);
  DeclarationNames W;
  W.Found = [&](const DeclRefExpr *E) {
    const auto *VD = cast<VarDecl>(E->getDecl());
    DeclarationExpressionProblem Pr{E, reason(Ctx, E), {}};
    if (VD->hasGlobalStorage() &&
        !globalDeclarator(PG, P, VD, Pr.GlobalPools).empty())
      Out.push_back(std::move(Pr));
  };
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (SM.isInSystemHeader(D->getLocation()))
      continue;
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      // Its parameters' types (its body is the version's).
      if (TypeSourceInfo *TSI = FD->getTypeSourceInfo())
        W.TraverseTypeLoc(TSI->getTypeLoc());
      continue;
    }
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      if (TypeSourceInfo *TSI = VD->getTypeSourceInfo())
        W.TraverseTypeLoc(TSI->getTypeLoc());
      for (const Attr *A : VD->attrs())
        W.TraverseAttr(const_cast<Attr *>(A));
      // The initializer of a global written again is the global rule's; any other
      // keeps its text.
      if (VD->getInit() && rewriteGlobal(PG, P, VD, Starts).Decl.empty()) {
        ++W.Depth;
        W.TraverseStmt(const_cast<Expr *>(VD->getInit()));
        --W.Depth;
      }
      continue;
    }
    W.TraverseDecl(D);
  }
  return Out;
}

} // namespace ptrcomp::rules
