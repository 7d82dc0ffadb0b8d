//===- Progress.cpp -------------------------------------------------------===//
#include "Progress.h"
#include "Diagnostics.h"

#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

namespace ptrcomp {

Progress::Progress(llvm::StringRef Verb, size_t Total)
    : Verb(Verb.str()), Total(Total),
      Active(llvm::sys::Process::StandardErrIsDisplayed()),
      Begin(std::chrono::steady_clock::now()) {}

void Progress::start(llvm::StringRef Name) {
  std::lock_guard<std::mutex> G(Lock);
  ++Started;
  if (!Active ||
      std::chrono::steady_clock::now() - Begin < std::chrono::seconds(1))
    return;
  std::string Line = "[" + std::to_string(Started) + "/" +
                     std::to_string(Total) + "] " + Verb + " " + Name.str();
  unsigned Width = llvm::sys::Process::StandardErrColumns();
  if (Width > 4 && Line.size() >= Width)
    Line = Line.substr(0, Width - 4) + "...";
  printStatus(Line);
  Shown = true;
}

void Progress::done() {
  std::lock_guard<std::mutex> G(Lock);
  if (Shown)
    printStatus("");
  Shown = false;
}

} // namespace ptrcomp
