//===- Pipeline.cpp - the steps of a run, shared by both modes ------------===//
#include "Pipeline.h"

#include <cstdlib>
#include "ChangedRegions.h"
#include "Diagnostics.h"
#include "Expectations.h"
#include "ExportFixes.h"
#include "FilePaths.h"
#include "HeaderFilter.h"
#include "KeepPragmas.h"
#include "Parallel.h"
#include "ParsedProgram.h"
#include "Progress.h"
#include "Report.h"
#include "Sarif.h"
#include "SelfCheck.h"
#include "BuildCommands.h"
#include "legality/Legality.h"
#include "ptrcomp/Compat.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <atomic>
#include <cstdlib>
#include <map>
#ifdef __GLIBC__
#include <malloc.h>
#endif

using namespace llvm;
namespace ptrcomp {

/// \p Real relative to the working directory when it is below it (as users type
/// paths).
std::string displayPath(StringRef Real) { return dsa::displayPathOf(Real); }

/// The real path of the file that includes the file at \p Real at \p IncludeLoc
/// with a quoted #include whose name, taken relative to its own directory, is
/// that file; or "".
static std::string relativeIncluder(const clang::SourceManager &SM,
                                    clang::SourceLocation IncludeLoc,
                                    StringRef Real) {
  if (IncludeLoc.isInvalid())
    return "";
  auto [IncFID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(IncludeLoc));
  if (!SM.getFileEntryForID(IncFID))
    return "";
  // The include's file name: from the location (just after the directive's
  // name) to the end of its line.
  StringRef Buf = SM.getBufferData(IncFID);
  StringRef Line =
      Buf.substr(Off).take_until([](char C) { return C == '\n'; }).ltrim();
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

/// Every user (non-system) file of one translation unit: the files of the
/// program that -o mirrors and that edits may touch.
static std::vector<UnitFile> unitFiles(clang::ASTUnit &Unit) {
  std::vector<UnitFile> Files;
  const clang::SourceManager &SM = Unit.getSourceManager();
  clang::FileID MainID = SM.getMainFileID();
  std::map<std::string, size_t> Index;
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I != E; ++I) {
    const clang::SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile() ||
        Entry.getFile().getFileCharacteristic() != clang::SrcMgr::C_User)
      continue;
    const clang::FileEntry *FE =
        compat::origEntry(Entry.getFile().getContentCache());
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
      Files.back().RealPath = Real;
      Files.back().Hash = xxHash64(SM.getBufferData(FID));
    }
    UnitFile &F = Files[It->second];
    F.IsMainFile |= FID == MainID;
    if (std::string By =
            relativeIncluder(SM, Entry.getFile().getIncludeLoc(), Real);
        !By.empty() &&
        llvm::find(F.RelativeIncluders, By) == F.RelativeIncluders.end())
      F.RelativeIncluders.push_back(By);
  }
  return Files;
}

/// Every file the parse of \p Unit read, with the hash of its text.
static std::vector<std::pair<std::string, uint64_t>>
unitInputs(clang::ASTUnit &Unit) {
  std::map<std::string, uint64_t> Files;
  const clang::SourceManager &SM = Unit.getSourceManager();
  for (unsigned I = 0, E = SM.local_sloc_entry_size(); I != E; ++I) {
    const clang::SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
    if (!Entry.isFile())
      continue;
    const clang::FileEntry *FE =
        compat::origEntry(Entry.getFile().getContentCache());
    if (!FE)
      continue;
    clang::FileID FID = SM.translateFile(FE);
    if (FID.isInvalid())
      continue;
    std::string Real = realPathOf(SM, FID);
    if (!Real.empty())
      Files.emplace(Real, xxHash64(SM.getBufferData(FID)));
  }
  return {Files.begin(), Files.end()};
}

/// The files of the program, read again (in path order): false with an error
/// when one changed since its unit was summarized.
static bool programFiles(const std::vector<std::vector<UnitFile>> &Units,
                         std::vector<OutputFile> &Out) {
  std::map<std::string, OutputFile> ByPath;
  std::map<std::string, uint64_t> Hashes;
  for (const std::vector<UnitFile> &Unit : Units)
    for (const UnitFile &U : Unit) {
      auto [It, New] = ByPath.try_emplace(U.RealPath);
      OutputFile &F = It->second;
      if (New) {
        F.RealPath = U.RealPath;
        F.DisplayPath = displayPath(U.RealPath);
        F.Expansions = U.Expansions;
        Hashes[U.RealPath] = U.Hash;
      } else if (Hashes[U.RealPath] != U.Hash) {
        errorMessage("'" + F.DisplayPath +
                     "' was not the same file for every unit that includes it "
                     "(it changed "
                     "while they were summarized); summarize them again");
        return false;
      }
      F.IsMainFile |= U.IsMainFile;
      for (const std::string &By : U.RelativeIncluders)
        if (llvm::find(F.RelativeIncluders, By) == F.RelativeIncluders.end())
          F.RelativeIncluders.push_back(By);
    }
  for (auto &[Path, F] : ByPath) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
    if (!Buf) {
      errorMessage("cannot read '" + F.DisplayPath +
                   "': " + Buf.getError().message());
      return false;
    }
    // As its unit parsed it (the edits are relative to that text).
    F.Original = withExpansions((*Buf)->getBuffer(), F.Expansions);
    F.Transformed = F.Original;
    if (xxHash64(F.Original) != Hashes[Path]) {
      errorMessage(
          "'" + F.DisplayPath +
          "' changed since it was summarized; summarize its units again");
      return false;
    }
    Out.push_back(std::move(F));
  }
  return true;
}

