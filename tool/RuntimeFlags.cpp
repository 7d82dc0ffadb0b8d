#include "RuntimeFlags.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

// Where `cmake --install` puts the runtime, relative to the prefix (cmake/Install.cmake
// passes GNUInstallDirs' values; lib64 or lib/<multiarch> on some systems).
#ifndef PTRCOMP_INSTALL_INCLUDEDIR
#define PTRCOMP_INSTALL_INCLUDEDIR "include"
#endif
#ifndef PTRCOMP_INSTALL_LIBDIR
#define PTRCOMP_INSTALL_LIBDIR "lib"
#endif

namespace ptrcomp {

static std::string shellQuote(llvm::StringRef S) {
  if (S.find_first_of(" \t\n'\"\\$`") == llvm::StringRef::npos)
    return S.str();
  std::string Out = "'";
  for (char C : S)
    Out += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Out + "'";
}

/// Prefix/Dir, or Dir itself when it is absolute.
static llvm::SmallString<256> under(llvm::StringRef Prefix, llvm::StringRef Dir) {
  llvm::SmallString<256> P;
  if (llvm::sys::path::is_absolute(Dir))
    P = Dir;
  else {
    P = Prefix;
    llvm::sys::path::append(P, Dir);
  }
  return P;
}

namespace {
struct RuntimePaths {
  llvm::SmallString<256> Include, Lib;
};
} // namespace

static RuntimePaths runtimePaths(const char *Argv0) {
  static int Anchor;
  std::string Exe = llvm::sys::fs::getMainExecutable(Argv0, &Anchor);
  llvm::SmallString<256> Prefix(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(Exe)));
  // An installed tool (<prefix>/bin/ptrcomp) finds the runtime in the prefix: header in
  // <prefix>/<includedir>, library in <prefix>/<libdir>. A build tree (<build>/bin/ptrcomp)
  // has the library in <build>/lib and uses the header from the source tree.
  llvm::SmallString<256> Include = under(Prefix, PTRCOMP_INSTALL_INCLUDEDIR);
  llvm::SmallString<256> Header(Include);
  llvm::sys::path::append(Header, "ptrcomp_rt.h");
  bool Installed = llvm::sys::fs::exists(Header);
  llvm::SmallString<256> Lib = under(Prefix, Installed ? PTRCOMP_INSTALL_LIBDIR : "lib");
  llvm::sys::path::append(Lib, "libptrcomp_rt.a");
  if (!Installed)
    Include = PTRCOMP_SOURCE_RUNTIME_DIR;
  return {Include, Lib};
}

std::string runtimeFlags(const char *Argv0) {
  RuntimePaths P = runtimePaths(Argv0);
  return "-I" + shellQuote(P.Include) + " " + shellQuote(P.Lib);
}

std::string runtimeIncludeDir(const char *Argv0) {
  return std::string(runtimePaths(Argv0).Include);
}

} // namespace ptrcomp
