#include "EditSet.h"

namespace ptrcomp {

llvm::Error EditSet::add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                         llvm::StringRef Text) {
  if (!Seen.emplace(RealPath.str(), Offset, Length, Text.str()).second)
    return llvm::Error::success(); // the same edit from another TU of a shared header
  clang::tooling::Replacement R(RealPath, Offset, Length, Text);
  clang::tooling::Replacements &Rs = Files[RealPath.str()];
  if (Length == 0) {
    // Two insertions at one offset keep the order they were made in.
    for (const clang::tooling::Replacement &Old : Rs)
      if (Old.getOffset() == Offset && Old.getLength() == 0) {
        clang::tooling::Replacements Rebuilt;
        for (const clang::tooling::Replacement &O : Rs)
          if (!(O.getOffset() == Offset && O.getLength() == 0))
            if (auto Err = Rebuilt.add(O))
              return Err;
        if (auto Err = Rebuilt.add(clang::tooling::Replacement(
                RealPath, Offset, 0, (Old.getReplacementText() + Text).str())))
          return Err;
        Rs = std::move(Rebuilt);
        return llvm::Error::success();
      }
  }
  return Rs.add(R);
}

llvm::Expected<std::string> EditSet::apply(llvm::StringRef RealPath,
                                           llvm::StringRef Original) const {
  auto It = Files.find(RealPath.str());
  if (It == Files.end())
    return Original.str();
  if (!Original.contains("\r\n"))
    return clang::tooling::applyAllReplacements(Original, It->second);
  // A file with CRLF line ends gets CRLF in the new text too.
  clang::tooling::Replacements CRLF;
  for (const clang::tooling::Replacement &R : It->second) {
    std::string Text;
    for (char C : R.getReplacementText()) {
      if (C == '\n' && (Text.empty() || Text.back() != '\r'))
        Text += '\r';
      Text += C;
    }
    if (auto Err = CRLF.add(clang::tooling::Replacement(R.getFilePath(), R.getOffset(),
                                                        R.getLength(), Text)))
      return llvm::Expected<std::string>(std::move(Err));
  }
  return clang::tooling::applyAllReplacements(Original, CRLF);
}

} // namespace ptrcomp
