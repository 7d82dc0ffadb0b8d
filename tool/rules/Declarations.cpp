//===- Declarations.cpp - local declarations whose variables change type -----===//
#include "Declarations.h"

#include "../rewrite/FunctionPointerTypes.h"
#include "../rewrite/GlobalImage.h"
#include "../rewrite/GlobalVariable.h"
#include "../rewrite/MacroBodies.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/Attr.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
namespace ptrcomp::rules {

/// Why local \p VD, which the plan moves into its owner's pool, cannot be allocated
/// where \p DS declares it and live until the pool is destroyed, or "".
static std::string pooledLocalProblem(const VersionView &V, const DeclStmt *DS,
                                      const VarDecl *VD) {
  ASTContext &Ctx = V.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Where = dsa::locationString(Ctx, VD->getLocation());
  std::string Name = "the local '" + VD->getName().str() + "' (" + Where +
                     "), which would move into a pool, ";
  const FunctionDecl *FD = V.function().Decl;
  const Stmt *Body = FD ? FD->getBody() : nullptr;
  // Allocated where it is declared, freed where its block is left (FunctionRewriter::
  // localFrees): at the block's end and by each return, break or continue that leaves
  // it. No goto may jump into the block or out of it, nor a case label into it.
  const auto *Scope = dyn_cast_or_null<CompoundStmt>(V.parentOf(DS));
  if (!Body || !Scope)
    return Name + "is not declared in a block of statements";
  if (isa_and_nonnull<StmtExpr>(V.parentOf(Scope)))
    return Name + "is declared in a statement expression";
  if (firstInCode(Body, [](const Stmt *S) {
        return isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S);
      }))
    return Name + "is in a function with a goto";
  for (const Stmt *A = V.parentOf(Scope); A; A = V.parentOf(A))
    if (isa<SwitchStmt>(A) && firstInCode(Scope, [](const Stmt *S) {
          return isa<SwitchCase>(S);
        }))
      return Name + "is declared in a block that a case label enters";
  // Its frees name it at the exits: no other declaration of the name may hide it there.
  if (const Stmt *Again = firstInCode(Body, [&](const Stmt *S) {
        const auto *Other = dyn_cast<DeclStmt>(S);
        return Other && llvm::any_of(Other->decls(), [&](const Decl *D) {
                 const auto *ND = dyn_cast<NamedDecl>(D);
                 return D != VD && ND && ND->getDeclName() == VD->getDeclName();
               });
      }))
    return Name + "has its name declared again in the function at " +
           dsa::locationString(Ctx, Again->getBeginLoc());
  // One block of a one-dimensional array's elements (the plan's Count).
  const dsa::Pool::Variable *Var = V.pooledLocal(VD);
  if (VD->getType()->isArrayType() && (!Var || !Var->Array))
    return Name + "is an array of more than one dimension or of variable length";
  if (VD->getType().isVolatileQualified())
    return Name + "is volatile";
  for (const Attr *A : VD->attrs())
    if (!A->isImplicit())
      return Name + "has an attribute at " + dsa::locationString(Ctx, A->getLocation());
  // A brace list is written again for the pool's layout and stored into the new object
  // (FunctionRewriter::declStmt); a struct value copied in is not.
  if (const Expr *Init = VD->getInit(); Init && !isZeroInitializer(Init, Ctx)) {
    std::string Why;
    auto It = V.function().VarStorage.find(VD);
    if (!isa<InitListExpr>(Init->IgnoreParens()) || It == V.function().VarStorage.end())
      return Name + "is initialised from a struct value: ptrcomp moves locals initialised "
                    "from a brace list, or not initialised, into pools";
    if (VD->getType()->isArrayType()
            ? !V.holderArrayInit(VD, Why, nullptr, /*InPool=*/true)
            : !V.holderInit(cast<InitListExpr>(Init->IgnoreParens()), VD->getType(),
                            It->second, Why, /*InPool=*/true))
      return Name + "is initialised from a list that ptrcomp cannot write for the pool" +
             (Why.empty() ? std::string() : " (" + Why + ")");
  }
  // Each exit that frees it must be written out in the file (as the rewriter finds a
  // statement's text: from its start to its semicolon), and so must the block's end.
  if (!V.fileRange(Scope->getRBracLoc()))
    return Name + "is in a block that ends inside a macro";
  if (const Stmt *R = firstInCode(Scope, [&](const Stmt *S) {
        return (isa<ReturnStmt>(S) || isa<BreakStmt>(S) || isa<ContinueStmt>(S)) &&
               (!V.fileRange(S->getBeginLoc()) ||
                Lexer::findLocationAfterToken(SM.getExpansionLoc(S->getEndLoc()), tok::semi,
                                              SM, Ctx.getLangOpts(), false)
                    .isInvalid());
      }))
    return Name + "would not be freed by the " +
           (isa<ReturnStmt>(R) ? "return" : isa<BreakStmt>(R) ? "break" : "continue") +
           " in a macro use at " + dsa::locationString(Ctx, R->getBeginLoc());
  return "";
}

