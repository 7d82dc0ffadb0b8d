//===- GlobalImage.h - the first values of global objects moved into a pool -===//
//
// A global object that moves into a pool (`static struct node nil = {&nil, &nil, 1};`)
// is made by the runtime when the pool is set up, as a copy of its part of the pool's
// image: a constant array of the pool's layout, written at the end of the unit that
// defines the objects (`const struct node_pc32 P_nil_image[1] = {[0] = {.left = nil,
// .right = nil, .color = 1}};`). Its values are the program's own constants, with each
// address of a moved object written as that object's index, itself a constant.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_GLOBALIMAGE_H
#define PTRCOMP_REWRITE_GLOBALIMAGE_H

#include "ptrcomp/analysis/Plan.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class Expr;
class VarDecl;
} // namespace clang

namespace ptrcomp {

/// The index that constant pointer \p E stands for when it is null ("0") or the address
/// of a global object moved into a pool, or of one of its elements (`&nil` -> "nil",
/// `heads + 2` -> "(heads + 2)"); nullopt for any other pointer.
std::optional<std::string> pooledAddressConstant(const dsa::Plan &P, const clang::Expr *E,
                                                 clang::ASTContext &Ctx);

/// The name of pool \p Pl's image ("P_nil_image").
std::string imageName(const dsa::Pool &Pl);

/// The elements of pool \p Pl's image that global \p VD's initialiser gives
/// ("[0] = {.left = nil, .key = 1}", one per object of an array, comma-separated), or
/// nullopt with the reason in \p Why.
std::optional<std::string> imageElements(const dsa::Plan &P, int Pl,
                                         const dsa::Pool::Variable &Var,
                                         const clang::VarDecl *VD, std::string &Why);

/// The brace list of global or static local \p VD, a holder of layout \p LayoutId (a
/// struct that keeps its place and holds indices), written for the layout as an image's
/// object is (`{.key = -1, .name = "all"}`), or nullopt with the reason in \p Why.
std::optional<std::string> holderList(const dsa::Plan &P, int LayoutId,
                                      const clang::VarDecl *VD, std::string &Why);

} // namespace ptrcomp

#endif
