//===- MacroArguments.cpp - a function's code spelled in macro arguments --===//
#include "MacroArguments.h"

#include "ptrcomp/analysis/CodeChildren.h"
#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"

#include <cctype>
#include <functional>

using namespace clang;
namespace ptrcomp {

std::optional<FileRange> fileRangeIn(const ASTContext &Ctx, FileID File, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  if (CR.isInvalid())
    return std::nullopt;
  auto [FID, B] = SM.getDecomposedLoc(CR.getBegin());
  auto [FID2, E] = SM.getDecomposedLoc(CR.getEnd());
  if (FID != FID2 || FID != File || E < B)
    return std::nullopt;
  return FileRange(B, E);
}

/// The text of the token at file location \p L.
static std::string tokenAt(const SourceManager &SM, const LangOptions &LO,
                           SourceLocation L) {
  if (L.isInvalid() || !L.isFileID())
    return "";
  SmallVector<char, 32> Buf;
  bool Invalid = false;
  StringRef S = Lexer::getSpelling(L, Buf, SM, LO, &Invalid);
  return Invalid ? "" : S.str();
}

MacroArguments::MacroArguments(ASTContext &Ctx, const Preprocessor *PP,
                               const FunctionDecl *FD)
    : Ctx(Ctx), PP(PP) {
  const SourceManager &SM = Ctx.getSourceManager();
  File = SM.getFileID(SM.getExpansionLoc(FD->getBeginLoc()));
  index(FD->getBody(), std::nullopt, false, nullptr);
}

bool MacroArguments::inArgument(const Stmt *S, std::optional<FileRange> R) const {
  // Spelled in the file but not from the start of the outermost macro invocation holding
  // it: inside the invocation's arguments.
  if (!R || !S->getBeginLoc().isMacroID())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Outer = SM.getExpansionLoc(S->getBeginLoc());
  return SM.getFileID(Outer) == File && SM.getFileOffset(Outer) != R->first;
}

void MacroArguments::index(const Stmt *S, std::optional<FileRange> ParentRange,
                           bool ParentInArg, const UnaryExprOrTypeTraitExpr *Unevaluated) {
  if (!S)
    return;
  std::optional<FileRange> R = fileRangeIn(Ctx, File, S->getSourceRange());
  bool InArg = inArgument(S, R);
  bool InsideParent = InArg && ParentInArg && ParentRange &&
                      ParentRange->first <= R->first && R->second <= ParentRange->second;
  if (InArg && !InsideParent) {
    CopyRanges[S] = *R;
    Copies[*R].push_back({S, Unevaluated});
    if (Unevaluated)
      InOperand[Unevaluated].push_back(*R);
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (const auto *SL = dyn_cast<StringLiteral>(S))
    for (unsigned I = 0; I < SL->getNumConcatenated(); ++I) {
      // A string made by # is written in the scratch buffer, and its expansion starts at
      // the # in the macro's body (__FILE__ and _Pragma also write there).
      SourceLocation L = SL->getStrTokenLoc(I);
      while (L.isMacroID()) {
        const SrcMgr::ExpansionInfo &EI = SM.getSLocEntry(SM.getFileID(L)).getExpansion();
        SourceLocation Spell = SM.getImmediateSpellingLoc(L);
        if (EI.isMacroArgExpansion()) {
          L = Spell;
          continue;
        }
        SourceLocation Start = EI.getExpansionLocStart();
        SourceLocation Hash = SM.getSpellingLoc(Start);
        SourceLocation Outer = SM.getExpansionLoc(Start);
        if (Spell.isFileID() && SM.isWrittenInScratchSpace(Spell) &&
            tokenAt(SM, Ctx.getLangOpts(), Hash) == "#" && SM.getFileID(Outer) == File) {
          std::string Text = tokenAt(SM, Ctx.getLangOpts(), Spell);
          size_t Open = Text.find('"'), Close = Text.rfind('"');
          if (Open != std::string::npos && Close > Open)
            Strings.push_back(
                {SM.getFileOffset(Outer), Text.substr(Open + 1, Close - Open - 1), Hash,
                 Start.isMacroID()
                     ? Lexer::getImmediateMacroName(Start, SM, Ctx.getLangOpts()).str()
                     : ""});
        }
        break;
      }
    }
  const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S);
  for (const Stmt *C : codeChildren(S))
    index(C, R, InArg, U ? U : Unevaluated);
}

std::optional<FileRange> MacroArguments::copyRange(const Stmt *S) const {
  auto It = CopyRanges.find(S);
  if (It == CopyRanges.end())
    return std::nullopt;
  return It->second;
}

const std::vector<MacroArguments::Copy> &MacroArguments::copiesAt(FileRange R) const {
  static const std::vector<Copy> None;
  auto It = Copies.find(R);
  return It == Copies.end() ? None : It->second;
}

bool MacroArguments::followsTwin(const Copy &C) const {
  if (!C.Unevaluated || C.Unevaluated->isArgumentType() ||
      !C.Unevaluated->getArgumentExpr()->getType()->isArithmeticType())
    return false;
  auto R = copyRange(C.S);
  for (const Copy &Twin : copiesAt(*R))
    if (!Twin.Unevaluated)
      return true;
  return false;
}

bool MacroArguments::operandFollowsTwins(const UnaryExprOrTypeTraitExpr *E) const {
  auto It = InOperand.find(E);
  if (It == InOperand.end())
    return false;
  for (FileRange R : It->second)
    for (const Copy &C : copiesAt(R))
      if (C.Unevaluated == E && !followsTwin(C))
        return false;
  // Around the copies, the macro's own code must hold no pointer that could need a new
  // text (glibc's `(expr) ? 1 : 0` holds none).
  bool Pointers = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S || Pointers || CopyRanges.count(S))
      return;
    if (const auto *X = dyn_cast<Expr>(S))
      if (!isa<ParenExpr>(X) && !isa<ImplicitCastExpr>(X) &&
          X->getType()->isAnyPointerType())
        Pointers = true;
    for (const Stmt *C : codeChildren(S))
      Walk(C);
  };
  Walk(E->getArgumentExpr());
  return !Pointers;
}

