//===- ByteCounts.cpp - what the byte count of memset & co. covers --------===//
//
// The rewriter rescales a byte count only in the forms decided here, so a structure whose
// layout changes never meets a count that still measures the old layout.
//
//===----------------------------------------------------------------------===//
#include "ByteCounts.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;
namespace ptrcomp::dsa {
namespace {

/// sizeof(T), or sizeof of an expression of type T.
bool isSizeofOf(const Expr *E, QualType T, ASTContext &Ctx) {
  const auto *S = dyn_cast<UnaryExprOrTypeTraitExpr>(E->IgnoreParenImpCasts());
  if (!S || S->getKind() != UETT_SizeOf)
    return false;
  QualType Of = S->isArgumentType() ? S->getArgumentType() : S->getArgumentExpr()->getType();
  return Ctx.hasSameUnqualifiedType(Of, T);
}

/// Whether some sizeof in \p E measures T (so that rescaling it changes E).
bool mentionsSizeof(const Expr *E, QualType T, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    QualType T;
    ASTContext &Ctx;
    bool Found = false;
    Finder(QualType T, ASTContext &Ctx) : T(T), Ctx(Ctx) {}
    bool VisitUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *S) {
      Found |= isSizeofOf(S, T, Ctx);
      return !Found;
    }
  } F(T, Ctx);
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// Whether \p E reads a variable (outside sizeof operands, which are not evaluated). A
/// constant spelled through a variable (`const size_t nb = sizeof *p; memset(p, 0, nb)`)
/// is raw bytes: the rewriter may retype the variable's initializer as well, so its value
/// in the output is not known here.
bool readsVariable(const Expr *E) {
  struct Finder : RecursiveASTVisitor<Finder> {
    bool Found = false;
    bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *) { return true; }
    bool VisitDeclRefExpr(DeclRefExpr *D) {
      Found |= isa<VarDecl>(D->getDecl());
      return !Found;
    }
  } F;
  F.TraverseStmt(const_cast<Expr *>(E));
  return F.Found;
}

/// The cover of one argument by the byte count \p Size, or raw bytes.
CallSite::ByteCover coverOf(const Expr *Arg, const Expr *Size, ASTContext &Ctx,
                            TypeTable &Types) {
  CallSite::ByteCover Bytes;
  // The type the program wrote at the call: a conversion to void * is implicit; an
  // explicit cast to char * or void * says "bytes".
  QualType PT = byteCountedStorage(Arg)->getType();
  if (!PT->isPointerType() && !PT->isArrayType())
    return Bytes;
  QualType T = PT->isPointerType() ? PT->getPointeeType()
                                   : Ctx.getAsArrayType(PT)->getElementType();
  if (T->isVoidType() || T->isIncompleteType() || T->isCharType() || T->isFunctionType() ||
      T->isVariablyModifiedType())
    return Bytes;
  uint64_t ElemSize = Ctx.getTypeSizeInChars(T).getQuantity();
  if (ElemSize == 0)
    return Bytes;
  CallSite::ByteCover Whole;
  Whole.Elem = Types.get(T, Ctx);
  Expr::EvalResult R;
  if (!Size->isValueDependent() && !readsVariable(Size) && Size->EvaluateAsInt(R, Ctx)) {
    llvm::APSInt V = R.Val.getInt();
    if (V.isNegative() || V.getActiveBits() > 63 || V.getZExtValue() % ElemSize)
      return Bytes;
    Whole.Constant = true;
    Whole.Count = V.getZExtValue() / ElemSize;
    return Whole;
  }
  const Expr *S = Size->IgnoreParenImpCasts();
  if (isSizeofOf(S, T, Ctx))
    return Whole;
  if (const auto *B = dyn_cast<BinaryOperator>(S); B && B->getOpcode() == BO_Mul) {
    const Expr *L = B->getLHS(), *Rt = B->getRHS();
    if ((isSizeofOf(L, T, Ctx) && !mentionsSizeof(Rt, T, Ctx)) ||
        (isSizeofOf(Rt, T, Ctx) && !mentionsSizeof(L, T, Ctx)))
      return Whole;
  }
  return Bytes;
}

} // namespace

const Expr *byteCountedStorage(const Expr *Arg) {
  const Expr *X = Arg->IgnoreParenImpCasts();
  if (const auto *CE = dyn_cast<CStyleCastExpr>(X)) {
    QualType To = CE->getType();
    const Expr *Op = CE->getSubExpr()->IgnoreParenImpCasts();
    if (To->isPointerType() &&
        (To->getPointeeType()->isCharType() || To->getPointeeType()->isVoidType()) &&
        Op->getType()->isPointerType() && Op->getType()->getPointeeType()->isStructureType())
      return Op;
  }
  return X;
}

void classifyByteCounts(const CallExpr *E, const ByteCountCall &BC, ASTContext &Ctx,
                        TypeTable &Types, std::map<unsigned, CallSite::ByteCover> &Out) {
  if (BC.SizeArg >= E->getNumArgs())
    return;
  const Expr *Size = E->getArg(BC.SizeArg);
  std::map<unsigned, CallSite::ByteCover> Covers;
  bool AllWhole = !BC.LeavesProgram;
  TypeId Elem = NoType;
  for (unsigned I : BC.Covered) {
    if (I >= E->getNumArgs())
      continue;
    CallSite::ByteCover C = coverOf(E->getArg(I), Size, Ctx, Types);
    // Arguments of different types (a node copied from a char buffer) would each need
    // their own count: bytes for all.
    if (!C.Elem || (Elem && C.Elem != Elem))
      AllWhole = false;
    Elem = C.Elem;
    Covers[I] = C;
  }
  for (auto &[I, C] : Covers)
    Out[I] = AllWhole ? C : CallSite::ByteCover();
}

} // namespace ptrcomp::dsa
