//===- StepFiles.cpp - summaries, plans and unit results as files ---------===//
//
// The tool's structures described for Archive.h (the analysis' own are in
// analysis/SummaryIO.cpp), and the three files of the step mode: a unit's
// summary
// (.pcs), the linked program with its plan (.pcp), a unit's result (.pcr). Each
// is versioned and checksummed by wrapFile.
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
template <typename A> void io(A &Ar, UnitSource &U) {
  fields(Ar, U.Source, U.Command);
}
template <typename A> void io(A &Ar, UnitFile &F) {
  fields(Ar, F.RealPath, F.IsMainFile, F.RelativeIncluders, F.Hash);
}
template <typename A> void io(A &Ar, SkippedBlock &B) {
  fields(Ar, B.File, B.Begin, B.End, B.Label, B.Names);
}
template <typename A> void io(A &Ar, OrderUse &U) {
  fields(Ar, U.K, U.A, U.B, U.PointeeA, U.PointeeB, U.HasPointeeA,
         U.HasPointeeB, U.SamePointee, U.From, U.To, U.FromVoid, U.ToSpelling,
         U.At);
}
template <typename A> void io(A &Ar, UnitFacts &F) {
  fields(Ar, F.SkippedBlocks, F.FileScopeStructs, F.CompleteStructs,
         F.OrderMarks, F.OrderUses);
}
template <typename A> void io(A &Ar, UnitLegality &L) {
  fields(Ar, L.Functions, L.Globals);
}
template <typename A> void io(A &Ar, SkippedFragment::Name &N) {
  fields(Ar, N.Name, N.Done, N.Planned, N.Pools, N.Local, N.File, N.Begin,
         N.End);
}
template <typename A> void io(A &Ar, SkippedFragment &F) {
  fields(Ar, F.PoolNames, F.FunctionNames, F.Globals);
}
template <typename A> void io(A &Ar, LayoutOrder &O) {
  // Fields (the AST's members) stay behind; the report reads the sizes.
  fields(Ar, O.Reordered, O.SizeBefore, O.SizeAfter, O.SizeInSourceOrder,
         O.KeptBecause, O.SizeIfReordered);
}

struct EditSetIO {
  template <typename A> static void run(A &Ar, EditSet &E) {
    // Pool sets by number, each once.
    std::vector<std::vector<int>> Sets;
    std::map<const std::vector<int> *, unsigned> Number;
    auto Num = [&](const EditSet::SharedPools &P) -> unsigned {
      if (!P)
        return 0;
      auto [It, New] = Number.try_emplace(P.get(), Sets.size() + 1);
      if (New)
        Sets.push_back(*P);
      return It->second;
    };
    std::map<std::string, std::map<std::pair<unsigned, unsigned>, unsigned>>
        EditPools;
    std::map<std::string, std::vector<std::tuple<unsigned, unsigned, unsigned>>>
        Claims;
    if constexpr (!A::Reading) {
      for (auto &[Path, M] : E.EditPools)
        for (auto &[Range, P] : M)
          EditPools[Path][Range] = Num(P);
      for (auto &[Path, Cs] : E.Claims)
        for (const EditSet::Claim &C : Cs)
          Claims[Path].push_back({C.Begin, C.End, Num(C.Pools)});
    }
    fields(Ar, Sets, E.Pending, EditPools, Claims);
    if constexpr (A::Reading) {
      std::vector<EditSet::SharedPools> Shared{nullptr};
      for (std::vector<int> &S : Sets)
        Shared.push_back(E.intern(std::move(S)));
      auto Get = [&](unsigned N) {
        return N < Shared.size() ? Shared[N] : nullptr;
      };
      E.EditPools.clear();
      for (auto &[Path, M] : EditPools)
        for (auto &[Range, N] : M)
          E.EditPools[Path][Range] = Get(N);
      E.Claims.clear();
      for (auto &[Path, Cs] : Claims)
        for (auto &[B, End, N] : Cs)
          E.Claims[Path].push_back({B, End, Get(N)});
    }
  }
};
template <typename A> void io(A &Ar, EditSet &E) { EditSetIO::run(Ar, E); }

template <typename A> void io(A &Ar, UnitResult &R) {
  fields(Ar, R.MainFile, R.Round, R.Legality, R.RewriteVetoes, R.Stage,
         R.Rewritten, R.Edits, R.Skipped, R.Macros, R.Layouts);
}

/// The bytes of a file of kind \p Kind holding \p V.
template <typename T> static std::string write(llvm::StringRef Kind, T &V) {
  dsa::ArchiveWriter W;
  io(W, V);
  return dsa::wrapFile(Kind, PTRCOMP_VERSION, W.takeBytes());
}