/// Sets every file's Transformed text (and edits) from \p Edits.
static bool applyEdits(const EditSet &Edits, std::vector<OutputFile> &Files) {
  // The name of each file in its #line directives: its path in the tree that -o
  // writes (the same in every output mode, and whatever the path the user spelled).
  OutputTree Tree = outputTree(
      Files, [&](const OutputFile &F) { return Edits.changes(F.RealPath); });
  for (OutputFile &F : Files) {
    F.LineName = Tree.relative(F.RealPath);
    if (F.LineName.empty())
      F.LineName = sys::path::filename(F.RealPath).str();
    F.Transformed = F.Original;
    F.Edits = nullptr;
    F.OutputEdits.reset();
    if (!Edits.changes(F.RealPath) && F.Expansions.empty())
      continue;
    Expected<clang::tooling::Replacements> Rs =
        Edits.changes(F.RealPath) ? Edits.outputEdits(F.RealPath, F.Original, F.LineName)
                                  : clang::tooling::Replacements();
    // A macro use written out for the parse keeps its text where nothing in it changed,
    // and gets the #define's lines where something did. (A line break that does not fit
    // beside the edits is left out.)
    if (Rs) {
      for (const clang::tooling::Replacement &R :
           lineBreaks(F.RealPath, F.Original, F.LineName, F.Expansions, *Rs))
        if (Error E = Rs->add(R))
          consumeError(std::move(E));
      for (const clang::tooling::Replacement &R :
           unchangedUses(F.RealPath, F.Expansions, *Rs))
        if (Error E = Rs->add(R)) {
          Rs = std::move(E);
          break;
        }
    }
    Expected<std::string> New =
        Rs ? clang::tooling::applyAllReplacements(F.Original, *Rs)
           : Expected<std::string>(Rs.takeError());
    if (!New) {
      errorMessage("internal: cannot apply edits to '" + F.DisplayPath +
                   "': " + toString(New.takeError()));
      return false;
    }
    F.Transformed = std::move(*New);
    F.OutputEdits =
        std::make_shared<const clang::tooling::Replacements>(std::move(*Rs));
    F.Edits = F.OutputEdits.get();
  }
  return true;
}

/// "line:col" of \p Offset in \p Text.
static std::string lineCol(StringRef Text, unsigned Offset) {
  Offset = std::min<size_t>(Offset, Text.size());
  StringRef Before = Text.take_front(Offset);
  size_t LineStart = Before.rfind('\n');
  unsigned Col =
      Offset - (LineStart == StringRef::npos ? 0 : LineStart + 1) + 1;
  return std::to_string(Before.count('\n') + 1) + ":" + std::to_string(Col);
}

/// For ptrcomp's developers: with PTRCOMP_DEBUG_SELF_CHECK=1, the texts that the
/// self-check rejects go to stderr, with its errors.
static void dumpRejected(const std::vector<OutputFile> &Files, const CheckResult &Found) {
  static const bool Dump = [] {
    const char *E = std::getenv("PTRCOMP_DEBUG_SELF_CHECK");
    return E && *E && std::string(E) != "0";
  }();
  if (!Dump)
    return;
  for (const CompileError &E : Found.Errors)
    llvm::errs() << "ptrcomp: debug: self-check: " << E.Where << ": " << E.Message << "\n";
  for (const LinkError &E : Found.LinkErrors)
    llvm::errs() << "ptrcomp: debug: self-check: link: "
                 << (E.K == LinkError::MultipleDefinition ? "multiple definition of '"
                                                          : "undefined reference to '")
                 << E.Symbol << "'\n";
  for (const OutputFile &F : Files)
    if (F.Edits)
      llvm::errs() << "ptrcomp: debug: rejected text of " << F.DisplayPath << ":\n"
                   << F.Transformed << "\n";
}

