//===- FileScopeExpansions.cpp - macro uses that define functions, written out ===//
#include "FileScopeExpansions.h"
#include "LineDirectives.h"
#include "Output.h"

#include "ptrcomp/Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/MacroInfo.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <set>

using namespace clang;
using namespace llvm;
namespace ptrcomp {

namespace {

/// A macro use at file scope in the main file and what it declares.
struct Use {
  unsigned Begin = 0, End = 0; ///< offsets: the macro's name, past its last token
  bool Defines = false;        ///< a function definition among its declarations
  bool Partial = false;        ///< a declaration only partly inside it
  std::vector<const Decl *> Decls;
};

/// Offsets [begin, end) in the main file of the outermost macro use holding \p L.
std::optional<std::pair<unsigned, unsigned>> outermostUse(const SourceManager &SM,
                                                          const LangOptions &LO,
                                                          SourceLocation L) {
  if (!L.isMacroID())
    return std::nullopt;
  CharSourceRange R = SM.getExpansionRange(L);
  SourceLocation B = R.getBegin(), E = R.getEnd();
  if (!B.isFileID() || !E.isFileID() || !SM.isInMainFile(B) || !SM.isInMainFile(E))
    return std::nullopt;
  unsigned End = SM.getFileOffset(E);
  if (R.isTokenRange())
    End += Lexer::MeasureTokenLength(E, SM, LO);
  return std::make_pair(SM.getFileOffset(B), End);
}

/// The file-scope uses of \p Ctx's main file, by offset.
std::map<unsigned, Use> usesOf(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<unsigned, Use> Uses;
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->isImplicit())
      continue;
    auto B = outermostUse(SM, Ctx.getLangOpts(), D->getBeginLoc());
    auto E = outermostUse(SM, Ctx.getLangOpts(), D->getEndLoc());
    if (B && E && *B == *E) {
      Use &U = Uses[B->first];
      U.Begin = B->first;
      U.End = B->second;
      U.Decls.push_back(D);
      if (const auto *FD = dyn_cast<FunctionDecl>(D))
        U.Defines |= FD->doesThisDeclarationHaveABody();
      continue;
    }
    for (auto &R : {B, E})
      if (R) {
        Uses[R->first].Begin = R->first;
        Uses[R->first].End = R->second;
        Uses[R->first].Partial = true;
      }
  }
  return Uses;
}

bool identifierChar(char C) { return isAlnum(C) || C == '_' || C == '$'; }

/// Whether text \p A followed directly by \p B could lex as tokens other than theirs.
bool mayJoin(StringRef A, StringRef B) {
  if (A.empty() || B.empty())
    return false;
  char X = A.back(), Y = B.front();
  if (identifierChar(X) && (identifierChar(Y) || Y == '\'' || Y == '"'))
    return true; // `a b`, a string's prefix (`L"x"`)
  if (X == '.' && isDigit(Y))
    return true;
  static const StringRef Punct = "+-*/%<>=&|^!.#:";
  return Punct.contains(X) && Punct.contains(Y);
}

/// The string literal that `#param` makes of argument text \p Arg.
std::string stringize(StringRef Arg) {
  std::string S = "\"";
  bool Space = false;
  char Quote = 0;
  for (size_t I = 0; I < Arg.size(); ++I) {
    char C = Arg[I];
    if (!Quote && isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space && S.size() > 1)
      S += ' ';
    Space = false;
    if (Quote) {
      if (C == '\\' && I + 1 < Arg.size()) {
        S += "\\\\";
        C = Arg[++I];
        if (C == '"' || C == '\\')
          S += '\\';
        S += C;
        continue;
      }
      if (C == Quote)
        Quote = 0;
    } else if (C == '"' || C == '\'') {
      Quote = C;
    }
    if (C == '"')
      S += '\\';
    S += C;
  }
  return S + "\"";
}

