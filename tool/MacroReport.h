//===- MacroReport.h - the macros written as their expansions -------------===//
#ifndef PTRCOMP_MACROREPORT_H
#define PTRCOMP_MACROREPORT_H

#include "ptrcomp/analysis/Plan.h"

#include <string>
#include <vector>

namespace ptrcomp {

struct ParsedProgram;

/// A macro whose uses were written as its expansion (code in its body changed;
/// see tool/rewrite/MacroBodies.h).
struct MacroReportEntry {
  std::string Name;
  std::string Definition; ///< "file:line:col" of the #define ("" if unknown)
  std::vector<std::string> Uses; ///< "file:line:col" of each use expanded
  std::string Decision;
};

/// The macros that the rewrite of plan \p P expands, by name and definition.
std::vector<MacroReportEntry> expandedMacros(ParsedProgram &Program,
                                             dsa::ProgramGraphs &PG,
                                             const dsa::Plan &P);

} // namespace ptrcomp

#endif
