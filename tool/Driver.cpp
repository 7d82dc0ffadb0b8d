//===- Driver.cpp - parse, analyse, plan, rewrite, write -------------------===//
#include "Driver.h"
#include "ChangedRegions.h"
#include "Diagnostics.h"
#include "EditSet.h"
#include "Expectations.h"
#include "ExportFixes.h"
#include "FilePaths.h"
#include "HeaderFilter.h"
#include "KeepPragmas.h"
#include "MacroReport.h"
#include "Output.h"
#include "Parallel.h"
#include "ProgramFacts.h"
#include "UnitFacts.h"
#include "rewrite/LayoutOrder.h"
#include "ParsedProgram.h"
#include "Report.h"
#include "Sarif.h"
#include "SelfCheck.h"
#include "SkippedCode.h"
#include "legality/Legality.h"
#include "ptrcomp/Compat.h"
#include "rewrite/Rewriter.h"

#include "ptrcomp/analysis/Analysis.h"
#include "ptrcomp/analysis/GraphExport.h"
#include "ptrcomp/analysis/Plan.h"
#include "ptrcomp/analysis/Summary.h"
#include "ptrcomp/analysis/SummaryIO.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <map>
#include <optional>

using namespace llvm;
namespace ptrcomp {

/// \p Real relative to the working directory when it is below it (as users type paths).
static std::string displayPath(StringRef Real) {
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd)) {
    std::string Prefix = std::string(Cwd) + "/";
    if (compat::startsWith(Real, Prefix))
      return Real.drop_front(Prefix.size()).str();
  }
  return Real.str();
}

/// The real path of the file that includes the file at \p Real at \p IncludeLoc with a
/// quoted #include whose name, taken relative to its own directory, is that file; or "".
static std::string relativeIncluder(const clang::SourceManager &SM,
                                    clang::SourceLocation IncludeLoc, StringRef Real) {
  if (IncludeLoc.isInvalid())
    return "";
  auto [IncFID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(IncludeLoc));
  if (!SM.getFileEntryForID(IncFID))
    return "";
  // The include's file name: from the location (just after the directive's name) to
  // the end of its line.
  StringRef Buf = SM.getBufferData(IncFID);
  StringRef Line = Buf.substr(Off).take_until([](char C) { return C == '\n'; }).ltrim();
  if (!Line.consume_front("\""))
    return "";
  StringRef Name = Line.take_until([](char C) { return C == '"'; });
  std::string By = realPathOf(SM, IncFID);
  SmallString<256> Candidate(By);
  sys::path::remove_filename(Candidate);
  sys::path::append(Candidate, Name);
  SmallString<256> Resolved;
  if (sys::fs::real_path(Candidate, Resolved) || Resolved != Real)
    return "";
  return By;
}

/// Every user (non-system) file of one translation unit: the files of the program that -o
/// mirrors and that edits may touch.
static std::vector<OutputFile> unitFiles(clang::ASTUnit &Unit) {
  std::vector<OutputFile> Files;
  const clang::SourceManager &SM = Unit.getSourceManager();
  clang::FileID MainID = SM.getMainFileID();
  std::map<std::string, size_t> Index;
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I != E; ++I) {
    const clang::SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile() ||
        Entry.getFile().getFileCharacteristic() != clang::SrcMgr::C_User)
      continue;
    const clang::FileEntry *FE = compat::origEntry(Entry.getFile().getContentCache());
    if (!FE)
      continue;
    clang::FileID FID = SM.translateFile(FE);
    std::string Name = compat::fileName(SM, FID);
    if (FID.isInvalid() || Name.empty())
      continue;
    std::string Real = realPathOf(SM, FID);
    auto [It, New] = Index.try_emplace(Real, Files.size());
    if (New) {
      Files.emplace_back();
      OutputFile &F = Files.back();
      F.RealPath = Real;
      F.DisplayPath = displayPath(Real);
      F.Original = SM.getBufferData(FID).str();
      F.Transformed = F.Original;
    }
    OutputFile &F = Files[It->second];
    if (FID == MainID) {
      F.IsMainFile = true;
      F.DisplayPath = displayPath(Real);
    }
    if (std::string By = relativeIncluder(SM, Entry.getFile().getIncludeLoc(), Real);
        !By.empty() && llvm::find(F.RelativeIncluders, By) == F.RelativeIncluders.end())
      F.RelativeIncluders.push_back(By);
  }
  return Files;
}