/// The identifiers of \p Text (strings and comments included: more is harmless).
void identifiersOf(StringRef Text, std::vector<std::string> &Out) {
  for (size_t I = 0; I < Text.size();) {
    if (!identifierChar(Text[I]) || isDigit(Text[I])) {
      ++I;
      continue;
    }
    size_t J = I;
    while (J < Text.size() && identifierChar(Text[J]))
      ++J;
    Out.push_back(Text.slice(I, J).str());
    I = J;
  }
}

/// Every definition \p Name has had in \p PP.
std::vector<const MacroInfo *> definitionsOf(Preprocessor &PP, StringRef Name) {
  std::vector<const MacroInfo *> Out;
  IdentifierTable &Idents = PP.getIdentifierTable();
  if (Idents.find(Name) == Idents.end())
    return Out;
  IdentifierInfo *II = PP.getIdentifierInfo(Name);
  if (!II->hadMacroDefinition())
    return Out;
  for (const MacroDirective *MD = PP.getLocalMacroDirectiveHistory(II); MD;
       MD = MD->getPrevious())
    if (const auto *Def = dyn_cast<DefMacroDirective>(MD))
      Out.push_back(Def->getInfo());
  return Out;
}

/// Whether expanding \p Text may produce one of \p Targets: one of them is among its
/// identifiers or those of the macros they name, through every definition each has had;
/// and where such a macro pastes names (##), a target may start with a name pasted.
bool reachesName(Preprocessor &PP, StringRef Text, std::set<std::string> Targets) {
  std::vector<std::string> Work;
  identifiersOf(Text, Work);
  std::set<std::string> Seen, Pasted;
  bool Pastes = false;
  while (!Work.empty()) {
    std::string Name = Work.back();
    Work.pop_back();
    if (!Seen.insert(Name).second)
      continue;
    if (Targets.count(Name))
      return true;
    for (const MacroInfo *MI : definitionsOf(PP, Name)) {
      ArrayRef<Token> Toks = MI->tokens();
      for (size_t I = 0; I < Toks.size(); ++I) {
        if (const IdentifierInfo *TI = Toks[I].getIdentifierInfo())
          Work.push_back(TI->getName().str());
        if (Toks[I].is(tok::hashhash)) {
          Pastes = true;
          for (size_t J : {I - 1, I + 1})
            if (J < Toks.size() && Toks[J].getIdentifierInfo())
              Pasted.insert(Toks[J].getIdentifierInfo()->getName().str());
        }
      }
    }
  }
  if (!Pastes)
    return false;
  // The macros that lead to a target, and whether a name pasted (or written in the
  // text, as an argument pasted) could begin one of them.
  std::vector<std::string> Words;
  identifiersOf(Text, Words);
  Pasted.insert(Words.begin(), Words.end());
  std::set<std::string> Leading = Targets;
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (auto &[II, State] : PP.macros())
      if (!Leading.count(II->getName().str()))
        for (const MacroInfo *MI : definitionsOf(PP, II->getName()))
          for (const Token &T : MI->tokens())
            if (const IdentifierInfo *TI = T.getIdentifierInfo();
                TI && Leading.count(TI->getName().str()) &&
                Leading.insert(II->getName().str()).second)
              Grew = true;
  }
  for (const std::string &L : Leading)
    for (const std::string &P : Pasted)
      if (P.size() >= 2 && P != L && compat::startsWith(L, P))
        return true;
  return false;
}

/// The leading blanks of the line that holds \p L (a token of a #define).
std::string indentationAt(const SourceManager &SM, SourceLocation L) {
  auto [FID, Off] = SM.getDecomposedSpellingLoc(L);
  bool Invalid = false;
  StringRef Buf = SM.getBufferData(FID, &Invalid);
  if (Invalid)
    return "";
  size_t Start = Buf.rfind('\n', Off);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  StringRef Line = Buf.slice(Start, Off);
  return Line.take_while([](char C) { return C == ' ' || C == '\t'; }).str();
}

