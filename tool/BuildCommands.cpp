//===- BuildCommands.cpp - a file the build compiles with several commands ===//
#include "BuildCommands.h"
#include "ParsedProgram.h"

#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/SummaryIO.h"

#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace clang::tooling;
namespace ptrcomp {

/// The arguments of \p C that decide what the compiler sees: without the output and
/// dependency-file options and the source itself.
static std::vector<std::string> whatItCompiles(const CompileCommand &C) {
  std::vector<std::string> Out;
  const std::vector<std::string> &A = C.CommandLine;
  for (size_t I = A.empty() ? 0 : 1; I < A.size(); ++I) {
    llvm::StringRef S = A[I];
    if (S == "-o" || S == "-MF" || S == "-MT" || S == "-MQ") {
      ++I;
      continue;
    }
    if (S == "-c" || S == "-MD" || S == "-MMD" || S == "-MP" || S == C.Filename ||
        (compat::startsWith(S, "-o") && S.size() > 2) || compat::startsWith(S, "-MF") ||
        compat::startsWith(S, "-MT") || compat::startsWith(S, "-MQ"))
      continue;
    Out.push_back(S.str());
  }
  return Out;
}

/// \p C as the build wrote it (without the arguments ptrcomp adds for its own parse).
static std::string shown(const CompileCommand &C) {
  std::string Out;
  const std::vector<std::string> &A = C.CommandLine;
  for (size_t I = 0; I < A.size(); ++I) {
    if (A[I] == "-D__PTRCOMP__=1")
      continue;
    if (A[I] == "-idirafter" && I + 1 < A.size() &&
        compat::endsWith(A[I + 1], "runtime")) {
      ++I;
      continue;
    }
    Out += (Out.empty() ? "" : " ") + A[I];
  }
  return Out;
}

std::string commandConflict(const ToolOptions &Opts,
                            const std::vector<CompileCommand> &Commands,
                            const std::string &Source, dsa::UnitSummary &Summary) {
  if (Commands.size() < 2)
    return "";
  std::vector<std::vector<std::string>> Seen{whatItCompiles(Commands.front())};
  std::string Mine;
  for (size_t I = 1; I < Commands.size(); ++I) {
    std::vector<std::string> Key = whatItCompiles(Commands[I]);
    if (std::find(Seen.begin(), Seen.end(), Key) != Seen.end())
      continue;
    Seen.push_back(std::move(Key));
    std::string Why = "'" + Source + "' is compiled by the build with two commands ";
    OneCommand DB(Commands[I]);
    std::unique_ptr<clang::ASTUnit> AST = parseUnit(Opts, DB, Source);
    if (!AST)
      return Why + "and does not parse with the second (`" + shown(Commands.front()) +
             "` and `" + shown(Commands[I]) + "`), but is rewritten once for both";
    std::unique_ptr<dsa::UnitSummary> Other = dsa::summarizeUnit(AST->getASTContext());
    if (Mine.empty())
      Mine = dsa::writeSummary(Summary, "");
    if (dsa::writeSummary(*Other, "") != Mine)
      return Why + "whose code differs (`" + shown(Commands.front()) + "` and `" +
             shown(Commands[I]) + "`), but is rewritten once for both";
  }
  return "";
}

} // namespace ptrcomp
