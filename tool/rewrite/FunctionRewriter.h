//===- FunctionRewriter.h - one version of one function --------------------===//
#ifndef PTRCOMP_REWRITE_FUNCTIONREWRITER_H
#define PTRCOMP_REWRITE_FUNCTIONREWRITER_H

#include "PoolParamKinds.h"
#include "VersionView.h"
#include "../LineDirectives.h"
#include "../rules/RuleVeto.h"
#include "../rules/Sizeof.h"

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <map>
#include <set>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
class VarDecl;
class ParmVarDecl;
class Preprocessor;
} // namespace clang

namespace ptrcomp {

/// A text edit in file offsets of the function's file.
struct TextEdit {
  unsigned Offset, Length;
  std::string Text;
  std::set<int> Pools; ///< plan pools whose spelling the new text uses (may be empty)
  /// Where the lines of Text come from (empty: it replaces [Offset, Offset + Length)).
  TextOrigins Origins = {};
};

/// Rewrites the body of one function for one version of the plan: pointers into indexed
/// pools become indices, field accesses go through the pool base, allocations through the
/// pool, calls to the versions the plan chose; owned pools are created at entry and
/// destroyed on every exit.
class FunctionRewriter : public VersionView {
public:
  FunctionRewriter(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
                   const dsa::FunctionVersion &V, const clang::Preprocessor *PP = nullptr);
  /// For header() only: a function of another unit, printed from its declaration
  /// \p Declared in this unit's context \p Ctx.
  FunctionRewriter(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
                   const dsa::FunctionVersion &V, const clang::FunctionDecl *Declared,
                   clang::ASTContext &Ctx);

  /// False when something cannot be rewritten: see vetoPools()/vetoReason().
  bool run();
  const std::vector<TextEdit> &edits() const { return Edits; }
  /// For a clone: "static <ret> <name>(<pool params>, <params>)". \p AllDescriptors:
  /// every pool parameter a descriptor, under the plan's name (the extern entry of a
  /// clone split for other units, see setLocalNames).
  std::string header(bool Static, bool AllDescriptors = false) const;
  /// `pc_free(...);` of each local living in a pool that must be freed at \p Exit (a
  /// return, break or continue), or at the end of block \p EndOf.
  std::vector<std::string> localFrees(const clang::Stmt *Exit,
                                      const clang::CompoundStmt *EndOf);
  /// The locals of this version that live in a pool, with the block declaring each.
  struct PooledLocal {
    const clang::VarDecl *VD;
    const clang::DeclStmt *DS;
    const clang::CompoundStmt *Scope;
    dsa::NodeEncoding Enc;
  };
  const std::vector<PooledLocal> &pooledLocals();
  std::vector<PooledLocal> PooledLocalsCache;
  bool PooledLocalsDone = false;
  /// A break or continue that may leave the block of a local living in a pool.
  void leaveStmt(const clang::Stmt *S);
  /// The end of an inner block that declares locals living in a pool.
  void endOfBlock(const clang::CompoundStmt *CS);
  /// The original's return type as written, its leading qualifiers included.
  std::string returnTypeText() const;
  /// The extern entry of a split clone: takes descriptors, calls the local version.
  std::string descriptorEntry() const;
  /// Versions called in this unit under a name of their own: clones called from other
  /// units whose pool parameters are bases in their own unit. Each has an extern entry
  /// under the plan's name that takes descriptors and calls the local one.
  void setLocalNames(const std::map<unsigned, std::string> *N) { LocalNames = N; }
  /// The name this unit calls version \p Version by.
  std::string nameOf(unsigned Version) const;
  std::string prototype(bool Static) const { return header(Static) + ";"; }
  const std::vector<int> &vetoPools() const { return VetoPools; }
  /// Global pools this version names (their descriptors must be visible).
  const std::set<int> &globalPoolsUsed() const { return GlobalPoolsUsed; }
  /// Layouts whose size this version reads from ptrcomp_size_<layout> because their
  /// struct is opaque here (declared, defined in another file).
  const std::set<int> &sizeSymbolsUsed() const { return SizeSymbolsUsed; }
  const std::string &vetoReason() const { return VetoReason; }
  /// How every version receives its pool parameters (see PoolParamKinds.h); without
  /// them, every pool parameter is a descriptor.
  void setPoolParamKinds(const PoolParamKinds *K) { Kinds = K; }
  /// After run(): what this version does with each of its pool parameters.
  const std::vector<PoolParamUse> &poolParamUses() const { return Uses; }
  /// Layouts that the header names through base parameters (a unit that does not
  /// define them must declare them at file scope first).
  std::set<int> baseParamLayouts() const;
  /// After run(): the macro invocations written as their expansions.
  struct ExpandedMacro {
    std::string Name, Definition, Use;
  };
  std::vector<ExpandedMacro> expandedMacros() const;
  /// Testing only (--inject-fault=field:NAME): misspell the fields of struct NAME.
  void injectFieldFault(llvm::StringRef Struct) { FaultStruct = Struct.str(); }

private:
  // Representation of values (see VersionView).

