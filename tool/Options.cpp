//===- Options.cpp - ptrcomp's command-line options -----------------------===//
//
// Options follow clang-tidy/clang-format conventions; CommonOptionsParser provides -p,
// --extra-arg, --extra-arg-before, `--` and @response files.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "Diagnostics.h"
#include "RuntimeFlags.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace ptrcomp {

static cl::OptionCategory PtrcompCategory("ptrcomp options");

static cl::opt<std::string>
    OutDirOpt("o", cl::desc("Write the transformed program into <dir>, mirroring the "
                             "inputs' paths relative to their common directory"),
              cl::value_desc("dir"), cl::cat(PtrcompCategory));
static cl::opt<bool> InPlaceOpt("i", cl::desc("Rewrite the files in place (atomic; all or "
                                              "nothing)"),
                                cl::cat(PtrcompCategory));
static cl::alias InPlaceAlias("in-place", cl::desc("Alias for -i"),
                              cl::aliasopt(InPlaceOpt), cl::cat(PtrcompCategory));
static cl::opt<bool> DiffOpt("diff", cl::desc("Print a unified diff of every change to "
                                              "stdout; write nothing"),
                             cl::cat(PtrcompCategory));

// Enumerated options are strings checked by parseCommandLine, so that a bad value gets
// the same one-line "ptrcomp: error:" message as every other usage error.
static cl::opt<std::string>
    ModeOpt("mode",
            cl::desc("compress: pool allocation + pointer compression (default);\n"
                     "poolalloc: pool allocation only, pointers stay pointers"),
            cl::value_desc("compress|poolalloc"), cl::init("compress"),
            cl::cat(PtrcompCategory));
static cl::opt<std::string> IndexBitsOpt("index-bits",
                                         cl::desc("Width of compressed indices"),
                                         cl::value_desc("32|16"), cl::init("32"),
                                         cl::cat(PtrcompCategory));
static cl::opt<std::string> ReportOpt(
    "report",
    cl::desc("Report every heap data structure and what was done to it (to stdout with "
             "-o/-i, else to --report-file)"),
    cl::value_desc("text|json"), cl::ValueOptional, cl::cat(PtrcompCategory));
static cl::opt<std::string> ReportFileOpt(
    "report-file",
    cl::desc("Write the report to <file> (needed when the program goes to stdout)"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));

static cl::opt<std::string>
    DumpGraphOpt("dump-graph",
                 cl::desc("Print the bottom-up DS graph of function <name>, or of "
                          "all functions, and exit"),
                 cl::value_desc("name|all"), cl::cat(PtrcompCategory));
static cl::opt<std::string> GraphFormatOpt("graph-format",
                                           cl::desc("Format of --dump-graph (default json)"),
                                           cl::value_desc("json|dot"), cl::init("json"),
                                           cl::cat(PtrcompCategory));

static cl::opt<bool> PrintRuntimeFlagsOpt(
    "print-runtime-flags",
    cl::desc("Print the compiler flags needed to build transformed output, and exit"),
    cl::cat(PtrcompCategory));
static cl::opt<std::string> ResourceDirOpt(
    "resource-dir",
    cl::desc("Clang resource directory holding the builtin headers (default: the one "
             "found when ptrcomp was built)"),
    cl::value_desc("dir"), cl::init(PTRCOMP_DEFAULT_RESOURCE_DIR), cl::cat(PtrcompCategory));

static const char Overview[] =
    "ptrcomp: moves each heap data structure of a C program into its own pool and\n"
    "stores pointers into eligible pools as 32- or 16-bit indices.\n"
    "\n"
    "  ptrcomp [options] <file>... [-- <compiler args>]\n"
    "  ptrcomp [options] -p <build dir> [<file>...]\n"
    "\n"
    "With one input file and none of -o/-i/--diff, the transformed file goes to stdout.\n"
    "Build the output with the flags from --print-runtime-flags.\n"
    "\n"
    "Exit status: 0 on success; 1 on any error (bad input, parse error, unwritable\n"
    "output); nothing is written unless the whole run succeeds.\n";

