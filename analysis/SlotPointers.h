//===- SlotPointers.h - pointers to the places that hold node pointers ----===//
//
// The usual way to insert into or delete from a linked list walks a pointer to the link
// that holds the current node:
//
//   struct node **pp = &head;                      // a variable
//   while (*pp && (*pp)->key < k) pp = &(*pp)->next;  // a field of a node
//   n->next = *pp; *pp = n;
//
// Unifying what `pp` points to would make the variable `head` and the nodes one object
// set, so the nodes would hold a global or stack object. Yet pp is only a way to reach
// a place holding a `struct node *`: whether that place is a variable or a field does
// not matter to anything pp does with it. Such a *slot pointer* points to a node of its
// own (a slot node), whose one pointer is unified with the pointers of every place pp
// may designate; the places stay separate objects. Once the nodes' pointers are indices,
// every such place holds an index and pp becomes a `pc_idx32 *`.
//
// This is sound only while the slot pointer's value stays where the graph follows it:
// it is read through (`*pp`, `(*pp)->f`, `&(*pp)->f`), written to, tested against null,
// and assigned to or from other slot pointers. A variable of type `T **` (T a struct)
// used only so is a slot pointer: a local or parameter, or a variable with static
// storage that no other file can name (`static struct job **tail = &head;`, the tail of
// a queue); so is a member of a struct used only so in the file (`stqh_last` of
// <sys/queue.h>'s STAILQ, `tqe_prev` of its TAILQ). One whose value goes anywhere else
// (a call, a return, a cast, arithmetic, `&pp`) is an ordinary pointer, and so is every
// slot pointer assigned to or from it.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_ANALYSIS_SLOTPOINTERS_H
#define PTRCOMP_ANALYSIS_SLOTPOINTERS_H

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include "llvm/ADT/ArrayRef.h"

namespace clang {
class ASTContext;
class Expr;
class FunctionDecl;
class ValueDecl;
class VarDecl;
} // namespace clang

namespace ptrcomp::dsa {

/// The slot pointers of a translation unit (canonical declarations of variables and
/// struct members), from the bodies of its function definitions \p Functions and the
/// initializers of its global variable definitions \p Globals.
llvm::DenseSet<const clang::ValueDecl *>
findSlotPointers(clang::ASTContext &Ctx, llvm::ArrayRef<const clang::FunctionDecl *> Functions,
                 llvm::ArrayRef<const clang::VarDecl *> Globals);

/// The places whose pointers a slot pointer takes on from \p Source, the right-hand side
/// of its assignment or its initializer: each arm of a conditional, else \p Source
/// itself (parentheses dropped). Null pointer constants are left out.
void slotSources(const clang::Expr *Source, llvm::SmallVectorImpl<const clang::Expr *> &Out);

/// The variable or struct member (canonical) that \p E names, parentheses dropped, or
/// null.
const clang::ValueDecl *slotNamed(const clang::Expr *E);

} // namespace ptrcomp::dsa

#endif
