//===- LinkCheck.cpp - the external symbols of units, and their link ------===//
#include "LinkCheck.h"

#include "ptrcomp/Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace clang;
namespace ptrcomp {

bool commonSymbols(const std::vector<std::string> &Args) {
  bool Common = false;
  for (const std::string &A : Args) {
    if (A == "-fcommon")
      Common = true;
    else if (A == "-fno-common")
      Common = false;
  }
  return Common;
}

namespace {

/// Whether \p Def, a function's definition, gives the unit an external symbol.
bool externalDefinition(const FunctionDecl *Def) {
  if (Def->hasAttr<WeakAttr>())
    return false; // may be defined again elsewhere
  // C99 6.7.4: an inline definition is no external definition unless some file-scope
  // declaration of the unit has `extern` or lacks `inline`; gnu89 (and gnu_inline): an
  // `extern inline` definition never is, unless a declaration has `inline` without
  // `extern`. Clang knows both.
  if (Def->isInlined())
    return Def->isInlineDefinitionExternallyVisible();
  return true;
}

/// The first use of each of a set of declarations, in source order.
class FirstUses : public RecursiveASTVisitor<FirstUses> {
public:
  FirstUses(std::map<const Decl *, std::string> &Wanted,
            llvm::function_ref<void(const std::string &, SourceLocation)> Found)
      : Wanted(Wanted), Found(Found) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    auto It = Wanted.find(E->getDecl()->getCanonicalDecl());
    if (It != Wanted.end()) {
      Found(It->second, E->getBeginLoc());
      Wanted.erase(It);
    }
    return !Wanted.empty();
  }

private:
  std::map<const Decl *, std::string> &Wanted;
  llvm::function_ref<void(const std::string &, SourceLocation)> Found;
};

} // namespace

UnitSymbols unitSymbols(ASTContext &Ctx, bool Common,
                        llvm::function_ref<std::string(FileID)> PathOf,
                        bool UsePlaces) {
  const SourceManager &SM = Ctx.getSourceManager();
  UnitSymbols Out;
  auto PlaceOf = [&](SourceLocation L) {
    SymbolPlace P;
    L = SM.getExpansionLoc(L);
    if (L.isInvalid())
      return P;
    auto [FID, Off] = SM.getDecomposedLoc(L);
    P.RealPath = PathOf(FID);
    P.Offset = Off;
    return P;
  };
  // Declared by the C library or the pool runtime: what the program is linked with.
  auto Library = [&](const Decl *D) {
    for (const Decl *R : D->redecls()) {
      SourceLocation L = SM.getExpansionLoc(R->getLocation());
      if (L.isInvalid())
        continue;
      if (SM.isInSystemHeader(L))
        return true;
      if (llvm::sys::path::filename(compat::fileName(SM, SM.getFileID(L))) ==
          "ptrcomp_rt.h")
        return true;
    }
    return false;
  };
  std::map<const Decl *, std::string> Wanted; // canonical declaration -> name
  llvm::SmallPtrSet<const Decl *, 32> Seen;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (auto *FD = dyn_cast<FunctionDecl>(D)) {
      if (!Seen.insert(FD->getCanonicalDecl()).second)
        continue;
      if (!FD->getIdentifier() || !FD->isExternallyVisible())
        continue;
      std::string Name = FD->getName().str();
      const FunctionDecl *Def = nullptr;
      if (FD->hasBody(Def) && Def && externalDefinition(Def)) {
        Out.Defined.emplace(Name, PlaceOf(Def->getLocation()));
        continue;
      }
      if (FD->isUsed() && !FD->getBuiltinID() && !Library(FD)) {
        Out.Used.emplace(Name, SymbolPlace());
        Wanted.emplace(FD->getCanonicalDecl(), Name);
      }
    } else if (auto *VD = dyn_cast<VarDecl>(D)) {
      if (!Seen.insert(VD->getCanonicalDecl()).second)
        continue;
      if (!VD->getIdentifier() || !VD->isFileVarDecl() || !VD->isExternallyVisible())
        continue;
      std::string Name = VD->getName().str();
      const VarDecl *Def = VD->getDefinition();
      const VarDecl *Tentative = VD->getActingDefinition();
      if (!Def && !Common)
        Def = Tentative; // -fno-common: a tentative definition is a definition
      if (Def) {
        if (!Def->hasAttr<WeakAttr>())
          Out.Defined.emplace(Name, PlaceOf(Def->getLocation()));
        continue;
      }
      if (Tentative)
        continue; // a common symbol, merged with the others by the linker
      if (VD->isUsed() && !Library(VD)) {
        Out.Used.emplace(Name, SymbolPlace());
        Wanted.emplace(VD->getCanonicalDecl(), Name);
      }
    }
  }
  if (UsePlaces && !Wanted.empty()) {
    auto Found = [&](const std::string &Name, SourceLocation L) {
      Out.Used[Name] = PlaceOf(L);
    };
    FirstUses Visitor(Wanted, Found);
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
      if (Wanted.empty())
        break;
      SourceLocation L = SM.getExpansionLoc(D->getLocation());
      if (L.isValid() && SM.isInSystemHeader(L))
        continue;
      Visitor.TraverseDecl(D);
    }
  }
  return Out;
}

std::vector<LinkError> checkLink(const std::vector<const UnitSymbols *> &Before,
                                 const std::vector<const UnitSymbols *> &After) {
  std::map<std::string, std::vector<std::pair<unsigned, SymbolPlace>>> NewDefs;
  std::map<std::string, std::set<unsigned>> OldDefs;
  std::set<std::string> OldUsed;
  for (unsigned U = 0; U < Before.size(); ++U) {
    const UnitSymbols *A = U < After.size() && After[U] ? After[U] : Before[U];
    if (A)
      for (auto &[Name, Place] : A->Defined)
        NewDefs[Name].emplace_back(U, Place);
    if (Before[U]) {
      for (auto &KV : Before[U]->Defined)
        OldDefs[KV.first].insert(U);
      for (auto &KV : Before[U]->Used)
        OldUsed.insert(KV.first);
    }
  }
  std::vector<LinkError> Out;
  // Defined in more than one unit, where the original did not define it in exactly
  // those units (tentative definitions of -fcommon, or a program that never linked).
  for (auto &[Name, Defs] : NewDefs) {
    if (Defs.size() < 2)
      continue;
    std::set<unsigned> Units;
    for (auto &D : Defs)
      Units.insert(D.first);
    auto Old = OldDefs.find(Name);
    if (Old != OldDefs.end() && Old->second == Units)
      continue;
    LinkError E;
    E.K = LinkError::MultipleDefinition;
    E.Symbol = Name;
    E.Places = {Defs[0], Defs[1]};
    Out.push_back(std::move(E));
  }
  // Used and defined nowhere: a new use (a clone, a size or a pool that no unit
  // defines), or one whose definition the rewrite removed. A use the original makes of
  // a symbol it does not define either is the libraries'.
  std::set<std::string> Reported;
  for (unsigned U = 0; U < After.size(); ++U) {
    if (!After[U])
      continue;
    for (auto &[Name, Place] : After[U]->Used) {
      if (NewDefs.count(Name) || Reported.count(Name))
        continue;
      if (!OldDefs.count(Name) && OldUsed.count(Name))
        continue;
      Reported.insert(Name);
      LinkError E;
      E.K = LinkError::Undefined;
      E.Symbol = Name;
      E.Places = {{U, Place}};
      Out.push_back(std::move(E));
    }
  }
  return Out;
}

} // namespace ptrcomp
