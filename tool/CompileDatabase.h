//===- CompileDatabase.h - compile_commands.json with relative directories -===//
//
// The JSON compilation database format says that paths in "file", "command" and
// "arguments" are absolute or relative to "directory", and does not say what a relative
// "directory" is relative to. Clang's JSONCompilationDatabase leaves it as written, so it
// ends up relative to ptrcomp's working directory: from anywhere but the database's own
// directory, the files are not found ("Compile command not found"). Databases with
// relative directories do exist (hand-written, post-processed or relocated ones, some
// generators); the only reading that does not depend on where the tool is started is
// relative to the directory holding compile_commands.json, and that is what ptrcomp uses.
// (Header-only so that tool/CMakeLists.txt needs no change.)
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_COMPILEDATABASE_H
#define PTRCOMP_COMPILEDATABASE_H

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptrcomp {
namespace compiledb_detail {

/// What clang's JSON plugin does to a database it loads from a directory.
inline std::unique_ptr<clang::tooling::CompilationDatabase>
asFromDirectory(std::unique_ptr<clang::tooling::CompilationDatabase> DB) {
  return clang::tooling::inferTargetAndDriverMode(
      clang::tooling::inferMissingCompileCommands(clang::tooling::expandResponseFiles(
          std::move(DB), llvm::vfs::getRealFileSystem())));
}

/// The absolute path clang's JSON reader gives an entry's file (remove_dots included).
inline std::string entryPath(llvm::StringRef Directory, llvm::StringRef File) {
  llvm::SmallString<256> Path;
  if (llvm::sys::path::is_relative(File)) {
    Path = Directory;
    llvm::sys::path::append(Path, File);
  } else {
    Path = File;
  }
  llvm::sys::path::native(Path);
  llvm::sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The top-level elements of the JSON array \p Text that contain one of \p Needles
/// verbatim, each as its own text; std::nullopt when \p Text is not an array this
/// scan understands. A quick scan (strings and nesting only, nothing parsed) so that a
/// step that wants one file's entry does not parse a database of thousands: 30 ms and
/// 20 MB at 3,000 entries, more than the step's own parse of a small file.
inline std::optional<std::vector<llvm::StringRef>>
elementsContaining(llvm::StringRef Text, llvm::ArrayRef<std::string> Needles) {
  size_t I = Text.find_first_not_of(" \t\r\n");
  if (I == llvm::StringRef::npos || Text[I] != '[')
    return std::nullopt;
  std::vector<llvm::StringRef> Found;
  unsigned Depth = 0;
  bool InString = false;
  size_t Start = 0;
  for (++I; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
      continue;
    }
    if (C == '"') {
      InString = true;
    } else if (C == '{' || C == '[') {
      if (Depth++ == 0)
        Start = I;
    } else if (C == '}' || C == ']') {
      if (Depth == 0)
        return C == ']' ? std::optional(Found) : std::nullopt; // the array's end
      if (--Depth == 0) {
        llvm::StringRef Element = Text.slice(Start, I + 1);
        for (const std::string &N : Needles)
          if (Element.contains(N)) {
            Found.push_back(Element);
            break;
          }
      }
    }
  }
  return std::nullopt;
}

/// Dir/compile_commands.json with every relative "directory" made absolute against Dir
/// (an absolute path), loaded the way clang loads it. With \p Only, only the entries of
/// those files: a build step names one file of a database of thousands, and clang's
/// reader takes time in proportion to the whole file (several ms per thousand entries).
/// nullptr when that file does not exist or is not a JSON array (clang's reader reports
/// that), when a file of \p Only has no entry by its absolute path (clang's own
/// matching, which also follows symbolic links and infers commands, must decide), or,
/// without \p Only, when no directory is relative.
inline std::unique_ptr<clang::tooling::CompilationDatabase>
loadResolvedJSON(llvm::StringRef Dir, llvm::ArrayRef<std::string> Only, std::string &Err,
                 bool Scan = true) {
  llvm::SmallString<256> Path(Dir);
  llvm::sys::path::append(Path, "compile_commands.json");
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return nullptr;
  // With Only: the entries whose text names one of the files' base names, parsed
  // alone. Any file none of them turns out to be for (a name written with escapes,
  // say) sends the whole database through the full parse below, as before.
  std::optional<llvm::json::Value> Root;
  if (Scan && !Only.empty()) {
    std::vector<std::string> Names;
    for (const std::string &F : Only)
      Names.push_back(llvm::sys::path::filename(F).str());
    if (auto Elements = elementsContaining((*Buf)->getBuffer(), Names)) {
      llvm::json::Array Candidates;
      for (llvm::StringRef E : *Elements) {
        llvm::Expected<llvm::json::Value> V = llvm::json::parse(E);
        if (!V) {
          llvm::consumeError(V.takeError());
          Candidates.clear();
          break;
        }
        Candidates.push_back(std::move(*V));
      }
      if (!Candidates.empty())
        Root = llvm::json::Value(std::move(Candidates));
    }
  }
  bool Scanned = Root.has_value();
  if (!Root) {
    llvm::Expected<llvm::json::Value> Parsed = llvm::json::parse((*Buf)->getBuffer());
    if (!Parsed) {
      llvm::consumeError(Parsed.takeError());
      return nullptr;
    }
    Root = std::move(*Parsed);
  }
  llvm::json::Array *Entries = Root->getAsArray();
  if (!Entries)
    return nullptr;
  llvm::StringMap<bool> Wanted; // file -> has an entry
  for (const std::string &F : Only) {
    llvm::SmallString<256> Abs(F);
    llvm::sys::fs::make_absolute(Abs);
    Wanted[entryPath("", Abs)] = false;
  }
  bool Changed = false;
  llvm::json::Array Kept;
  for (llvm::json::Value &E : *Entries) {
    llvm::json::Object *O = E.getAsObject();
    if (!O)
      return nullptr; // clang's reader has the message
    auto D = O->getString("directory"); // llvm::Optional before LLVM 16
    auto F = O->getString("file");
    if (!D || !F)
      return nullptr;
    std::string Directory(*D);
    bool Relative = !llvm::sys::path::is_absolute(Directory);
    if (Relative) {
      llvm::SmallString<256> Abs(Dir);
      llvm::sys::path::append(Abs, Directory);
      llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
      Directory = std::string(Abs);
    }
    std::string File = entryPath(Directory, *F);
    if (Relative) {
      (*O)["directory"] = Directory;
      Changed = true;
    }
    if (Only.empty())
      continue;
    auto It = Wanted.find(File);
    if (It == Wanted.end())
      continue;
    It->second = true;
    Kept.push_back(std::move(E));
  }
  if (Only.empty() && !Changed)
    return nullptr;
  for (auto &KV : Wanted)
    if (!KV.second)
      return Scanned ? loadResolvedJSON(Dir, Only, Err, /*Scan=*/false) : nullptr;
  std::string Text;
  llvm::raw_string_ostream(Text)
      << llvm::json::Value(Only.empty() ? std::move(*Entries) : std::move(Kept));
  auto DB = clang::tooling::JSONCompilationDatabase::loadFromBuffer(
      Text, Err, clang::tooling::JSONCommandLineSyntax::AutoDetect);
  if (!DB)
    return nullptr;
  return asFromDirectory(std::move(DB));
}

} // namespace compiledb_detail

/// The database clang would find from \p Dir (Dir, then its parents: the first directory
/// with any compilation database), with relative "directory" entries of a
/// compile_commands.json resolved against the database's directory, and with only the
/// entries of \p Only when it names files (all of them when the database has none for
/// one). nullptr when there is none; when \p OnlyIfResolved, also when nothing needed
/// resolving (the caller keeps the database it has).
inline std::unique_ptr<clang::tooling::CompilationDatabase>
loadCompilationDatabase(llvm::StringRef Dir, std::string &Err, bool OnlyIfResolved = false,
                        llvm::ArrayRef<std::string> Only = {}) {
  llvm::SmallString<256> D(Dir);
  llvm::sys::fs::make_absolute(D);
  llvm::sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  for (llvm::StringRef Cur = D; !Cur.empty(); Cur = llvm::sys::path::parent_path(Cur)) {
    llvm::SmallString<256> Flags(Cur);
    llvm::sys::path::append(Flags, "compile_flags.txt");
    // The common case read once, and only the entries asked for; a directory that
    // also has compile_flags.txt goes the way clang's plugins decide.
    if (!Only.empty() && !llvm::sys::fs::exists(Flags))
      if (auto DB = compiledb_detail::loadResolvedJSON(Cur, Only, Err))
        return DB;
    std::string DirErr;
    auto DB = clang::tooling::CompilationDatabase::loadFromDirectory(Cur, DirErr);
    if (!DB)
      continue;
    if (auto Resolved = compiledb_detail::loadResolvedJSON(Cur, {}, Err))
      return Resolved;
    return OnlyIfResolved ? nullptr : std::move(DB);
  }
  if (!OnlyIfResolved)
    clang::tooling::CompilationDatabase::autoDetectFromDirectory(Dir, Err); // its message
  return nullptr;
}

/// \p DB with --extra-arg-before / --extra-arg applied, as CommonOptionsParser applies
/// them to the database it loads.
inline std::unique_ptr<clang::tooling::ArgumentsAdjustingCompilations>
withExtraArgs(std::unique_ptr<clang::tooling::CompilationDatabase> DB) {
  auto Adjusting =
      std::make_unique<clang::tooling::ArgumentsAdjustingCompilations>(std::move(DB));
  auto &Registered = llvm::cl::getRegisteredOptions();
  for (auto [Name, Pos] :
       {std::pair{"extra-arg-before", clang::tooling::ArgumentInsertPosition::BEGIN},
        std::pair{"extra-arg", clang::tooling::ArgumentInsertPosition::END}})
    if (auto *L = static_cast<llvm::cl::list<std::string> *>(Registered.lookup(Name)))
      Adjusting->appendArgumentsAdjuster(clang::tooling::getInsertArgumentAdjuster(
          std::vector<std::string>(L->begin(), L->end()), Pos));
  return Adjusting;
}

} // namespace ptrcomp

#endif
