//===- GlobalVariable.h - the new declaration of a global pointer variable ===//
#ifndef PTRCOMP_REWRITE_GLOBALVARIABLE_H
#define PTRCOMP_REWRITE_GLOBALVARIABLE_H

#include "ptrcomp/analysis/Plan.h"

#include <map>
#include <set>
#include <string>

namespace clang {
class VarDecl;
} // namespace clang

namespace ptrcomp {

/// What becomes of one global variable under a plan.
struct GlobalRewrite {
  std::string Decl;   ///< new declaration ("static pc_idx32 head = 0"), "" if unchanged
  int Pool = -1;      ///< the global pool its values index
  std::set<int> Pools; ///< every pool whose representation the declaration depends on
  std::string Why;    ///< why it cannot be written again (then Decl is unusable)
  /// A global moved into pool Pool with values: its elements of the pool's image
  /// (GlobalImage.h), which this unit defines.
  std::string Image;
};

/// \p Starts counts the top-level variables declared at each file offset of the
/// variable's translation unit (declarations sharing one specifier).
GlobalRewrite rewriteGlobal(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                            const clang::VarDecl *VD,
                            const std::map<unsigned, unsigned> &Starts);

/// The declarator of global or static local \p VD in its new type ("pc_idx32 head",
/// "struct table_pc32 t[4]"), or "" when its type stays; \p Pools gets the pools that
/// the new type depends on.
std::string globalDeclarator(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                             const clang::VarDecl *VD, std::set<int> &Pools);

/// The layout (an index into Plan::Layouts) of global or static local \p VD when it is a
/// holder, a struct that keeps its place and holds indices; else -1.
int globalHolderLayout(dsa::ProgramGraphs &PG, const dsa::Plan &P, const clang::VarDecl *VD);

/// The counts rewriteGlobal needs, for the translation unit of \p Ctx.
std::map<unsigned, unsigned> declarationStarts(clang::ASTContext &Ctx);

} // namespace ptrcomp

#endif
