//===- AddressIntegers.h - integers made from addresses, tracked as data --===//
//
// A pointer cast to an integer (`(uintptr_t)p`) is a number the program may keep in
// variables, pass to and return from functions, store in struct fields and arrays.
// Used as an opaque key (hashed, compared for equality, printed) it says nothing about
// the layout, and the structure may keep its pools. But the difference or the order of
// two such numbers (`(at - start) / sizeof(struct node)`, `a < b`) measures the bytes
// between objects, which a new layout changes: those objects keep their original
// layout (their nodes are collapsed, as for a difference of two `char *`).
//
// Each unit records how such integers flow, as classes of places keyed program-wide
// (a global, a parameter, a result, a struct field), the casts that feed them and the
// measurements between them; the link joins the classes of all units and collapses
// the objects whose addresses meet in a measurement.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_ADDRESSINTEGERS_H
#define PTRCOMP_ANALYSIS_ADDRESSINTEGERS_H

#include "ptrcomp/analysis/ProgramGraphs.h"
#include "ptrcomp/analysis/Summary.h"

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// Records in \p Out how integers made from addresses flow in function \p F (its local
/// graph built, its AST at hand).
void collectAddressIntegers(clang::ASTContext &Ctx, FunctionGraph &F,
                            AddressIntegerFacts &Out);

/// Joins the facts of every unit and collapses the objects whose addresses are measured
/// against each other (before the bottom-up pass, on the functions' local graphs).
void applyAddressIntegers(ProgramGraphs &PG, const std::vector<AddressIntegerFacts> &All);

} // namespace ptrcomp::dsa

#endif
