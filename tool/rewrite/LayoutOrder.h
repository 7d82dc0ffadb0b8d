//===- LayoutOrder.h - member order and size of the new layouts -----------===//
//
// A compressed layout (`struct node_pc32`, for type-homogeneous objects whose
// pointers become 32- or 16-bit indices) is a struct that only ptrcomp's output
// uses, so its members may be declared in any order. Declared by decreasing
// alignment they need less padding: `{char c; pc_idx32 next; int v; char d;}`
// takes 16 bytes, `{pc_idx32 next; int v; char c; char d;}` 12. A layout is
// reordered (stably: members of equal alignment keep their order) only when
// that makes it strictly smaller and nothing in the program can tell the
// difference; otherwise it keeps the original's order, which reads best beside
// the original.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_LAYOUTORDER_H
#define PTRCOMP_REWRITE_LAYOUTORDER_H

#include "../UnitFacts.h"

#include "ptrcomp/analysis/Plan.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FieldDecl;
class RecordDecl;
} // namespace clang

namespace ptrcomp {

struct ParsedProgram;

/// What a member of the original struct becomes in a new layout.
struct NewMember {
  enum Kind {
    Same,        ///< declared as in the original
    Index,       ///< a pointer field: `pc_idxN f`
    IndexArray,  ///< an array of pointers: `pc_idxN f[Count]`
    IndexPointer, ///< a pointer to an array of pointers: `pc_idxN *f`
    Nested        ///< an embedded struct with a layout of its own: `struct T_pc32 f`
  } K = Same;
  unsigned Bits = 0;
  uint64_t Count = 0; ///< IndexArray; Nested: an array of Count structs (0: one struct)
  int Layout = -1;    ///< Nested only
};
NewMember newMember(const dsa::Layout &L, const clang::FieldDecl *FD);


/// How a new layout declares the members of its struct.
struct LayoutOrder {
  /// The members, in the order the layout declares them.
  std::vector<const clang::FieldDecl *> Fields;
  /// Fields are by decreasing alignment, not in source order.
  bool Reordered = false;
  /// sizeof the original struct (0: no definition found), of the new layout as
  /// declared, and of the new layout in the original's order.
  uint64_t SizeBefore = 0;
  uint64_t SizeAfter = 0;
  uint64_t SizeInSourceOrder = 0;
  /// Kept in source order although reordering would make it smaller: why, and
  /// how small it would be.
  std::string KeptBecause;
  uint64_t SizeIfReordered = 0;
  /// Bytes of padding declared last (included in SizeAfter): a MallocAligned layout is
  /// a whole number of malloc's alignment.
  uint64_t Padding = 0;
};

/// The order of \p L's members, declared beside \p RD, a definition of its
/// struct.
LayoutOrder layoutOrder(dsa::ProgramGraphs &PG, const dsa::Plan &P, const dsa::Layout &L,
                        const clang::RecordDecl *RD,
                        const ObservedOrders &Observed);

/// layoutOrder of the layouts of \p P (by layout id) whose struct the unit of \p Ctx
/// defines and that are not Found yet (the units in order give each at the first
/// definition of its struct in the program).
void layoutOrdersIn(clang::ASTContext &Ctx, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                    const ObservedOrders &Observed, std::vector<LayoutOrder> &Out,
                    std::vector<bool> &Found);

} // namespace ptrcomp

#endif
