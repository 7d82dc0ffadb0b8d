#include "EditSet.h"

namespace ptrcomp {

EditSet::SharedPools EditSet::intern(std::vector<int> Pools) {
  auto [It, New] = Interned.try_emplace(std::move(Pools));
  if (New)
    It->second = std::make_shared<const std::vector<int>>(It->first);
  return It->second;
}

llvm::Error EditSet::add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                         llvm::StringRef Text, const PoolSet &Pools,
                         const TextOrigins &Origins) {
  SharedPools &Old = EditPools[RealPath.str()][{Offset, Length}];
  PoolSet All(Pools);
  if (Old)
    All.insert(Old->begin(), Old->end());
  Old = intern(std::vector<int>(All.begin(), All.end()));
  auto &File = Pending[RealPath.str()];
  auto [It, New] = File.try_emplace({Offset, Length}, Text.str());
  // The default (one piece replacing [Offset, Offset + Length)) is not stored.
  bool Default = Origins.empty() ||
                 (Origins.size() == 1 && Origins[0] == TextOrigin{0, Offset, Length, false});
  if (New) {
    if (!Default)
      this->Origins[RealPath.str()][{Offset, Length}] = Origins;
    return llvm::Error::success();
  }
  if (It->second == Text)
    return llvm::Error::success(); // the same edit from another TU
  if (Length == 0) {
    // Two insertions at one offset: in the order made.
    auto &FileOrigins = this->Origins[RealPath.str()];
    auto Old = FileOrigins.find({Offset, Length});
    if (Old != FileOrigins.end() || !Default)
      FileOrigins[{Offset, Length}] =
          concatOrigins(Old != FileOrigins.end() ? Old->second : TextOrigins(),
                        It->second.size(), Origins, Offset, Length);
    It->second += Text.str();
    return llvm::Error::success();
  }
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "two different edits of %s at offset %u",
                                 RealPath.str().c_str(), Offset);
}

void EditSet::claim(llvm::StringRef RealPath, unsigned Begin, unsigned End,
                    const PoolSet &Pools) {
  Claims[RealPath.str()].push_back(
      {Begin, End, intern(std::vector<int>(Pools.begin(), Pools.end()))});
}

EditSet::Source EditSet::sourceOf(llvm::StringRef RealPath,
                                  const clang::tooling::Replacements &Output,
                                  unsigned NewOffset) const {
  Source Src;
  Src.Offset = NewOffset;
  // Walk the edits in order, tracking how far the new text has moved.
  long Shift = 0;
  for (const clang::tooling::Replacement &R : Output) {
    long NewBegin = (long)R.getOffset() + Shift;
    long NewEnd = NewBegin + (long)R.getReplacementText().size();
    if ((long)NewOffset < NewBegin)
      break;
    if ((long)NewOffset < NewEnd) {
      Src.Offset = R.getOffset();
      Src.InEdit = true;
      auto F = EditPools.find(RealPath.str());
      if (F != EditPools.end()) {
        auto It = F->second.find({R.getOffset(), R.getLength()});
        if (It != F->second.end() && It->second && !It->second->empty()) {
          Src.Pools = PoolSet(It->second->begin(), It->second->end());
          return Src;
        }
      }
      break;
    }
    Shift += (long)R.getReplacementText().size() - (long)R.getLength();
    Src.Offset = (unsigned)((long)NewOffset - Shift);
  }
  const Claim *Best = nullptr;
  auto C = Claims.find(RealPath.str());
  if (C != Claims.end())
    for (const Claim &Cl : C->second)
      if (Cl.Begin <= Src.Offset && Src.Offset < Cl.End &&
          (!Best || Cl.End - Cl.Begin < Best->End - Best->Begin))
        Best = &Cl;
  if (Best && Best->Pools)
    Src.Pools = PoolSet(Best->Pools->begin(), Best->Pools->end());
  return Src;
}

llvm::Error EditSet::merge(const EditSet &Other) {
  llvm::Error Result = llvm::Error::success();
  for (auto &[Path, Edits] : Other.Pending) {
    auto PoolsOf = Other.EditPools.find(Path);
    auto OriginsOf = Other.Origins.find(Path);
    for (auto &[Range, Text] : Edits) {
      PoolSet Pools;
      if (PoolsOf != Other.EditPools.end())
        if (auto It = PoolsOf->second.find(Range);
            It != PoolsOf->second.end() && It->second)
          Pools = PoolSet(It->second->begin(), It->second->end());
      TextOrigins Origins;
      if (OriginsOf != Other.Origins.end())
        if (auto It = OriginsOf->second.find(Range); It != OriginsOf->second.end())
          Origins = It->second;
      if (auto Err = add(Path, Range.first, Range.second, Text, Pools, Origins)) {
        if (!Result)
          Result = std::move(Err);
        else
          llvm::consumeError(std::move(Err));
      }
    }
  }
  for (auto &[Path, Cs] : Other.Claims)
    for (const Claim &C : Cs)
      claim(Path, C.Begin, C.End,
            C.Pools ? PoolSet(C.Pools->begin(), C.Pools->end()) : PoolSet());
  return Result;
}

llvm::Error EditSet::finalize() {
  Files.clear();
  for (auto &[Path, Edits] : Pending) {
    clang::tooling::Replacements &Rs = Files[Path];
    unsigned End = 0; // end of the previous replaced range
    bool First = true;
    for (auto &[Range, Text] : Edits) {
      auto [Off, Len] = Range;
      // An insertion may touch a replaced range's end; nothing may start inside one.
      if (!First && Off < End)
        return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                       "overlapping edits of %s at offset %u", Path.c_str(),
                                       Off);
      if (auto Err = Rs.add(clang::tooling::Replacement(Path, Off, Len, Text)))
        return Err;
      End = std::max(End, Off + Len);
      First = false;
    }
  }
  return llvm::Error::success();
}

/// \p Rs with CRLF line ends in their text when \p Original has them.
static llvm::Expected<clang::tooling::Replacements>
inLineEndsOf(llvm::StringRef Original, const clang::tooling::Replacements &Rs) {
  if (!Original.contains("\r\n"))
    return Rs;
  // A file with CRLF line ends gets CRLF in the new text too.
  clang::tooling::Replacements CRLF;
  for (const clang::tooling::Replacement &R : Rs) {
    std::string Text;
    for (char C : R.getReplacementText()) {
      if (C == '\n' && (Text.empty() || Text.back() != '\r'))
        Text += '\r';
      Text += C;
    }
    if (auto Err = CRLF.add(clang::tooling::Replacement(R.getFilePath(), R.getOffset(),
                                                        R.getLength(), Text)))
      return Err;
  }
  return CRLF;
}

llvm::Expected<clang::tooling::Replacements>
EditSet::replacementsFor(llvm::StringRef RealPath, llvm::StringRef Original) const {
  auto It = Files.find(RealPath.str());
  if (It == Files.end())
    return clang::tooling::Replacements();
  return inLineEndsOf(Original, It->second);
}

llvm::Expected<clang::tooling::Replacements>
EditSet::outputEdits(llvm::StringRef RealPath, llvm::StringRef Original,
                     llvm::StringRef Name) const {
  auto It = Files.find(RealPath.str());
  if (It == Files.end())
    return clang::tooling::Replacements();
  static const std::map<std::pair<unsigned, unsigned>, TextOrigins> None;
  auto O = Origins.find(RealPath.str());
  return inLineEndsOf(Original, addLineDirectives(Original, It->second,
                                                  O != Origins.end() ? O->second : None,
                                                  Name));
}

} // namespace ptrcomp
