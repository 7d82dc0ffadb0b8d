//===- LineDirectives.cpp - keep every original line's number -------------===//
#include "LineDirectives.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/StringExtras.h"

#include <optional>
#include <string>
#include <vector>

#include <algorithm>

using namespace llvm;
namespace ptrcomp {

std::string quotedFileName(StringRef Name) {
  std::string Out = "\"";
  for (char C : Name) {
    if (C == '"' || C == '\\')
      Out += '\\';
    Out += C;
  }
  return Out + "\"";
}

namespace {

/// C text read one character at a time, as far as placing a directive needs: is the
/// start of the next line in code (not in a comment, not a continuation line), and how
/// deep in parentheses is it (directives in a macro's arguments are undefined, and
/// -pedantic warns about them). The branches of an #if each start at the depth the #if
/// had (they may open a parenthesis each that one line after the #endif closes), and a
/// `}` at the start of a line (a function's end) is never inside parentheses.
class CLexer {
public:
  /// Whether a directive may start the line that begins after the last '\n' fed.
  bool clean() const { return S == Code && !Continued; }
  int depth() const { return Depth; }

  void feed(char C) {
    if (C == '\r')
      return;
    if (C == '\n') {
      Continued = Backslash;
      Backslash = false;
      Prev = 0;
      Column = 0;
      if (Continued) {
        Escape = false; // the backslash was a splice
        return;
      }
      if (S != Block)
        S = Code; // a line comment ends; an unterminated literal too
      if (Directive)
        conditional();
      Directive = false;
      Seen = false;
      Name.clear();
      NameDone = false;
      return;
    }
    if (++Column == 1 && C == '}' && S == Code)
      Depth = 0;
    if (Directive && !NameDone && S == Code) {
      if (isAlpha(C))
        Name += C;
      else if (!Name.empty() || (C != ' ' && C != '\t'))
        NameDone = true;
    }
    // A backslash, then only blanks, then the end of the line: a continuation.
    if (C == ' ' || C == '\t' || C == '\f' || C == '\v') {
      Prev = C;
      if (S != Str && S != Chr)
        return;
    } else {
      Backslash = C == '\\';
    }
    switch (S) {
    case Code:
      if (!Seen && C == '#')
        Directive = true;
      if (C != ' ' && C != '\t')
        Seen = true;
      if (Prev == '/' && C == '*') {
        S = Block;
        C = 0;
      } else if (Prev == '/' && C == '/') {
        S = Line;
      } else if (C == '"') {
        S = Str;
      } else if (C == '\'') {
        S = Chr;
      } else if (!Directive && C == '(') {
        ++Depth;
      } else if (!Directive && C == ')' && Depth > 0) {
        --Depth;
      }
      break;
    case Block:
      if (Prev == '*' && C == '/') {
        S = Code;
        C = 0;
      }
      break;
    case Line:
      break;
    case Str:
    case Chr:
      if (Escape)
        Escape = false;
      else if (C == '\\')
        Escape = true;
      else if (C == (S == Str ? '"' : '\''))
        S = Code;
      break;
    }
    Prev = C;
  }

private:
  /// At the end of a directive's line: the depths of #if branches.
  void conditional() {
    if (Name == "if" || Name == "ifdef" || Name == "ifndef") {
      Saved.push_back(Depth);
    } else if (Name == "elif" || Name == "else" || Name == "elifdef" ||
               Name == "elifndef") {
      if (!Saved.empty())
        Depth = Saved.back();
    } else if (Name == "endif") {
      if (!Saved.empty())
        Saved.pop_back();
    }
  }

