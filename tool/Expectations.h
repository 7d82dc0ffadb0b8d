//===- Expectations.h - which structures must stay compressed -------------===//
//
// A golden file for the memory win: --write-expect=F records every compressed
// structure (struct type, functions holding its allocation sites, function
// creating its pool, index width); --expect=F fails the run, before anything is
// written, when one of them is no longer compressed, with the reason. JSON or
// YAML (JSON is read as YAML).
//
//   version: 1
//   compressed:
//     - type: struct list
//       allocated_in: [ MakeList ]
//       pool_created_in: Testlists
//       index_bits: 32
//       pool: P_A            # optional: tells apart structures alike in all
//       else
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_EXPECTATIONS_H
#define PTRCOMP_EXPECTATIONS_H

#include "Report.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace ptrcomp {

struct Expectation {
  std::string Type;
  std::vector<std::string> AllocatedIn;
  std::string PoolCreatedIn;
  unsigned IndexBits = 32;
  std::string Pool; ///< optional
  std::string Loc;  ///< "file:line:col" of the entry, for messages
};

struct Expectations {
  std::string Path;
  std::vector<Expectation> Compressed;
};

/// Reads \p Path. Bad syntax, unknown keys or bad values print
/// "file:line:col: error: ..." and return false.
bool loadExpectations(llvm::StringRef Path, Expectations &Out);

/// The expectations that \p Entries meet: YAML, or JSON when \p Json.
std::string formatExpectations(const std::vector<ReportEntry> &Entries,
                               bool Json);

/// Whether every expected structure is still compressed with its index width.
/// Prints what differs (expected vs. actual, with the reasons) as errors, and a
/// note for compressed structures the file does not list.
bool checkExpectations(const Expectations &E,
                       const std::vector<ReportEntry> &Entries,
                       llvm::raw_ostream &OS);

} // namespace ptrcomp

#endif
