//===- StepFiles.cpp - summaries, plans and unit results as files ---------===//
//
// The tool's structures described for Archive.h (the analysis' own are in
// analysis/SummaryIO.cpp), and the three files of the step mode: a unit's summary
// (.pcs), the linked program with its plan (.pcp), a unit's result (.pcr). Each is
// versioned and checksummed by wrapFile.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"

#include "ptrcomp/analysis/SummaryIO.h"

// (Found through the archive's namespace: the command is clang's.)
namespace ptrcomp::dsa {
template <typename A> void io(A &Ar, clang::tooling::CompileCommand &C) {
  fields(Ar, C.Directory, C.Filename, C.CommandLine, C.Output);
}
} // namespace ptrcomp::dsa

namespace ptrcomp {

using dsa::fields;
using dsa::io;
template <typename A> void io(A &Ar, UnitSource &U) { fields(Ar, U.Source, U.Command); }
template <typename A> void io(A &Ar, UnitFile &F) {
  fields(Ar, F.RealPath, F.IsMainFile, F.RelativeIncluders, F.Hash);
}
template <typename A> void io(A &Ar, SkippedBlock &B) {
  fields(Ar, B.File, B.Begin, B.End, B.Label, B.Names);
}
template <typename A> void io(A &Ar, OrderUse &U) {
  fields(Ar, U.K, U.A, U.B, U.PointeeA, U.PointeeB, U.HasPointeeA, U.HasPointeeB,
         U.SamePointee, U.From, U.To, U.FromVoid, U.ToSpelling, U.At);
}
template <typename A> void io(A &Ar, UnitFacts &F) {
  fields(Ar, F.SkippedBlocks, F.FileScopeStructs, F.CompleteStructs, F.OrderMarks,
         F.OrderUses);
}
template <typename A> void io(A &Ar, UnitLegality &L) { fields(Ar, L.Functions, L.Globals); }
template <typename A> void io(A &Ar, SkippedFragment::Name &N) {
  fields(Ar, N.Name, N.Done, N.Planned, N.Pools, N.Local, N.File, N.Begin, N.End);
}
template <typename A> void io(A &Ar, SkippedFragment &F) {
  fields(Ar, F.PoolNames, F.FunctionNames, F.Globals);
}
template <typename A> void io(A &Ar, LayoutOrder &O) {
  // Fields (the AST's members) stay behind; the report reads the sizes.
  fields(Ar, O.Reordered, O.SizeBefore, O.SizeAfter, O.SizeInSourceOrder, O.KeptBecause,
         O.SizeIfReordered);
}

struct EditSetIO {
  template <typename A> static void run(A &Ar, EditSet &E) {
    std::map<std::string, std::vector<std::set<int>>> ClaimPools;
    for (auto &[Path, Cs] : E.Claims)
      for (const EditSet::Claim &C : Cs)
        ClaimPools[Path].push_back(C.Pools);
    std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> ClaimRanges;
    for (auto &[Path, Cs] : E.Claims)
      for (const EditSet::Claim &C : Cs)
        ClaimRanges[Path].push_back({C.Begin, C.End});
    fields(Ar, E.Pending, E.EditPools, ClaimRanges, ClaimPools);
    if constexpr (A::Reading) {
      E.Claims.clear();
      for (auto &[Path, Ranges] : ClaimRanges) {
        std::vector<std::set<int>> &Pools = ClaimPools[Path];
        for (size_t I = 0; I < Ranges.size() && I < Pools.size(); ++I)
          E.Claims[Path].push_back({Ranges[I].first, Ranges[I].second, Pools[I]});
      }
    }
  }
};
template <typename A> void io(A &Ar, EditSet &E) { EditSetIO::run(Ar, E); }

template <typename A> void io(A &Ar, UnitResult &R) {
  fields(Ar, R.MainFile, R.Round, R.Legality, R.RewriteVetoes, R.Stage, R.Rewritten,
         R.Edits, R.Skipped, R.Macros, R.Layouts);
}

/// The bytes of a file of kind \p Kind holding \p V.
template <typename T> static std::string write(llvm::StringRef Kind, T &V) {
  dsa::ArchiveWriter W;
  io(W, V);
  return dsa::wrapFile(Kind, PTRCOMP_VERSION, W.bytes());
}

/// \p V from the bytes of a file of kind \p Kind.
template <typename T>
static llvm::Error read(llvm::StringRef Kind, llvm::StringRef Bytes, T &V) {
  llvm::Expected<llvm::StringRef> Body = dsa::unwrapFile(Kind, PTRCOMP_VERSION, Bytes);
  if (!Body)
    return Body.takeError();
  dsa::ArchiveReader R(*Body);
  io(R, V);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "damaged " + Kind + " file (its contents do not parse)");
  return llvm::Error::success();
}

std::string writeSummaryFile(SummarizedUnit &U) {
  dsa::ArchiveWriter W;
  io(W, U.Source);
  io(W, *U.Summary);
  io(W, U.Facts);
  io(W, U.Files);
  return dsa::wrapFile("summary", PTRCOMP_VERSION, W.bytes());
}

llvm::Expected<SummarizedUnit> readSummaryFile(llvm::StringRef Bytes) {
  llvm::Expected<llvm::StringRef> Body = dsa::unwrapFile("summary", PTRCOMP_VERSION, Bytes);
  if (!Body)
    return Body.takeError();
  dsa::ArchiveReader R(*Body);
  SummarizedUnit U;
  U.Summary = std::make_unique<dsa::UnitSummary>();
  io(R, U.Source);
  io(R, *U.Summary);
  io(R, U.Facts);
  io(R, U.Files);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "damaged summary file (its contents do not parse)");
  return std::move(U);
}

template <typename A> void io(A &Ar, ProgramFacts &F) {
  fields(Ar, F.Units, F.Observed, F.SkippedNames);
}
template <typename A> void io(A &Ar, ProgramState &S) {
  if constexpr (A::Reading)
    S.Graphs = std::make_unique<dsa::ProgramGraphs>();
  fields(Ar, S.Sources, S.Files, *S.Graphs, S.Facts, S.Options, S.Round, S.Vetoes, S.Plan,
         S.ProgramVetoes);
}

std::string writePlanFile(ProgramState &S) { return write("plan", S); }

llvm::Expected<std::unique_ptr<ProgramState>> readPlanFile(llvm::StringRef Bytes) {
  auto S = std::make_unique<ProgramState>();
  if (llvm::Error E = read("plan", Bytes, *S))
    return std::move(E);
  // The plan's decisions (ProgramFacts::decide) are made again from it: the same.
  dsa::Vetoes Same;
  S->Facts.decide(*S->Graphs, S->Plan, Same);
  S->Graphs->Types.freeze();
  return std::move(S);
}

std::string writeResultFile(UnitResult &R) { return write("result", R); }

llvm::Expected<UnitResult> readResultFile(llvm::StringRef Bytes) {
  UnitResult R;
  if (llvm::Error E = read("result", Bytes, R))
    return std::move(E);
  return std::move(R);
}

} // namespace ptrcomp
