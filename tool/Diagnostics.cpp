#include "Diagnostics.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <mutex>

namespace ptrcomp {

static std::mutex OutputLock;
static bool StatusShown = false;

void printError(llvm::StringRef Text) {
  std::lock_guard<std::mutex> G(OutputLock);
  if (StatusShown) {
    llvm::errs() << "\r\x1b[K";
    StatusShown = false;
  }
  llvm::errs() << Text;
  llvm::errs().flush();
}

void printStatus(llvm::StringRef Line) {
  std::lock_guard<std::mutex> G(OutputLock);
  if (Line.empty() && !StatusShown)
    return;
  llvm::errs() << "\r" << Line << "\x1b[K";
  llvm::errs().flush();
  StatusShown = !Line.empty();
}

void errorMessage(const llvm::Twine &Msg) {
  printError(("ptrcomp: error: " + Msg + "\n").str());
}

void warningMessage(const llvm::Twine &Msg) {
  printError(("ptrcomp: warning: " + Msg + "\n").str());
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
  printError((formatLocation(SM, Loc) + ": " + Kind + ": " + Msg + "\n").str());
}

} // namespace ptrcomp
