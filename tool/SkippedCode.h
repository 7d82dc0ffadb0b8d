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

#include "ParsedProgram.h"

#include "ptrcomp/analysis/Plan.h"

#include <map>
#include <string>
#include <vector>

namespace ptrcomp {

class SkippedCode {
public:
  /// Reads the skipped ranges of every translation unit (the parser keeps a
  /// preprocessing record for this), outside system headers.
  explicit SkippedCode(ParsedProgram &Program);

  /// Plan pool -> "skipped #ifdef block at f.c:120 mentions struct node, which was
  /// compressed", one per block and name, in the order of the blocks. As reasons for a
  /// veto (\p Planned), they say what would have been done instead.
  std::map<int, std::vector<std::string>> notes(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                                                bool Planned = false) const;

private:
  struct Block {
    unsigned Unit;
    clang::FileID File;
    unsigned Begin, End; ///< offsets of the skipped text in File
    std::string Label;   ///< "#ifdef block at f.c:15"
    /// Identifiers of the skipped text after its directive's line, with their offsets.
    std::vector<std::pair<std::string, unsigned>> Names;
  };
  ParsedProgram &Program;
  std::vector<Block> Blocks;
};

} // namespace ptrcomp

#endif
