//===- Options.cpp - ptrcomp's command-line options -----------------------===//
//
// Options follow clang-tidy/clang-format conventions; CommonOptionsParser provides -p,
// --extra-arg, --extra-arg-before, `--` and @response files.
//
//===----------------------------------------------------------------------===//
#include "Options.h"
#include "Parallel.h"
#include "CompileDatabase.h"
#include "Diagnostics.h"
#include "RuntimeFlags.h"
#include "ptrcomp/Compat.h"
#include "llvm/ADT/StringExtras.h"

#include "ptrcomp/analysis/GraphExport.h"

#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace ptrcomp {

static cl::OptionCategory PtrcompCategory("ptrcomp options");

static cl::opt<std::string>
    OutDirOpt("o", cl::desc("Write the transformed program into <dir>: the inputs, "
                             "changed files and files they include relative to "
                             "themselves, at their paths relative to their common "
                             "directory"),
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
             "-o/-i/--dry-run/--export-fixes, else to --report-file)"),
    cl::value_desc("text|json|sarif"), cl::ValueOptional, cl::cat(PtrcompCategory));
static cl::opt<std::string> ReportFileOpt(
    "report-file",
    cl::desc("Write the report to <file> (needed when the program goes to stdout)"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));

static cl::opt<bool> DryRunOpt(
    "dry-run",
    cl::desc("Write nothing; print 'file:line:col: warning: ... [ptrcomp-would-change]'\n"
             "for every region of the program that would change"),
    cl::cat(PtrcompCategory));
static cl::opt<bool> WerrorOpt("Werror",
                               cl::desc("With --dry-run: exit 1 when anything would change"),
                               cl::cat(PtrcompCategory));
static cl::opt<std::string> ExportFixesOpt(
    "export-fixes",
    cl::desc("Write the edits to <file> in clang-tidy's fixes YAML format (for\n"
             "clang-apply-replacements); alone, nothing else is written"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));
static cl::opt<std::string> WriteExpectOpt(
    "write-expect",
    cl::desc("Write the structures that are compressed to <file> (.yaml/.yml or\n"
             ".json), for --expect"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));
static cl::opt<std::string> ExpectOpt(
    "expect",
    cl::desc("Fail (exit 1, nothing written) when a structure listed in <file> is no\n"
             "longer compressed with its index bits"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));
static cl::opt<std::string> ConfigFileOpt(
    "config-file",
    cl::desc("Read settings from <file> instead of the .ptrcomp.yaml found from the\n"
             "first source's directory upwards"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));
static cl::opt<bool> DumpConfigOpt(
    "dump-config",
    cl::desc("Print the configuration in force (.ptrcomp.yaml + options) as YAML, and exit"),
    cl::cat(PtrcompCategory));
static cl::opt<std::string> HeaderFilterOpt(
    "header-filter",
    cl::desc("Edit only headers whose path matches <regex>; structures needing edits\n"
             "in other headers stay unchanged (overrides HeaderFilter)"),
    cl::value_desc("regex"), cl::cat(PtrcompCategory));

static cl::opt<bool> StrictSkippedCodeOpt(
    "strict-skipped-code",
    cl::desc("Leave unchanged every structure that code in an #if branch not taken\n"
             "names (its struct, a field, function or variable that would change);\n"
             "without it, the report notes such code (overrides StrictSkippedCode)"),
    cl::cat(PtrcompCategory));

static cl::opt<std::string>
    DumpGraphOpt("dump-graph",
                 cl::desc("Print the bottom-up DS graph of function <name>, or of "
                          "all functions, and exit"),
                 cl::value_desc("name|all"), cl::cat(PtrcompCategory));
static cl::opt<bool> PrintMainDefinitionsOpt(
    "print-main-definitions",
    cl::desc("Parse the sources and print a line for each that defines main: its path, a\n"
             "tab, and the definition's file:line:col; then exit (ptrcomp-try makes\n"
             "programs from it)"),
    cl::cat(PtrcompCategory));
static cl::opt<std::string> GraphFormatOpt("graph-format",
                                           cl::desc("Format of --dump-graph (default json)"),
                                           cl::value_desc("json|dot"), cl::init("json"),
                                           cl::cat(PtrcompCategory));

// The step mode (StepMode.h): each step a command of its own, for build systems.
static cl::opt<bool> SummarizeOpt(
    "summarize",
    cl::desc("Summarize one source file (parse it, analyse it on its own) into the file\n"
             "of -o (FILE.pcs)"),
    cl::cat(PtrcompCategory));