/// The self-check: true when the transformed program compiles and links (the
/// symbols of the original units are in \p Results). Otherwise the structures
/// whose edits (or rewritten functions) hold an error, or a link error's places,
/// are vetoed in \p New, and an error that no structure explains vetoes them all
/// and is kept in \p Unexplained.
static bool outputCompiles(const ToolOptions &Opts, const ProgramState &S,
                           const std::vector<OutputFile> &Files,
                           const EditSet &Edits, const dsa::Plan &Plan,
                           const std::vector<UnitResult> &Results,
                           dsa::Vetoes &New,
                           std::optional<CompileError> &Unexplained) {
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      storedCommands(S.Sources);
  std::vector<std::string> Sources;
  for (const UnitSource &U : S.Sources)
    Sources.push_back(U.Source);
  std::vector<std::vector<std::string>> UnitPaths;
  for (const std::vector<UnitFile> &Unit : S.Files) {
    UnitPaths.emplace_back();
    for (const UnitFile &F : Unit)
      UnitPaths.back().push_back(F.RealPath);
  }
  std::vector<const UnitSymbols *> Before;
  for (unsigned U = 0; U < Sources.size(); ++U)
    Before.push_back(U < Results.size() ? &Results[U].Symbols : nullptr);
  CheckResult Found =
      checkTransformed(Opts, *DB, Sources, UnitPaths, Files, Opts.Jobs, Before);
  // A call of a function without a declaration (old C, built with
  // -Wno-implicit-function-declaration) is the original's call, also where ptrcomp
  // rewrote its statement or wrote it in a clone before the original; only calls of the
  // clones ptrcomp names must be declared before use.
  std::set<std::string> CloneNames;
  for (const dsa::FunctionVersion &V : Plan.Versions)
    if (!V.IsOriginal)
      CloneNames.insert(V.Name);
  llvm::erase_if(Found.Errors, [&](const CompileError &E) {
    StringRef Name = E.Message;
    if (!Name.consume_front("implicit declaration of function '") &&
        !Name.consume_front("implicitly declaring library function '"))
      return false;
    return !CloneNames.count(Name.take_until([](char C) { return C == '\''; }).str());
  });
  if (Found.Errors.empty() && Found.LinkErrors.empty())
    return true;
  dumpRejected(Files, Found);
  std::map<std::string, const OutputFile *> ByPath;
  for (const OutputFile &F : Files)
    ByPath[F.RealPath] = &F;
  // Where offset \p Offset of the output of \p RealPath comes from, located in the
  // original text (which is what the user has).
  auto Locate = [&](const std::string &RealPath, unsigned Offset,
                    const std::string &Fallback) {
    auto It = ByPath.find(RealPath);
    std::pair<EditSet::Source, std::string> Out{EditSet::Source(), Fallback};
    if (It == ByPath.end())
      return Out;
    static const clang::tooling::Replacements None;
    Out.first = Edits.sourceOf(RealPath,
                               It->second->Edits ? *It->second->Edits : None, Offset);
    Out.second = It->second->DisplayPath + ":" +
                 lineCol(It->second->Original, Out.first.Offset);
    return Out;
  };
  // The structures \p Pools explain the error \p Why; none: every structure is left
  // unchanged, and the first such error is reported as ptrcomp's.
  // The line of the output at \p Offset of \p RealPath, for ptrcomp's developers.
  auto OutputLine = [&](const std::string &RealPath, unsigned Offset) -> StringRef {
    auto It = ByPath.find(RealPath);
    if (It == ByPath.end())
      return "";
    StringRef Text = It->second->Transformed;
    Offset = std::min<size_t>(Offset, Text.size());
    size_t NewLine = Offset ? Text.rfind('\n', Offset - 1) : StringRef::npos;
    size_t Begin = NewLine == StringRef::npos ? 0 : NewLine + 1;
    return Text.slice(Begin, Text.find('\n', Offset));
  };
  auto Veto = [&](const EditSet::PoolSet &Pools, const std::string &Why,
                  const CompileError &E) {
    // Every structure lost here is a rewriter bug (but when a test injects the fault).
    if (Opts.InjectFault.empty())
      selfCheckVetoed(Why, OutputLine(E.RealPath, E.Offset));
    if (Pools.empty()) {
      if (!Unexplained)
        Unexplained = E;
      for (const dsa::Pool &Pl : Plan.Pools)
        New.emplace(Pl.Origin, Why);
      return;
    }
    for (int P : Pools)
      New.emplace(Plan.Pools[P].Origin, Why);
  };
  for (const CompileError &E : Found.Errors) {
    auto [Src, Where] = Locate(E.RealPath, E.Offset, E.Where);
    std::string Why = "the rewritten code would not compile (" + Where + ": " +
                      E.Message +
                      (Src.InEdit ? ", in code ptrcomp wrote)" : ")");
    Veto(Src.Pools, Why, CompileError{E.RealPath, E.Offset, Where, E.Message});
  }
  // A link error is the structures' whose edits are at any of its places.
  auto UnitName = [&](unsigned U) {
    for (const UnitFile &F : S.Files[U])
      if (F.IsMainFile)
        if (auto It = ByPath.find(F.RealPath); It != ByPath.end())
          return It->second->DisplayPath;
    return displayPath(S.Sources[U].Source);
  };
  for (const LinkError &E : Found.LinkErrors) {
    EditSet::PoolSet Pools;
    bool InEdit = false;
    std::vector<std::string> Places;
    std::string FirstWhere;
    for (auto &[U, Place] : E.Places) {
      auto [Src, Where] = Locate(Place.RealPath, Place.Offset, displayPath(Place.RealPath));
      Pools.insert(Src.Pools.begin(), Src.Pools.end());
      InEdit |= Src.InEdit;
      if (Places.empty())
        FirstWhere = Where;
      Places.push_back(Where);
      // Which unit, when the place (a header's) does not say it.
      std::string Unit = UnitName(U);
      if (E.K == LinkError::MultipleDefinition ||
          !compat::startsWith(Where, Unit + ":"))
        Places.back() += " in " + Unit;
    }
    std::string Message =
        E.K == LinkError::MultipleDefinition
            ? "multiple definition of '" + E.Symbol + "': " + Places[0] + " and " +
                  Places[1]
            : "undefined reference to '" + E.Symbol + "' at " + Places[0] +
                  ": no file of the program defines it";
    std::string Why = "the rewritten program would not link (" + Message +
                      (InEdit ? ", in code ptrcomp wrote)" : ")");
    CompileError Note;
    Note.RealPath = E.Places[0].second.RealPath;
    Note.Offset = E.Places[0].second.Offset;
    Note.Where = FirstWhere;
    Note.Message = Message;
    Note.Link = true;
    Veto(Pools, Why, Note);
  }
  return false;
}

