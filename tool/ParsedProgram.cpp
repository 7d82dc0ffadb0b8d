//===- ParsedProgram.cpp - parse all TUs with a ClangTool ------------------===//
#include "ParsedProgram.h"
#include "BuildCommands.h"
#include "Diagnostics.h"
#include "FilePaths.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace clang::tooling;
namespace ptrcomp {

/// Flags that make Clang accept what C compilers accept in practice: older C that gcc
/// only warns about (implicit declarations, implicit int, int/pointer conversions) must
/// still parse. Warnings about the user's code are not ptrcomp's business.
static const char *const LenientFlags[] = {
    "-w",
    "-Wno-error=implicit-function-declaration",
    "-Wno-error=implicit-int",
    "-Wno-error=int-conversion",
    "-Wno-error=incompatible-pointer-types",
    "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type",
    "-Wno-unknown-warning-option",
    "-ferror-limit=20",
    "-fno-color-diagnostics",
};

static bool checkInputs(const ToolOptions &Opts, std::vector<std::string> &Sources) {
  bool Ok = true;
  StringSet<> Seen;
  for (const std::string &S : Opts.Sources) {
    sys::fs::file_status St;
    if (std::error_code EC = sys::fs::status(S, St)) {
      errorMessage("'" + S + "': " + EC.message());
      Ok = false;
      continue;
    }
    if (sys::fs::is_directory(St)) {
      errorMessage("'" + S + "' is a directory, not a C source file");
      Ok = false;
      continue;
    }
    SmallString<256> Real;
    if (sys::fs::real_path(S, Real))
      Real = S;
    // The same file named twice (or by two spellings) is one translation unit.
    if (Seen.insert(Real).second)
      Sources.push_back(S);
  }
  return Ok;
}

namespace {
/// Clang's own printer, counting errors, and printing fatal errors as errors: for a user
/// both mean the same (ptrcomp stops), and tools that read our output look for "error:".
class DiagnosticPrinter : public clang::TextDiagnosticPrinter {
public:
  using clang::TextDiagnosticPrinter::TextDiagnosticPrinter;
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == clang::DiagnosticsEngine::Fatal)
      Level = clang::DiagnosticsEngine::Error;
    clang::TextDiagnosticPrinter::HandleDiagnostic(Level, Info);
  }
};
} // namespace

bool programSources(const ToolOptions &Opts, std::vector<std::string> &Sources) {
  if (!checkInputs(Opts, Sources))
    return false;
  if (Sources.empty()) {
    errorMessage("no input files");
    return false;
  }
  return true;
}

/// The flags that come before the compilation database's.
static std::vector<std::string> frontFlags(const ToolOptions &Opts) {
  std::vector<std::string> Front(std::begin(LenientFlags), std::end(LenientFlags));
  if (!Opts.ResourceDir.empty())
    Front.push_back("-resource-dir=" + Opts.ResourceDir);
  // Keeps the ranges of the #if branches not taken (SkippedCode.h).
  Front.push_back("-Xclang");
  Front.push_back("-detailed-preprocessing-record");
  return Front;
}

/// Whether \p Unit is a C unit without errors (else says why).
static bool acceptable(clang::ASTUnit &Unit) {
  if (Unit.getDiagnostics().hasErrorOccurred())
    return false;
  const clang::LangOptions &LO = Unit.getLangOpts();
  if (LO.CPlusPlus || LO.ObjC || LO.OpenCL || LO.CUDA) {
    errorMessage("'" + Unit.getMainFileName().str() +
                 "' is not compiled as C; ptrcomp transforms C programs");
    return false;
  }
  return true;
}