static cl::opt<bool> LinkOpt(
    "link",
    cl::desc("Link the summaries given (*.pcs) into the program and its plan, written to\n"
             "the file of -o (program.pcp); takes the options of the transformation"),
    cl::cat(PtrcompCategory));
static cl::opt<std::string> ApplyOpt(
    "apply",
    cl::desc("Check and rewrite one source file under plan <plan.pcp> (reading the plan's\n"
             "parts that the file needs); its result goes to the file of -o (FILE.pcr)"),
    cl::value_desc("plan.pcp"), cl::cat(PtrcompCategory));
static cl::opt<std::string> FinishOpt(
    "finish",
    cl::desc("Finish from plan <plan.pcp> and the results given (*.pcr): plan again\n"
             "while the rewrite finds vetoes, check that the output compiles, and write\n"
             "it (-o DIR, -i, --diff, --report ... as the single command)"),
    cl::value_desc("plan.pcp"), cl::cat(PtrcompCategory));

static cl::opt<std::string> DepFileOpt(
    "depfile",
    cl::desc("With --summarize: also write the files the unit read to <file>, as a\n"
             "Makefile rule for the summary (build systems rerun the step when one\n"
             "changes)"),
    cl::value_desc("file"), cl::cat(PtrcompCategory));

static cl::opt<std::string> UnitStampsOpt(
    "unit-stamps",
    cl::desc("With --link: also write <dir>/<n>.pcu for the n-th summary given, a line\n"
             "that changes only when the parts of the plan its file's --apply reads\n"
             "change (rewritten only then: a build whose apply depends on it skips the\n"
             "files a new plan leaves as they were)"),
    cl::value_desc("dir"), cl::cat(PtrcompCategory));

static cl::opt<std::string> CacheDirOpt(
    "cache-dir",
    cl::desc("Keep each file's summary in <dir> and reuse it in later runs while the file\n"
             "and everything it includes are unchanged (and its flags, and ptrcomp)"),
    cl::value_desc("dir"), cl::cat(PtrcompCategory));

static cl::opt<unsigned> JobsOpt(
    "j",
    cl::desc("Parse, check and rewrite <N> files at once (default: the number of cores);\n"
             "at most <N> parsed files are held in memory"),
    cl::value_desc("N"), cl::init(0), cl::Prefix, cl::cat(PtrcompCategory));
static cl::opt<bool> PrintRuntimeFlagsOpt(
    "print-runtime-flags",
    cl::desc("Print the compiler flags needed to build transformed output, and exit"),
    cl::cat(PtrcompCategory));
static cl::opt<std::string> ResourceDirOpt(
    "resource-dir",
    cl::desc("Clang resource directory holding the builtin headers (default: the one "
             "found when ptrcomp was built)"),
    cl::value_desc("dir"), cl::init(PTRCOMP_DEFAULT_RESOURCE_DIR), cl::cat(PtrcompCategory));

// Testing only: plans and rewrites without the legality check (tool/legality), so that
// the rewriter's own vetoes decide; they then say "internal: legality missed".
static cl::opt<bool> SkipLegalityOpt(
    "skip-legality-check", cl::Hidden,
    cl::desc("testing only: plan and rewrite without the legality check, so that the "
             "rewriter's own vetoes (the safety net) decide"));

