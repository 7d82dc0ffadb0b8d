//===- ChangedRegions.cpp -------------------------------------------------===//
#include "ChangedRegions.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
namespace ptrcomp {

/// A short, one-line rendering of source text for a message.
static std::string excerpt(StringRef S) {
  std::string Out;
  bool Space = false;
  for (char C : S.trim()) {
    if (isSpace(C)) {
      Space = true;
      continue;
    }
    if (Space && !Out.empty())
      Out += ' ';
    Space = false;
    Out += C;
  }
  if (Out.size() > 48)
    Out = Out.substr(0, 45) + "...";
  return Out;
}

static std::string describe(StringRef Old, StringRef New) {
  if (Old.empty()) {
    SmallVector<StringRef, 8> Lines;
    New.split(Lines, '\n', -1, /*KeepEmpty=*/false);
    if (Lines.size() > 1)
      return "would insert " + std::to_string(Lines.size()) + " lines";
    return "would insert '" + excerpt(New) + "'";
  }
  if (New.trim().empty())
    return "would remove '" + excerpt(Old) + "'";
  return "would rewrite '" + excerpt(Old) + "' as '" + excerpt(New) + "'";
}

Expected<std::vector<ChangedRegion>>
changedRegions(const std::vector<OutputFile> &Files, const EditSet &Edits) {
  std::vector<ChangedRegion> Out;
  for (const OutputFile &F : Files) {
    if (!F.Edits || F.Original == F.Transformed)
      continue;
    // (A file with macro uses written out has only its output's edits: restored to
    // its text on disk, they are all that is relative to it.)
    auto Rs = F.Restored ? Expected<clang::tooling::Replacements>(*F.Edits)
                         : Edits.replacementsFor(F.RealPath, F.Original);
    if (!Rs)
      return Rs.takeError();
    std::vector<ChangedRegion> Regions;
    for (const clang::tooling::Replacement &R : *Rs) {
      if (!Regions.empty() &&
          R.getOffset() <= Regions.back().Offset + Regions.back().Length) {
        ChangedRegion &B = Regions.back();
        B.Length =
            std::max(B.Offset + B.Length, R.getOffset() + R.getLength()) -
            B.Offset;
        B.Edits.push_back(R);
        continue;
      }
      ChangedRegion C;
      C.File = &F;
      C.Offset = R.getOffset();
      C.Length = R.getLength();
      C.Edits.push_back(R);
      Regions.push_back(std::move(C));
    }
    // The fixes are the edits that make the output, #line directives included: an
    // edit keeps its place (its text may hold directives), and a directive inserted on
    // its own joins the region before it, whose lines it numbers.
    std::vector<std::string> News;
    for (ChangedRegion &C : Regions) {
      std::string New = F.Original.substr(C.Offset, C.Length);
      for (auto I = C.Edits.rbegin(); I != C.Edits.rend(); ++I)
        New.replace(I->getOffset() - C.Offset, I->getLength(),
                    I->getReplacementText().str());
      News.push_back(std::move(New));
      C.Edits.clear();
    }
    size_t At = 0;
    for (const clang::tooling::Replacement &R : *F.Edits) {
      if (Regions.empty())
        break;
      while (At + 1 < Regions.size() && Regions[At + 1].Offset <= R.getOffset())
        ++At;
      Regions[At].Edits.push_back(R);
    }
    StringRef Text = F.Original;
    // Regions come in file order: count lines from the previous region, not from the
    // start of the file (a large program has tens of thousands of regions).
    size_t Scanned = 0, LineStart = 0;
    unsigned Line = 1;
    for (size_t K = 0; K < Regions.size(); ++K) {
      ChangedRegion &C = Regions[K];
      for (; Scanned < C.Offset; ++Scanned)
        if (Text[Scanned] == '\n') {
          ++Line;
          LineStart = Scanned + 1;
        }
      C.Line = Line;
      C.Column = C.Offset - LineStart + 1;
      C.Description = describe(Text.substr(C.Offset, C.Length), News[K]);
      Out.push_back(std::move(C));
    }
  }
  return Out;
}

void printDryRunWarnings(const std::vector<ChangedRegion> &Regions,
                         raw_ostream &OS) {
  for (const ChangedRegion &C : Regions)
    OS << C.File->DisplayPath << ":" << C.Line << ":" << C.Column
       << ": warning: " << C.Description << " [ptrcomp-would-change]\n";
}

} // namespace ptrcomp
