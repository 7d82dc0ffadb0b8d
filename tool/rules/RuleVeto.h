//===- RuleVeto.h - a structure a rule leaves unchanged ---------------------===//
//
// What a rule decides when the output cannot express a use: which structure stays
// unchanged and why. The legality check records it; the rewriter, which asks the same
// rule, reports it as "internal: legality missed" if the check did not.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_RULEVETO_H
#define PTRCOMP_RULES_RULEVETO_H

#include "ptrcomp/analysis/Plan.h"

#include <string>
#include <vector>

namespace clang {
class Stmt;
}

namespace ptrcomp::rules {

struct RuleVeto {
  /// The structure: a pool encoding, or (when Pool >= 0) a plan pool the function owns.
  dsa::NodeEncoding Enc;
  int Pool = -1;
  /// Where the reason is located (null: Why names the place, or the function).
  const clang::Stmt *At = nullptr;
  std::string Why;
};

using RuleVetoes = std::vector<RuleVeto>;

} // namespace ptrcomp::rules

#endif
