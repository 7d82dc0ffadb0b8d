//===- AddressIntegers.cpp - integers made from addresses, tracked as data ===//
#include "AddressIntegers.h"
#include "LocalGraphs.h"
#include "ptrcomp/analysis/CodeChildren.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/StringMap.h"

#include <set>

using namespace clang;
namespace ptrcomp::dsa {
namespace {

/// One function's integer expressions and variables, in classes (union-find), each with
/// the program-wide places it joins, the casts that feed it, and the measurements.
class Walker {
public:
  Walker(ASTContext &Ctx, FunctionGraph &F) : Ctx(Ctx), F(F) {}

  void run(AddressIntegerFacts &Out) {
    for (const ParmVarDecl *P : F.Decl->parameters())
      if (P->getType()->isIntegerType())
        Classes.unionSets(var(P), external("p:" + F.Key + "#" +
                                           std::to_string(P->getFunctionScopeIndex())));
    stmt(F.Decl->getBody());
    emit(Out);
  }

private:
  int fresh() {
    Classes.insert(Next);
    return Next++;
  }
  int external(const std::string &Key) {
    auto [It, New] = ExternalNode.try_emplace(Key, 0);
    if (New) {
      It->second = fresh();
      NodeKey[It->second] = Key;
    }
    return It->second;
  }
  int var(const VarDecl *VD) {
    if (VD->hasGlobalStorage())
      return external("g:" + globalKey(VD));
    auto [It, New] = VarNode.try_emplace(VD, 0);
    if (New)
      It->second = fresh();
    return It->second;
  }
  /// The elements that pointer variable or field \p Base points to (`keys[i]`).
  int elementsOf(const Expr *Base) {
    Base = Base->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(Base))
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return VD->hasGlobalStorage() ? external("e:" + globalKey(VD))
                                      : var(VD); // (a local array: the variable itself)
    if (const auto *ME = dyn_cast<MemberExpr>(Base))
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl())) {
        stmt(ME->getBase());
        return external("e" + fieldKey(FD));
      }
    stmt(Base);
    return -1;
  }
  std::string fieldKey(const FieldDecl *FD) {
    return "f:" + Ctx.getRecordType(FD->getParent()).getAsString() + "." +
           FD->getNameAsString();
  }
  void unite(int A, int B) {
    if (A >= 0 && B >= 0)
      Classes.unionSets(A, B);
  }
  static int either(int A, int B) { return A >= 0 ? A : B; }

  /// The class of integer expression \p E, or -1 when it holds no address.
  int cls(const Expr *E) {
    if (!E)
      return -1;
    if (!E->getType()->isIntegerType()) {
      stmt(E);
      return -1;
    }
    if (const auto *CE = dyn_cast<CastExpr>(E)) {
      const Expr *Sub = CE->getSubExpr();
      switch (CE->getCastKind()) {
      case CK_PointerToIntegral: {
        stmt(Sub);
        int C = fresh();
        auto It = F.ExprCells.find(Sub->IgnoreParens());
        if (It == F.ExprCells.end())
          It = F.ExprCells.find(Sub->IgnoreParenImpCasts());
        if (It != F.ExprCells.end())
          Sources.push_back({C, It->second, locationString(Ctx, E->getBeginLoc())});
        return C;
      }
      case CK_IntegralCast:
      case CK_NoOp:
      case CK_LValueToRValue:
        return cls(Sub);
      default:
        stmt(Sub);
        return -1;
      }
    }
    if (const auto *PE = dyn_cast<ParenExpr>(E))
      return cls(PE->getSubExpr());
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E)) {
      if (const auto *VD = dyn_cast<VarDecl>(DRE->getDecl()))
        return var(VD);
      return -1;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      stmt(ME->getBase());
      if (const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl()))
        return external(fieldKey(FD));
      return -1;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      cls(AS->getIdx());
      return elementsOf(AS->getBase());
    }
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      switch (U->getOpcode()) {
      case UO_Deref:
        return elementsOf(U->getSubExpr());
      case UO_PreInc:
      case UO_PreDec:
      case UO_PostInc:
      case UO_PostDec:
      case UO_Extension:
        return cls(U->getSubExpr());
      default:
        cls(U->getSubExpr());
        return -1;
      }
    }
    if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
      cls(CO->getCond());
      int A = cls(CO->getTrueExpr()), B = cls(CO->getFalseExpr());
      unite(A, B);
      return either(A, B);
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return binary(BO);
    if (const auto *CE = dyn_cast<CallExpr>(E))
      return call(CE);
    if (const auto *SE = dyn_cast<StmtExpr>(E)) {
      const CompoundStmt *CS = SE->getSubStmt();
      for (const Stmt *S : CS->body())
        if (S != CS->body_back())
          stmt(S);
      if (const auto *Last = dyn_cast_or_null<Expr>(CS->body_back()))
        return cls(Last);
      stmt(CS->body_back());
      return -1;
    }
    for (const Stmt *C : codeChildren(E))
      stmt(C);
    return -1;
  }

  int binary(const BinaryOperator *BO) {
    int A = cls(BO->getLHS()), B = cls(BO->getRHS());
    std::string Loc = locationString(Ctx, BO->getOperatorLoc());
    switch (BO->getOpcode()) {
    case BO_Assign:
    case BO_AddAssign:
    case BO_OrAssign:
    case BO_AndAssign:
    case BO_XorAssign:
      unite(A, B);
      return A;
    case BO_SubAssign:
      if (A >= 0 && B >= 0)
        Measures.push_back({A, B, Loc});
      return A;
    case BO_Add:
    case BO_And:
    case BO_Or:
    case BO_Xor:
      // An address moved, or tagged in its low bits: still that address.
      unite(A, B);
      return either(A, B);
    case BO_Sub:
      // The bytes between two addresses.
      if (A >= 0 && B >= 0) {
        Measures.push_back({A, B, Loc});
        return -1;
      }
      return A;
    case BO_LT:
    case BO_GT:
    case BO_LE:
    case BO_GE:
      // The order of two addresses.
      if (A >= 0 && B >= 0)
        Measures.push_back({A, B, Loc});
      return -1;
    case BO_Comma:
      return B;
    default:
      return -1; // equality, hashing (shifts, products, remainders), logic
    }
  }

  int call(const CallExpr *CE) {
    const FunctionDecl *Callee = CE->getDirectCallee();
    std::string Key;
    if (Callee && !Callee->getBuiltinID())
      Key = functionKey(Callee->getDefinition() ? Callee->getDefinition() : Callee);
    if (!Callee)
      stmt(CE->getCallee());
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      const Expr *A = CE->getArg(I);
      int C = cls(A);
      if (!Key.empty() && A->getType()->isIntegerType())
        unite(C, external("p:" + Key + "#" + std::to_string(I)));
    }
    if (Key.empty() || !CE->getType()->isIntegerType())
      return -1;
    return external("r:" + Key);
  }

  void initialize(int Target, QualType T, const Expr *Init) {
    if (!Init)
      return;
    if (const auto *ILE = dyn_cast<InitListExpr>(Init->IgnoreParens())) {
      const InitListExpr *Sem = ILE->isSyntacticForm() && ILE->getSemanticForm()
                                    ? ILE->getSemanticForm()
                                    : ILE;
      if (const auto *RT = T->getAs<RecordType>()) {
        unsigned I = 0;
        if (const RecordDecl *RD = RT->getDecl()->getDefinition())
          for (const FieldDecl *FD : RD->fields()) {
            if (I >= Sem->getNumInits())
              break;
            const Expr *Elem = Sem->getInit(I++);
            initialize(FD->getType()->isIntegerType() ? external(fieldKey(FD)) : -1,
                       FD->getType(), Elem);
          }
        return;
      }
      for (const Expr *Elem : Sem->inits())
        initialize(Target, T->isArrayType() ? Ctx.getAsArrayType(T)->getElementType() : T,
                   Elem);
      return;
    }
    unite(Target, cls(Init));
  }

  void stmt(const Stmt *S) {
    if (!S)
      return;
    if (const auto *E = dyn_cast<Expr>(S)) {
      if (E->getType()->isIntegerType()) {
        cls(E);
        return;
      }
      if (const auto *CE = dyn_cast<CallExpr>(E)) {
        call(CE);
        return;
      }
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *VD = dyn_cast<VarDecl>(D)) {
          QualType T = VD->getType();
          bool Ints = T->isIntegerType() ||
                      (T->isArrayType() && Ctx.getBaseElementType(T)->isIntegerType());
          initialize(Ints ? var(VD) : -1, T, VD->getInit());
        }
      return;
    }
    if (const auto *RS = dyn_cast<ReturnStmt>(S)) {
      int C = cls(RS->getRetValue());
      if (F.Decl->getReturnType()->isIntegerType())
        unite(C, external("r:" + F.Key));
      return;
    }
    for (const Stmt *C : codeChildren(S))
      stmt(C);
  }

  void emit(AddressIntegerFacts &Out) {
    // Per class: its program-wide places, and whether anything here makes it matter.
    std::map<int, std::vector<std::string>> Keys;
    for (auto &[Node, Key] : NodeKey)
      Keys[Classes.getLeaderValue(Node)].push_back(Key);
    std::set<int> Matters;
    for (const auto &S : Sources)
      Matters.insert(Classes.getLeaderValue(S.Class));
    for (const auto &M : Measures) {
      Matters.insert(Classes.getLeaderValue(M.A));
      Matters.insert(Classes.getLeaderValue(M.B));
    }
    for (auto &[Leader, Ks] : Keys)
      if (Ks.size() >= 2) // a place that passes addresses on to another
        Matters.insert(Leader);
    std::map<int, std::string> Name;
    for (int Leader : Matters) {
      auto It = Keys.find(Leader);
      if (It == Keys.end()) {
        Name[Leader] = "c:" + F.Key + "#" + std::to_string(Leader);
        continue;
      }
      std::sort(It->second.begin(), It->second.end());
      Name[Leader] = It->second.front();
      for (size_t I = 1; I < It->second.size(); ++I)
        Out.Unions.emplace_back(It->second.front(), It->second[I]);
    }
    for (const auto &S : Sources)
      Out.Sources.push_back({Name[Classes.getLeaderValue(S.Class)], F.Key, S.Target, S.Loc});
    for (const auto &M : Measures)
      Out.Measures.push_back({Name[Classes.getLeaderValue(M.A)],
                              Name[Classes.getLeaderValue(M.B)], M.Loc});
  }

  ASTContext &Ctx;
  FunctionGraph &F;
  llvm::EquivalenceClasses<int> Classes;
  int Next = 0;
  llvm::StringMap<int> ExternalNode;
  std::map<int, std::string> NodeKey;
  llvm::DenseMap<const VarDecl *, int> VarNode;
  struct Source {
    int Class;
    Cell Target;
    std::string Loc;
  };
  std::vector<Source> Sources;
  struct Measure {
    int A, B;
    std::string Loc;
  };
  std::vector<Measure> Measures;
};

} // namespace

