//===- ExportFixes.cpp ----------------------------------------------------===//
//
// Written with clang's own YAML mapping of TranslationUnitDiagnostics, the one
// that clang-tidy writes and clang-apply-replacements reads, rather than by
// hand.
//
//===----------------------------------------------------------------------===//
#include "ExportFixes.h"

#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace llvm;
namespace ptrcomp {

Expected<std::string>
exportFixesYAML(StringRef MainSourceFile,
                const std::vector<ChangedRegion> &Regions) {
  clang::tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainSourceFile.str();
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  for (const ChangedRegion &C : Regions) {
    clang::tooling::DiagnosticMessage Msg(C.Description);
    Msg.FilePath = C.File->RealPath;
    Msg.FileOffset = C.Offset;
    clang::tooling::Replacements &Fix = Msg.Fix[C.File->RealPath];
    for (const clang::tooling::Replacement &R : C.Edits)
      if (Error Err = Fix.add(R))
        return Err;
    TUD.Diagnostics.emplace_back(
        "ptrcomp-would-change", Msg,
        SmallVector<clang::tooling::DiagnosticMessage, 1>(),
        clang::tooling::Diagnostic::Warning, Cwd.str());
  }
  std::string Text;
  raw_string_ostream OS(Text);
  yaml::Output YAML(OS);
  YAML << TUD;
  return OS.str();
}

} // namespace ptrcomp
