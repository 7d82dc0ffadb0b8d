#include "Diagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

namespace ptrcomp {

void errorMessage(const llvm::Twine &Msg) {
  llvm::errs() << "ptrcomp: error: " << Msg << "\n";
}

void warningMessage(const llvm::Twine &Msg) {
  llvm::errs() << "ptrcomp: warning: " << Msg << "\n";
}

std::string formatLocation(const clang::SourceManager &SM, clang::SourceLocation Loc) {
  clang::PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(Loc));
  if (P.isInvalid())
    return "<unknown>";
  return (llvm::Twine(P.getFilename()) + ":" + llvm::Twine(P.getLine()) + ":" +
          llvm::Twine(P.getColumn()))
      .str();
}

void locatedMessage(const clang::SourceManager &SM, clang::SourceLocation Loc,
                    llvm::StringRef Kind, const llvm::Twine &Msg) {
  llvm::errs() << formatLocation(SM, Loc) << ": " << Kind << ": " << Msg << "\n";
}

} // namespace ptrcomp
