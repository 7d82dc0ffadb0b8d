//===- YamlFile.h - a YAML file of ptrcomp's own settings ------------------===//
#ifndef PTRCOMP_YAMLFILE_H
#define PTRCOMP_YAMLFILE_H

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

#include <memory>
#include <string>

namespace ptrcomp {

/// A YAML file that ptrcomp reads (.ptrcomp.yaml, expectations): every diagnostic is
/// printed as file:line:col with the offending line, and counted.
class YamlFile {
public:
  /// Null, after printing "cannot read <What> '<Path>'", when the file cannot be read.
  static std::unique_ptr<YamlFile> open(llvm::StringRef Path, llvm::StringRef What);

  llvm::yaml::Stream &stream() { return *S; }
  /// "file:line:col" of \p N, for messages that point back into the file.
  std::string where(llvm::yaml::Node *N) const;
  /// The trimmed value of scalar \p N; an error ("expected a single value") otherwise.
  bool scalar(llvm::yaml::Node *N, std::string &Out);
  /// Whether the file parsed and no diagnostic was printed.
  bool clean() const { return Printed == 0 && !S->failed(); }

private:
  YamlFile() = default;
  std::unique_ptr<llvm::MemoryBuffer> Buf;
  llvm::SourceMgr SM;
  std::unique_ptr<llvm::yaml::Stream> S;
  unsigned Printed = 0;
};

} // namespace ptrcomp

#endif
