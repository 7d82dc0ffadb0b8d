//===- MacroBodies.cpp - a function's code spelled in macro bodies --------===//
#include "MacroBodies.h"

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

#include <cctype>
#include <functional>

using namespace clang;
namespace ptrcomp {

MacroBodies::MacroBodies(ASTContext &Ctx, const Preprocessor *PP,
                         const FunctionDecl *FD)
    : Ctx(Ctx), PP(PP) {
  const SourceManager &SM = Ctx.getSourceManager();
  File = SM.getFileID(SM.getExpansionLoc(FD->getBeginLoc()));
  index(FD->getBody(), nullptr);
}

void MacroBodies::index(const Stmt *S, const Stmt *Ranged) {
  if (!S)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  if (std::optional<FileRange> R =
          fileRangeIn(Ctx, File, S->getSourceRange())) {
    Ranged = S;
  } else if (S->getBeginLoc().isMacroID() && S->getEndLoc().isMacroID()) {
    Body[S] = Ranged;
    if (Ranged && !Roots.count(Ranged) && Ranged->getBeginLoc().isMacroID()) {
      // The nearest node with a text in the file is the root when that text is
      // exactly one macro invocation: the outermost macro whose expansion spans
      // it (LEFT, for
      // `#define LEFT(n) CHILD(n, left)`).
      FileRange Want = *fileRangeIn(Ctx, File, Ranged->getSourceRange());
      bool Header = false;
      if (const auto *FS = dyn_cast<ForStmt>(Ranged);
          FS && FS->getRParenLoc().isMacroID() &&
          Lexer::isAtStartOfMacroExpansion(FS->getBeginLoc(), SM,
                                           Ctx.getLangOpts()) &&
          Lexer::isAtEndOfMacroExpansion(FS->getRParenLoc(), SM,
                                         Ctx.getLangOpts())) {
        CharSourceRange XB = SM.getExpansionRange(FS->getBeginLoc());
        CharSourceRange XE = SM.getExpansionRange(FS->getRParenLoc());
        CharSourceRange XF =
            Lexer::makeFileCharRange(XB, SM, Ctx.getLangOpts());
        if (XB.getBegin() == XE.getBegin() && XB.getEnd() == XE.getEnd() &&
            XF.isValid() && SM.getFileID(XF.getBegin()) == File) {
          Want = {SM.getFileOffset(XF.getBegin()),
                  SM.getFileOffset(XF.getEnd())};
          Header = true;
        }
      }
      auto Matches = [&](CharSourceRange R) {
        return R.isValid() && SM.getFileID(R.getBegin()) == File &&
               SM.getFileID(R.getEnd()) == File &&
               SM.getFileOffset(R.getBegin()) == Want.first &&
               SM.getFileOffset(R.getEnd()) == Want.second;
      };
      std::optional<RootInfo> Found;
      // Up the chain of expansions from the node's first token; at a token
      // substituted for a macro parameter, both where the argument came from
      // (an invocation written in the argument) and the macro it was
      // substituted into.
      std::function<void(SourceLocation, int)> Visit = [&](SourceLocation L,
                                                           int Depth) {
        if (!L.isMacroID() || Depth > 64)
          return;
        if (SM.isMacroArgExpansion(L)) {
          Visit(SM.getImmediateSpellingLoc(L), Depth + 1);
          Visit(SM.getImmediateExpansionRange(L).getBegin(), Depth + 1);
          return;
        }
        CharSourceRange X = SM.getImmediateExpansionRange(L);
        CharSourceRange XF = Lexer::makeFileCharRange(X, SM, Ctx.getLangOpts());
        if (!Matches(XF) && SM.isMacroArgExpansion(X.getBegin())) {
          // An invocation written in another macro's argument: where it is
          // spelled.
          SourceLocation B = SM.getSpellingLoc(X.getBegin());
          SourceLocation E = SM.getSpellingLoc(X.getEnd());
          if (B.isFileID() && E.isFileID() &&
              SM.getFileID(B) == SM.getFileID(E))
            XF = CharSourceRange::getCharRange(
                B, E.getLocWithOffset(
                       Lexer::MeasureTokenLength(E, SM, Ctx.getLangOpts())));
        }
        if (Matches(XF)) {
          // The macro whose name is written in the file at the invocation.
          SourceLocation NameAt = SM.getSpellingLoc(X.getBegin());
          bool Spelled = NameAt.isFileID() && SM.getFileID(NameAt) == File &&
                         SM.getFileOffset(NameAt) == Want.first;
          if (!Found || Spelled) {
            RootInfo RI;
            RI.Range = Want;
            RI.Header = Header;
            SmallVector<char, 32> Buf;
            bool Invalid = false;
            StringRef Name = Lexer::getSpelling(NameAt, Buf, SM,
                                                Ctx.getLangOpts(), &Invalid);
            RI.Macro = Invalid ? "" : Name.str();
            RI.Where = dsa::locationString(Ctx, XF.getBegin());
            if (PP && !RI.Macro.empty())
              if (const MacroInfo *MI =
                      PP->getMacroInfo(&Ctx.Idents.get(RI.Macro)))
                RI.Def = dsa::locationString(Ctx, MI->getDefinitionLoc());
            Found = RI;
          }
        }
        Visit(X.getBegin(), Depth + 1);
      };
      Visit(S->getBeginLoc(), 0);
      if (Found)
        Roots[Ranged] = *Found;
    }
  }
  for (const Stmt *C : S->children())
    index(C, Ranged);
}

const Stmt *MacroBodies::rootOf(const Stmt *S) const {
  auto It = Body.find(S);
  if (It == Body.end() || !It->second || !Roots.count(It->second))
    return nullptr;
  return It->second;
}

const Stmt *MacroBodies::rootAt(unsigned Offset) const {
  for (auto &[Root, Info] : Roots)
    if (Info.Range.first == Offset)
      return Root;
  return nullptr;
}

const Stmt *MacroBodies::rootAround(FileRange R) const {
  const Stmt *Best = nullptr;
  unsigned BestLength = ~0u;
  for (auto &[Root, Info] : Roots)
    if (Info.Range.first <= R.first && R.second <= Info.Range.second &&
        Info.Range != R && Info.Range.second - Info.Range.first < BestLength) {
      Best = Root;
      BestLength = Info.Range.second - Info.Range.first;
    }
  return Best;
}

std::string MacroBodies::problem(const Stmt *S) const {
  if (!inBody(S) || rootOf(S))
    return "";
  return "used inside a macro at " +
         dsa::locationString(Ctx, S->getBeginLoc()) +
         " (the macro's use is not a whole expression or statement, so it "
         "cannot be "
         "expanded there)";
}

namespace {

class SubstHelper : public PrinterHelper {
public:
  SubstHelper(
      const Stmt *Root,
      const std::function<std::optional<std::string>(const Stmt *)> &Subst,
      ASTContext &Ctx)
      : Root(Root), Subst(Subst), Ctx(Ctx), Policy(Ctx.getPrintingPolicy()) {
    Policy.IncludeNewlines = true;
  }
  PrintingPolicy Policy;

