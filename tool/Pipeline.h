//===- Pipeline.h - summarize, link, apply, finish ------------------------===//
//
// A run has four steps, as whole-program compilers at scale have (ThinLTO's
// summaries, thin link and backends):
//  - summarize: one unit parsed, its local analysis and the facts of its code
//  kept as a
//    summary (UnitSummary, UnitFacts, its files), its AST freed;
//  - link: the summaries merged into the program's graphs, with no AST;
//  - apply: one unit parsed again, checked and rewritten under the plan, its
//  AST freed;
//    what it found (vetoes, edits, report fragments) kept as a UnitResult;
//  - finish: the units' results merged; vetoes make the plan again (and the
//  units are
//    applied again) until the rewrite goes through; the transformed program is
//    checked to compile, and written.
// The single command runs them in one process, a few units at a time (-j); the
// step mode (StepMode.h) runs each as a command of its own, with files between
// them, so that a build system can run summarize and apply per file, in
// parallel, and reuse the summaries of files that did not change. Both go
// through the same code, and the same bytes (a summary or a plan is written and
// read back even in one process), so their output is the same.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_PIPELINE_H
#define PTRCOMP_PIPELINE_H

#include "EditSet.h"
#include "LinkCheck.h"
#include "MacroReport.h"
#include "Options.h"
#include "Output.h"
#include "ProgramFacts.h"
#include "SkippedCode.h"
#include "UnitFacts.h"
#include "legality/Legality.h"
#include "rewrite/LayoutOrder.h"
#include "rewrite/Rewriter.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/MemoryBuffer.h"
#include <mutex>
#include <unordered_map>

#include "ptrcomp/analysis/Plan.h"
#include "ptrcomp/analysis/Summary.h"

#include "clang/Tooling/CompilationDatabase.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptrcomp {

/// A user (non-system) file of a unit.
struct UnitFile {
  std::string RealPath;
  bool IsMainFile = false;
  /// The files that include it with `#include "..."` relative to their own
  /// directory.
  std::vector<std::string> RelativeIncluders;
  /// Of its text as the unit was parsed: a later step checks it is still the
  /// same.
  uint64_t Hash = 0;
  /// The main file's macro uses written out for the parse (FileScopeExpansions.h):
  /// the text parsed, and Hash, are those of the file with them.
  std::vector<FileScopeExpansion> Expansions;
};

/// How a unit is parsed: its source as named, and the compile command (with
/// ptrcomp's own adjustments) that parsed it.
struct UnitSource {
  std::string Source;
  clang::tooling::CompileCommand Command;
  /// Why the structures its code works with stay unchanged: the build compiles it
  /// with other commands that see other code (BuildCommands.h); else "".
  std::string CommandConflict;
};

/// The result of summarizing one unit.
struct SummarizedUnit {
  UnitSource Source;
  std::unique_ptr<dsa::UnitSummary> Summary;
  UnitFacts Facts;
  std::vector<UnitFile> Files;
  /// Every file the parse read, system headers included, with the hash of its
  /// text: the summary stands while none changes (depfiles, the summary cache).
  std::vector<std::pair<std::string, uint64_t>> Inputs;
};

/// What applying a plan to one unit found: the legality check's vetoes, or the
/// rewriter's (with the stage that found them), or its edits; and what the
/// report needs of the unit's code under that plan.
/// Edits of files, each file's packed on its own: (real path, bytes). Empty
/// bytes: the same edits are kept in another unit's result.
using PackedEdits = std::vector<std::pair<std::string, std::string>>;

struct UnitResult {
  /// Which unit (its main file's real path) under which plan (Plan::Round).
  std::string MainFile;
  unsigned Round = 0;
  UnitLegality Legality;
  dsa::Vetoes RewriteVetoes;
  RewriteStage Stage = RewriteStage::Functions;
  bool Rewritten = false;
  /// The unit's edits as bytes, file by file (packEdits): a program's results
  /// are all held until the last unit is rewritten, packed they take a fifth
  /// of the memory, and a header's, the same from every unit that includes it,
  /// are kept once (SharedEdits).
  PackedEdits Edits;
  SkippedFragment Skipped;
  MacroUses Macros;
  /// The orders of the layouts whose struct the unit defines, for the report.
  std::map<int, LayoutOrder> Layouts;
  /// The external symbols of the original unit (without their uses' places): what
  /// the link check of the output compares with.
  UnitSymbols Symbols;
};

/// The program between the steps: linked graphs, the units, the plan in force.
struct ProgramState {
  std::vector<UnitSource> Sources;          ///< per unit, in link order
  std::vector<std::vector<UnitFile>> Files; ///< per unit
  std::unique_ptr<dsa::ProgramGraphs> Graphs;
  ProgramFacts Facts;
  dsa::PlanOptions Options;
  /// The plan of the current round, made with Vetoes; ProgramVetoes: what the
  /// plan asks that no unit's rewrite can do (ProgramFacts::decide,
  /// checkLayouts).
  unsigned Round = 0;
  dsa::Vetoes Vetoes;
  dsa::Plan Plan;
  dsa::Vetoes ProgramVetoes;
  /// The plan file a state read in part still reads from (readPlanFile).
  std::unique_ptr<llvm::MemoryBuffer> PlanBytes;
};

