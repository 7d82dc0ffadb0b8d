#include "EditSet.h"

namespace ptrcomp {

llvm::Error EditSet::add(llvm::StringRef RealPath, unsigned Offset, unsigned Length,
                         llvm::StringRef Text) {
  if (!Seen.emplace(RealPath.str(), Offset, Length, Text.str()).second)
    return llvm::Error::success(); // the same edit from another TU of a shared header
  clang::tooling::Replacement R(RealPath, Offset, Length, Text);
  return Files[RealPath.str()].add(R);
}

llvm::Expected<std::string> EditSet::apply(llvm::StringRef RealPath,
                                           llvm::StringRef Original) const {
  auto It = Files.find(RealPath.str());
  if (It == Files.end())
    return Original.str();
  return clang::tooling::applyAllReplacements(Original, It->second);
}

} // namespace ptrcomp
