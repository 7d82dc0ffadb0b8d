//===- UnitFacts.cpp - facts of a unit's code for rewriting the others ----===//
#include "UnitFacts.h"
#include "FilePaths.h"
#include "SkippedCode.h"
#include "rules/LayoutPrinting.h"
#include "legality/Legality.h"

#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <optional>

using namespace clang;
namespace ptrcomp {
namespace {

/// Finds the uses that show member order in one unit's code.
class OrderCollector {
public:
  OrderCollector(ASTContext &Ctx, dsa::TypeTable &Types, UnitFacts &Out)
      : Ctx(Ctx), Types(Types), Out(Out) {}

  /// The written code of the unit: offsetof, initializers, constant member
  /// addresses.
  void unit();
  /// The code of a function: the uses whose meaning depends on the analysis.
  void function(const dsa::FunctionGraph &F);

private:
  void mark(dsa::TypeId T, const std::string &Why) {
    if (T)
      Out.OrderMarks.emplace_back(T, Why);
  }
  std::string name(dsa::TypeId T) { return Types.name(T); }
  /// The struct type \p T, or NoType.
  dsa::TypeId structOf(QualType T) {
    if (T.isNull())
      return dsa::NoType;
    const auto *RT = T.getCanonicalType()->getAs<RecordType>();
    if (!RT || !RT->getDecl()->isStruct())
      return dsa::NoType;
    return Types.get(Ctx.getRecordType(RT->getDecl()), Ctx);
  }
  /// What the pointer or array \p E points to: its pointee or element type.
  QualType pointee(const Expr *E) {
    QualType T = E->getType();
    if (const ArrayType *AT = Ctx.getAsArrayType(T))
      return AT->getElementType();
    return T->isPointerType() ? T->getPointeeType() : QualType();
  }
  /// The ordinals of the cells the analysis may have for \p E, in the order to
  /// try.
  std::vector<unsigned> cells(const Expr *E) {
    std::vector<unsigned> Out;
    for (const Expr *X : {E, E->IgnoreParenImpCasts(), E->IgnoreParens()})
      if (int O = F->ExprCells.ordinal(X); O >= 0)
        Out.push_back(unsigned(O));
    return Out;
  }
  void use(OrderUse U) { Out.OrderUses[F->Key].push_back(std::move(U)); }

  void walk(const Stmt *S);
  void cast(const CastExpr *E);
  void compare(const BinaryOperator *E);
  void call(const CallExpr *E);

  ASTContext &Ctx;
  dsa::TypeTable &Types;
  UnitFacts &Out;
  const dsa::FunctionGraph *F = nullptr;

