//===- Casts.h - explicit casts of node pointers ----------------------------===//
//
// Rule: a cast keeps its meaning when the pointer it converts became an index.
// - To an integer (a hash key, an address printed or compared): the real address,
//   `(uintptr_t)pc_addr(pool, i)`; null stays 0. Whether the program may measure the
//   layout through such integers is decided by the analysis (address integers).
// - Between pointer types of one pool (`(struct node *)p` on an index): an index cast.
// - From an index to a real pointer type of the same object (`(void *)n`, `(char *)n`):
//   the real address (in the new pointer type when that changes: `(struct node **)h`
//   on a holder whose first member became an index is a `pc_idx32 *`).
// - To a pointer type that became an index from something that is not an index (an
//   address, a `void *` of unknown origin): the structure stays unchanged.
// - From an index to a pointer type that does not point into a pool: likewise.
// - A cast to `T *` where T's pointers are retyped (`(struct node **)` over an array of
//   indices) gets the new pointer type.
//
// The legality check and the rewriter both ask decideCast.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_CASTS_H
#define PTRCOMP_RULES_CASTS_H

#include "../rewrite/VersionView.h"

#include <string>

namespace ptrcomp::rules {

struct CastDecision {
  enum Kind {
    Keep,       ///< the cast keeps its text; its operand is rewritten where spelled
    Address,    ///< `(T)pc_addr(Pool, operand)`
    IndexCast,  ///< `(index type of Pool)operand`
    NullIndex,  ///< the null index, `0`
    Retyped,    ///< `(NewType)operand`
    Vetoed,     ///< no text: the structure of VetoPool stays unchanged
  } K = Keep;
  dsa::NodeEncoding Pool; ///< Address, IndexCast: the operand's or result's pool
  std::string NewType;    ///< Retyped; Address: the new pointer type, when it changes
  /// Non-empty: the structure of VetoPool stays unchanged for this reason (also with a
  /// kind other than Vetoed: the rest of the version is still written).
  std::string Veto;
  dsa::NodeEncoding VetoPool;
};

CastDecision decideCast(const VersionView &V, const clang::CStyleCastExpr *E);

} // namespace ptrcomp::rules

#endif
