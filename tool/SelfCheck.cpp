//===- SelfCheck.cpp - parse the transformed program in memory ------------===//
#include "SelfCheck.h"
#include "Parallel.h"
#include "Progress.h"
#include "FilePaths.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>
#include <utility>

using namespace llvm;
using namespace clang::tooling;
namespace ptrcomp {
namespace {

/// As the first parse (ParsedProgram.cpp), lenient about the user's own code, but the
/// conversions that rewritten code must never need are errors.
const char *const CheckFlags[] = {
    "-Wno-error=implicit-int",
    "-Wno-error=return-type",
    "-Werror=incompatible-pointer-types",
    "-Werror=int-conversion",
    "-Werror=incompatible-function-pointer-types",
    "-Werror=implicit-function-declaration",
    "-Werror=pointer-integer-compare",
    "-Wno-unknown-warning-option",
    "-ferror-limit=0",
    "-fno-color-diagnostics",
    "-fno-caret-diagnostics", // also keeps "N errors generated." off stderr
    "-fsyntax-only",
};

/// realPathOf with symbolic links resolved: errors are matched to output files
/// by path.
std::string resolvedPathOf(const clang::SourceManager &SM, clang::FileID FID) {
  std::string Path = realPathOf(SM, FID);
  SmallString<256> Resolved;
  if (!Path.empty() && !sys::fs::real_path(Path, Resolved))
    return std::string(Resolved);
  return Path;
}

/// Collects errors with their file, offset and the text of their line.
class ErrorCollector : public clang::DiagnosticConsumer {
public:
  struct Found {
    CompileError E;
    std::string LineText;
  };
  std::vector<Found> Errors;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level < clang::DiagnosticsEngine::Error)
      return;
    Found F;
    SmallString<256> Msg;
    Info.FormatDiagnostic(Msg);
    F.E.Message = std::string(Msg);
    if (Info.hasSourceManager() && Info.getLocation().isValid()) {
      const clang::SourceManager &SM = Info.getSourceManager();
      clang::SourceLocation L = SM.getFileLoc(Info.getLocation());
      auto [FID, Off] = SM.getDecomposedLoc(L);
      if (SM.getFileEntryForID(FID)) {
        F.E.RealPath = resolvedPathOf(SM, FID);
        F.E.Offset = Off;
        clang::PresumedLoc PL = SM.getPresumedLoc(L);
        F.E.Where = std::string(PL.getFilename()) + ":" + std::to_string(PL.getLine()) +
                    ":" + std::to_string(PL.getColumn());
        StringRef Buf = SM.getBufferData(FID);
        size_t B = Buf.rfind('\n', Off == 0 ? 0 : Off - 1);
        B = (B == StringRef::npos || Off == 0) ? 0 : B + 1;
        size_t E = Buf.find('\n', Off);
        F.LineText = Buf.slice(B, E).trim().str();
      }
    }
    Errors.push_back(std::move(F));
  }
};

/// A syntax-only parse that also lists the unit's external symbols.
class SymbolsAction : public clang::SyntaxOnlyAction {
public:
  SymbolsAction(UnitSymbols *Out, bool Common) : Out(Out), Common(Common) {}

protected:
  void EndSourceFileAction() override {
    if (Out && getCompilerInstance().hasASTContext()) {
      clang::ASTContext &Ctx = getCompilerInstance().getASTContext();
      *Out = unitSymbols(
          Ctx, Common,
          [&](clang::FileID FID) { return resolvedPathOf(Ctx.getSourceManager(), FID); },
          /*UsePlaces=*/true);
    }
    clang::SyntaxOnlyAction::EndSourceFileAction();
  }

private:
  UnitSymbols *Out;
  bool Common;
};

/// The actions of a unit's parses, one per compile command of its file: the first
/// command's lists the symbols (the one the unit was summarized and rewritten with;
/// a file the build compiles with commands that see other code is not rewritten).
class SymbolsActionFactory : public FrontendActionFactory {
public:
  SymbolsActionFactory(UnitSymbols *Out, bool Common) : Out(Out), Common(Common) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<SymbolsAction>(std::exchange(Out, nullptr), Common);
  }

private:
  UnitSymbols *Out;
  bool Common;
};

