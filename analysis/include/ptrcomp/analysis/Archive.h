//===- Archive.h - one description of each struct for writing and reading
//------===//
//
// Summaries and plans are binary files: numbers as LEB128 (signed ones
// zigzagged), strings once each and then by number (locations and names repeat
// a lot). Each struct is described once, by an io() overload that lists its
// fields; the same overload writes (ArchiveWriter) and reads (ArchiveReader),
// so the two cannot disagree.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_ARCHIVE_H
#define PTRCOMP_ANALYSIS_ARCHIVE_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace ptrcomp::dsa {

class ArchiveWriter {
public:
  static constexpr bool Reading = false;
  void num(uint64_t V) {
    do {
      uint8_t B = V & 0x7f;
      V >>= 7;
      Buf.push_back(char(V ? B | 0x80 : B));
    } while (V);
  }
  void str(llvm::StringRef S) {
    auto [It, New] = Strings.try_emplace(S, Strings.size());
    if (!New) {
      num(It->second + 1);
      return;
    }
    num(0);
    num(S.size());
    Buf.append(S.data(), S.size());
  }
  const std::string &bytes() const { return Buf; }
  std::string takeBytes() { return std::move(Buf); }
  bool failed() const { return false; }
  /// Raw bytes, length first, outside the string table: a part a reader may
  /// skip.
  void blob(llvm::StringRef B) {
    num(B.size());
    Buf.append(B.data(), B.size());
  }

private:
  std::string Buf;
  llvm::StringMap<uint64_t> Strings;
};

class ArchiveReader {
public:
  static constexpr bool Reading = true;
  explicit ArchiveReader(llvm::StringRef Buf) : Buf(Buf) {}
  uint64_t num() {
    uint64_t V = 0;
    for (unsigned Shift = 0;; Shift += 7) {
      if (Pos >= Buf.size() || Shift > 63)
        return fail();
      uint8_t B = uint8_t(Buf[Pos++]);
      V |= uint64_t(B & 0x7f) << Shift;
      if (!(B & 0x80))
        return V;
    }
  }
  /// A string written by ArchiveWriter::str (its first occurrence holds the
  /// bytes, the others refer to it). Points into the buffer: no copy is made
  /// until the caller's.
  llvm::StringRef str() {
    uint64_t Ref = num();
    if (Ref) {
      if (Ref - 1 >= Strings.size()) {
        fail();
        return "";
      }
      return Strings[Ref - 1];
    }
    uint64_t N = num();
    if (N > Buf.size() - Pos) {
      fail();
      return "";
    }
    Strings.push_back(Buf.substr(Pos, N));
    Pos += N;
    return Strings.back();
  }
  /// A count of elements that each take at least one byte: larger than what is
  /// left means the file is damaged (and must not make us allocate that much).
  uint64_t count() {
    uint64_t N = num();
    if (N > Buf.size() - Pos)
      return fail();
    return N;
  }
  bool failed() const { return Failed; }
  void markFailed() { fail(); }
  llvm::StringRef blob() {
    uint64_t N = num();
    if (N > Buf.size() - Pos) {
      fail();
      return {};
    }
    llvm::StringRef B = Buf.substr(Pos, N);
    Pos += N;
    return B;
  }
  bool atEnd() const { return Pos == Buf.size(); }
  size_t position() const { return Pos; }

private:
  uint64_t fail() {
    Failed = true;
    Pos = Buf.size();
    return 0;
  }
  llvm::StringRef Buf;
  size_t Pos = 0;
  bool Failed = false;
  std::vector<llvm::StringRef> Strings;
};

// Scalars.
template <typename T, typename A>
std::enable_if_t<std::is_unsigned_v<T> || std::is_same_v<T, bool>> io(A &Ar,
                                                                      T &V) {
  if constexpr (A::Reading)
    V = T(Ar.num());
  else
    Ar.num(uint64_t(V));
}
template <typename T, typename A>
std::enable_if_t<std::is_signed_v<T> && std::is_integral_v<T>> io(A &Ar, T &V) {
  if constexpr (A::Reading) {
    uint64_t Z = Ar.num();
    V = T(int64_t(Z >> 1) ^ -int64_t(Z & 1));
  } else {
    int64_t S = V;
    Ar.num((uint64_t(S) << 1) ^ uint64_t(S >> 63));
  }
}
template <typename T, typename A>
std::enable_if_t<std::is_enum_v<T>> io(A &Ar, T &V) {
  auto U = static_cast<std::underlying_type_t<T>>(V);
  io(Ar, U);
  V = static_cast<T>(U);
}
template <typename A> void io(A &Ar, std::string &S) {
  if constexpr (A::Reading) {
    llvm::StringRef R = Ar.str();
    S.assign(R.data(), R.size());
  } else
    Ar.str(S);
}

