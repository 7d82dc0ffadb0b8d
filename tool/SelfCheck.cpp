//===- SelfCheck.cpp - parse the transformed program in memory ------------===//
#include "SelfCheck.h"
#include "FilePaths.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <set>
#include <tuple>

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

std::vector<ErrorCollector::Found> parseAll(const ToolOptions &Opts,
                                            const std::vector<std::string> &Sources,
                                            const std::vector<OutputFile> *Overlay) {
  std::vector<std::string> Front(std::begin(CheckFlags), std::end(CheckFlags));
  if (!Opts.ResourceDir.empty())
    Front.push_back("-resource-dir=" + Opts.ResourceDir);
  ErrorCollector Collector;
  // One tool per file, as in parseProgram: a shared FileManager mixes up relative
  // paths of files compiled in different directories.
  for (const std::string &Source : Sources) {
    // A file system with a working directory of its own: ClangTool would otherwise
    // chdir() the whole process to each file's directory, and units are parsed in
    // parallel.
    ClangTool Tool(Opts.database(), {Source}, std::make_shared<clang::PCHContainerOperations>(),
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
    if (Overlay)
      for (const OutputFile &F : *Overlay)
        if (F.Transformed != F.Original)
          Tool.mapVirtualFile(F.RealPath, F.Transformed);
    Tool.setDiagnosticConsumer(&Collector);
    Tool.setPrintErrorMessage(false);
    Tool.run(newFrontendActionFactory<clang::SyntaxOnlyAction>().get());
  }
  return std::move(Collector.Errors);
}

} // namespace

std::vector<CompileError> checkTransformed(const ToolOptions &Opts,
                                           const std::vector<OutputFile> &Files) {
  std::vector<std::string> Sources;
  std::set<std::string> Seen;
  for (const std::string &S : Opts.Sources) {
    SmallString<256> Real;
    if (sys::fs::real_path(S, Real))
      Real = S;
    if (Seen.insert(std::string(Real)).second)
      Sources.push_back(S);
  }
  bool Changed = false;
  for (const OutputFile &F : Files)
    Changed |= F.Transformed != F.Original;
  if (!Changed)
    return {};
  std::vector<ErrorCollector::Found> After = parseAll(Opts, Sources, &Files);
  if (After.empty())
    return {};
  // Only now pay for a second parse: what the original has itself is not ptrcomp's.
  std::set<std::tuple<std::string, std::string, std::string>> Before;
  for (ErrorCollector::Found &F : parseAll(Opts, Sources, nullptr))
    Before.insert({F.E.RealPath, F.E.Message, F.LineText});
  std::vector<CompileError> Out;
  std::set<std::tuple<std::string, unsigned, std::string>> Dups; // one per TU that saw it
  for (ErrorCollector::Found &F : After) {
    if (Before.count({F.E.RealPath, F.E.Message, F.LineText}))
      continue;
    if (!Dups.insert({F.E.RealPath, F.E.Offset, F.E.Message}).second)
      continue;
    Out.push_back(std::move(F.E));
  }
  return Out;
}

} // namespace ptrcomp