  // Spelling.
  /// The pool's descriptor, for the runtime's functions that need it.
  std::string poolExpr(const dsa::NodeEncoding &E) const;
  std::string descriptorText(const dsa::NodeEncoding &E) const;
  /// The pool's base, to reach the object(s) that \p Use designates.
  std::string baseName(const dsa::NodeEncoding &E, const clang::Expr *Use);
  std::string baseText(const dsa::NodeEncoding &E);
  /// What to pass for pool parameter \p Slot of version \p Callee.
  std::string poolArg(const dsa::NodeEncoding &E, unsigned Callee, unsigned Slot);
  /// Whether the object or member \p Use designates is only read.
  bool onlyRead(const clang::Expr *Use) const;
  std::string poolParamName(unsigned Slot) const;
  /// The signature's encoding of pool parameter \p Slot (nullptr if none names it).
  const dsa::NodeEncoding *slotEncoding(unsigned Slot) const;
  PoolParamKind kindOf(unsigned Version, unsigned Slot) const;
  PoolParamKind slotKind(unsigned Slot) const { return kindOf(VersionIndex, Slot); }
  /// Notes that the text being built depends on \p E's pool (for the self-check's
  /// blame: an edit that does not compile vetoes the pools it touched).
  void touch(const dsa::NodeEncoding &E) const override;
  std::string source(clang::SourceRange R) const;

  // Edits. Every edit of the body is recorded by its range in the file; an edit inside
  // another (a macro argument edited where it is spelled, inside a call rebuilt around
  // it) is part of the outer one's text, which is built from piece().
  struct Recorded {
    std::string Text;
    std::set<int> Pools;
    const clang::Stmt *At;
    TextOrigins Origins; ///< of Text, when it is more than a replacement
  };
  /// Ranges ordered by start, the larger first at one start.
  struct OuterFirst {
    bool operator()(const FileRange &A, const FileRange &B) const {
      return A.first != B.first ? A.first < B.first : A.second > B.second;
    }
  };
  llvm::StringRef fileText() const;
  /// The text of [B, E) as it now stands: the original with the edits recorded inside.
  std::string piece(unsigned B, unsigned E) const;
  /// The current text of \p S; a veto when S has no text of its own in the file.
  std::string spelling(const clang::Stmt *S);
  void record(FileRange R, const std::string &Text, const clang::Stmt *At,
              const TextOrigins &Origins = {});
  void edit(const clang::Stmt *S, const std::string &Text);
  /// Child \p C of a node that keeps its own text gets \p New (nullopt: unchanged) where
  /// it is spelled; \p Mark is the edit log's size before C was rewritten.
  void place(const clang::Expr *C, const std::optional<std::string> &New, size_t Mark);
  /// When \p S is a copy of a macro argument: its text after the edits logged since
  /// \p Mark, to be compared with the argument's other copies.
  void noteCopy(const clang::Stmt *S, size_t Mark);
  /// The copies of each macro argument agree; the recorded edits become Edits.
  void finishEdits();
  std::string assemble(const clang::Stmt *S,
                       std::vector<std::pair<FileRange, std::string>> Changes);
  /// The new text of a node from its children's: in place when the node is written in
  /// the file, else each child is edited where it is spelled (right after it is
  /// rewritten, so that each copy of a macro argument sees only its own edits).
  class Assembly {
  public:
    Assembly(FunctionRewriter &FR, const clang::Stmt *S);
    template <class Fn> void child(const clang::Expr *C, Fn Rewrite) {
      size_t Mark = FR.Log.size();
      std::optional<std::string> New = Rewrite();
      if (!InPlace)
        FR.place(C, New, Mark);
      else if (New && !FR.Failed)
        Changes.push_back({*FR.rangeOf(C), *New});
    }
    std::optional<std::string> text();

