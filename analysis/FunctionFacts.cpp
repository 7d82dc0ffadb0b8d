//===- FunctionFacts.cpp - plain facts of a definition, its variables, calls
//---===//
#include "FunctionFacts.h"
#include "FunctionPointerTypes.h"
#include "LocalGraphs.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "ptrcomp/analysis/SharedStatics.h"
#include "ptrcomp/analysis/SizeParameter.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/OpenMPKinds.h"

#include <functional>

using namespace clang;
namespace ptrcomp::dsa {

std::string calleeSpelling(const Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E);
      U && U->getOpcode() == UO_Deref)
    return calleeSpelling(U->getSubExpr()); // (*hook)(n)
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return DRE->getDecl()->getName().str();
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    std::string Base = calleeSpelling(ME->getBase());
    return Base.empty() ? ""
                        : Base + (ME->isArrow() ? "->" : ".") +
                              ME->getMemberNameInfo().getAsString();
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    std::string Base = calleeSpelling(AS->getBase());
    return Base.empty() ? "" : Base + "[]";
  }
  if (const auto *CE = dyn_cast<CallExpr>(E)) {
    std::string Callee = calleeSpelling(CE->getCallee());
    return Callee.empty() ? "" : Callee + "()";
  }
  return "";
}

/// The global variables (not static locals) that \p S reads, in the order
/// written.
static void globalsIn(const Stmt *S,
                      std::vector<std::pair<std::string, std::string>> &Out) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
      if (VD->hasGlobalStorage() && !VD->isStaticLocal())
        Out.emplace_back(globalKey(VD), VD->getName().str());
  for (const Stmt *C : S->children())
    globalsIn(C, Out);
}

static bool namesParam(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (isa<ParmVarDecl>(DRE->getDecl()))
      return true;
  for (const Stmt *C : S->children())
    if (namesParam(C))
      return true;
  return false;
}

/// The index of \p FD's integer parameter that \p Arg passes on as an allocation
/// size (SizeParameter.h); else -1.
static int sizeParameter(const FunctionDecl *FD, const Expr *Arg) {
  const ParmVarDecl *PV = passedSizeParameter(FD, Arg);
  return PV ? int(PV->getFunctionScopeIndex()) : -1;
}

void recordCallFacts(ProgramGraphs &PG, ASTContext &Ctx, const CallExpr *E,
                     const FunctionDecl *FD, CallSite &CS) {
  CS.NumArgs = E->getNumArgs();
  if (const FunctionDecl *Callee = E->getDirectCallee())
    CS.Builtin = Callee->getName() != CS.CalleeName;
  if (CS.DirectCallee.empty()) {
    CS.CalleeSpelling = calleeSpelling(E->getCallee());
    QualType T = E->getCallee()->getType();
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    if (T->isFunctionType())
      CS.CalleeTypeKey = functionTypeKey(T);
    globalsIn(E->getCallee(), CS.CalleeGlobals);
  }
  for (const Expr *A : E->arguments()) {
    CS.ArgNamesParam.push_back(namesParam(A));
    CS.ArgSizeParam.push_back(sizeParameter(FD, A));
  }
}

/// Where \p S hands work to code that may still run after the function returns: an
/// OpenMP task (task, taskloop) or a target region with `nowait`; "" when nowhere.
static std::string deferredWork(ASTContext &Ctx, const Stmt *S) {
  if (!S)
    return "";
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (isOpenMPTaskingDirective(K) ||
        (isOpenMPTargetExecutionDirective(K) && D->getSingleClause<OMPNowaitClause>()))
      return "an OpenMP " + getOpenMPDirectiveName(K).str() + " at " +
             locationString(Ctx, D->getBeginLoc());
  }
  for (const Stmt *C : codeChildren(S))
    if (std::string W = deferredWork(Ctx, C); !W.empty())
      return W;
  return "";
}

static PointerFacts pointerFacts(ProgramGraphs &PG, ASTContext &Ctx,
                                 QualType T) {
  PointerFacts P;
  if (!T->isPointerType())
    return P;
  P.IsPointer = true;
  QualType Pointee =
      T->getPointeeType().getCanonicalType().getUnqualifiedType();
  P.PointeeVoid = Pointee->isVoidType();
  P.PointeePointer = Pointee->isPointerType();
  P.PointeeStruct = Pointee->isStructureType();
  P.PointeeRecord = Pointee->isRecordType();
  if (P.PointeeRecord)
    P.Pointee = PG.Types.get(Pointee, Ctx);
  return P;
}