  enum State { Code, Block, Line, Str, Chr } S = Code;
  bool Escape = false, Backslash = false, Continued = false;
  bool Directive = false, Seen = false;
  std::string Name; ///< of the directive on this line
  bool NameDone = false;
  std::vector<int> Saved;
  int Depth = 0;
  unsigned Column = 0;
  char Prev = 0;
};

/// Line numbers of offsets in a text (1-based).
class Lines {
public:
  explicit Lines(StringRef Text) {
    Starts.push_back(0);
    for (size_t I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n')
        Starts.push_back(I + 1);
  }
  unsigned of(size_t Offset) const {
    return std::upper_bound(Starts.begin(), Starts.end(), Offset) - Starts.begin();
  }
  unsigned count() const { return Starts.size(); }
  size_t start(unsigned Line) const { return Starts[Line - 1]; }

private:
  std::vector<size_t> Starts;
};

/// A line number and the spelling of a file name, quotes included.
struct Presumed {
  unsigned Line = 0;
  std::string File;
  bool operator!=(const Presumed &O) const { return Line != O.Line || File != O.File; }
};

/// `#line N "f"` or `# N "f" flags`: N and the quoted name ("" when not given).
std::optional<std::pair<unsigned, std::string>> parseLineDirective(StringRef L) {
  L = L.ltrim(" \t\f\v");
  if (!L.consume_front("#"))
    return std::nullopt;
  L = L.ltrim(" \t\f\v");
  if (L.consume_front("line")) {
    if (L.empty() || !(L[0] == ' ' || L[0] == '\t'))
      return std::nullopt;
    L = L.ltrim(" \t\f\v");
  }
  StringRef Digits = L.take_while([](char C) { return C >= '0' && C <= '9'; });
  unsigned N;
  if (Digits.empty() || Digits.getAsInteger(10, N))
    return std::nullopt;
  L = L.drop_front(Digits.size()).ltrim(" \t\f\v");
  std::string File;
  if (compat::startsWith(L, "\"")) {
    size_t I = 1;
    while (I < L.size() && L[I] != '"')
      I += L[I] == '\\' ? 2 : 1;
    if (I < L.size())
      File = L.take_front(I + 1).str();
  }
  return std::make_pair(N, File);
}


/// Where each physical line of a text is for the compiler: itself, unless the text has
/// directives of its own (generated code: a parser from bison says where in the grammar
/// each line is).
class PresumedLines {
public:
  PresumedLines(StringRef Text, const Lines &L, std::string Name) : Name(std::move(Name)) {
    CLexer Lex;
    bool Clean = true;
    size_t Begin = 0;
    for (size_t I = 0; I <= Text.size(); ++I) {
      if (I < Text.size() && Text[I] != '\n') {
        Lex.feed(Text[I]);
        continue;
      }
      if (Clean)
        if (auto D = parseLineDirective(Text.slice(Begin, I).rtrim("\r")))
          Marks.push_back({L.of(Begin), D->first, D->second});
      if (I < Text.size())
        Lex.feed('\n');
      Clean = Lex.clean();
      Begin = I + 1;
    }
    // A directive without a name keeps the one before it.
    std::string File = this->Name;
    for (Mark &M : Marks) {
      if (M.File.empty())
        M.File = File;
      File = M.File;
    }
  }
  /// Of physical line \p Line.
  Presumed of(unsigned Line) const {
    auto It = std::upper_bound(Marks.begin(), Marks.end(), Line,
                               [](unsigned L, const Mark &M) { return L <= M.At; });
    if (It == Marks.begin())
      return {Line, Name};
    --It;
    return {It->N + (Line - It->At - 1), It->File};
  }
  /// Whether physical line \p Line is itself a directive.
  bool isMark(unsigned Line) const {
    return std::binary_search(Marks.begin(), Marks.end(), Mark{Line, 0, ""},
                              [](const Mark &A, const Mark &B) { return A.At < B.At; });
  }

private:
  struct Mark {
    unsigned At; ///< the directive's physical line
    unsigned N;
    std::string File;
  };
  std::string Name;
  std::vector<Mark> Marks;
};

/// Where a directive can be inserted: into edit \p Edit's text at \p Pos, or (Edit < 0)
/// as an insertion of its own at original offset \p Pos.
struct Spot {
  int Edit = -1;
  size_t Pos = 0;
};

/// One line of the output.
struct OutLine {
  Spot At;
  bool Clean = true;
  int Depth = 0;
  unsigned Origin = 0; ///< the original line it stands for, 0 for new lines
  size_t Begin = 0, End = 0; ///< in the output
};

} // namespace

bool isLineDirective(StringRef Line) { return parseLineDirective(Line).has_value(); }

TextOrigins concatOrigins(const TextOrigins &A, unsigned ALength, const TextOrigins &B,
                          unsigned Offset, unsigned Length) {
  TextOrigins Out = A.empty() ? TextOrigins{{0, Offset, Length, false}} : A;
  TextOrigins Tail = B.empty() ? TextOrigins{{0, Offset, Length, false}} : B;
  for (TextOrigin O : Tail) {
    O.At += ALength;
    Out.push_back(O);
  }
  return Out;
}

std::string withLostLineBreaks(StringRef Old, StringRef New, StringRef After) {
  size_t Have = New.count('\n'), Want = Old.count('\n');
  if (Have >= Want)
    return New.str();
  // Only when original code follows on the last line.
  After = After.take_until([](char C) { return C == '\n'; }).trim();
  if (After.empty() || compat::startsWith(After, "\\"))
    return New.str();
  bool Escaped = Old.contains("\\\n") || Old.contains("\\\r\n");
  std::string Text = New.str();
  for (size_t I = Have; I < Want; ++I)
    Text += Escaped ? " \\\n" : "\n";
  return Text;
}

/// The edits of a file with the line breaks they lack (withLostLineBreaks). Returns
/// whether an edit changed.
static bool padShrunkLines(StringRef Original, std::vector<clang::tooling::Replacement> &Rs) {
  bool Changed = false;
  for (clang::tooling::Replacement &R : Rs) {
    std::string Text = withLostLineBreaks(Original.substr(R.getOffset(), R.getLength()),
                                          R.getReplacementText(),
                                          Original.substr(R.getOffset() + R.getLength()));
    if (Text == R.getReplacementText())
      continue;
    R = clang::tooling::Replacement(R.getFilePath(), R.getOffset(), R.getLength(), Text);
    Changed = true;
  }
  return Changed;
}

clang::tooling::Replacements
addLineDirectives(StringRef Original, const clang::tooling::Replacements &Edits,
                  const std::map<std::pair<unsigned, unsigned>, TextOrigins> &Origins,
                  StringRef Name) {
  if (Edits.empty())
    return Edits;
  std::vector<clang::tooling::Replacement> Rs(Edits.begin(), Edits.end());
  bool Padded = padShrunkLines(Original, Rs);
  Lines OrigLines(Original);
  PresumedLines Orig(Original, OrigLines, quotedFileName(Name));

  // The output, line by line, with the original line each stands for: that of its
  // first character, blanks aside, that comes from an original line.
  std::string Out;
  std::vector<OutLine> OutLines;
  CLexer Lex;
  auto Put = [&](char C, unsigned Origin, Spot At) {
    if (Out.empty() || Out.back() == '\n') {
      if (!OutLines.empty())
        OutLines.back().End = Out.size();
      OutLine L;
      L.At = At;
      L.Clean = Lex.clean();
      L.Depth = Lex.depth();
      L.Begin = Out.size();
      OutLines.push_back(L);
    }
    OutLine &L = OutLines.back();
    if (!L.Origin && Origin && !isSpace(C))
      L.Origin = Origin;
    Out += C;
    Lex.feed(C);
  };
  // Original text [Begin, End), whose line numbers are counted as it goes.
  auto PutOriginal = [&](size_t Begin, size_t End, int PrevEdit) {
    unsigned Line = OrigLines.of(Begin);
    for (size_t I = Begin; I < End; ++I) {
      Spot At{-1, I};
      // A line that starts right after an edit: the directive goes at the edit's end.
      if (I == Begin && PrevEdit >= 0 &&
          Rs[PrevEdit].getOffset() + Rs[PrevEdit].getLength() == Begin)
        At = {PrevEdit, Rs[PrevEdit].getReplacementText().size()};
      Put(Original[I], Line, At);
      if (Original[I] == '\n')
        ++Line;
    }
  };
  size_t Prev = 0;
  for (size_t K = 0; K < Rs.size(); ++K) {
    const clang::tooling::Replacement &R = Rs[K];
    PutOriginal(Prev, R.getOffset(), int(K) - 1);
    StringRef Text = R.getReplacementText();
    TextOrigins Pieces{{0, R.getOffset(), R.getLength(), false}};
    if (auto It = Origins.find({R.getOffset(), R.getLength()}); It != Origins.end())
      Pieces = It->second;
    for (size_t P = 0; P < Pieces.size(); ++P) {
      const TextOrigin &O = Pieces[P];
      size_t Begin = std::min<size_t>(O.At, Text.size());
      size_t End = P + 1 < Pieces.size() ? std::min<size_t>(Pieces[P + 1].At, Text.size())
                                         : Text.size();
      unsigned Line = OrigLines.of(O.Offset);
      unsigned Last = O.Length ? OrigLines.of(O.Offset + O.Length - 1) : 0;
      for (size_t I = Begin; I < End; ++I) {
        unsigned Origin = O.Copy ? Line : (Line <= Last ? Line : 0);
        Put(Text[I], Origin, Spot{int(K), I});
        if (Text[I] == '\n')
          ++Line;
      }
    }
    Prev = R.getOffset() + R.getLength();
  }
  PutOriginal(Prev, Original.size(), int(Rs.size()) - 1);
  if (!OutLines.empty())
    OutLines.back().End = Out.size();

  // The numbers the compiler gives the output's lines, and a directive wherever one
  // that stands for an original line would get another number than there.
  std::map<int, std::vector<std::pair<size_t, std::string>>> Into; // edit -> directives
  std::vector<std::pair<size_t, std::string>> Alone;
  Presumed Next{1, quotedFileName(Name)};
  for (const OutLine &L : OutLines) {
    Presumed Cur = Next;
    StringRef Text = StringRef(Out).slice(L.Begin, L.End).rtrim("\r\n");
    auto Own = L.Clean ? parseLineDirective(Text) : std::nullopt;
    if (L.Clean && L.Depth == 0 && L.Origin && !Own && !Orig.isMark(L.Origin)) {
      Presumed Want = Orig.of(L.Origin);
      if (Want != Cur) {
        // Without a name while the file's name stays: the compiler keeps the name it
        // gave the file (`list.c` compiled in lib/, `../lib/list.h` included from src/),
        // which ptrcomp cannot spell for every compile, and __FILE__ with it.
        std::string D = "#line " + std::to_string(Want.Line) +
                        (Want.File == Cur.File ? "" : " " + Want.File) + "\n";
        if (L.At.Edit >= 0)
          Into[L.At.Edit].push_back({L.At.Pos, D});
        else
          Alone.push_back({L.At.Pos, D});
        Cur = Want;
      }
    }
    if (Own)
      Next = {Own->first, Own->second.empty() ? Cur.File : Own->second};
    else
      Next = {Cur.Line + 1, Cur.File};
  }
  if (Into.empty() && Alone.empty() && !Padded)
    return Edits;

  clang::tooling::Replacements Result;
  for (size_t K = 0; K < Rs.size(); ++K) {
    const clang::tooling::Replacement &R = Rs[K];
    auto It = Into.find(int(K));
    if (It == Into.end()) {
      llvm::cantFail(Result.add(R));
      continue;
    }
    std::string Text = R.getReplacementText().str();
    for (auto I = It->second.rbegin(); I != It->second.rend(); ++I)
      Text.insert(I->first, I->second);
    llvm::cantFail(Result.add(clang::tooling::Replacement(R.getFilePath(), R.getOffset(),
                                                          R.getLength(), Text)));
  }
  for (auto &[Off, D] : Alone)
    llvm::cantFail(
        Result.add(clang::tooling::Replacement(Rs.front().getFilePath(), Off, 0, D)));
  return Result;
}

} // namespace ptrcomp
