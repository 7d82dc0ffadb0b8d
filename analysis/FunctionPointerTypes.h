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

/// The key of the function type that \p T holds pointers to (through pointers,
/// arrays and typedefs), or "".
std::string mentionedFunctionType(clang::QualType T);

/// The function type that \p TL spells itself (`int (*f[2])(int)`), not through
/// a typedef; a null loc when there is none.
clang::FunctionProtoTypeLoc spelledFunctionType(clang::TypeLoc TL);

/// The uses of every function type in one unit (system headers excepted), for
/// the unit's summary. \p Defined: the keys of the functions the unit defines.
std::map<std::string, FunctionTypeUses>
scanUnitFunctionTypes(clang::ASTContext &Ctx, const std::set<std::string> &Defined);

/// The uses of each function type in \p Keys, over every unit of the program, from the
/// units' scans (ProgramGraphs::UnitFunctionTypes).
std::map<std::string, FunctionTypeUses>
scanFunctionTypes(ProgramGraphs &PG, const std::set<std::string> &Keys);

} // namespace ptrcomp::dsa

#endif
