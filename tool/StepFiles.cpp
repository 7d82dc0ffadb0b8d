//===- StepFiles.cpp - summaries, plans and unit results as files ---------===//
//
// The tool's structures described for Archive.h (the analysis' own are in
// analysis/SummaryIO.cpp), and the three files of the step mode: a unit's
// summary (.pcs), the linked program with its plan (.pcp), a unit's result
// (.pcr). Each is versioned and checksummed: by wrapFile, the plan a part at a
// time (dsa::PartsWriter), as each --apply reads a few parts of it.
//
//===----------------------------------------------------------------------===//
#include "Pipeline.h"
#include "SpillFile.h"

#include "ptrcomp/analysis/SummaryIO.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/xxhash.h"

#include <cstdint>

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
  fields(Ar, U.Source, U.Command, U.CommandConflict);
}
template <typename A> void io(A &Ar, FileScopeExpansion &E) {
  fields(Ar, E.Offset, E.Invocation, E.Text, E.Breaks, E.OneLine);
}
template <typename A> void io(A &Ar, UnitFile &F) {
  fields(Ar, F.RealPath, F.IsMainFile, F.RelativeIncluders, F.Hash, F.Expansions);
}
template <typename A> void io(A &Ar, TextOrigin &O) {
  fields(Ar, O.At, O.Offset, O.Length, O.Copy);
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
         F.OrderMarks, F.OrderUses, F.IncludedStatics);
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
         O.KeptBecause, O.SizeIfReordered, O.Padding);
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
    fields(Ar, Sets, E.Pending, EditPools, Claims, E.Origins);
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
  /// The part of \p E that edits \p Path.
  static EditSet fileOf(const EditSet &E, const std::string &Path) {
    EditSet Out;
    if (auto It = E.Pending.find(Path); It != E.Pending.end())
      Out.Pending[Path] = It->second;
    if (auto It = E.EditPools.find(Path); It != E.EditPools.end())
      Out.EditPools[Path] = It->second;
    if (auto It = E.Origins.find(Path); It != E.Origins.end())
      Out.Origins[Path] = It->second;
    if (auto It = E.Claims.find(Path); It != E.Claims.end())
      Out.Claims[Path] = It->second;
    return Out;
  }
  /// The files \p E edits or claims, in order.
  static std::set<std::string> paths(const EditSet &E) {
    std::set<std::string> Out;
    for (auto &KV : E.Pending)
      Out.insert(KV.first);
    for (auto &KV : E.EditPools)
      Out.insert(KV.first);
    for (auto &KV : E.Claims)
      Out.insert(KV.first);
    return Out;
  }
};
template <typename A> void io(A &Ar, EditSet &E) { EditSetIO::run(Ar, E); }

