//===- TypeTable.h - C types as plain data, shared by all TUs -------------===//
//
// Each translation unit has its own ASTContext, so a struct from a header shared by
// several files is several clang::Types. The analysis needs one identity per C type across
// the whole program and its layout (sizes, field offsets) to type DS nodes; this table
// interns types by their spelling and records layouts once.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_TYPETABLE_H
#define PTRCOMP_ANALYSIS_TYPETABLE_H

#include "clang/AST/Type.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/StringSaver.h"

#include "llvm/Support/MathExtras.h"

#include <array>
#include <memory>
#include <mutex>

#include <cstdint>
#include <string>
#include <optional>
#include <vector>

namespace clang {
class ASTContext;
class RecordDecl;
} // namespace clang

namespace ptrcomp::dsa {

using TypeId = uint32_t;
constexpr TypeId NoType = 0;

struct TypeInfo {
  enum Kind { Void, Scalar, Char, Pointer, Struct, Union, Array, Function, Incomplete };
  struct Field {
    uint64_t Offset; // bytes
    TypeId Type;
    std::string Name;
    bool BitField = false;
  };
  Kind K = Incomplete;
  std::string Name; // as C spells it: "struct list", "int", "struct list *"
  uint64_t Size = 0;
  std::vector<Field> Fields; // Struct/Union members; Array: one element field at 0
  uint64_t ArrayCount = 0;
  TypeId Pointee = NoType; // Pointer
};

/// A vector whose elements never move: it grows by chunks of doubling size, so a
/// reference to an element stays valid while other threads append (under a lock).
template <typename T> class StableVector {
public:
  StableVector() = default;
  StableVector(StableVector &&) = default;
  StableVector &operator=(StableVector &&) = default;
  size_t size() const { return Size; }
  T &operator[](size_t I) { return at(I); }
  const T &operator[](size_t I) const { return const_cast<StableVector *>(this)->at(I); }
  void push_back(T V) {
    unsigned C = chunkOf(Size);
    if (!Chunks[C])
      Chunks[C] = std::make_unique<T[]>(size_t(First) << C);
    at(Size) = std::move(V);
    ++Size;
  }
  void emplace_back() { push_back(T()); }
  void resize(size_t N) {
    while (Size < N)
      emplace_back();
    Size = N;
  }
  // For the archive (Archive.h reads and writes it as a vector).
  std::vector<T> toVector() const {
    std::vector<T> V;
    for (size_t I = 0; I < Size; ++I)
      V.push_back((*this)[I]);
    return V;
  }
  void assign(std::vector<T> V) {
    *this = StableVector();
    for (T &X : V)
      push_back(std::move(X));
  }

private:
  static constexpr size_t First = 16;
  // Chunk C holds elements [First * (2^C - 1), First * (2^(C+1) - 1)).
  static unsigned chunkOf(size_t I) { return llvm::Log2_64(I / First + 1); }
  T &at(size_t I) {
    unsigned C = chunkOf(I);
    return Chunks[C][I - First * ((size_t(1) << C) - 1)];
  }
  std::array<std::unique_ptr<T[]>, 40> Chunks;
  size_t Size = 0;
};

/// The program's types. Thread-safe: get(), charType() and save() may run in several
/// threads at once (each rewriting a unit), and info() of an existing id with them.
class TypeTable {
public:
  TypeTable();
  TypeId get(clang::QualType T, const clang::ASTContext &Ctx);
  /// `char`, without a context.
  TypeId charType();
  /// Forgets which clang types were interned: their contexts are about to be freed (a
  /// later context may be allocated at the same address).
  void clearCache() {
    std::lock_guard<std::recursive_mutex> G(*Lock);
    Cache.clear();
  }
  /// From now on, existing types never change: a definition met later of a struct the
  /// table knows only as declared is a type of its own (readers in other threads may
  /// hold the declared one).
  void freeze() {
    std::lock_guard<std::recursive_mutex> G(*Lock);
    Frozen = Types.size();
  }
  /// Forgets the clang types of context \p Ctx only.
  void forgetContext(const clang::ASTContext *Ctx);
  /// Adds the types of \p Other (another unit's table) that this table lacks, as
  /// interning them here would have; returns, per id of \p Other, its id here.
  std::vector<TypeId> import(const TypeTable &Other);
  size_t numTypes() const { return Types.size(); }
  const TypeInfo &info(TypeId Id) const { return Types[Id]; }
  const std::string &name(TypeId Id) const { return Types[Id].Name; }
  uint64_t size(TypeId Id) const { return Id ? Types[Id].Size : 0; }