/// Adds the files of a unit to those of the program, by path (deterministic order).
static void addUnitFiles(std::map<std::string, OutputFile> &Program,
                         std::vector<OutputFile> Unit) {
  for (OutputFile &U : Unit) {
    auto [It, New] = Program.try_emplace(U.RealPath);
    OutputFile &F = It->second;
    if (New) {
      F = std::move(U);
      continue;
    }
    if (U.IsMainFile) {
      F.IsMainFile = true;
      F.DisplayPath = U.DisplayPath;
    }
    for (std::string &By : U.RelativeIncluders)
      if (llvm::find(F.RelativeIncluders, By) == F.RelativeIncluders.end())
        F.RelativeIncluders.push_back(std::move(By));
  }
}

/// Sets every file's Transformed text (and edits) from \p Edits.
static bool applyEdits(const EditSet &Edits, std::vector<OutputFile> &Files) {
  for (OutputFile &F : Files) {
    F.Transformed = F.Original;
    F.Edits = nullptr;
    if (!Edits.changes(F.RealPath))
      continue;
    Expected<std::string> New = Edits.apply(F.RealPath, F.Original);
    if (!New) {
      errorMessage("internal: cannot apply edits to '" + F.DisplayPath +
                   "': " + toString(New.takeError()));
      return false;
    }
    F.Transformed = std::move(*New);
    F.Edits = &Edits.files().at(F.RealPath);
  }
  return true;
}

/// "line:col" of \p Offset in \p Text.
static std::string lineCol(StringRef Text, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Text.size());
  StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n');
  unsigned Col = Offset - (LineStart == StringRef::npos ? 0 : LineStart + 1) + 1;
  return std::to_string(Before.count('\n') + 1) + ":" + std::to_string(Col);
}

/// The self-check: true when the transformed program compiles. Otherwise the structures
/// whose edits (or rewritten functions) hold an error are vetoed in \p New, and an error
/// that no structure explains vetoes them all and is kept in \p Unexplained.
static bool outputCompiles(const ToolOptions &Opts, const std::vector<OutputFile> &Files,
                           const EditSet &Edits, const dsa::Plan &Plan, dsa::Vetoes &New,
                           std::optional<CompileError> &Unexplained) {
  std::vector<CompileError> Errors = checkTransformed(Opts, Files);
  if (Errors.empty())
    return true;
  std::map<std::string, const OutputFile *> ByPath;
  for (const OutputFile &F : Files)
    ByPath[F.RealPath] = &F;
  for (const CompileError &E : Errors) {
    auto It = ByPath.find(E.RealPath);
    EditSet::Source Src;
    std::string Where = E.Where;
    if (It != ByPath.end()) {
      Src = Edits.sourceOf(E.RealPath, It->second->Original, E.Offset);
      // Located in the original text, which is what the user has.
      Where = It->second->DisplayPath + ":" + lineCol(It->second->Original, Src.Offset);
    }
    std::string Why = "the rewritten code would not compile (" + Where + ": " + E.Message +
                      (Src.InEdit ? ", in code ptrcomp wrote)" : ")");
    if (Src.Pools.empty()) {
      if (!Unexplained)
        Unexplained = CompileError{E.RealPath, E.Offset, Where, E.Message};
      for (const dsa::Pool &Pl : Plan.Pools)
        New.emplace(Pl.Origin, Why);
      continue;
    }
    for (int P : Src.Pools)
      New.emplace(Plan.Pools[P].Origin, Why);
  }
  return false;
}

