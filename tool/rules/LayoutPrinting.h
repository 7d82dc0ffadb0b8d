//===- LayoutPrinting.h - struct layouts that can be spelled again ------------===//
//
// Rule: a compressed structure's objects get a new layout, a struct that ptrcomp prints
// member by member from the members' types (rewrite/LayoutOrder.cpp,
// rewrite/ProgramRewriter.cpp). A struct whose members cannot be spelled so keeps its
// layout, and its structure stays unchanged, with the member named:
// - packing or alignment attributes on the struct or a member (a new layout would not
//   keep them, and would silently change sizes and offsets);
// - a struct without a name or typedef at file scope (nothing could name the layout);
// - an anonymous member other than a struct or union printed inline, a member of an
//   unnamed struct, union or enum type in an array (the type has no name to print).
// Anonymous structs and unions, and members of an unnamed struct type (as
// <sys/queue.h> declares its entries), are printed inline, member by member.
//
// The unit facts (what each unit's structs allow), the legality check and the writer
// of layouts all ask unprintableLayout.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_RULES_LAYOUTPRINTING_H
#define PTRCOMP_RULES_LAYOUTPRINTING_H

#include <string>

namespace clang {
class RecordDecl;
}

namespace ptrcomp {

/// Why the members of \p RD cannot be spelled again one by one in a new layout, or "".
std::string unprintableLayout(const clang::RecordDecl *RD);

} // namespace ptrcomp

#endif
