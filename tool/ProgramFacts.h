//===- ProgramFacts.h - program-wide decisions each unit's rewriting reads
//-===//
//
// Every unit is rewritten on its own, with its AST, the linked graphs and the
// plan. What the units must agree on is decided here, once per plan and without
// any AST, from the plan and the units' facts (UnitFacts.h):
//  - which units call each clone (a clone called from another unit is extern,
//  and takes
//    its pools as descriptors: how a clone receives a pool otherwise depends on
//    what its body does, which only its own unit sees);
//  - which unit defines each global pool (main's, when it may use the pool and
//  its
//    struct is complete there; else the first such unit);
//  - which layouts have their size exported for units that see their struct
//  opaque;
//  - which structs' member order some code observes (their layouts keep it);
//  - which static functions of headers keep their original text (some unit that
//  includes the header still calls its copy of the original).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_PROGRAMFACTS_H
#define PTRCOMP_PROGRAMFACTS_H

#include "UnitFacts.h"

#include "ptrcomp/analysis/Plan.h"

namespace ptrcomp {

struct ProgramFacts {
  /// Per unit (by index), with type ids of the linked program.
  std::vector<UnitFacts> Units;
  ObservedOrders Observed;
  /// Every identifier that a skipped #if branch of some unit names.
  std::set<std::string> SkippedNames;

  // Decisions for one plan (decide()).
  /// Clone -> the units whose functions call it.
  std::map<unsigned, std::set<unsigned>> CalledFromUnit;
  /// Versions called from a unit other than their own.
  std::set<unsigned> CrossUnit;
  /// Global pool -> the units whose functions may use it, and the unit that
  /// defines it.
  std::map<int, std::set<unsigned>> PoolUsers;
  std::map<int, unsigned> PoolHome;
  /// Layouts whose size units that see their struct opaque read
  /// (ptrcomp_size_<layout>).
  std::set<int> SizeExported;
  /// The layouts the plan uses (those of pools, of the structs nested in them,
  /// of holders), and the same by struct.
  std::set<int> UsedLayouts;
  std::map<dsa::TypeId, std::vector<int>> UsedLayoutsOf;
  /// Static functions of included files (UnitFacts::IncludedStatics) whose
  /// original text stays: some unit's copy is still called as it is. Every copy's
  /// unit then writes its clones after the original instead of in its place.
  std::set<std::string> KeepOriginal;
  /// Per unit: the clones its functions call (other than their own function's),
  /// and the versions calling each.
  std::vector<std::map<unsigned, std::vector<unsigned>>> ClonesCalledIn;

  bool complete(unsigned Unit, dsa::TypeId Struct) const {
    return Unit < Units.size() && Units[Unit].CompleteStructs.count(Struct);
  }
  /// The decisions for plan \p P. Problems no rewriting could solve (a layout
  /// that no unit can declare, a global pool no unit can define) are vetoes in
  /// \p Out, keyed as the legality check keys them.
  void decide(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::Vetoes &Out);
};

/// Layouts must be printable where their struct is defined: the pools' own, the
/// layouts nested in them, and those of struct-typed locals and globals that
/// hold indices.
void checkLayouts(const ProgramFacts &Facts, dsa::ProgramGraphs &PG,
                  const dsa::Plan &P, dsa::Vetoes &Out);

} // namespace ptrcomp

#endif