/// The pooled variable static local \p VD is, with its pool in \p Pl, or null.
static const dsa::Pool::Variable *pooledStatic(const VersionView &V, const VarDecl *VD,
                                               int *Pl = nullptr) {
  if (!VD->isStaticLocal())
    return nullptr;
  return V.plan().pooledVariable(dsa::globalKey(VD), Pl);
}

std::string pooledStaticLocalDecl(const VersionView &V, const VarDecl *VD) {
  int Pl = -1;
  const dsa::Pool::Variable *Var = pooledStatic(V, VD, &Pl);
  if (!Var)
    return "";
  std::string Objects = Var->Array ? "objects " + std::to_string(Var->First) + ".." +
                                         std::to_string(Var->First + Var->Count - 1)
                                   : "object " + std::to_string(Var->First);
  return "enum { " + Var->Name + " = " + std::to_string(Var->First) + " /* ptrcomp: " +
         Objects + " of pool " + V.plan().Pools[Pl].Name + " */ }";
}

/// Why static local \p VD, whose object pool \p Pl makes, cannot be declared as its
/// index where \p DS declares it, or "".
static std::string pooledStaticProblem(const VersionView &V, const DeclStmt *DS,
                                       const VarDecl *VD, int Pl,
                                       const dsa::Pool::Variable &Var) {
  ASTContext &Ctx = V.context();
  const SourceManager &SM = Ctx.getSourceManager();
  std::string Where = dsa::locationString(Ctx, VD->getLocation());
  std::string Name = "the static local '" + Var.Name + "' (" + Where +
                     "), which would move into a pool, ";
  if (!V.fileRange(DS->getSourceRange()))
    return Name + "is declared in a macro";
  // A header's function is in every unit that includes it, each with an object of its own
  // and one text for all.
  if (!SM.isInMainFile(SM.getExpansionLoc(VD->getLocation())))
    return Name + "is declared in a header";
  if (DS->decls().begin() + 1 != DS->decls().end())
    return Name + "is declared together with other variables";
  for (const Attr *A : VD->attrs())
    if (!A->isImplicit())
      return Name + "has an attribute or alignment specifier at " +
             dsa::locationString(Ctx, A->getLocation());
  if (VD->getTSCSpec() != TSCS_unspecified)
    return Name + "has one object per thread";
  if (Ctx.getBaseElementType(VD->getType()).isVolatileQualified())
    return Name + "is volatile";
  if (const Expr *Init = VD->getInit(); Init && !isZeroInitializer(Init, Ctx)) {
    std::string Why;
    if (!imageElements(V.plan(), Pl, Var, VD, Why))
      return Name + "has values that ptrcomp cannot write for the pool (" + Why + ")";
  }
  return "";
}

