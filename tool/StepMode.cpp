//===- StepMode.cpp - summarize, link, apply, finish ----------------------===//
#include "StepMode.h"
#include "Diagnostics.h"
#include "Output.h"
#include "Parallel.h"
#include "Pipeline.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <atomic>
#include <cstdlib>

using namespace llvm;
namespace ptrcomp {

/// The contents of \p Path (mapped, not copied: a plan of a large program is
/// tens of megabytes and every --apply reads it), or an error naming it.
static std::unique_ptr<MemoryBuffer> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buf) {
    errorMessage("cannot read '" + Path + "': " + Buf.getError().message());
    return nullptr;
  }
  return std::move(*Buf);
}

/// Writes files atomically (each to a temporary, renamed when all were
/// written). A file that already holds the bytes is left alone: a build system
/// that checks time stamps after a step (Ninja's restat) then skips what
/// depends on it.
static bool writeFiles(std::vector<ExtraOutput> Files) {
  std::vector<ExtraOutput> Changed;
  for (ExtraOutput &F : Files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Old = MemoryBuffer::getFile(F.first);
    if (!Old || (*Old)->getBuffer() != F.second)
      Changed.push_back(std::move(F));
  }
  ToolOptions W;
  W.Output = OutputMode::None;
  return Changed.empty() || emitOutput(W, {}, outs(), Changed);
}
static bool writeFile(StringRef Path, std::string Bytes) {
  return writeFiles({{Path.str(), std::move(Bytes)}});
}

/// A depfile: \p Target depends on \p Files (spaces escaped, as Make and Ninja
/// read it). Files below the current directory are named relative to it, as the
/// build tool that runs the step there names them (Ninja matches paths as
/// text).
static std::string
depfile(StringRef Target,
        const std::vector<std::pair<std::string, uint64_t>> &Files) {
  SmallString<256> Here;
  if (sys::fs::current_path(Here))
    Here.clear();
  else if (!compat::endsWith(Here, "/"))
    Here += '/';
  auto Relative = [&](StringRef P) {
    return !Here.empty() && sys::path::is_absolute(P) &&
                   compat::startsWith(P, Here)
               ? P.drop_front(Here.size())
               : P;
  };
  auto Escape = [](StringRef S) {
    std::string Out;
    for (char C : S) {
      if (C == ' ' || C == '#')
        Out += '\\';
      if (C == '$')
        Out += '$';
      Out += C;
    }
    return Out;
  };
  std::string Text = Escape(Target) + ":";
  for (auto &[Path, Hash] : Files)
    Text += " \\\n  " + Escape(Relative(Path));
  return Text + "\n";
}

/// Each unit of \p S by the real path of its main file.
static std::map<std::string, unsigned> unitsByMainFile(const ProgramState &S) {
  std::map<std::string, unsigned> Out;
  for (unsigned U = 0; U < S.Files.size(); ++U)
    for (const UnitFile &F : S.Files[U])
      if (F.IsMainFile)
        Out[F.RealPath] = U;
  return Out;
}

/// The plan of --apply and --finish.
static std::unique_ptr<ProgramState>
readPlan(const ToolOptions &Opts,
         std::optional<std::string> OnlyFor = std::nullopt) {
  std::unique_ptr<MemoryBuffer> Bytes = readFile(Opts.PlanFile);
  if (!Bytes)
    return nullptr;
  Expected<std::unique_ptr<ProgramState>> S =
      readPlanFile(Bytes->getBuffer(), OnlyFor);
  if (!S) {
    errorMessage("plan '" + Opts.PlanFile + "': " + toString(S.takeError()));
    return nullptr;
  }
  // A plan read for one unit keeps its pools encoded in the file's bytes; a
  // whole plan holds none of them (and the file's pages go).
  if (OnlyFor)
    (*S)->PlanBytes = std::move(Bytes);
  return std::move(*S);
}

/// Ends the process once a step's output is written, without freeing what the step
/// built: a build runs the per-file steps thousands of times, and freeing a plan's
/// objects one by one costs as much as reading them.
[[noreturn]] static void exitStep(int Code) {
  outs().flush();
  errs().flush();
  std::_Exit(Code);
}

static int summarize(ToolOptions &Opts) {
  std::vector<std::string> Sources;
  if (!programSources(Opts, Sources))
    return 1;
  std::optional<SummarizedUnit> U =
      summarizeSource(Opts, Opts.database(), Sources.front());
  if (!U)
    return 1;
  std::vector<ExtraOutput> Out = {{Opts.StepOutput, writeSummaryFile(*U)}};
  if (!Opts.DepFile.empty())
    Out.emplace_back(Opts.DepFile, depfile(Opts.StepOutput, U->Inputs));
  exitStep(writeFiles(std::move(Out)) ? 0 : 1);
}

