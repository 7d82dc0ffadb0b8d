//===- GlobalImage.cpp - the first values of global objects moved into a pool -===//
#include "GlobalImage.h"

#include "ptrcomp/analysis/ProgramGraphs.h"
#include "ptrcomp/analysis/ZeroValues.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
namespace ptrcomp {

/// The moved global that \p E names, or null.
static const dsa::Pool::Variable *pooledGlobal(const dsa::Plan &P, const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *VD = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!VD || !VD->hasGlobalStorage())
    return nullptr;
  return P.pooledVariable(dsa::globalKey(VD));
}

/// "Name" or "(Name + K)" for element \p K of moved global \p Var, if it has one.
static std::optional<std::string> elementIndex(const dsa::Pool::Variable &Var,
                                               const Expr *K, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!K->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  llvm::APSInt V = R.Val.getInt();
  if (V.isNegative() || V.getZExtValue() >= Var.Count)
    return std::nullopt;
  if (V == 0)
    return Var.Name;
  return "(" + Var.Name + " + " + std::to_string(V.getZExtValue()) + ")";
}

std::optional<std::string> pooledAddressConstant(const dsa::Plan &P, const Expr *E,
                                                 ASTContext &Ctx) {
  if (isNullConstant(E, Ctx))
    return std::string("0");
  // Through casts between pointer types, as `(struct node *)&nil`.
  E = E->IgnoreParens();
  while (const auto *CE = dyn_cast<CastExpr>(E)) {
    if (CE->getCastKind() != CK_BitCast && CE->getCastKind() != CK_NoOp)
      break;
    E = CE->getSubExpr()->IgnoreParens();
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E); UO && UO->getOpcode() == UO_AddrOf) {
    const Expr *Sub = UO->getSubExpr()->IgnoreParens();
    if (const dsa::Pool::Variable *Var = pooledGlobal(P, Sub))
      return Var->Array ? std::nullopt : std::optional<std::string>(Var->Name);
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub))
      if (const dsa::Pool::Variable *Var = pooledGlobal(P, AS->getBase()); Var && Var->Array)
        return elementIndex(*Var, AS->getIdx(), Ctx);
    return std::nullopt;
  }
  // An array's name, or its name plus a constant.
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
      ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
    if (const dsa::Pool::Variable *Var = pooledGlobal(P, ICE->getSubExpr()); Var && Var->Array)
      return Var->Name;
  if (const auto *BO = dyn_cast<BinaryOperator>(E); BO && BO->getOpcode() == BO_Add)
    if (const dsa::Pool::Variable *Var = pooledGlobal(P, BO->getLHS()); Var && Var->Array)
      return elementIndex(*Var, BO->getRHS(), Ctx);
  return std::nullopt;
}

std::string imageName(const dsa::Pool &Pl) { return Pl.Name + "_image"; }

/// Whether \p S names a moved global anywhere.
static bool namesPooledGlobal(const dsa::Plan &P, const Stmt *S) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && isa<DeclRefExpr>(E) && pooledGlobal(P, E))
    return true;
  for (const Stmt *C : S->children())
    if (namesPooledGlobal(P, C))
      return true;
  return false;
}

namespace {
/// Writes one object's list for the pool's layout, designated, so that the layout's
/// order of members does not matter.
struct ObjectList {
  const dsa::Plan &P;
  const dsa::Layout &L;
  ASTContext &Ctx;
  std::string &Why;