void collectAddressIntegers(ASTContext &Ctx, FunctionGraph &F, AddressIntegerFacts &Out) {
  if (F.Decl && F.Decl->getBody())
    Walker(Ctx, F).run(Out);
}

void applyAddressIntegers(ProgramGraphs &PG, const std::vector<AddressIntegerFacts> &All) {
  llvm::EquivalenceClasses<std::string> Classes;
  std::map<std::string, std::vector<const AddressIntegerFacts::Source *>> SourcesOf;
  for (const AddressIntegerFacts &U : All) {
    for (auto &[A, B] : U.Unions)
      Classes.unionSets(A, B);
    for (const auto &S : U.Sources)
      Classes.insert(S.Class);
  }
  for (const AddressIntegerFacts &U : All)
    for (const auto &S : U.Sources)
      SourcesOf[Classes.getLeaderValue(S.Class)].push_back(&S);
  for (const AddressIntegerFacts &U : All)
    for (const auto &M : U.Measures) {
      Classes.insert(M.A);
      Classes.insert(M.B);
      auto A = SourcesOf.find(Classes.getLeaderValue(M.A));
      auto B = SourcesOf.find(Classes.getLeaderValue(M.B));
      if (A == SourcesOf.end() || B == SourcesOf.end())
        continue; // not two addresses
      for (const auto *Side : {&A->second, &B->second})
        for (const AddressIntegerFacts::Source *S : *Side) {
          FunctionGraph *F = PG.function(S->Function);
          if (!F)
            continue;
          Cell C = F->Graph->resolve(S->Target);
          if (!C.isNull())
            F->Graph->collapse(C.Node, "collapsed: the bytes between two of its objects "
                                       "are measured from their addresses as integers "
                                       "(converted at " + S->Loc + ") at " + M.Loc);
        }
    }
}

} // namespace ptrcomp::dsa