/// The errors of unit \p Source, its changed files (of \p Overlay) in memory; its
/// symbols into \p Symbols when given.
std::vector<ErrorCollector::Found> parseUnit(const ToolOptions &Opts,
                                             const clang::tooling::CompilationDatabase &DB,
                                             const std::string &Source,
                                             const std::vector<const OutputFile *> &Overlay,
                                             UnitSymbols *Symbols = nullptr) {
  std::vector<std::string> Front(std::begin(CheckFlags), std::end(CheckFlags));
  if (!Opts.ResourceDir.empty())
    Front.push_back("-resource-dir=" + Opts.ResourceDir);
  ErrorCollector Collector;
  // A file system with a working directory of its own: ClangTool would otherwise chdir()
  // the whole process to each file's directory, and units are checked in parallel.
  ClangTool Tool(DB, {Source}, std::make_shared<clang::PCHContainerOperations>(),
                 llvm::vfs::createPhysicalFileSystem());
  // Last, so that they win over the program's own -W flags; and no -w, which would
  // silence the errors too.
  Tool.appendArgumentsAdjuster([](const CommandLineArguments &Args, StringRef) {
    CommandLineArguments Out;
    for (const std::string &A : Args)
      if (A != "-w")
        Out.push_back(A);
    return Out;
  });
  Tool.appendArgumentsAdjuster(getInsertArgumentAdjuster(Front, ArgumentInsertPosition::END));
  for (const OutputFile *F : Overlay)
    Tool.mapVirtualFile(F->RealPath, F->Transformed);
  Tool.setDiagnosticConsumer(&Collector);
  Tool.setPrintErrorMessage(false);
  bool Common = false;
  if (Symbols) {
    std::vector<clang::tooling::CompileCommand> Commands = DB.getCompileCommands(Source);
    if (!Commands.empty())
      Common = commonSymbols(Commands.front().CommandLine);
  }
  SymbolsActionFactory Factory(Symbols, Common);
  Tool.run(&Factory);
  return std::move(Collector.Errors);
}
} // namespace

CheckResult checkTransformed(const ToolOptions &Opts,
                             const clang::tooling::CompilationDatabase &DB,
                             const std::vector<std::string> &Sources,
                             const std::vector<std::vector<std::string>> &UnitFiles,
                             const std::vector<OutputFile> &Files, unsigned Jobs,
                             const std::vector<const UnitSymbols *> &Before) {
  std::map<std::string, const OutputFile *> Changed;
  for (const OutputFile &F : Files)
    if (F.Transformed != F.Original)
      Changed[F.RealPath] = &F;
  if (Changed.empty())
    return {};
  // Per unit: the errors of its transformed text, and (only when there are any: a
  // second parse) those of its original text, which are not ptrcomp's; and the
  // symbols of its transformed text.
  std::vector<std::vector<ErrorCollector::Found>> After(Sources.size());
  std::vector<std::vector<ErrorCollector::Found>> BeforeErrors(Sources.size());
  std::vector<std::optional<UnitSymbols>> Symbols(Sources.size());
  Progress Checking("checking", Sources.size());
  forEachIndex(Jobs, Sources.size(), [&](size_t U) {
    Checking.start(Sources[U]);
    std::vector<const OutputFile *> Overlay;
    if (U < UnitFiles.size())
      for (const std::string &Path : UnitFiles[U])
        if (auto It = Changed.find(Path); It != Changed.end())
          Overlay.push_back(It->second);
    if (Overlay.empty())
      return; // nothing of this unit changed
    Symbols[U].emplace();
    After[U] = parseUnit(Opts, DB, Sources[U], Overlay, &*Symbols[U]);
    if (!After[U].empty())
      BeforeErrors[U] = parseUnit(Opts, DB, Sources[U], {});
  });
  std::set<std::tuple<std::string, std::string, std::string>> Original;
  for (auto &Errors : BeforeErrors)
    for (ErrorCollector::Found &F : Errors)
      Original.insert({F.E.RealPath, F.E.Message, F.LineText});
  CheckResult Out;
  std::set<std::tuple<std::string, unsigned, std::string>> Dups; // one per TU that saw it
  for (auto &Errors : After)
    for (ErrorCollector::Found &F : Errors) {
      if (Original.count({F.E.RealPath, F.E.Message, F.LineText}))
        continue;
      if (!Dups.insert({F.E.RealPath, F.E.Offset, F.E.Message}).second)
        continue;
      Out.Errors.push_back(std::move(F.E));
    }
  // A program that does not compile has no reliable symbols: its vetoes come first.
  if (Out.Errors.empty()) {
    std::vector<const UnitSymbols *> AfterSymbols;
    for (std::optional<UnitSymbols> &S : Symbols)
      AfterSymbols.push_back(S ? &*S : nullptr);
    Out.LinkErrors = checkLink(Before, AfterSymbols);
  }
  return Out;
}

} // namespace ptrcomp
