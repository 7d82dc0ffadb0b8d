//===- MacroArgumentEdits.cpp - edits of code spelled in a macro's arguments --===//
#include "MacroArgumentEdits.h"

#include <algorithm>

using namespace clang;
namespace ptrcomp::rules {

std::string expandedTwiceReason(const MacroArguments &MA, const Stmt *S) {
  return "the argument of macro '" + MA.macroName(S) + "' at " + MA.where(S) +
         " is expanded more than once, and its expansions would need different rewrites";
}

static const ArgumentCopy *firstChanged(const std::vector<ArgumentCopy> &Cs) {
  for (const ArgumentCopy &C : Cs)
    if (C.Changed)
      return &C;
  return nullptr;
}

std::vector<ArgumentVeto>
macroArgumentVetoes(const MacroArguments &MA, const MacroBodies &MB,
                    const std::map<FileRange, std::vector<ArgumentCopy>> &Copies,
                    const std::function<bool(const Stmt *Root)> &WrittenAsExpansion,
                    std::vector<const Stmt *> &Expansions) {
  std::vector<ArgumentVeto> Out;
  // Copies that need different texts.
  for (auto &[R, Cs] : Copies) {
    const ArgumentCopy *Changed = firstChanged(Cs);
    if (!Changed)
      continue;
    for (const ArgumentCopy &C : Cs)
      if (C.Text != Changed->Text) {
        // Written as its expansion, the invocation prints each copy with its own text.
        const Stmt *Root = MB.rootAround(R);
        if (Root && WrittenAsExpansion(Root)) {
          Expansions.push_back(Root);
          break;
        }
        Out.push_back({C.S, expandedTwiceReason(MA, C.S)});
        Out.push_back({Changed->S, expandedTwiceReason(MA, C.S)});
        break;
      }
    for (const MacroArguments::Copy &C : MA.copiesAt(R)) {
      bool Seen = std::any_of(Cs.begin(), Cs.end(),
                              [&](const ArgumentCopy &X) { return X.S == C.S; });
      if (!Seen && !MA.followsTwin(C)) {
        Out.push_back({Changed->S, expandedTwiceReason(MA, C.S)});
        break;
      }
    }
  }
  // A changed argument stringized by an invocation kept as it is.
  for (auto &[R, Cs] : Copies)
    if (const ArgumentCopy *Changed = firstChanged(Cs)) {
      unsigned Invocation = 0;
      std::string Why = MA.stringized(Changed->S, &Invocation);
      if (Why.empty())
        continue;
      const Stmt *Root = MB.rootAt(Invocation);
      if (Root && WrittenAsExpansion(Root))
        Expansions.push_back(Root);
      else
        Out.push_back({Changed->S, Why});
    }
  // A changed argument pasted.
  for (auto &[R, Cs] : Copies)
    if (const ArgumentCopy *Changed = firstChanged(Cs))
      if (std::string Why = MA.pasted(Changed->S); !Why.empty())
        Out.push_back({Changed->S, Why});
  return Out;
}

} // namespace ptrcomp::rules
