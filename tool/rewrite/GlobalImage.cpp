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

/// The index of element \p K of moved variable \p Var: "Name" or "(Name + K)"; a static
/// local's name means nothing outside its function, so its number.
static std::string indexText(const dsa::Pool::Variable &Var, uint64_t K = 0) {
  if (Var.Key.find("::") != std::string::npos)
    return std::to_string(Var.First + K);
  if (K == 0)
    return Var.Name;
  return "(" + Var.Name + " + " + std::to_string(K) + ")";
}

/// indexText of element \p K of moved global \p Var, if it has one.
static std::optional<std::string> elementIndex(const dsa::Pool::Variable &Var,
                                               const Expr *K, ASTContext &Ctx) {
  Expr::EvalResult R;
  if (!K->EvaluateAsInt(R, Ctx))
    return std::nullopt;
  llvm::APSInt V = R.Val.getInt();
  if (V.isNegative() || V.getZExtValue() >= Var.Count)
    return std::nullopt;
  return indexText(Var, V.getZExtValue());
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
      return Var->Array ? std::nullopt : std::optional<std::string>(indexText(*Var));
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Sub))
      if (const dsa::Pool::Variable *Var = pooledGlobal(P, AS->getBase()); Var && Var->Array)
        return elementIndex(*Var, AS->getIdx(), Ctx);
    return std::nullopt;
  }
  // An array's name, or its name plus a constant.
  if (const auto *ICE = dyn_cast<ImplicitCastExpr>(E);
      ICE && ICE->getCastKind() == CK_ArrayToPointerDecay)
    if (const dsa::Pool::Variable *Var = pooledGlobal(P, ICE->getSubExpr()); Var && Var->Array)
      return indexText(*Var);
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

/// Whether \p S and everything below it is written in the file, no macro involved.
static bool writtenInFile(const Stmt *S) {
  if (!S)
    return true;
  if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID())
    return false;
  for (const Stmt *C : S->children())
    if (!writtenInFile(C))
      return false;
  return true;
}

namespace {
/// Writes one object's list for the pool's layout, designated, so that the layout's
/// order of members does not matter. The image is written at the end of the unit, so a
/// value keeps its text only where no macro is involved (a macro may mean something
/// else there, `__LINE__` does): else an enumerator's name, a string, an integer's value.
struct ObjectList {
  const dsa::Plan &P;
  const dsa::Layout &L;
  ASTContext &Ctx;
  std::string &Why;
  /// A static local's values: written in its function, where names may mean what they
  /// do not at file scope (a local enumerator, a shadowing variable, `__func__`).
  bool Scoped = false;

  /// The node's own list: its index members are written as indices.
  std::optional<std::string> text(const Expr *Init, const RecordDecl *RD) {
    const InitListExpr *ILE = semantic(Init);
    if (!ILE) {
      Why = "is initialised from a struct value at " +
            dsa::locationString(Ctx, Init->getBeginLoc());
      return std::nullopt;
    }
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    return members(ILE, RD, [&](const FieldDecl *FD, const Expr *I) {
      std::string Where = dsa::locationString(Ctx, I->getBeginLoc());
      uint64_t Off = FD->isBitField() ? ~0ull : RL.getFieldOffset(FD->getFieldIndex()) / 8;
      std::optional<std::string> Value;
      if (auto FB = L.FieldBits.find(Off); FB != L.FieldBits.end() && FB->second) {
        Value = pooledAddressConstant(P, I, Ctx);
        if (!Value)
          Why = "is initialised with a pointer that is not the address of an object in a "
                "pool at " + Where;
      } else if (L.FieldArrayBits.count(Off) || L.Nested.count(Off)) {
        Why = "is initialised with a member whose layout changes at " + Where;
      } else {
        Value = value(I);
      }
      return Value;
    });
  }

