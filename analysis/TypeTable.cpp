//===- TypeTable.cpp ------------------------------------------------------===//
#include "ptrcomp/analysis/TypeTable.h"
#include "ptrcomp/Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {

TypeTable::TypeTable() { // id 0 = no type
  Types.emplace_back();
  Signatures.emplace_back();
  KeyOf.emplace_back();
  IsRecord.push_back(false);
}

static std::string recordKey(const RecordDecl *RD, const ASTContext &Ctx) {
  std::string Kind = RD->isUnion() ? "union " : "struct ";
  if (!RD->getName().empty())
    return Kind + RD->getName().str();
  if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl())
    return TD->getName().str();
  // An anonymous record is identified by where it is written; headers shared by several
  // TUs give the same presumed location in each.
  PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(
      Ctx.getSourceManager().getExpansionLoc(RD->getLocation()));
  if (P.isInvalid())
    return Kind + "<anonymous>";
  return Kind + "<anonymous at " + P.getFilename() + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn()) + ">";
}

void TypeTable::forgetContext(const ASTContext *Ctx) {
  std::lock_guard<std::recursive_mutex> G(*Lock);
  llvm::SmallVector<std::pair<const ASTContext *, const clang::Type *>, 0> Gone;
  for (auto &KV : Cache)
    if (KV.first.first == Ctx)
      Gone.push_back(KV.first);
  for (auto &K : Gone)
    Cache.erase(K);
}

TypeId TypeTable::get(QualType QT, const ASTContext &Ctx) {
  if (QT.isNull())
    return NoType;
  std::lock_guard<std::recursive_mutex> G(*Lock);
  QualType T = QT.getCanonicalType().getUnqualifiedType();
  auto CacheKey = std::make_pair(&Ctx, T.getTypePtr());
  if (auto It = Cache.find(CacheKey); It != Cache.end())
    return It->second;
  TypeId Id = intern(T, Ctx);
  // A record seen incomplete may be completed later in the same unit: only cache
  // what cannot change.
  if (!T->isIncompleteType() || T->isVoidType())
    Cache[CacheKey] = Id;
  return Id;
}

TypeId TypeTable::add(TypeInfo Info, StringRef Key, bool Record) {
  TypeId Id = Types.size();
  Types.push_back(std::move(Info));
  Signatures.emplace_back();
  KeyOf.push_back(Key.str());
  IsRecord.push_back(Record);
  if (!Key.empty())
    ByKey[Key] = Id;
  return Id;
}

TypeId TypeTable::charType() {
  std::lock_guard<std::recursive_mutex> G(*Lock);
  if (auto It = ByKey.find("char"); It != ByKey.end())
    return It->second;
  TypeInfo Info;
  Info.K = TypeInfo::Char;
  Info.Name = "char";
  Info.Size = 1;
  return add(std::move(Info), "char");
}

std::vector<TypeId> TypeTable::import(const TypeTable &Other) {
  std::lock_guard<std::recursive_mutex> G(*Lock);
  std::vector<TypeId> Map(Other.Types.size(), NoType);
  for (TypeId T = 1; T < Other.Types.size(); ++T)
    importType(Other, T, Map);
  return Map;
}