// Containers.
template <typename A> uint64_t ioCount(A &Ar, uint64_t N) {
  if constexpr (A::Reading)
    return Ar.count();
  else {
    Ar.num(N);
    return N;
  }
}
template <typename A, typename T> void io(A &Ar, std::vector<T> &V) {
  uint64_t N = ioCount(Ar, V.size());
  if constexpr (A::Reading)
    V.resize(N);
  for (uint64_t I = 0; I < N; ++I) {
    if constexpr (std::is_same_v<T, bool>) {
      bool B = V[I];
      io(Ar, B);
      V[I] = B;
    } else {
      io(Ar, V[I]);
    }
  }
}
template <typename A, typename K, typename V>
void io(A &Ar, std::pair<K, V> &P) {
  io(Ar, P.first);
  io(Ar, P.second);
}
template <typename A, typename... Ts> void io(A &Ar, std::tuple<Ts...> &T) {
  std::apply([&](Ts &...Vs) { (io(Ar, Vs), ...); }, T);
}
template <typename A, typename K, typename V>
void io(A &Ar, std::map<K, V> &M) {
  uint64_t N = ioCount(Ar, M.size());
  if constexpr (A::Reading) {
    M.clear();
    // Written in key order: each element goes at the end (a lookup per element
    // made decoding a plan's maps the larger part of an --apply).
    for (uint64_t I = 0; I < N && !Ar.failed(); ++I) {
      K Key{};
      io(Ar, Key);
      io(Ar, M.emplace_hint(M.end(), std::move(Key), V{})->second);
    }
  } else {
    for (auto &KV : M) {
      K Key = KV.first;
      io(Ar, Key);
      io(Ar, KV.second);
    }
  }
}
template <typename A, typename T> void io(A &Ar, std::set<T> &S) {
  uint64_t N = ioCount(Ar, S.size());
  if constexpr (A::Reading) {
    S.clear();
    for (uint64_t I = 0; I < N && !Ar.failed(); ++I) {
      T V{};
      io(Ar, V);
      S.insert(S.end(), std::move(V)); // (written in order)
    }
  } else {
    for (const T &V : S) {
      T Copy = V;
      io(Ar, Copy);
    }
  }
}
/// A DenseMap, written in key order (its own order depends on the hash table).
template <typename A, typename K, typename V>
void io(A &Ar, llvm::DenseMap<K, V> &M) {
  uint64_t N = ioCount(Ar, M.size());
  if constexpr (A::Reading) {
    M.clear();
    M.reserve(N);
    for (uint64_t I = 0; I < N && !Ar.failed(); ++I) {
      K Key{};
      V Val{};
      io(Ar, Key);
      io(Ar, Val);
      M[Key] = std::move(Val);
    }
  } else {
    std::vector<K> Keys;
    for (auto &KV : M)
      Keys.push_back(KV.first);
    std::sort(Keys.begin(), Keys.end());
    for (K Key : Keys) {
      io(Ar, Key);
      io(Ar, M[Key]);
    }
  }
}

/// An optional: std::optional, or ProgramGraphs.h's heap-held Boxed (anything
/// with has_value, emplace and reset).
template <typename A, template <typename> class B, typename T>
auto io(A &Ar, B<T> &O) -> decltype(O.emplace(), O.reset(), void()) {
  bool Has = O.has_value();
  io(Ar, Has);
  if constexpr (A::Reading) {
    if (Has)
      io(Ar, O.emplace());
    else
      O.reset();
  } else if (Has) {
    io(Ar, *O);
  }
}

/// io() of each argument in turn: a struct's overload lists its fields with
/// this.
template <typename A, typename... Ts> void fields(A &Ar, Ts &...Vs) {
  (io(Ar, Vs), ...);
}

} // namespace ptrcomp::dsa

#endif
