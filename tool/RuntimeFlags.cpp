#include "RuntimeFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace ptrcomp {

static std::string shellQuote(llvm::StringRef S) {
  if (S.find_first_of(" \t\n'\"\\$`") == llvm::StringRef::npos)
    return S.str();
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

std::string runtimeFlags(const char *Argv0) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  // An installed tool finds the runtime beside it; a build tree uses the source header
  // and the library built next to the tool.
  llvm::SmallString<256> Include(Prefix), Lib(Prefix);
  llvm::sys::path::append(Include, "include");
  llvm::sys::path::append(Lib, "lib", "libptrcomp_rt.a");
  llvm::SmallString<256> Header(Include);
  llvm::sys::path::append(Header, "ptrcomp_rt.h");
  if (!llvm::sys::fs::exists(Header))
    Include = PTRCOMP_SOURCE_RUNTIME_DIR;
  return "-I" + shellQuote(Include) + " " + shellQuote(Lib);
}

} // namespace ptrcomp