/// The one-level expansion of the use at [Begin, End) of \p Buf (and where the #define's
/// lines start in it), or "" when it cannot be written out faithfully as text.
std::string writeOut(Preprocessor &PP, const SourceManager &SM, FileID Main, StringRef Buf,
                     unsigned Begin, unsigned End,
                     std::vector<std::pair<unsigned, std::string>> &Breaks) {
  const LangOptions &LO = PP.getLangOpts();
  SourceLocation At = SM.getComposedLoc(Main, Begin);
  if (SM.getLineNumber(Main, Begin) != SM.getLineNumber(Main, End - 1))
    return ""; // other lines would shift, and __LINE__ change
  unsigned NameLen = Lexer::MeasureTokenLength(At, SM, LO);
  StringRef Name = Buf.substr(Begin, NameLen);
  IdentifierInfo *II = PP.getIdentifierInfo(Name);
  const MacroInfo *MI = PP.getMacroDefinitionAtLoc(II, At).getMacroInfo();
  if (!MI || MI->isBuiltinMacro())
    return "";

  // The arguments as written: top-level commas split them.
  std::vector<StringRef> Args;
  if (MI->isFunctionLike()) {
    Lexer Lex(SM.getLocForStartOfFile(Main), LO, Buf.begin(), Buf.begin() + Begin + NameLen,
              Buf.end());
    Token T;
    Lex.LexFromRawLexer(T);
    if (!T.is(tok::l_paren))
      return "";
    int Depth = 1;
    unsigned ArgBegin = ~0u, ArgEnd = 0;
    while (true) {
      Lex.LexFromRawLexer(T);
      unsigned Off = SM.getFileOffset(T.getLocation());
      if (T.is(tok::eof) || Off >= End)
        return "";
      bool Closes = T.is(tok::r_paren) && Depth == 1;
      if ((T.is(tok::comma) && Depth == 1) || Closes) {
        Args.push_back(ArgBegin == ~0u ? StringRef() : Buf.slice(ArgBegin, ArgEnd));
        ArgBegin = ~0u;
        if (Closes) {
          if (Off + 1 != End)
            return "";
          break;
        }
        continue;
      }
      if (T.isOneOf(tok::l_paren, tok::l_square, tok::l_brace))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square, tok::r_brace))
        --Depth;
      if (ArgBegin == ~0u)
        ArgBegin = Off;
      ArgEnd = Off + T.getLength();
    }
    unsigned N = MI->getNumParams();
    if (MI->isVariadic() && Args.size() > N) {
      // The variable arguments are one, commas included.
      StringRef First = Args[N - 1], Last = Args.back();
      if (!First.empty() && !Last.empty())
        Args[N - 1] = StringRef(First.begin(), Last.end() - First.begin());
      Args.resize(N);
    }
    if (N == 0 && Args.size() == 1 && Args[0].empty())
      Args.clear();
    if (MI->isVariadic() && Args.size() + 1 == N)
      Args.push_back(StringRef());
    if (Args.size() != N)
      return "";
  } else if (Begin + NameLen != End) {
    return "";
  }
  for (StringRef A : Args)
    if (A.contains("/*") || A.contains("//"))
      return "";

  ArrayRef<Token> Toks = MI->tokens();
  auto Param = [&](size_t I) -> int {
    if (I >= Toks.size() || !Toks[I].getIdentifierInfo())
      return -1;
    ArrayRef<const IdentifierInfo *> Ps = MI->params();
    for (size_t P = 0; P < Ps.size(); ++P)
      if (Ps[P] == Toks[I].getIdentifierInfo())
        return P;
    return -1;
  };
  for (const Token &T : Toks)
    if (const IdentifierInfo *TI = T.getIdentifierInfo())
      if (TI == II || TI->getName() == "__VA_OPT__")
        return ""; // its own name is not expanded again; __VA_OPT__ is not written out
  for (StringRef A : Args)
    if (A.contains(Name))
      return "";
  // The preprocessor expands an argument once, however often its parameter appears;
  // written out, each copy is expanded (or dropped) on its own: not for a counter.
  for (StringRef A : Args)
    if (reachesName(PP, A, {"__COUNTER__"}))
      return "";

  std::string Out;
  bool Glue = false, LastSubstituted = false;
  unsigned LastLine = 0;
  for (size_t I = 0; I < Toks.size(); ++I) {
    const Token &T = Toks[I];
    unsigned Line = SM.getSpellingLineNumber(T.getLocation());
    bool NewLine = LastLine && Line > LastLine && !Glue;
    LastLine = Line;
    if (T.is(tok::hashhash)) {
      int Next = Param(I + 1);
      // GNU `, ## __VA_ARGS__`: the comma goes when there are no variable arguments.
      if (I > 0 && Toks[I - 1].is(tok::comma) && MI->isVariadic() &&
          Next == (int)MI->getNumParams() - 1 && Args[Next].empty()) {
        while (!Out.empty() && Out.back() == ' ')
          Out.pop_back();
        if (!Out.empty() && Out.back() == ',')
          Out.pop_back();
        ++I;
        continue;
      }
      // (The left operand ends Out; an empty one leaves the blank before it, which
      // keeps `static int` from joining `pfx##sum` with an empty pfx.)
      Glue = true;
      continue;
    }
    std::string Piece;
    bool Substituted = true;
    if (MI->isFunctionLike() && T.is(tok::hash) && Param(I + 1) >= 0) {
      Piece = stringize(Args[Param(I + 1)]);
      ++I;
    } else if (int P = Param(I); P >= 0) {
      Piece = Args[P].str();
    } else {
      Piece = PP.getSpelling(T);
      Substituted = false;
    }
    if (!Glue && !Out.empty() &&
        (T.hasLeadingSpace() || NewLine ||
         ((Substituted || LastSubstituted) && mayJoin(Out, Piece))))
      Out += ' ';
    if (NewLine && !Out.empty() && Out.back() == ' ')
      Breaks.emplace_back(Out.size(), indentationAt(SM, T.getLocation()));
    Out += Piece;
    Glue = false;
    LastSubstituted = Substituted;
  }
  if (Out.find('\n') != std::string::npos)
    return "";
  return Out;
}

