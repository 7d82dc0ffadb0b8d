//===- Output.cpp - stdout, -o DIR, -i and --diff -------------------------===//
#include "Output.h"
#include "ptrcomp/Compat.h"

#include <set>
#include "Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <algorithm>

using namespace llvm;
namespace ptrcomp {

std::string commonDirectory(const std::vector<std::string> &Paths) {
  if (Paths.empty())
    return "";
  SmallVector<StringRef, 16> Common;
  StringRef First = sys::path::parent_path(Paths.front());
  for (auto I = sys::path::begin(First), E = sys::path::end(First); I != E; ++I)
    Common.push_back(*I);
  for (const std::string &P : Paths) {
    StringRef Dir = sys::path::parent_path(P);
    size_t N = 0;
    for (auto I = sys::path::begin(Dir), E = sys::path::end(Dir);
         I != E && N < Common.size() && *I == Common[N]; ++I)
      ++N;
    Common.resize(N);
  }
  SmallString<256> Out;
  for (StringRef C : Common)
    sys::path::append(Out, C);
  return std::string(Out);
}

std::string OutputTree::relative(StringRef RealPath) const {
  std::string Prefix = compat::endsWith(StringRef(Root), "/") ? Root : Root + "/";
  if (!compat::startsWith(RealPath, Prefix))
    return "";
  return RealPath.drop_front(Prefix.size()).str();
}

OutputTree outputTree(const std::vector<OutputFile> &Files,
                      const std::function<bool(const OutputFile &)> &Changed) {
  // The tree of the inputs, of every file that changed and of every file included
  // relative to its includer (`#include "../lib.c"`, wherever it is), from their common
  // directory, so that relative includes work in the output as in the input. Unchanged
  // headers found through -I directories are found where they are and not copied.
  OutputTree T;
  for (const OutputFile &F : Files)
    if (F.IsMainFile || Changed(F))
      T.Files.insert(F.RealPath);
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (const OutputFile &F : Files)
      if (!T.Files.count(F.RealPath))
        for (const std::string &I : F.RelativeIncluders)
          if (T.Files.count(I)) {
            Grew |= T.Files.insert(F.RealPath).second;
            break;
          }
  }
  T.Root = commonDirectory(std::vector<std::string>(T.Files.begin(), T.Files.end()));
  return T;
}

//===-- Atomic, all-or-nothing writes -------------------------------------===//

namespace {
/// Temporary files written so far and directories created for them; undone on failure.
class Transaction {
public:
  ~Transaction() {
    if (Committed)
      return;
    for (auto &T : Temps)
      sys::fs::remove(T.first);
    for (auto I = CreatedDirs.rbegin(); I != CreatedDirs.rend(); ++I)
      sys::fs::remove(*I); // only succeeds when empty, which is what we want
  }

  /// \p Direct: a symlink or special file at \p Dest (--report-file=/dev/stdout) is
  /// written through, after every rename, rather than replaced.
  bool stage(StringRef Dest, StringRef Content, bool Direct = false) {
    sys::fs::file_status St;
    if (Direct && !sys::fs::status(Dest, St, /*Follow=*/false) && sys::fs::exists(St) &&
        St.type() != sys::fs::file_type::regular_file) {
      DirectWrites.emplace_back(Dest.str(), Content.str());
      return true;
    }
    StringRef Dir = sys::path::parent_path(Dest);
    if (!Dir.empty() && !makeDirs(Dir))
      return false;
    SmallString<256> Model(Dest);
    Model += ".ptrcomp-%%%%%%.tmp";
    int FD;
    SmallString<256> Temp;
    if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp)) {
      errorMessage("cannot write '" + Dest + "': " + EC.message());
      return false;
    }
    {
      raw_fd_ostream OS(FD, /*shouldClose=*/true);
      OS << Content;
      OS.close();
      if (OS.has_error()) {
        errorMessage("cannot write '" + Dest + "': " + OS.error().message());
        OS.clear_error();
        sys::fs::remove(Temp);
        return false;
      }
    }
    // Keep the permissions of a file we replace (e.g. -i on an executable script).
    if (auto Perms = sys::fs::getPermissions(Dest))
      sys::fs::setPermissions(Temp, *Perms);
    Temps.emplace_back(std::string(Temp), Dest.str());
    return true;
  }

  bool commit() {
    for (auto &T : Temps)
      if (std::error_code EC = sys::fs::rename(T.first, T.second)) {
        errorMessage("cannot write '" + T.second + "': " + EC.message());
        return false;
      }
    Committed = true;
    for (auto &[Dest, Content] : DirectWrites) {
      // Through a link to a regular file: replace its content; a stream
      // (/dev/stdout -> /proc/self/fd/1, a pipe, a terminal): add to it.
      SmallString<256> Target;
      bool Stream = !sys::fs::is_regular_file(Dest) ||
                    (!sys::fs::real_path(Dest, Target) &&
                     compat::startsWith(Target, "/proc/")) ||
                    compat::startsWith(StringRef(Dest), "/dev/") ||
                    compat::startsWith(StringRef(Dest), "/proc/");
      std::error_code EC;
      raw_fd_ostream OS(Dest, EC, Stream ? sys::fs::OF_Append : sys::fs::OF_None);
      if (!EC) {
        OS << Content;
        OS.close();
        EC = OS.error();
        OS.clear_error();
      }
      if (EC) {
        errorMessage("cannot write '" + Dest + "': " + EC.message());
        return false;
      }
    }
    return true;
  }