//===-- Stores of compile commands ---------------------------------------===//

namespace {
/// The commands units were summarized with, by source (as given and made
/// absolute).
class StoredCommands : public clang::tooling::CompilationDatabase {
public:
  explicit StoredCommands(const std::vector<UnitSource> &Sources) {
    for (const UnitSource &U : Sources) {
      ByPath[U.Source] = U.Command;
      SmallString<256> Abs(U.Source);
      sys::fs::make_absolute(Abs);
      sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      ByPath[std::string(Abs)] = U.Command;
      All.push_back(U.Command);
    }
  }
  std::vector<clang::tooling::CompileCommand>
  getCompileCommands(StringRef FilePath) const override {
    auto It = ByPath.find(FilePath.str());
    if (It == ByPath.end())
      return {};
    return {It->second};
  }
  std::vector<std::string> getAllFiles() const override {
    std::vector<std::string> Out;
    for (auto &KV : ByPath)
      Out.push_back(KV.first);
    return Out;
  }
  std::vector<clang::tooling::CompileCommand>
  getAllCompileCommands() const override {
    return All;
  }

private:
  std::map<std::string, clang::tooling::CompileCommand> ByPath;
  std::vector<clang::tooling::CompileCommand> All;
};
} // namespace

std::unique_ptr<clang::tooling::CompilationDatabase>
storedCommands(const std::vector<UnitSource> &Sources) {
  return std::make_unique<StoredCommands>(Sources);
}

//===-- Summarize --------------------------------------------------------===//

/// The summary cache's file for \p Source compiled with \p Command (resource
/// directory included: it decides the builtin headers).
static std::string cacheFile(const ToolOptions &Opts, StringRef Source,
                             const clang::tooling::CompileCommand &Command) {
  std::string Key =
      Source.str() + "\n" + Command.Directory + "\n" + Opts.ResourceDir;
  for (const std::string &A : Command.CommandLine)
    Key += "\n" + A;
  SmallString<256> Path(Opts.CacheDir);
  sys::path::append(Path, sys::path::filename(Source) + "-" +
                              utohexstr(xxHash64(Key), /*LowerCase=*/true) +
                              ".pcs");
  return std::string(Path);
}

/// A summary of the cache whose inputs are all unchanged, or nullopt.
static std::optional<SummarizedUnit> cachedSummary(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return std::nullopt;
  Expected<SummarizedUnit> U = readSummaryFile((*Buf)->getBuffer());
  if (!U) {
    consumeError(U.takeError()); // another version, damaged: made again
    return std::nullopt;
  }
  for (auto &[File, Hash] : U->Inputs) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> F = MemoryBuffer::getFile(File);
    if (!F || xxHash64((*F)->getBuffer()) != Hash)
      return std::nullopt;
  }
  return std::move(*U);
}

std::optional<SummarizedUnit>
summarizeSource(const ToolOptions &Opts,
                const clang::tooling::CompilationDatabase &DB,
                const std::string &Source, bool *Reused) {
  SmallString<256> Abs(Source);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  std::vector<clang::tooling::CompileCommand> Commands =
      DB.getCompileCommands(Abs);
  if (Commands.empty())
    Commands = DB.getCompileCommands(Source);
  std::string Cached;
  if (!Opts.CacheDir.empty() && !Commands.empty()) {
    Cached = cacheFile(Opts, Abs, Commands.front());
    if (std::optional<SummarizedUnit> U = cachedSummary(Cached)) {
      if (Reused)
        *Reused = true;
      return U;
    }
  }
  // Parsed with the build's first command for it (parseUnit); the others must see the
  // same code. Named as the apply step names it (`../x.c` as its absolute path, without
  // dots): the unit's name is part of its static functions' keys.
  ExpandedFile Expanded;
  std::unique_ptr<clang::ASTUnit> AST = parseUnit(Opts, DB, std::string(Abs), &Expanded);
  if (!AST)
    return std::nullopt;
  SummarizedUnit U;
  U.Source.Source = std::string(Abs);
  if (!Commands.empty())
    U.Source.Command = Commands.front();
  U.Summary = dsa::summarizeUnit(AST->getASTContext());
  U.Source.CommandConflict =
      commandConflict(Opts, Commands, displayPath(Abs), *U.Summary);
  U.Facts = collectUnitFacts(*AST, U.Summary->Types, U.Summary->Functions);
  U.Files = unitFiles(*AST);
  U.Inputs = unitInputs(*AST);
  if (!Expanded.empty()) {
    // The cache checks the file on disk.
    for (auto &[Path, Hash] : U.Inputs)
      if (Path == Expanded.RealPath)
        Hash = xxHash64(Expanded.Disk);
    for (UnitFile &F : U.Files)
      if (F.RealPath == Expanded.RealPath)
        F.Expansions = Expanded.Expansions;
  }
  if (!Cached.empty()) {
    // Kept for the next run (atomically: a temporary renamed); a cache that
    // cannot be written only costs time.
    std::error_code EC = sys::fs::create_directories(Opts.CacheDir);
    SmallString<256> Temp;
    int FD;
    if (!EC && !sys::fs::createUniqueFile(Cached + "-%%%%%%.tmp", FD, Temp)) {
      {
        raw_fd_ostream OS(FD, /*shouldClose=*/true);
        OS << writeSummaryFile(U);
      }
      if (sys::fs::rename(Temp, Cached))
        sys::fs::remove(Temp);
    }
  }
  return U;
}

