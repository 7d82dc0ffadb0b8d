//===- VersionView.h - how one version of a function represents values ----===//
//
// Under a plan, each pointer value of a function version is one of: a plain pointer
// (its structure is not pooled, or not indexed), an index into a pool, or a real
// pointer into a pool (an interior pointer, or a pool without indices). Both the
// legality check, which decides before any text is written what cannot be expressed,
// and the rewriter, which spells the new text, read values through this view, so the
// two agree on every expression.
//
//===----------------------------------------------------------------------===//
#ifndef PTRCOMP_REWRITE_VERSIONVIEW_H
#define PTRCOMP_REWRITE_VERSIONVIEW_H

#include "MacroArguments.h"
#include "MacroBodies.h"

#include "ptrcomp/analysis/Plan.h"
#include "ptrcomp/analysis/ZeroValues.h"

#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"

#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace clang {
class ASTContext;
class VarDecl;
class ParmVarDecl;
class FunctionDecl;
class Preprocessor;
} // namespace clang

namespace ptrcomp {

inline bool isPointer(clang::QualType T) { return T->isAnyPointerType(); }

/// What `free(Arg)` frees: the object \p Arg points to, through casts between pointer
/// types (`free((char *)p)`, the K&R way, frees the node p).
const clang::Expr *freedObject(const clang::Expr *Arg);

/// How many times \p S names \p VD (evaluated or not).
unsigned timesNamed(const clang::VarDecl *VD, const clang::Stmt *S);
/// How many of those are in operands that are not evaluated and that a rewrite may
/// respell as a type: of sizeof, _Alignof, and _Generic's controlling expression.
unsigned timesNamedUnevaluated(const clang::VarDecl *VD, const clang::Stmt *S);
/// The variables without external linkage that \p S names, in order, once each.
void internalVariables(const clang::Stmt *S, std::vector<const clang::VarDecl *> &Out);

/// The parameter of \p FD that is an allocation size it only passes on, as the size
/// argument \p Size (analysis/SizeParameter.h).
const clang::ParmVarDecl *sizeParameter(const clang::FunctionDecl *FD,
                                        const clang::Expr *Size);

/// A call through an allocation hook that the analysis found to be a call of one
/// allocator whatever the hook holds (dsa::HookCall): what a pool operation takes from it.
struct HookAllocation {
  std::string Allocator;                 ///< "malloc", "calloc", "realloc", "free"
  std::vector<const clang::Expr *> Args; ///< the call's arguments the allocator takes
  /// What the pool operation leaves out: the function pointer, and arguments that the
  /// allocator does not take (an allocator object's `self`).
  std::vector<const clang::Expr *> Dropped;
  std::vector<const clang::Expr *> Repeated; ///< arguments the allocator takes twice
  dsa::Cell Object;                          ///< what it allocates, or frees
};
std::optional<HookAllocation> hookAllocation(const clang::CallExpr *E,
                                             const dsa::CallSite &CS);
/// The call of a libc function that \p E is: a direct call of a function outside the
/// program, or a call through an allocation hook that is a call of its allocator. Its
/// name goes to \p Name and the arguments it takes to \p Args.
bool allocatorCall(const clang::CallExpr *E, const dsa::CallSite &CS, std::string &Name,
                   std::vector<const clang::Expr *> &Args);

class VersionView {
public:
  /// \p PP is the preprocessor of the function's translation unit (for the macros
  /// whose arguments hold code; may be null).
  VersionView(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
              const dsa::FunctionVersion &V, const clang::Preprocessor *PP = nullptr);
  /// A view of a function of another unit, for printing its clones' headers from
  /// declaration \p Declared in \p Ctx (the function's own AST is not at hand).
  VersionView(dsa::ProgramGraphs &PG, const dsa::Plan &P, dsa::FunctionGraph &F,
              const dsa::FunctionVersion &V, const clang::FunctionDecl *Declared,
              clang::ASTContext &Ctx);

  enum RepKind { Plain, Idx, Real };
  struct Rep {
    RepKind K = Plain;
    dsa::NodeEncoding E;
  };

