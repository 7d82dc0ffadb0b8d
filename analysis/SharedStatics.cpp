//===- SharedStatics.cpp - static locals that a function's versions share --===//
#include "ptrcomp/analysis/SharedStatics.h"

#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {

/// The first static local that \p DS declares (one of staticLocalDeclarations()).
static const VarDecl *firstStaticLocal(const DeclStmt *DS) {
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->isStaticLocal())
      return VD;
  return nullptr;
}

static void collect(const Stmt *S, std::vector<const DeclStmt *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S); DS && firstStaticLocal(DS))
    Out.push_back(DS);
  for (const Stmt *C : S->children())
    collect(C, Out);
}

std::vector<const DeclStmt *> staticLocalDeclarations(const FunctionDecl *FD) {
  std::vector<const DeclStmt *> Out;
  collect(FD->getBody(), Out);
  return Out;
}

/// The first preprocessing directive of \p Kinds in [\p B, \p E) of \p Buf, or "".
static std::string directiveIn(StringRef Buf, unsigned B, unsigned E,
                               std::initializer_list<StringRef> Kinds) {
  StringRef Text = Buf.slice(B, E);
  while (!Text.empty()) {
    StringRef Line = Text.take_until([](char C) { return C == '\n'; });
    Text = Text.drop_front(std::min(Text.size(), Line.size() + 1));
    StringRef T = Line.ltrim();
    if (!T.consume_front("#"))
      continue;
    T = T.ltrim();
    for (StringRef D : Kinds)
      if (compat::startsWith(T, D))
        return T.rtrim().str();
  }
  return "";
}

namespace {

/// What a static local's type, attributes and initialiser name that file scope before
/// the function does not have.
class OutsideReferences : public RecursiveASTVisitor<OutsideReferences> {
public:
  OutsideReferences(ASTContext &Ctx, SourceLocation FnBegin,
                    const std::set<const Decl *> &Moved)
      : Ctx(Ctx), FnBegin(FnBegin), Moved(Moved) {}

  std::string Why;

  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }
  bool VisitTagTypeLoc(TagTypeLoc TL) { return check(TL.getDecl()); }
  bool VisitTypedefTypeLoc(TypedefTypeLoc TL) { return check(TL.getTypedefNameDecl()); }
  bool VisitPredefinedExpr(PredefinedExpr *) { return fail("uses __func__"); }
  bool VisitAddrLabelExpr(AddrLabelExpr *) { return fail("holds the address of a label"); }
  bool VisitStmtExpr(StmtExpr *) { return fail("is initialised by a statement expression"); }