// Mirrors intern() and internRecord() on another table's plain data.
TypeId TypeTable::importType(const TypeTable &Other, TypeId T, std::vector<TypeId> &Map) {
  if (!T || Map[T])
    return Map[T];
  const TypeInfo &OI = Other.Types[T];
  if (Other.IsRecord[T]) {
    const std::string &Tag = OI.Name;
    if (OI.K == TypeInfo::Incomplete) {
      // An opaque use: the (first) definition of that tag, once one is known.
      std::vector<TypeId> &Variants = Records[Tag];
      if (!Variants.empty())
        return Map[T] = Variants.front();
      TypeInfo Info;
      Info.K = TypeInfo::Incomplete;
      Info.Name = Tag;
      TypeId Id = add(std::move(Info), "", true);
      Records[Tag].push_back(Id);
      return Map[T] = Id;
    }
    const std::string &Sig = Other.Signatures[T];
    TypeId Id = NoType;
    for (TypeId V : Records[Tag])
      if (Signatures[V] == Sig)
        return Map[T] = V;
    for (TypeId V : Records[Tag])
      if (Types[V].K == TypeInfo::Incomplete)
        Id = V;
    if (!Id) {
      TypeInfo Info;
      Info.Name = Tag;
      Id = add(std::move(Info), "", true);
      Records[Tag].push_back(Id);
    }
    Signatures[Id] = Sig;
    TypeInfo Info;
    Info.Name = Tag;
    Info.K = OI.K;
    Info.Size = OI.Size;
    Types[Id] = Info; // visible to the members that point back to it
    Map[T] = Id;
    for (const TypeInfo::Field &F : OI.Fields)
      Info.Fields.push_back({F.Offset, importType(Other, F.Type, Map), F.Name, F.BitField});
    Types[Id] = std::move(Info);
    return Id;
  }
  TypeInfo Info = OI;
  std::string Key = Other.KeyOf[T];
  if (OI.K == TypeInfo::Pointer) {
    Info.Pointee = importType(Other, OI.Pointee, Map);
    Key = "*" + std::to_string(Info.Pointee);
  } else if (OI.K == TypeInfo::Array) {
    TypeId Elem = importType(Other, OI.Fields.front().Type, Map);
    Info.Fields.front().Type = Elem;
    StringRef Old = Other.KeyOf[T];
    Key = (compat::startsWith(Old, "[]") ? std::string("[]")
                                : "[" + std::to_string(OI.ArrayCount) + "]") +
          std::to_string(Elem);
  }
  if (Map[T]) // a member that points back to its record imported it already
    return Map[T];
  if (auto It = ByKey.find(Key); It != ByKey.end())
    return Map[T] = It->second;
  return Map[T] = add(std::move(Info), Key);
}

/// What tells two definitions of one tag apart: size and members (offset, name, type as
/// spelled). Equal signatures are the same type, as C's compatibility rules across units
/// require.
static std::string recordSignature(const RecordDecl *Def, const ASTContext &Ctx) {
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(Def);
  std::string Sig = std::to_string(L.getSize().getQuantity());
  PrintingPolicy PP(Ctx.getLangOpts());
  for (const FieldDecl *F : Def->fields()) {
    Sig += ';';
    Sig += std::to_string(L.getFieldOffset(F->getFieldIndex()));
    Sig += ' ';
    Sig += F->getName();
    Sig += ':';
    Sig += F->getType().getCanonicalType().getAsString(PP);
  }
  return Sig;
}

TypeId TypeTable::internRecord(const RecordDecl *RD, QualType T, const ASTContext &Ctx) {
  std::string Tag = recordKey(RD, Ctx);
  std::vector<TypeId> &Variants = Records[Tag];
  const RecordDecl *Def = RD->getDefinition();
  if (!Def || Def->isInvalidDecl()) {
    // An opaque use: the (first) definition of that tag, once one is known.
    if (!Variants.empty())
      return Variants.front();
    TypeInfo Info;
    Info.K = TypeInfo::Incomplete;
    Info.Name = Tag;
    TypeId Id = add(std::move(Info), "", true);
    Records[Tag].push_back(Id);
    return Id;
  }
  std::string Sig = recordSignature(Def, Ctx);
  TypeId Id = NoType;
  for (TypeId V : Variants)
    if (Signatures[V] == Sig)
      return V;
  // Complete the placeholder an opaque use left, or add a new definition of this tag.
  for (TypeId V : Variants)
    if (Types[V].K == TypeInfo::Incomplete && V >= Frozen)
      Id = V;
  if (!Id) {
    TypeInfo Info;
    Info.Name = Tag;
    Id = add(std::move(Info), "", true);
    Records[Tag].push_back(Id);
  }
  Signatures[Id] = Sig;
  TypeInfo Info;
  Info.Name = Tag;
  Info.K = Def->isUnion() ? TypeInfo::Union : TypeInfo::Struct;
  Info.Size = Ctx.getTypeSizeInChars(T).getQuantity();
  Types[Id] = Info; // visible to the members that point back to it
  const ASTRecordLayout &L = Ctx.getASTRecordLayout(Def);
  for (const FieldDecl *F : Def->fields()) {
    uint64_t Off = L.getFieldOffset(F->getFieldIndex()) / 8;
    TypeId FT = get(F->getType(), Ctx);
    Info.Fields.push_back({Off, FT, F->getName().str(), F->isBitField()});
  }
  Types[Id] = std::move(Info);
  return Id;
}