// Testing only: makes the rewriter write code that does not compile, to show that the
// self-check catches it ("field:NAME": misspells the fields of struct NAME in rewritten
// accesses; "file-scope": adds a line no structure explains), or that does not link
// ("link-duplicate": the external entry of an inline function's clone written beside
// its local version, in a header every including unit then defines it in;
// "link-undefined": that entry not written; "link-unexplained": an object defined in
// every header that gets the runtime's #include); or makes --link write a
// plan whose units' parts lack their callees ("plan-callees"), to show that --apply
// then fails instead of rewriting without them.
static cl::opt<std::string> InjectFaultOpt("inject-fault", cl::Hidden,
                                           cl::desc("Testing: inject a rewriter fault"),
                                           cl::value_desc("field:NAME|file-scope|link-duplicate|link-undefined|link-unexplained|plan-callees"),
                                           cl::cat(PtrcompCategory));

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
    "Step mode, for build systems (the same output as one command):\n"
    "  ptrcomp --summarize <file> -o <file>.pcs [-- <compiler args>]    per source\n"
    "  ptrcomp --link <file>.pcs... -o program.pcp [options]            once\n"
    "  ptrcomp --apply=program.pcp <file> -o <file>.pcr [-- <args>]     per source\n"
    "  ptrcomp --finish=program.pcp <file>.pcr... -o <dir> [options]    once\n"
    "\n"
    "Settings: the first .ptrcomp.yaml found from the first source's directory\n"
    "upwards (or --config-file) sets IndexBits, Mode, Threads, ExcludeStructs,\n"
    "ExcludeFunctions, HeaderFilter and StrictSkippedCode; options on the command line\n"
    "override it. In the source, '#pragma ptrcomp keep(struct NAME)' and\n"
    "'#pragma ptrcomp keep_function(NAME)' leave a structure unchanged (ptrcomp\n"
    "defines __PTRCOMP__ while parsing).\n"
    "\n"
    "Exit status:\n"
    "  0  success (with --dry-run: also when something would change, unless --Werror)\n"
    "  1  any error: bad option, missing or unparsable input, malformed .ptrcomp.yaml,\n"
    "     #pragma ptrcomp or expectations file, unwritable output; --expect found a\n"
    "     structure no longer compressed; --dry-run --Werror and something would\n"
    "     change. Nothing is written unless the whole run succeeds.\n";

static void printVersion(raw_ostream &OS) {
  OS << "ptrcomp " << PTRCOMP_VERSION << " (built with LLVM " << LLVM_VERSION_STRING
     << ")\n";
}

/// The arguments for CommonOptionsParser. Without `--`, ptrcomp loads the database
/// itself (\p OwnDatabase): the parser gets `--` and no -p, so that it neither reads the
/// database nor complains loudly when there is none. (The parser reads all of a
/// compile_commands.json; ptrcomp reads only the entries of the files it is given.)
static std::vector<const char *> argsForParser(int argc, const char **argv,
                                               bool &OwnDatabase) {
  std::vector<const char *> Args(argv, argv + argc);
  OwnDatabase = llvm::none_of(Args, [](const char *A) { return StringRef(A) == "--"; });
  if (!OwnDatabase)
    return Args;
  Args.resize(1);
  for (int I = 1; I < argc; ++I) {
    StringRef A = argv[I];
    if ((A == "-p" || A == "--p") && I + 1 < argc)
      ++I; // and its value
    else if (!compat::startsWith(A, "-p=") && !compat::startsWith(A, "--p="))
      Args.push_back(argv[I]);
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
      if (compat::startsWith(A, Prefix))
        return A.drop_front(Prefix.size()).str();
  }
  return std::nullopt;
}

namespace {
/// A database owned elsewhere (CommonOptionsParser keeps its own), so that an
/// ArgumentsAdjustingCompilations can wrap it.
class BorrowedDatabase : public clang::tooling::CompilationDatabase {
public:
  explicit BorrowedDatabase(clang::tooling::CompilationDatabase &DB) : DB(DB) {}
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    return DB.getCompileCommands(FilePath);
  }
  std::vector<std::string> getAllFiles() const override { return DB.getAllFiles(); }
  std::vector<clang::tooling::CompileCommand> getAllCompileCommands() const override {
    return DB.getAllCompileCommands();
  }

private:
  clang::tooling::CompilationDatabase &DB;
};
} // namespace

/// Every parse defines __PTRCOMP__, so that sources can guard `#pragma ptrcomp`, and
/// finds ptrcomp_rt.h after every directory of its own: output that is parsed again (a
/// check that committed output is current) needs no extra flags.
static void definePtrcompMacro(ToolOptions &Opts, const char *Argv0) {
  std::unique_ptr<clang::tooling::CompilationDatabase> Inner =
      Opts.WholeDatabase
          ? std::move(Opts.WholeDatabase)
          : std::make_unique<BorrowedDatabase>(Opts.Parser->getCompilations());
  auto Adjusting =
      std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(std::move(Inner));
  Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      "-D__PTRCOMP__=1", clang::tooling::ArgumentInsertPosition::BEGIN));
  Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
      {"-idirafter", runtimeIncludeDir(Argv0)}, clang::tooling::ArgumentInsertPosition::END));
  Opts.WholeDatabase = std::move(Adjusting);
}

