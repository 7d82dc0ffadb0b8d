//===- FunctionPointerTypes.h - retype pointers to cloned functions -------===//
#ifndef PTRCOMP_REWRITE_FUNCTIONPOINTERTYPES_H
#define PTRCOMP_REWRITE_FUNCTIONPOINTERTYPES_H

#include "../EditSet.h"
#include "../ParsedProgram.h"
#include "ptrcomp/analysis/Plan.h"

#include <functional>
#include <optional>

namespace clang {
class ASTContext;
class TypeSourceInfo;
} // namespace clang

namespace ptrcomp {

using AddEdit = std::function<void(const std::string &File, unsigned Offset,
                                   unsigned Length, const std::string &Text,
                                   const EditSet::PoolSet &Pools)>;

/// The parameter list of a function type that \p TSI spells itself, when it is
/// an active FnPtrClass's: [Begin, End) inside its parentheses, and the clones'
/// parameters.
struct FunctionTypeEdit {
  clang::FileID File;
  unsigned Begin, End;
  std::string Text;
  int Class;
  /// When the clones return an index: the return type's text [RetBegin,
  /// RetEnd) and what replaces it.
  unsigned RetBegin = 0, RetEnd = 0;
  std::string RetText;
};
std::optional<FunctionTypeEdit>
retypedFunctionType(clang::ASTContext &Ctx, const dsa::Plan &P,
                    const clang::TypeSourceInfo *TSI);

/// The file-scope edits of the plan's active FnPtrClasses: function types
/// spelled in typedefs, members and global variables take the clones'
/// parameters, and file-scope initializers name the clones.
void retypeFunctionPointers(clang::ASTContext &Ctx, const dsa::Plan &P,
                            const AddEdit &Add);

} // namespace ptrcomp

#endif