  bool handledStmt(Stmt *S, raw_ostream &OS) override {
    if (S != Root)
      if (std::optional<std::string> T = Subst(S)) {
        // Text from the file keeps its line breaks (a // comment may end
        // there).
        OS << '\x01' << *T << '\x02';
        return true;
      }
    // The printer writes a for-loop's declaration itself, without asking: a new one
    // (`for (pc_idx32 q = h; ...)`) is put in here. Its text ends with the `;`.
    if (const auto *FS = dyn_cast<ForStmt>(S))
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(FS->getInit()))
        if (std::optional<std::string> T = Subst(DS)) {
          OS << "for (" << '\x01' << *T << '\x02' << " ";
          if (FS->getCond())
            FS->getCond()->printPretty(OS, this, Policy, 0, "\n", &Ctx);
          OS << "; ";
          if (FS->getInc())
            FS->getInc()->printPretty(OS, this, Policy, 0, "\n", &Ctx);
          OS << ") ";
          FS->getBody()->printPretty(OS, this, Policy, 0, "\n", &Ctx);
          if (isa<Expr>(FS->getBody()))
            OS << ";"; // an expression statement: printed alone, it has none
          return true;
        }
    // A number or character as it is written in the macro (`0.1`, `0x10`, not
    // the printer's `0.10000000000000001`, `16`).
    if (isa<IntegerLiteral>(S) || isa<FloatingLiteral>(S) ||
        isa<CharacterLiteral>(S))
      if (S->getBeginLoc() == S->getEndLoc()) {
        const SourceManager &SM = Ctx.getSourceManager();
        if (std::optional<std::string> L = lineOfBody(S)) {
          OS << *L;
          return true;
        }
        SmallVector<char, 32> Buf;
        bool Invalid = false;
        StringRef Spelled =
            Lexer::getSpelling(SM.getSpellingLoc(S->getBeginLoc()), Buf, SM,
                               Ctx.getLangOpts(), &Invalid);
        if (!Invalid && !Spelled.empty()) {
          // `__LINE__` written in an argument: the line it is on, which both compilers
          // give it, and which the expansion, written on the use's first line, is not.
          if (Spelled == "__LINE__" && isa<IntegerLiteral>(S))
            OS << cast<IntegerLiteral>(S)->getValue().getLimitedValue();
          else
            OS << Spelled;
          return true;
        }
      }
    // A comparison of a variable with itself, written by the macro with two
    // parameters that the invocation gives the same variable (`DL_DELETE(head,
    // head)` compares `(del) == (head)`): compilers warn about a self-comparison
    // in the file (-Wtautological-compare) but not inside a macro, so its value
    // is written instead, the comparison beside it as a comment.
    if (const auto *BO = dyn_cast<BinaryOperator>(S))
      if (std::optional<std::string> T = selfComparison(BO)) {
        OS << *T;
        return true;
      }
    // __FILE__ stays a name: the output names no path of the machine that ran
    // ptrcomp.
    if (isa<StringLiteral>(S) && S->getBeginLoc() == S->getEndLoc() &&
        S->getBeginLoc().isMacroID()) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Use =
          SM.getImmediateExpansionRange(S->getBeginLoc()).getBegin();
      SmallVector<char, 32> Buf;
      bool Invalid = false;
      StringRef Name = Lexer::getSpelling(SM.getSpellingLoc(Use), Buf, SM,
                                          Ctx.getLangOpts(), &Invalid);
      if (!Invalid && (Name == "__FILE__" || Name == "__BASE_FILE__" ||
                       Name == "__FILE_NAME__")) {
        OS << Name;
        return true;
      }
    }
    // The printer prints declarations without this helper: a declaration whose
    // initialiser holds a substitution is printed here.
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      bool AllVars = true;
      for (const Decl *D : DS->decls())
        AllVars &= isa<VarDecl>(D);
      if (!AllVars)
        return false;
      PrintingPolicy Policy = Ctx.getPrintingPolicy();
      bool First = true;
      for (const Decl *D : DS->decls()) {
        const auto *VD = cast<VarDecl>(D);
        if (!First)
          OS << " ";
        First = false;
        if (VD->getStorageClass() == SC_Static)
          OS << "static ";
        else if (VD->getStorageClass() == SC_Register)
          OS << "register ";
        VD->getType().print(OS, Policy, VD->getName());
        if (const Expr *Init = VD->getInit()) {
          OS << " = ";
          Init->printPretty(OS, this, Policy, 0, "\n", &Ctx);
        }
        OS << ";";
      }
      OS << "\n";
      return true;
    }
    return false;
  }

