//===- Summary.h - one translation unit's analysis, and the link of many --===//
//
// The analysis is whole-program, but only its first step needs a unit's AST:
// the local graphs of the unit's functions and of its global initializers, with
// the facts later steps need (FunctionFacts.h). A UnitSummary is that step's
// result as plain data; the link merges the summaries of every unit (types by
// structure, functions by key, globals by key) into one ProgramGraphs and runs
// the whole-program passes on it, never looking at an AST. So a program is
// analysed one unit at a time (summaries can be written to disk and reused
// while a file does not change), and linked in memory proportional to the
// summaries.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_SUMMARY_H
#define PTRCOMP_ANALYSIS_SUMMARY_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>

namespace clang {
class ASTContext;
} // namespace clang

namespace ptrcomp::dsa {

/// An explicit cast of a pointer to an integer (LocalGraphs.h): its target and
/// where.
struct PointerToInteger;

/// How a unit's integers made from addresses flow (AddressIntegers.h): classes of
/// integer places, named program-wide ("g:<global>", "p:<function>#<n>",
/// "r:<function>", "f:<struct>.<field>") or within the unit ("c:..."), joined by Unions.
struct AddressIntegerFacts {
  struct Source {
    std::string Class;
    std::string Function; ///< whose graph Target is in
    Cell Target;          ///< where the converted pointer points
    std::string Loc;
  };
  struct Measure {
    std::string A, B; ///< two classes subtracted or ordered
    std::string Loc;
  };
  std::vector<Source> Sources;
  std::vector<std::pair<std::string, std::string>> Unions;
  std::vector<Measure> Measures;
};

struct UnitSummary {
  /// The unit's main file, as its real path: units are linked in the order of
  /// these.
  std::string MainFile;
  /// The types the unit's graphs use (ids local to the unit until the link).
  TypeTable Types;
  /// The unit's function definitions (not those of system headers), by key,
  /// with their local graphs and facts.
  std::map<std::string, FunctionGraph> Functions;
  /// The unit's global initializers, and the storage of every global they name.
  std::unique_ptr<DSGraph> Globals;
  std::map<std::string, Cell> GlobalCells;
  std::map<std::string, std::string> GlobalNames;
  std::map<std::string, TypeId> GlobalTypes;
  std::set<std::string> GlobalTypeDefined;
  /// Where each global the unit declares is declared (its definition when the
  /// unit has one; GlobalLocDefined), for messages.
  std::map<std::string, std::string> GlobalLocs;
  std::set<std::string> GlobalLocDefined;
  /// Externally visible globals the unit defines with an initializer: name ->
  /// where.
  std::map<std::string, std::string> InitializedGlobals;
  /// Globals the unit defines with an initialiser that is not all zeros (keys).
  std::set<std::string> GlobalsWithValues;
  /// Pointers cast to integers: in the global initializers (cells of Globals),
  /// and per function (cells of its graph).
  std::vector<std::pair<Cell, std::string>> GlobalPointersToIntegers;
  std::map<std::string, std::vector<std::pair<Cell, std::string>>>
      FunctionPointersToIntegers;
  /// Identifiers of the unit (macros and every name it lexed) that start with "P_" or
  /// "ptrcomp_", as ptrcomp's pools, their bases and its temporaries are named: the
  /// names it must not take.
  std::set<std::string> TakenNames;
  /// The unit's uses of function types (FunctionPointerTypes.h).
  std::map<std::string, FunctionTypeUses> FunctionTypes;
  AddressIntegerFacts AddressIntegers;

  UnitSummary() : Globals(std::make_unique<DSGraph>(Types)) {}
  UnitSummary(const UnitSummary &) = delete;
  UnitSummary &operator=(const UnitSummary &) = delete;
};

/// Summarizes the unit of \p Ctx. Its FunctionGraphs keep Decl, Ctx and the AST
/// keys of their cells while that AST lives.
std::unique_ptr<UnitSummary> summarizeUnit(clang::ASTContext &Ctx);

/// Links the summaries (consumed; in the order given, which should be by
/// MainFile: their index is each function's Unit) and runs the whole-program
/// passes: call targets, allocation hooks, entry points, bottom-up, globals.
/// Link problems (a function defined twice) are returned in
/// ProgramGraphs::Errors. \p TypeMaps, when given, receives per unit the map of
/// its type ids to the program's.
std::unique_ptr<ProgramGraphs>
linkSummaries(std::vector<std::unique_ptr<UnitSummary>> Units,
              std::vector<std::vector<TypeId>> *TypeMaps = nullptr);

/// Gives the functions of unit \p Unit of a linked program (read from a plan,
/// or linked from summaries read back) their AST again, from the unit parsed
/// anew (\p Ctx): Decl, Ctx, the variables and the keys of their cells and
/// calls. The local graphs are built again the same way, so the n-th cell is
/// the n-th key's; an error says the unit's code is not what was summarized.
llvm::Error attachUnit(ProgramGraphs &PG, unsigned Unit,
                       clang::ASTContext &Ctx);
/// Undoes attachUnit, before the unit's AST is freed.
void detachUnit(ProgramGraphs &PG, unsigned Unit, const clang::ASTContext &Ctx);

} // namespace ptrcomp::dsa

#endif
