//===- ParsedProgram.h - every translation unit of the program, parsed ----===//
#ifndef PTRCOMP_PARSEDPROGRAM_H
#define PTRCOMP_PARSEDPROGRAM_H

#include "FileScopeExpansions.h"
#include "Options.h"

#include "clang/Frontend/ASTUnit.h"

#include <memory>
#include <vector>

namespace ptrcomp {

/// The ASTs of all translation units, kept alive together: the analysis is whole-program
/// and the rewriter edits every TU against the same results.
struct ParsedProgram {
  std::vector<std::unique_ptr<clang::ASTUnit>> Units;
};

/// Parses every source of the run. Reports bad input (missing files, directories, parse
/// errors, C++ sources) and returns false on any of it.
bool parseProgram(const ToolOptions &Opts, ParsedProgram &Program);

/// The sources of the run, each once (two spellings of one file are one unit). Reports
/// missing files and directories, and returns false on any.
bool programSources(const ToolOptions &Opts, std::vector<std::string> &Sources);

/// Parses one source of the run, as parseProgram does, with the command \p DB gives it;
/// reports its errors and returns null on any. File-scope macro uses that define
/// functions are written out (FileScopeExpansions.h) and go to \p Expanded.
std::unique_ptr<clang::ASTUnit> parseUnit(const ToolOptions &Opts,
                                          const clang::tooling::CompilationDatabase &DB,
                                          const std::string &Source,
                                          ExpandedFile *Expanded = nullptr);

} // namespace ptrcomp

#endif