/// Parses \p Source once with \p Tool's settings, its main file read as \p Text when
/// given; diagnostics go to \p Printer.
static std::unique_ptr<clang::ASTUnit>
parseOnce(const ToolOptions &Opts, const CompilationDatabase &DB,
          const std::optional<OneCommand> &First, const std::string &Source,
          DiagnosticPrinter &Printer, const std::string *Text, StringRef Abs,
          bool *Failed = nullptr) {
  std::vector<std::unique_ptr<clang::ASTUnit>> Units;
  // A file system with a working directory of its own: ClangTool would otherwise
  // chdir() the whole process to each file's directory, and units are parsed in
  // parallel.
  // The text is copied into a file system that the unit's file manager keeps alive
  // (ClangTool::mapVirtualFile would only refer to it).
  llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem> FS = llvm::vfs::createPhysicalFileSystem();
  if (Text) {
    auto Memory = llvm::makeIntrusiveRefCnt<llvm::vfs::InMemoryFileSystem>();
    Memory->addFile(Abs, 0, MemoryBuffer::getMemBufferCopy(*Text, Abs));
    SmallString<256> Real;
    if (!sys::fs::real_path(Abs, Real) && Real != Abs)
      Memory->addFile(Real, 0, MemoryBuffer::getMemBufferCopy(*Text, Real));
    auto Overlay = llvm::makeIntrusiveRefCnt<llvm::vfs::OverlayFileSystem>(FS);
    Overlay->pushOverlay(Memory);
    FS = Overlay;
  }
  ClangTool Tool(First ? *First : DB, {Source}, std::make_shared<clang::PCHContainerOperations>(),
                 FS);
  Tool.appendArgumentsAdjuster(
      getInsertArgumentAdjuster(frontFlags(Opts), ArgumentInsertPosition::BEGIN));
  Tool.setDiagnosticConsumer(&Printer);
  int Status = Tool.buildASTs(Units);
  if (Failed)
    *Failed = Status != 0 || Units.size() != 1;
  if (Status != 0 || Units.size() != 1 || Printer.getNumErrors() != 0)
    return nullptr;
  return std::move(Units.front());
}

std::unique_ptr<clang::ASTUnit> parseUnit(const ToolOptions &Opts,
                                          const clang::tooling::CompilationDatabase &DB,
                                          const std::string &Source, ExpandedFile *Expanded) {
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts(new clang::DiagnosticOptions());
  // The unit's diagnostics are printed at once, not interleaved with another's.
  std::string Text;
  llvm::raw_string_ostream OS(Text);
  DiagnosticPrinter Printer(OS, DiagOpts.get());

  // A file the build compiles with several commands is parsed with the first
  // (BuildCommands.h decides whether the others see the same code).
  SmallString<256> Abs(Source);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::vector<clang::tooling::CompileCommand> Commands = DB.getCompileCommands(Abs);
  std::optional<OneCommand> First;
  if (Commands.size() > 1)
    First.emplace(Commands.front());
  bool Failed = false;
  std::unique_ptr<clang::ASTUnit> Unit =
      parseOnce(Opts, DB, First, Source, Printer, nullptr, Abs, &Failed);
  OS.flush();
  if (!Text.empty())
    printError(Text);
  if (!Unit || !acceptable(*Unit)) {
    if (Failed)
      errorMessage("could not parse '" + Source + "'; nothing was written");
    return nullptr;
  }
  // Macro uses that define functions are parsed written out (FileScopeExpansions.h),
  // as long as they mean the same there; the parse is silent: the code is the user's.
  // A use written out may itself be such a use (`KAVL_INIT` expands to `KAVL_INIT2`):
  // it is written out in turn, a few levels deep.
  std::vector<FileScopeExpansion> Uses = fileScopeExpansions(*Unit);
  const clang::SourceManager &SM = Unit->getSourceManager();
  std::string Disk = SM.getBufferData(SM.getMainFileID()).str();
  bool Split = false;
  for (int Round = 0; !Uses.empty() && Round < 8; ++Round) {
    std::string Written = withExpansions(Disk, Uses);
    std::string Ignored;
    llvm::raw_string_ostream Quiet(Ignored);
    DiagnosticPrinter QuietPrinter(Quiet, DiagOpts.get());
    std::unique_ptr<clang::ASTUnit> Again =
        parseOnce(Opts, DB, First, Source, QuietPrinter, &Written, Abs);
    if (!Again) {
      // One use whose text does not parse (an argument that expands to a comma) keeps
      // the others from being written out: each is tried alone, once.
      if (Split || Uses.size() < 2)
        break;
      Split = true;
      std::vector<FileScopeExpansion> Parsed;
      for (const FileScopeExpansion &U : Uses) {
        std::string Alone = withExpansions(Disk, {U});
        DiagnosticPrinter AlonePrinter(Quiet, DiagOpts.get());
        if (parseOnce(Opts, DB, First, Source, AlonePrinter, &Alone, Abs))
          Parsed.push_back(U);
      }
      Uses = std::move(Parsed);
      continue;
    }
    if (Round < 6 && writeOutNested(Uses, fileScopeExpansions(*Again, /*OnlyDefining=*/false)))
      continue;
    std::vector<FileScopeExpansion> Same = sameMeaning(*Unit, *Again, Uses);
    if (Same.size() == Uses.size()) {
      findLineUses(*Again, Uses);
      if (Expanded) {
        Expanded->RealPath = realPathOf(Again->getSourceManager(),
                                        Again->getSourceManager().getMainFileID());
        Expanded->Disk = std::move(Disk);
        Expanded->Expansions = std::move(Uses);
      }
      return Again;
    }
    Uses = std::move(Same);
  }
  return Unit;
}