  dsa::NodeEncoding encOfCell(dsa::Cell C) const;
  Rep repOfCell(dsa::Cell C, clang::QualType PointerType) const;
  /// The representation of pointer value \p E (Plain for non-pointers).
  Rep rep(const clang::Expr *E) const;
  Rep repOfVar(const clang::VarDecl *VD) const;
  /// When \p E (parentheses and implicit casts aside) names a variable whose objects
  /// live in a pool (dsa::Pool::Variables): that variable, and in \p Enc its pool. Its
  /// name is then the index of its first object.
  const dsa::Pool::Variable *pooledVariable(const clang::Expr *E,
                                            dsa::NodeEncoding *Enc = nullptr) const;
  /// The text of \p E, a name of a variable that lives in a pool, in the output, or ""
  /// when the name stays as written: a non-array is its object in the pool
  /// (`P_base[nil]`); an array decays to the index of its first object, its name, cast
  /// to the index type where it takes part in arithmetic (`&heads[i]` becomes
  /// `((pc_idx32)heads + i)`: an int would make comparisons with indices mix signs).
  std::string pooledVariableText(const clang::DeclRefExpr *E, const std::string &Base) const;
  /// The same for local variable \p VD of this function.
  const dsa::Pool::Variable *pooledLocal(const clang::VarDecl *VD,
                                         dsa::NodeEncoding *Enc = nullptr) const;
  bool pointeeFits(clang::QualType PointerType, const dsa::NodeEncoding &E) const;
  /// New spelling of a pointer type whose values point to \p Pointee ("pc_idx32",
  /// "pc_idx32 *"), or "" when it stays as written.
  std::string newPointerType(clang::QualType T, dsa::Cell Pointee) const;
  /// The cell of \p E: where a pointer value points, where a glvalue is stored.
  dsa::Cell cellOf(const clang::Expr *E) const;
  /// The encoding of a pool that a pointer field of the \p RecordT object at \p C points
  /// into with indices (the first such field), or none: whether a copy of the object
  /// made where ptrcomp cannot change its type (va_arg) would carry indices.
  dsa::NodeEncoding indexedFieldTarget(dsa::Cell C, clang::QualType RecordT) const;
  /// The layout of the \p RecordT object at \p C (a pool object, or a struct embedded
  /// in one), or -1 when it keeps its type.
  int layoutOfObjectAt(dsa::Cell C, clang::QualType RecordT) const;
  /// The layout of the struct object that pointer \p A points to when it is not an
  /// index (a struct embedded in a pool object), or -1.
  int layoutOfPointee(const clang::Expr *A) const;
  /// The layout of the object whose member \p ME names, or -1.
  int layoutOfMemberBase(const clang::MemberExpr *ME) const;
  /// New declaration of an object of type \p T stored at \p Storage, named \p Name,
  /// or "" when it stays as written.
  std::string storedDecl(clang::QualType T, dsa::Cell Storage, const std::string &Name) const;
  std::string varDecl(const clang::VarDecl *VD) const;
  /// One element of the brace initializer of a struct-typed local with a new layout.
  struct HolderInitElement {
    const clang::Expr *Init;
    enum Kind {
      Same,       ///< written as it is (rewritten like any expression)
      Index,      ///< a pointer member that became an index: an index or null
      IndexArray, ///< a pointer to an array of indices (`calloc(n, sizeof(T *))`)
      Zeros       ///< an array of indices or a nested layout: `{0}`
    } K = Same;
    unsigned Bits = 0;
    /// The field a designator names (`.top = n`), or null in a positional list.
    const clang::FieldDecl *Field = nullptr;
  };
  /// The elements of \p VD's brace initializer when \p VD is a struct-typed local with
  /// a new layout and the list can be written again for it, element by element; else
  /// nullopt, with the reason in \p Why ("" when \p VD is not such a local).
  std::optional<std::vector<HolderInitElement>> holderInit(const clang::VarDecl *VD,
                                                           std::string &Why) const;
  /// The same for \p VD, an array of such structs (`struct list heads[3] = {{1, NULL},
  /// {2, NULL}};`): each element's list (empty: zeros, `{0}`), or nullopt with the reason
  /// in \p Why ("" when \p VD is not such an array). \p Lists gets the lists written
  /// again, the array's and its elements'. \p InPool: the array is a block that a pool
  /// holds (a local moved into its pool).
  std::optional<std::vector<std::vector<HolderInitElement>>>
  holderArrayInit(const clang::VarDecl *VD, std::string &Why,
                  std::vector<const clang::InitListExpr *> *Lists = nullptr,
                  bool InPool = false) const;
  /// The same for brace list \p ILE of an object of type \p T at \p Storage (a compound
  /// literal's, or a variable's). \p InPool: the object is one a pool holds (a local
  /// moved into its pool), whose list is written for the pool's layout.
  std::optional<std::vector<HolderInitElement>> holderInit(const clang::InitListExpr *ILE,
                                                           clang::QualType T,
                                                           dsa::Cell Storage,
                                                           std::string &Why,
                                                           bool InPool = false) const;
  /// The result type of this version when it differs from the original's, else "".
  std::string newReturnType() const;
  std::string idxType(const dsa::NodeEncoding &E) const;
  std::string layoutType(const dsa::NodeEncoding &E) const;
  /// Whether struct type \p T is complete in this function's translation unit.
  bool completeHere(dsa::TypeId T) const;
  /// A pointer field of a pool object whose layout stores it as an index (also an
  /// element of an array of pointers in such an object, or of a heap array of indices
  /// a field points to).
  std::optional<dsa::NodeEncoding> fieldIndexEncoding(const clang::Expr *LV) const;
  /// The element encoding of a field that points to a heap array of indices.
  std::optional<dsa::NodeEncoding> fieldArrayEncoding(const clang::MemberExpr *ME) const;
  /// The operand of `sizeof expr` is not evaluated, so the analysis has no cells for
  /// it: what it becomes is decided from the variables it names.
  struct SizeofOperand {
    bool NeedsNewType = false; ///< it dereferences an index (`sizeof *p`, `sizeof p->f`)
    /// Its type in the output: "" = unchanged, nullopt = unknown.
    std::optional<std::string> NewType;
    dsa::NodeEncoding IndexVar;          ///< the operand itself, when it is an index
  };
  SizeofOperand sizeofOperand(const clang::Expr *A) const;
  /// \p T as the output can spell it: a typeof in it names values whose types may
  /// change (`typeof(head)` of a retyped head is an index type there), so such a type is
  /// spelled without its sugar (`struct el *`). "" when the function declares a struct
  /// of T's tag again, which may hide T's where the text goes.
  std::string typeText(clang::QualType T) const;
  /// The type to write for `sizeof A` when A needs a new type but keeps its own, or
  /// nullopt when it cannot be written.
  std::optional<std::string> sizeofSameType(const clang::Expr *A,
                                            const SizeofOperand &SO) const;
  bool isSizeofType(const clang::Expr *E, dsa::TypeId T) const;
  /// Whether \p Size is n * sizeof(T) (or sizeof(T)) as the rewriter can convert it.
  bool isWholeCount(const clang::Expr *Size, dsa::TypeId T) const;
  /// \p R as offsets in the function's own file, when it can be edited there (not
  /// inside a macro's body, not in another file).
  std::optional<std::pair<unsigned, unsigned>> fileRange(clang::SourceRange R) const;
  std::optional<FileRange> rangeOf(const clang::Stmt *S) const {
    return fileRange(S->getSourceRange());
  }
  /// The text of \p S in the file ("" when it has none there).
  std::string sourceText(const clang::Stmt *S) const;
  /// Whether the text of \p S can be rebuilt from its own spelling: S is written in the
  /// file (not in a macro) and each of its children has its own text inside S's (not in a
  /// macro argument). Otherwise S keeps its text and its children are edited where they
  /// are spelled (each inside a macro argument, or a whole macro invocation).
  bool editableInPlace(const clang::Stmt *S) const;
  /// Offset of the `(` after the callee of \p E when only white space separates them.
  std::optional<unsigned> callParen(const clang::CallExpr *E) const;
  /// How a call that changes is written: spliced into its own text; by editing its
  /// callee and arguments where they are spelled (a call in a macro's body); or written
  /// again whole, to give it pool arguments (a macro invocation that is exactly the call
  /// becomes the call).
  enum CallMode { CallInPlace, CallPlace, CallRebuild };
  CallMode callMode(const clang::CallExpr *E, bool PoolArgs) const;
  /// The function's code spelled in macro arguments.
  const MacroArguments &macroArgs() const;
  /// The function's code spelled in macro bodies (see MacroBodies.h).
  const MacroBodies &macroBodies() const;
  /// Everything the rewriter reads to spell \p S (node kinds, representations, cells,
  /// versions called): two copies of one macro argument with the same key get the same
  /// text.
  std::string rewriteKey(const clang::Stmt *S) const;
  /// The pooled encodings of the pointers that \p S works with.
  std::vector<dsa::NodeEncoding> pooledIn(const clang::Stmt *S) const;
  /// The pool encodings a pooled value of this version may carry.
  std::vector<int> poolsOf(const dsa::NodeEncoding &E) const;