/// \p V from the bytes of a file of kind \p Kind.
template <typename T>
static llvm::Error read(llvm::StringRef Kind, llvm::StringRef Bytes, T &V) {
  llvm::Expected<llvm::StringRef> Body =
      dsa::unwrapFile(Kind, PTRCOMP_VERSION, Bytes);
  if (!Body)
    return Body.takeError();
  dsa::ArchiveReader R(*Body);
  io(R, V);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "damaged " + Kind +
                                       " file (its contents do not parse)");
  return llvm::Error::success();
}

std::string writeSummaryFile(SummarizedUnit &U) {
  dsa::ArchiveWriter W;
  io(W, U.Source);
  io(W, *U.Summary);
  io(W, U.Facts);
  io(W, U.Files);
  io(W, U.Inputs);
  return dsa::wrapFile("summary", PTRCOMP_VERSION, W.takeBytes());
}

llvm::Expected<SummarizedUnit> readSummaryFile(llvm::StringRef Bytes) {
  llvm::Expected<llvm::StringRef> Body =
      dsa::unwrapFile("summary", PTRCOMP_VERSION, Bytes);
  if (!Body)
    return Body.takeError();
  dsa::ArchiveReader R(*Body);
  SummarizedUnit U;
  U.Summary = std::make_unique<dsa::UnitSummary>();
  io(R, U.Source);
  io(R, *U.Summary);
  io(R, U.Facts);
  io(R, U.Files);
  io(R, U.Inputs);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "damaged summary file (its contents do not parse)");
  return std::move(U);
}

/// The decisions of a plan (ProgramFacts::decide), what the units' rewriting
/// reads.
template <typename A> void decisions(A &Ar, ProgramFacts &F) {
  fields(Ar, F.Observed, F.SkippedNames, F.CalledFromUnit, F.CrossUnit,
         F.PoolUsers, F.PoolHome, F.SizeExported, F.UsedLayouts,
         F.UsedLayoutsOf, F.ClonesCalledIn);
}

/// The plan file: first what every step needs (the units, the options, the
/// types and globals, the plan's pools, layouts and decisions, an index of the
/// functions), then the units' facts, the graphs and the functions with their
/// versions, each a part of its own that --apply skips unless its unit needs
/// it.
std::string writePlanFile(ProgramState &S) {
  dsa::ProgramGraphs &PG = *S.Graphs;
  dsa::Plan &P = S.Plan;
  // Graphs (shared by the functions of an SCC) in the order of their first
  // function.
  std::vector<dsa::DSGraph *> Graphs;
  std::map<const dsa::DSGraph *, unsigned> GraphOf;
  std::vector<std::tuple<std::string, unsigned, unsigned>>
      Index; // key, unit, graph
  for (auto &[Key, F] : PG.Functions) {
    auto [It, New] = GraphOf.try_emplace(F.Graph.get(), Graphs.size());
    if (New)
      Graphs.push_back(F.Graph.get());
    Index.emplace_back(Key, F.Unit, It->second);
  }
  std::vector<std::string> VersionFunction;
  for (const dsa::FunctionVersion &V : P.Versions)
    VersionFunction.push_back(V.Function);

  dsa::ArchiveWriter W;
  { // (each part freed once copied: a large program's plan is big)
    dsa::ArchiveWriter Head;
    fields(Head, S.Sources, S.Files, S.Options, S.Round, S.Vetoes,
           S.ProgramVetoes);
    decisions(Head, S.Facts);
    dsa::programGlobals(Head, PG);
    fields(Head, P.Pools, P.Layouts, P.VersionsOf, P.Reasons, P.Vetoed,
           P.GlobalHolders, P.GlobalHolderPools, P.FnClasses, P.FnClassOf,
           VersionFunction, Index);
    W.blob(Head.bytes());
  }
  {
    dsa::ArchiveWriter Facts;
    io(Facts, S.Facts.Units);
    W.blob(Facts.bytes());
  }
  W.num(Graphs.size());
  for (dsa::DSGraph *G : Graphs) {
    dsa::ArchiveWriter GW;
    io(GW, *G);
    W.blob(GW.bytes());
  }
  W.num(PG.Functions.size());
  for (auto &[Key, F] : PG.Functions) {
    dsa::ArchiveWriter FW;
    dsa::functionFields(FW, F);
    std::vector<std::pair<unsigned, dsa::FunctionVersion>> Versions;
    if (auto It = P.VersionsOf.find(Key); It != P.VersionsOf.end())
      for (unsigned VI : It->second)
        Versions.emplace_back(VI, P.Versions[VI]);
    io(FW, Versions);
    W.blob(FW.bytes());
  }
  return dsa::wrapFile("plan", PTRCOMP_VERSION, W.takeBytes());
}

static llvm::Error damaged() {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "damaged plan file (its contents do not parse)");
}

