//===- UnitFacts.h - what rewriting one unit needs to know of the others --===//
//
// A unit is rewritten with only its own AST at hand (and the plan), yet some
// choices depend on code in other units: whether a struct is defined at file
// scope somewhere (and can be printed member by member there), whether some
// code observes the order of a struct's members (then its new layout keeps that
// order), where a global pool can be defined. Each unit's summary carries these
// facts of its own code, written while its AST is parsed for the analysis; they
// are combined program-wide once the program is linked (ProgramFacts.h), never
// by reading another unit's AST.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_UNITFACTS_H
#define PTRCOMP_UNITFACTS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class ASTUnit;
} // namespace clang

namespace ptrcomp {

/// A use that may show the order of a struct's members, found in a function's
/// code; whether it does (and of which struct) depends on the analysis' view of
/// its pointers, so it is decided once the program is linked
/// (evaluateMemberOrders).
struct OrderUse {
  enum Kind {
    PointerToInteger, ///< a pointer converted to an integer
    PointerCast,      ///< a pointer converted to a pointer to another type
    Compare,          ///< two pointers compared or subtracted
    Memcmp,           ///< an argument of memcmp or bcmp
  } K = PointerToInteger;
  /// Where the pointers point: ordinals in the function's ExprCells to try in
  /// turn (the expression, without implicit casts and parentheses, without
  /// parentheses).
  std::vector<unsigned> A, B;
  /// The struct types the pointers point to as written (NoType: none); whether
  /// A's and B's pointee types are written at all, and are the same type.
  dsa::TypeId PointeeA = dsa::NoType, PointeeB = dsa::NoType;
  bool HasPointeeA = false, HasPointeeB = false, SamePointee = false;
  /// PointerCast: the struct type converted from (NoType: none), whether that
  /// is void, the struct type converted to, and the type converted to as
  /// written.
  dsa::TypeId From = dsa::NoType, To = dsa::NoType;
  bool FromVoid = false;
  std::string ToSpelling;
  std::string At; ///< "file:line:col"
};

/// Code of an #if branch the preprocessor skipped (SkippedCode.h): its
/// identifiers.
struct SkippedBlock {
  std::string File;    ///< real path
  unsigned Begin, End; ///< offsets of the skipped text in File
  std::string Label;   ///< "#ifdef block at f.c:15"
  /// Identifiers of the skipped text after its directive's line, with their
  /// offsets.
  std::vector<std::pair<std::string, unsigned>> Names;
};

struct UnitFacts {
  /// The unit's skipped #if branches (outside system headers) that name
  /// anything.
  std::vector<SkippedBlock> SkippedBlocks;
  /// Structs defined at file scope outside system headers -> why the first
  /// definition that cannot be printed member by member cannot ("" when all
  /// can).
  std::map<dsa::TypeId, std::string> FileScopeStructs;
  /// Structs the unit defines at file scope (system headers included): complete
  /// here.
  std::set<dsa::TypeId> CompleteStructs;
  /// Uses that show member order by their syntax alone: struct -> the first
  /// reason.
  std::vector<std::pair<dsa::TypeId, std::string>> OrderMarks;
  /// Per function (key): the uses that may show member order, in the order
  /// written.
  std::map<std::string, std::vector<OrderUse>> OrderUses;
  /// The static functions defined in a file the unit includes (a header): key ->
  /// the definition's real path and offset. Every unit that includes the file has a
  /// copy of its own, and all of them are rewritten at that place.
  std::map<std::string, std::pair<std::string, unsigned>> IncludedStatics;
};

/// The facts of the unit of \p Ctx, whose summary \p S was just made (types in
/// the summary's table; ordinals of its functions' cells).
UnitFacts
collectUnitFacts(clang::ASTUnit &AST, dsa::TypeTable &Types,
                 const std::map<std::string, dsa::FunctionGraph> &Functions);

/// Moves \p F's type ids to the linked program's table (\p Map:
/// TypeTable::import).
void retypeUnitFacts(UnitFacts &F, llvm::ArrayRef<dsa::TypeId> Map);

/// Struct types whose member order the program can observe (offsetof,
/// positional initializers, byte comparisons, addresses of members compared or
/// turned into numbers, ...) -> the first such use, as a phrase with its
/// location.
using ObservedOrders = std::map<dsa::TypeId, std::string>;
ObservedOrders evaluateMemberOrders(dsa::ProgramGraphs &PG,
                                    const std::vector<UnitFacts> &Units);

} // namespace ptrcomp

#endif