namespace {
/// What applying a plan to one unit found: the legality check's vetoes, or the
/// rewriter's (with the stage that found them), or its edits; and what the report needs
/// of the unit's code under that plan.
struct UnitResult {
  UnitLegality Legality;
  dsa::Vetoes RewriteVetoes;
  RewriteStage Stage = RewriteStage::Functions;
  bool Rewritten = false;
  EditSet Edits;
  SkippedFragment Skipped;
  MacroUses Macros;
  /// The orders of the layouts whose struct the unit defines (Found), for the report.
  std::vector<LayoutOrder> Layouts;
  std::vector<bool> Found;
};
} // namespace

/// What the report needs of unit \p U under plan \p P.
static void reportFragments(clang::ASTUnit &AST, unsigned U, dsa::ProgramGraphs &PG,
                            const dsa::Plan &P, const ProgramFacts &Facts, UnitResult &R) {
  expandedMacrosIn(AST, U, PG, P, R.Macros);
  layoutOrdersIn(AST.getASTContext(), PG, P, Facts.Observed, R.Layouts, R.Found);
  for (LayoutOrder &O : R.Layouts)
    O.Fields.clear(); // the AST goes
}

/// Applies plan \p P to unit \p U (its AST attached to \p PG): checks it, and unless
/// \p CheckOnly (the plan has vetoes already), rewrites it.
static UnitResult applyToUnit(const ToolOptions &Opts, clang::ASTUnit &AST, unsigned U,
                              dsa::ProgramGraphs &PG, const dsa::Plan &P,
                              const ProgramFacts &Facts, bool Report, bool CheckOnly) {
  UnitResult R;
  R.Skipped = skippedFragment(AST, U, PG, P, Facts.SkippedNames);
  if (!Opts.SkipLegality)
    R.Legality = checkUnitLegality(AST, U, PG, P);
  if (!R.Legality.empty() || CheckOnly)
    return R;
  R.Rewritten =
      rewriteUnit(AST, U, PG, P, Facts, R.Edits, R.RewriteVetoes, Opts.InjectFault, &R.Stage);
  if (R.Rewritten && Report)
    reportFragments(AST, U, PG, P, Facts, R);
  return R;
}

/// The legality vetoes of a round, merged as one program-wide check finds them: the
/// functions' in key order, then the globals' in unit order, then \p Program's.
static dsa::Vetoes legalityVetoes(const std::vector<UnitResult> &Results,
                                  const dsa::Vetoes &Program) {
  dsa::Vetoes Out;
  std::map<std::string, const dsa::Vetoes *> ByFunction;
  for (const UnitResult &R : Results)
    for (auto &[Key, V] : R.Legality.Functions)
      ByFunction[Key] = &V;
  for (auto &[Key, V] : ByFunction)
    for (auto &KV : *V)
      Out.insert(KV);
  for (const UnitResult &R : Results)
    for (auto &KV : R.Legality.Globals)
      Out.insert(KV);
  for (auto &KV : Program)
    Out.insert(KV);
  return Out;
}

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

