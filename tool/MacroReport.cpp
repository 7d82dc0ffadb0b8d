//===- MacroReport.cpp - the macros written as their expansions -----------===//
#include "MacroReport.h"


#include <algorithm>
#include <map>
#include <set>
#include <tuple>

using namespace clang;
namespace ptrcomp {

std::vector<MacroReportEntry> macroReport(const MacroUses &Uses) {
  // "file:line:col" in the order of files, lines and columns.
  auto Position = [](const std::string &W) {
    StringRef S(W);
    auto [Rest, Col] = S.rsplit(':');
    auto [File, Line] = Rest.rsplit(':');
    unsigned L = 0, C = 0;
    Line.getAsInteger(10, L);
    Col.getAsInteger(10, C);
    return std::make_tuple(File.str(), L, C);
  };
  std::vector<MacroReportEntry> Out;
  for (auto &[NameDef, Where] : Uses) {
    std::vector<std::string> Sorted(Where.begin(), Where.end());
    std::sort(Sorted.begin(), Sorted.end(),
              [&](const std::string &A, const std::string &B) {
                return Position(A) < Position(B);
              });
    Out.push_back(
        {NameDef.first, NameDef.second, Sorted, "expanded at its uses"});
  }
  return Out;
}

} // namespace ptrcomp
