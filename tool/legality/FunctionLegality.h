//===- FunctionLegality.h - what one function version cannot express ------===//
//
// Before any text is written, every use in a function version is checked against the
// rules of what the rewriter can express under the plan. A use that breaks a rule
// vetoes the structures it involves, with the rule's located reason; the plan is then
// made again without them.
//
// The rules themselves live in tool/rules/, one file each with its check and its
// rewrite, asked by this walk and by the rewriter (tool/rewrite/FunctionRewriter.cpp)
// alike. The walk predicts which expressions get a new text, so that it can ask each
// rule where the rewriter will; when the rewriter meets a veto the walk missed it says
// "internal: legality missed" (see Legality.h). Each rule file has test programs named
// after it in tests/legality/ and tests/exec/.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_LEGALITY_FUNCTIONLEGALITY_H
#define PTRCOMP_LEGALITY_FUNCTIONLEGALITY_H

#include "../rewrite/VersionView.h"
#include "../rules/RuleVeto.h"
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
  /// layout (rules/Declarations.h decides; the other rules then leave them to it).
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
  bool binary(const clang::BinaryOperator *E);
  bool sizeofExpr(const clang::UnaryExprOrTypeTraitExpr *E);
  void declStmt(const clang::DeclStmt *DS);
  void returnStmt(const clang::ReturnStmt *RS);

  // The rules (those of tool/rules/ are applied where the walk meets their code).
  void apply(const rules::RuleVetoes &Vs);
  /// The rewriter gives \p S, spelled in a macro's body, a new text: its use is written
  /// as the expansion, or the code's structures stay unchanged (rules/MacroExpansions.h).
  void macroBodyEdit(const clang::Stmt *S);
  /// A macro use written as its expansion (rules/MacroExpansions.h, rules/Counter.h).
  void expansion(const clang::Stmt *Root);
  std::set<const clang::Stmt *> CheckedRoots;
  /// The copies of macro arguments seen in the walk (rules/MacroArgumentEdits.h).
  void macroArgumentCopies();

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
