//===- FunctionPointerTypes.cpp - retype pointers to cloned functions -----===//
//
// The functions of an active FnPtrClass (Plan.h) are cloned with the class's
// pool parameters; the pointers that hold them take the clones' type. Each
// function type spelled at file scope (a typedef, a struct member, a global
// variable) gets the clones' parameter list: `typedef int (*cmp_fn)(const
// struct rec *, const struct rec *)` becomes `typedef int (*cmp_fn)(pc_pool *,
// pc_idx32, pc_idx32)`; declarations through the typedef follow it. File-scope
// initializers name the clones (`{ by_a_pc32, ... }`); function bodies are
// rewritten by FunctionRewriter. The plan has checked that nothing else spells
// the type (FunctionPointerTypes.h in analysis/).
//
//===----------------------------------------------------------------------===//
#include "FunctionPointerTypes.h"
#include "../FilePaths.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
namespace ptrcomp {
namespace {

FunctionProtoTypeLoc spelledFunction(TypeLoc TL) {
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

class Retyper : public RecursiveASTVisitor<Retyper> {
public:
  Retyper(ASTContext &Ctx, const dsa::Plan &P, const AddEdit &Add)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), P(P), Add(Add) {
    for (unsigned I = 0; I < P.FnClasses.size(); ++I)
      if (P.FnClasses[I].Active)
        ByType[P.FnClasses[I].Type] = I;
  }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    SourceLocation L = D->getLocation();
    if (L.isValid() && SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return true;
    if (isa<FunctionDecl>(D))
      return true; // bodies and parameters: FunctionRewriter and the clones'
                   // headers
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitTypedefNameDecl(TypedefNameDecl *D) {
    retype(D->getTypeSourceInfo());
    return true;
  }
  bool VisitFieldDecl(FieldDecl *D) {
    retype(D->getTypeSourceInfo());
    return true;
  }
  bool VisitVarDecl(VarDecl *D) {
    if (isa<ParmVarDecl>(D) || !D->isFileVarDecl())
      return true;
    retype(D->getTypeSourceInfo());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    const auto *FD = dyn_cast<FunctionDecl>(E->getDecl());
    if (!FD)
      return true;
    std::string Clone = dsa::fnPointerClone(P, FD);
    if (Clone.empty())
      return true;
    SourceLocation L = SM.getFileLoc(E->getLocation());
    auto [FID, Off] = SM.getDecomposedLoc(L);
    unsigned Len = Lexer::MeasureTokenLength(L, SM, Ctx.getLangOpts());
    Add(realPathOf(SM, FID), Off, Len, Clone, poolsOf(classOf(FD)));
    return true;
  }

private:
  int classOf(const FunctionDecl *FD) {
    auto It = ByType.find(
        FD->getType().getCanonicalType().getUnqualifiedType().getAsString());
    return It == ByType.end() ? -1 : It->second;
  }
  EditSet::PoolSet poolsOf(int Class) {
    EditSet::PoolSet Pools;
    if (Class < 0)
      return Pools;
    for (auto &[M, VI] : P.FnClasses[Class].Clone)
      for (const std::set<int> &S : P.Versions[VI].ParamPools)
        Pools.insert(S.begin(), S.end());
    return Pools;
  }

  void retype(TypeSourceInfo *TSI) {
    if (auto R = retypedFunctionType(Ctx, P, TSI)) {
      Add(realPathOf(SM, R->File), R->Begin, R->End - R->Begin, R->Text,
          poolsOf(R->Class));
      if (!R->RetText.empty())
        Add(realPathOf(SM, R->File), R->RetBegin, R->RetEnd - R->RetBegin,
            R->RetText, poolsOf(R->Class));
    }
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const dsa::Plan &P;
  const AddEdit &Add;
  std::map<std::string, unsigned> ByType;
};

} // namespace

std::optional<FunctionTypeEdit> retypedFunctionType(ASTContext &Ctx,
                                                    const dsa::Plan &P,
                                                    const TypeSourceInfo *TSI) {
  if (!TSI || P.FnClasses.empty())
    return std::nullopt;
  FunctionProtoTypeLoc FTL = spelledFunction(TSI->getTypeLoc());
  if (!FTL)
    return std::nullopt;
  std::string Key = QualType(FTL.getTypePtr(), 0)
                        .getCanonicalType()
                        .getUnqualifiedType()
                        .getAsString();
  int Class = -1;
  for (unsigned I = 0; I < P.FnClasses.size(); ++I)
    if (P.FnClasses[I].Active && P.FnClasses[I].Type == Key)
      Class = I;
  if (Class < 0)
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  const dsa::FnPtrClass &C = P.FnClasses[Class];
  std::vector<std::string> Params(C.NumPoolParams, "pc_pool *");
  for (unsigned I = 0; I < FTL.getNumParams(); ++I) {
    if (I < C.ParamBits.size() && C.ParamBits[I]) {
      Params.push_back("pc_idx" + std::to_string(C.ParamBits[I]));
      continue;
    }
    const ParmVarDecl *PV = FTL.getParam(I);
    std::string Text;
    if (PV)
      Text = Lexer::getSourceText(
                 CharSourceRange::getTokenRange(PV->getSourceRange()), SM,
                 Ctx.getLangOpts())
                 .str();
    if (Text.empty())
      Text = FTL.getTypePtr()->getParamType(I).getAsString(
          Ctx.getPrintingPolicy());
    Params.push_back(Text);
  }
  if (FTL.getTypePtr()->isVariadic())
    Params.push_back("...");
  SourceLocation LP = FTL.getLParenLoc(), RP = FTL.getRParenLoc();
  if (LP.isMacroID() || RP.isMacroID())
    return std::nullopt;
  auto [FID, B] = SM.getDecomposedLoc(LP);
  FunctionTypeEdit Edit{FID, B + 1, SM.getFileOffset(RP),
                        llvm::join(Params, ", "), Class};
  if (C.RetBits) {
    // The clones return an index: `struct node *(*find)(...)` becomes
    // `pc_idx32 (*find)(...)`, the return type replaced up to the declarator.
    SourceRange RR = FTL.getReturnLoc().getSourceRange();
    if (RR.getBegin().isMacroID() || RR.getEnd().isMacroID())
      return std::nullopt;
    unsigned RB = SM.getFileOffset(RR.getBegin());
    unsigned RE = SM.getFileOffset(RR.getEnd()) +
                  Lexer::MeasureTokenLength(RR.getEnd(), SM, Ctx.getLangOpts());
    Edit.RetBegin = RB;
    Edit.RetEnd = RE;
    Edit.RetText = "pc_idx" + std::to_string(C.RetBits) + " ";
  }
  return Edit;
}

void retypeFunctionPointers(ASTContext &Ctx, const dsa::Plan &P, const AddEdit &Add) {
  bool Any = false;
  for (const dsa::FnPtrClass &C : P.FnClasses)
    Any |= C.Active;
  if (!Any)
    return;
  Retyper R(Ctx, P, Add);
  R.TraverseDecl(Ctx.getTranslationUnitDecl());
}

} // namespace ptrcomp
