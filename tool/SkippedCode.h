//===- SkippedCode.h - #if branches not taken that name what changed ------===//
//
// Code in an #if/#ifdef branch that the preprocessor skipped while parsing (a DEBUG
// dump, a platform's variant) is seen by neither the analysis nor the rewriter: it
// keeps its text. When it names something the transformation changes (a struct whose
// pointers become indices, a field that becomes an index, a function whose calls go to
// clones, a variable that becomes an index), a build that takes the branch would not
// compile, or would misbehave. Each such mention is a note on the structure involved,
// or, with --strict-skipped-code, the reason to leave the structure unchanged.
//
// The scan is on tokens: identifiers of the skipped text, against the names changed
// under the plan. Names that nothing transformed changed are ignored.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_SKIPPEDCODE_H
#define PTRCOMP_SKIPPEDCODE_H

#include "UnitFacts.h"

#include "ptrcomp/analysis/Plan.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTUnit;
} // namespace clang

namespace ptrcomp {

/// What one unit contributes to the notes, for one plan: its skipped blocks, and the
/// names its code gives to what the plan changes (in the order they are found).
struct SkippedFragment {
  /// A name the transformation changes, and what became of it (Done) or would
  /// (Planned).
  struct Name {
    std::string Name, Done, Planned;
    std::set<int> Pools;
    /// A local variable is only itself inside its function's body.
    bool Local = false;
    std::string File;
    unsigned Begin = 0, End = 0;
  };
  std::map<int, std::vector<Name>> PoolNames;              ///< typedefs and fields
  std::map<std::string, std::vector<Name>> FunctionNames; ///< by function key
  std::vector<Name> Globals;
};

/// The skipped #if branches of \p Unit outside system headers that name anything (the
/// parser keeps a preprocessing record), for its summary.
void skippedBlocks(clang::ASTUnit &Unit, std::vector<SkippedBlock> &Blocks);

/// The fragment of unit \p Unit (its AST \p AST, attached to \p PG) under plan \p P:
/// only the names that some skipped branch of the program names (\p Names).
SkippedFragment skippedFragment(clang::ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                                const dsa::Plan &P, const std::set<std::string> &Names);

/// Plan pool -> "skipped #ifdef block at f.c:120 mentions struct node, which was
/// compressed", one per block and name, in the order of the blocks, from the fragments
/// of every unit (by unit index). As reasons for a veto (\p Planned), they say what
/// would have been done instead.
std::map<int, std::vector<std::string>>
skippedNotes(const std::vector<SkippedFragment> &Units,
             const std::vector<UnitFacts> &Facts, dsa::ProgramGraphs &PG,
             const dsa::Plan &P, bool Planned = false);

} // namespace ptrcomp

#endif
