//===- Report.h - what happened to each heap data structure ---------------===//
#ifndef PTRCOMP_REPORT_H
#define PTRCOMP_REPORT_H

#include "MacroReport.h"
#include "rewrite/LayoutOrder.h"

#include "ptrcomp/analysis/Plan.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <string>
#include <vector>

namespace ptrcomp {

/// What happened to one heap data structure.
struct ReportEntry {
  std::string Type, Pool, Owner;
  std::vector<std::string> Sites, Clones, Reasons;
  /// Variables of static storage moved into the pool: "global 'root' (a.c:3:20)".
  std::vector<std::string> MovedIn;
  /// Functions containing the allocation sites (stable across path spellings).
  std::vector<std::string> AllocFunctions;
  bool Indexed = false, Compressed = false;
  unsigned Bits = 0;
  /// Pools only: the runtime's thread-safe mode, and why it was chosen or not.
  bool ThreadSafe = false;
  std::string ThreadWhy;
  /// Pools only: the new layout of the objects ("" when they keep their type),
  /// and the size of one object in the original struct and in the pool (0:
  /// unknown).
  std::string Layout;
  uint64_t SizeBefore = 0, SizeAfter = 0;
  /// The layout declares its members by alignment; or why it does not although
  /// that would make it smaller (SizeIfReordered).
  bool Reordered = false;
  std::string OrderKept;
  uint64_t SizeIfReordered = 0;
  /// Allocation hooks (function pointers that may hold an allocator) through which the
  /// structure is allocated, reallocated or freed: the pointer as written, the functions
  /// it may hold ("(unseen code)" for code ptrcomp cannot see), and what became of the
  /// calls ("pool allocation", "pool reallocation", "pool free" or "unchanged").
  struct Hook {
    std::string Name;
    std::vector<std::string> Targets;
    std::string Decision;
    bool operator<(const Hook &O) const {
      return std::tie(Name, Decision, Targets) < std::tie(O.Name, O.Decision, O.Targets);
    }
  };
  std::vector<Hook> Hooks;
  /// Things worth knowing that did not stop the transformation (code in a skipped #if
  /// branch that names what changed).
  std::vector<std::string> Notes;
};

/// Plan pool -> notes for its structure.
using PoolNotes = std::map<int, std::vector<std::string>>;

/// Every heap data structure of the program, in a stable order. With \p Layouts
/// (from layoutOrders, by layout id), pools also get their objects' layout and
/// sizes.
std::vector<ReportEntry>
reportEntries(dsa::ProgramGraphs &PG, const dsa::Plan &P,
              const std::vector<LayoutOrder> *Layouts = nullptr,
              const PoolNotes &Notes = {});

/// One entry per heap data structure: its pool, whether pointers to it became
/// indices and of what width, its objects' layout and size before and after,
/// the clones that take its pool, every reason for a "no", and notes.
/// With \p Macros, also the macros written as their expansions at their uses: JSON
/// "macros" (name, definition, uses_expanded, uses, decision); one line each in text.
void writeReportJSON(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                     const std::vector<LayoutOrder> &Layouts, llvm::raw_ostream &OS,
                     const PoolNotes &Notes = {},
                     const std::vector<MacroReportEntry> &Macros = {});
void writeReportText(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                     const std::vector<LayoutOrder> &Layouts, llvm::raw_ostream &OS,
                     const PoolNotes &Notes = {},
                     const std::vector<MacroReportEntry> &Macros = {});

} // namespace ptrcomp

#endif
