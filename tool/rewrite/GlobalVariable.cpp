//===- GlobalVariable.cpp - the new declaration of a global pointer variable ===//
#include "GlobalVariable.h"
#include "GlobalImage.h"
#include "VersionView.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
namespace ptrcomp {

/// `const volatile ` for a type so qualified: an index stored in a volatile pointer's
/// place is just as volatile (a flag a signal handler sets).
static std::string qualifiers(QualType T) {
  std::string Q = T.getLocalQualifiers().getAsString();
  return Q.empty() ? "" : Q + " ";
}

/// New spelling of a global of type \p T stored at \p Storage: an index into the global
/// pool of the structure it points to (also element by element for arrays).
/// \p PointsToHolder (when given) is set when the new type points to memory whose layout
/// changes with it (a holder, or places holding indices): its initialiser, an address,
/// keeps its text.
static std::string globalDecl(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::Cell Storage,
                              QualType T, const std::string &Name, ASTContext &Ctx,
                              int &PoolId, std::set<int> &Pools,
                              bool *PointsToHolder = nullptr) {
  dsa::DSGraph &G = *PG.Globals;
  if (T->isStructureType()) {
    // A struct-typed global that holds indices (`struct table T;`).
    dsa::Cell C = G.resolve(Storage);
    auto It = P.GlobalHolders.find(C.Node);
    if (C.isNull() || C.Offset != 0 || It == P.GlobalHolders.end() ||
        PG.Types.get(T.getCanonicalType().getUnqualifiedType(), Ctx) !=
            P.Layouts[It->second].Struct)
      return "";
    Pools = P.GlobalHolderPools.at(C.Node);
    if (!Pools.empty())
      PoolId = *Pools.begin();
    return dsa::layoutTypeName(P.Layouts[It->second]) + " " + Name;
  }
  if (T->isAnyPointerType()) {
    dsa::Cell C = G.edgeIfAny(Storage);
    if (C.isNull())
      return "";
    // A pointer to places that hold pointers into an indexed pool: an array of such
    // pointers (`struct node **table`, allocated at run time) or a link of a node
    // (`static struct node **tail = &head;` ... `tail = &n->next;`) holds indices.
    QualType Elem = T->getPointeeType();
    if (Elem->isAnyPointerType()) {
      int ElemPool = -1;
      std::string D = globalDecl(PG, P, C, Elem.getUnqualifiedType(), "*" + Name, Ctx,
                                 ElemPool, Pools);
      if (D.empty())
        return "";
      // Its initialiser is an address of such places (`&head`, `table`), which hold
      // indices now too: it keeps its text.
      if (PointsToHolder)
        *PointsToHolder = true;
      return qualifiers(Elem) + D;
    }
    if (C.Offset != 0)
      return "";
    // A pointer to a global holder whose layout changes (`static struct buf *cur =
    // &used;`) points to the new layout; its initialiser, an address, keeps its text.
    QualType Target = T->getPointeeType();
    if (auto HIt = P.GlobalHolders.find(C.Node);
        PointsToHolder && HIt != P.GlobalHolders.end() && Target->isStructureType() &&
        PG.Types.get(Target.getCanonicalType().getUnqualifiedType(), Ctx) ==
            P.Layouts[HIt->second].Struct) {
      Pools = P.GlobalHolderPools.at(C.Node);
      *PointsToHolder = true;
      return qualifiers(Target) + dsa::layoutTypeName(P.Layouts[HIt->second]) + " *" + Name;
    }
    for (unsigned I = 0; I < P.Pools.size(); ++I) {
      dsa::PoolTable::Key K = P.Pools.key(I);
      if (!K.Global || K.Node != C.Node || !K.Indexed)
        continue;
      const dsa::Pool &Pl = P.Pools[I];
      QualType Pointee = T->getPointeeType().getCanonicalType().getUnqualifiedType();
      if (!(Pointee->isVoidType() ||
            (Pointee->isRecordType() && PG.Types.get(Pointee, Ctx) == Pl.Struct)))
        return "";
      PoolId = I;
      Pools.insert(I);
      return "pc_idx" + std::to_string(Pl.Bits) + " " + Name;
    }
    return "";
  }
  // (An array of arrays too: `grid[2][3]` keeps both dimensions.)
  if (const auto *CAT = Ctx.getAsConstantArrayType(T))
    return globalDecl(PG, P, Storage, CAT->getElementType(),
                      Name + "[" + std::to_string(CAT->getSize().getZExtValue()) + "]", Ctx,
                      PoolId, Pools);
  return "";
}

int globalHolderLayout(dsa::ProgramGraphs &PG, const dsa::Plan &P, const VarDecl *VD) {
  auto It = PG.GlobalCells.find(dsa::globalKey(VD));
  if (It == PG.GlobalCells.end() || !VD->getType()->isStructureType())
    return -1;
  dsa::Cell C = PG.Globals->resolve(It->second);
  auto H = P.GlobalHolders.find(C.Node);
  if (C.isNull() || C.Offset != 0 || H == P.GlobalHolders.end() ||
      PG.Types.get(VD->getType().getCanonicalType().getUnqualifiedType(),
                   VD->getASTContext()) != P.Layouts[H->second].Struct)
    return -1;
  return H->second;
}

std::string globalDeclarator(dsa::ProgramGraphs &PG, const dsa::Plan &P, const VarDecl *VD,
                             std::set<int> &Pools) {
  auto It = PG.GlobalCells.find(dsa::globalKey(VD));
  if (It == PG.GlobalCells.end())
    return "";
  int Pool = -1;
  // A variable that moves into a pool: its name is an index (pooledVariableDecl).
  if (const dsa::Pool::Variable *Var = P.pooledVariable(It->first, &Pool)) {
    Pools.insert(Pool);
    const dsa::Pool &Po = P.Pools[Pool];
    return (Po.Bits == 64 ? "pc_idx64 " : "pc_idx" + std::to_string(Po.Bits) + " ") +
           Var->Name;
  }
  return globalDecl(PG, P, It->second, VD->getType(), VD->getName().str(),
                    VD->getASTContext(), Pool, Pools);
}

std::map<unsigned, unsigned> declarationStarts(ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::map<unsigned, unsigned> Starts;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (isa<VarDecl>(D))
      ++Starts[SM.getFileOffset(SM.getExpansionLoc(D->getBeginLoc()))];
  return Starts;
}

/// A variable whose objects live in pool Out.Pool: every declaration of it becomes the
/// index of its first object, a constant (`enum { root = 1 };`), so that its name still
/// means where the object is in every unit and in static initializers.
static GlobalRewrite pooledVariableDecl(const dsa::Plan &P, const VarDecl *VD,
                                        const dsa::Pool::Variable &Var, GlobalRewrite &Out) {
  ASTContext &Ctx = VD->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  Out.Pools.insert(Out.Pool);
  std::string Name = "global '" + Var.Name + "' (" + Var.Loc + ")";
  std::string Where = dsa::locationString(Ctx, VD->getLocation());
  auto Refuse = [&](const std::string &Why) {
    Out.Why = Name + ", which would move into a pool, " + Why;
    return Out;
  };
  if (VD->getBeginLoc().isMacroID() || VD->getLocation().isMacroID())
    return Refuse("is declared in a macro at " + Where);
  for (const Attr *A : VD->attrs())
    if (!A->isImplicit())
      return Refuse("has an attribute or alignment specifier at " +
                    dsa::locationString(Ctx, A->getLocation()));
  if (VD->getTSCSpec() != TSCS_unspecified)
    return Refuse("has one object per thread (" + Where + ")");
  if (Ctx.getBaseElementType(VD->getType()).isVolatileQualified())
    return Refuse("is volatile (" + Where + ")");
  // Its values go into the pool's image, which the unit defining it writes
  // (GlobalImage.h): one unit, so not a header's definition, which several may share.
  if (const Expr *Init = VD->getInit(); Init && !isZeroInitializer(Init, Ctx)) {
    if (!SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())))
      return Refuse("is initialised in a header (" + Where + ")");
    std::string Why;
    std::optional<std::string> Elements = imageElements(P, Out.Pool, Var, VD, Why);
    if (!Elements)
      return Refuse(Why);
    Out.Image = *Elements;
  }
  // `struct node a, b;`: the other declarators keep their own type.
  unsigned Declarators = 0;
  for (const Decl *D : VD->getDeclContext()->decls())
    if (const auto *Other = dyn_cast<VarDecl>(D);
        Other && SM.getExpansionLoc(Other->getBeginLoc()) ==
                     SM.getExpansionLoc(VD->getBeginLoc()))
      ++Declarators;
  if (Declarators > 1)
    return Refuse("is declared together with other variables at " + Where);
  // A declaration after the first in this unit (the definition after a header's
  // `extern`): the constant is declared already, and an enumerator cannot be declared
  // twice. The `;` that follows stays, an empty declaration.
  if (VD->getPreviousDecl()) {
    Out.Decl = "/* ptrcomp: '" + Var.Name + "' is an index into a pool, declared above */";
    return Out;
  }
  const dsa::Pool &Po = P.Pools[Out.Pool];
  std::string Objects = Var.Array ? "objects " + std::to_string(Var.First) + ".." +
                                        std::to_string(Var.First + Var.Count - 1)
                                  : "object " + std::to_string(Var.First);
  Out.Decl = "enum { " + Var.Name + " = " + std::to_string(Var.First) + " /* ptrcomp: " +
             Objects + " of pool " + Po.Name + " */ }";
  return Out;
}