llvm::Expected<std::unique_ptr<ProgramState>>
readPlanFile(llvm::StringRef Bytes, std::optional<std::string> OnlyFor) {
  llvm::Expected<llvm::StringRef> Body =
      dsa::unwrapFile("plan", PTRCOMP_VERSION, Bytes);
  if (!Body)
    return Body.takeError();
  auto S = std::make_unique<ProgramState>();
  S->Graphs = std::make_unique<dsa::ProgramGraphs>();
  dsa::ProgramGraphs &PG = *S->Graphs;
  dsa::Plan &P = S->Plan;
  dsa::ArchiveReader R(*Body);
  std::vector<std::string> VersionFunction;
  std::vector<std::tuple<std::string, unsigned, unsigned>> Index;
  {
    dsa::ArchiveReader Head(R.blob());
    fields(Head, S->Sources, S->Files, S->Options, S->Round, S->Vetoes,
           S->ProgramVetoes);
    decisions(Head, S->Facts);
    dsa::programGlobals(Head, PG);
    fields(Head, P.Pools, P.Layouts, P.VersionsOf, P.Reasons, P.Vetoed,
           P.GlobalHolders, P.GlobalHolderPools, P.FnClasses, P.FnClassOf,
           VersionFunction, Index);
    if (Head.failed() || !Head.atEnd())
      return damaged();
  }
  llvm::StringRef FactsBlob = R.blob();
  // The functions to read: all, or those of one unit and what its rewriting
  // reads of others (the callees of its versions, the members of
  // function-pointer classes).
  std::set<std::string> Wanted;
  std::optional<unsigned> Unit;
  if (OnlyFor) {
    for (unsigned U = 0; U < S->Files.size() && !Unit; ++U)
      for (const UnitFile &F : S->Files[U])
        if (F.IsMainFile && F.RealPath == *OnlyFor)
          Unit = U;
    for (auto &[Key, U, G] : Index)
      if (Unit && U == *Unit)
        Wanted.insert(Key);
    for (const dsa::FnPtrClass &C : P.FnClasses)
      Wanted.insert(C.Members.begin(), C.Members.end());
  }
  P.Versions.resize(VersionFunction.size());
  std::vector<llvm::StringRef> GraphBlobs(R.num());
  for (llvm::StringRef &B : GraphBlobs)
    B = R.blob();
  std::vector<llvm::StringRef> FunctionBlobs(R.num());
  for (llvm::StringRef &B : FunctionBlobs)
    B = R.blob();
  if (R.failed() || !R.atEnd() || FunctionBlobs.size() != Index.size())
    return damaged();
  std::vector<std::shared_ptr<dsa::DSGraph>> Graphs(GraphBlobs.size());
  std::vector<bool> Done(Index.size());
  // Reads function I (and its graph); returns its versions' callees.
  auto ReadFunction = [&](size_t I, std::set<std::string> &Callees) -> bool {
    auto &[Key, U, G] = Index[I];
    if (Done[I])
      return true;
    Done[I] = true;
    if (G >= Graphs.size())
      return false;
    if (!Graphs[G]) {
      Graphs[G] = std::make_shared<dsa::DSGraph>(PG.Types);
      dsa::ArchiveReader GR(GraphBlobs[G]);
      io(GR, *Graphs[G]);
      if (GR.failed() || !GR.atEnd())
        return false;
    }
    dsa::ArchiveReader FR(FunctionBlobs[I]);
    dsa::FunctionGraph F;
    dsa::functionFields(FR, F);
    std::vector<std::pair<unsigned, dsa::FunctionVersion>> Versions;
    io(FR, Versions);
    if (FR.failed() || !FR.atEnd() || F.Key != Key)
      return false;
    F.Graph = Graphs[G];
    for (auto &[VI, V] : Versions) {
      if (VI >= P.Versions.size())
        return false;
      for (auto &[CI, Call] : V.Calls) {
        if (Call.Version < VersionFunction.size())
          Callees.insert(VersionFunction[Call.Version]);
        for (unsigned T : Call.Targets)
          if (T < VersionFunction.size())
            Callees.insert(VersionFunction[T]);
      }
      P.Versions[VI] = std::move(V);
    }
    PG.Functions.emplace(Key, std::move(F));
    return true;
  };
  std::map<std::string, size_t> Position;
  for (size_t I = 0; I < Index.size(); ++I)
    Position[std::get<0>(Index[I])] = I;
  std::set<std::string> Callees;
  for (size_t I = 0; I < Index.size(); ++I)
    if ((!OnlyFor || Wanted.count(std::get<0>(Index[I]))) &&
        !ReadFunction(I, Callees))
      return damaged();
  for (const std::string &Key : Callees)
    if (auto It = Position.find(Key); It != Position.end()) {
      std::set<std::string> Ignored;
      if (!ReadFunction(It->second, Ignored))
        return damaged();
    }
  PG.indexUnits();
  if (!OnlyFor) {
    dsa::ArchiveReader FR(FactsBlob);
    io(FR, S->Facts.Units);
    if (FR.failed() || !FR.atEnd())
      return damaged();
  }
  PG.Types.freeze();
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