/// A file ptrcomp will write must be in an existing directory and not be one: checked
/// before anything else runs, so that it cannot fail the run half-way.
static bool checkOutputFile(StringRef Option, StringRef Path) {
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  if (sys::fs::is_directory(Path)) {
    errorMessage(Option + " '" + Path + "' is a directory");
    return false;
  }
  if (!sys::fs::is_directory(Dir)) {
    errorMessage(Option + " '" + Path + "': directory '" + Dir + "' does not exist");
    return false;
  }
  return true;
}

/// Reads the configuration in force: --config-file, else the first .ptrcomp.yaml from
/// \p StartDir upwards.
static bool readConfig(StringRef StartDir, Config &Cfg) {
  std::string Path = ConfigFileOpt;
  if (Path.empty())
    Path = findConfigFile(StartDir);
  else if (!sys::fs::is_regular_file(Path)) {
    errorMessage("--config-file '" + Path + "' is not a readable file");
    return false;
  }
  return Path.empty() || loadConfig(Path, Cfg);
}

/// --strict-skipped-code, else StrictSkippedCode of the configuration.
static bool strictSkippedCode(const Config &Cfg) {
  if (StrictSkippedCodeOpt.getNumOccurrences())
    return StrictSkippedCodeOpt;
  return Cfg.StrictSkippedCode.value_or(false);
}

/// --threads. LLVM's own libraries register an option of that name too (an unrelated
/// one, for its parallel algorithms): ptrcomp's replaces it, so it is created here, after
/// the libraries' static options, once theirs is removed.
static cl::opt<std::string> &threadsOption() {
  static cl::opt<std::string> *Opt = [] {
    if (cl::Option *Theirs = cl::getRegisteredOptions().lookup("threads"))
      Theirs->removeArgument();
    return new cl::opt<std::string>(
        "threads",
        cl::desc("Which pools are thread-safe. auto (default): those several threads may\n"
                 "use, when the program starts threads (pthread_create, thrd_create,\n"
                 "OpenMP); single: none (you state that the program runs one thread);\n"
                 "safe: all"),
        cl::value_desc("auto|single|safe"), cl::init("auto"), cl::cat(PtrcompCategory));
  }();
  return *Opt;
}