  /// Whether an object of type \p Inner can live at byte \p Off of an \p Outer object
  /// (itself, a member, an element, recursively). All pointer types agree with each other:
  /// where a pointer goes is the graph's business, not the type's.
  bool fitsAt(TypeId Outer, uint64_t Off, TypeId Inner) const;
  /// The scalar/pointer type stored at byte \p Off of \p Outer, or NoType.
  TypeId leafAt(TypeId Outer, uint64_t Off) const;
  /// Struct types of the objects that start at byte \p Off of an \p Outer object:
  /// \p Outer itself at 0, and struct members nested at any depth (not inside unions or
  /// arrays), outermost first.
  void structsAt(TypeId Outer, uint64_t Off, std::vector<TypeId> &Out) const;
  /// Byte offsets of every pointer inside \p T (nested records; arrays fold to element 0).
  void pointerOffsets(TypeId T, std::vector<uint64_t> &Out, uint64_t Base = 0) const;
  /// Whether pointer arithmetic in steps of \p Step bytes from byte \p Off of \p T objects
  /// always lands on the same byte of an element: of the objects themselves (an array of
  /// T) or of an array member containing \p Off. With a constant move \p Delta, a walk
  /// inside an array member must also stay inside it (one past its end included):
  /// `(char *)p + offsetof(T, f)` is a move to another member, not a walk in a char array.
  bool strideFits(TypeId T, uint64_t Off, uint64_t Step,
                  std::optional<int64_t> Delta = std::nullopt) const;
  /// Unions that overlay a pointer with something of another type cannot be typed.
  bool isUntypableUnion(TypeId T) const;
  bool isCharLike(TypeId T) const { return T && Types[T].K == TypeInfo::Char; }
  /// A copy of \p S that lives as long as the table (places in messages: many nodes
  /// share one, and copying a node copies no string).
  llvm::StringRef save(llvm::StringRef S) {
    if (S.empty())
      return S;
    std::lock_guard<std::recursive_mutex> G(*Lock);
    return Strings->save(S);
  }
  bool isArray(TypeId T) const { return T && Types[T].K == TypeInfo::Array; }
  /// The innermost element type of (nested) array type \p T; \p T itself otherwise.
  TypeId elementType(TypeId T) const {
    while (isArray(T) && !Types[T].Fields.empty())
      T = Types[T].Fields.front().Type;
    return T;
  }

private:
  bool strideInside(TypeId T, uint64_t Off, uint64_t Step,
                    std::optional<int64_t> Delta) const;
  TypeId intern(clang::QualType T, const clang::ASTContext &Ctx);
  TypeId internRecord(const clang::RecordDecl *RD, clang::QualType T,
                      const clang::ASTContext &Ctx);
  TypeId add(TypeInfo Info, llvm::StringRef Key, bool IsRecord = false);
  TypeId importType(const TypeTable &Other, TypeId T, std::vector<TypeId> &Map);
  friend class TableIO;

  StableVector<TypeInfo> Types;
  size_t Frozen = 0; ///< ids below are never changed (freeze())
  /// Held by every call that may add a type or a string (get, charType, save, import,
  /// clearCache): units are rewritten in parallel against one table.
  std::unique_ptr<std::recursive_mutex> Lock = std::make_unique<std::recursive_mutex>();
  /// Structural identity: records by tag (plus a layout signature when two different
  /// definitions share a tag), pointers and arrays by the id of what they contain, other
  /// types by their spelling.
  llvm::StringMap<TypeId> ByKey;
  /// Record tag -> the ids of the distinct definitions seen with that tag.
  llvm::StringMap<std::vector<TypeId>> Records;
  std::vector<std::string> Signatures; ///< per id: layout signature of a complete record
  std::vector<std::string> KeyOf;      ///< per id: its key in ByKey ("" for records)
  std::vector<bool> IsRecord;          ///< per id: a struct or union (by tag)
  /// (context, canonical type) -> id: each clang type is interned once.
  llvm::DenseMap<std::pair<const clang::ASTContext *, const clang::Type *>, TypeId> Cache;
  std::unique_ptr<llvm::BumpPtrAllocator> Arena =
      std::make_unique<llvm::BumpPtrAllocator>();
  std::unique_ptr<llvm::UniqueStringSaver> Strings =
      std::make_unique<llvm::UniqueStringSaver>(*Arena);
};

} // namespace ptrcomp::dsa

#endif