private:
  /// For a number that `__LINE__` in a macro's body gave, in a use spread over several
  /// lines: `PC_RT_LINE(5, 7)`, the line of the macro's name (GCC's number) and the
  /// number clang gave (its closing parenthesis'). nullopt for any other number.
  std::optional<std::string> lineOfBody(const Stmt *S) const {
    const SourceManager &SM = Ctx.getSourceManager();
    const auto *IL = dyn_cast<IntegerLiteral>(S);
    SourceLocation Loc = S->getBeginLoc();
    if (!IL || !Loc.isMacroID() || SM.isMacroArgExpansion(Loc))
      return std::nullopt;
    SourceLocation Use = SM.getImmediateExpansionRange(Loc).getBegin();
    SmallVector<char, 32> Buf;
    bool Invalid = false;
    StringRef Name =
        Lexer::getSpelling(SM.getSpellingLoc(Use), Buf, SM, Ctx.getLangOpts(), &Invalid);
    if (Invalid || Name != "__LINE__")
      return std::nullopt;
    unsigned First = SM.getPresumedLineNumber(SM.getExpansionRange(Loc).getBegin());
    uint64_t Clang = IL->getValue().getLimitedValue();
    if (First == 0 || First == Clang)
      return std::nullopt;
    return "PC_RT_LINE(" + std::to_string(First) + ", " + std::to_string(Clang) + ")";
  }

  /// `1 /* a == a */` for a comparison, spelled in a macro's body, of one non-volatile
  /// integer or pointer variable (or `.` member of one) with itself; nullopt otherwise.
  std::optional<std::string> selfComparison(const BinaryOperator *BO) const {
    if (!BO->isComparisonOp() || !BO->getOperatorLoc().isMacroID() ||
        !Ctx.getSourceManager().isMacroBodyExpansion(BO->getOperatorLoc()))
      return std::nullopt;
    // A non-volatile variable, or a member of one reached through `.` (`b.list`, which
    // utlist's DL_DELETE(b.list, b.list) compares with itself): its name as written;
    // "" for anything else (an arrow reads through a pointer: kept as it is).
    std::function<std::string(const Expr *)> Name = [&](const Expr *X) -> std::string {
      X = X->IgnoreParenImpCasts();
      if (X->getType().isVolatileQualified())
        return "";
      if (const auto *DRE = dyn_cast<DeclRefExpr>(X)) {
        const auto *VD = dyn_cast<VarDecl>(DRE->getDecl());
        return VD && !VD->getType().isVolatileQualified() ? VD->getName().str() : "";
      }
      if (const auto *ME = dyn_cast<MemberExpr>(X); ME && !ME->isArrow()) {
        std::string Base = Name(ME->getBase());
        return Base.empty() ? "" : Base + "." + ME->getMemberDecl()->getName().str();
      }
      return "";
    };
    std::string L = Name(BO->getLHS());
    if (L.empty() || L != Name(BO->getRHS()))
      return std::nullopt;
    QualType T = BO->getLHS()->IgnoreParenImpCasts()->getType();
    if (!T->isIntegralOrEnumerationType() && !T->isAnyPointerType())
      return std::nullopt;
    BinaryOperatorKind K = BO->getOpcode();
    bool Value = K == BO_EQ || K == BO_LE || K == BO_GE;
    std::string Name_ = L;
    return std::string(Value ? "1" : "0") + " /* " + Name_ + " " +
           BO->getOpcodeStr().str() + " " + Name_ + " */";
  }

  const Stmt *Root;
  const std::function<std::optional<std::string>(const Stmt *)> &Subst;
  ASTContext &Ctx;
};

} // namespace

std::string printExpansion(
    const Stmt *S, ASTContext &Ctx,
    const std::function<std::optional<std::string>(const Stmt *)> &Subst) {
  std::string Raw;
  llvm::raw_string_ostream OS(Raw);
  SubstHelper H(S, Subst, Ctx);
  S->printPretty(OS, &H, H.Policy, 0, "\n", &Ctx);
  OS.flush();
  // The printer's line breaks and indentation become single spaces; text
  // substituted from the file keeps its own.
  std::string Out;
  bool Verbatim = false, Space = false, Escaped = false;
  char Quote = 0; // inside a string or character literal the printer wrote
  for (char C : Raw) {
    if (C == '\x01' || C == '\x02') {
      Verbatim = C == '\x01';
      continue;
    }
    if (!Verbatim && !Quote && (C == '\n' || C == ' ' || C == '\t')) {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
    if (Verbatim)
      continue;
    if (Quote) {
      if (Escaped)
        Escaped = false;
      else if (C == '\\')
        Escaped = true;
      else if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    }
  }
  return Out;
}

} // namespace ptrcomp
