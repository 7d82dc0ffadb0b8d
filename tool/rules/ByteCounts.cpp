//===- ByteCounts.cpp - byte counts on storage whose layout changes -------===//
#include "ByteCounts.h"

#include "ptrcomp/analysis/ByteCountCall.h"

#include "clang/AST/ASTContext.h"

using namespace clang;
namespace ptrcomp::rules {

using dsa::NodeEncoding;

/// The expression naming the storage: `&a[i]`, `a + i` and casts lead to `a`.
static const Expr *storageBase(const Expr *X) {
  for (;;) {
    X = X->IgnoreParenImpCasts();
    if (const auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_AddrOf)
      if (const auto *AS = dyn_cast<ArraySubscriptExpr>(U->getSubExpr()->IgnoreParens())) {
        X = AS->getBase();
        continue;
      }
    if (const auto *B = dyn_cast<BinaryOperator>(X);
        B && (B->getOpcode() == BO_Add || B->getOpcode() == BO_Sub) &&
        B->getLHS()->getType()->isPointerType()) {
      X = B->getLHS();
      continue;
    }
    return X;
  }
}

/// \p Arg without parentheses and implicit conversions, but for the decay of an array
/// to a pointer (`n->name` as a `char *`), which is where a pointer value starts.
static const Expr *decayed(const Expr *Arg) {
  for (;;) {
    Arg = Arg->IgnoreParens();
    const auto *ICE = dyn_cast<ImplicitCastExpr>(Arg);
    if (!ICE || ICE->getCastKind() == CK_ArrayToPointerDecay)
      return Arg;
    Arg = ICE->getSubExpr();
  }
}

StorageElement storageElement(const VersionView &V, const Expr *Arg) {
  StorageElement S;
  const Expr *X = dsa::byteCountedStorage(Arg);
  QualType PT = X->getType();
  QualType T;
  if (PT->isPointerType())
    T = PT->getPointeeType();
  else if (const ArrayType *AT = V.context().getAsArrayType(PT))
    T = AT->getElementType();
  else
    return S;
  const dsa::Plan &P = V.plan();
  // Pool objects, or structs embedded in them (holders), in a new layout.
  if (VersionView::Rep R = V.rep(X); R.K == VersionView::Idx && R.E.LayoutId >= 0) {
    S.Struct = R.E.Struct;
    if (P.Layouts[R.E.LayoutId].Compressed) {
      S.K = StorageElement::Changes;
      S.NewType = V.layoutType(R.E);
      S.Enc = R.E;
    }
    return S;
  }
  // (Also an array of holders, `struct stack ss[3]`, or one at the end of a pointer.)
  int L = T->isRecordType() ? V.layoutOfObjectAt(V.cellOf(Arg), T) : -1;
  if (L < 0)
    L = V.layoutOfPointee(X);
  if (L >= 0) {
    S.Struct = P.Layouts[L].Struct;
    if (P.Layouts[L].Compressed) {
      S.K = StorageElement::Changes;
      S.NewType = dsa::layoutTypeName(P.Layouts[L]);
      S.Enc = V.encOfCell(V.cellOf(X));
    }
    return S;
  }
  // An array of node pointers.
  if (!T->isPointerType() || !T->getPointeeType()->isRecordType()) {
    // Other storage inside a pool object whose layout changes (`&n->key`, `n->name`).
    if (VersionView::Rep R = V.rep(decayed(Arg));
        R.K == VersionView::Real && R.E.LayoutId >= 0 &&
        P.Layouts[R.E.LayoutId].Compressed) {
      S.K = StorageElement::Interior;
      S.Struct = R.E.Struct;
      S.Enc = R.E;
    }
    return S;
  }
  S.Struct = V.typeId(T->getPointeeType().getUnqualifiedType());
  S.PointerElements = true;
  auto Narrow = [&](const NodeEncoding &E) {
    S.K = StorageElement::Changes;
    S.NewType = "pc_idx" + std::to_string(E.Bits);
    S.Enc = E;
  };
  // What this function's graph says the elements point to (the value of Arg points
  // to the first element).
  if (dsa::Cell Array = V.cellOf(Arg); !Array.isNull()) {
    dsa::Cell Elem = V.function().Graph->edgeIfAny(Array);
    if (!Elem.isNull()) {
      VersionView::Rep El = V.repOfCell(Elem, T);
      if (El.K == VersionView::Idx && El.E.Bits < 64)
        Narrow(El.E);
      return S;
    }
  }
  // Where the function never reads an element, the layout of the object that holds
  // the array still says what its elements are: a member array of a node
  // (`t->child`), or a field that points to a heap array of indices (`n->kids`).
  const Expr *Base = storageBase(X);
  if (const auto *ME = dyn_cast<MemberExpr>(Base)) {
    std::optional<NodeEncoding> E = ME->getType()->isArrayType() ? V.fieldIndexEncoding(ME)
                                                                 : V.fieldArrayEncoding(ME);
    if (E && E->Bits < 64)
      Narrow(*E);
    if (E)
      return S;
  }
  // Nothing says: if some pool of the struct has narrow indices, the elements may be
  // indices or pointers, and no count can be right for both.
  for (size_t I = 0; I < P.Pools.size(); ++I) {
    dsa::PoolTable::Key K = P.Pools.key(I);
    if (K.Struct == S.Struct && K.Indexed && P.Pools[I].Bits < 64) {
      S.K = StorageElement::Unknown;
      NodeEncoding E;
      E.Source = NodeEncoding::Owned;
      E.Pool = int(I);
      E.Struct = S.Struct;
      S.Enc = E;
      break;
    }
  }
  return S;
}

/// Whether a count of \p Size bytes through \p Arg stays inside the member it points
/// to, one whose size the new layout keeps (no pointers in it).
static bool withinMember(const VersionView &V, const Expr *Arg, const Expr *Size) {
  // The member: what the pointer points to, or the array that decays to it.
  QualType PT = Arg->IgnoreParenImpCasts()->getType();
  QualType M;
  if (PT->isPointerType())
    M = PT->getPointeeType();
  else if (PT->isConstantArrayType())
    M = PT;
  else
    return false;
  const Type *Base = M->getBaseElementTypeUnsafe();
  if (M->isIncompleteType() || M->isVoidType() || !Base->isArithmeticType())
    return false;
  Expr::EvalResult R;
  if (Size->isValueDependent() || !Size->EvaluateAsInt(R, V.context()))
    return false;
  return R.Val.getInt().getLimitedValue() <=
         uint64_t(V.context().getTypeSizeInChars(M).getQuantity());
}

ByteCountDecision decideByteCount(const VersionView &V, const CallExpr *E,
                                  const dsa::CallSite &CS) {
  ByteCountDecision D;
  const FunctionDecl *FD = E->getDirectCallee();
  const dsa::ByteCountCall *BC = FD ? dsa::byteCountCall(FD->getName()) : nullptr;
  if (!BC || BC->SizeArg >= E->getNumArgs())
    return D;
  std::string At = " at " + dsa::locationString(V.context(), E->getBeginLoc());
  auto Veto = [&](const std::string &Why, const std::vector<NodeEncoding> &Pools) {
    D.Veto = Why + At;
    D.Pools = Pools;
    D.SizeArg = -1;
    return D;
  };
  std::optional<StorageElement> First;
  const dsa::CallSite::ByteCover *Cover = nullptr;
  for (unsigned I : BC->Covered) {
    if (I >= E->getNumArgs())
      continue;
    StorageElement S = storageElement(V, E->getArg(I));
    if (S.K == StorageElement::Interior) {
      if (!withinMember(V, E->getArg(I), E->getArg(BC->SizeArg)))
        return Veto("a byte count through a pointer into a '" +
                        V.graphs().Types.name(S.Struct) +
                        "' object, whose layout changes, that may reach past the member "
                        "it points to",
                    {S.Enc});
      S = StorageElement();
    }
    if (S.K == StorageElement::Unknown)
      return Veto("a byte count on an array of '" + V.graphs().Types.name(S.Struct) +
                      " *' whose elements this function cannot tell apart as indices or "
                      "pointers",
                  {S.Enc});
    if (!First) {
      First = S;
      auto It = CS.ByteCovers.find(I);
      Cover = It != CS.ByteCovers.end() ? &It->second : nullptr;
    } else if (S.K != First->K || S.NewType != First->NewType) {
      // memcpy between storage of two representations: no count serves both.
      return Veto("a byte count copies between storage of different representations",
                  {S.K == StorageElement::Changes ? S.Enc : First->Enc});
    }
  }
  if (!First || First->K != StorageElement::Changes)
    return D;
  if (!Cover || !Cover->Elem)
    return Veto("a byte count that is not whole objects, on a structure whose layout "
                "changes",
                {First->Enc});
  D.SizeArg = int(BC->SizeArg);
  if (Cover->Constant) {
    D.NewCount = Cover->Count == 1 ? "sizeof(" + First->NewType + ")"
                                   : std::to_string(Cover->Count) + " * sizeof(" +
                                         First->NewType + ")";
    return D;
  }
  if (First->PointerElements)
    D.Scope.Pointer[First->Struct] = First->NewType;
  else
    D.Scope.Layout[First->Struct] = First->NewType;
  return D;
}

} // namespace ptrcomp::rules