GlobalRewrite rewriteGlobal(dsa::ProgramGraphs &PG, const dsa::Plan &P, const VarDecl *VD,
                            const std::map<unsigned, unsigned> &Starts) {
  GlobalRewrite Out;
  ASTContext &Ctx = VD->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto It = PG.GlobalCells.find(dsa::globalKey(VD));
  if (It == PG.GlobalCells.end())
    return Out;
  if (const dsa::Pool::Variable *Var = P.pooledVariable(It->first, &Out.Pool))
    return pooledVariableDecl(P, VD, *Var, Out);
  bool PointsToHolder = false;
  std::string New =
      globalDecl(PG, P, It->second, VD->getType(), VD->getName().str(), Ctx, Out.Pool,
                 Out.Pools, &PointsToHolder);
  if (New.empty())
    return Out;
  std::string Name = "global '" + VD->getName().str() + "'";
  std::string Where = dsa::locationString(Ctx, VD->getLocation());
  auto S = Starts.find(SM.getFileOffset(SM.getExpansionLoc(VD->getBeginLoc())));
  if ((S != Starts.end() && S->second > 1) || VD->getBeginLoc().isMacroID()) {
    // Rewriting one declarator of `struct node *a, b;` would need the others' types.
    Out.Why = Name + " is declared together with other variables or in a macro at " + Where;
    return Out;
  }
  // Attributes and alignment specifiers (`_Alignas(64)`, `__attribute__((aligned))`,
  // `section`) belong to the variable and would be lost or land on the struct.
  for (const Attr *A : VD->attrs())
    if (!A->isImplicit()) {
      Out.Why = Name + " has an attribute or alignment specifier at " +
                dsa::locationString(Ctx, A->getLocation()) +
                ", which its new declaration would not keep";
      return Out;
    }
  // The variable's own qualifiers (of its elements, for an array): `volatile` matters.
  std::string Qualifiers = qualifiers(Ctx.getBaseElementType(VD->getType()));
  std::string Prefix = VD->getStorageClass() == SC_Extern   ? "extern "
                       : VD->getStorageClass() == SC_Static ? "static "
                                                             : "";
  // One root per thread stays one root per thread.
  switch (VD->getTSCSpec()) {
  case TSCS___thread:
    Prefix += "__thread ";
    break;
  case TSCS__Thread_local:
    Prefix += "_Thread_local ";
    break;
  case TSCS_thread_local:
    Prefix += "thread_local ";
    break;
  case TSCS_unspecified:
    break;
  }
  if (const Expr *Init = VD->getInit(); Init && PointsToHolder) {
    CharSourceRange IR = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Init->getSourceRange()), SM, Ctx.getLangOpts());
    if (IR.isInvalid()) {
      Out.Why = Name + " is initialised in a macro at " + Where;
      return Out;
    }
    New += " = " + Lexer::getSourceText(IR, SM, Ctx.getLangOpts()).str();
  } else if (Init) {
    // A static initialiser cannot compute an index: only null initialisers convert, and
    // addresses of global objects moved into the pool, whose indices are constants.
    Expr::EvalResult R;
    const Expr *I = Init->IgnoreParenCasts();
    bool Zero = isa<ImplicitValueInitExpr>(I) ||
                Init->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) ||
                (I->getType()->isIntegerType() && I->EvaluateAsInt(R, Ctx) &&
                 R.Val.getInt() == 0);
    std::optional<std::string> Index;
    if (const auto *ILE = dyn_cast<InitListExpr>(I)) {
      Zero = isZeroInitializer(ILE, Ctx);
      if (int Layout = globalHolderLayout(PG, P, VD); !Zero && Layout >= 0) {
        // A holder's list, written for its layout.
        std::string Why;
        std::optional<std::string> List = holderList(P, Layout, VD, Why);
        if (!List) {
          Out.Why = Name + " " + Why;
          return Out;
        }
        New += " = " + *List;
        Zero = true;
      } else {
        New += " = {0}";
      }
    } else if (Zero) {
      New += " = 0";
    } else if (Out.Pool >= 0 && !P.Pools[Out.Pool].Variables.empty()) {
      Index = pooledAddressConstant(P, Init, Ctx);
      if (Index)
        New += " = " + *Index;
    }
    if (!Zero && !Index) {
      Out.Why = Name + (isa<InitListExpr>(I) && VD->getType()->isArrayType()
                            ? " (an array of structs whose pointers become indices) is "
                              "initialised with a brace list that is not all zeros, which "
                              "ptrcomp writes again only for a single struct, at "
                            : " is initialised with a pointer at ") +
                Where;
      return Out;
    }
  }
  CharSourceRange CR = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(VD->getSourceRange()), SM, Ctx.getLangOpts());
  if (CR.isInvalid()) {
    Out.Why = Name + " is declared in a macro";
    return Out;
  }
  Out.Decl = Prefix + Qualifiers + New;
  return Out;
}

} // namespace ptrcomp