//===-- Link -------------------------------------------------------------===//

/// Compresses the graphs' paths: units read them in parallel from now on.
static void freezeGraphs(dsa::ProgramGraphs &PG) {
  PG.Globals->compressPaths();
  for (auto &KV : PG.Functions)
    KV.second.Graph->compressPaths();
}

bool linkProgram(const ToolOptions &Opts, std::vector<SummarizedUnit> Units,
                 ProgramState &Out) {
  // Units in the order of their main files' paths, whatever order they were
  // named in.
  std::stable_sort(Units.begin(), Units.end(),
                   [](const SummarizedUnit &A, const SummarizedUnit &B) {
                     return A.Summary->MainFile < B.Summary->MainFile;
                   });
  for (unsigned I = 1; I < Units.size(); ++I)
    if (Units[I].Summary->MainFile == Units[I - 1].Summary->MainFile) {
      errorMessage("'" + displayPath(Units[I].Summary->MainFile) +
                   "' is summarized twice; give each file once");
      return false;
    }
  std::vector<std::unique_ptr<dsa::UnitSummary>> Summaries;
  for (SummarizedUnit &U : Units) {
    Out.Sources.push_back(std::move(U.Source));
    Out.Files.push_back(std::move(U.Files));
    Summaries.push_back(std::move(U.Summary));
    Out.Facts.Units.push_back(std::move(U.Facts));
  }
  Units.clear();
  std::vector<std::vector<dsa::TypeId>> TypeMaps;
  Out.Graphs = dsa::linkSummaries(std::move(Summaries), &TypeMaps);
  if (!Out.Graphs->Errors.empty()) {
    for (const dsa::LinkError &E : Out.Graphs->Errors)
      printError(
          E.Loc + ": error: " + E.Message + "\n" +
          (E.NoteLoc.empty() ? "" : E.NoteLoc + ": note: " + E.Note + "\n"));
    return false;
  }
  ProgramFacts &PF = Out.Facts;
  for (unsigned U = 0; U < PF.Units.size(); ++U)
    retypeUnitFacts(PF.Units[U], TypeMaps[U]);
  PF.Observed = evaluateMemberOrders(*Out.Graphs, PF.Units);
  for (const UnitFacts &U : PF.Units)
    for (const SkippedBlock &B : U.SkippedBlocks)
      for (auto &KV : B.Names)
        PF.SkippedNames.insert(KV.first);
  // The types are read by units in parallel from now on.
  Out.Graphs->Types.freeze();

  dsa::PlanOptions &PO = Out.Options;
  PO.Compress = Opts.TransformMode == Mode::Compress;
  PO.IndexBits = Opts.IndexBits;
  PO.Threads = Opts.Threads;
  PO.Exclusions = Opts.Exclusions;
  std::vector<OutputFile> Files;
  if (!programFiles(Out.Files, Files) || !findKeepPragmas(Files, PO.Exclusions))
    return false;
  return true;
}

//===-- Apply ------------------------------------------------------------===//

void makeRoundPlan(const ToolOptions &Opts, ProgramState &S) {
  S.Plan = dsa::makePlan(*S.Graphs, S.Options, S.Vetoes);
  // What the plan asks that cannot be written as C is decided before any text
  // is: what the units must agree on first, then (applyToUnit) each unit's
  // code.
  S.ProgramVetoes.clear();
  S.Facts.decide(*S.Graphs, S.Plan, S.ProgramVetoes);
  if (!Opts.SkipLegality)
    checkLayouts(S.Facts, *S.Graphs, S.Plan, S.ProgramVetoes);
  freezeGraphs(*S.Graphs);
}

std::optional<unsigned> unitOf(const ProgramState &S, StringRef Source) {
  SmallString<256> Real;
  if (sys::fs::real_path(Source, Real))
    return std::nullopt;
  for (unsigned U = 0; U < S.Files.size(); ++U)
    for (const UnitFile &F : S.Files[U])
      if (F.IsMainFile && F.RealPath == Real)
        return U;
  return std::nullopt;
}