  private:
    FunctionRewriter &FR;
    const clang::Stmt *S;
    bool InPlace;
    std::vector<std::pair<FileRange, std::string>> Changes;
  };

  // Expressions: nullopt when the text does not change.
  std::optional<std::string> rewrite(const clang::Expr *E);
  std::optional<std::string> rewriteNode(const clang::Expr *E);

  // Code in macro bodies (see MacroBodies.h): the new texts of its nodes, printed into
  // the expansion that replaces the invocation.
  /// Whether a node under \p S (S excluded) has a new text in a macro body.
  bool changedBelow(const clang::Stmt *S) const;
  /// Whether code of the invocation at root \p Root has a new text.
  bool changedIn(const clang::Stmt *Root) const;
  /// Whether the invocation at \p Root stringizes an argument that was edited.
  bool stringizesEdited(const clang::Stmt *Root) const;
  /// Whether copies of one argument of the invocation at \p Root got different texts
  /// (written as its expansion, each copy is printed with its own).
  bool copiesDiffer(const clang::Stmt *Root) const;
  /// \p S as it is expanded, with the new texts in force.
  std::string expansionText(const clang::Stmt *S) const;
  /// Root \p S of an invocation is written as its expansion.
  void noteExpanded(const clang::Stmt *Root);
  std::string text(const clang::Expr *E);
  /// \p E where an index is expected when \p IdxContext (null becomes 0).
  std::optional<std::string> valueRewrite(const clang::Expr *E, bool IdxContext);
  std::string valueText(const clang::Expr *E, bool IdxContext);
  std::optional<std::string> splice(const clang::Stmt *S);
  std::optional<std::string> castExpr(const clang::CStyleCastExpr *E);
  std::optional<std::string> initList(const clang::InitListExpr *E);
  /// The brace list of a struct with a new layout, written element by element.
  std::string holderListText(llvm::ArrayRef<HolderInitElement> Elems);
  std::optional<std::string> member(const clang::MemberExpr *E);
  std::optional<std::string> unary(const clang::UnaryOperator *E);
  std::optional<std::string> subscript(const clang::ArraySubscriptExpr *E);
  std::optional<std::string> binary(const clang::BinaryOperator *E);
  std::optional<std::string> conditional(const clang::ConditionalOperator *E);
  std::optional<std::string> call(const clang::CallExpr *E);
  /// A call of a compiler builtin, which the analysis does not record as a call.
  std::optional<std::string> builtinCall(const clang::CallExpr *E);
  /// Index \p A as the address of its object, for code that sees real pointers (a
  /// function outside the program, a builtin), or nullopt when \p A is no index.
  std::optional<std::string> asAddress(const clang::Expr *A);
  /// Whether code \p S names a variable whose type or representation changes.
  bool namesChangedVariable(const clang::Stmt *S) const;
  std::optional<std::string> callText(const clang::CallExpr *E, CallMode Mode,
                                      const std::optional<std::string> &Callee,
                                      const std::vector<std::string> &PoolArgs,
                                      const std::vector<std::optional<std::string>> &Args);
  /// Allocator \p Name called at \p E with \p Args (the call's own arguments, or those
  /// a hook call hands its allocator), as a pool operation.
  std::optional<std::string> allocation(const clang::CallExpr *E, llvm::StringRef Name,
                                        llvm::ArrayRef<const clang::Expr *> Args,
                                        const dsa::NodeEncoding &Enc);
  std::string deallocation(const clang::Expr *Arg, const dsa::NodeEncoding &Enc);
  /// A call through an allocation hook whose objects are pooled (see HookAllocation).
  std::optional<std::string> hookCall(const clang::CallExpr *E, const dsa::CallSite &CS,
                                      const HookAllocation &HA,
                                      const dsa::NodeEncoding &Enc);
  std::optional<std::string> sizeofExpr(const clang::UnaryExprOrTypeTraitExpr *E);
  std::map<unsigned, std::string>
  wrapperArguments(const clang::CallExpr *E, const dsa::FunctionVersion &W,
                   const std::vector<dsa::NodeEncoding> &PoolArgs);

