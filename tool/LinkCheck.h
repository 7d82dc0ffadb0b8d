//===- LinkCheck.h - does the transformed program link? -------------------===//
//
// The self-check (SelfCheck.h) parses every transformed unit on its own, which cannot
// show a link error: a clone defined in a header that two files include, a clone that
// other files call and no file defines. Instead of compiling and linking the program
// (an object per unit: several times the cost of the parse), each parse of the check
// also lists the unit's external symbols as the linker will see them: what it defines
// (functions and objects with external linkage; not C99 inline definitions, gnu89
// `extern inline` ones, weak or common symbols) and what it uses without defining.
// The same lists, made from the original units when they are rewritten, say what the
// original program defines and uses; a symbol whose definitions the rewrite changed
// must be defined once, and one the output uses must be defined somewhere when the
// original did not use it or defined it (the C library's and the runtime's excepted).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_LINKCHECK_H
#define PTRCOMP_LINKCHECK_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <map>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
}

namespace ptrcomp {

/// A place in a file of the program: its real path and an offset in its text.
struct SymbolPlace {
  std::string RealPath;
  unsigned Offset = 0;
};

/// The external symbols of one translation unit.
struct UnitSymbols {
  /// Defined here, with the definition's place.
  std::map<std::string, SymbolPlace> Defined;
  /// Used here (in evaluated code) and not defined here; neither the C library's nor
  /// the runtime's (declared in a system header or in ptrcomp_rt.h). With the first
  /// use when asked for, else no place.
  std::map<std::string, SymbolPlace> Used;
};

/// Whether the compile command \p Args makes tentative definitions common symbols
/// (the last of -fcommon and -fno-common; GCC 10 and Clang 11 default to -fno-common).
bool commonSymbols(const std::vector<std::string> &Args);

/// The symbols of the unit of \p Ctx, just parsed. \p PathOf names the file of an
/// offset; \p UsePlaces: find the first use of each used symbol (a walk of the AST).
UnitSymbols unitSymbols(clang::ASTContext &Ctx, bool Common,
                        llvm::function_ref<std::string(clang::FileID)> PathOf,
                        bool UsePlaces);

/// A link error of the transformed program.
struct LinkError {
  enum Kind { MultipleDefinition, Undefined } K = Undefined;
  std::string Symbol;
  /// MultipleDefinition: the first two definitions, each with its unit; Undefined: the
  /// first use, with its unit. Places are in the transformed text.
  std::vector<std::pair<unsigned, SymbolPlace>> Places;
};

/// The link errors of the transformed program that the original does not have.
/// \p Before[U]: the symbols of original unit U; \p After[U]: those of transformed unit
/// U, or nullptr when nothing of it changed (it has the original's).
std::vector<LinkError> checkLink(const std::vector<const UnitSymbols *> &Before,
                                 const std::vector<const UnitSymbols *> &After);

} // namespace ptrcomp

#endif
