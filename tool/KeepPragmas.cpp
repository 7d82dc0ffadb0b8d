//===- KeepPragmas.cpp - `#pragma ptrcomp keep(...)` ----------------------===//
//
// Read from the files' text rather than through the preprocessor: the pragmas
// only name things (types, functions), and the analysis is already done when we
// look.
//
//===----------------------------------------------------------------------===//
#include "KeepPragmas.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace ptrcomp {
namespace {

/// \p Text with comments blanked out (same length, newlines kept), so that
/// offsets stay those of the file and commented-out directives are not seen.
std::string withoutComments(StringRef Text) {
  std::string Out(Text);
  enum { Code, Block, Line, Str } St = Code;
  char Quote = 0;
  for (size_t I = 0; I < Out.size(); ++I) {
    char C = Out[I];
    char Next = I + 1 < Out.size() ? Out[I + 1] : 0;
    switch (St) {
    case Code:
      if (C == '/' && Next == '*') {
        St = Block;
        Out[I] = Out[I + 1] = ' ';
        ++I;
      } else if (C == '/' && Next == '/') {
        St = Line;
        Out[I] = ' ';
      } else if (C == '"' || C == '\'') {
        St = Str;
        Quote = C;
      }
      break;
    case Block:
      if (C == '*' && Next == '/') {
        Out[I] = Out[I + 1] = ' ';
        ++I;
        St = Code;
      } else if (C != '\n') {
        Out[I] = ' ';
      }
      break;
    case Line:
      if (C == '\n')
        St = Code;
      else
        Out[I] = ' ';
      break;
    case Str:
      if (C == '\\')
        ++I;
      else if (C == Quote || C == '\n')
        St = Code;
      break;
    }
  }
  return Out;
}

enum class Cond { True, False, Unknown };

/// The conditions we can decide without a preprocessor: literal 0/1 and
/// __PTRCOMP__.
Cond evaluate(StringRef E) {
  std::string S;
  for (char C : E)
    if (!isSpace(C))
      S += C;
  if (S == "0")
    return Cond::False;
  if (S == "1" || S == "defined(__PTRCOMP__)" || S == "defined__PTRCOMP__" ||
      S == "__PTRCOMP__")
    return Cond::True;
  if (S == "!defined(__PTRCOMP__)" || S == "!defined__PTRCOMP__" ||
      S == "!__PTRCOMP__")
    return Cond::False;
  return Cond::Unknown;
}

struct Branch {
  Cond Cur;
  bool AnyTrue;  // a previous branch was certainly taken
  bool AllFalse; // every branch so far was certainly not taken
};

void enter(Branch &B, Cond C) {
  if (B.AnyTrue)
    C = Cond::False;
  else if (C == Cond::True && !B.AllFalse)
    C = Cond::Unknown;
  B.Cur = C;
  B.AnyTrue |= C == Cond::True;
  B.AllFalse &= C == Cond::False;
}

StringRef identifier(StringRef &S) {
  S = S.ltrim();
  size_t N = 0;
  while (N < S.size() && (isAlnum(S[N]) || S[N] == '_'))
    ++N;
  StringRef Id = S.take_front(N);
  S = S.drop_front(N);
  return Id;
}

} // namespace

bool findKeepPragmas(const std::vector<OutputFile> &Files,
                     std::vector<dsa::PlanOptions::Exclusion> &Out) {
  bool Ok = true;
  for (const OutputFile &F : Files) {
    if (!StringRef(F.Original).contains("ptrcomp"))
      continue;
    std::string Text = withoutComments(F.Original);
    std::vector<Branch> Stack;
    unsigned LineNo = 0;
    size_t Pos = 0;
    while (Pos < Text.size()) {
      // One logical line: physical lines joined by backslash-newline.
      unsigned StartLine = ++LineNo;
      std::string Logical;
      while (Pos < Text.size()) {
        size_t NL = Text.find('\n', Pos);
        size_t End = NL == std::string::npos ? Text.size() : NL;
        StringRef Phys = StringRef(Text).slice(Pos, End).rtrim("\r");
        Pos = End + 1;
        if (compat::endsWith(Phys, "\\")) {
          Logical += Phys.drop_back().str() + " ";
          ++LineNo;
          continue;
        }
        Logical += Phys.str();
        break;
      }
      StringRef L = Logical;
      StringRef Trimmed = L.ltrim();
      if (!Trimmed.consume_front("#"))
        continue;
      unsigned Col = L.size() - L.ltrim().size() + 1;
      std::string Where =
          (F.DisplayPath + ":" + Twine(StartLine) + ":" + Twine(Col)).str();
      StringRef Rest = Trimmed;
      StringRef Directive = identifier(Rest);
      Rest = Rest.trim();
      if (Directive == "if") {
        Stack.push_back({Cond::Unknown, false, true});
        enter(Stack.back(), evaluate(Rest));
      } else if (Directive == "ifdef" || Directive == "ifndef") {
        Cond C = identifier(Rest) != "__PTRCOMP__" ? Cond::Unknown
                 : Directive == "ifdef"            ? Cond::True
                                                   : Cond::False;
        Stack.push_back({Cond::Unknown, false, true});
        enter(Stack.back(), C);
      } else if (!Stack.empty() && Directive == "elif") {
        enter(Stack.back(), evaluate(Rest));
      } else if (!Stack.empty() &&
                 (Directive == "elifdef" || Directive == "elifndef")) {
        Cond C = identifier(Rest) != "__PTRCOMP__" ? Cond::Unknown
                 : Directive == "elifdef"          ? Cond::True
                                                   : Cond::False;
        enter(Stack.back(), C);
      } else if (!Stack.empty() && Directive == "else") {
        enter(Stack.back(), Cond::True);
      } else if (!Stack.empty() && Directive == "endif") {
        Stack.pop_back();
      } else if (Directive == "pragma") {
        if (identifier(Rest) != "ptrcomp")
          continue;
        bool Active = true;
        for (const Branch &B : Stack)
          Active &= B.Cur != Cond::False;
        if (!Active)
          continue;
        StringRef Kind = identifier(Rest);
        Rest = Rest.trim();
        std::string Arg;
        bool Good = (Kind == "keep" || Kind == "keep_function") &&
                    Rest.consume_front("(") && compat::endsWith(Rest, ")");
        if (Good) {
          StringRef Inner = Rest.drop_back().trim();
          // "struct  list" -> "struct list"; a function is one identifier.
          SmallVector<StringRef, 3> Words;
          Inner.split(Words, ' ', -1, /*KeepEmpty=*/false);
          for (StringRef W : Words)
            for (char C : W)
              Good &= isAlnum(C) || C == '_';
          auto IsTag = [](StringRef W) {
            return W == "struct" || W == "union";
          };
          if (Kind == "keep")
            Good &= (Words.size() == 1 && !IsTag(Words[0])) ||
                    (Words.size() == 2 && IsTag(Words[0]) && !IsTag(Words[1]));
          else
            Good &= Words.size() == 1;
          Arg = join(Words, " ");
        }
        if (!Good) {
          errs() << Where << ": error: malformed #pragma ptrcomp; expected "
                 << "'#pragma ptrcomp keep(struct NAME)' or "
                 << "'#pragma ptrcomp keep_function(NAME)'\n";
          Ok = false;
          continue;
        }
        dsa::PlanOptions::Exclusion X;
        (Kind == "keep" ? X.Struct : X.Function) = Arg;
        X.Reason = "kept by #pragma ptrcomp at " + Where;
        Out.push_back(std::move(X));
      }
    }
  }
  return Ok;
}

} // namespace ptrcomp
