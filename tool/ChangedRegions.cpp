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
    auto Rs = Edits.replacementsFor(F.RealPath, F.Original);
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
    StringRef Text = F.Original;
    for (ChangedRegion &C : Regions) {
      StringRef Before = Text.take_front(C.Offset);
      C.Line = Before.count('\n') + 1;
      size_t NL = Before.rfind('\n');
      C.Column = C.Offset - (NL == StringRef::npos ? 0 : NL + 1) + 1;
      std::string New = Text.substr(C.Offset, C.Length).str();
      for (auto I = C.Edits.rbegin(); I != C.Edits.rend(); ++I)
        New.replace(I->getOffset() - C.Offset, I->getLength(),
                    I->getReplacementText().str());
      C.Description = describe(Text.substr(C.Offset, C.Length), New);
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