static void printVersion(raw_ostream &OS) {
  OS << "ptrcomp " << PTRCOMP_VERSION << " (built with LLVM " << LLVM_VERSION_STRING
     << ")\n";
}

/// Without `--` or -p, CommonOptionsParser looks for compile_commands.json and complains
/// loudly when there is none. Do the look-up quietly and fall back to no flags.
static std::vector<const char *> withQuietDatabaseDefault(int argc, const char **argv) {
  std::vector<const char *> Args(argv, argv + argc);
  bool HasDashDash = false, HasP = false;
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--") {
      HasDashDash = true;
      break;
    }
    if (A == "-p" || A.startswith("-p=") || A == "--p" || A.startswith("--p=") ||
        (A.startswith("-p") && A.size() > 2 && A[2] != '-'))
      HasP = true;
  }
  if (HasDashDash || HasP)
    return Args;
  // Find the first positional argument that names an existing file and try to detect a
  // database for it; when there is none, compile with no extra flags.
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A.startswith("-") || A.startswith("@") || !sys::fs::is_regular_file(A))
      continue;
    std::string Err;
    if (clang::tooling::CompilationDatabase::autoDetectFromSource(A, Err))
      return Args;
    break;
  }
  Args.push_back("--");
  return Args;
}

/// The value of -p (CommonOptionsParser keeps it private).
static std::optional<std::string> buildPathArgument(int argc, const char **argv) {
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if (A == "--")
      break;
    if ((A == "-p" || A == "--p") && I + 1 < argc)
      return std::string(argv[I + 1]);
    for (StringRef Prefix : {"-p=", "--p="})
      if (A.startswith(Prefix))
        return A.drop_front(Prefix.size()).str();
  }
  return std::nullopt;
}