/// The pools that the versions of unit \p U's functions work with.
static std::set<int> poolsOfUnit(dsa::ProgramGraphs &PG, const dsa::Plan &P, unsigned U) {
  std::set<int> Out;
  for (dsa::FunctionGraph *F : PG.functionsOf(U)) {
    auto It = P.VersionsOf.find(F->Key);
    if (It == P.VersionsOf.end())
      continue;
    for (unsigned VI : It->second) {
      const dsa::FunctionVersion &V = P.Versions[VI];
      Out.insert(V.OwnedPools.begin(), V.OwnedPools.end());
      for (const std::set<int> &Ps : V.ParamPools)
        Out.insert(Ps.begin(), Ps.end());
      for (auto &KV : V.Nodes)
        if (KV.second.isPooled() && KV.second.Pool >= 0)
          Out.insert(KV.second.Pool);
    }
  }
  return Out;
}

std::optional<UnitResult>
applyToUnit(const ToolOptions &Opts,
            const clang::tooling::CompilationDatabase &DB, ProgramState &S,
            unsigned U, bool SkippedOnly) {
  std::unique_ptr<clang::ASTUnit> AST =
      parseUnit(Opts, DB, S.Sources[U].Source);
  if (!AST)
    return std::nullopt;
  dsa::ProgramGraphs &PG = *S.Graphs;
  if (Error E = dsa::attachUnit(PG, U, AST->getASTContext())) {
    errorMessage("'" + displayPath(S.Sources[U].Source) +
                 "': " + toString(std::move(E)) + "; summarize it again");
    return std::nullopt;
  }
  const dsa::Plan &P = S.Plan;
  UnitResult R;
  for (const UnitFile &F : S.Files[U])
    if (F.IsMainFile)
      R.MainFile = F.RealPath;
  R.Round = S.Round;
  R.Skipped = skippedFragment(*AST, U, PG, P, S.Facts.SkippedNames);
  {
    const clang::SourceManager &SM = AST->getSourceManager();
    R.Symbols = unitSymbols(
        AST->getASTContext(), commonSymbols(S.Sources[U].Command.CommandLine),
        [&](clang::FileID FID) { return realPathOf(SM, FID); }, /*UsePlaces=*/false);
  }
  if (!SkippedOnly) {
    if (!Opts.SkipLegality)
      R.Legality = checkUnitLegality(*AST, U, PG, P);
    if (const std::string &Why = S.Sources[U].CommandConflict; !Why.empty())
      for (int Pl : poolsOfUnit(PG, P, U))
        R.Legality.Globals.emplace(P.Pools[Pl].Origin, Why);
    // The plan has vetoes already: the round only checks.
    if (R.Legality.empty() && S.ProgramVetoes.empty()) {
      // (The report's fragments are always made: in the step mode, only
      // --finish knows whether a report is asked for.)
      EditSet Edits;
      R.Rewritten =
          rewriteUnit(*AST, U, PG, P, S.Facts, Edits, R.RewriteVetoes,
                      Opts.InjectFault, &R.Stage, &R.Macros);
      R.Edits = packEdits(Edits);
      if (R.Rewritten) {
        std::vector<LayoutOrder> Orders;
        std::vector<bool> Found;
        layoutOrdersIn(AST->getASTContext(), PG, P, S.Facts.Observed, Orders,
                       Found);
        for (unsigned LI = 0; LI < Found.size(); ++LI)
          if (Found[LI]) {
            Orders[LI].Fields.clear(); // the AST goes
            R.Layouts[int(LI)] = std::move(Orders[LI]);
          }
      }
    }
  }
  dsa::detachUnit(PG, U, AST->getASTContext());
  return R;
}

/// The legality vetoes of a round, merged as one program-wide check finds them:
/// the functions' in key order, then the globals' in unit order, then \p
/// Program's.
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

void SharedEdits::add(unsigned U) {
  std::lock_guard<std::mutex> G(Lock);
  PackedEdits &Mine = Results[U].Edits;
  for (unsigned I = 0; I < Mine.size(); ++I) {
    auto &[Path, Bytes] = Mine[I];
    if (Bytes.empty())
      continue;
    uint64_t H = llvm::hash_combine(Path, xxHash64(Bytes));
    auto &Copies = Kept[H];
    bool Same = false;
    for (auto &[V, J] : Copies) {
      std::pair<std::string, std::string> &Other = Results[V].Edits[J];
      if (Other.first != Path || Other.second != Bytes)
        continue;
      Same = true;
      if (U < V) { // this unit is merged first: its copy is kept
        std::string().swap(Other.second);
        V = U;
        J = I;
      } else {
        std::string().swap(Bytes);
      }
      break;
    }
    if (!Same)
      Copies.emplace_back(U, I);
  }
}

//===-- Finish -----------------------------------------------------------===//

/// What the finished program's report and expectations say, made while the
/// plan's graphs are in memory: they are freed before the edits are merged.
struct FinishedReport {
  std::vector<ReportEntry> Entries;
  std::string Text; ///< the report of Opts.Report, if any
};