bool parseCommandLine(int argc, const char **argv, ToolOptions &Opts, bool &ExitNow) {
  ExitNow = false;
  cl::opt<std::string> &ThreadsOpt = threadsOption();
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
  // Testing only: the libc model as JSON, checked against the system's prototypes.
  for (int I = 1; I < argc; ++I)
    if (StringRef(argv[I]) == "--dump-libc-model") {
      dsa::writeLibcModelJSON(outs());
      ExitNow = true;
      return true;
    }

  bool OwnDatabase = false;
  std::vector<const char *> Args = argsForParser(argc, argv, OwnDatabase);
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
      if (compat::startsWith(Line, "error:") ||
          compat::startsWith(Line, "Error"))
        Line = Line.drop_until([](char C) { return C == ':'; }).drop_front().ltrim();
      errorMessage(Line);
    }
    return false;
  }

  Opts.Sources = Parser->getSourcePathList();
  Opts.Parser = std::make_unique<clang::tooling::CommonOptionsParser>(std::move(*Parser));
  std::optional<std::string> BuildDir = buildPathArgument(argc, argv);
  // --link and --finish read ptrcomp's files, which have their compile commands.
  bool ParsesSources = !LinkOpt && FinishOpt.empty();
  if (OwnDatabase && ParsesSources && (BuildDir || !Opts.Sources.empty())) {
    // The database of -p, or the one found from the first source upwards (none: no
    // flags); with relative "directory" entries resolved against its own directory
    // (CompileDatabase.h).
    SmallString<256> From(BuildDir ? StringRef(*BuildDir)
                                   : sys::path::parent_path(Opts.Sources.front()));
    std::string Err;
    auto DB = loadCompilationDatabase(From.empty() ? "." : From.str(), Err,
                                      /*OnlyIfResolved=*/false, Opts.Sources);
    if (!DB && BuildDir) {
      errorMessage("cannot load a compilation database from '" + *BuildDir +
                   "': " + StringRef(Err).trim().split('\n').first);
      return false;
    }
    if (DB)
      Opts.WholeDatabase = withExtraArgs(std::move(DB));
  }
  if (Opts.Sources.empty() && DumpConfigOpt && !buildPathArgument(argc, argv)) {
    // --dump-config needs no input: the configuration of the working directory.
    if (!readConfig(".", Opts.Cfg))
      return false;
    writeConfigYAML(Opts.Cfg,
                    IndexBitsOpt.getNumOccurrences() || !Opts.Cfg.IndexBits
                        ? unsigned(std::atoi(IndexBitsOpt.c_str()))
                        : *Opts.Cfg.IndexBits,
                    ModeOpt.getNumOccurrences() || !Opts.Cfg.Mode ? ModeOpt
                                                                  : *Opts.Cfg.Mode,
                    ThreadsOpt.getNumOccurrences() || !Opts.Cfg.Threads ? ThreadsOpt
                                                                        : *Opts.Cfg.Threads,
                    strictSkippedCode(Opts.Cfg), outs());
    ExitNow = true;
    return true;
  }
  if (Opts.Sources.empty()) {
    // `-p DIR` alone means every file of DIR's compile_commands.json.
    std::optional<std::string> BuildDir = buildPathArgument(argc, argv);
    if (!BuildDir) {
      errorMessage("no input files");
      return false;
    }
    // (Loaded whole above: no files were named.)
    Opts.Sources = Opts.WholeDatabase->getAllFiles();
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
  int Steps = SummarizeOpt + LinkOpt + !ApplyOpt.empty() + !FinishOpt.empty();
  if (Steps > 1)
    Bad("--summarize, --link, --apply and --finish are steps of their own: give one");
  Opts.Step = SummarizeOpt        ? StepKind::Summarize
              : LinkOpt           ? StepKind::Link
              : !ApplyOpt.empty() ? StepKind::Apply
              : !FinishOpt.empty() ? StepKind::Finish
                                   : StepKind::None;
  Opts.PlanFile = !ApplyOpt.empty() ? ApplyOpt : FinishOpt;
  bool WritesOneFile = Opts.Step == StepKind::Summarize || Opts.Step == StepKind::Link ||
                       Opts.Step == StepKind::Apply;
  if (WritesOneFile) {
    const char *Name = Opts.Step == StepKind::Summarize ? "--summarize"
                       : Opts.Step == StepKind::Link    ? "--link"
                                                        : "--apply";
    if (OutDirOpt.empty())
      Bad(Twine(Name) + " needs -o FILE, the file it writes");
    else if (!checkOutputFile("-o", OutDirOpt))
      Ok = false;
    if (InPlaceOpt || DiffOpt || DryRunOpt || ReportOpt.getNumOccurrences() ||
        !ExportFixesOpt.empty() || !WriteExpectOpt.empty() || !ExpectOpt.empty())
      Bad(Twine(Name) + " writes only the file of -o: -i, --diff, --dry-run, --report, "
                        "--export-fixes and the expectations belong to --finish");
    if (Opts.Step != StepKind::Link && Opts.Sources.size() != 1)
      Bad(Twine(Name) + " takes one source file");
    Opts.StepOutput = OutDirOpt;
  }
  if (!DepFileOpt.empty()) {
    if (Opts.Step != StepKind::Summarize)
      Bad("--depfile only applies to --summarize");
    else if (!checkOutputFile("--depfile", DepFileOpt))
      Ok = false;
    Opts.DepFile = DepFileOpt;
  }
  if (!UnitStampsOpt.empty()) {
    if (Opts.Step != StepKind::Link)
      Bad("--unit-stamps only applies to --link");
    else if (!sys::fs::is_directory(UnitStampsOpt))
      Bad("--unit-stamps '" + UnitStampsOpt + "': " +
          (sys::fs::exists(UnitStampsOpt) ? "not a directory"
                                          : "no such directory"));
    Opts.UnitStampDir = UnitStampsOpt;
  }
  if (Opts.Step == StepKind::Link || Opts.Step == StepKind::Finish)
    for (const std::string &F : Opts.Sources)
      if (!sys::fs::is_regular_file(F))
        Bad("'" + F + "': " +
            (sys::fs::exists(F) ? "not a regular file" : "no such file") +
            (Opts.Step == StepKind::Link ? " (--link takes summaries: *.pcs)"
                                         : " (--finish takes results: *.pcr)"));
  if (!Opts.PlanFile.empty() && !sys::fs::is_regular_file(Opts.PlanFile))
    Bad("plan '" + Opts.PlanFile + "': no such file");
  int OutputModes = WritesOneFile ? 0 : !OutDirOpt.empty() + InPlaceOpt + DiffOpt;
  if (OutputModes > 1)
    Bad("-o, -i and --diff are mutually exclusive");
  if (DryRunOpt && OutputModes)
    Bad("--dry-run writes nothing: it cannot be combined with -o, -i or --diff");
  if (DryRunOpt && !ExportFixesOpt.empty())
    Bad("--dry-run writes nothing: it cannot be combined with --export-fixes");
  if (WerrorOpt && !DryRunOpt)
    Bad("--Werror only applies to --dry-run");
  if (!ExportFixesOpt.empty() && !checkOutputFile("--export-fixes", ExportFixesOpt))
    Ok = false;
  if (!WriteExpectOpt.empty()) {
    StringRef Ext = sys::path::extension(WriteExpectOpt);
    if (Ext != ".yaml" && Ext != ".yml" && Ext != ".json")
      Bad("--write-expect '" + WriteExpectOpt + "': the name must end in .yaml, .yml or "
          ".json (the format)");
    else if (!checkOutputFile("--write-expect", WriteExpectOpt))
      Ok = false;
    Opts.WriteExpectJson = Ext == ".json";
  }
  if (!HeaderFilterOpt.empty()) {
    std::string Err;
    if (!Regex(HeaderFilterOpt).isValid(Err))
      Bad("invalid --header-filter='" + HeaderFilterOpt + "': " + Err);
  }
  if (!Ok)
    return false;
  // Settings: .ptrcomp.yaml first, then the command line over it.
  {
    SmallString<256> First(Opts.Sources.front());
    sys::fs::make_absolute(First);
    if (!readConfig(sys::path::parent_path(First), Opts.Cfg))
      return false;
  }
  if (!IndexBitsOpt.getNumOccurrences() && Opts.Cfg.IndexBits)
    IndexBitsOpt = std::to_string(*Opts.Cfg.IndexBits);
  if (!ModeOpt.getNumOccurrences() && Opts.Cfg.Mode)
    ModeOpt = *Opts.Cfg.Mode;
  if (!ThreadsOpt.getNumOccurrences() && Opts.Cfg.Threads)
    ThreadsOpt = *Opts.Cfg.Threads;
  if (DumpConfigOpt) {
    writeConfigYAML(Opts.Cfg, std::atoi(IndexBitsOpt.c_str()), ModeOpt, ThreadsOpt,
                    strictSkippedCode(Opts.Cfg), outs());
    ExitNow = true;
    return true;
  }
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
  if (ThreadsOpt == "auto")
    Opts.Threads = dsa::PlanOptions::ThreadMode::Auto;
  else if (ThreadsOpt == "single")
    Opts.Threads = dsa::PlanOptions::ThreadMode::Single;
  else if (ThreadsOpt == "safe")
    Opts.Threads = dsa::PlanOptions::ThreadMode::Safe;
  else
    Bad("invalid --threads='" + ThreadsOpt + "': must be auto, single or safe");
  if (ReportOpt.getNumOccurrences() == 0)
    Opts.Report = ReportFormat::None;
  else if (ReportOpt.empty() || ReportOpt == "text")
    Opts.Report = ReportFormat::Text;
  else if (ReportOpt == "json")
    Opts.Report = ReportFormat::Json;
  else if (ReportOpt == "sarif")
    Opts.Report = ReportFormat::Sarif;
  else
    Bad("invalid --report='" + ReportOpt + "': must be text, json or sarif");
  if (GraphFormatOpt == "json")
    Opts.GraphFmt = GraphFormat::Json;
  else if (GraphFormatOpt == "dot")
    Opts.GraphFmt = GraphFormat::Dot;
  else
    Bad("invalid --graph-format='" + GraphFormatOpt + "': must be json or dot");
  bool ProgramOnStdout =
      (OutputModes == 0 && !DryRunOpt && ExportFixesOpt.empty() && !WritesOneFile) ||
      DiffOpt;
  if (ReportOpt.getNumOccurrences() && ProgramOnStdout && ReportFileOpt.empty() &&
      DumpGraphOpt.empty() && !PrintMainDefinitionsOpt)
    Bad("--report needs --report-file=FILE when the program or diff goes to stdout "
        "(or use -o DIR / -i)");
  // Checked now: a report that cannot be written must fail the run before anything
  // else is written.
  if (!ReportFileOpt.empty() && !checkOutputFile("--report-file", ReportFileOpt))
    Ok = false;
  if (!Ok)
    return false;
  if (!ExpectOpt.empty()) {
    Expectations E;
    if (!loadExpectations(ExpectOpt, E))
      return false;
    Opts.Expect = std::move(E);
  }

  Opts.OutDir = WritesOneFile ? "" : std::string(OutDirOpt);
  Opts.Output = WritesOneFile        ? OutputMode::None
                : !OutDirOpt.empty() ? OutputMode::OutDir
                : InPlaceOpt       ? OutputMode::InPlace
                : DiffOpt          ? OutputMode::Diff
                : DryRunOpt || !ExportFixesOpt.empty() ? OutputMode::None
                                                       : OutputMode::Stdout;
  Opts.DryRun = DryRunOpt;
  Opts.WarningsAsErrors = WerrorOpt;
  Opts.ExportFixes = ExportFixesOpt;
  Opts.WriteExpect = WriteExpectOpt;
  for (const Config::Item &I : Opts.Cfg.ExcludeStructs)
    Opts.Exclusions.push_back(
        {I.Value, "", "excluded by ExcludeStructs at " + I.Loc});
  for (const Config::Item &I : Opts.Cfg.ExcludeFunctions)
    Opts.Exclusions.push_back(
        {"", I.Value, "excluded by ExcludeFunctions at " + I.Loc});
  Opts.Jobs = JobsOpt ? unsigned(JobsOpt) : defaultJobs();
  Opts.CacheDir = CacheDirOpt;
  Opts.InjectFault = InjectFaultOpt;
  Opts.SkipLegality = SkipLegalityOpt;
  Opts.StrictSkippedCode = strictSkippedCode(Opts.Cfg);
  Opts.HeaderFilter = !HeaderFilterOpt.empty() ? std::string(HeaderFilterOpt)
                      : Opts.Cfg.HeaderFilter ? Opts.Cfg.HeaderFilter->Value
                                              : "";
  definePtrcompMacro(Opts, argv[0]);
  Opts.ReportFile = ReportFileOpt;
  Opts.DumpGraph = DumpGraphOpt;
  Opts.ResourceDir = ResourceDirOpt;
  Opts.PrintMainDefinitions = PrintMainDefinitionsOpt;
  if (!Opts.DumpGraph.empty() || Opts.PrintMainDefinitions)
    Opts.Output = OutputMode::None;
  return true;
}

