//===- Driver.cpp - the single command: every step in one process ---------===//
#include "Driver.h"
#include "Diagnostics.h"
#include "Parallel.h"
#include "ParsedProgram.h"
#include "Pipeline.h"
#include "Progress.h"
#include "StepMode.h"

#include "ptrcomp/analysis/GraphExport.h"
#include "ptrcomp/analysis/Summary.h"

#include "clang/AST/Decl.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <optional>

using namespace llvm;
namespace ptrcomp {

/// --dump-graph: the graphs of the program, every unit parsed and attached at once (a
/// debugging aid for small programs).
static int dumpGraphs(ToolOptions &Opts) {
  ParsedProgram Program;
  if (!parseProgram(Opts, Program))
    return 1;
  std::vector<std::unique_ptr<dsa::UnitSummary>> Summaries;
  for (auto &U : Program.Units)
    Summaries.push_back(dsa::summarizeUnit(U->getASTContext()));
  std::vector<unsigned> Order(Summaries.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](unsigned A, unsigned B) {
    return Summaries[A]->MainFile < Summaries[B]->MainFile;
  });
  std::vector<std::unique_ptr<clang::ASTUnit>> Units;
  std::vector<std::unique_ptr<dsa::UnitSummary>> Sorted;
  for (unsigned I : Order) {
    Units.push_back(std::move(Program.Units[I]));
    Sorted.push_back(std::move(Summaries[I]));
  }
  std::unique_ptr<dsa::ProgramGraphs> Graphs = dsa::linkSummaries(std::move(Sorted));
  if (!Graphs->Errors.empty()) {
    for (const dsa::LinkError &E : Graphs->Errors) {
      errs() << E.Loc << ": error: " << E.Message << "\n";
      if (!E.NoteLoc.empty())
        errs() << E.NoteLoc << ": note: " << E.Note << "\n";
    }
    return 1;
  }
  for (unsigned U = 0; U < Units.size(); ++U)
    if (Error E = dsa::attachUnit(*Graphs, U, Units[U]->getASTContext())) {
      errorMessage("internal: " + toString(std::move(E)));
      return 1;
    }
  std::string Text;
  raw_string_ostream OS(Text);
  bool Found = Opts.GraphFmt == GraphFormat::Dot
                   ? dsa::writeGraphsDOT(*Graphs, Opts.DumpGraph, OS)
                   : dsa::writeGraphsJSON(*Graphs, Opts.DumpGraph, OS);
  if (!Found) {
    errorMessage("--dump-graph: no function named '" + Opts.DumpGraph +
                 "' is defined in the program");
    return 1;
  }
  outs() << OS.str();
  return 0;
}

/// --print-main-definitions: "SOURCE\tFILE:LINE:COL" for each source whose unit defines
/// main, in the order given. Found by Clang (FunctionDecl::isMain), so that a definition
/// behind a macro (`int CDECL main(void)`), attributes or K&R parameters counts, and one
/// in a comment or an #if branch not taken does not.
static int printMainDefinitions(ToolOptions &Opts) {
  std::vector<std::string> Sources;
  if (!programSources(Opts, Sources))
    return 1;
  std::vector<std::string> Lines(Sources.size());
  std::atomic<bool> Ok{true};
  forEachIndex(Opts.Jobs, Sources.size(), [&](size_t I) {
    std::unique_ptr<clang::ASTUnit> Unit = parseUnit(Opts, Opts.database(), Sources[I]);
    if (!Unit) {
      Ok = false;
      return;
    }
    for (const clang::Decl *D : Unit->getASTContext().getTranslationUnitDecl()->decls()) {
      const auto *F = dyn_cast<clang::FunctionDecl>(D);
      if (!F || !F->isMain() || !F->doesThisDeclarationHaveABody())
        continue;
      clang::PresumedLoc P =
          Unit->getSourceManager().getPresumedLoc(
              Unit->getSourceManager().getExpansionLoc(F->getLocation()));
      Lines[I] = Sources[I] + "\t" + (P.isValid() ? std::string(P.getFilename()) + ":" +
                                                        std::to_string(P.getLine()) + ":" +
                                                        std::to_string(P.getColumn())
                                                  : std::string("?"));
      break;
    }
  });
  if (!Ok)
    return 1;
  for (const std::string &L : Lines)
    if (!L.empty())
      outs() << L << "\n";
  return 0;
}

