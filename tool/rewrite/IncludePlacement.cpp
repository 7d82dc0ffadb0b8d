//===- IncludePlacement.cpp - where the runtime's #include goes -----------===//
//
// A textual scan of the preprocessor directives: the parser has already dropped what it
// skipped, and which branch is active depends on flags the user may change later, so the
// spot must be right for every branch.
//
//===----------------------------------------------------------------------===//
#include "IncludePlacement.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cctype>

using namespace llvm;
namespace ptrcomp {
namespace {

struct Directive {
  unsigned Begin, End; ///< the logical line, End just past its newline
  StringRef Name;      ///< "include", "ifdef", ...
  StringRef Arg;       ///< first word after the name
  unsigned Depth;      ///< conditional blocks open around the line (its own #if excluded)
};

/// Every directive of \p Buf, skipping comments and joining continued lines.
SmallVector<Directive, 32> directives(StringRef Buf) {
  SmallVector<Directive, 32> Out;
  unsigned Depth = 0;
  bool InComment = false;
  for (unsigned I = 0; I < Buf.size();) {
    unsigned Begin = I;
    // The logical line: physical lines joined by backslash-newline.
    unsigned End = I;
    while (true) {
      size_t NL = Buf.find('\n', End);
      if (NL == StringRef::npos) {
        End = Buf.size();
        break;
      }
      End = NL;
      unsigned Back = End;
      if (Back > 0 && Buf[Back - 1] == '\r')
        --Back;
      if (Back > Begin && Buf[Back - 1] == '\\') {
        ++End;
        continue;
      }
      ++End;
      break;
    }
    StringRef Line = Buf.slice(Begin, End);
    I = End;
    // A line that starts inside a block comment is no directive; track comment state.
    bool StartsInComment = InComment;
    for (unsigned J = 0; J + 1 < Line.size(); ++J) {
      if (!InComment && Line[J] == '/' && Line[J + 1] == '/')
        break;
      if (!InComment && Line[J] == '/' && Line[J + 1] == '*') {
        InComment = true;
        ++J;
      } else if (InComment && Line[J] == '*' && Line[J + 1] == '/') {
        InComment = false;
        ++J;
      }
    }
    if (StartsInComment)
      continue;
    StringRef T = Line.ltrim(" \t");
    if (!T.consume_front("#"))
      continue;
    T = T.ltrim(" \t");
    StringRef Name = T.take_while([](char C) { return std::isalpha((unsigned char)C); });
    StringRef Arg = T.drop_front(Name.size()).ltrim(" \t").take_while([](char C) {
      return std::isalnum((unsigned char)C) || C == '_';
    });
    if (Name == "endif" && Depth > 0)
      --Depth;
    Out.push_back({Begin, End, Name, Arg, Depth});
    if (Name == "if" || Name == "ifdef" || Name == "ifndef")
      ++Depth;
  }
  return Out;
}

/// 1 when the whole file sits in an include guard (`#ifndef X` / `#define X` first, its
/// `#endif` last), else 0: the conditional depth that counts as file scope.
unsigned fileScopeDepth(ArrayRef<Directive> Ds) {
  if (Ds.size() < 3 || Ds[0].Name != "ifndef" || Ds[1].Name != "define" ||
      Ds[0].Arg.empty() || Ds[1].Arg != Ds[0].Arg)
    return 0;
  for (unsigned I = 1; I < Ds.size(); ++I)
    if (Ds[I].Depth == 0 && Ds[I].Name == "endif")
      return I + 1 == Ds.size() ? 1 : 0;
  return 0;
}

} // namespace

IncludeSpot runtimeIncludeSpot(StringRef Buf, unsigned FirstDecl) {
  // Start of the line of the first declaration.
  unsigned LineStart = FirstDecl;
  while (LineStart > 0 && Buf[LineStart - 1] != '\n')
    --LineStart;
  SmallVector<Directive, 32> Ds = directives(Buf);
  unsigned Base = fileScopeDepth(Ds);

  int Last = -1; // the last #include before the first declaration
  for (unsigned I = 0; I < Ds.size() && Ds[I].Begin < LineStart; ++I)
    if (Ds[I].Name == "include")
      Last = I;
  if (Last < 0) {
    // No include: right before the first declaration, or before the conditional block
    // it sits in.
    unsigned Spot = LineStart;
    int Open = -1;
    for (unsigned I = 0; I < Ds.size() && Ds[I].Begin < LineStart; ++I)
      if (Ds[I].Depth == Base && (Ds[I].Name == "if" || Ds[I].Name == "ifdef" ||
                                  Ds[I].Name == "ifndef"))
        Open = I;
      else if (Ds[I].Depth == Base && Ds[I].Name == "endif")
        Open = -1;
    if (Open >= 0)
      Spot = Ds[Open].Begin;
    return {Spot, false};
  }
  if (Ds[Last].Depth <= Base)
    return {Ds[Last].End, true};
  // Inside a conditional block: after the #endif that closes it at file scope, when that
  // comes before the first declaration; otherwise before the #if that opens it.
  for (unsigned I = Last + 1; I < Ds.size(); ++I) {
    if (Ds[I].Name == "endif" && Ds[I].Depth == Base) {
      if (Ds[I].End <= LineStart)
        return {Ds[I].End, true};
      break;
    }
  }
  for (int I = Last; I >= 0; --I)
    if (Ds[I].Depth == Base &&
        (Ds[I].Name == "if" || Ds[I].Name == "ifdef" || Ds[I].Name == "ifndef"))
      return {Ds[I].Begin, false};
  return {LineStart, false};
}

} // namespace ptrcomp
