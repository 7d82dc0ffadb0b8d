//===- SummaryIO.h - summaries and linked programs as files ---------------===//
//
// A file is a header line naming its kind ("ptrcomp summary", "ptrcomp plan"),
// the format number and the version of ptrcomp that wrote it, then the body
// (Archive.h) and a checksum of the body. Reading checks all three, so a
// summary from another version of ptrcomp, a truncated file or a damaged one is
// an error that names what is wrong, never a wrong analysis. Writing is
// deterministic: the same input gives the same bytes.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_SUMMARYIO_H
#define PTRCOMP_ANALYSIS_SUMMARYIO_H

#include "ptrcomp/analysis/Archive.h"
#include "ptrcomp/analysis/Plan.h"
#include "ptrcomp/analysis/Summary.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace ptrcomp::dsa {

/// Bumped whenever what summaries or plans hold changes.
constexpr unsigned SummaryFormat = 10;

/// The bytes of a file of kind \p Kind ("summary", "plan") with body \p Body.
std::string wrapFile(llvm::StringRef Kind, llvm::StringRef ToolVersion,
                     std::string &&Body);
/// The body of such a file, or an error saying what is wrong with it (the
/// caller names the file).
llvm::Expected<llvm::StringRef> unwrapFile(llvm::StringRef Kind,
                                           llvm::StringRef ToolVersion,
                                           llvm::StringRef Bytes);

/// A file of parts, each with a checksum of its own, for a file that readers
/// read only a few parts of: a unit's --apply reads a small part of a large
/// program's plan, and checks only what it reads. The header line is as
/// above; then the size of the rest, a checksum of the table of parts, the
/// table (the number of parts, then each part's end and checksum, 8 bytes
/// each, little-endian: read in place) and the parts.
class PartsWriter {
public:
  /// The parts are kept in memory, for take().
  PartsWriter() = default;
  /// The parts go to \p Spill as they are added, for head() (a plan is written
  /// while the whole program's graphs are in memory, and is 100 MB at 3,000
  /// files).
  explicit PartsWriter(llvm::raw_ostream &Spill) : Spill(&Spill) {}
  /// Adds \p Bytes as the next part; returns its number.
  size_t add(llvm::StringRef Bytes);
  size_t size() const { return Ends.size(); }
  /// The checksum of part \p I (what the file's table holds for it).
  uint64_t checksum(size_t I) const { return Ends[I].second; }
  /// The file's bytes; the writer is left empty (parts kept in memory only).
  std::string take(llvm::StringRef Kind, llvm::StringRef ToolVersion);
  /// What goes before the parts in the file: the header line, the sizes and
  /// the table of the parts added so far.
  std::string head(llvm::StringRef Kind, llvm::StringRef ToolVersion) const;

private:
  llvm::raw_ostream *Spill = nullptr;
  std::string Data;
  uint64_t DataSize = 0;
  std::vector<std::pair<uint64_t, uint64_t>> Ends; // end, checksum
};

class PartsFile {
public:
  /// The parts of \p Bytes (which must outlive them), or an error saying
  /// what is wrong with the file (its header, its size or its table).
  static llvm::Expected<PartsFile> open(llvm::StringRef Kind,
                                        llvm::StringRef ToolVersion,
                                        llvm::StringRef Bytes);
  size_t size() const { return Table.size() / 16; }
  /// Part \p I, its checksum checked; an error when it is damaged or missing.
  llvm::Expected<llvm::StringRef> part(size_t I) const;

private:
  uint64_t end(size_t I) const;
  std::string Kind;
  llvm::StringRef Table, Data;
};

// The structs of the analysis, for Archive.h (each written and read by one
// overload).
template <typename A> void io(A &Ar, Cell &C);
template <typename A> void io(A &Ar, TypeTable &T);
template <typename A> void io(A &Ar, UnitSummary &S);
template <typename A> void io(A &Ar, ProgramGraphs &PG);
template <typename A> void io(A &Ar, Plan &P);
template <typename A> void io(A &Ar, PlanOptions &O);
template <typename A> void io(A &Ar, NodeRef &R);
template <typename A> void io(A &Ar, DSGraph &G);
template <typename A> void io(A &Ar, FunctionVersion &V);
template <typename A> void io(A &Ar, Pool &P);
template <typename A> void io(A &Ar, Layout &L);
template <typename A> void io(A &Ar, FnPtrClass &C);
template <typename A> void io(A &Ar, PoolTable &T);
/// Reads what io(PoolTable) wrote, keeping each pool encoded (pointing into
/// the reader's bytes, which must outlive \p T) until it is asked for.
void readEncodedPools(ArchiveReader &Ar, PoolTable &T);
/// A function without its graph (the graphs of one SCC are shared: written
/// apart).
template <typename A> void functionFields(A &Ar, FunctionGraph &F);
/// What the program's graphs hold besides the functions: the types, the globals
/// graph and the program-wide sets.
template <typename A> void programGlobals(A &Ar, ProgramGraphs &PG);

/// A summary file's bytes, and back.
std::string writeSummary(UnitSummary &S, llvm::StringRef ToolVersion);
llvm::Expected<std::unique_ptr<UnitSummary>>
readSummary(llvm::StringRef Bytes, llvm::StringRef ToolVersion);

} // namespace ptrcomp::dsa

#endif