private:
  bool makeDirs(StringRef Dir) {
    if (sys::fs::is_directory(Dir))
      return true;
    StringRef Parent = sys::path::parent_path(Dir);
    if (!Parent.empty() && Parent != Dir && !makeDirs(Parent))
      return false;
    if (std::error_code EC = sys::fs::create_directory(Dir, /*IgnoreExisting=*/false)) {
      errorMessage("cannot create directory '" + Dir + "': " + EC.message());
      return false;
    }
    CreatedDirs.push_back(Dir.str());
    return true;
  }

  std::vector<std::pair<std::string, std::string>> Temps; // temp -> destination
  std::vector<std::pair<std::string, std::string>> DirectWrites; // destination -> content
  std::vector<std::string> CreatedDirs;
  bool Committed = false;
};
} // namespace

//===-- Unified diff from the edits ---------------------------------------===//

namespace {
struct LineIndex {
  std::vector<unsigned> Starts; // offset of each line's first byte; plus end sentinel
  explicit LineIndex(StringRef Text) {
    Starts.push_back(0);
    for (unsigned I = 0; I < Text.size(); ++I)
      if (Text[I] == '\n' && I + 1 < Text.size())
        Starts.push_back(I + 1);
    Starts.push_back(Text.size());
  }
  unsigned lines() const { return Starts.size() - 1; }
  unsigned lineOf(unsigned Offset) const { // 0-based
    auto It = std::upper_bound(Starts.begin(), Starts.end() - 1, Offset);
    return (It - Starts.begin()) - 1;
  }
};

/// A run of whole original lines [First, First + Count) that edits touch (Count may be 0
/// for text inserted between lines), with its edits.
struct Block {
  unsigned First, Count;
  std::vector<clang::tooling::Replacement> Edits;
  unsigned end() const { return First + Count; }
};

void splitLines(StringRef Text, SmallVectorImpl<StringRef> &Out) {
  while (!Text.empty()) {
    size_t NL = Text.find('\n');
    if (NL == StringRef::npos) {
      Out.push_back(Text);
      break;
    }
    Out.push_back(Text.take_front(NL + 1));
    Text = Text.drop_front(NL + 1);
  }
}

void emitLine(raw_ostream &OS, char Tag, StringRef Line) {
  OS << Tag << Line;
  if (!compat::endsWith(Line, "\n"))
    OS << "\n\\ No newline at end of file\n";
}
} // namespace

