//===- Report.h - what happened to each heap data structure ---------------===//
#ifndef PTRCOMP_REPORT_H
#define PTRCOMP_REPORT_H

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
  /// Functions containing the allocation sites (stable across path spellings).
  std::vector<std::string> AllocFunctions;
  bool Indexed = false, Compressed = false;
  unsigned Bits = 0;
  /// Pools only: the runtime's thread-safe mode, and why it was chosen or not.
  bool ThreadSafe = false;
  std::string ThreadWhy;
  /// Things worth knowing that did not stop the transformation (code in a skipped #if
  /// branch that names what changed).
  std::vector<std::string> Notes;
};

/// Plan pool -> notes for its structure.
using PoolNotes = std::map<int, std::vector<std::string>>;

/// Every heap data structure of the program, in a stable order.
std::vector<ReportEntry> reportEntries(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                                       const PoolNotes &Notes = {});

/// One entry per heap data structure: its pool, whether pointers to it became indices
/// and of what width, the clones that take its pool, and every reason for a "no".
void writeReportJSON(dsa::ProgramGraphs &PG, const dsa::Plan &P, llvm::raw_ostream &OS,
                     const PoolNotes &Notes = {});
void writeReportText(dsa::ProgramGraphs &PG, const dsa::Plan &P, llvm::raw_ostream &OS,
                     const PoolNotes &Notes = {});

} // namespace ptrcomp

#endif