/// Where each of \p Expansions begins in the text with them all written out.
std::vector<unsigned> writtenOffsets(const std::vector<FileScopeExpansion> &Expansions) {
  std::vector<unsigned> Out;
  int Shift = 0;
  for (const FileScopeExpansion &E : Expansions) {
    Out.push_back(E.Offset + Shift);
    Shift += (int)E.Text.size() - (int)E.Invocation.size();
  }
  return Out;
}

/// Whether an edit of \p Edits changes text in [B, E) (an insertion: strictly inside).
bool editedWithin(const tooling::Replacements &Edits, unsigned B, unsigned E) {
  return llvm::any_of(Edits, [&](const tooling::Replacement &R) {
    unsigned RB = R.getOffset(), RE = RB + R.getLength();
    return R.getLength() ? RB < E && RE > B : RB > B && RB < E;
  });
}

/// The declarations made by each use of \p Expansions in \p Ctx, printed; \p Written:
/// Ctx parsed the text with them written out.
std::vector<std::string> printed(ASTContext &Ctx,
                                 const std::vector<FileScopeExpansion> &Expansions,
                                 bool Written) {
  const SourceManager &SM = Ctx.getSourceManager();
  // Where each use is in the text parsed.
  std::vector<std::pair<unsigned, unsigned>> Ranges;
  std::vector<unsigned> Begins = writtenOffsets(Expansions);
  for (size_t I = 0; I < Expansions.size(); ++I) {
    const FileScopeExpansion &E = Expansions[I];
    unsigned B = Written ? Begins[I] : E.Offset;
    Ranges.push_back({B, B + unsigned(Written ? E.Text.size() : E.Invocation.size())});
  }
  PrintingPolicy Policy(Ctx.getLangOpts());
  Policy.AnonymousTagLocations = false;
  std::vector<std::string> Out(Expansions.size());
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (D->isImplicit())
      continue;
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    if (!SM.isInMainFile(L))
      continue;
    unsigned Off = SM.getFileOffset(L);
    for (size_t I = 0; I < Ranges.size(); ++I)
      if (Off >= Ranges[I].first && Off < Ranges[I].second) {
        raw_string_ostream OS(Out[I]);
        D->print(OS, Policy);
        OS << ";\n";
      }
  }
  return Out;
}

} // namespace

