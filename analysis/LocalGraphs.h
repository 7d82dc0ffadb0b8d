//===- LocalGraphs.h - DS graphs of single functions from the AST ---------===//
#ifndef PTRCOMP_ANALYSIS_LOCALGRAPHS_H
#define PTRCOMP_ANALYSIS_LOCALGRAPHS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

#include "llvm/ADT/DenseSet.h"

namespace clang {
class ASTContext;
class FunctionDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// "file:line:col" of the expansion location of \p Loc.
std::string locationString(const clang::ASTContext &Ctx, clang::SourceLocation Loc);
/// Program-wide identity of a function: its name when externally visible, else
/// "name@file" (static functions of different files are different functions).
std::string functionKey(const clang::FunctionDecl *FD);
/// Program-wide identity of a variable with static storage.
std::string globalKey(const clang::VarDecl *VD);

/// Key (in GlobalCells) of a pseudo-global whose storage points to every object that a
/// pointer made from an integer may designate: an integer cast to a pointer points there,
/// and so does, once the program has such casts, every pointer cast to an integer.
extern const char *const IntegerMemoryKey;

/// An explicit cast of a pointer to an integer: the cast pointer's target and where. It
/// is one-way (the structure keeps its pools; the rewriter casts the real address) unless
/// the program casts integers back to pointers somewhere (see linkIntegerPointers).
struct PointerToInteger {
  Cell Target;
  std::string Loc;
};

/// Builds the local graph of function definition \p FD into \p FG (graph, formals,
/// return, variables, expression cells, call sites). Calls are recorded, not resolved.
/// The targets of pointers cast to integers are appended to \p PointersToIntegers.
/// \p Slots: the unit's slot pointers (SlotPointers.h).
void buildLocalGraph(ProgramGraphs &PG, clang::ASTContext &Ctx,
                     const clang::FunctionDecl *FD, FunctionGraph &FG,
                     const llvm::DenseSet<const clang::ValueDecl *> &Slots,
                     std::vector<PointerToInteger> *PointersToIntegers = nullptr);

/// Adds the initializer of global \p VD to the globals graph of \p PG.
void buildGlobalInitializer(ProgramGraphs &PG, clang::ASTContext &Ctx,
                            const clang::VarDecl *VD,
                            const llvm::DenseSet<const clang::ValueDecl *> &Slots,
                            std::vector<PointerToInteger> *PointersToIntegers = nullptr);

} // namespace ptrcomp::dsa

#endif