  /// `{.a = v, ...}` for the members of struct \p RD that \p ILE does not leave zero,
  /// each value written by \p Member.
  template <typename MemberValue>
  std::optional<std::string> members(const InitListExpr *ILE, const RecordDecl *RD,
                                     MemberValue Member) {
    std::vector<std::string> Parts;
    for (const FieldDecl *FD : RD->fields()) {
      unsigned K = FD->getFieldIndex();
      if (K >= ILE->getNumInits())
        break;
      const Expr *I = ILE->getInit(K);
      if (!I || isZeroInitializer(I, Ctx))
        continue;
      if (FD->getName().empty()) {
        Why = "is initialised with an unnamed member at " +
              dsa::locationString(Ctx, I->getBeginLoc());
        return std::nullopt;
      }
      std::optional<std::string> V = Member(FD, I);
      if (!V)
        return std::nullopt;
      Parts.push_back("." + FD->getName().str() + " = " + *V);
    }
    return "{" + llvm::join(Parts, ", ") + "}";
  }

  static const InitListExpr *semantic(const Expr *E) {
    const auto *ILE = dyn_cast<InitListExpr>(E->IgnoreParens());
    if (ILE && !ILE->isSemanticForm() && ILE->getSemanticForm())
      ILE = ILE->getSemanticForm();
    return ILE;
  }