static FinishedReport finishedReport(const ToolOptions &Opts, ProgramState &S,
                                     const std::vector<UnitResult> &Results) {
  dsa::ProgramGraphs &PG = *S.Graphs;
  const dsa::Plan &Plan = S.Plan;
  FinishedReport Out;
  // Only what is asked for: at 3,000 files the entries alone take 60 MB.
  bool Expectations = Opts.Expect || !Opts.WriteExpect.empty();
  if (!Expectations && Opts.Report == ReportFormat::None)
    return Out;
  std::vector<SkippedFragment> Fragments;
  for (const UnitResult &R : Results)
    Fragments.push_back(R.Skipped);
  PoolNotes Notes = skippedNotes(Fragments, S.Facts.Units, PG, Plan);
  if (Expectations)
    Out.Entries = reportEntries(PG, Plan, nullptr, Notes);
  if (Opts.Report == ReportFormat::None)
    return Out;
  raw_string_ostream OS(Out.Text);
  std::vector<MacroReportEntry> Macros;
  std::vector<LayoutOrder> Layouts(Plan.Layouts.size());
  if (Opts.Report == ReportFormat::Json || Opts.Report == ReportFormat::Text) {
    MacroUses Uses;
    for (const UnitResult &R : Results)
      for (auto &[NameDef, Where] : R.Macros)
        Uses[NameDef].insert(Where.begin(), Where.end());
    Macros = macroReport(Uses);
    // Each layout's order at the first definition of its struct in the
    // program.
    std::vector<bool> Done(Plan.Layouts.size());
    for (const UnitResult &R : Results)
      for (auto &[LI, Order] : R.Layouts)
        if (unsigned(LI) < Layouts.size() && !Done[LI]) {
          Layouts[LI] = Order;
          Done[LI] = true;
        }
  }
  if (Opts.Report == ReportFormat::Json)
    writeReportJSON(PG, Plan, Layouts, OS, Notes, Macros);
  else if (Opts.Report == ReportFormat::Sarif)
    writeReportSARIF(PG, Plan, OS);
  else
    writeReportText(PG, Plan, Layouts, OS, Notes, Macros);
  OS.flush();
  return Out;
}

