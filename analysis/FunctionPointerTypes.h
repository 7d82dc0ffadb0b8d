//===- FunctionPointerTypes.h - where the program uses a function type ----===//
//
// Calls through function pointers that pass pools (issue 17) give every
// function such a pointer may hold a clone with one common signature, and the
// pointer's type becomes the clone's. That is possible only when every place
// that holds or converts such a pointer can be retyped: a typedef, a member or
// a file-scope variable whose function type is spelled out (its parameter list
// is rewritten), or a declaration through such a typedef. This scan finds them,
// and the places that cannot be retyped.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_FUNCTIONPOINTERTYPES_H
#define PTRCOMP_ANALYSIS_FUNCTIONPOINTERTYPES_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/Type.h"
#include "clang/AST/TypeLoc.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace ptrcomp::dsa {

/// The key of a function type: its canonical spelling.
std::string functionTypeKey(clang::QualType FnType);

/// Whether \p T holds pointers to functions of type \p Key (through pointers,
/// arrays and typedefs).
bool mentionsFunctionType(clang::QualType T, const std::string &Key);

/// The function type that \p TL spells itself (`int (*f[2])(int)`), not through
/// a typedef; a null loc when there is none.
clang::FunctionProtoTypeLoc spelledFunctionType(clang::TypeLoc TL);

/// What the program does with pointers to functions of one type.
struct FunctionTypeUses {
  std::vector<std::string>
      Pointers;        ///< declarations holding them, by name, sorted
  std::string Problem; ///< first place that cannot be retyped (located)
  std::set<std::string> Referenced; ///< functions (keys) whose address is taken
  std::set<std::string>
      ReferencedIn;                ///< where: function keys, "" for file scope
  std::set<std::string> Undefined; ///< names taken whose definition is not seen
};

/// The uses of each function type in \p Keys, over every unit of the program
/// (system headers excepted).
std::map<std::string, FunctionTypeUses>
scanFunctionTypes(ProgramGraphs &PG, const std::set<std::string> &Keys);

} // namespace ptrcomp::dsa

#endif
