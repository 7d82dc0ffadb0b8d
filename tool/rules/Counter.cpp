//===- Counter.cpp - __COUNTER__ keeps its values -------------------------===//
#include "Counter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
namespace ptrcomp::rules {

/// An integer in a statement that an expansion of __COUNTER__ wrote.
struct CounterUse {
  uint64_t Value = 0;
  SourceLocation At;
  /// __COUNTER__ is spelled in a macro argument: a use written as its expansion copies
  /// the argument's text once for each time the body names the parameter.
  bool InArgument = false;
};

/// The first integer in \p S that an expansion of __COUNTER__ wrote.
static std::optional<CounterUse> counterIn(ASTContext &Ctx, const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    std::optional<CounterUse> Found;
    explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitIntegerLiteral(IntegerLiteral *L) {
      const SourceManager &SM = Ctx.getSourceManager();
      bool InArgument = false;
      // Out of the arguments it was passed through, to the expansion that wrote it.
      SourceLocation Loc = L->getBeginLoc();
      while (Loc.isMacroID() && SM.isMacroArgExpansion(Loc)) {
        InArgument = true;
        Loc = SM.getImmediateSpellingLoc(Loc);
      }
      if (!Loc.isMacroID())
        return true;
      SourceLocation Use = SM.getImmediateExpansionRange(Loc).getBegin();
      SmallVector<char, 16> Buf;
      bool Invalid = false;
      StringRef Name = Lexer::getSpelling(SM.getSpellingLoc(Use), Buf, SM,
                                          Ctx.getLangOpts(), &Invalid);
      if (!Invalid && Name == "__COUNTER__")
        Found = CounterUse{L->getValue().getLimitedValue(),
                           SM.getExpansionLoc(L->getBeginLoc()), InArgument};
      return !Found;
    }
  } F(Ctx);
  F.TraverseStmt(const_cast<Stmt *>(S));
  return F.Found;
}

std::string counterProblem(const VersionView &V, const Stmt *S, bool Copied,
                           const Preprocessor *PP) {
  if (!S || (PP && PP->getCounterValue() == 0))
    return "";
  auto Found = counterIn(V.context(), S);
  if (!Found)
    return "";
  std::string At = dsa::locationString(V.context(), Found->At);
  if (Copied)
    return "__COUNTER__ at " + At + " would be expanded again in the copy '" +
           V.version().Name + "', changing every later value";
  if (Found->InArgument)
    return "a macro use at " + At +
           " would be written as its expansion, which repeats its argument __COUNTER__ "
           "for each use of the parameter";
  if (PP && Found->Value + 1 == PP->getCounterValue())
    return ""; // the last expansion of the unit: no later value to change
  return "a macro use at " + At +
         " would be written as its expansion, which no longer expands __COUNTER__ and "
         "changes every later value";
}

} // namespace ptrcomp::rules