TypeId TypeTable::intern(QualType T, const ASTContext &Ctx) {
  const clang::Type *Ty = T.getTypePtr();
  if (const auto *RT = Ty->getAs<RecordType>())
    return internRecord(RT->getDecl(), T, Ctx);

  PrintingPolicy PP(Ctx.getLangOpts());
  TypeInfo Info;
  Info.Name = T.getAsString(PP);
  std::string Key;
  if (Ty->isAnyPointerType() || Ty->isBlockPointerType()) {
    Info.K = TypeInfo::Pointer;
    Info.Size = Ctx.getTypeSizeInChars(T).getQuantity();
    Info.Pointee = get(Ty->getPointeeType(), Ctx);
    Key = "*" + std::to_string(Info.Pointee);
  } else if (const auto *AT = Ctx.getAsArrayType(T)) {
    Info.K = TypeInfo::Array;
    TypeId Elem = get(AT->getElementType(), Ctx);
    Info.Fields.push_back({0, Elem, "", false});
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT)) {
      Info.ArrayCount = CAT->getSize().getZExtValue();
      Info.Size = Info.ArrayCount * size(Elem);
      Key = "[" + std::to_string(Info.ArrayCount) + "]" + std::to_string(Elem);
    } else {
      // Incomplete and variable-length arrays: no static size.
      Key = "[]" + std::to_string(Elem);
    }
  } else {
    PP.SuppressTagKeyword = false;
    Key = T.getAsString(PP);
    if (Ty->isVoidType()) {
      Info.K = TypeInfo::Void;
    } else if (Ty->isFunctionType()) {
      Info.K = TypeInfo::Function;
    } else if (Ty->isCharType()) {
      Info.K = TypeInfo::Char;
    } else if (Ty->isIncompleteType() || Ty->isSizelessType() || Ty->isDependentType()) {
      Info.K = TypeInfo::Incomplete;
    } else {
      Info.K = TypeInfo::Scalar;
    }
    if (Info.K == TypeInfo::Char || Info.K == TypeInfo::Scalar)
      Info.Size = Ctx.getTypeSizeInChars(T).getQuantity();
  }
  if (auto It = ByKey.find(Key); It != ByKey.end())
    return It->second;
  return add(std::move(Info), Key);
}

bool TypeTable::fitsAt(TypeId Outer, uint64_t Off, TypeId Inner) const {
  if (!Outer || !Inner)
    return false;
  const TypeInfo &O = Types[Outer], &I = Types[Inner];
  if (Off == 0 && (Outer == Inner || (O.K == TypeInfo::Pointer && I.K == TypeInfo::Pointer)))
    return true;
  switch (O.K) {
  case TypeInfo::Array: {
    const TypeInfo::Field &E = O.Fields.front();
    uint64_t ES = size(E.Type);
    return ES && fitsAt(E.Type, Off % ES, Inner);
  }
  case TypeInfo::Struct:
  case TypeInfo::Union:
    for (const TypeInfo::Field &F : O.Fields) {
      uint64_t FS = std::max<uint64_t>(size(F.Type), 1);
      if (Off >= F.Offset && Off < F.Offset + FS && fitsAt(F.Type, Off - F.Offset, Inner))
        return true;
    }
    return false;
  default:
    // Same-size scalars of one kind (int and unsigned int, char and unsigned
    // char) read the same bytes.
    return Off == 0 && O.K == I.K &&
           (O.K == TypeInfo::Scalar || O.K == TypeInfo::Char) &&
           O.Size == I.Size;
  }
}