void releaseFreedMemory() {
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

/// Frees what the rest of a round does not read of \p S: the functions' graphs
/// and the versions' encodings (most of a large program's plan). The pools,
/// layouts, types and the versions' names and pools stay.
static void shedGraphs(ProgramState &S) {
  S.Graphs->Functions.clear();
  S.Graphs->UnitFunctions.clear();
  S.Plan.VersionsOf.clear();
  for (dsa::FunctionVersion &V : S.Plan.Versions) {
    V.Nodes = dsa::NodeEncodings();
    std::vector<dsa::NodeEncoding>().swap(V.Signature);
    std::vector<dsa::NodeId>().swap(V.InterfaceNodes);
    V.Calls.clear();
  }
}

/// Writes the finished program as \p Opts asks, with the report, fixes and
/// expectations.
static int writeProgram(const ToolOptions &Opts, const FinishedReport &Done,
                        std::vector<OutputFile> &Files, const EditSet &Edits) {
  // Checks that fail the run come before anything is written.
  if (Opts.Expect && !checkExpectations(*Opts.Expect, Done.Entries, errs()))
    return 1;
  // From here on, edits are relative to the files on disk.
  for (OutputFile &F : Files)
    restoreOriginalText(F);
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
    Extra.emplace_back(Opts.WriteExpect,
                       formatExpectations(Done.Entries, Opts.WriteExpectJson));
  if (Opts.Report != ReportFormat::None && !Opts.ReportFile.empty())
    Extra.emplace_back(Opts.ReportFile, Done.Text);
  if (!emitOutput(Opts, Files, outs(), Extra))
    return 1;
  if (Opts.Report != ReportFormat::None && Opts.ReportFile.empty())
    outs() << Done.Text;
  outs().flush();
  if (Opts.DryRun) {
    printDryRunWarnings(*Regions, errs());
    if (Opts.WarningsAsErrors && !Regions->empty())
      return 1;
  }
  return 0;
}

int finishProgram(const ToolOptions &Opts, ProgramState &S,
                  std::vector<UnitResult> Results,
                  llvm::function_ref<std::unique_ptr<ProgramState>()> ReadPlan) {
  // The program's files, read when the edits are first applied: after the graphs
  // are shed, not with them (at 3,000 files, 100 MB with their copies to edit).
  std::vector<OutputFile> Files;
  bool HaveFiles = false;
  auto LoadFiles = [&] {
    if (!HaveFiles && !programFiles(S.Files, Files))
      return false;
    HaveFiles = true;
    return true;
  };
  std::unique_ptr<clang::tooling::CompilationDatabase> DB =
      storedCommands(S.Sources);
  // Applies the plan in force to every unit again.
  auto ApplyAll = [&](bool SkippedOnly) {
    Results.assign(S.Sources.size(), UnitResult());
    SharedEdits Shared(Results);
    std::atomic<bool> Ok{true};
    Progress Rewriting("rewriting again", S.Sources.size());
    forEachIndex(Opts.Jobs, S.Sources.size(), [&](size_t U) {
      Rewriting.start(displayPath(S.Sources[U].Source));
      std::optional<UnitResult> R = applyToUnit(Opts, *DB, S, U, SkippedOnly);
      if (!R) {
        Ok = false;
      } else {
        Results[U] = std::move(*R);
        Shared.add(U);
      }
    });
    return bool(Ok);
  };
  std::optional<Regex> HeaderFilter;
  if (!Opts.HeaderFilter.empty())
    HeaderFilter.emplace(Opts.HeaderFilter);
  EditSet Edits;
  std::optional<CompileError>
      Unexplained; // a compile error no structure explains
  // The report of the round that goes through, made before its graphs are
  // shed (shedGraphs): merged, a large program's edits and files take as much
  // memory as its graphs, and the graphs are read again (ReadPlan) only if the
  // round finds vetoes.
  std::optional<FinishedReport> Report;
  bool Shed = false;
  auto Restore = [&]() {
    if (!Shed)
      return true;
    std::unique_ptr<ProgramState> Fresh = ReadPlan();
    if (!Fresh)
      return false;
    Fresh->Round = S.Round;
    Fresh->Vetoes = std::move(S.Vetoes);
    S = std::move(*Fresh);
    Shed = false;
    return true;
  };
  // A structure the rewriter cannot handle is vetoed and the plan made again
  // without it, until the rewrite goes through (at worst with no structure
  // left).
  for (;; ++S.Round) {
    Report.reset();
    if (Results.empty()) {
      if (!Restore())
        return 1;
      makeRoundPlan(Opts, S);
      if (!ApplyAll(false))
        return 1;
    }
    Edits = EditSet();
    dsa::Vetoes New = legalityVetoes(Results, S.ProgramVetoes);
    // Code in an #if branch not taken that names what would change keeps the
    // structure unchanged when asked to.
    if (Opts.StrictSkippedCode) {
      std::vector<SkippedFragment> Fragments;
      for (UnitResult &R : Results)
        Fragments.push_back(R.Skipped);
      for (auto &[Pl, Notes] : skippedNotes(Fragments, S.Facts.Units, *S.Graphs,
                                            S.Plan, /*Planned=*/true))
        New.emplace(S.Plan.Pools[Pl].Origin, Notes.front());
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
        Report = finishedReport(Opts, S, Results);
        shedGraphs(S);
        Shed = true;
        releaseFreedMemory();
        bool Conflict = false;
        // Each unit's edits are freed once merged (nothing reads them again: a
        // new round applies every unit again), so that the program's edits are
        // not held twice.
        for (UnitResult &R : Results) {
          for (auto &[Path, Bytes] : R.Edits) {
            if (Bytes.empty()) // kept by an earlier unit
              continue;
            EditSet File;
            if (auto Err = unpackEdits(Bytes, File)) {
              errorMessage("internal: " + toString(std::move(Err)));
              return 1;
            }
            if (auto Err = Edits.merge(File)) {
              consumeError(std::move(Err));
              Conflict = true;
            }
          }
          PackedEdits().swap(R.Edits);
        }
        if (auto Err = Edits.finalize()) {
          consumeError(std::move(Err));
          Conflict = true;
        }
        if (Conflict)
          for (const dsa::Pool &Pl : S.Plan.Pools)
            New[Pl.Origin] = "conflicting edits in one place of the source";
      }
      if (New.empty() && !LoadFiles())
        return 1;
      if (New.empty() &&
          !(HeaderFilter &&
            headerFilterVetoes(*HeaderFilter, Opts.HeaderFilter, Files, Edits,
                               *S.Graphs, S.Plan, New))) {
        if (!applyEdits(Edits, Files))
          return 1;
        if (outputCompiles(Opts, S, Files, Edits, S.Plan, Results, New,
                           Unexplained))
          break;
      }
    }
    size_t Before = S.Vetoes.size();
    for (auto &KV : New)
      S.Vetoes.insert(KV);
    dsa::vetoPoolMembers(S.Plan, S.Vetoes);
    Results.clear();
    if (S.Vetoes.size() == Before || S.Round > 200) {
      // No progress: leave every structure as it was, saying what stopped the
      // rewrite.
      std::string Why = New.empty() ? "" : ": " + New.begin()->second;
      for (const dsa::Pool &Pl : S.Plan.Pools)
        for (const dsa::NodeRef &R : dsa::poolMembers(Pl))
          S.Vetoes.emplace(
              R, "ptrcomp could not rewrite the program around it" + Why);
      ++S.Round;
      if (!Restore())
        return 1;
      makeRoundPlan(Opts, S);
      Edits = EditSet();
      if (auto Err = Edits.finalize()) {
        errorMessage("internal: " + toString(std::move(Err)));
        return 1;
      }
      if (!LoadFiles() || !applyEdits(Edits, Files) ||
          !ApplyAll(/*SkippedOnly=*/true))
        return 1;
      break;
    }
  }
  if (Unexplained)
    printError(Unexplained->Where +
               ": note: internal error: ptrcomp's rewritten program " +
               (Unexplained->Link ? "would not link" : "did not compile here") +
               " (" + Unexplained->Message +
               ") and no structure explains it, so the program was left "
               "unchanged; please "
               "report this as a bug with the input\n");
  if (!Report)
    Report = finishedReport(Opts, S, Results);
  if (!LoadFiles())
    return 1;
  return writeProgram(Opts, *Report, Files, Edits);
}

} // namespace ptrcomp