  class SyntaxVisitor;
};

class OrderCollector::SyntaxVisitor
    : public RecursiveASTVisitor<SyntaxVisitor> {
public:
  SyntaxVisitor(OrderCollector &O, ASTContext &Ctx) : O(O), Ctx(Ctx) {}

  // offsetof(struct T, m) and __builtin_offsetof: the program reads a member's
  // offset.
  bool VisitOffsetOfExpr(OffsetOfExpr *E) {
    std::string At = dsa::locationString(Ctx, E->getBeginLoc());
    auto Mark = [&](QualType T) {
      if (dsa::TypeId S = O.structOf(T))
        O.mark(S, "offsetof(" + O.name(S) + ", ...) at " + At +
                      " reads a member's offset");
    };
    Mark(E->getTypeSourceInfo()->getType());
    for (unsigned I = 0; I < E->getNumComponents(); ++I)
      if (E->getComponent(I).getKind() == OffsetOfNode::Field)
        Mark(Ctx.getRecordType(E->getComponent(I).getField()->getParent()));
    return true;
  }

  // `{1, p, 2}` lists the members in order. ptrcomp keeps initializers and
  // compound literals as written when their type becomes the new layout, so
  // only fully designated ones (`{.v = 1, .c = 2}`) survive a reordering. Both
  // forms of a list come here; a list with no designators (or one implied by
  // brace elision or a nested designator, `.t.x = 1`) has only a form without
  // them, and counts as positional.
  bool VisitInitListExpr(InitListExpr *E) {
    dsa::TypeId T = O.structOf(E->getType());
    if (!T)
      return true;
    const InitListExpr *Written =
        E->isSyntacticForm() ? E : E->getSyntacticForm();
    bool Designated = true; // `{}` too
    for (const Expr *I : (Written ? Written : E)->inits()) {
      const auto *D = dyn_cast_or_null<DesignatedInitExpr>(I);
      Designated &=
          D && D->size() > 0 && D->getDesignator(0)->isFieldDesignator();
    }
    if (!Designated)
      O.mark(T, "a positional initializer of " + O.name(T) + " at " +
                    dsa::locationString(Ctx, E->getBeginLoc()) +
                    " lists its members in order");
    return true;
  }

  // `&((struct T *)0)->m`: an offsetof written by hand.
  bool VisitMemberExpr(MemberExpr *E) {
    const Expr *Base = E->getBase()->IgnoreParens();
    if (!E->isArrow()) {
      const auto *U = dyn_cast<UnaryOperator>(Base);
      if (!U || U->getOpcode() != UO_Deref)
        return true;
      Base = U->getSubExpr();
    }
    const auto *FD = dyn_cast<FieldDecl>(E->getMemberDecl());
    if (!FD || !Base->IgnoreParenCasts()->getType()->isIntegerType())
      return true;
    if (dsa::TypeId T = O.structOf(Ctx.getRecordType(FD->getParent())))
      O.mark(T, "a member of " + O.name(T) +
                    " is reached from a constant address at " +
                    dsa::locationString(Ctx, E->getBeginLoc()) +
                    " (an offsetof by hand)");
    return true;
  }

private:
  OrderCollector &O;
  ASTContext &Ctx;
};

void OrderCollector::unit() {
  SyntaxVisitor(*this, Ctx).TraverseDecl(Ctx.getTranslationUnitDecl());
}

void OrderCollector::function(const dsa::FunctionGraph &G) {
  if (!G.Decl || !G.Decl->getBody())
    return;
  F = &G;
  walk(G.Decl->getBody());
  F = nullptr;
}

void OrderCollector::walk(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<CastExpr>(S))
    cast(E);
  else if (const auto *E = dyn_cast<BinaryOperator>(S))
    compare(E);
  else if (const auto *E = dyn_cast<CallExpr>(S))
    call(E);
  for (const Stmt *C : codeChildren(S))
    walk(C);
}

void OrderCollector::cast(const CastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  OrderUse U;
  U.At = dsa::locationString(Ctx, E->getBeginLoc());
  if (E->getCastKind() == CK_PointerToIntegral) {
    U.K = OrderUse::PointerToInteger;
    U.A = cells(Sub);
    U.PointeeA = structOf(pointee(Sub->IgnoreParenCasts()));
    use(std::move(U));
    return;
  }
  if (!E->getType()->isPointerType() || !Sub->getType()->isPointerType())
    return;
  QualType To =
      E->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  QualType From =
      Sub->getType()->getPointeeType().getCanonicalType().getUnqualifiedType();
  if (To->isVoidType() || To == From)
    return;
  U.K = OrderUse::PointerCast;
  U.A = cells(Sub);
  U.From = From->isStructureType() ? structOf(From) : dsa::NoType;
  U.FromVoid = From->isVoidType();
  U.To = structOf(To);
  U.ToSpelling = E->getType().getAsString();
  use(std::move(U));
}

void OrderCollector::compare(const BinaryOperator *E) {
  if (E->getOpcode() != BO_Sub && !E->isRelationalOp())
    return;
  const Expr *A = E->getLHS(), *B = E->getRHS();
  if (!A->getType()->isPointerType() || !B->getType()->isPointerType())
    return;
  OrderUse U;
  U.K = OrderUse::Compare;
  U.A = cells(A);
  U.B = cells(B);
  QualType PA = pointee(A->IgnoreParenCasts()),
           PB = pointee(B->IgnoreParenCasts());
  U.HasPointeeA = !PA.isNull();
  U.HasPointeeB = !PB.isNull();
  U.PointeeA = structOf(PA);
  U.PointeeB = structOf(PB);
  U.SamePointee =
      !PA.isNull() && !PB.isNull() &&
      Ctx.hasSameUnqualifiedType(PA.getCanonicalType(), PB.getCanonicalType());
  U.At = dsa::locationString(Ctx, E->getOperatorLoc());
  use(std::move(U));
}

void OrderCollector::call(const CallExpr *E) {
  // memcmp on whole objects, however the analysis counted its bytes.
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return;
  StringRef N = FD->getName();
  if (N != "memcmp" && N != "bcmp" && N != "__builtin_memcmp" &&
      N != "__builtin_bcmp")
    return;
  for (unsigned I = 0; I < E->getNumArgs() && I < 2; ++I) {
    const Expr *Arg = E->getArg(I);
    OrderUse U;
    U.K = OrderUse::Memcmp;
    U.PointeeA = structOf(pointee(Arg->IgnoreParenCasts()));
    U.A = cells(Arg);
    U.At = dsa::locationString(Ctx, E->getBeginLoc());
    use(std::move(U));
  }
}

/// Evaluates the uses of member order against the linked program's graphs.
class OrderEvaluator {
public:
  OrderEvaluator(dsa::ProgramGraphs &PG, ObservedOrders &Out)
      : PG(PG), Out(Out) {}
  void mark(dsa::TypeId T, const std::string &Why) {
    if (T)
      Out.emplace(T, Why); // the first reason stays
  }
  void function(dsa::FunctionGraph &G, const std::vector<OrderUse> *Uses);

private:
  std::string name(dsa::TypeId T) { return PG.Types.name(T); }
  std::optional<dsa::Cell> cell(const std::vector<unsigned> &Ords) {
    for (unsigned O : Ords)
      if (O < F->ExprCells.size() && !F->ExprCells[O].second.isNull())
        return F->Graph->resolve(F->ExprCells[O].second);
    return std::nullopt;
  }
  dsa::TypeId structAt(dsa::Cell C) {
    const dsa::DSNode &N = F->Graph->liveNode(C.Node);
    if (N.Collapsed || !N.Type ||
        PG.Types.info(N.Type).K != dsa::TypeInfo::Struct)
      return dsa::NoType;
    return N.Type;
  }
  void use(const OrderUse &U);