/// The lines of one changed block as removed, added and kept lines: a longest common
/// subsequence, so that a function replaced by its clone shows only the lines that
/// differ. Very large blocks fall back to "all removed, all added".
static void emitLineDiff(raw_ostream &OS, ArrayRef<StringRef> A, ArrayRef<StringRef> B) {
  size_t N = A.size(), M = B.size();
  if (N == 0 || M == 0 || N * M > 4000000) {
    for (StringRef L : A)
      emitLine(OS, '-', L);
    for (StringRef L : B)
      emitLine(OS, '+', L);
    return;
  }
  // Len[I][J]: LCS length of A[I..] and B[J..].
  std::vector<unsigned> Len((N + 1) * (M + 1), 0);
  auto At = [&](size_t I, size_t J) -> unsigned & { return Len[I * (M + 1) + J]; };
  for (size_t I = N; I-- > 0;)
    for (size_t J = M; J-- > 0;)
      At(I, J) = A[I] == B[J] ? At(I + 1, J + 1) + 1 : std::max(At(I + 1, J), At(I, J + 1));
  // Removed lines before added lines within each gap, as diff -u prints them.
  SmallVector<StringRef, 16> Removed, Added;
  auto Flush = [&] {
    for (StringRef L : Removed)
      emitLine(OS, '-', L);
    for (StringRef L : Added)
      emitLine(OS, '+', L);
    Removed.clear();
    Added.clear();
  };
  size_t I = 0, J = 0;
  while (I < N || J < M) {
    if (I < N && J < M && A[I] == B[J]) {
      Flush();
      emitLine(OS, ' ', A[I]);
      ++I, ++J;
    } else if (J == M || (I < N && At(I + 1, J) >= At(I, J + 1))) {
      Removed.push_back(A[I++]);
    } else {
      Added.push_back(B[J++]);
    }
  }
  Flush();
}

void writeUnifiedDiff(const OutputFile &F, raw_ostream &OS) {
  if (!F.Edits || F.Original == F.Transformed)
    return;
  const unsigned Context = 3;
  StringRef Old = F.Original;
  LineIndex Lines(Old);
  SmallVector<StringRef, 0> OldLines;
  splitLines(Old, OldLines);

  std::vector<Block> Blocks;
  for (clang::tooling::Replacement R : *F.Edits) {
    // "}" + "\nX" + "\n" reads better as a new line X after the line of "}".
    StringRef T = R.getReplacementText();
    if (R.getLength() == 0 && R.getOffset() < Old.size() &&
        Old[R.getOffset()] == '\n' && compat::startsWith(T, "\n"))
      R = clang::tooling::Replacement(R.getFilePath(), R.getOffset() + 1, 0,
                                      (T.drop_front() + "\n").str());
    unsigned First = Lines.lineOf(R.getOffset());
    unsigned End; // one past the last old line touched
    if (R.getOffset() >= Old.size() && compat::endsWith(Old, "\n"))
      First = OldLines.size(); // appended after the last line
    bool AtLineStart = First == OldLines.size() || R.getOffset() == Lines.Starts[First];
    if (R.getLength() == 0 && AtLineStart &&
        compat::endsWith(StringRef(R.getReplacementText()), "\n"))
      End = First; // a pure insertion of whole lines before line First
    else
      End = (R.getLength() ? Lines.lineOf(R.getOffset() + R.getLength() - 1) : First) + 1;
    if (!Blocks.empty() && First < Blocks.back().end()) {
      Block &B = Blocks.back();
      B.Count = std::max(B.end(), End) - B.First;
      B.Edits.push_back(R);
    } else {
      Blocks.push_back({First, End - First, {R}});
    }
  }

  OS << "--- a/" << F.DisplayPath << "\n+++ b/" << F.DisplayPath << "\n";
  int Shift = 0; // new line number minus old line number before the current block
  for (size_t B = 0; B < Blocks.size();) {
    // Hunk: blocks whose context would overlap.
    size_t E = B + 1;
    while (E < Blocks.size() && Blocks[E].First <= Blocks[E - 1].end() + 2 * Context)
      ++E;
    unsigned HFirst = Blocks[B].First >= Context ? Blocks[B].First - Context : 0;
    unsigned HEnd = std::min<unsigned>(Blocks[E - 1].end() + Context, OldLines.size());
    std::string Body;
    raw_string_ostream BOS(Body);
    unsigned OldCount = 0, NewCount = 0;
    int HunkShift = Shift;
    unsigned Line = HFirst;
    for (size_t K = B; K < E; ++K) {
      const Block &Bl = Blocks[K];
      for (; Line < Bl.First; ++Line, ++OldCount, ++NewCount)
        emitLine(BOS, ' ', OldLines[Line]);
      unsigned BStart = Lines.Starts[Bl.First], BEnd = Lines.Starts[Bl.end()];
      std::string NewText = Old.slice(BStart, BEnd).str();
      for (auto I = Bl.Edits.rbegin(); I != Bl.Edits.rend(); ++I)
        NewText.replace(I->getOffset() - BStart, I->getLength(),
                        I->getReplacementText().str());
      SmallVector<StringRef, 8> NewLines;
      splitLines(NewText, NewLines);
      emitLineDiff(BOS, ArrayRef<StringRef>(OldLines).slice(Bl.First, Bl.Count), NewLines);
      OldCount += Bl.Count;
      Line = Bl.end();
      NewCount += NewLines.size();
      Shift += int(NewLines.size()) - int(Bl.Count);
    }
    for (; Line < HEnd; ++Line, ++OldCount, ++NewCount)
      emitLine(BOS, ' ', OldLines[Line]);
    unsigned OldStart = OldCount ? HFirst + 1 : HFirst;
    unsigned NewStart = NewCount ? HFirst + HunkShift + 1 : HFirst + HunkShift;
    OS << "@@ -" << OldStart << "," << OldCount << " +" << NewStart << "," << NewCount
       << " @@\n"
       << BOS.str();
    B = E;
  }
}

