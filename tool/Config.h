//===- Config.h - .ptrcomp.yaml: per-project defaults ---------------------===//
//
// Like .clang-tidy: the first .ptrcomp.yaml found from the first source's
// directory upwards (or --config-file) gives defaults; options on the command
// line override it.
//
//   IndexBits: 16                  # 32 or 16
//   Mode: compress                 # compress or poolalloc
//   Threads: auto                  # auto, single or safe
//   ExcludeStructs: [ "struct list" ]
//   ExcludeFunctions: [ build_tree ]  # pools created in these functions
//   HeaderFilter: 'include/mylib/.*' # only matching headers are edited
//   StrictSkippedCode: true        # skipped #if code naming what changes: veto
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_CONFIG_H
#define PTRCOMP_CONFIG_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace ptrcomp {

struct Config {
  /// A value with where it was written ("file:line:col"), for reasons and
  /// messages.
  struct Item {
    std::string Value;
    std::string Loc;
  };
  std::string Path; ///< the file read; empty when there is none
  std::optional<unsigned> IndexBits;
  std::optional<std::string> Mode;
  std::optional<std::string> Threads;
  std::vector<Item> ExcludeStructs, ExcludeFunctions;
  std::optional<Item> HeaderFilter;
  std::optional<bool> StrictSkippedCode;
};

/// The .ptrcomp.yaml in \p Dir or the nearest directory above it, or "".
std::string findConfigFile(llvm::StringRef Dir);

/// Reads \p Path into \p C. Bad YAML, an unknown key or a bad value is printed
/// as "file:line:col: error: ..." and returns false.
bool loadConfig(llvm::StringRef Path, Config &C);

/// The effective configuration, as YAML that loadConfig reads back.
void writeConfigYAML(const Config &C, unsigned IndexBits, llvm::StringRef Mode,
                     llvm::StringRef Threads, bool StrictSkippedCode,
                     llvm::raw_ostream &OS);

} // namespace ptrcomp

#endif