std::vector<FileScopeExpansion> fileScopeExpansions(ASTUnit &Unit, bool OnlyDefining) {
  ASTContext &Ctx = Unit.getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  FileID Main = SM.getMainFileID();
  StringRef Buf = SM.getBufferData(Main);
  std::vector<FileScopeExpansion> Out;
  for (auto &[Offset, U] : usesOf(Ctx)) {
    if ((OnlyDefining && !U.Defines) || U.Partial || U.End > Buf.size() ||
        (!Out.empty() && Out.back().Offset + Out.back().Invocation.size() > U.Begin))
      continue;
    std::vector<std::pair<unsigned, std::string>> Breaks;
    std::string Text =
        writeOut(Unit.getPreprocessor(), SM, Main, Buf, U.Begin, U.End, Breaks);
    if (!Text.empty())
      Out.push_back({U.Begin, Buf.slice(U.Begin, U.End).str(), std::move(Text),
                     std::move(Breaks)});
  }
  return Out;
}

bool writeOutNested(std::vector<FileScopeExpansion> &Uses,
                    const std::vector<FileScopeExpansion> &Nested) {
  bool Any = false;
  // Back to front: each splice leaves the offsets before it as they were.
  for (auto N = Nested.rbegin(); N != Nested.rend(); ++N) {
    std::vector<unsigned> Begins = writtenOffsets(Uses);
    for (size_t I = 0; I < Uses.size(); ++I) {
      FileScopeExpansion &U = Uses[I];
      unsigned B = Begins[I];
      if (N->Offset >= B && N->Offset + N->Invocation.size() <= B + U.Text.size() &&
          StringRef(U.Text).substr(N->Offset - B, N->Invocation.size()) == N->Invocation) {
        unsigned At = N->Offset - B, Old = N->Invocation.size();
        U.Text.replace(At, Old, N->Text);
        // The breaks of the inner #define replace those inside the use.
        std::vector<std::pair<unsigned, std::string>> Breaks;
        for (auto &Br : U.Breaks)
          if (Br.first <= At)
            Breaks.push_back(Br);
        for (auto &Br : N->Breaks)
          Breaks.emplace_back(At + Br.first, Br.second);
        for (auto &Br : U.Breaks)
          if (Br.first >= At + Old)
            Breaks.emplace_back(Br.first - Old + N->Text.size(), Br.second);
        U.Breaks = std::move(Breaks);
        Any = true;
        break;
      }
    }
  }
  return Any;
}

std::string withExpansions(StringRef Disk, const std::vector<FileScopeExpansion> &Expansions) {
  std::string Out;
  size_t At = 0;
  for (const FileScopeExpansion &E : Expansions) {
    Out += Disk.slice(At, E.Offset);
    Out += E.Text;
    At = E.Offset + E.Invocation.size();
  }
  Out += Disk.substr(At);
  return Out;
}

std::vector<FileScopeExpansion> sameMeaning(ASTUnit &Original, ASTUnit &Written,
                                            const std::vector<FileScopeExpansion> &Expansions) {
  std::vector<std::string> Before = printed(Original.getASTContext(), Expansions, false);
  std::vector<std::string> After = printed(Written.getASTContext(), Expansions, true);
  std::vector<FileScopeExpansion> Out;
  for (size_t I = 0; I < Expansions.size(); ++I)
    if (!Before[I].empty() && Before[I] == After[I])
      Out.push_back(Expansions[I]);
  return Out;
}

void findLineUses(ASTUnit &Unit, std::vector<FileScopeExpansion> &Expansions) {
  for (FileScopeExpansion &E : Expansions)
    E.OneLine = reachesName(Unit.getPreprocessor(), E.Text, {"__LINE__", "__builtin_LINE"});
}

