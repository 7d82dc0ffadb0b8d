//===- YamlFile.cpp -------------------------------------------------------===//
#include "YamlFile.h"
#include "Diagnostics.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
namespace ptrcomp {

std::unique_ptr<YamlFile> YamlFile::open(StringRef Path, StringRef What) {
  auto Buf = MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf) {
    errorMessage("cannot read " + What.str() + " '" + Path.str() +
                 "': " + Buf.getError().message());
    return nullptr;
  }
  std::unique_ptr<YamlFile> F(new YamlFile());
  F->Buf = std::move(*Buf);
  F->SM.setDiagHandler(
      [](const SMDiagnostic &D, void *Count) {
        D.print(/*ProgName=*/nullptr, errs(), /*ShowColors=*/false);
        ++*static_cast<unsigned *>(Count);
      },
      &F->Printed);
  F->S = std::make_unique<yaml::Stream>(F->Buf->getMemBufferRef(), F->SM,
                                        /*ShowColors=*/false);
  return F;
}

std::string YamlFile::where(yaml::Node *N) const {
  SMLoc L = N->getSourceRange().Start;
  auto [Line, Col] = SM.getLineAndColumn(L);
  unsigned B = SM.FindBufferContainingLoc(L);
  return (SM.getMemoryBuffer(B)->getBufferIdentifier() + ":" + Twine(Line) + ":" +
          Twine(Col))
      .str();
}

bool YamlFile::scalar(yaml::Node *N, std::string &Out) {
  auto *SN = dyn_cast<yaml::ScalarNode>(N);
  if (!SN) {
    S->printError(N, "expected a single value");
    return false;
  }
  SmallString<64> Value;
  // LLVM's parser keeps the line break after a plain scalar in a flow mapping.
  Out = SN->getValue(Value).trim().str();
  return true;
}

} // namespace ptrcomp