/// Summarizes \p Source, parsed with \p DB. Reports errors; nullopt on any.
/// With Opts.CacheDir, a summary made earlier from the same command and the
/// same files is reused instead (\p Reused set), and a new one kept there.
std::optional<SummarizedUnit>
summarizeSource(const ToolOptions &Opts,
                const clang::tooling::CompilationDatabase &DB,
                const std::string &Source, bool *Reused = nullptr);

/// Links \p Units (consumed) into \p Out, with the plan options of \p Opts and
/// of the
/// `#pragma ptrcomp` in the program's files. Reports errors; false on any.
bool linkProgram(const ToolOptions &Opts, std::vector<SummarizedUnit> Units,
                 ProgramState &Out);

/// Makes the plan of round \p S.Round from S.Vetoes, and its program-wide
/// decisions.
void makeRoundPlan(const ToolOptions &Opts, ProgramState &S);

/// Applies the plan in force to unit \p U, parsed with \p DB. Only its
/// skipped-code fragment when \p SkippedOnly. Reports errors; nullopt on any.
std::optional<UnitResult>
applyToUnit(const ToolOptions &Opts,
            const clang::tooling::CompilationDatabase &DB, ProgramState &S,
            unsigned U, bool SkippedOnly = false);

/// The unit of \p S whose main file is \p Source (by real path), or nullopt.
std::optional<unsigned> unitOf(const ProgramState &S, llvm::StringRef Source);

/// Finishes the run from the results of the round in force (one per unit):
/// makes the plan again while there are vetoes (applying the units again,
/// parsed with the commands that summarized them), checks that the output
/// compiles, and writes it as \p Opts asks. Returns the process exit status.
/// \p ReadPlan gives \p S as the plan made it (nullptr after an error is
/// reported): the finish frees most of \p S before merging the edits, and reads
/// it again when a round finds vetoes.
int finishProgram(const ToolOptions &Opts, ProgramState &S,
                  std::vector<UnitResult> Results,
                  llvm::function_ref<std::unique_ptr<ProgramState>()> ReadPlan);

/// \p Real relative to the working directory when it is below it (as users type
/// paths).
std::string displayPath(llvm::StringRef Real);

/// A database that gives each unit the command that summarized it.
std::unique_ptr<clang::tooling::CompilationDatabase>
storedCommands(const std::vector<UnitSource> &Sources);

/// Gives the memory malloc holds free back to the system (glibc keeps what a
/// phase freed, and the next phase's different sizes do not reuse all of it:
/// at 3,000 files, 200 MB after the link).
void releaseFreedMemory();

/// Files between the steps (StepFiles.cpp).
std::string writeSummaryFile(SummarizedUnit &U);
llvm::Expected<SummarizedUnit> readSummaryFile(llvm::StringRef Bytes);
/// (\p InjectFault: see --inject-fault.)
std::string writePlanFile(ProgramState &S, llvm::StringRef InjectFault = "");
/// The same into file \p Path, never all in memory (see SpillFile.h); a file
/// that already holds those bytes is left alone. Prints an error and returns
/// false on failure. \p UnitStamps, when given, receives each unit's stamp: a
/// line that changes exactly when the plan's parts its --apply reads change.
bool writePlanFile(ProgramState &S, llvm::StringRef Path,
                   llvm::StringRef InjectFault,
                   std::vector<std::string> *UnitStamps = nullptr);
/// The whole plan; or, given the real path of a unit's main file, only what
/// applying the plan to that unit reads (its functions, their callees, the
/// program's globals); its pools are then decoded when asked for, from \p
/// Bytes, which must outlive the state (ProgramState::PlanBytes).
llvm::Expected<std::unique_ptr<ProgramState>>
readPlanFile(llvm::StringRef Bytes,
             std::optional<std::string> OnlyFor = std::nullopt);
std::string writeResultFile(UnitResult &R);
/// \p E as bytes, file by file; one file's bytes back.
PackedEdits packEdits(EditSet &E);
llvm::Error unpackEdits(llvm::StringRef Bytes, EditSet &E);

/// Keeps each file's packed edits once among the results of a round: of the
/// units whose edits of a file are the same (a header's, the same from every
/// unit that includes it), only the first unit's, which the finish merges
/// first; the others, merged again, would change nothing. Units are added as
/// they finish, from any thread.
class SharedEdits {
public:
  explicit SharedEdits(std::vector<UnitResult> &Results) : Results(Results) {}
  /// Results[U] is complete.
  void add(unsigned U);

private:
  std::vector<UnitResult> &Results;
  std::mutex Lock;
  /// hash of (path, bytes) -> (unit, index in its Edits) of each kept copy
  std::unordered_map<uint64_t, llvm::SmallVector<std::pair<unsigned, unsigned>, 1>>
      Kept;
};
llvm::Expected<UnitResult> readResultFile(llvm::StringRef Bytes);

} // namespace ptrcomp

#endif