DeclarationDecision decideDeclaration(const VersionView &V, const DeclStmt *DS) {
  DeclarationDecision D;
  ASTContext &Ctx = V.context();
  const dsa::FunctionGraph &F = V.function();
  // `extern struct node nil;` inside a function, of a global that moves into a pool,
  // would declare an object again where the name is an index.
  for (const Decl *X : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(X); VD && !VD->isFileVarDecl() &&
                                                VD->hasGlobalStorage() &&
                                                !VD->isStaticLocal()) {
      int Pl = -1;
      if (const dsa::Pool::Variable *Var =
              V.plan().pooledVariable(dsa::globalKey(VD), &Pl)) {
        dsa::NodeEncoding E;
        E.Source = dsa::NodeEncoding::Global;
        E.Pool = Pl;
        D.Vetoes.push_back({E, -1, DS,
                            "the global '" + Var->Name + "' (" + Var->Loc +
                                "), which moves into a pool, is declared again inside a "
                                "function"});
        D.Rewritten = true;
        return D;
      }
    }
  for (const Decl *X : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(X))
      D.Rewritten |= !V.varDecl(VD).empty();
  if (!D.Rewritten)
    return D;
  dsa::NodeEncoding First;
  if (const auto *VD = dyn_cast<VarDecl>(*DS->decl_begin()))
    First = V.repOfVar(VD).E;
  // (OrAll: when \p E is no structure, every pool of the version.)
  auto Veto = [&](const dsa::NodeEncoding &E, const Stmt *At, std::string Why,
                  bool OrAll = false) {
    if (E.isPooled() || !OrAll) {
      D.Vetoes.push_back({E, -1, At, std::move(Why)});
    } else if (!D.AllPools) {
      D.AllPools = true;
      D.AllPoolsWhy = At ? Why + " at " + dsa::locationString(Ctx, At->getBeginLoc()) : Why;
    }
  };
  for (const Decl *X : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(X))
      if (retypedFunctionType(Ctx, V.plan(), VD->getTypeSourceInfo())) {
        Veto(First, DS,
             "a declaration of a function pointer beside variables whose type changes");
        return D;
      }
  std::string CommonType;
  bool Uniform = true;
  for (const Decl *X : DS->decls()) {
    const auto *VD = dyn_cast<VarDecl>(X);
    if (!VD) {
      Veto(First, DS, "a declaration mixing types and variables");
      return D;
    }
    std::string NewDecl = V.varDecl(VD);
    std::string Type = NewDecl.empty() ? "?" : NewDecl.substr(0, NewDecl.rfind(' '));
    // The declaration written again keeps `__attribute__((unused))` (declarationPrefix);
    // any other attribute or alignment (`aligned(64)`, `_Alignas`) would be lost.
    // (cleanup: rules/Cleanup.h; a local moved into a pool: pooledLocalProblem.)
    if (!NewDecl.empty() && !V.pooledLocal(VD) && !VD->isStaticLocal())
      for (const Attr *A : VD->attrs())
        if (!A->isImplicit() && !isa<UnusedAttr>(A) && !isa<CleanupAttr>(A)) {
          dsa::NodeEncoding E = V.repOfVar(VD).E;
          Veto(E.isPooled() ? E : V.encOfCell(F.VarStorage.lookup(VD)), nullptr,
               "the variable '" + VD->getName().str() + "' has an attribute or alignment "
               "at " + dsa::locationString(Ctx, A->getLocation()) +
               ", which its declaration written again would not keep", true);
          return D;
        }
    std::string HolderWhy;
    dsa::NodeEncoding Pooled;
    int StaticPool = -1;
    if (const dsa::Pool::Variable *Var = pooledStatic(V, VD, &StaticPool)) {
      if (std::string Why = pooledStaticProblem(V, DS, VD, StaticPool, *Var); !Why.empty()) {
        dsa::NodeEncoding E;
        E.Source = dsa::NodeEncoding::Global;
        E.Pool = StaticPool;
        Veto(E, nullptr, Why); // names the place
      }
    } else if (V.pooledLocal(VD, &Pooled)) {
      if (std::string Why = pooledLocalProblem(V, DS, VD); !Why.empty())
        Veto(Pooled, nullptr, Why); // names the place
    } else if (auto Elems = V.holderInit(VD, HolderWhy)) {
      if (const auto *ILE = dyn_cast<InitListExpr>(VD->getInit()))
        D.HolderInits.insert(ILE->isSemanticForm() ? ILE : ILE->getSemanticForm());
    } else if (std::vector<const InitListExpr *> Lists;
               HolderWhy.empty() && V.holderArrayInit(VD, HolderWhy, &Lists)) {
      D.HolderInits.insert(Lists.begin(), Lists.end());
    } else if (!HolderWhy.empty()) { // the struct's or the array's list
      Veto(V.encOfCell(F.VarStorage.lookup(VD)), nullptr, HolderWhy); // names the place
    } else if (int Layout = VD->isStaticLocal() && VD->getInit() &&
                                    !isZeroInitializer(VD->getInit(), Ctx)
                                ? globalHolderLayout(V.graphs(), V.plan(), VD)
                                : -1;
               Layout >= 0 && isa<InitListExpr>(VD->getInit()->IgnoreParens())) {
      // A static holder's list, written for its layout (FunctionRewriter::declStmt).
      std::string Why;
      if (!holderList(V.plan(), Layout, VD, Why))
        Veto(V.encOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD))), nullptr,
             "the static local '" + VD->getName().str() + "' (" +
                 dsa::locationString(Ctx, VD->getLocation()) + ") " + Why,
             true);
    } else if (!NewDecl.empty()) {
      if (const auto *ILE = dyn_cast_or_null<InitListExpr>(VD->getInit()))
        for (const Expr *I : ILE->inits())
          if (!isZeroInitializer(I, Ctx)) {
            // The elements' structure (an array variable has no pointer value itself).
            dsa::NodeEncoding Elem =
                V.encOfCell(F.Graph->edgeIfAny(F.VarStorage.lookup(VD)));
            Veto(Elem, I,
                 VD->getType()->isStructureType()
                     ? "a struct initialised with pointers"
                     : "an array of pointers initialised with pointers",
                 true);
          }
    }
    if (CommonType.empty())
      CommonType = Type;
    Uniform &= CommonType == Type;
  }
  const auto *FS = dyn_cast_or_null<ForStmt>(V.parentOf(DS));
  bool InFor = FS && FS->getInit() == DS;
  if (InFor && !Uniform && DS->decls().begin() + 1 != DS->decls().end())
    Veto(First, DS, "a for-loop declaration whose variables would need different types");
  if (!V.fileRange(DS->getSourceRange()) && !V.macroBodies().rootOf(DS))
    Veto(First, nullptr,
         "used inside a macro at " + dsa::locationString(Ctx, DS->getBeginLoc()), true);
  return D;
}

} // namespace ptrcomp::rules
