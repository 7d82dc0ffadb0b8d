//===- PoolParamKinds.cpp - descriptor, base or read-only base per slot ---===//
#include "PoolParamKinds.h"

namespace ptrcomp {
namespace {

/// Least fixpoint of "a slot has the property when it has it itself or passes the pool
/// to a slot that has it".
std::map<unsigned, std::vector<bool>>
propagate(const PoolParamUses &Uses, bool (*Own)(const PoolParamUse &)) {
  std::map<unsigned, std::vector<bool>> Has;
  for (auto &[V, Slots] : Uses) {
    std::vector<bool> &H = Has[V];
    for (const PoolParamUse &U : Slots)
      H.push_back(Own(U));
  }
  auto Get = [&](unsigned V, unsigned S) {
    auto It = Has.find(V);
    // A version not rewritten (not in Uses) takes descriptors: treat as "has it" for
    // the descriptor property, which is the only one it can matter for.
    return It == Has.end() || S >= It->second.size() ? true : bool(It->second[S]);
  };
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (auto &[V, Slots] : Uses)
      for (unsigned S = 0; S < Slots.size(); ++S) {
        if (Has[V][S])
          continue;
        for (auto &[W, T] : Slots[S].PassedTo)
          if (Get(W, T)) {
            Has[V][S] = true;
            Changed = true;
            break;
          }
      }
  }
  return Has;
}

} // namespace

PoolParamKinds solvePoolParamKinds(const PoolParamUses &Uses) {
  std::map<unsigned, std::vector<bool>> Desc =
      propagate(Uses, [](const PoolParamUse &U) { return U.Direct; });
  // Used at all: through the base, or passed on to a version that uses it (a version
  // outside Uses counts as using it).
  std::map<unsigned, std::vector<bool>> Used =
      propagate(Uses, [](const PoolParamUse &U) { return U.Direct || U.Base; });
  // Writes, or passes on to a base that is written through (or to a descriptor: the
  // callee may do anything with it).
  std::map<unsigned, std::vector<bool>> Writes =
      propagate(Uses, [](const PoolParamUse &U) { return U.Writes || U.Direct; });

  PoolParamKinds Kinds;
  for (auto &[V, Slots] : Uses) {
    std::vector<PoolParamKind> &K = Kinds[V];
    for (unsigned S = 0; S < Slots.size(); ++S) {
      if (Desc[V][S] || !Used[V][S])
        K.push_back(PoolParamKind::Descriptor);
      else if (Writes[V][S])
        K.push_back(PoolParamKind::Base);
      else
        K.push_back(PoolParamKind::ConstBase);
    }
  }
  return Kinds;
}

} // namespace ptrcomp
