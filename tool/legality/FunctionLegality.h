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
#include "../rules/Sizeof.h"

#include <map>
#include <set>
#include <string>

namespace ptrcomp {

class FunctionLegality : public VersionView {
public:
  FunctionLegality(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
                   const dsa::FunctionVersion &V, const clang::Preprocessor *PP = nullptr)
      : VersionView(PG, P, F, V, PP) {}

  /// Checks the version; the vetoes found are in vetoes().
  void run();
  /// Plan pool -> the first reason it cannot be rewritten here.
  const std::map<int, std::string> &vetoes() const { return Vetoes; }

private:
  /// Brace initializers of struct-typed locals that are written again for their new
  /// layout (ruleDeclaration decides; the other rules then leave them to it).
  std::set<const clang::InitListExpr *> WrittenHolderInits;
  void veto(const dsa::NodeEncoding &E, const clang::Stmt *S, const std::string &What);
  void vetoAllPools(const std::string &Why);
  /// Vetoes the pools of the pointers \p S works with (every pool when none is known).
  void vetoCode(const clang::Stmt *S, const std::string &Why);

  // The walk. Each returns whether the rewriter gives the node a new text of its own
  // (which its parent then places or builds on); a node that keeps its text but whose
  // children change (in a macro's body) has its children edited where they are spelled.
  void stmt(const clang::Stmt *S);
  bool expr(const clang::Expr *E, bool IdxContext = false);
  /// A child as its parent rewrites it: where an index is expected (null becomes 0),
  /// and what else the parent makes of it (Tag: wrapped, counted, renamed).
  struct Child {
    Child(const clang::Expr *E, bool Idx = false, std::string Tag = "")
        : E(E), Idx(Idx), Tag(std::move(Tag)) {}
    const clang::Expr *E;
    bool Idx;
    std::string Tag;
  };
  /// The node keeps its own text and its children's texts are spliced in, or placed
  /// where they are spelled (see FunctionRewriter::Assembly).
  bool children(const clang::Stmt *S, const std::vector<Child> &Cs);
  std::vector<Child> allChildren(const clang::Stmt *S) const;
  /// A child whose text becomes part of its parent's new text.
  void embed(const clang::Expr *C, bool IdxContext = false);
  /// A child edited where it is spelled, \p Mark the edit count before its walk.
  void place(const clang::Expr *C, bool Changed, const std::string &Tag, unsigned Mark);
  void noteCopy(const clang::Stmt *S, unsigned Mark, const std::string &Tag);
  bool castExpr(const clang::CStyleCastExpr *E);
  bool call(const clang::CallExpr *E);
  bool callResult(const clang::CallExpr *E, CallMode Mode, bool Renamed, bool PoolArgs,
                  const std::string &NewName, const std::vector<bool> &Changed);
  void allocation(const clang::CallExpr *E, llvm::StringRef Name,
                  llvm::ArrayRef<const clang::Expr *> Args, const dsa::NodeEncoding &Enc);
  void embedCount(const clang::Expr *Size, dsa::TypeId T);
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
  void ruleStructThroughVaArg(const clang::VAArgExpr *E);
  void ruleUnsupportedExpression(const clang::Expr *E);
  void ruleReturnInStatementExpression(const clang::StmtExpr *E);
  void ruleVariadicLastParameter();
  void ruleIndexInPointerInitializer(const clang::InitListExpr *E);
  void ruleCast(const clang::CStyleCastExpr *E);
  void ruleFieldOfUnrewrittenObject(const clang::MemberExpr *E);
  void ruleAddressOfPoolObject(const clang::UnaryOperator *E);
  void ruleAllocationSize(const clang::CallExpr *E, llvm::StringRef Name,
                          llvm::ArrayRef<const clang::Expr *> Args,
                          const dsa::NodeEncoding &Enc);
  void ruleAllocationHook(const clang::CallExpr *E, const dsa::CallSite &CS,
                          const HookAllocation &HA, const dsa::NodeEncoding &Enc);
  void ruleWrapperAllocationSize(const clang::CallExpr *E, const dsa::FunctionVersion &W,
                                 const std::vector<dsa::NodeEncoding> &PoolArgs,
                                 std::map<unsigned, bool> &Counts);
  void ruleIndirectCall(const clang::CallExpr *E);
  void ruleDeclaration(const clang::DeclStmt *DS);
  /// The rewriter gives \p S a new text: S must be spelled in the function's file (in
  /// the file itself, in one macro argument, or as a whole macro invocation), not in a
  /// macro's body.
  void ruleEditableText(const clang::Stmt *S);
  /// A macro use written as its expansion (rules/Counter.h).
  void ruleExpansion(const clang::Stmt *Root);
  std::set<const clang::Stmt *> CheckedRoots;
  /// A macro argument expanded more than once is edited once, where it is spelled: every
  /// expansion must need the same new text.
  void ruleArgumentExpandedTwice();
  /// A changed macro argument must not be stringized (#x keeps the original text).
  void ruleStringizedArgument();
  /// A changed macro argument must not be pasted (##).
  void rulePastedArgument();

  std::map<const clang::CallExpr *, unsigned> CallIndex;
  /// The sizes being written that measure the new representation (rules/Sizeof.h).
  rules::SizeofScope Sizeofs;
  std::map<int, std::string> Vetoes;
  unsigned Placed = 0; ///< edits the rewriter makes, so far in the walk
  struct CopyKey {
    const clang::Stmt *S;
    std::string Key; ///< "=" when unchanged; else what its new text depends on
  };
  std::map<FileRange, std::vector<CopyKey>> Copies; ///< macro argument -> its copies
};

} // namespace ptrcomp

#endif