bool parseCommandLine(int argc, const char **argv, ToolOptions &Opts, bool &ExitNow) {
  ExitNow = false;
  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(PtrcompCategory);
  // --print-runtime-flags needs no input files: handle it before the parser demands them.
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--print-runtime-flags" ||
        StringRef(argv[I]) == "-print-runtime-flags") {
      outs() << runtimeFlags(argv[0]) << "\n";
      ExitNow = true;
      return true;
    }

  if (std::optional<std::string> BuildDir = buildPathArgument(argc, argv)) {
    std::string Err;
    if (!clang::tooling::CompilationDatabase::autoDetectFromDirectory(*BuildDir, Err)) {
      errorMessage("cannot load a compilation database from '" + *BuildDir +
                   "': " + StringRef(Err).trim().split('\n').first);
      return false;
    }
  }
  std::vector<const char *> Args = withQuietDatabaseDefault(argc, argv);
  int N = Args.size();
  auto Parser = clang::tooling::CommonOptionsParser::create(
      N, Args.data(), PtrcompCategory, cl::ZeroOrMore, Overview);
  if (!Parser) {
    std::string Msg = toString(Parser.takeError());
    StringRef M = StringRef(Msg).trim();
    // The parser's own messages start with the program name; keep one clean line each.
    for (StringRef Line : llvm::split(M, '\n')) {
      Line = Line.trim();
      if (Line.empty())
        continue;
      if (Line.consume_front(argv[0]) ||
          Line.consume_front(sys::path::filename(argv[0])))
        Line = Line.ltrim(": ");
      Line.consume_front("for the "); // "for the --mode option: ..."
      if (Line.startswith("error:") || Line.startswith("Error"))
        Line = Line.drop_until([](char C) { return C == ':'; }).drop_front().ltrim();
      errorMessage(Line);
    }
    return false;
  }

  Opts.Sources = Parser->getSourcePathList();
  Opts.Parser = std::make_unique<clang::tooling::CommonOptionsParser>(std::move(*Parser));
  if (Opts.Sources.empty()) {
    // `-p DIR` alone means every file of DIR's compile_commands.json.
    std::optional<std::string> BuildDir = buildPathArgument(argc, argv);
    if (!BuildDir) {
      errorMessage("no input files");
      return false;
    }
    std::string Err;
    auto DB = clang::tooling::CompilationDatabase::autoDetectFromDirectory(*BuildDir, Err);
    if (!DB) {
      errorMessage("cannot load a compilation database from '" + *BuildDir +
                   "': " + StringRef(Err).trim());
      return false;
    }
    auto Adjusting =
        std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(std::move(DB));
    // CommonOptionsParser did not set up --extra-arg(-before) here: do it the same way.
    auto &Registered = cl::getRegisteredOptions();
    for (auto [Name, Pos] : {std::pair{"extra-arg-before",
                                       clang::tooling::ArgumentInsertPosition::BEGIN},
                             std::pair{"extra-arg",
                                       clang::tooling::ArgumentInsertPosition::END}})
      if (auto *L = static_cast<cl::list<std::string> *>(Registered.lookup(Name)))
        Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
            std::vector<std::string>(L->begin(), L->end()), Pos));
    Opts.Sources = Adjusting->getAllFiles();
    Opts.WholeDatabase = std::move(Adjusting);
    if (Opts.Sources.empty()) {
      errorMessage("the compilation database in '" + *BuildDir + "' lists no files");
      return false;
    }
  }

  bool Ok = true;
  auto Bad = [&](const Twine &Msg) {
    errorMessage(Msg);
    Ok = false;
  };
  int OutputModes = !OutDirOpt.empty() + InPlaceOpt + DiffOpt;
  if (OutputModes > 1)
    Bad("-o, -i and --diff are mutually exclusive");
  if (IndexBitsOpt == "32" || IndexBitsOpt == "16")
    Opts.IndexBits = std::stoi(IndexBitsOpt);
  else
    Bad("invalid --index-bits='" + IndexBitsOpt + "': must be 32 or 16");
  if (ModeOpt == "compress")
    Opts.TransformMode = Mode::Compress;
  else if (ModeOpt == "poolalloc")
    Opts.TransformMode = Mode::PoolAlloc;
  else
    Bad("invalid --mode='" + ModeOpt + "': must be compress or poolalloc");
  if (ReportOpt.getNumOccurrences() == 0)
    Opts.Report = ReportFormat::None;
  else if (ReportOpt.empty() || ReportOpt == "text")
    Opts.Report = ReportFormat::Text;
  else if (ReportOpt == "json")
    Opts.Report = ReportFormat::Json;
  else
    Bad("invalid --report='" + ReportOpt + "': must be text or json");
  if (GraphFormatOpt == "json")
    Opts.GraphFmt = GraphFormat::Json;
  else if (GraphFormatOpt == "dot")
    Opts.GraphFmt = GraphFormat::Dot;
  else
    Bad("invalid --graph-format='" + GraphFormatOpt + "': must be json or dot");
  bool ProgramOnStdout = OutputModes == 0 || DiffOpt;
  if (ReportOpt.getNumOccurrences() && ProgramOnStdout && ReportFileOpt.empty() &&
      DumpGraphOpt.empty())
    Bad("--report needs --report-file=FILE when the program or diff goes to stdout "
        "(or use -o DIR / -i)");
  if (!ReportFileOpt.empty()) {
    // Checked now: a report that cannot be written must fail the run before anything
    // else is written.
    SmallString<256> Dir(ReportFileOpt);
    sys::path::remove_filename(Dir);
    if (Dir.empty())
      Dir = ".";
    if (sys::fs::is_directory(ReportFileOpt))
      Bad("--report-file '" + ReportFileOpt + "' is a directory");
    else if (!sys::fs::is_directory(Dir))
      Bad("--report-file '" + ReportFileOpt + "': directory '" + Dir + "' does not exist");
  }
  if (!Ok)
    return false;

  Opts.OutDir = OutDirOpt;
  Opts.Output = !OutDirOpt.empty() ? OutputMode::OutDir
                : InPlaceOpt       ? OutputMode::InPlace
                : DiffOpt          ? OutputMode::Diff
                                   : OutputMode::Stdout;
  Opts.ReportFile = ReportFileOpt;
  Opts.DumpGraph = DumpGraphOpt;
  Opts.ResourceDir = ResourceDirOpt;
  if (!Opts.DumpGraph.empty())
    Opts.Output = OutputMode::None;
  return true;
}

} // namespace ptrcomp
