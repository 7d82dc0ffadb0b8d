//===- Allocations.h - malloc, calloc and realloc of pool objects -----------===//
//
// Rule: a pool allocates whole objects, so an allocation of a pooled structure becomes
// a pool operation only when its size counts objects:
// - `malloc(n * sizeof(T))` or `malloc(sizeof(T))`: pc_alloc(pool, n) (or 1);
// - `calloc(n, sizeof(T))` either way round: pc_calloc(pool, n);
// - `realloc(p, n * sizeof(T))`, on a structure with indices: pc_realloc(pool, p, n);
// - a size the function only passes on from its own parameters, or guards against
//   zero (`n ? n : 1`; analysis/SizeParameter.h), in an allocation wrapper such as
//   xmalloc: its version for a pool receives a number of objects, and each
//   caller converts its argument (decideWrapperCounts), which must then be a whole
//   number of objects. calloc passing both of its size parameters becomes pc_calloc2,
//   which checks the product for overflow as calloc does.
// Any other size, or another allocator, leaves the structure unchanged.
//
// A call through an allocation hook (`a->malloc(a->self, n)`) is a pool operation only
// when the hook always holds the allocator and what the pool operation leaves out or
// repeats has no effect of its own (hookAllocationVeto).
//
// The legality check and the rewriter both ask these functions.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_ALLOCATIONS_H
#define PTRCOMP_RULES_ALLOCATIONS_H

#include "../rewrite/VersionView.h"

#include <map>
#include <string>
#include <vector>

namespace ptrcomp::rules {

struct AllocationDecision {
  enum Kind { Alloc, Calloc, Calloc2, Realloc, Vetoed } K = Vetoed;
  /// Alloc, Calloc, Realloc: the count's expression, or null for a count of 1.
  /// Calloc2: the two passed-on sizes are Count and Count2.
  const clang::Expr *Count = nullptr, *Count2 = nullptr;
  /// Realloc: the old object.
  const clang::Expr *Old = nullptr;
  std::string Veto; ///< Vetoed: the reason (located at the call)
};

/// What `Name(Args)` (a direct call or a call through a hook) allocating objects of
/// the pool \p Enc becomes.
AllocationDecision decideAllocation(const VersionView &V, llvm::StringRef Name,
                                    llvm::ArrayRef<const clang::Expr *> Args,
                                    const dsa::NodeEncoding &Enc);

/// The variables named only in the size arguments of allocation \p D that its count
/// leaves out (`malloc(sizeof *proto)`): they would look unused to the compiler, so the
/// pool call keeps them named, unevaluated (`(void)sizeof(proto), pc_alloc(...)`). An
/// index parameter is not among them: its version names it at the entry.
std::vector<const clang::VarDecl *> sizeOnlyVariables(const VersionView &V,
                                                      const AllocationDecision &D,
                                                      llvm::ArrayRef<const clang::Expr *> Args);

/// The count in \p Size, a whole number of objects of \p T: found (the count's
/// expression, null for 1), or not.
std::optional<const clang::Expr *> wholeCount(const VersionView &V, const clang::Expr *Size,
                                              dsa::TypeId T);

struct WrapperCounts {
  /// Argument position -> the count's expression (null: 1) it is replaced by.
  std::map<unsigned, const clang::Expr *> Counts;
  /// Non-empty: the pool arguments' structures stay unchanged for this reason.
  std::string Veto;
};

/// The arguments of call \p E to version \p W of an allocation wrapper that become
/// object counts, given the pools the call passes (\p PoolArgs).
WrapperCounts decideWrapperCounts(const VersionView &V, const clang::CallExpr *E,
                                  const dsa::FunctionVersion &W);

/// Non-empty: call \p E through an allocation hook (call site \p CS, its parts \p HA)
/// cannot become a pool operation. \p Located: the reason is about the call (else
/// about the hook).
std::string hookAllocationVeto(const VersionView &V, const clang::CallExpr *E,
                               const dsa::CallSite &CS, const HookAllocation &HA,
                               bool &Located);

} // namespace ptrcomp::rules

#endif
