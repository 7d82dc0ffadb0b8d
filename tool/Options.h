//===- Options.h - ptrcomp's command line as plain data ------------------===//
#ifndef PTRCOMP_OPTIONS_H
#define PTRCOMP_OPTIONS_H

#include "Config.h"
#include "Expectations.h"

#include "clang/Tooling/CommonOptionsParser.h"

#include <memory>
#include <string>
#include <vector>

namespace ptrcomp {

enum class OutputMode { Stdout, OutDir, InPlace, Diff, None };
enum class Mode { Compress, PoolAlloc };
enum class ReportFormat { None, Text, Json, Sarif };
enum class GraphFormat { Json, Dot };
/// The step of the step mode this run is (StepMode.h), or None: the single command.
enum class StepKind { None, Summarize, Link, Apply, Finish };

/// Everything the command line says, validated. Built once by parseCommandLine; the rest
/// of the tool reads only this.
struct ToolOptions {
  std::vector<std::string> Sources;
  /// Owns the compilation database (-p, `--`, or the one found beside the sources).
  std::unique_ptr<clang::tooling::CommonOptionsParser> Parser;
  /// Loaded here for `-p DIR` without file names, which CommonOptionsParser skips.
  std::unique_ptr<clang::tooling::CompilationDatabase> WholeDatabase;
  clang::tooling::CompilationDatabase &database() const {
    return WholeDatabase ? *WholeDatabase : Parser->getCompilations();
  }

  OutputMode Output = OutputMode::Stdout;
  std::string OutDir;
  Mode TransformMode = Mode::Compress;
  unsigned IndexBits = 32;
  dsa::PlanOptions::ThreadMode Threads = dsa::PlanOptions::ThreadMode::Auto;
  ReportFormat Report = ReportFormat::None;
  std::string ReportFile;
  std::string DumpGraph; // function name, "all", or empty
  GraphFormat GraphFmt = GraphFormat::Json;
  bool PrintMainDefinitions = false; ///< --print-main-definitions
  std::string ResourceDir;

  /// --dry-run: write nothing, warn about every change; --Werror: and exit 1 then.
  bool DryRun = false;
  bool WarningsAsErrors = false;
  std::string ExportFixes; ///< clang-tidy fixes YAML to write, or empty
  std::string WriteExpect; ///< expectations file to write, or empty
  bool WriteExpectJson = false;
  std::optional<Expectations> Expect;
  /// The .ptrcomp.yaml in force (Path empty when none).
  Config Cfg;
  /// Structures to leave unchanged from the configuration (pragmas are added later).
  std::vector<dsa::PlanOptions::Exclusion> Exclusions;
  std::string HeaderFilter; ///< regular expression, or empty for every header
  /// Skipped #if code that names what the transformation changes vetoes the structure
  /// (else it is a note in the report).
  bool StrictSkippedCode = false;
  StepKind Step = StepKind::None;
  /// --summarize, --link, --apply: the file written (-o).
  std::string StepOutput;
  /// --apply, --finish: the plan file.
  std::string PlanFile;
  /// --summarize: where to write the files the unit read, as a depfile (Makefile syntax).
  std::string DepFile;
  /// --link: where to write the units' stamps (--unit-stamps), or "".
  std::string UnitStampDir;
  /// The single command: where summaries are kept between runs (--cache-dir), or "".
  std::string CacheDir;
  /// Units processed at once (-j): at most this many ASTs are alive.
  unsigned Jobs = 1;
  std::string InjectFault;  ///< testing only: see --inject-fault
  bool SkipLegality = false; ///< testing only: see --skip-legality-check
};

/// Parses argv. Prints --help/--version/--print-runtime-flags output itself and sets
/// ExitNow; on a usage error prints "ptrcomp: error: ..." and returns false.
bool parseCommandLine(int argc, const char **argv, ToolOptions &Opts, bool &ExitNow);

/// The settings of the .ptrcomp.yaml found from \p Dir upwards (or --config-file) under
/// the command line's options, as parseCommandLine sets them from the first source's
/// directory: for the steps that read summaries, the first unit's source.
bool applyConfig(llvm::StringRef Dir, ToolOptions &Opts);

} // namespace ptrcomp

#endif