template <typename A> void io(A &Ar, SymbolPlace &P) {
  fields(Ar, P.RealPath, P.Offset);
}
template <typename A> void io(A &Ar, UnitSymbols &S) {
  fields(Ar, S.Defined, S.Used);
}
template <typename A> void io(A &Ar, UnitResult &R) {
  fields(Ar, R.MainFile, R.Round, R.Legality, R.RewriteVetoes, R.Stage,
         R.Rewritten, R.Edits, R.Skipped, R.Macros, R.Layouts, R.Symbols);
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

/// The decisions of a plan (ProgramFacts::decide) that units' rewriting reads,
/// but those about versions (CalledFromUnit, CrossUnit, ClonesCalledIn): a unit
/// reads them of the versions it reads, kept with the unit.
template <typename A> void decisions(A &Ar, ProgramFacts &F) {
  fields(Ar, F.Observed, F.SkippedNames, F.PoolUsers, F.PoolHome,
         F.SizeExported, F.UsedLayouts, F.UsedLayoutsOf, F.KeepOriginal);
}

/// The parts of a plan file, in order; then a part per unit, per graph and per
/// function. --apply reads the first four, its unit's, and the graphs and
/// functions its unit's part names; --finish reads all.
enum PlanPart : size_t {
  HeadPart,      ///< options, round, vetoes, counts, the units' main files
  DecisionsPart, ///< decisions()
  GlobalsPart,   ///< dsa::programGlobals: the types and the globals graph
  PoolsPart,     ///< the plan's pools, layouts, holders, fn-pointer classes
  ProgramPart,   ///< what only --finish reads of the plan and the graphs
  FactsPart,     ///< the units' facts
  FirstUnitPart
};

/// The function of \p PG that each version of \p P belongs to (by position
/// among the functions in key order), with the functions each reads.
static std::vector<std::vector<size_t>>
calleesOf(dsa::ProgramGraphs &PG, const dsa::Plan &P,
          const std::map<std::string, size_t> &Position) {
  std::vector<size_t> FunctionOf(P.Versions.size(), SIZE_MAX);
  for (size_t VI = 0; VI < P.Versions.size(); ++VI)
    if (auto It = Position.find(P.Versions[VI].Function); It != Position.end())
      FunctionOf[VI] = It->second;
  std::vector<std::vector<size_t>> Callees(PG.Functions.size());
  for (auto &[Key, VIs] : P.VersionsOf) {
    auto It = Position.find(Key);
    if (It == Position.end())
      continue;
    std::vector<size_t> &C = Callees[It->second];
    auto Add = [&](unsigned VI) {
      if (VI < FunctionOf.size() && FunctionOf[VI] != SIZE_MAX)
        C.push_back(FunctionOf[VI]);
    };
    for (unsigned VI : VIs)
      for (auto &[CI, Call] : P.Versions[VI].Calls) {
        Add(Call.Version);
        for (unsigned T : Call.Targets)
          Add(T);
      }
    llvm::sort(C);
    C.erase(std::unique(C.begin(), C.end()), C.end());
  }
  return Callees;
}

/// The plan file (a dsa::PartsWriter file, parts as PlanPart says). A unit's
/// part names the functions its rewriting reads: its own, the members of
/// function-pointer classes, and the callees of their versions.
static std::vector<std::string> addPlanParts(ProgramState &S,
                                             dsa::PartsWriter &W,
                                             llvm::StringRef InjectFault) {
  dsa::ProgramGraphs &PG = *S.Graphs;
  dsa::Plan &P = S.Plan;
  if (P.PoolsByLayout.size() != P.Layouts.size())
    dsa::indexPoolsByLayout(P);
  unsigned NumUnits = S.Sources.size();
  // Graphs (shared by the functions of an SCC) in the order of their first
  // function.
  std::vector<dsa::DSGraph *> Graphs;
  std::map<const dsa::DSGraph *, unsigned> GraphOf;
  std::vector<std::tuple<std::string, unsigned, unsigned>>
      Index; // key, unit, graph
  std::map<std::string, size_t> Position;
  for (auto &[Key, F] : PG.Functions) {
    auto [It, New] = GraphOf.try_emplace(F.Graph.get(), Graphs.size());
    if (New)
      Graphs.push_back(F.Graph.get());
    Position[Key] = Index.size();
    Index.emplace_back(Key, F.Unit, It->second);
  }
  std::vector<std::vector<std::string>> Mains(NumUnits);
  for (unsigned U = 0; U < NumUnits && U < S.Files.size(); ++U)
    for (const UnitFile &F : S.Files[U])
      if (F.IsMainFile)
        Mains[U].push_back(F.RealPath);

  auto Add = [&W](auto Write) {
    dsa::ArchiveWriter Part;
    Write(Part);
    W.add(Part.bytes());
  };
  Add([&](dsa::ArchiveWriter &A) {
    uint64_t NumVersions = P.Versions.size(), NumGraphs = Graphs.size(),
             NumFunctions = Index.size();
    fields(A, S.Options, S.Round, S.Vetoes, S.ProgramVetoes, NumVersions,
           NumGraphs, NumFunctions, Mains);
  });
  Add([&](dsa::ArchiveWriter &A) { decisions(A, S.Facts); });
  Add([&](dsa::ArchiveWriter &A) { dsa::programGlobals(A, PG); });
  Add([&](dsa::ArchiveWriter &A) {
    fields(A, P.Pools, P.Layouts, P.PoolsByLayout, P.GlobalHolders,
           P.GlobalHolderPools, P.FnClasses, P.FnClassOf, P.VariablePools);
  });
  Add([&](dsa::ArchiveWriter &A) {
    fields(A, P.VersionsOf, P.Reasons, P.Vetoed, Index, S.Facts.CalledFromUnit,
           S.Facts.CrossUnit);
  });
  Add([&](dsa::ArchiveWriter &A) { io(A, S.Facts.Units); });

  // What each unit reads: its functions and the members of the classes (in
  // key order), then their callees (in key order).
  std::vector<std::vector<size_t>> Callees = calleesOf(PG, P, Position);
  std::vector<size_t> Members;
  for (const dsa::FnPtrClass &C : P.FnClasses)
    for (const std::string &M : C.Members)
      if (auto It = Position.find(M); It != Position.end())
        Members.push_back(It->second);
  std::vector<std::vector<size_t>> OwnOf(NumUnits);
  for (size_t I = 0; I < Index.size(); ++I)
    if (std::get<1>(Index[I]) < NumUnits)
      OwnOf[std::get<1>(Index[I])].push_back(I);
  // The parts each unit's --apply reads (readPlanFile with OnlyFor): for its
  // stamp.
  std::vector<std::vector<size_t>> PartsRead(NumUnits);
  size_t FirstGraph = FirstUnitPart + NumUnits,
         FirstFunction = FirstGraph + Graphs.size();
  for (unsigned U = 0; U < NumUnits; ++U) {
    std::vector<size_t> First = OwnOf[U];
    First.insert(First.end(), Members.begin(), Members.end());
    llvm::sort(First);
    First.erase(std::unique(First.begin(), First.end()), First.end());
    std::vector<size_t> Then;
    for (size_t I :
         InjectFault == "plan-callees" ? std::vector<size_t>() : First)
      Then.insert(Then.end(), Callees[I].begin(), Callees[I].end());
    llvm::sort(Then);
    Then.erase(std::unique(Then.begin(), Then.end()), Then.end());
    std::vector<std::pair<uint64_t, uint64_t>> Reads; // function, graph
    std::vector<bool> Seen(Index.size());
    for (const std::vector<size_t> *L : {&First, &Then})
      for (size_t I : *L)
        if (!Seen[I]) {
          Seen[I] = true;
          Reads.emplace_back(I, std::get<2>(Index[I]));
        }
    // The decisions about the versions it reads (it reads no others: the
    // version table says so when it does).
    std::map<unsigned, std::set<unsigned>> CalledFrom;
    std::set<unsigned> Cross;
    for (auto &[I, G] : Reads)
      if (auto It = P.VersionsOf.find(std::get<0>(Index[I]));
          It != P.VersionsOf.end())
        for (unsigned VI : It->second) {
          // Of the units calling it, a unit asks only whether any is not the
          // version's own: the own and one other say it (all of them would
          // make the parts quadratic in the program, for a version called
          // from every unit).
          if (auto C = S.Facts.CalledFromUnit.find(VI);
              C != S.Facts.CalledFromUnit.end()) {
            unsigned Own = std::get<1>(Index[I]);
            std::set<unsigned> &Callers = CalledFrom[VI];
            if (C->second.count(Own))
              Callers.insert(Own);
            for (unsigned U : C->second)
              if (U != Own) {
                Callers.insert(U);
                break;
              }
          }
          if (S.Facts.CrossUnit.count(VI))
            Cross.insert(VI);
        }
    PartsRead[U] = {HeadPart, DecisionsPart, GlobalsPart, PoolsPart,
                    FirstUnitPart + U};
    for (auto &[I, G] : Reads) {
      PartsRead[U].push_back(FirstGraph + G);
      PartsRead[U].push_back(FirstFunction + I);
    }
    std::map<unsigned, std::vector<unsigned>> NoClones;
    Add([&](dsa::ArchiveWriter &A) {
      fields(A, S.Sources[U], S.Files[U],
             U < S.Facts.ClonesCalledIn.size() ? S.Facts.ClonesCalledIn[U]
                                               : NoClones,
             Reads, CalledFrom, Cross);
    });
  }
  for (dsa::DSGraph *G : Graphs)
    Add([&](dsa::ArchiveWriter &A) { io(A, *G); });
  for (auto &[Key, F] : PG.Functions)
    Add([&](dsa::ArchiveWriter &A) {
      dsa::functionFields(A, F);
      std::vector<std::pair<unsigned, dsa::FunctionVersion>> Versions;
      auto It = P.VersionsOf.find(Key);
      bool Planned = It != P.VersionsOf.end();
      if (Planned)
        for (unsigned VI : It->second)
          Versions.emplace_back(VI, P.Versions[VI]);
      fields(A, Planned, Versions);
    });

  // A unit's stamp: the checksums of the parts its --apply reads. Equal stamps,
  // equal results: a build may skip the apply of a unit whose stamp a new plan
  // left as it was.
  std::vector<std::string> Stamps;
  for (const std::vector<size_t> &Parts : PartsRead) {
    std::string Sums;
    for (size_t I : Parts) {
      char B[8];
      llvm::support::endian::write64le(B, W.checksum(I));
      Sums.append(B, 8);
    }
    Stamps.push_back(llvm::formatv("ptrcomp unit stamp (plan format {0}, "
                                   "ptrcomp {1}): {2:x16}\n",
                                   dsa::SummaryFormat, PTRCOMP_VERSION,
                                   llvm::xxHash64(Sums))
                         .str());
  }
  return Stamps;
}

std::string writePlanFile(ProgramState &S, llvm::StringRef InjectFault) {
  dsa::PartsWriter W;
  addPlanParts(S, W, InjectFault);
  return W.take("plan", PTRCOMP_VERSION);
}

bool writePlanFile(ProgramState &S, llvm::StringRef Path,
                   llvm::StringRef InjectFault,
                   std::vector<std::string> *UnitStamps) {
  std::unique_ptr<SpillFile> Out = SpillFile::create(Path);
  if (!Out)
    return false;
  dsa::PartsWriter W(Out->body());
  std::vector<std::string> Stamps = addPlanParts(S, W, InjectFault);
  if (UnitStamps)
    *UnitStamps = std::move(Stamps);
  return Out->commit(W.head("plan", PTRCOMP_VERSION));
}

static llvm::Error damaged() {
  return llvm::createStringError(
      llvm::inconvertibleErrorCode(),
      "damaged plan file (its contents do not parse)");
}

llvm::Expected<std::unique_ptr<ProgramState>>
readPlanFile(llvm::StringRef Bytes, std::optional<std::string> OnlyFor) {
  llvm::Expected<dsa::PartsFile> File =
      dsa::PartsFile::open("plan", PTRCOMP_VERSION, Bytes);
  if (!File)
    return File.takeError();
  // Reads part \p I with \p Read; an error when it is damaged or does not
  // parse.
  auto Read = [&](size_t I, auto ReadPart) -> llvm::Error {
    llvm::Expected<llvm::StringRef> B = File->part(I);
    if (!B)
      return B.takeError();
    dsa::ArchiveReader R(*B);
    ReadPart(R);
    if (R.failed() || !R.atEnd())
      return damaged();
    return llvm::Error::success();
  };
  auto S = std::make_unique<ProgramState>();
  S->Graphs = std::make_unique<dsa::ProgramGraphs>();
  dsa::ProgramGraphs &PG = *S->Graphs;
  dsa::Plan &P = S->Plan;
  uint64_t NumVersions = 0, NumGraphs = 0, NumFunctions = 0;
  std::vector<std::vector<std::string>> Mains;
  if (llvm::Error E = Read(HeadPart, [&](dsa::ArchiveReader &A) {
        fields(A, S->Options, S->Round, S->Vetoes, S->ProgramVetoes,
               NumVersions, NumGraphs, NumFunctions, Mains);
      }))
    return std::move(E);
  size_t NumUnits = Mains.size();
  if (File->size() != FirstUnitPart + NumUnits + NumGraphs + NumFunctions)
    return damaged();
  if (llvm::Error E = Read(DecisionsPart, [&](dsa::ArchiveReader &A) {
        decisions(A, S->Facts);
      }))
    return std::move(E);
  if (llvm::Error E = Read(GlobalsPart, [&](dsa::ArchiveReader &A) {
        dsa::programGlobals(A, PG);
      }))
    return std::move(E);
  if (llvm::Error E = Read(PoolsPart, [&](dsa::ArchiveReader &A) {
        // A unit's rewrite decodes the pools it asks for (the bytes are the
        // caller's, kept with the state it returns).
        if (OnlyFor)
          dsa::readEncodedPools(A, P.Pools);
        else
          io(A, P.Pools);
        fields(A, P.Layouts, P.PoolsByLayout, P.GlobalHolders,
               P.GlobalHolderPools, P.FnClasses, P.FnClassOf, P.VariablePools);
      }))
    return std::move(E);
  // The units: all, or the one whose main file OnlyFor is (none when it is no
  // unit's: the caller says so).
  S->Sources.resize(NumUnits);
  S->Files.resize(NumUnits);
  S->Facts.ClonesCalledIn.resize(NumUnits);
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> Reads(NumUnits);
  for (size_t U = 0; U < NumUnits; ++U) {
    if (OnlyFor && llvm::find(Mains[U], *OnlyFor) == Mains[U].end())
      continue;
    std::map<unsigned, std::set<unsigned>> CalledFrom;
    std::set<unsigned> Cross;
    if (llvm::Error E = Read(FirstUnitPart + U, [&](dsa::ArchiveReader &A) {
          fields(A, S->Sources[U], S->Files[U], S->Facts.ClonesCalledIn[U],
                 Reads[U], CalledFrom, Cross);
        }))
      return std::move(E);
    if (OnlyFor) {
      S->Facts.CalledFromUnit = std::move(CalledFrom);
      S->Facts.CrossUnit = std::move(Cross);
      break;
    }
  }
  size_t FirstGraph = FirstUnitPart + NumUnits,
         FirstFunction = FirstGraph + NumGraphs;
  // The versions of the functions read, by their numbers in the plan.
  std::vector<std::pair<unsigned, dsa::FunctionVersion>> Loaded;
  std::vector<std::shared_ptr<dsa::DSGraph>> Graphs(NumGraphs);
  // Reads function I with graph G; the versions' plan too when \p Planned.
  auto ReadFunction = [&](uint64_t I, uint64_t G, bool Planned) -> llvm::Error {
    if (I >= NumFunctions || G >= NumGraphs)
      return damaged();
    if (!Graphs[G]) {
      Graphs[G] = std::make_shared<dsa::DSGraph>(PG.Types);
      if (llvm::Error E = Read(FirstGraph + G, [&](dsa::ArchiveReader &A) {
            io(A, *Graphs[G]);
          }))
        return E;
    }
    dsa::FunctionGraph F;
    bool InPlan = false;
    std::vector<std::pair<unsigned, dsa::FunctionVersion>> Versions;
    if (llvm::Error E = Read(FirstFunction + I, [&](dsa::ArchiveReader &A) {
          dsa::functionFields(A, F);
          fields(A, InPlan, Versions);
        }))
      return E;
    F.Graph = Graphs[G];
    std::vector<unsigned> Of;
    for (auto &[VI, V] : Versions) {
      if (VI >= NumVersions)
        return damaged();
      Of.push_back(VI);
      Loaded.emplace_back(VI, std::move(V));
    }
    if (Planned && InPlan)
      P.VersionsOf.emplace(F.Key, std::move(Of));
    std::string Key = F.Key;
    if (!PG.Functions.emplace(std::move(Key), std::move(F)).second)
      return damaged();
    return llvm::Error::success();
  };
  if (OnlyFor) {
    // The functions the unit's rewriting reads, with their versions (only
    // those: VersionsOf holds no others).
    for (auto &R : Reads)
      for (auto &[I, G] : R)
        if (llvm::Error E = ReadFunction(I, G, /*Planned=*/true))
          return std::move(E);
  } else {
    std::vector<std::tuple<std::string, unsigned, unsigned>> Index;
    if (llvm::Error E = Read(ProgramPart, [&](dsa::ArchiveReader &A) {
          fields(A, P.VersionsOf, P.Reasons, P.Vetoed, Index,
                 S->Facts.CalledFromUnit, S->Facts.CrossUnit);
        }))
      return std::move(E);
    if (Index.size() != NumFunctions)
      return damaged();
    for (size_t I = 0; I < Index.size(); ++I)
      if (llvm::Error E =
              ReadFunction(I, std::get<2>(Index[I]), /*Planned=*/false))
        return std::move(E);
    if (llvm::Error E = Read(
            FactsPart, [&](dsa::ArchiveReader &A) { io(A, S->Facts.Units); }))
      return std::move(E);
  }
  if (OnlyFor) {
    P.Versions.assignPart(NumVersions, std::move(Loaded));
  } else {
    std::vector<dsa::FunctionVersion> &All = P.Versions.whole();
    All.resize(NumVersions);
    for (auto &[VI, V] : Loaded)
      All[VI] = std::move(V);
  }
  PG.indexUnits();
  PG.Types.freeze();
  if (P.PoolsByLayout.size() != P.Layouts.size())
    return damaged();
  return std::move(S);
}

std::string writeResultFile(UnitResult &R) { return write("result", R); }

PackedEdits packEdits(EditSet &E) {
  PackedEdits Out;
  for (const std::string &Path : EditSetIO::paths(E)) {
    EditSet File = EditSetIO::fileOf(E, Path);
    dsa::ArchiveWriter W;
    io(W, File);
    Out.emplace_back(Path, W.takeBytes());
  }
  return Out;
}

llvm::Error unpackEdits(llvm::StringRef Bytes, EditSet &E) {
  dsa::ArchiveReader R(Bytes);
  io(R, E);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "damaged edits of a unit");
  return llvm::Error::success();
}

llvm::Expected<UnitResult> readResultFile(llvm::StringRef Bytes) {
  UnitResult R;
  if (llvm::Error E = read("result", Bytes, R))
    return std::move(E);
  return std::move(R);
}

} // namespace ptrcomp