/// The macro whose argument \p L (a macro argument location) is, and where its
/// parameter sits in the macro's body.
static std::pair<std::string, SourceLocation>
argumentOf(const SourceManager &SM, const LangOptions &LO, SourceLocation L) {
  SourceLocation ParamAt =
      SM.getSLocEntry(SM.getFileID(L)).getExpansion().getExpansionLocStart();
  if (!ParamAt.isMacroID())
    return {"", ParamAt};
  const SrcMgr::ExpansionInfo &Body = SM.getSLocEntry(SM.getFileID(ParamAt)).getExpansion();
  return {tokenAt(SM, LO, SM.getSpellingLoc(Body.getExpansionLocStart())), ParamAt};
}

std::string MacroArguments::stringify(FileRange R) const {
  // As the preprocessor's # does (C11 6.10.3.2): one space where the argument had any
  // white space between tokens, \ and " escaped inside string and character literals.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  StringRef Buf = SM.getBufferData(File);
  Lexer Lex(SM.getLocForStartOfFile(File), LO, Buf.begin(), Buf.begin() + R.first,
            Buf.end());
  std::string Out;
  Token T;
  for (bool First = true;; First = false) {
    Lex.LexFromRawLexer(T);
    if (T.is(tok::eof) || SM.getFileOffset(T.getLocation()) >= R.second)
      break;
    if (!First && (T.hasLeadingSpace() || T.isAtStartOfLine()))
      Out += ' ';
    std::string S = Lexer::getSpelling(T, SM, LO);
    if (tok::isStringLiteral(T.getKind()) || T.is(tok::char_constant) ||
        T.is(tok::wide_char_constant) || T.is(tok::utf8_char_constant) ||
        T.is(tok::utf16_char_constant) || T.is(tok::utf32_char_constant))
      S = Lexer::Stringify(S);
    Out += S;
  }
  return Out;
}