int runDriver(ToolOptions &Opts) {
  if (!Opts.DumpGraph.empty())
    return dumpGraphs(Opts);
  std::vector<std::string> Sources;
  if (!programSources(Opts, Sources))
    return 1;

  // Summarize: one unit at a time, its AST freed once its summary is made.
  struct Summarized {
    std::string Source;
    std::unique_ptr<dsa::UnitSummary> Summary;
    UnitFacts Facts;
  };
  std::vector<Summarized> Units(Sources.size());
  std::vector<std::vector<OutputFile>> UnitFileLists(Sources.size());
  std::atomic<bool> ParseOk{true};
  forEachIndex(Opts.Jobs, Sources.size(), [&](size_t I) {
    std::unique_ptr<clang::ASTUnit> AST = parseUnit(Opts, Sources[I]);
    if (!AST) {
      ParseOk = false;
      return;
    }
    std::unique_ptr<dsa::UnitSummary> S = dsa::summarizeUnit(AST->getASTContext());
    UnitFacts Facts = collectUnitFacts(*AST, S->Types, S->Functions);
    UnitFileLists[I] = unitFiles(*AST);
    AST.reset();
    // Through the summary file's bytes: the link reads no AST.
    Expected<std::unique_ptr<dsa::UnitSummary>> Read =
        dsa::readSummary(dsa::writeSummary(*S, PTRCOMP_VERSION), PTRCOMP_VERSION);
    if (!Read) {
      errorMessage("internal: summary of '" + S->MainFile +
                   "' does not read back: " + toString(Read.takeError()));
      ParseOk = false;
      return;
    }
    Units[I] = {Sources[I], std::move(*Read), std::move(Facts)};
  });
  if (!ParseOk)
    return 1;
  std::map<std::string, OutputFile> FilesByPath;
  for (std::vector<OutputFile> &L : UnitFileLists)
    addUnitFiles(FilesByPath, std::move(L));
  UnitFileLists.clear();
  // Units in the order of their main files' paths: the link's order, whatever order the
  // files were named in.
  std::stable_sort(Units.begin(), Units.end(), [](const Summarized &A, const Summarized &B) {
    return A.Summary->MainFile < B.Summary->MainFile;
  });
  ProgramFacts PF;
  std::vector<std::string> UnitSources;
  std::vector<std::unique_ptr<dsa::UnitSummary>> Summaries;
  for (Summarized &U : Units) {
    UnitSources.push_back(U.Source);
    Summaries.push_back(std::move(U.Summary));
    PF.Units.push_back(std::move(U.Facts));
  }
  Units.clear();
  std::vector<std::vector<dsa::TypeId>> TypeMaps;
  std::unique_ptr<dsa::ProgramGraphs> Graphs =
      dsa::linkSummaries(std::move(Summaries), &TypeMaps);
  if (!Graphs->Errors.empty()) {
    for (const dsa::LinkError &E : Graphs->Errors) {
      errs() << E.Loc << ": error: " << E.Message << "\n";
      if (!E.NoteLoc.empty())
        errs() << E.NoteLoc << ": note: " << E.Note << "\n";
    }
    return 1;
  }
  for (unsigned U = 0; U < PF.Units.size(); ++U)
    retypeUnitFacts(PF.Units[U], TypeMaps[U]);
  PF.Observed = evaluateMemberOrders(*Graphs, PF.Units);
  for (const UnitFacts &U : PF.Units)
    for (const SkippedBlock &B : U.SkippedBlocks)
      for (auto &KV : B.Names)
        PF.SkippedNames.insert(KV.first);
  // Units are checked and rewritten in parallel against the graphs, which they only
  // read from now on.
  Graphs->Types.freeze();
  auto Freeze = [&] {
    Graphs->Globals->compressPaths();
    for (auto &KV : Graphs->Functions)
      KV.second.Graph->compressPaths();
  };

  /// Applies a plan to one unit: parsed again, given to the graphs, then freed.
  auto Apply = [&](unsigned U, const dsa::Plan &Plan, bool Detailed, bool CheckOnly,
                   bool SkippedOnly) -> std::optional<UnitResult> {
    std::unique_ptr<clang::ASTUnit> AST = parseUnit(Opts, UnitSources[U]);
    if (!AST)
      return std::nullopt;
    if (Error E = dsa::attachUnit(*Graphs, U, AST->getASTContext())) {
      errorMessage("'" + UnitSources[U] + "': " + toString(std::move(E)));
      return std::nullopt;
    }
    UnitResult R;
    if (SkippedOnly)
      R.Skipped = skippedFragment(*AST, U, *Graphs, Plan, PF.SkippedNames);
    else
      R = applyToUnit(Opts, *AST, U, *Graphs, Plan, PF, Detailed, CheckOnly);
    dsa::detachUnit(*Graphs, U, AST->getASTContext());
    return R;
  };

  std::vector<OutputFile> Files;
  for (auto &KV : FilesByPath)
    Files.push_back(std::move(KV.second));
  FilesByPath.clear();


  // Plan, rewrite; a structure the rewriter cannot handle is vetoed and the plan made
  // again without it, until the rewrite goes through (at worst with no structure left).
  dsa::PlanOptions PO;
  PO.Compress = Opts.TransformMode == Mode::Compress;
  PO.IndexBits = Opts.IndexBits;
  PO.Threads = Opts.Threads;
  PO.Exclusions = Opts.Exclusions;
  if (!findKeepPragmas(Files, PO.Exclusions))
    return 1;
  std::optional<Regex> HeaderFilter;
  if (!Opts.HeaderFilter.empty())
    HeaderFilter.emplace(Opts.HeaderFilter);
  bool Detailed = Opts.Report == ReportFormat::Json || Opts.Report == ReportFormat::Text;
  dsa::Vetoes Vetoes;
  dsa::Plan Plan;
  EditSet Edits;
  std::vector<UnitResult> Results;
  std::optional<CompileError> Unexplained; // a compile error no structure explains
  for (unsigned Round = 0;; ++Round) {
    Plan = dsa::makePlan(*Graphs, PO, Vetoes);
    Edits = EditSet();
    // What the plan asks that cannot be written as C is decided before any text is: what
    // the units must agree on, then each unit's code.
    dsa::Vetoes ProgramVetoes;
    PF.decide(*Graphs, Plan, ProgramVetoes);
    if (!Opts.SkipLegality)
      checkLayouts(PF, *Graphs, Plan, ProgramVetoes);
    Freeze();
    Results.assign(UnitSources.size(), UnitResult());
    std::atomic<bool> ApplyOk{true};
    forEachIndex(Opts.Jobs, UnitSources.size(), [&](size_t U) {
      std::optional<UnitResult> R =
          Apply(U, Plan, Detailed, /*CheckOnly=*/!ProgramVetoes.empty(), false);
      if (!R)
        ApplyOk = false;
      else
        Results[U] = std::move(*R);
    });
    if (!ApplyOk)
      return 1;
    dsa::Vetoes New = legalityVetoes(Results, ProgramVetoes);
    // Code in an #if branch not taken that names what would change keeps the structure
    // unchanged when asked to.
    if (Opts.StrictSkippedCode) {
      std::vector<SkippedFragment> Fragments;
      for (UnitResult &R : Results)
        Fragments.push_back(R.Skipped);
      for (auto &[Pl, Notes] :
           skippedNotes(Fragments, PF.Units, *Graphs, Plan, /*Planned=*/true))
        New.emplace(Plan.Pools[Pl].Origin, Notes.front());
    }
    if (New.empty()) {
      // The rewrite stops at its first stage that finds vetoes, over all units.
      std::optional<RewriteStage> First;
      for (UnitResult &R : Results)
        if (!R.Rewritten && (!First || R.Stage < *First))
          First = R.Stage;
      for (UnitResult &R : Results)
        if (!R.Rewritten && R.Stage == *First)
          for (auto &KV : R.RewriteVetoes)
            New[KV.first] = KV.second;
      if (!First) {
        bool Conflict = false;
        for (UnitResult &R : Results)
          if (auto Err = Edits.merge(R.Edits)) {
            consumeError(std::move(Err));
            Conflict = true;
          }
        if (auto Err = Edits.finalize()) {
          consumeError(std::move(Err));
          Conflict = true;
        }
        if (Conflict)
          for (const dsa::Pool &Pl : Plan.Pools)
            New[Pl.Origin] = "conflicting edits in one place of the source";
      }
      if (New.empty() &&
          !(HeaderFilter && headerFilterVetoes(*HeaderFilter, Opts.HeaderFilter, Files, Edits,
                                               *Graphs, Plan, New))) {
        if (!applyEdits(Edits, Files))
          return 1;
        if (outputCompiles(Opts, Files, Edits, Plan, New, Unexplained))
          break;
      }
    }
    size_t Before = Vetoes.size();
    for (auto &KV : New)
      Vetoes.insert(KV);
    if (Vetoes.size() == Before || Round > 200) {
      // No progress: leave every structure as it was, saying what stopped the rewrite.
      std::string Why = New.empty() ? "" : ": " + New.begin()->second;
      for (const dsa::Pool &Pl : Plan.Pools)
        Vetoes.emplace(Pl.Origin, "ptrcomp could not rewrite the program around it" + Why);
      Plan = dsa::makePlan(*Graphs, PO, Vetoes);
      Edits = EditSet();
      if (auto Err = Edits.finalize()) {
        errorMessage("internal: " + toString(std::move(Err)));
        return 1;
      }
      if (!applyEdits(Edits, Files))
        return 1;
      Freeze();
      Results.assign(UnitSources.size(), UnitResult());
      std::atomic<bool> ApplyOk{true};
      forEachIndex(Opts.Jobs, UnitSources.size(), [&](size_t U) {
        std::optional<UnitResult> R = Apply(U, Plan, false, false, /*SkippedOnly=*/true);
        if (!R)
          ApplyOk = false;
        else
          Results[U] = std::move(*R);
      });
      if (!ApplyOk)
        return 1;
      break;
    }
  }
  if (Unexplained)
    errs() << Unexplained->Where
           << ": note: internal error: ptrcomp's rewritten program did not compile here ("
           << Unexplained->Message
           << ") and no structure explains it, so the program was left unchanged; please "
              "report this as a bug with the input\n";

  // Checks that fail the run come before anything is written.
  std::vector<SkippedFragment> Fragments;
  for (UnitResult &R : Results)
    Fragments.push_back(std::move(R.Skipped));
  PoolNotes Notes = skippedNotes(Fragments, PF.Units, *Graphs, Plan);
  std::vector<ReportEntry> Entries = reportEntries(*Graphs, Plan, nullptr, Notes);
  if (Opts.Expect && !checkExpectations(*Opts.Expect, Entries, errs()))
    return 1;
  Expected<std::vector<ChangedRegion>> Regions = changedRegions(Files, Edits);
  if (!Regions) {
    errorMessage("internal: " + toString(Regions.takeError()));
    return 1;
  }

  std::vector<ExtraOutput> Extra;
  if (!Opts.ExportFixes.empty()) {
    SmallString<256> Main;
    if (sys::fs::real_path(Opts.Sources.front(), Main))
      Main = Opts.Sources.front();
    Expected<std::string> YAML = exportFixesYAML(Main, *Regions);
    if (!YAML) {
      errorMessage("internal: " + toString(YAML.takeError()));
      return 1;
    }
    Extra.emplace_back(Opts.ExportFixes, std::move(*YAML));
  }
  if (!Opts.WriteExpect.empty())
    Extra.emplace_back(Opts.WriteExpect, formatExpectations(Entries, Opts.WriteExpectJson));
  std::string Report;
  if (Opts.Report != ReportFormat::None) {
    raw_string_ostream OS(Report);
    std::vector<MacroReportEntry> Macros;
    std::vector<LayoutOrder> Layouts;
    if (Detailed) {
      MacroUses Uses;
      for (UnitResult &R : Results)
        for (auto &[NameDef, Where] : R.Macros)
          Uses[NameDef].insert(Where.begin(), Where.end());
      Macros = macroReport(Uses);
      // Each layout's order at the first definition of its struct in the program.
      Layouts.resize(Plan.Layouts.size());
      std::vector<bool> Done(Plan.Layouts.size());
      for (UnitResult &R : Results)
        for (unsigned LI = 0; LI < R.Found.size() && LI < Layouts.size(); ++LI)
          if (R.Found[LI] && !Done[LI]) {
            Layouts[LI] = R.Layouts[LI];
            Done[LI] = true;
          }
    }
    if (Opts.Report == ReportFormat::Json)
      writeReportJSON(*Graphs, Plan, Layouts, OS, Notes, Macros);
    else if (Opts.Report == ReportFormat::Sarif)
      writeReportSARIF(*Graphs, Plan, OS);
    else
      writeReportText(*Graphs, Plan, Layouts, OS, Notes, Macros);
    OS.flush();
    if (!Opts.ReportFile.empty())
      Extra.emplace_back(Opts.ReportFile, std::move(Report));
  }
  if (!emitOutput(Opts, Files, outs(), Extra))
    return 1;
  if (Opts.Report != ReportFormat::None && Opts.ReportFile.empty())
    outs() << Report;
  outs().flush();
  if (Opts.DryRun) {
    printDryRunWarnings(*Regions, errs());
    if (Opts.WarningsAsErrors && !Regions->empty())
      return 1;
  }
  return 0;
}

} // namespace ptrcomp