  // Statements.
  void stmt(const clang::Stmt *S);
  void rootExpr(const clang::Expr *E);
  void declStmt(const clang::DeclStmt *DS);
  void returnStmt(const clang::ReturnStmt *RS);
  void entryAndExit();
  /// Owned pools destroyed on every exit (all but those shared by recursive activations).
  std::vector<int> destroyedPools() const;

  void veto(const dsa::NodeEncoding &E, const std::string &Why);
  /// Records a rule's vetoes (each a legality miss); whether there were any.
  bool apply(const rules::RuleVetoes &Vs);
  /// \p E, kept as it is (rules/UnsupportedExpressions.h), computes with pooled data, or
  /// its text would change inside (\p ChangedInside): vetoed.
  void unsupported(const clang::Expr *E, bool ChangedInside);
  void vetoAt(const dsa::NodeEncoding &E, const clang::Stmt *S, const std::string &What);
  /// Vetoes the pools of the pointers \p S works with (every pool when none is known).
  void vetoCode(const clang::Stmt *S, const std::string &Why);
  std::nullopt_t macroVeto(const clang::Stmt *S,
                           clang::SourceLocation Loc = clang::SourceLocation());
  std::string expandedTwice(const clang::Stmt *S) const;

  std::map<const clang::Stmt *, std::string> BodyTexts; ///< macro-body code -> new text
  std::set<const clang::Stmt *> Expanded;               ///< roots written as expansions
  std::map<const clang::CallExpr *, unsigned> CallIndex;
  std::map<std::string, std::string> BasesUsed; // base name -> declaration
  mutable std::set<unsigned> ParamsUsed;        // pool parameters the body uses
  mutable std::set<int> GlobalPoolsUsed;
  std::set<int> SizeSymbolsUsed;
  mutable std::set<int> Touched; ///< pools touched since the last edit
  std::vector<TextEdit> Edits;
  std::map<FileRange, Recorded, OuterFirst> RecordedEdits;
  std::vector<std::pair<FileRange, std::string>> Log; ///< every edit recorded, in order
  struct View {
    const clang::Stmt *S;
    std::string Text;
  };
  std::map<FileRange, std::vector<View>> Views; ///< macro argument -> its copies' texts
  std::map<const clang::Stmt *, std::string> CopyTexts; ///< a copy -> its text
  /// Spellings edited with two texts (copies of one argument rewritten differently),
  /// with the two statements: fine only inside an invocation written as its expansion.
  std::map<FileRange, std::pair<const clang::Stmt *, const clang::Stmt *>> TwoTexts;
  std::vector<int> VetoPools;
  std::string VetoReason;
  bool Failed = false;
  bool Dry = false; ///< spelling only: no bases or pool parameters become used
  std::string FaultStruct;
  unsigned VersionIndex;                  ///< of V in the plan
  const PoolParamKinds *Kinds = nullptr;  ///< nullptr: every pool parameter a descriptor
  const std::map<unsigned, std::string> *LocalNames = nullptr;
  mutable std::vector<PoolParamUse> Uses; ///< per pool parameter
  /// The sizes being written that measure the new representation (rules/Sizeof.h).
  rules::SizeofScope Sizeofs;
};

} // namespace ptrcomp

#endif