  /// The variable's type, alignment and initialiser.
  void traverseVar(const VarDecl *VD) {
    if (TypeSourceInfo *TSI = VD->getTypeSourceInfo())
      TraverseTypeLoc(TSI->getTypeLoc());
    for (const auto *A : VD->specific_attrs<AlignedAttr>()) {
      if (!Why.empty())
        return;
      if (A->isAlignmentExpr()) {
        if (A->getAlignmentExpr())
          TraverseStmt(A->getAlignmentExpr());
      } else if (TypeSourceInfo *TSI = A->getAlignmentType()) {
        TraverseTypeLoc(TSI->getTypeLoc());
      }
    }
    if (Why.empty() && VD->getInit())
      TraverseStmt(const_cast<Expr *>(VD->getInit()));
  }

private:
  bool fail(std::string W) {
    Why = std::move(W);
    return false;
  }
  /// Whether \p D is declared at file scope before the function (a builtin is
  /// declared everywhere), or moves with the static locals. (The function itself, when
  /// a prototype declares it before: the plan keeps a function whose address is taken.)
  bool check(const NamedDecl *D) {
    const SourceManager &SM = Ctx.getSourceManager();
    for (const Decl *R : D->redecls()) {
      SourceLocation L = R->getLocation();
      if (L.isInvalid() || Moved.count(R))
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
  const std::set<const Decl *> &Moved;
};

/// A declaration of the unit that a static local of the function (or a struct tag
/// declared with one), declared at file scope under its name, would clash with or hide.
class NameClashes : public RecursiveASTVisitor<NameClashes> {
public:
  NameClashes(const FunctionDecl *FD, const std::map<std::string, const NamedDecl *> &Names,
              const std::map<std::string, const TagDecl *> &Tags)
      : FD(FD), Names(Names), Tags(Tags) {}

  const NamedDecl *Moving = nullptr;
  const NamedDecl *Other = nullptr;

  bool shouldVisitImplicitCode() const { return true; }
  bool VisitNamedDecl(NamedDecl *D) { return check(D); }
  bool VisitDeclRefExpr(DeclRefExpr *E) { return check(E->getDecl()); }

private:
  bool check(const NamedDecl *D) {
    if (!D->getIdentifier())
      return true;
    const DeclContext *In = D->getParentFunctionOrMethod();
    if (const auto *TD = dyn_cast<TagDecl>(D)) {
      // A tag of the same name at file scope (another in the function is its own
      // declaration of the name, as before).
      auto It = Tags.find(D->getName().str());
      if (It == Tags.end() || In || TD->getCanonicalDecl() == It->second->getCanonicalDecl())
        return true;
      Moving = It->second;
      Other = D;
      return false;
    }
    auto It = Names.find(D->getName().str());
    if (It == Names.end() || It->second == D)
      return true;
    // Only ordinary identifiers share a name space with variables (not fields or labels).
    if (!isa<VarDecl, FunctionDecl, TypedefNameDecl, EnumConstantDecl>(D))
      return true;
    // The function's own declarations: capturingDeclaration() decides.
    if (In == FD && !isa<ParmVarDecl>(D))
      return true;
    // Another function's automatic variables and parameters, its block-scope types and
    // enumerators hide the file-scope name there, as they hid nothing before.
    if (In && In != FD) {
      const auto *VD = dyn_cast<VarDecl>(D);
      if (VD ? VD->hasLocalStorage() : !isa<FunctionDecl>(D))
        return true;
    }
    Moving = It->second;
    Other = D;
    return false;
  }

  const FunctionDecl *FD;
  const std::map<std::string, const NamedDecl *> &Names;
  const std::map<std::string, const TagDecl *> &Tags;
};

/// A declaration of the function, of the same name as static local \p VD, whose scope
/// holds a use of \p VD: once \p VD is at file scope, the use would name it instead.
/// (One in a sibling or nested block that holds no use hides the file-scope variable
/// there, as it hid the static local before.)
class CapturingDeclaration {
public:
  explicit CapturingDeclaration(const VarDecl *VD) : VD(VD) {}
  const NamedDecl *Found = nullptr;

  void walk(const Stmt *S) {
    if (!S || Found)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == VD) {
      if (!Active.empty())
        Found = Active.back();
      return;
    }
    size_t Mark = Active.size();
    if (const auto *DS = dyn_cast<DeclStmt>(S))
      for (const Decl *D : DS->decls()) {
        note(D);
        if (const auto *ED = dyn_cast<EnumDecl>(D))
          for (const Decl *E : ED->enumerators())
            note(E);
      }
    for (const Stmt *C : S->children())
      walk(C);
    // A block (or a for statement's declaration) ends its declarations' scope.
    if (isa<CompoundStmt, ForStmt>(S))
      Active.resize(Mark);
  }

private:
  void note(const Decl *D) {
    const auto *ND = dyn_cast<NamedDecl>(D);
    if (ND && ND != VD && ND->getIdentifier() && ND->getName() == VD->getName() &&
        isa<VarDecl, FunctionDecl, TypedefNameDecl, EnumConstantDecl>(ND))
      Active.push_back(ND);
  }
  const VarDecl *VD;
  std::vector<const NamedDecl *> Active;
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
  const VarDecl *FirstStatic = firstStaticLocal(Decls.front());
  // C99 6.7.4: an inline definition with external linkage may not name a static object.
  if (FD->isInlined() && FD->isExternallyVisible())
    return Stays(FirstStatic, "the function is inline with external linkage, which may "
                              "not use a file-scope static");
  // A function of a header is rewritten once for every file that includes it, whose
  // names this unit does not see.
  if (FnFile != SM.getMainFileID())
    return Stays(FirstStatic, "the function is defined in a header, which other files "
                              "may include");
  StringRef Buf = SM.getBufferData(FnFile);
  unsigned FnOffset = SM.getFileOffset(FnBegin);
  const auto *Body = cast<CompoundStmt>(FD->getBody());
  // A pragma inside the function (`#pragma GCC diagnostic ignored` around a static)
  // would no longer apply to the declaration.
  if (std::string D = directiveIn(Buf, FnOffset,
                                  SM.getFileOffset(SM.getExpansionLoc(Body->getRBracLoc())),
                                  {"pragma"});
      !D.empty())
    return Stays(FirstStatic, "'#" + D + "' is inside the function");
  std::set<const Decl *> Moved;
  std::map<std::string, const NamedDecl *> Names;
  std::map<std::string, const TagDecl *> Tags;
  for (const DeclStmt *DS : Decls) {
    const VarDecl *First = firstStaticLocal(DS);
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(DS->getSourceRange()), SM, Ctx.getLangOpts());
    if (R.isInvalid())
      return Stays(First, "it is written in a macro's definition");
    if (SM.getFileID(R.getBegin()) != FnFile)
      return Stays(First, "it is written in an included file");
    // Written again before the function, its macros must mean there what they mean here.
    if (std::string D = directiveIn(Buf, FnOffset, SM.getFileOffset(R.getEnd()),
                                    {"define", "undef", "include"});
        !D.empty())
      return Stays(First, "'#" + D + "' comes between the function's start and it");
    for (const Decl *D : DS->decls()) {
      // A struct or union defined in the declaration (`static struct { int hits; } st;`)
      // moves with it.
      if (const auto *RD = dyn_cast<RecordDecl>(D)) {
        OutsideReferences Refs(Ctx, FnBegin, Moved);
        Refs.TraverseDecl(const_cast<RecordDecl *>(RD));
        if (!Refs.Why.empty())
          return Stays(First, "its struct's members " + Refs.Why);
        Moved.insert(RD);
        if (RD->getIdentifier())
          Tags.emplace(RD->getNameAsString(), RD);
        continue;
      }
      const auto *VD = dyn_cast<VarDecl>(D);
      if (!VD)
        return Stays(First, "its declaration also declares an enumeration or a type name");
      if (Names.count(VD->getNameAsString()))
        return Stays(VD, "the function has two static locals of this name");
      // The C library's functions (`index`, `remove`) are declared by headers that the
      // output may include where the original did not.
      if (VD->getIdentifier()->getBuiltinID() ||
          llvm::is_contained(std::initializer_list<StringRef>{"stdin", "stdout", "stderr",
                                                              "errno"},
                             VD->getName()))
        return Stays(VD, "its name is that of a C library function or object");
      OutsideReferences Refs(Ctx, FnBegin, Moved);
      Refs.traverseVar(VD);
      if (!Refs.Why.empty())
        return Stays(VD, "it " + Refs.Why);
      CapturingDeclaration Capture(VD);
      Capture.walk(Body);
      for (const ParmVarDecl *PV : FD->parameters())
        if (PV->getIdentifier() && PV->getName() == VD->getName())
          Capture.Found = PV;
      if (Capture.Found)
        return Stays(VD, "its name is also declared at " +
                             locationString(Ctx, Capture.Found->getLocation()) +
                             ", around a use of it");
      Moved.insert(VD);
      Names.emplace(VD->getNameAsString(), VD);
    }
  }
  NameClashes Clashes(FD, Names, Tags);
  Clashes.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Clashes.Other) {
    const auto *VD = dyn_cast<VarDecl>(Clashes.Moving);
    return Stays(VD ? VD : FirstStatic,
                 std::string(isa<TagDecl>(Clashes.Moving) ? "the name of its struct" : "its name") +
                     " is also declared at " +
                     locationString(Ctx, Clashes.Other->getLocation()));
  }
  return "";
}

} // namespace ptrcomp::dsa