static int link(ToolOptions &Opts) {
  // Read on this thread only: what the link keeps then comes from one malloc
  // arena (a worker's freed memory serves only that worker; at 3,000 files,
  // decoding on two threads made the peak a quarter higher, and not clearly faster).
  // Stops after a few unreadable summaries, as a compiler stops after too many
  // errors: after an upgrade of ptrcomp every summary of a program is stale.
  const unsigned ErrorLimit = 10;
  unsigned Failed = 0;
  std::vector<SummarizedUnit> Units;
  for (const std::string &Path : Opts.Sources) {
    if (Failed == ErrorLimit) {
      errorMessage("too many summaries could not be read; stopping now (" +
                   std::to_string(Opts.Sources.size()) + " given)");
      break;
    }
    std::unique_ptr<MemoryBuffer> Bytes = readFile(Path);
    if (!Bytes) {
      ++Failed;
      continue;
    }
    Expected<SummarizedUnit> U = readSummaryFile(Bytes->getBuffer());
    if (!U) {
      errorMessage("summary '" + Path + "': " + toString(U.takeError()));
      ++Failed;
      continue;
    }
    Units.push_back(std::move(*U));
  }
  if (Failed)
    return 1;
  // The settings of the program's .ptrcomp.yaml: found from its first source.
  std::string First;
  for (SummarizedUnit &U : Units)
    if (First.empty() || U.Summary->MainFile < First)
      First = U.Summary->MainFile;
  if (!applyConfig(sys::path::parent_path(First), Opts))
    return 1;
  // The link orders the units by their main files; the stamps go by the order
  // the summaries were given in.
  std::vector<std::string> MainFiles;
  for (SummarizedUnit &U : Units)
    MainFiles.push_back(U.Summary->MainFile);
  ProgramState S;
  if (!linkProgram(Opts, std::move(Units), S))
    return 1;
  makeRoundPlan(Opts, S);
  std::vector<std::string> Stamps;
  if (!writePlanFile(S, Opts.StepOutput, Opts.InjectFault, &Stamps))
    exitStep(1);
  // The units' stamps, each rewritten only when it changed: a build whose
  // --apply of the n-th summary's file depends on <dir>/<n>.pcu, not on the
  // plan, skips it when the plan changed elsewhere.
  std::vector<ExtraOutput> Out;
  if (!Opts.UnitStampDir.empty()) {
    std::map<std::string, unsigned> UnitOf = unitsByMainFile(S);
    for (size_t N = 0; N < MainFiles.size(); ++N) {
      auto It = UnitOf.find(MainFiles[N]);
      if (It == UnitOf.end() || It->second >= Stamps.size()) {
        errorMessage("internal error: summary '" + Opts.Sources[N] +
                     "' is no unit of the plan");
        exitStep(1);
      }
      SmallString<256> Path(Opts.UnitStampDir);
      sys::path::append(Path, std::to_string(N) + ".pcu");
      Out.emplace_back(std::string(Path), Stamps[It->second]);
    }
  }
  exitStep(writeFiles(std::move(Out)) ? 0 : 1);
}

static int apply(ToolOptions &Opts) {
  std::vector<std::string> Sources;
  if (!programSources(Opts, Sources))
    return 1;
  // Only what this unit's rewriting reads of the plan.
  SmallString<256> Real;
  if (sys::fs::real_path(Sources.front(), Real))
    Real = Sources.front();
  std::unique_ptr<ProgramState> S = readPlan(Opts, std::string(Real));
  if (!S)
    return 1;
  std::optional<unsigned> U = unitOf(*S, Sources.front());
  if (!U) {
    errorMessage("'" + Sources.front() + "' is not a unit of plan '" +
                 Opts.PlanFile + "' (link its summary with the others)");
    return 1;
  }
  std::optional<UnitResult> R = applyToUnit(Opts, Opts.database(), *S, *U);
  if (!R)
    return 1;
  exitStep(writeFile(Opts.StepOutput, writeResultFile(*R)) ? 0 : 1);
}

static int finish(ToolOptions &Opts) {
  std::unique_ptr<ProgramState> S = readPlan(Opts);
  if (!S)
    return 1;
  if (!S->Sources.empty() &&
      !applyConfig(sys::path::parent_path(S->Sources.front().Source), Opts))
    return 1;
  // One result per unit, of the plan in force; the units are matched by main
  // file.
  std::map<std::string, unsigned> UnitByMain = unitsByMainFile(*S);
  std::vector<UnitResult> Results(S->Sources.size());
  SharedEdits Shared(Results);
  std::vector<bool> Have(S->Sources.size());
  bool Ok = true;
  for (const std::string &Path : Opts.Sources) {
    std::unique_ptr<MemoryBuffer> Bytes = readFile(Path);
    if (!Bytes)
      return 1;
    Expected<UnitResult> R = readResultFile(Bytes->getBuffer());
    if (!R) {
      errorMessage("result '" + Path + "': " + toString(R.takeError()));
      return 1;
    }
    auto It = UnitByMain.find(R->MainFile);
    if (It == UnitByMain.end() || R->Round != S->Round) {
      errorMessage("result '" + Path + "' is not of plan '" + Opts.PlanFile +
                   "' (apply that plan again)");
      Ok = false;
      continue;
    }
    if (Have[It->second]) {
      errorMessage("result '" + Path + "': its unit has another result given");
      Ok = false;
      continue;
    }
    Have[It->second] = true;
    Results[It->second] = std::move(*R);
    Shared.add(It->second);
  }
  for (unsigned U = 0; U < Have.size(); ++U)
    if (!Have[U]) {
      errorMessage("no result for '" + S->Sources[U].Source +
                   "' (apply plan '" + Opts.PlanFile + "' to it)");
      Ok = false;
    }
  if (!Ok)
    return 1;
  return finishProgram(Opts, *S, std::move(Results),
                       [&] { return readPlan(Opts); });
}

int runStep(ToolOptions &Opts) {
  switch (Opts.Step) {
  case StepKind::Summarize:
    return summarize(Opts);
  case StepKind::Link:
    return link(Opts);
  case StepKind::Apply:
    return apply(Opts);
  case StepKind::Finish:
    return finish(Opts);
  case StepKind::None:
    break;
  }
  return 1;
}

} // namespace ptrcomp
