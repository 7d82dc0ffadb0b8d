//===- TypeTable.cpp ------------------------------------------------------===//
#include "ptrcomp/analysis/TypeTable.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {

TypeTable::TypeTable() { Types.emplace_back(); } // id 0 = no type

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

TypeId TypeTable::get(QualType QT, const ASTContext &Ctx) {
  if (QT.isNull())
    return NoType;
  QualType T = QT.getCanonicalType().getUnqualifiedType();
  const clang::Type *Ty = T.getTypePtr();

  std::string Key;
  const RecordDecl *RD = nullptr;
  if (const auto *RT = Ty->getAs<RecordType>()) {
    RD = RT->getDecl();
    Key = recordKey(RD, Ctx);
  } else {
    PrintingPolicy PP(Ctx.getLangOpts());
    PP.SuppressTagKeyword = false;
    Key = T.getAsString(PP);
  }
  auto It = ByKey.find(Key);
  if (It != ByKey.end())
    return It->second;

  TypeId Id = Types.size();
  Types.emplace_back();
  ByKey[Key] = Id;
  TypeInfo Info;
  Info.Name = RD ? Key : T.getAsString(PrintingPolicy(Ctx.getLangOpts()));
  if (!Ty->isIncompleteType() && !Ty->isFunctionType() && !Ty->isVoidType() &&
      !Ty->isDependentType() && !Ty->isSizelessType())
    Info.Size = Ctx.getTypeSizeInChars(T).getQuantity();

  if (Ty->isVoidType()) {
    Info.K = TypeInfo::Void;
  } else if (Ty->isFunctionType()) {
    Info.K = TypeInfo::Function;
  } else if (Ty->isAnyPointerType() || Ty->isBlockPointerType()) {
    Info.K = TypeInfo::Pointer;
    Types[Id] = Info; // break cycles (struct with a pointer to itself) before recursing
    Info.Pointee = get(Ty->getPointeeType(), Ctx);
  } else if (Ty->isCharType()) {
    Info.K = TypeInfo::Char;
  } else if (const auto *AT = Ctx.getAsArrayType(T)) {
    Info.K = TypeInfo::Array;
    Types[Id] = Info;
    TypeId Elem = get(AT->getElementType(), Ctx);
    Info.Fields.push_back({0, Elem, "", false});
    if (const auto *CAT = dyn_cast<ConstantArrayType>(AT))
      Info.ArrayCount = CAT->getSize().getZExtValue();
  } else if (RD) {
    const RecordDecl *Def = RD->getDefinition();
    if (!Def || Def->isInvalidDecl()) {
      Info.K = TypeInfo::Incomplete;
    } else {
      Info.K = Def->isUnion() ? TypeInfo::Union : TypeInfo::Struct;
      Types[Id] = Info;
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(Def);
      for (const FieldDecl *F : Def->fields()) {
        uint64_t Off = L.getFieldOffset(F->getFieldIndex()) / 8;
        TypeId FT = get(F->getType(), Ctx);
        Info.Fields.push_back({Off, FT, F->getName().str(), F->isBitField()});
      }
    }
  } else if (Ty->isIncompleteType()) {
    Info.K = TypeInfo::Incomplete;
  } else {
    Info.K = TypeInfo::Scalar;
  }
  Types[Id] = std::move(Info);
  return Id;
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
    // Same-size scalars of one kind (int vs unsigned int) read the same bytes.
    return Off == 0 && O.K == TypeInfo::Scalar && I.K == TypeInfo::Scalar &&
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