std::vector<tooling::Replacement>
lineBreaks(StringRef RealPath, StringRef Text, StringRef LineName,
           const std::vector<FileScopeExpansion> &Expansions,
           const tooling::Replacements &Edits) {
  std::vector<tooling::Replacement> Out;
  // A file with line directives of its own (generated code) counts its lines otherwise.
  if (Text.contains("#line") || Text.contains("\n# "))
    return Out;
  auto Covered = [&](unsigned B, unsigned E) { return editedWithin(Edits, B, E); };
  std::vector<unsigned> Begins = writtenOffsets(Expansions);
  for (size_t I = 0; I < Expansions.size(); ++I) {
    const FileScopeExpansion &E = Expansions[I];
    unsigned B = Begins[I], End = B + E.Text.size();
    // Only a use that stays written out, alone on its line, and has lines to break.
    size_t NL = Text.find('\n', End);
    if (E.OneLine || E.Breaks.empty() || !Covered(B, End) || NL == StringRef::npos ||
        !Text.slice(End, NL).trim().empty() || Text.substr(B, E.Text.size()) != E.Text)
      continue;
    size_t Added = Out.size();
    for (const auto &[Off, Indent] : E.Breaks) {
      unsigned At = B + Off - 1; // the blank before the line's first token
      if (Off && !Covered(At, At + 1) && Text[At] == ' ')
        Out.emplace_back(RealPath, At, 1, "\n" + Indent);
    }
    if (Out.size() == Added)
      continue;
    unsigned Line = StringRef(Text).take_front(B).count('\n') + 1;
    Out.emplace_back(RealPath, NL, 0,
                     "\n#line " + std::to_string(Line + 1) + " " + quotedFileName(LineName));
  }
  return Out;
}

std::vector<tooling::Replacement>
unchangedUses(StringRef RealPath, const std::vector<FileScopeExpansion> &Expansions,
              const tooling::Replacements &Edits) {
  std::vector<tooling::Replacement> Out;
  std::vector<unsigned> Begins = writtenOffsets(Expansions);
  for (size_t I = 0; I < Expansions.size(); ++I) {
    const FileScopeExpansion &E = Expansions[I];
    if (!editedWithin(Edits, Begins[I], Begins[I] + E.Text.size()))
      Out.emplace_back(RealPath, Begins[I], E.Text.size(), E.Invocation);
  }
  return Out;
}

void restoreOriginalText(OutputFile &F) {
  if (F.Expansions.empty())
    return;
  // The text on disk: each use's text back in place of its expansion.
  std::string Disk;
  tooling::Replacements Written;
  size_t At = 0;
  std::vector<unsigned> Begins = writtenOffsets(F.Expansions);
  for (size_t I = 0; I < F.Expansions.size(); ++I) {
    const FileScopeExpansion &E = F.Expansions[I];
    Disk += StringRef(F.Original).slice(At, Begins[I]);
    Disk += E.Invocation;
    At = Begins[I] + E.Text.size();
    consumeError(Written.add(tooling::Replacement(F.RealPath, E.Offset, E.Invocation.size(),
                                                  E.Text)));
  }
  Disk += StringRef(F.Original).substr(At);
  F.Original = std::move(Disk);
  tooling::Replacements Merged = F.Edits ? Written.merge(*F.Edits) : Written;
  tooling::Replacements Kept;
  for (const tooling::Replacement &R : Merged)
    if (StringRef(F.Original).substr(R.getOffset(), R.getLength()) != R.getReplacementText())
      consumeError(Kept.add(R));
  F.Expansions.clear();
  F.Restored = true;
  if (Kept.empty() || F.Original == F.Transformed) {
    F.OutputEdits.reset();
    F.Edits = nullptr;
    F.Transformed = F.Original;
    return;
  }
  F.OutputEdits = std::make_shared<const tooling::Replacements>(std::move(Kept));
  F.Edits = F.OutputEdits.get();
}

} // namespace ptrcomp
