//===- FunctionPointerTypes.cpp - where the program uses a function type --===//
#include "FunctionPointerTypes.h"
#include "LocalGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include "llvm/ADT/DenseSet.h"

using namespace clang;
namespace ptrcomp::dsa {

std::string functionTypeKey(QualType FnType) {
  return FnType.getCanonicalType().getUnqualifiedType().getAsString();
}

std::string mentionedFunctionType(QualType T) {
  T = T.getCanonicalType();
  for (;;) {
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType().getCanonicalType();
    else if (const auto *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType().getCanonicalType();
    else
      break;
  }
  return T->isFunctionType() ? functionTypeKey(T) : "";
}

FunctionProtoTypeLoc spelledFunctionType(TypeLoc TL) {
  for (;;) {
    TL = TL.getUnqualifiedLoc();
    if (auto P = TL.getAs<PointerTypeLoc>())
      TL = P.getPointeeLoc();
    else if (auto Pa = TL.getAs<ParenTypeLoc>())
      TL = Pa.getInnerLoc();
    else if (auto A = TL.getAs<ArrayTypeLoc>())
      TL = A.getElementLoc();
    else if (auto F = TL.getAs<FunctionProtoTypeLoc>())
      return F;
    else
      return FunctionProtoTypeLoc();
  }
}

namespace {
class Scanner : public RecursiveASTVisitor<Scanner> {
public:
  Scanner(ASTContext &Ctx, const std::set<std::string> &Defined,
          std::map<std::string, FunctionTypeUses> &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Defined(Defined), Out(Out) {}

  bool shouldVisitImplicitCode() const { return false; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    SourceLocation L = D->getLocation();
    if (L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    std::string Saved = Current;
    if (FD->doesThisDeclarationHaveABody())
      Current = functionKey(FD);
    bool R = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Current = Saved;
    return R;
  }

  bool VisitCallExpr(CallExpr *E) {
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(E->getCallee()->IgnoreParenImpCasts()))
      Callees.insert(DRE);
    return true;
  }

  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
    if (!FD || Callees.count(E))
      return true;
    std::string Key = functionTypeKey(FD->getType());
    FunctionTypeUses &U = Out[Key];
    std::string FKey = functionKey(FD);
    U.Names.emplace(FKey, FD->getName().str());
    U.Referenced.insert(FKey);
    U.ReferencedIn.insert(Current);
    if (SM.isMacroArgExpansion(E->getLocation()) ||
        !E->getLocation().isMacroID())
      return true;
    problem(U, E->getLocation(),
            "the address of '" + FD->getName().str() +
                "' is taken inside a macro body");
    return true;
  }

  bool VisitCastExpr(CastExpr *E) {
    switch (E->getCastKind()) {
    case CK_FunctionToPointerDecay:
    case CK_NullToPointer:
    case CK_ToVoid:
    case CK_LValueToRValue:
    case CK_NoOp:
    case CK_PointerToBoolean:
    case CK_ArrayToPointerDecay:
      if (!isa<ExplicitCastExpr>(E))
        return true;
      break;
    default:
      break;
    }
    QualType To = E->getType(), From = E->getSubExpr()->getType();
    bool Same = To.getCanonicalType().getUnqualifiedType() ==
                From.getCanonicalType().getUnqualifiedType();
    std::set<std::string> Mentioned = {mentionedFunctionType(To),
                                       mentionedFunctionType(From)};
    Mentioned.erase("");
    for (const std::string &Key : Mentioned) {
      if (!Same && !(E->getCastKind() == CK_NullToPointer) &&
          !(E->getCastKind() == CK_FunctionToPointerDecay))
        problem(Out[Key], E->getBeginLoc(),
                "a pointer to it is converted to or from another type");
      else if (auto *EC = dyn_cast<ExplicitCastExpr>(E))
        if (spelledFunctionType(EC->getTypeInfoAsWritten()->getTypeLoc()))
          problem(Out[Key], E->getBeginLoc(), "it is spelled out in a cast");
    }
    return true;
  }

  bool VisitDeclaratorDecl(DeclaratorDecl *D) {
    if (isa<FunctionDecl>(D))
      return true;
    if (std::string Key = mentionedFunctionType(D->getType()); !Key.empty())
      holder(Key, D, D->getTypeSourceInfo());
    return true;
  }

  bool VisitDeclStmt(DeclStmt *DS) {
    // FunctionRewriter rebuilds a declaration of several variables as a whole
    // when one of them changes type; it does not retype a spelled function type
    // in it.
    if (DS->isSingleDecl())
      return true;
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        if (std::string Key = mentionedFunctionType(VD->getType());
            !Key.empty() && VD->getTypeSourceInfo() &&
              spelledFunctionType(VD->getTypeSourceInfo()->getTypeLoc()))
            problem(Out[Key], VD->getLocation(),
                    "'" + VD->getName().str() +
                        "' spells the function type out in a declaration of "
                        "several "
                        "variables");
    return true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    // A result spelled as a pointer to such a function is not retyped.
    FunctionTypeLoc FTL = FD->getFunctionTypeLoc();
    if (!FTL)
      return true;
    if (std::string Key = mentionedFunctionType(FD->getReturnType());
        !Key.empty() && spelledFunctionType(FTL.getReturnLoc()))
        problem(Out[Key], FD->getLocation(),
                "the result of '" + FD->getName().str() +
                    "' spells the function type out");
    return true;
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    if (std::string Key = mentionedFunctionType(D->getUnderlyingType()); !Key.empty())
      holder(Key, D, D->getTypeSourceInfo());
    return true;
  }

private:
  void problem(FunctionTypeUses &U, SourceLocation L, const std::string &What) {
    if (U.Problem.empty())
      U.Problem = What + " at " + locationString(Ctx, L);
  }

  void holder(const std::string &Key, NamedDecl *D, TypeSourceInfo *TSI) {
    FunctionTypeUses &U = Out[Key];
    std::string Name = D->getName().str();
    if (const auto *FD = dyn_cast<FieldDecl>(D)) {
      std::string Rec = FD->getParent()->getName().str();
      Name = (Rec.empty() ? std::string("(unnamed)") : Rec) + "." + Name;
    }
    if (Name.empty())
      Name = "(unnamed)";
    U.Pointers.push_back(Name);
    FunctionProtoTypeLoc FTL =
        TSI ? spelledFunctionType(TSI->getTypeLoc()) : FunctionProtoTypeLoc();
    if (!FTL)
      return; // through a typedef, which is retyped where it is defined
    // Spelled out: its parameter list is rewritten, in file-scope declarations
    // (typedefs, members, variables), in local variables and in the parameters
    // of a function definition that has no other declaration (the clones'
    // headers).
    bool FileScope;
    if (const auto *PV = dyn_cast<ParmVarDecl>(D)) {
      const auto *FD = dyn_cast<FunctionDecl>(PV->getDeclContext());
      FileScope = FD && FD->doesThisDeclarationHaveABody() &&
                  !FD->getPreviousDecl() && Defined.count(functionKey(FD));
    } else if (const auto *FD = dyn_cast<FieldDecl>(D)) {
      FileScope = !FD->getParent()->getParentFunctionOrMethod();
    } else if (D->getDeclContext()->isFunctionOrMethod()) {
      FileScope = isa<VarDecl>(D) && cast<VarDecl>(D)->isLocalVarDecl();
    } else {
      FileScope = true;
    }
    SourceLocation LP = FTL.getLParenLoc(), RP = FTL.getRParenLoc();
    if (!FileScope)
      problem(
          U, D->getLocation(),
          "'" + Name +
              "' spells the function type out where ptrcomp does not retype it "
              "(a prototype, a local typedef or struct: use a file-scope "
              "typedef)");
    else if (LP.isMacroID() || RP.isMacroID() ||
             SM.getFileID(LP) != SM.getFileID(RP))
      problem(U, D->getLocation(),
              "the type of '" + Name + "' is written by a macro");
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const std::set<std::string> &Defined;
  std::map<std::string, FunctionTypeUses> &Out;
  std::string Current;
  llvm::DenseSet<const DeclRefExpr *> Callees;
};
} // namespace

std::map<std::string, FunctionTypeUses>
scanUnitFunctionTypes(ASTContext &Ctx, const std::set<std::string> &Defined) {
  std::map<std::string, FunctionTypeUses> Out;
  Scanner S(Ctx, Defined, Out);
  S.TraverseDecl(Ctx.getTranslationUnitDecl());
  return Out;
}

std::map<std::string, FunctionTypeUses>
scanFunctionTypes(ProgramGraphs &PG, const std::set<std::string> &Keys) {
  std::map<std::string, FunctionTypeUses> Out;
  for (const std::string &K : Keys)
    Out[K];
  if (Keys.empty())
    return Out;
  // Units in the order their first function (by key) comes: the first problem found
  // is the one reported.
  std::vector<unsigned> Order;
  std::set<unsigned> Seen;
  for (auto &[Key, F] : PG.Functions)
    if (Seen.insert(F.Unit).second)
      Order.push_back(F.Unit);
  for (unsigned U : Order) {
    if (U >= PG.UnitFunctionTypes.size())
      continue;
    for (const std::string &K : Keys) {
      auto It = PG.UnitFunctionTypes[U].find(K);
      if (It == PG.UnitFunctionTypes[U].end())
        continue;
      const FunctionTypeUses &In = It->second;
      FunctionTypeUses &O = Out[K];
      O.Pointers.insert(O.Pointers.end(), In.Pointers.begin(), In.Pointers.end());
      if (O.Problem.empty())
        O.Problem = In.Problem;
      O.Referenced.insert(In.Referenced.begin(), In.Referenced.end());
      O.ReferencedIn.insert(In.ReferencedIn.begin(), In.ReferencedIn.end());
      for (auto &[FKey, Name] : In.Names)
        if (!PG.function(FKey))
          O.Undefined.insert(Name);
    }
  }
  for (auto &[K, U] : Out) {
    std::sort(U.Pointers.begin(), U.Pointers.end());
    U.Pointers.erase(std::unique(U.Pointers.begin(), U.Pointers.end()),
                     U.Pointers.end());
  }
  return Out;
}

} // namespace ptrcomp::dsa