  const dsa::FunctionVersion &version() const { return V; }
  dsa::FunctionGraph &function() const { return F; }
  dsa::ProgramGraphs &graphs() const { return PG; }
  const dsa::Plan &plan() const { return P; }
  clang::ASTContext &context() const { return Ctx; }
  /// The type id of \p T in the program's type table.
  dsa::TypeId typeId(clang::QualType T) const;
  /// The statement directly around \p S in the function's body, or null. From clang's
  /// ParentMap of the body, made on first use: the ASTContext's parent map indexes the
  /// whole translation unit, system headers included, which cost a third of a parse.
  const clang::Stmt *parentOf(const clang::Stmt *S) const;

protected:
  virtual ~VersionView() = default;
  /// Called with every pool a spelling depends on (the rewriter records them).
  virtual void touch(const dsa::NodeEncoding &) const {}

  dsa::ProgramGraphs &PG;
  const dsa::Plan &P;
  dsa::FunctionGraph &F;
  const dsa::FunctionVersion &V;
  clang::ASTContext &Ctx;
  const clang::Preprocessor *PP;
  /// The function's definition, or the declaration the view was made for.
  const clang::FunctionDecl *FnDecl;
  Rep Returned; ///< what a pointer result of this version is
  bool ReturnsIdx = false;

private:
  mutable std::unique_ptr<MacroArguments> MacroArgs;
  mutable std::unique_ptr<MacroBodies> MacroBodyIndex;
  mutable std::unique_ptr<clang::ParentMap> BodyParents;
};

/// Whether the translation unit of \p Ctx defines struct \p T (not only
/// declares it).
bool definesStruct(dsa::ProgramGraphs &PG, clang::ASTContext &Ctx,
                   dsa::TypeId T);

} // namespace ptrcomp

#endif