//===-- Modes --------------------------------------------------------------===//

bool emitOutput(const ToolOptions &Opts, const std::vector<OutputFile> &Files,
                raw_ostream &Stdout, const std::vector<ExtraOutput> &Extra) {
  Transaction T;
  auto StageExtra = [&] {
    for (const ExtraOutput &E : Extra)
      if (!T.stage(E.first, E.second, /*Direct=*/true))
        return false;
    return true;
  };
  switch (Opts.Output) {
  case OutputMode::None:
    return StageExtra() && T.commit();
  case OutputMode::Diff:
    if (!StageExtra() || !T.commit())
      return false;
    for (const OutputFile &F : Files)
      writeUnifiedDiff(F, Stdout);
    return true;
  case OutputMode::Stdout: {
    const OutputFile *Main = nullptr;
    unsigned Mains = 0;
    for (const OutputFile &F : Files) {
      if (F.IsMainFile) {
        Main = &F;
        ++Mains;
      } else if (F.Edits) {
        errorMessage("the transformation changes '" + F.DisplayPath +
                     "' too; use -o DIR, -i or --diff");
        return false;
      }
    }
    if (Mains != 1) {
      errorMessage("several input files: use -o DIR, -i or --diff");
      return false;
    }
    if (!StageExtra() || !T.commit())
      return false;
    Stdout << Main->Transformed;
    return true;
  }
  case OutputMode::InPlace: {
    for (const OutputFile &F : Files)
      if (F.Edits && F.Original != F.Transformed && !T.stage(F.RealPath, F.Transformed))
        return false;
    return StageExtra() && T.commit();
  }
  case OutputMode::OutDir: {
    OutputTree Tree =
        outputTree(Files, [](const OutputFile &F) { return F.Edits != nullptr; });
    const std::string &Root = Tree.Root;
    SmallString<256> OutDir(Opts.OutDir);
    sys::fs::make_absolute(OutDir);
    sys::path::remove_dots(OutDir, /*remove_dot_dot=*/true);
    if (sys::fs::exists(OutDir) && !sys::fs::is_directory(OutDir)) {
      errorMessage("-o '" + Opts.OutDir + "' is not a directory");
      return false;
    }
    for (const OutputFile &F : Files) {
      if (!compat::startsWith(
              StringRef(F.RealPath),
              compat::endsWith(StringRef(Root), "/") ? Root : Root + "/"))
        continue;
      SmallString<256> Dest(OutDir);
      sys::path::append(Dest, StringRef(F.RealPath).drop_front(Root.size()));
      if (Dest == F.RealPath) {
        errorMessage("-o '" + Opts.OutDir + "' would overwrite the input '" +
                     F.DisplayPath + "'; use -i to rewrite in place");
        return false;
      }
      if (!T.stage(Dest, F.Transformed))
        return false;
    }
    return StageExtra() && T.commit();
  }
  }
  return false;
}

} // namespace ptrcomp