bool parseProgram(const ToolOptions &Opts, ParsedProgram &Program) {
  std::vector<std::string> Sources;
  if (!checkInputs(Opts, Sources))
    return false;
  if (Sources.empty()) {
    errorMessage("no input files");
    return false;
  }

  std::vector<std::string> Front(std::begin(LenientFlags), std::end(LenientFlags));
  if (!Opts.ResourceDir.empty())
    Front.push_back("-resource-dir=" + Opts.ResourceDir);
  // Keeps the ranges of the #if branches not taken (SkippedCode.h).
  Front.push_back("-Xclang");
  Front.push_back("-detailed-preprocessing-record");
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> DiagOpts(new clang::DiagnosticOptions());
  DiagnosticPrinter Printer(llvm::errs(), DiagOpts.get());
  // One tool per file: a ClangTool shares one FileManager between its files, which
  // caches relative paths, so files compiled in different directories (a recursive
  // make's database: "-I../lib" in src/, "h.h" in lib/) would find each other's
  // headers under the wrong names.
  int Status = 0;
  for (const std::string &Source : Sources) {
    // A file system with a working directory of its own: ClangTool would otherwise
    // chdir() the whole process to each file's directory, and units are parsed in
    // parallel.
    ClangTool Tool(Opts.database(), {Source}, std::make_shared<clang::PCHContainerOperations>(),
                   llvm::vfs::createPhysicalFileSystem());
    Tool.appendArgumentsAdjuster(
        getInsertArgumentAdjuster(Front, ArgumentInsertPosition::BEGIN));
    Tool.setDiagnosticConsumer(&Printer);
    Status |= Tool.buildASTs(Program.Units);
  }
  // Errors anywhere (driver arguments included) stop the run.
  bool Ok = Status == 0 && Program.Units.size() == Sources.size() &&
            Printer.getNumErrors() == 0;
  for (auto &Unit : Program.Units) {
    if (Unit->getDiagnostics().hasErrorOccurred()) {
      Ok = false;
      continue;
    }
    const clang::LangOptions &LO = Unit->getLangOpts();
    if (LO.CPlusPlus || LO.ObjC || LO.OpenCL || LO.CUDA) {
      errorMessage("'" + Unit->getMainFileName() +
                   "' is not compiled as C; ptrcomp transforms C programs");
      Ok = false;
    }
  }
  if (!Ok && Status != 0 && Program.Units.size() != Sources.size())
    errorMessage("could not parse every input file; nothing was written");
  return Ok;
}

} // namespace ptrcomp
