//===- FunctionLegality.h - what one function version cannot express ------===//
//
// Before any text is written, every use in a function version is checked against the
// rules of what the rewriter can express under the plan. A use that breaks a rule
// vetoes the structures it involves, with the rule's located reason; the plan is then
// made again without them. The rewriter keeps its own checks as a safety net, and says
// "internal: legality missed" when one of them fires (see Legality.h).
//
// Each rule is one method below, named after it, and has a test program in
// tests/legality/.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_LEGALITY_FUNCTIONLEGALITY_H
#define PTRCOMP_LEGALITY_FUNCTIONLEGALITY_H

#include "../rewrite/VersionView.h"

#include <map>
#include <string>

namespace ptrcomp {

class FunctionLegality : public VersionView {
public:
  using VersionView::VersionView;

  /// Checks the version; the vetoes found are in vetoes().
  void run();
  /// Plan pool -> the first reason it cannot be rewritten here.
  const std::map<int, std::string> &vetoes() const { return Vetoes; }

private:
  void veto(const dsa::NodeEncoding &E, const clang::Stmt *S, const std::string &What);
  void vetoAllPools(const std::string &Why);

  // The walk. Each returns whether the rewriter rebuilds the text of the node.
  void stmt(const clang::Stmt *S);
  bool expr(const clang::Expr *E, bool IdxContext = false);
  bool children(const clang::Expr *E);
  bool call(const clang::CallExpr *E);
  bool binary(const clang::BinaryOperator *E);
  bool sizeofExpr(const clang::UnaryExprOrTypeTraitExpr *E);
  void declStmt(const clang::DeclStmt *DS);
  void returnStmt(const clang::ReturnStmt *RS);

  // The rules.
  void ruleEntryInterface();
  void ruleBodyInMacro();
  void ruleOpaquePoolOwner();
  void ruleInteriorPointerAsIndex(const clang::Expr *E);
  void ruleCompoundLiteral(const clang::CompoundLiteralExpr *E);
  void ruleUnsupportedExpression(const clang::Expr *E);
  void ruleIndexInPointerInitializer(const clang::InitListExpr *E);
  void ruleCast(const clang::CStyleCastExpr *E);
  void ruleFieldOfUnrewrittenObject(const clang::MemberExpr *E);
  void ruleAddressOfPoolObject(const clang::UnaryOperator *E);
  void ruleIndexPointerComparison(const clang::BinaryOperator *E);
  void ruleIndexPointerSubtraction(const clang::BinaryOperator *E);
  void ruleStructCopyAcrossPool(const clang::BinaryOperator *E);
  void ruleAllocationSize(const clang::CallExpr *E, llvm::StringRef Name,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const dsa::NodeEncoding &Enc);
  void ruleAllocationHook(const clang::CallExpr *E, const dsa::CallSite &CS,
                          const HookAllocation &HA, const dsa::NodeEncoding &Enc);
  void ruleWrapperAllocationSize(const clang::CallExpr *E, const dsa::FunctionVersion &W,
                                 const std::vector<dsa::NodeEncoding> &PoolArgs,
                                 std::map<unsigned, bool> &Counts);
  void ruleByteCount(const clang::CallExpr *E, const dsa::CallSite &CS);
  void ruleIndirectCall(const clang::CallExpr *E);
  void ruleSizeofOperand(const clang::UnaryExprOrTypeTraitExpr *E, const SizeofOperand &SO);
  void ruleDeclaration(const clang::DeclStmt *DS);
  /// The rewriter rebuilds the text of \p E from its children's: it must be spelled in
  /// the function's file, with each child inside it (not in a macro's body).
  void ruleEditableText(const clang::Expr *E);

  bool elementTypeChanges(const clang::Expr *A) const;

  std::map<const clang::CallExpr *, unsigned> CallIndex;
  /// sizeof(T) / sizeof(T *) that the enclosing expression respells (memcpy sizes of a
  /// compressed struct, sizes of new arrays of indices).
  std::map<dsa::TypeId, bool> SizeofLayout, SizeofPointer;
  std::map<int, std::string> Vetoes;
};

} // namespace ptrcomp

#endif