bool applyConfig(StringRef Dir, ToolOptions &Opts) {
  Config Cfg;
  if (!readConfig(Dir, Cfg))
    return false;
  cl::opt<std::string> &ThreadsOpt = threadsOption();
  auto Pick = [](const cl::opt<std::string> &O, const std::optional<std::string> &C) {
    return O.getNumOccurrences() || !C ? std::string(O) : *C;
  };
  std::string Bits = IndexBitsOpt.getNumOccurrences() || !Cfg.IndexBits
                         ? std::string(IndexBitsOpt)
                         : std::to_string(*Cfg.IndexBits);
  std::string M = Pick(ModeOpt, Cfg.Mode), T = Pick(ThreadsOpt, Cfg.Threads);
  if (Bits != "32" && Bits != "16") {
    errorMessage("invalid IndexBits '" + Bits + "': must be 32 or 16");
    return false;
  }
  Opts.IndexBits = std::stoi(Bits);
  Opts.TransformMode = M == "poolalloc" ? Mode::PoolAlloc : Mode::Compress;
  Opts.Threads = T == "single" ? dsa::PlanOptions::ThreadMode::Single
                 : T == "safe" ? dsa::PlanOptions::ThreadMode::Safe
                               : dsa::PlanOptions::ThreadMode::Auto;
  Opts.Exclusions.clear();
  for (const Config::Item &I : Cfg.ExcludeStructs)
    Opts.Exclusions.push_back({I.Value, "", "excluded by ExcludeStructs at " + I.Loc});
  for (const Config::Item &I : Cfg.ExcludeFunctions)
    Opts.Exclusions.push_back({"", I.Value, "excluded by ExcludeFunctions at " + I.Loc});
  Opts.StrictSkippedCode = strictSkippedCode(Cfg);
  Opts.HeaderFilter = !HeaderFilterOpt.empty() ? std::string(HeaderFilterOpt)
                      : Cfg.HeaderFilter       ? Cfg.HeaderFilter->Value
                                               : "";
  Opts.Cfg = std::move(Cfg);
  return true;
}

} // namespace ptrcomp