TypeId TypeTable::leafAt(TypeId Outer, uint64_t Off) const {
  if (!Outer)
    return NoType;
  const TypeInfo &O = Types[Outer];
  switch (O.K) {
  case TypeInfo::Array: {
    const TypeInfo::Field &E = O.Fields.front();
    uint64_t ES = size(E.Type);
    return ES ? leafAt(E.Type, Off % ES) : NoType;
  }
  case TypeInfo::Struct:
  case TypeInfo::Union:
    for (const TypeInfo::Field &F : O.Fields)
      if (Off >= F.Offset && Off < F.Offset + std::max<uint64_t>(size(F.Type), 1))
        return leafAt(F.Type, Off - F.Offset);
    return NoType;
  default:
    return Off == 0 ? Outer : NoType;
  }
}

void TypeTable::structsAt(TypeId Outer, uint64_t Off, std::vector<TypeId> &Out) const {
  if (!Outer || Types[Outer].K != TypeInfo::Struct)
    return;
  if (Off == 0)
    Out.push_back(Outer);
  for (const TypeInfo::Field &F : Types[Outer].Fields)
    if (!F.BitField && Off >= F.Offset && Off < F.Offset + size(F.Type))
      structsAt(F.Type, Off - F.Offset, Out);
}

void TypeTable::pointerOffsets(TypeId T, std::vector<uint64_t> &Out, uint64_t Base) const {
  if (!T)
    return;
  const TypeInfo &I = Types[T];
  switch (I.K) {
  case TypeInfo::Pointer:
    Out.push_back(Base);
    return;
  case TypeInfo::Array:
    pointerOffsets(I.Fields.front().Type, Out, Base);
    return;
  case TypeInfo::Struct:
  case TypeInfo::Union:
    for (const TypeInfo::Field &F : I.Fields)
      pointerOffsets(F.Type, Out, Base + F.Offset);
    return;
  default:
    return;
  }
}

bool TypeTable::strideFits(TypeId T, uint64_t Off, uint64_t Step,
                           std::optional<int64_t> Delta) const {
  uint64_t S = size(T);
  if (!S)
    return false;
  if (Step % S == 0)
    return true;
  return strideInside(T, Off, Step, Delta) ||
         (Off >= S && strideInside(T, Off % S, Step, Delta));
}

bool TypeTable::strideInside(TypeId T, uint64_t Off, uint64_t Step,
                             std::optional<int64_t> Delta) const {
  const TypeInfo &I = Types[T];
  switch (I.K) {
  case TypeInfo::Array: {
    TypeId E = I.Fields.front().Type;
    uint64_t ES = size(E);
    if (!ES)
      return false;
    if (Step % ES == 0) {
      if (!Delta)
        return true;
      // Off is relative to this array; a flexible array member (size 0) has no end. One
      // element before the start counts as inside, as one past the end does: a stack
      // kept as `top = stack - 1` (an empty stack, klib's kavl iterator) stays in it.
      int64_t To = int64_t(Off) + *Delta;
      uint64_t AS = size(T);
      return To >= -int64_t(ES) && (AS == 0 || To <= int64_t(AS));
    }
    return strideInside(E, Off % ES, Step, Delta);
  }
  case TypeInfo::Struct:
  case TypeInfo::Union:
    for (const TypeInfo::Field &F : I.Fields) {
      uint64_t FS = size(F.Type);
      // A flexible array member extends past the end of the struct.
      bool In = Off >= F.Offset &&
                (FS ? Off < F.Offset + FS : Types[F.Type].K == TypeInfo::Array);
      if (In && strideInside(F.Type, Off - F.Offset, Step, Delta))
        return true;
    }
    return false;
  default:
    return false;
  }
}

bool TypeTable::isUntypableUnion(TypeId T) const {
  if (!T || Types[T].K != TypeInfo::Union)
    return false;
  bool HasPointer = false;
  std::set<TypeId> Members;
  for (const TypeInfo::Field &F : Types[T].Fields) {
    std::vector<uint64_t> Ptrs;
    pointerOffsets(F.Type, Ptrs);
    HasPointer |= !Ptrs.empty();
    Members.insert(F.Type);
  }
  return HasPointer && Members.size() > 1;
}

} // namespace ptrcomp::dsa