  std::optional<std::string> text(const Expr *Init, const RecordDecl *RD) {
    const SourceManager &SM = Ctx.getSourceManager();
    std::string At = dsa::locationString(Ctx, Init->getBeginLoc());
    const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParens());
    if (!ILE) {
      Why = "is initialised from a struct value at " + At;
      return std::nullopt;
    }
    if (!ILE->isSemanticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    std::vector<std::string> Members;
    for (const FieldDecl *FD : RD->fields()) {
      unsigned K = FD->getFieldIndex();
      if (K >= ILE->getNumInits())
        break;
      const Expr *I = ILE->getInit(K);
      if (!I || isZeroInitializer(I, Ctx))
        continue;
      std::string Where = dsa::locationString(Ctx, I->getBeginLoc());
      if (FD->getName().empty()) {
        Why = "is initialised with an unnamed member at " + Where;
        return std::nullopt;
      }
      uint64_t Off = FD->isBitField() ? ~0ull : RL.getFieldOffset(K) / 8;
      std::string Value;
      if (auto FB = L.FieldBits.find(Off); FB != L.FieldBits.end() && FB->second) {
        std::optional<std::string> Index = pooledAddressConstant(P, I, Ctx);
        if (!Index) {
          Why = "is initialised with a pointer that is not the address of an object in a "
                "pool at " + Where;
          return std::nullopt;
        }
        Value = *Index;
      } else if (L.FieldArrayBits.count(Off) || L.Nested.count(Off)) {
        Why = "is initialised with a member whose layout changes at " + Where;
        return std::nullopt;
      } else {
        // Its text, or where a macro wrote it, a string's or an integer's value.
        CharSourceRange R = Lexer::makeFileCharRange(
            CharSourceRange::getTokenRange(I->getSourceRange()), SM, Ctx.getLangOpts());
        Expr::EvalResult V;
        if (namesPooledGlobal(P, I)) {
          Why = "is initialised with a value that names an object moved into a pool at " +
                Where;
          return std::nullopt;
        }
        const auto *SL = dyn_cast<StringLiteral>(I->IgnoreParenImpCasts());
        const auto *DRE = dyn_cast<DeclRefExpr>(I->IgnoreParenImpCasts());
        const auto *Enumerator = DRE ? dyn_cast<EnumConstantDecl>(DRE->getDecl()) : nullptr;
        if (R.isValid()) {
          Value = Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
        } else if (Enumerator &&
                   Enumerator->getDeclContext()->getRedeclContext()->isFileContext()) {
          Value = Enumerator->getName().str();
        } else if (SL) {
          llvm::raw_string_ostream OS(Value);
          SL->outputString(OS);
        } else if (I->getType()->isIntegerType() && I->EvaluateAsInt(V, Ctx))
          Value = "(" + I->getType().getAsString() + ")" + toString(V.Val.getInt(), 10) +
                  (V.Val.getInt().isUnsigned() ? "ULL" : "LL");
        else {
          Why = "is initialised with a value that a macro writes at " + Where;
          return std::nullopt;
        }
      }
      Members.push_back("." + FD->getName().str() + " = " + Value);
    }
    return "{" + llvm::join(Members, ", ") + "}";
  }
};
} // namespace

std::optional<std::string> imageElements(const dsa::Plan &P, int Pl,
                                         const dsa::Pool::Variable &Var, const VarDecl *VD,
                                         std::string &Why) {
  ASTContext &Ctx = VD->getASTContext();
  const dsa::Pool &Po = P.Pools[Pl];
  const Expr *Init = VD->getInit();
  const RecordDecl *RD = Ctx.getBaseElementType(VD->getType())->getAsRecordDecl();
  if (!Init || Po.LayoutId < 0 || !RD) {
    Why = "is initialised where its pool keeps no layout of its own";
    return std::nullopt;
  }
  ObjectList Object{P, P.Layouts[Po.LayoutId], Ctx, Why};
  std::vector<std::string> Elements;
  auto Add = [&](uint64_t K, const Expr *I) {
    if (isZeroInitializer(I, Ctx))
      return true;
    std::optional<std::string> List = Object.text(I, RD);
    if (!List)
      return false;
    Elements.push_back("[" + std::to_string(Var.First - 1 + K) + "] = " + *List);
    return true;
  };
  if (!Var.Array)
    return Add(0, Init) ? std::optional<std::string>(llvm::join(Elements, ", "))
                        : std::nullopt;
  const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParens());
  if (ILE && !ILE->isSemanticForm() && ILE->getSemanticForm())
    ILE = ILE->getSemanticForm();
  if (!ILE) {
    Why = "is initialised from an array value at " +
          dsa::locationString(Ctx, Init->getBeginLoc());
    return std::nullopt;
  }
  for (unsigned K = 0; K < ILE->getNumInits() && K < Var.Count; ++K)
    if (!Add(K, ILE->getInit(K)))
      return std::nullopt;
  return llvm::join(Elements, ",\n    ");
}

} // namespace ptrcomp