  /// A member's value that keeps its representation: a nested list written again with
  /// braces and designators (the original's may elide them), else a leaf.
  std::optional<std::string> value(const Expr *I) {
    std::string Where = dsa::locationString(Ctx, I->getBeginLoc());
    if (namesPooledGlobal(P, I)) {
      Why = "is initialised with a value that names an object moved into a pool at " +
            Where;
      return std::nullopt;
    }
    if (const InitListExpr *ILE = semantic(I)) {
      const auto *RD = ILE->getType()->getAsRecordDecl();
      if (RD && RD->isUnion()) {
        const FieldDecl *FD = ILE->getInitializedFieldInUnion();
        if (!FD || ILE->getNumInits() != 1 || FD->getName().empty()) {
          Why = "is initialised with a union ptrcomp cannot write again at " + Where;
          return std::nullopt;
        }
        std::optional<std::string> V = value(ILE->getInit(0));
        return V ? std::optional<std::string>("{." + FD->getName().str() + " = " + *V + "}")
                 : std::nullopt;
      }
      if (RD)
        return members(ILE, RD, [&](const FieldDecl *, const Expr *Sub) { return value(Sub); });
      std::vector<std::string> Elements;
      for (unsigned K = 0; K < ILE->getNumInits(); ++K) {
        const Expr *Sub = ILE->getInit(K);
        if (!Sub || isZeroInitializer(Sub, Ctx))
          continue;
        std::optional<std::string> V = value(Sub);
        if (!V)
          return std::nullopt;
        Elements.push_back("[" + std::to_string(K) + "] = " + *V);
      }
      return "{" + llvm::join(Elements, ", ") + "}";
    }
    const SourceManager &SM = Ctx.getSourceManager();
    // A function whose address becomes its clone's (a method in a holder's list).
    if (const Expr *Bare = I->IgnoreParenImpCasts(); const auto *FD = calledFunction(Bare)) {
      std::string Clone = dsa::fnPointerClone(P, FD);
      if (!Clone.empty())
        return (isa<UnaryOperator>(Bare) ? "&" : "") + Clone;
    }
    if (Scoped)
      return scopedLeaf(I);
    if (writtenInFile(I)) {
      CharSourceRange R = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(I->getSourceRange()), SM, Ctx.getLangOpts());
      if (R.isValid())
        return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    }
    const Expr *Bare = I->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Bare))
      if (const auto *EC = dyn_cast<EnumConstantDecl>(DRE->getDecl());
          EC && EC->getDeclContext()->getRedeclContext()->isFileContext())
        return EC->getName().str();
    if (const auto *SL = dyn_cast<StringLiteral>(Bare)) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      SL->outputString(OS);
      return OS.str();
    }
    Expr::EvalResult V;
    if (I->getType()->isIntegerType() && I->EvaluateAsInt(V, Ctx))
      return "(" + I->getType().getAsString() + ")" + toString(V.Val.getInt(), 10) +
             (V.Val.getInt().isUnsigned() ? "ULL" : "LL");
    Why = "is initialised with a value that a macro writes at " + Where;
    return std::nullopt;
  }

  /// The function that \p E names (`f`, `&f`), or null.
  static const FunctionDecl *calledFunction(const Expr *E) {
    if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
      E = U->getSubExpr()->IgnoreParens();
    const auto *DRE = dyn_cast<DeclRefExpr>(E);
    return DRE ? dyn_cast<FunctionDecl>(DRE->getDecl()) : nullptr;
  }

  /// A leaf value of a static local, as it means at file scope: its text when it names
  /// only what is declared at file scope, else an integer's value, a string, `__func__`'s
  /// name.
  std::optional<std::string> scopedLeaf(const Expr *I) {
    std::string Where = dsa::locationString(Ctx, I->getBeginLoc());
    const Expr *Bare = I->IgnoreParenImpCasts();
    const SourceManager &SM = Ctx.getSourceManager();
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(I->getSourceRange()), SM, Ctx.getLangOpts());
    if (writtenInFile(I) && R.isValid() && namesOnlyFileScope(I))
      return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
    Expr::EvalResult V;
    if (I->getType()->isIntegerType() && I->EvaluateAsInt(V, Ctx)) {
      QualType T = I->getType().getCanonicalType();
      if (const auto *ET = T->getAs<EnumType>())
        T = ET->getDecl()->getIntegerType().getCanonicalType();
      return "(" + T.getUnqualifiedType().getAsString() + ")" +
             toString(V.Val.getInt(), 10) + (V.Val.getInt().isUnsigned() ? "ULL" : "LL");
    }
    if (const auto *PE = dyn_cast<PredefinedExpr>(Bare); PE && PE->getFunctionName())
      Bare = PE->getFunctionName();
    if (const auto *SL = dyn_cast<StringLiteral>(Bare)) {
      std::string Out;
      llvm::raw_string_ostream OS(Out);
      SL->outputString(OS);
      return OS.str();
    }
    Why = "is initialised with a value that names what its function declares, or that a "
          "macro writes, at " + Where;
    return std::nullopt;
  }

  /// Whether every name in \p S (variables, functions, enumerators, types) is declared at
  /// file scope, and S holds no label's address or function name.
  static bool namesOnlyFileScope(const Stmt *S) {
    if (!S)
      return true;
    auto FileScopeType = [](QualType T) {
      for (;;) {
        if (const auto *TT = T->getAs<TypedefType>();
            TT && !TT->getDecl()->getDeclContext()->getRedeclContext()->isFileContext())
          return false;
        if (const TagDecl *TD = T->getAsTagDecl();
            TD && !TD->getDeclContext()->getRedeclContext()->isFileContext())
          return false;
        if (T->isPointerType() || T->isArrayType())
          T = T->isPointerType() ? T->getPointeeType()
                                 : QualType(T->getPointeeOrArrayElementType(), 0);
        else
          return true;
      }
    };
    if (isa<AddrLabelExpr>(S) || isa<PredefinedExpr>(S) || isa<StmtExpr>(S))
      return false;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      const Decl *D = DRE->getDecl();
      if (!D->getDeclContext()->getRedeclContext()->isFileContext())
        return false;
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && !VD->isFileVarDecl())
        return false;
    }
    if (const auto *CE = dyn_cast<ExplicitCastExpr>(S); CE && !FileScopeType(CE->getTypeAsWritten()))
      return false;
    if (const auto *CL = dyn_cast<CompoundLiteralExpr>(S); CL && !FileScopeType(CL->getType()))
      return false;
    if (const auto *UE = dyn_cast<UnaryExprOrTypeTraitExpr>(S);
        UE && UE->isArgumentType() && !FileScopeType(UE->getArgumentType()))
      return false;
    for (const Stmt *C : S->children())
      if (!namesOnlyFileScope(C))
        return false;
    return true;
  }
};
} // namespace

std::optional<std::string> holderList(const dsa::Plan &P, int LayoutId, const VarDecl *VD,
                                      std::string &Why) {
  const RecordDecl *RD = VD->getType()->getAsRecordDecl();
  if (!RD || !VD->getInit() || LayoutId < 0)
    return std::nullopt;
  ObjectList Object{P, P.Layouts[LayoutId], VD->getASTContext(), Why, VD->isStaticLocal()};
  return Object.text(VD->getInit(), RD);
}

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
  ObjectList Object{P, P.Layouts[Po.LayoutId], Ctx, Why, VD->isStaticLocal()};
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
