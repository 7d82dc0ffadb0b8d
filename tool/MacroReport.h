//===- MacroReport.h - the macros written as their expansions -------------===//
#ifndef PTRCOMP_MACROREPORT_H
#define PTRCOMP_MACROREPORT_H

#include "ptrcomp/analysis/Plan.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
} // namespace clang

namespace ptrcomp {


/// A macro whose uses were written as its expansion (code in its body changed;
/// see tool/rewrite/MacroBodies.h).
struct MacroReportEntry {
  std::string Name;
  std::string Definition; ///< "file:line:col" of the #define ("" if unknown)
  std::vector<std::string> Uses; ///< "file:line:col" of each use expanded
  std::string Decision;
};

/// (name, definition) -> the uses expanded ("file:line:col").
using MacroUses = std::map<std::pair<std::string, std::string>, std::set<std::string>>;

/// The report's entries for \p Uses (of every unit), by name and definition.
std::vector<MacroReportEntry> macroReport(const MacroUses &Uses);

} // namespace ptrcomp

#endif