int runDriver(ToolOptions &Opts) {
  if (!Opts.DumpGraph.empty())
    return dumpGraphs(Opts);
  if (Opts.PrintMainDefinitions)
    return printMainDefinitions(Opts);
  if (Opts.Step != StepKind::None)
    return runStep(Opts);
  std::vector<std::string> Sources;
  if (!programSources(Opts, Sources))
    return 1;

  // Summarize: a few units at a time, each AST freed once its summary is made; the
  // summaries go through their files' bytes, as in the step mode. The bytes are decoded
  // here, on this thread, not by the workers: what the link keeps then comes from one
  // malloc arena, not from one per worker (freed memory of a worker's arena serves only
  // that worker: at 1,000 files the peak went from 864 to 751 MB).
  std::vector<std::string> SummaryBytes(Sources.size());
  std::atomic<bool> Ok{true};
  Progress Summarizing("summarizing", Sources.size());
  forEachIndex(Opts.Jobs, Sources.size(), [&](size_t I) {
    Summarizing.start(Sources[I]);
    std::optional<SummarizedUnit> U = summarizeSource(Opts, Opts.database(), Sources[I]);
    if (!U) {
      Ok = false;
      return;
    }
    SummaryBytes[I] = writeSummaryFile(*U);
  });
  Summarizing.done();
  if (!Ok)
    return 1;
  std::vector<SummarizedUnit> Units;
  for (size_t I = 0; I < Sources.size(); ++I) {
    Expected<SummarizedUnit> Read = readSummaryFile(SummaryBytes[I]);
    if (!Read) {
      errorMessage("internal: summary of '" + Sources[I] +
                   "' does not read back: " + toString(Read.takeError()));
      return 1;
    }
    Units.push_back(std::move(*Read));
    std::string().swap(SummaryBytes[I]);
  }

  // Link, and the first plan; through the plan file's bytes, as in the step mode.
  ProgramState Linked;
  if (!linkProgram(Opts, std::move(Units), Linked))
    return 1;
  makeRoundPlan(Opts, Linked);
  // The plan goes to a temporary file as it is made (never all in memory with the
  // link's graphs: 100 MB at 3,000 files), is read back from there, and waits there
  // for the finish, which reads it again if it finds vetoes. Where no temporary file
  // can be made, its bytes stay in memory; one that cannot be written is an error.
  SmallString<128> PlanFile;
  std::optional<FileRemover> RemovePlanFile;
  std::string PlanBytes;
  int FD;
  if (!sys::fs::createTemporaryFile("ptrcomp-plan", "pcp", FD, PlanFile)) {
    sys::fs::closeFile(FD);
    RemovePlanFile.emplace(PlanFile);
    if (!writePlanFile(Linked, PlanFile, ""))
      return 1;
  } else {
    PlanBytes = writePlanFile(Linked);
  }
  Linked = ProgramState(); // (not two copies of the program at once)
  releaseFreedMemory();     // the link's, before the plan's pages are mapped
  // The plan as the link made it, from its file (or its bytes); null after an error.
  auto ReadPlan = [&]() -> std::unique_ptr<ProgramState> {
    std::unique_ptr<MemoryBuffer> FromFile;
    if (PlanBytes.empty()) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(PlanFile);
      if (!Buf) {
        errorMessage("cannot read the plan from '" + PlanFile +
                     "': " + Buf.getError().message());
        return nullptr;
      }
      FromFile = std::move(*Buf);
    }
    Expected<std::unique_ptr<ProgramState>> Read =
        readPlanFile(FromFile ? FromFile->getBuffer() : StringRef(PlanBytes));
    if (!Read) {
      errorMessage("internal: the plan does not read back: " + toString(Read.takeError()));
      return nullptr;
    }
    return std::move(*Read);
  };
  std::unique_ptr<ProgramState> Plan = ReadPlan();
  if (!Plan)
    return 1;
  ProgramState &S = *Plan;

  // Apply it to every unit, then finish.
  std::vector<UnitResult> Results(S.Sources.size());
  SharedEdits Shared(Results);
  Progress Rewriting("rewriting", S.Sources.size());
  forEachIndex(Opts.Jobs, S.Sources.size(), [&](size_t U) {
    Rewriting.start(displayPath(S.Sources[U].Source));
    std::optional<UnitResult> R = applyToUnit(Opts, Opts.database(), S, U);
    if (!R) {
      Ok = false;
    } else {
      Results[U] = std::move(*R);
      Shared.add(U);
    }
  });
  Rewriting.done();
  if (!Ok)
    return 1;
  return finishProgram(Opts, S, std::move(Results), ReadPlan);
}

} // namespace ptrcomp
