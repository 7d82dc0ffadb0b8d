//===- PoolParamKinds.h - what a clone receives for each pool parameter ---===//
//
// A clone that allocates from or frees to a pool needs the pool's descriptor
// (`pc_pool *`). A clone that only reads and writes objects needs nothing but the pool's
// base, and receives it as a typed pointer (`const struct T_pc32 *` when it only reads):
// then its body has no call to pc_base, whose slow path is opaque to the C compiler, so
// a read-only traversal compiles like the original (gcc keeps inlining the recursion,
// clang can prove it pure). The base of a pool never moves (runtime/ptrcomp_rt.h), so a
// caller may hand it down once.
//
// What a version does with each pool parameter is known only from its body and from
// what its callees do with the parameters it passes on, so the kinds are a fixpoint over
// the calls between versions.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_POOLPARAMKINDS_H
#define PTRCOMP_REWRITE_POOLPARAMKINDS_H

#include <map>
#include <utility>
#include <vector>

namespace ptrcomp {

enum class PoolParamKind {
  Descriptor, ///< `pc_pool *P`: the version allocates, frees or takes real addresses
  Base,       ///< `struct T_pc32 *P_base`: it reads and writes objects only
  ConstBase,  ///< `const struct T_pc32 *P_base`: it only reads objects
};

/// What one version's body does with one of its pool parameters (found by rewriting it
/// once with every parameter a descriptor).
struct PoolParamUse {
  bool Direct = false; ///< needs the descriptor itself (pc_alloc, pc_free, pc_addr, ...)
  bool Base = false;   ///< reaches objects through the base
  bool Writes = false; ///< some access through the base is not a plain read
  /// Passed on as the pool argument of another version: (version, its slot).
  std::vector<std::pair<unsigned, unsigned>> PassedTo;
};

/// version -> per pool parameter slot: its use.
using PoolParamUses = std::map<unsigned, std::vector<PoolParamUse>>;
/// version -> per pool parameter slot: how it is received.
using PoolParamKinds = std::map<unsigned, std::vector<PoolParamKind>>;

/// A slot is a Descriptor when its version needs the descriptor or passes it to a slot
/// that does, and when it is not used at all (nothing to gain; callers keep passing the
/// descriptor they have). Otherwise it is a ConstBase when neither its version nor any
/// version it passes it to writes through it, else a Base. Versions missing from \p Uses
/// keep every slot a Descriptor.
PoolParamKinds solvePoolParamKinds(const PoolParamUses &Uses);

} // namespace ptrcomp

#endif
