//===- ExportFixes.h - the edits as clang-tidy's fixes YAML ---------------===//
#ifndef PTRCOMP_EXPORTFIXES_H
#define PTRCOMP_EXPORTFIXES_H

#include "ChangedRegions.h"

#include <string>

namespace ptrcomp {

/// clang-tidy's --export-fixes document: one diagnostic "ptrcomp-would-change"
/// per changed region, carrying that region's replacements, so that
/// clang-apply-replacements produces exactly what -i would.
/// \p MainSourceFile: the first source of the run (clang-tidy names its TU's
/// file).
llvm::Expected<std::string>
exportFixesYAML(llvm::StringRef MainSourceFile,
                const std::vector<ChangedRegion> &Regions);

} // namespace ptrcomp

#endif
