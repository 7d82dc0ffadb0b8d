//===- Counter.cpp - __COUNTER__ keeps its values -------------------------===//
#include "Counter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;
namespace ptrcomp::rules {

/// The value of the first integer in \p S that an expansion of __COUNTER__ wrote, and
/// where it was written.
static std::optional<std::pair<uint64_t, SourceLocation>> counterIn(ASTContext &Ctx,
                                                                   const Stmt *S) {
  struct Finder : RecursiveASTVisitor<Finder> {
    ASTContext &Ctx;
    std::optional<std::pair<uint64_t, SourceLocation>> Found;
    explicit Finder(ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitIntegerLiteral(IntegerLiteral *L) {
      SourceLocation Loc = L->getBeginLoc();
      if (!Loc.isMacroID())
        return true;
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation Use = SM.getImmediateExpansionRange(Loc).getBegin();
      SmallVector<char, 16> Buf;
      bool Invalid = false;
      StringRef Name = Lexer::getSpelling(SM.getSpellingLoc(Use), Buf, SM,
                                          Ctx.getLangOpts(), &Invalid);
      if (!Invalid && Name == "__COUNTER__")
        Found = {L->getValue().getLimitedValue(), SM.getExpansionLoc(Loc)};
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
  std::string At = dsa::locationString(V.context(), Found->second);
  if (Copied)
    return "__COUNTER__ at " + At + " would be expanded again in the copy '" +
           V.version().Name + "', changing every later value";
  if (PP && Found->first + 1 == PP->getCounterValue())
    return ""; // the last expansion of the unit: no later value to change
  return "a macro use at " + At +
         " would be written as its expansion, which no longer expands __COUNTER__ and "
         "changes every later value";
}

} // namespace ptrcomp::rules
