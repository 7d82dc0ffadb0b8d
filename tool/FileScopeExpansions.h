//===- FileScopeExpansions.h - macro uses that define functions, written out ===//
//
// Container libraries generate their code with one macro use at file scope
// (`KAVL_INIT(my, struct my_node, head, my_cmp)`, `RB_GENERATE(...)`): the
// functions that work on the user's nodes have no text of their own in the file,
// only tokens spelled in a #define that other uses share. To rewrite them, the
// main file is parsed as if such a use were written out: its one-level expansion
// (the #define's replacement list, each parameter replaced by its argument as
// written, # and ## applied) on the use's own line, so that every other line and
// __LINE__ inside keep their numbers. Macros used in the replacement list stay
// macro uses, rewritten at their use site as any other.
//
// The written-out text must mean what the macro meant: every declaration it
// makes is printed from both parses and compared; a use whose text differs
// (an argument that expands to a comma, say) is not written out.
//
// Analysis and rewriting see the written-out text; the output keeps it only
// where an edit falls inside it, and gives every other use back its original
// text (restoreOriginalText).
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_FILESCOPEEXPANSIONS_H
#define PTRCOMP_FILESCOPEEXPANSIONS_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class ASTUnit;
}

namespace ptrcomp {

struct OutputFile;

/// One macro use of the main file, written out.
struct FileScopeExpansion {
  unsigned Offset = 0;    ///< of the use in the file on disk
  std::string Invocation; ///< the use's text there (`NAME(args)`)
  std::string Text;       ///< what stands in its place
  /// Where the lines of the #defines start in Text (the offset of their first token) and
  /// their indentation: an output that keeps Text breaks it there, as the #define does.
  std::vector<std::pair<unsigned, std::string>> Breaks;
  /// Whether __LINE__ may be expanded in Text: then the output keeps it on one line.
  bool OneLine = false;
};

/// The main file of a unit as parsed: its text on disk and the uses written out.
struct ExpandedFile {
  std::string RealPath;
  std::string Disk;
  std::vector<FileScopeExpansion> Expansions;
  bool empty() const { return Expansions.empty(); }
};

/// The file-scope macro uses of \p Unit's main file that define functions (\p
/// OnlyDefining; else any that declare something: those inside a use written out) and can
/// be written out (one line, no __VA_OPT__, ...), in file order.
std::vector<FileScopeExpansion> fileScopeExpansions(clang::ASTUnit &Unit,
                                                    bool OnlyDefining = true);

/// Writes out, inside the text of \p Uses, the uses \p Nested found in it (relative to the
/// text with \p Uses written out); false when there were none.
bool writeOutNested(std::vector<FileScopeExpansion> &Uses,
                    const std::vector<FileScopeExpansion> &Nested);

/// \p Disk with every use of \p Expansions written out.
std::string withExpansions(llvm::StringRef Disk,
                           const std::vector<FileScopeExpansion> &Expansions);

/// The uses of \p Expansions whose declarations \p Written (the unit parsed with them
/// written out) prints as \p Original does; the others are dropped.
std::vector<FileScopeExpansion> sameMeaning(clang::ASTUnit &Original, clang::ASTUnit &Written,
                                            const std::vector<FileScopeExpansion> &Expansions);

/// Sets the OneLine of each of \p Expansions, from the macros of \p Unit (which parsed
/// them written out).
void findLineUses(clang::ASTUnit &Unit, std::vector<FileScopeExpansion> &Expansions);

/// Edits (relative to the written-out text \p Text) that break each use of \p Expansions
/// that \p Edits touch where its #define has lines, as long as no edit covers the
/// place; after such a use, a #line directive named \p LineName numbers the next line.
std::vector<clang::tooling::Replacement>
lineBreaks(llvm::StringRef RealPath, llvm::StringRef Text, llvm::StringRef LineName,
           const std::vector<FileScopeExpansion> &Expansions,
           const clang::tooling::Replacements &Edits);

/// Edits (relative to the written-out text) that give each use that no edit of
/// \p Edits touches its original text back.
std::vector<clang::tooling::Replacement>
unchangedUses(llvm::StringRef RealPath, const std::vector<FileScopeExpansion> &Expansions,
              const clang::tooling::Replacements &Edits);

/// Makes \p F's Original its text on disk and its edits relative to it (they were relative
/// to the written-out text); a file whose uses were all given back has no edits left.
void restoreOriginalText(OutputFile &F);

} // namespace ptrcomp

#endif
