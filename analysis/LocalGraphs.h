//===- LocalGraphs.h - DS graphs of single functions from the AST ---------===//
#ifndef PTRCOMP_ANALYSIS_LOCALGRAPHS_H
#define PTRCOMP_ANALYSIS_LOCALGRAPHS_H

#include "ptrcomp/analysis/ProgramGraphs.h"

namespace clang {
class ASTContext;
class FunctionDecl;
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

/// Builds the local graph of function definition \p FD into \p FG (graph, formals,
/// return, variables, expression cells, call sites). Calls are recorded, not resolved.
void buildLocalGraph(ProgramGraphs &PG, clang::ASTContext &Ctx,
                     const clang::FunctionDecl *FD, FunctionGraph &FG);

/// Adds the initializer of global \p VD to the globals graph of \p PG.
void buildGlobalInitializer(ProgramGraphs &PG, clang::ASTContext &Ctx,
                            const clang::VarDecl *VD);

} // namespace ptrcomp::dsa

#endif
