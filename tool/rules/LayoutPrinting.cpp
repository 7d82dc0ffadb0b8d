//===- LayoutPrinting.cpp - struct layouts that can be spelled again ----------===//
#include "LayoutPrinting.h"

#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/ProgramGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"

using namespace clang;
namespace ptrcomp {

std::string unprintableLayout(const RecordDecl *RD) {
  // Members are printed from their types, which loses anonymous structs and unions
  // (their types have no name to print) and alignment and packing attributes (which
  // would silently change the layout).
  ASTContext &Ctx = RD->getASTContext();
  std::string Where = dsa::locationString(Ctx, RD->getLocation());
  if (RD->hasAttr<PackedAttr>() || RD->hasAttr<AlignedAttr>() ||
      RD->hasAttr<MaxFieldAlignmentAttr>())
    return "its struct has a packing or alignment attribute (" + Where +
           "), which a new layout would not keep";
  // `static struct { ... } q;`: nothing names the struct, nor could name a new layout.
  if (!RD->getIdentifier() && !RD->getTypedefNameForAnonDecl() &&
      RD->getDeclContext()->isFileContext())
    return "its struct has no name (" + Where + "), which a new layout would need";
  for (const FieldDecl *FD : RD->fields()) {
    std::string At = dsa::locationString(Ctx, FD->getLocation());
    // An anonymous struct or union (`union { struct node *succ, *pred; };`) is printed
    // inline, member by member, like a named member of an unnamed type below.
    if (FD->isAnonymousStructOrUnion()) {
      const RecordDecl *Inner = FD->getType()->getAsRecordDecl();
      if (Inner && Inner->getDefinition()) {
        if (std::string Why = unprintableLayout(Inner->getDefinition()); !Why.empty())
          return Why;
        continue;
      }
    }
    // An unnamed bit-field (`unsigned : 0;`) prints as it is written.
    if (FD->isAnonymousStructOrUnion() ||
        (FD->getName().empty() && !compat::isUnnamedBitField(FD)))
      return "its struct has an anonymous member at " + At +
             ", which a new layout would not keep";
    QualType T = FD->getType();
    // A named member of an unnamed struct type (`struct { struct node *next; } link;`,
    // as <sys/queue.h> declares entries) is printed inline, member by member.
    if (const auto *RT = T->getAs<RecordType>();
        RT && (RT->getDecl()->isStruct() || RT->getDecl()->isUnion()) &&
        !RT->getDecl()->getIdentifier() && RT->getDecl()->getDefinition()) {
      if (std::string Why = unprintableLayout(RT->getDecl()->getDefinition()); !Why.empty())
        return Why;
      continue;
    }
    while (const ArrayType *AT = Ctx.getAsArrayType(T))
      T = AT->getElementType();
    if (const auto *RT = T->getAs<RecordType>())
      if (RT->getDecl()->getDeclName().isEmpty() || !RT->getDecl()->getIdentifier())
        return "its struct has a member of an unnamed struct or union type at " + At +
               ", which a new layout would not keep";
    // A member of an unnamed enum type is declared with the enum's integer type (see
    // memberText); an array of them is not.
    if (const auto *ET = T->getAs<EnumType>();
        ET && !ET->getDecl()->getIdentifier() && !ET->getDecl()->getTypedefNameForAnonDecl() &&
        T != FD->getType())
      return "its struct has an array of an unnamed enum type at " + At +
             ", which a new layout would not keep";
    if (FD->hasAttr<AlignedAttr>() || FD->hasAttr<PackedAttr>())
      return "its struct has a member with an alignment or packing attribute at " + At +
             ", which a new layout would not keep";
  }
  return "";
}

} // namespace ptrcomp
