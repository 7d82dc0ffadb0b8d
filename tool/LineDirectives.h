//===- LineDirectives.h - #line after every block of inserted lines -------===//
//
// The lines ptrcomp writes (layouts beside a struct, the runtime's #include, clones,
// pool creation at a function's entry, destruction before a return, any edit with more
// or fewer lines than the text it replaces) would shift every later line of the file,
// and with it __LINE__, assert's messages and compiler diagnostics. So the final text of
// each changed file gets a `#line N` wherever the line numbers the compiler would count
// differ from those of the original (with the file's name only where the original's own
// #line directives gave it another: without one, the compiler keeps the name it gave the
// file, so __FILE__ is what the original's was, however the build spells the path): after each block of inserted lines, and
// inside a clone, whose lines carry the numbers of the function they copy.
//
// It is made in one place, from the edits of a file: each character of the output is
// either original text (its line is known) or new text, and new text may say which
// original text it copies or replaces (TextOrigin), as a clone's body does. A directive
// goes before an output line whose original line is not the number the compiler would
// give it, only at the start of a line that is not inside a comment, a macro's
// continuation lines or parentheses (a call or a macro's arguments spread over lines),
// and never where nothing shifted. The directives are edits like the others, so the
// output, --diff, --export-fixes and the self-check all see the same text.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_LINEDIRECTIVES_H
#define PTRCOMP_LINEDIRECTIVES_H

#include "clang/Tooling/Core/Replacement.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ptrcomp {

/// \p Name as a #line directive spells it: quoted, `"` and `\` escaped.
std::string quotedFileName(llvm::StringRef Name);

/// Where a piece of an edit's new text comes from: the piece starts at position \p At of
/// the text and runs to the next piece (or the end). A copy is original text from
/// \p Offset on, character for character (a clone's body between its own edits); any
/// other piece replaces original text [Offset, Offset + Length): its first line stands
/// for the line of Offset, the next ones for the following lines as far as the replaced
/// text reaches, and the rest are new lines (all of them when Length is 0: inserted).
struct TextOrigin {
  unsigned At = 0;
  unsigned Offset = 0;
  unsigned Length = 0;
  bool Copy = false;
  bool operator==(const TextOrigin &O) const {
    return At == O.At && Offset == O.Offset && Length == O.Length && Copy == O.Copy;
  }
};
using TextOrigins = std::vector<TextOrigin>;

/// \p New, the text that replaces original text \p Old, which \p After follows in the
/// file: when it has fewer lines and code follows on the last line (`struct node *b =`
/// and `NULL; printf(...)` replaced by `pc_idx32 b = 0`), with the line breaks it
/// lacks at its end (escaped ones in a macro's definition), so that the code after it
/// stays on its line, where no directive could follow it.
std::string withLostLineBreaks(llvm::StringRef Old, llvm::StringRef New,
                               llvm::StringRef After);

/// The pieces of \p A's text followed by \p B's, when both are texts at \p Offset
/// replacing \p Length bytes (an empty list stands for the default, one piece).
TextOrigins concatOrigins(const TextOrigins &A, unsigned ALength, const TextOrigins &B,
                          unsigned Offset, unsigned Length);

/// \p Edits of one file (new lines as "\n"), whose original text is \p Original, with
/// the `#line` directives that keep every original line's number and file name; \p
/// Origins: the pieces of the edits that have more than the default one, by (offset,
/// length). \p Name: the file name the directives give (the file's path in the tree -o
/// writes, see OutputTree), unless the file's own directives name another. Directives are
/// added to the text of the edits they follow or precede, or are insertions of their own
/// where no edit starts or ends.
clang::tooling::Replacements
addLineDirectives(llvm::StringRef Original, const clang::tooling::Replacements &Edits,
                  const std::map<std::pair<unsigned, unsigned>, TextOrigins> &Origins,
                  llvm::StringRef Name);

/// Whether \p Line (one line, without its end) is a `#line` directive or a line marker
/// (`# 12 "file"`).
bool isLineDirective(llvm::StringRef Line);

} // namespace ptrcomp

#endif