/// A function of the program whose only effect is one call of a libc allocator
/// with its own parameters, unchanged:
///   void *f(struct allocator *self, size_t n) { (void)self; return malloc(n);
///   } void g(void *p) { free(p); }
/// Calling it is calling that allocator (unless the program defines the callee:
/// its own `malloc` is no libc allocator, which the link decides). A size
/// parameter must be as wide as size_t, so that the size reaches the allocator
/// as the caller computed it.
static std::optional<WrapperFacts> plainWrapper(const FunctionDecl *FD) {
  const auto *Body = dyn_cast_or_null<CompoundStmt>(FD->getBody());
  if (!Body || FD->isVariadic())
    return std::nullopt;
  const Expr *Only = nullptr;
  bool Returns = false;
  for (const Stmt *S : Body->body()) {
    if (isa<NullStmt>(S))
      continue;
    // `(void)self;` only silences a warning.
    if (const auto *CE = dyn_cast<CStyleCastExpr>(S))
      if (CE->getType()->isVoidType() &&
          isa<DeclRefExpr>(CE->getSubExpr()->IgnoreParenImpCasts()))
        continue;
    const auto *RS = dyn_cast<ReturnStmt>(S);
    if (RS && !RS->getRetValue() && Only && S == Body->body_back())
      continue; // `free(p); return;`
    if (Only)
      return std::nullopt;
    if (RS) {
      Only = RS->getRetValue();
      Returns = true;
    } else {
      Only = dyn_cast<Expr>(S);
    }
    if (!Only)
      return std::nullopt;
  }
  const auto *Call =
      Only ? dyn_cast<CallExpr>(Only->IgnoreParenCasts()) : nullptr;
  const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
  if (!Callee)
    return std::nullopt;
  const FunctionDecl *Def =
      Callee->getDefinition() ? Callee->getDefinition() : Callee;
  WrapperFacts W;
  W.Allocator = Callee->getName().str();
  W.AllocatorKey = functionKey(Def);
  unsigned N = W.Allocator == "malloc" || W.Allocator == "free"      ? 1
               : W.Allocator == "calloc" || W.Allocator == "realloc" ? 2
                                                                     : 0;
  if (!N || Call->getNumArgs() != N)
    return std::nullopt;
  bool Frees = W.Allocator == "free";
  if (Frees ? Returns || !FD->getReturnType()->isVoidType()
            : !Returns || !FD->getReturnType()->isPointerType())
    return std::nullopt;
  ASTContext &Ctx = FD->getASTContext();
  for (unsigned K = 0; K < N; ++K) {
    const auto *DRE =
        dyn_cast<DeclRefExpr>(Call->getArg(K)->IgnoreParenImpCasts());
    const auto *PV = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
    if (!PV || PV->getDeclContext() != FD)
      return std::nullopt;
    QualType T = PV->getType();
    // The pointer that realloc and free take; every other argument is a size.
    bool PointerArg = K == 0 && (W.Allocator == "realloc" || Frees);
    bool Fits = PointerArg ? T->isPointerType()
                           : T->isIntegerType() &&
                                 Ctx.getTypeSize(T) ==
                                     Ctx.getTypeSize(Ctx.getSizeType());
    if (!Fits)
      return std::nullopt;
    W.ArgOf.push_back(PV->getFunctionScopeIndex());
  }
  return W;
}

void recordFunctionFacts(ProgramGraphs &PG, ASTContext &Ctx,
                         const FunctionDecl *FD, FunctionGraph &FG) {
  FG.Loc = locationString(Ctx, FD->getLocation());
  FG.TypeKey = functionTypeKey(FD->getType());
  FG.Variadic = FD->isVariadic();
  FG.Inline = FD->isInlined();
  FG.InlineExternal = FG.Inline && FD->isExternallyVisible() &&
                      FD->doesThisDeclarationHaveABody() &&
                      FD->isInlineDefinitionExternallyVisible();
  FG.Weak = FD->isWeak();
  FG.UnsharedStatics = staticLocalsStay(FD, Ctx);
  FG.OpenMP = Ctx.getLangOpts().OpenMP;
  FG.DeferredWork = FG.OpenMP ? deferredWork(Ctx, FD->getBody()) : "";
  FG.AlwaysReached = FD->hasAttr<ConstructorAttr>() ||
                     FD->hasAttr<DestructorAttr>() || FD->hasAttr<UsedAttr>();
  for (const ParmVarDecl *PV : FD->parameters()) {
    FG.ParamPointers.push_back(pointerFacts(PG, Ctx, PV->getType()));
    FG.ParamStorage.push_back(FG.VarStorage.ordinal(PV));
  }
  FG.RetPointer = pointerFacts(PG, Ctx, FD->getReturnType());
  FG.Wrapper = plainWrapper(FD);
  FG.VarInfo.clear();
  for (auto &[VD, C] : FG.VarStorage) {
    VarFacts V;
    V.Name = VD->getName().str();
    V.Loc = locationString(Ctx, VD->getLocation());
    V.IsParam = isa<ParmVarDecl>(VD);
    V.LocalStorage = VD->hasLocalStorage();
    QualType T = VD->getType();
    unsigned Dimensions = 0;
    uint64_t Elements = 0;
    while (const auto *AT = Ctx.getAsConstantArrayType(T)) {
      Elements = AT->getSize().getZExtValue();
      T = AT->getElementType();
      ++Dimensions;
    }
    if (T->isStructureType()) {
      V.Struct = PG.Types.get(T, Ctx);
      V.Elements = Dimensions == 1 ? Elements : 0;
    }
    FG.VarInfo.push_back(std::move(V));
  }
  FG.ValueExprs.clear();
  for (unsigned I = 0; I < FG.ExprCells.size(); ++I) {
    const Expr *E = FG.ExprCells[I].first;
    if (E->getType()->isRecordType() &&
        (isa<CallExpr>(E) || isa<CompoundLiteralExpr>(E) || isa<VAArgExpr>(E) ||
         isa<ConditionalOperator>(E)))
      FG.ValueExprs.push_back(I);
  }
}

std::optional<AllocatorCallFacts> allocatorCallFacts(const CallSite &CS) {
  AllocatorCallFacts A;
  if (!CS.DirectCallee.empty() && CS.Targets.empty()) {
    A.Name = CS.Builtin ? "__builtin_" + CS.CalleeName : CS.CalleeName;
    A.SizeParams = CS.ArgSizeParam;
    return A;
  }
  if (!CS.Hook || CS.Hook->Allocator.empty())
    return std::nullopt;
  A.Name = CS.Hook->Allocator;
  for (unsigned I : CS.Hook->ArgOf) {
    if (I >= CS.NumArgs || I >= CS.ArgSizeParam.size())
      return std::nullopt;
    A.SizeParams.push_back(CS.ArgSizeParam[I]);
  }
  return A;
}

} // namespace ptrcomp::dsa