  dsa::ProgramGraphs &PG;
  ObservedOrders &Out;
  dsa::FunctionGraph *F = nullptr;
};

void OrderEvaluator::function(dsa::FunctionGraph &G,
                              const std::vector<OrderUse> *Uses) {
  if (!G.Graph)
    return;
  F = &G;
  // memcmp of whole objects: the sign of the result depends on which member
  // comes first.
  for (const dsa::CallSite &CS : G.Calls)
    if (CS.CalleeName == "memcmp" || CS.CalleeName == "bcmp" ||
        CS.CalleeName == "__builtin_memcmp" ||
        CS.CalleeName == "__builtin_bcmp")
      for (auto &[Arg, Cover] : CS.ByteCovers)
        if (Cover.Elem && PG.Types.info(Cover.Elem).K == dsa::TypeInfo::Struct)
          mark(Cover.Elem, "memcmp compares " + name(Cover.Elem) +
                               " objects byte by byte at " + CS.Loc);
  if (Uses)
    for (const OrderUse &U : *Uses)
      use(U);
  F = nullptr;
}

void OrderEvaluator::use(const OrderUse &U) {
  switch (U.K) {
  case OrderUse::PointerToInteger: {
    // The address of a member as a number: its distance from the object's
    // address is the member's offset.
    std::optional<dsa::Cell> C = cell(U.A);
    dsa::TypeId T = C ? structAt(*C) : dsa::NoType;
    if (T && !(C->Offset == 0 && U.PointeeA == T))
      mark(T, "the address of a member of " + name(T) +
                  " is converted to an integer at " + U.At);
    return;
  }
  case OrderUse::PointerCast: {
    // A pointer to a whole object read as another type (`*(char *)p`) reads
    // whatever member comes first.
    dsa::TypeId T = U.From;
    if (!T && U.FromVoid)
      if (std::optional<dsa::Cell> C = cell(U.A); C && C->Offset == 0)
        T = structAt(*C);
    if (T && U.To != T)
      mark(T, "a pointer to a " + name(T) + " object is converted to '" +
                  U.ToSpelling + "' at " + U.At);
    // The other way round, a pointer to a member (`&p->link`) taken for the
    // object: right only while that member comes first.
    if (U.To && !U.FromVoid)
      if (std::optional<dsa::Cell> C = cell(U.A); C && structAt(*C) == U.To)
        mark(U.To, "a pointer into a " + name(U.To) +
                       " object is converted to '" + U.ToSpelling + "' at " +
                       U.At);
    return;
  }
  case OrderUse::Compare: {
    // `&p->d - &p->c`, `&p->c < &p->d`: the distance or order of two members.
    // Addresses of whole objects, or of the same member in two objects, compare
    // the same in any order.
    std::optional<dsa::Cell> CA = cell(U.A), CB = cell(U.B);
    dsa::TypeId TA = CA ? structAt(*CA) : dsa::NoType,
                TB = CB ? structAt(*CB) : dsa::NoType;
    auto Inside = [&](dsa::TypeId T, const std::optional<dsa::Cell> &C,
                      bool Has, dsa::TypeId P) {
      return T && !(C->Offset == 0 && Has && P == T);
    };
    if (!Inside(TA, CA, U.HasPointeeA, U.PointeeA) &&
        !Inside(TB, CB, U.HasPointeeB, U.PointeeB))
      return;
    if (CA && CB && CA->Node == CB->Node && CA->Offset == CB->Offset &&
        U.SamePointee)
      return; // the same member
    for (dsa::TypeId T : {TA, TB})
      mark(T, "addresses inside " + name(T) +
                  " objects are compared or subtracted at " + U.At);
    return;
  }
  case OrderUse::Memcmp: {
    dsa::TypeId T = U.PointeeA;
    if (!T)
      if (std::optional<dsa::Cell> C = cell(U.A); C && C->Offset == 0)
        T = structAt(*C);
    if (T)
      mark(T,
           "memcmp compares " + name(T) + " objects byte by byte at " + U.At);
    return;
  }
  }
}

/// Why \p RD's members cannot be printed one by one, or "".
void fileScopeStructs(ASTContext &Ctx, dsa::TypeTable &Types, UnitFacts &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    auto *RD = dyn_cast<RecordDecl>(D);
    if (!RD || !RD->isThisDeclarationADefinition())
      continue;
    dsa::TypeId T = Types.get(Ctx.getRecordType(RD), Ctx);
    Out.CompleteStructs.insert(T);
    if (SM.isInSystemHeader(RD->getLocation()))
      continue;
    std::string &Why = Out.FileScopeStructs[T];
    if (Why.empty())
      Why = unprintableLayout(RD);
  }
}

} // namespace

