//===- SelfCheck.h - does the transformed program compile? ----------------===//
//
// ptrcomp never writes output that does not compile. Before anything is written, every
// translation unit is parsed again, with the same flags, with each changed file replaced
// by its new text in memory. Conversions that C compilers only warn about but that are
// wrong in rewritten code (an index passed where a pointer is expected) count as errors.
// Each parse also lists the unit's external symbols, and the program's are checked to
// link (LinkCheck.h).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_SELFCHECK_H
#define PTRCOMP_SELFCHECK_H

#include "LinkCheck.h"
#include "Options.h"
#include "Output.h"

#include <string>
#include <vector>

namespace ptrcomp {

/// One error in the transformed program.
struct CompileError {
  std::string RealPath; ///< the file it is in
  unsigned Offset = 0;  ///< in that file's transformed text
  std::string Where;    ///< "file:line:col" as the user names the file
  std::string Message;
  bool Link = false; ///< a link error (LinkError): Message says which
};

/// What the check found: compile errors, and (only when there are none) link errors.
struct CheckResult {
  std::vector<CompileError> Errors;
  std::vector<LinkError> LinkErrors;
};

/// Errors of the program whose files are \p Files (their Transformed texts): each unit
/// \p Sources[U] parsed with the command \p DB gives it (and the resource directory of
/// \p Opts), its files (\p UnitFiles[U], real paths) replaced by their new texts, \p Jobs
/// units at once. Errors that the original program has as well (the same message on the
/// same line text) are not counted: they are not ptrcomp's. When no unit has errors,
/// the link errors of the transformed units' symbols with those of the original units
/// \p Before[U] (checkLink: a unit nothing of which changed keeps its symbols).
CheckResult checkTransformed(const ToolOptions &Opts,
                             const clang::tooling::CompilationDatabase &DB,
                             const std::vector<std::string> &Sources,
                             const std::vector<std::vector<std::string>> &UnitFiles,
                             const std::vector<OutputFile> &Files, unsigned Jobs,
                             const std::vector<const UnitSymbols *> &Before);

} // namespace ptrcomp

#endif
