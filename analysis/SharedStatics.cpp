//===- SharedStatics.cpp - static locals that a function's versions share --===//
#include "ptrcomp/analysis/SharedStatics.h"

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {

static void collect(const Stmt *S, std::vector<const DeclStmt *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->isStaticLocal()) {
        Out.push_back(DS);
        break;
      }
  for (const Stmt *C : S->children())
    collect(C, Out);
}

std::vector<const DeclStmt *> staticLocalDeclarations(const FunctionDecl *FD) {
  std::vector<const DeclStmt *> Out;
  collect(FD->getBody(), Out);
  return Out;
}

namespace {

/// What a static local's type and initialiser name that file scope before the function
/// does not have.
class OutsideReferences : public RecursiveASTVisitor<OutsideReferences> {
public:
  OutsideReferences(ASTContext &Ctx, SourceLocation FnBegin,
                    const std::set<const VarDecl *> &Moved)
      : Ctx(Ctx), FnBegin(FnBegin), Moved(Moved) {}

  std::string Why;

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *VD = dyn_cast<VarDecl>(E->getDecl()); VD && Moved.count(VD))
      return true;
    return check(E->getDecl());
  }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return check(TL.getDecl()); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return check(TL.getTypedefNameDecl()); }
  bool VisitPredefinedExpr(PredefinedExpr *) { return fail("uses __func__"); }
  bool VisitAddrLabelExpr(AddrLabelExpr *) { return fail("holds the address of a label"); }
  bool VisitStmtExpr(StmtExpr *) { return fail("is initialised by a statement expression"); }

private:
  bool fail(std::string W) {
    Why = std::move(W);
    return false;
  }
  /// Whether \p D is declared at file scope before the function (a builtin is
  /// declared everywhere).
  bool check(const NamedDecl *D) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const Decl *R : D->redecls()) {
      SourceLocation L = R->getLocation();
      if (L.isInvalid())
        return true;
      if (!R->getParentFunctionOrMethod() &&
          SM.isBeforeInTranslationUnit(SM.getExpansionLoc(L), FnBegin))
        return true;
    }
    std::string Name = D->getNameAsString();
    if (const auto *TD = dyn_cast<TagDecl>(D))
      Name = std::string(TD->getKindName()) + " " + Name;
    return fail("names '" + Name + "', declared at " + locationString(Ctx, D->getLocation()) +
                ", which is not visible before the function");
  }

  ASTContext &Ctx;
  SourceLocation FnBegin;
  const std::set<const VarDecl *> &Moved;
};

/// A declaration of the unit that one of the function's static locals, declared at file
/// scope under its name, would clash with or hide.
class NameClashes : public RecursiveASTVisitor<NameClashes> {
public:
  NameClashes(const FunctionDecl *FD, const std::map<std::string, const VarDecl *> &Names)
      : FD(FD), Names(Names) {}

  const VarDecl *Static = nullptr;
  const NamedDecl *Other = nullptr;

  bool shouldVisitImplicitCode() const { return true; }
  bool VisitNamedDecl(NamedDecl *D) { return check(D); }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }

private:
  bool check(const NamedDecl *D) {
    if (!D->getIdentifier())
      return true;
    auto It = Names.find(D->getName().str());
    if (It == Names.end() || It->second == D)
      return true;
    // Only ordinary identifiers share a name space with variables (not tags, fields or
    // labels).
    if (!isa<VarDecl, FunctionDecl, TypedefNameDecl, EnumConstantDecl>(D))
      return true;
    const DeclContext *In = D->getParentFunctionOrMethod();
    // Another function's automatic variables and parameters, its block-scope types and
    // enumerators hide the file-scope name there, as they hid nothing before.
    if (In && In != FD) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD ? VD->hasLocalStorage() : !isa<FunctionDecl>(D))
        return true;
    }
    Static = It->second;
    Other = D;
    return false;
  }

  const FunctionDecl *FD;
  const std::map<std::string, const VarDecl *> &Names;
};

} // namespace

std::string staticLocalsStay(const FunctionDecl *FD, ASTContext &Ctx) {
  std::vector<const DeclStmt *> Decls = staticLocalDeclarations(FD);
  if (Decls.empty())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation FnBegin = SM.getExpansionLoc(FD->getBeginLoc());
  FileID FnFile = SM.getFileID(FnBegin);
  auto Stays = [&](const VarDecl *VD, const std::string &What) {
    return "'" + FD->getNameAsString() + "' has a static local '" + VD->getNameAsString() +
           "' (" + locationString(Ctx, VD->getLocation()) +
           ") that cannot be declared outside it (" + What + ")";
  };
  std::set<const VarDecl *> Moved;
  std::map<std::string, const VarDecl *> Names;
  for (const DeclStmt *DS : Decls) {
    const auto *First = cast<VarDecl>(*llvm::find_if(DS->decls(), [](const Decl *D) {
      return isa<VarDecl>(D) && cast<VarDecl>(D)->isStaticLocal();
    }));
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(DS->getSourceRange()), SM, Ctx.getLangOpts());
    if (R.isInvalid() || SM.getFileID(R.getBegin()) != FnFile)
      return Stays(First, "it is declared by a macro or in an included file");
    // A macro that writes the declaration is expanded again at file scope: it must be
    // defined before the function.
    for (SourceLocation L : {DS->getBeginLoc(), DS->getEndLoc()})
      if (L.isMacroID() &&
          !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(SM.getSpellingLoc(L)), FnBegin))
        return Stays(First, "it is declared by a macro defined inside the function");
    for (const Decl *D : DS->decls()) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        return Stays(First, "its declaration also declares a type");
      if (Names.count(VD->getNameAsString()))
        return Stays(VD, "the function has two static locals of this name");
      OutsideReferences Refs(Ctx, FnBegin, Moved);
      if (TypeSourceInfo *TSI = VD->getTypeSourceInfo())
        Refs.TraverseTypeLoc(TSI->getTypeLoc());
      if (Refs.Why.empty() && VD->getInit())
        Refs.TraverseStmt(const_cast<Expr *>(VD->getInit()));
      if (!Refs.Why.empty())
        return Stays(VD, "it " + Refs.Why);
      Moved.insert(VD);
      Names.emplace(VD->getNameAsString(), VD);
    }
  }
  NameClashes Clashes(FD, Names);
  Clashes.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Clashes.Other)
    return Stays(Clashes.Static, "its name is also declared at " +
                                     locationString(Ctx, Clashes.Other->getLocation()));
  return "";
}

} // namespace ptrcomp::dsa