UnitFacts
collectUnitFacts(ASTUnit &AST, dsa::TypeTable &Types,
                 const std::map<std::string, dsa::FunctionGraph> &Functions) {
  ASTContext &Ctx = AST.getASTContext();
  UnitFacts Out;
  skippedBlocks(AST, Out.SkippedBlocks);
  fileScopeStructs(Ctx, Types, Out);
  OrderCollector O(Ctx, Types, Out);
  O.unit();
  for (auto &KV : Functions)
    O.function(KV.second);
  const SourceManager &SM = Ctx.getSourceManager();
  for (auto &[Key, F] : Functions) {
    if (!F.Decl || F.ExternallyVisible)
      continue;
    SourceLocation L = SM.getExpansionLoc(F.Decl->getBeginLoc());
    if (L.isInvalid() || SM.getFileID(L) == SM.getMainFileID() || SM.isInSystemHeader(L))
      continue;
    Out.IncludedStatics[Key] = {realPathOf(SM, SM.getFileID(L)), SM.getFileOffset(L)};
  }
  Types.clearCache();
  return Out;
}

void retypeUnitFacts(UnitFacts &F, llvm::ArrayRef<dsa::TypeId> Map) {
  auto M = [&](dsa::TypeId T) { return T < Map.size() ? Map[T] : dsa::NoType; };
  std::map<dsa::TypeId, std::string> FileScope;
  for (auto &[T, Why] : F.FileScopeStructs) {
    std::string &W = FileScope[M(T)];
    if (W.empty())
      W = Why;
  }
  F.FileScopeStructs = std::move(FileScope);
  std::set<dsa::TypeId> Complete;
  for (dsa::TypeId T : F.CompleteStructs)
    Complete.insert(M(T));
  F.CompleteStructs = std::move(Complete);
  for (auto &KV : F.OrderMarks)
    KV.first = M(KV.first);
  for (auto &[Key, Uses] : F.OrderUses)
    for (OrderUse &U : Uses) {
      U.PointeeA = M(U.PointeeA);
      U.PointeeB = M(U.PointeeB);
      U.From = M(U.From);
      U.To = M(U.To);
    }
}

ObservedOrders evaluateMemberOrders(dsa::ProgramGraphs &PG,
                                    const std::vector<UnitFacts> &Units) {
  ObservedOrders Out;
  OrderEvaluator E(PG, Out);
  for (const UnitFacts &U : Units)
    for (auto &[T, Why] : U.OrderMarks)
      E.mark(T, Why);
  for (auto &[Key, F] : PG.Functions) {
    const std::vector<OrderUse> *Uses = nullptr;
    if (F.Unit < Units.size()) {
      auto It = Units[F.Unit].OrderUses.find(Key);
      if (It != Units[F.Unit].OrderUses.end())
        Uses = &It->second;
    }
    E.function(F, Uses);
  }
  return Out;
}

} // namespace ptrcomp