/// Whether \p Text occurs in \p In starting and ending at token boundaries.
static bool containsTokens(StringRef In, StringRef Text) {
  auto IdChar = [](char C) { return std::isalnum((unsigned char)C) || C == '_'; };
  for (size_t P = In.find(Text); P != StringRef::npos; P = In.find(Text, P + 1)) {
    bool Left = P == 0 || !IdChar(In[P - 1]) || !IdChar(Text.front());
    size_t E = P + Text.size();
    bool Right = E == In.size() || !IdChar(In[E]) || !IdChar(Text.back());
    if (Left && Right)
      return true;
  }
  return false;
}

bool MacroArguments::stringizes(unsigned Invocation) const {
  for (const StringizedText &St : Strings)
    if (St.Outermost == Invocation)
      return true;
  return false;
}

std::string MacroArguments::stringized(const Stmt *S, unsigned *Invocation) const {
  auto R = copyRange(S);
  if (!R)
    return "";
  std::string Text = stringify(*R);
  if (Text.empty())
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned Outer = SM.getFileOffset(SM.getExpansionLoc(S->getBeginLoc()));
  for (const StringizedText &St : Strings) {
    if (St.Outermost != Outer || !containsTokens(St.Content, Text))
      continue;
    if (Invocation)
      *Invocation = St.Outermost;
    return "the macro argument at " + where(S) + " is stringized by '" + St.Macro + "' (" +
           dsa::locationString(Ctx, St.Hash) +
           "), whose text would no longer be the original";
  }
  return "";
}

std::string MacroArguments::pasted(const Stmt *S) const {
  if (!PP)
    return "";
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  // Every macro whose argument holds S, innermost first.
  for (SourceLocation L = S->getBeginLoc(); L.isMacroID();) {
    if (!SM.isMacroArgExpansion(L)) {
      L = SM.getImmediateExpansionRange(L).getBegin();
      continue;
    }
    auto [Name, ParamAt] = argumentOf(SM, LO, L);
    L = SM.getImmediateSpellingLoc(L);
    SourceLocation ParamDef = SM.getSpellingLoc(ParamAt);
    std::string Param = tokenAt(SM, LO, ParamDef);
    if (Name.empty() || Param.empty())
      continue;
    const MacroInfo *MI = nullptr;
    for (const MacroDirective *MD =
             PP->getLocalMacroDirectiveHistory(PP->getIdentifierInfo(Name));
         MD && !MI; MD = MD->getPrevious())
      if (const auto *Def = dyn_cast<DefMacroDirective>(MD))
        if (SM.isPointWithin(ParamDef, Def->getInfo()->getDefinitionLoc(),
                             Def->getInfo()->getDefinitionEndLoc()))
          MI = Def->getInfo();
    if (!MI)
      continue;
    ArrayRef<Token> Toks = MI->tokens();
    auto IsParam = [&](size_t J) {
      return J < Toks.size() && Toks[J].getIdentifierInfo() &&
             Toks[J].getIdentifierInfo()->getName() == Param;
    };
    for (size_t I = 0; I < Toks.size(); ++I) {
      if (!Toks[I].is(tok::hashhash))
        continue;
      // GNU `, ## __VA_ARGS__` only drops the comma when there are no arguments.
      bool CommaOnly = I > 0 && Toks[I - 1].is(tok::comma) && MI->isVariadic() &&
                       !MI->params().empty() && MI->params().back()->getName() == Param;
      if ((I > 0 && IsParam(I - 1)) || (IsParam(I + 1) && !CommaOnly))
        return "the macro argument at " + where(S) + " is pasted with ## by '" + Name +
               "' (" + dsa::locationString(Ctx, MI->getDefinitionLoc()) + ")";
    }
  }
  return "";
}

std::string MacroArguments::where(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  if (auto R = copyRange(S))
    return dsa::locationString(Ctx, SM.getComposedLoc(File, R->first));
  return dsa::locationString(Ctx, S->getBeginLoc());
}

std::string MacroArguments::macroName(const Stmt *S) const {
  const SourceManager &SM = Ctx.getSourceManager();
  for (SourceLocation L = S->getBeginLoc(); L.isMacroID();) {
    if (SM.isMacroArgExpansion(L))
      return argumentOf(SM, Ctx.getLangOpts(), L).first;
    L = SM.getImmediateExpansionRange(L).getBegin();
  }
  return "";
}

} // namespace ptrcomp
