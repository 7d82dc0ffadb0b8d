//===- ProgramRewriter.cpp - layouts, versions, prototypes, includes ------===//
//
// Puts the pieces of a plan into the program's files: the new struct layouts beside the
// original definitions, each function's rewritten body (in place for the version with
// the original signature) and its clones right after it, prototypes for the clones
// before their first use, and the runtime header.
//
//===----------------------------------------------------------------------===//
#include "../FilePaths.h"
#include "../legality/Legality.h"
#include "../rules/LayoutPrinting.h"
#include "../rules/DeclarationExpressions.h"
#include "FunctionPointerTypes.h"
#include "FunctionRewriter.h"
#include "GlobalVariable.h"
#include "IncludePlacement.h"
#include "LayoutOrder.h"
#include "Rewriter.h"
#include "GlobalImage.h"
#include "ptrcomp/analysis/SharedStatics.h"
#include "SharedStatics.h"
#include "ptrcomp/Compat.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <functional>
#include <optional>
#include <set>
#include <utility>

using namespace clang;
namespace ptrcomp {
namespace {

std::string realPath(const SourceManager &SM, FileID FID) {
  return realPathOf(SM, FID);
}

/// Offset just past the `;` that ends the declaration whose last token is at \p Loc.
std::optional<unsigned> afterSemicolon(const SourceManager &SM, SourceLocation Loc) {
  auto [FID, Off] = SM.getDecomposedLoc(SM.getExpansionLoc(Loc));
  StringRef Buf = SM.getBufferData(FID);
  int Depth = 0;
  for (unsigned I = Off; I < Buf.size(); ++I) {
    char C = Buf[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == ';' && Depth <= 0)
      return I + 1;
  }
  return std::nullopt;
}

/// The start of the line of the main file's #include through which \p Loc's file is
/// included, or none when \p Loc is in the main file itself.
static std::optional<unsigned> includeLineInMainFile(const SourceManager &SM,
                                                     SourceLocation Loc) {
  SourceLocation L = SM.getExpansionLoc(Loc);
  if (SM.getFileID(L) == SM.getMainFileID())
    return std::nullopt;
  for (; L.isValid(); L = SM.getIncludeLoc(SM.getFileID(L)))
    if (SM.getFileID(L) == SM.getMainFileID()) {
      // (an include's location is its file name)
      size_t LineStart = SM.getBufferData(SM.getMainFileID()).rfind('\n', SM.getFileOffset(L));
      return LineStart == StringRef::npos ? 0 : unsigned(LineStart) + 1;
    }
  return std::nullopt;
}

/// Offset of the first top-level declaration of the program in file \p FID.
unsigned firstDeclOffset(ASTContext &Ctx, FileID FID) {
  const SourceManager &SM = Ctx.getSourceManager();
  unsigned FirstDecl = SM.getBufferData(FID).size();
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    SourceLocation L = SM.getExpansionLoc(D->getBeginLoc());
    if (L.isValid() && SM.getFileID(L) == FID && !D->isImplicit())
      FirstDecl = std::min(FirstDecl, SM.getFileOffset(L));
  }
  return FirstDecl;
}

/// Every pool a version of a function works with: its own, the global ones, and those its
/// callers pass in.
EditSet::PoolSet poolsOf(const dsa::Plan &P, const dsa::FunctionVersion &V) {
  EditSet::PoolSet Pools;
  for (auto &KV : V.Nodes) {
    const dsa::NodeEncoding &E = KV.second;
    if (E.isHolder()) {
      std::set<int> Ps = dsa::poolsWithLayout(P, E.LayoutId);
      Pools.insert(Ps.begin(), Ps.end());
    } else if (E.Source == dsa::NodeEncoding::Param) {
      if (E.Slot < V.ParamPools.size())
        Pools.insert(V.ParamPools[E.Slot].begin(), V.ParamPools[E.Slot].end());
    } else if (E.Pool >= 0) {
      Pools.insert(E.Pool);
    }
  }
  return Pools;
}


/// The text of a clone's body: the original body [BodyBegin, BodyEnd) of \p Buf with the
/// version's edits \p Edits applied, and where its pieces come from: the original's text
/// between the edits (copies, so that each line of the clone has the number of the
/// original's), and each edit's text.
std::pair<std::string, TextOrigins> cloneBody(StringRef Buf, unsigned BodyBegin,
                                              unsigned BodyEnd,
                                              const std::vector<TextEdit> &Edits) {
  std::string BodyText = Buf.slice(BodyBegin, BodyEnd).str();
  // Per character of BodyText: the edit it comes from (-1: the original) and its
  // position there (in the edit's text, or in the file).
  std::vector<std::pair<int, unsigned>> Tags;
  for (unsigned I = BodyBegin; I < BodyEnd; ++I)
    Tags.push_back({-1, I});
  std::vector<size_t> Order(Edits.size());
  for (size_t I = 0; I < Order.size(); ++I)
    Order[I] = I;
  std::stable_sort(Order.begin(), Order.end(), [&](size_t A, size_t B) {
    return Edits[A].Offset > Edits[B].Offset;
  });
  for (size_t K : Order) {
    const TextEdit &E = Edits[K];
    if (E.Offset < BodyBegin || E.Offset + E.Length > BodyEnd)
      continue;
    // The code after it on its line keeps its line (LineDirectives.h).
    std::string Text = withLostLineBreaks(Buf.slice(E.Offset, E.Offset + E.Length), E.Text,
                                          Buf.slice(E.Offset + E.Length, BodyEnd));
    BodyText.replace(E.Offset - BodyBegin, E.Length, Text);
    std::vector<std::pair<int, unsigned>> New;
    for (unsigned I = 0; I < Text.size(); ++I)
      New.push_back({int(K), I});
    auto At = Tags.begin() + (E.Offset - BodyBegin);
    At = Tags.erase(At, At + E.Length);
    Tags.insert(At, New.begin(), New.end());
  }
  // Runs of tags as pieces: a copy of the original, or a piece of an edit's text.
  TextOrigins Out;
  auto PieceOf = [&](const TextEdit &E, unsigned Pos) {
    TextOrigins Own = E.Origins.empty()
                          ? TextOrigins{{0, E.Offset, E.Length, false}}
                          : E.Origins;
    size_t P = 0;
    while (P + 1 < Own.size() && Own[P + 1].At <= Pos)
      ++P;
    TextOrigin O = Own[P];
    if (O.Copy) {
      O.Offset += Pos - O.At;
      O.At = Pos;
    }
    return std::make_pair(O, Pos == Own[P].At);
  };
  for (size_t I = 0; I < Tags.size(); ++I) {
    auto [Edit, Pos] = Tags[I];
    bool Continues = I > 0 && Tags[I - 1].first == Edit && Tags[I - 1].second + 1 == Pos;
    TextOrigin O;
    if (Edit < 0) {
      if (Continues)
        continue;
      O = {0, Pos, 0, true};
    } else {
      auto [Piece, Starts] = PieceOf(Edits[Edit], Pos);
      if (Continues && !Starts)
        continue;
      O = Piece;
    }
    O.At = I;
    Out.push_back(O);
  }
  return {BodyText, Out};
}

/// An inline function with external linkage (C99 or gnu89 inline): each unit that
/// includes its definition has it, and only those with a declaration that asks for it
/// (or none) give the program the external definition.
bool inlineWithLinkage(const FunctionDecl *D) {
  return D->isInlined() && D->isExternallyVisible();
}

/// An ordinary external definition in a header: the other units that include it must
/// read it otherwise (gnu89 `extern inline` through a macro in all but this one, as
/// `#define LIST_INLINE` before the header in the one file that defines it), or it
/// would be a link error. Its clone is split like an inline function's: the local
/// version static inline in the header, the external entry in this unit's main file.
bool externalInHeader(const FunctionDecl *D) {
  const SourceManager &SM = D->getASTContext().getSourceManager();
  return D->isExternallyVisible() && !D->isInlined() &&
         !SM.isInMainFile(SM.getExpansionLoc(D->getBeginLoc()));
}

/// `inline` as the unit's dialect spells it.
const char *inlineKeyword(const LangOptions &LO) {
  return LO.C99 || LO.GNUMode || LO.CPlusPlus ? "inline " : "__inline__ ";
}

/// The specifiers of a clone of the function defined by \p D, written in the main
/// file when \p Main; \p Local: the clone is called in its own unit only (or is the
/// local version of a split clone). A static function's clones are static, and inline
/// when it is; in a header, a static function's clone that a unit including the
/// header does not call would be unused there: it says it may be. A clone local to
/// its unit is static (and inline when the function is, or when it is in a header,
/// where units that do not call it keep it unused); one that other units call is an
/// ordinary external definition.
std::string cloneSpecifiers(const FunctionDecl *D, bool Local, bool Main) {
  const LangOptions &LO = D->getASTContext().getLangOpts();
  if (!D->isExternallyVisible())
    return std::string("static ") +
           (D->isInlined() ? inlineKeyword(LO) : Main ? "" : "__attribute__((unused)) ");
  if (Local)
    return std::string("static ") + (D->isInlined() || !Main ? inlineKeyword(LO) : "");
  return "";
}

/// Where the external entry of a clone of \p D goes: \p D is an inline function with
/// external linkage, rewritten by the unit whose copy is the program's external
/// definition when one is (linkSummaries). The entry is an ordinary definition and must
/// be in that unit only: after the clones when \p D is in the unit's main file or its
/// own specifiers make it external; for an inline definition in a header, after a
/// declaration that makes this unit's copy external (C99 6.7.4: `extern` or no
/// `inline`; gnu89 and gnu_inline: `inline` without `extern`), the main file's first
/// after the definition preferred. Nowhere when no unit's copy is external: the link
/// check then finds the calls that other units make of the entry.
struct EntryPlace {
  enum Kind { Nowhere, AfterClones, AfterDecl, EndOfMainFile } K = Nowhere;
  const FunctionDecl *Decl = nullptr; ///< AfterDecl
};
EntryPlace externalEntryPlace(const FunctionDecl *D) {
  EntryPlace Out;
  if (!D->isInlined() || !D->isInlineDefinitionExternallyVisible())
    return Out;
  const ASTContext &Ctx = D->getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  bool GNU = Ctx.getLangOpts().GNUInline ||
             llvm::any_of(D->redecls(), [](const FunctionDecl *R) {
               return R->hasAttr<GNUInlineAttr>();
             });
  auto Forces = [&](const FunctionDecl *R) {
    bool Extern = R->getStorageClass() == SC_Extern;
    return GNU ? R->isInlineSpecified() && !Extern : !R->isInlineSpecified() || Extern;
  };
  SourceLocation DefLoc = SM.getExpansionLoc(D->getBeginLoc());
  Out.K = EntryPlace::AfterClones;
  if (SM.isInMainFile(DefLoc) || Forces(D))
    return Out;
  // Ranked: in the main file, after the definition (where the local version is
  // declared), then the first.
  std::pair<bool, bool> Best;
  SourceLocation BestLoc;
  for (const FunctionDecl *R : D->redecls()) {
    if (R->doesThisDeclarationHaveABody() || R->isImplicit() ||
        !R->getLexicalDeclContext()->isTranslationUnit() || !Forces(R))
      continue;
    SourceLocation L = SM.getExpansionLoc(R->getBeginLoc());
    if (L.isInvalid() || SM.isInSystemHeader(L))
      continue;
    std::pair<bool, bool> Rank{!SM.isInMainFile(L), SM.isBeforeInTranslationUnit(L, DefLoc)};
    if (!Out.Decl || Rank < Best ||
        (Rank == Best && SM.isBeforeInTranslationUnit(L, BestLoc))) {
      Out = {EntryPlace::AfterDecl, R};
      Best = Rank;
      BestLoc = L;
    }
  }
  return Out;
}

struct VersionText {
  unsigned Version;
  std::string Header;    // without "static "
  std::string Body;      // "{ ... }"
  bool Static = true;
};

class ProgramRewriter {
public:
  ProgramRewriter(ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                  const ProgramFacts &Facts, EditSet &Edits, dsa::Vetoes &Out,
                  StringRef InjectFault)
      : AST(AST), Ctx(AST.getASTContext()), SM(Ctx.getSourceManager()), Unit(Unit), PG(PG),
        P(P), Facts(Facts), Edits(Edits), Out(Out), InjectFault(InjectFault) {}

  bool run();

private:
  void add(const std::string &File, unsigned Off, unsigned Len, const std::string &Text,
           const EditSet::PoolSet &Pools, const TextOrigins &Origins = {}) {
    if (auto Err = Edits.add(File, Off, Len, Text, Pools, Origins)) {
      llvm::consumeError(std::move(Err));
      Conflict = true;
    }
  }
  /// Whether the versions of \p F are written (else a reason may go to Out).
  bool writesVersionsOf(dsa::FunctionGraph &F, bool Report);
  /// Rewrites every version once with descriptors, to decide how each receives its pool
  /// parameters (PoolParamKinds.h).
  void decidePoolParamKinds();
  void rewriteFunction(dsa::FunctionGraph &F);
  void emitLayouts();
  void emitPrototypes();
  void emitIncludes();

  /// A prototype of clone \p VI, defined in another unit, printed from this unit's
  /// declaration of its function \p Decl.
  std::optional<std::string> foreignHeader(unsigned VI, const FunctionDecl *Decl);

  ASTUnit &AST;
  ASTContext &Ctx;
  const SourceManager &SM;
  unsigned Unit;
  dsa::ProgramGraphs &PG;
  const dsa::Plan &P;
  const ProgramFacts &Facts;
  EditSet &Edits;
  dsa::Vetoes &Out;
  StringRef InjectFault;
  bool Conflict = false;
  std::map<unsigned, std::string> VersionHeader; // clone -> header (no static)
  PoolParamKinds ParamKinds;
  /// Clones split for other units: the name of their local version.
  std::map<unsigned, std::string> LocalNames;
  /// Layouts that each version's header names through base parameters, and those named
  /// by headers written in this unit.
  std::map<unsigned, std::set<int>> HeaderLayouts;
  std::set<int> UnitHeaderLayouts;
  std::set<FileID> NeedsInclude;
  std::vector<std::tuple<std::string, unsigned, std::string, EditSet::PoolSet>>
      PendingPrototypes;
  /// Globals declared with the definition of their struct (`static struct reg {...} r;`):
  /// their new declarations follow the definition and its layout, so they are added
  /// after the layouts, at the same offset.
  std::vector<std::tuple<std::string, unsigned, std::string, EditSet::PoolSet>>
      DeclarationsAfterLayouts;
  /// The declarations of globals written whole (rewriteGlobalVariables): file, begin
  /// and end offsets. Their text names functions as their clones already.
  std::vector<std::tuple<std::string, unsigned, unsigned>> RewrittenGlobals;
  std::map<int, unsigned> GlobalPoolUse; // pool -> first use in this unit
  /// Pool -> the elements of its image that this unit's globals give (GlobalImage.h).
  std::map<int, std::vector<std::string>> ImageElements;
  /// Global pools that functions of an included .c file use: the main file declares
  /// them before the #include and defines them at its end (their struct may be defined
  /// in the included file).
  std::set<int> PoolsUsedThroughIncludes;
  void emitGlobalPools();
  void rewriteGlobalVariables();
  void emitImages();
  void staticLocalImages();

public:
  /// Where the first veto came from (see RewriteStage).
  RewriteStage Stage = RewriteStage::Functions;
  MacroUses *Macros = nullptr;
};

bool ProgramRewriter::writesVersionsOf(dsa::FunctionGraph &F, bool Report) {
  auto VIt = P.VersionsOf.find(F.Key);
  if (VIt == P.VersionsOf.end())
    return false; // never reached from an entry point: left as it is
  FileID FID = SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc()));
  bool AnyChange = false;
  for (unsigned VI : VIt->second)
    AnyChange |= P.Versions[VI].changesSomething();
  if (!AnyChange)
    return false;
  if (FID != SM.getMainFileID()) {
    // A function in an included file (a header's static function, an included .c file)
    // is rewritten there, with its versions beside it, as long as it creates no pool:
    // pool lifetimes are kept in the files that the build compiles.
    bool Owns = false;
    for (unsigned VI : VIt->second)
      for (auto &KV : P.Versions[VI].Nodes)
        if (KV.second.Source == dsa::NodeEncoding::Owned) {
          Owns = true;
          if (!Report)
            continue;
          Out[P.Pools[KV.second.Pool].Origin] =
              "function '" + F.Name + "' is defined in a header";
          legalityMissed(Out[P.Pools[KV.second.Pool].Origin]);
        }
    if (Owns || SM.isInSystemHeader(F.Decl->getLocation()))
      return false;
  }
  return true;
}

void ProgramRewriter::decidePoolParamKinds() {
  PoolParamUses Uses;
  for (dsa::FunctionGraph *FP : PG.functionsOf(Unit)) {
    dsa::FunctionGraph &F = *FP;
    if (!writesVersionsOf(F, false))
      continue;
    for (unsigned VI : P.VersionsOf.find(F.Key)->second) {
      const dsa::FunctionVersion &V = P.Versions[VI];
      if (!V.changesSomething())
        continue;
      // As it is written below (same preprocessor: macro arguments are rewritten alike).
      FunctionRewriter FR(PG, P, F, V, &AST.getPreprocessor());
      // A version that fails is vetoed when it is written; until then its parameters
      // stay descriptors (it is missing from Uses).
      if (FR.run())
        Uses[VI] = FR.poolParamUses();
    }
  }
  // The clones of a class of function pointers share one signature: descriptors.
  for (auto &[VI, Slots] : Uses)
    if (P.Versions[VI].FnClass >= 0)
      for (PoolParamUse &U : Slots)
        U.Direct = true;
  // Other units call a clone with descriptors (how it uses its pools is seen here only).
  // One that takes bases here is split: a local version under a name of its own, with
  // the bases, and an extern entry under the plan's name that takes the descriptors and
  // calls it. A clone that cannot be split (variadic, unnamed parameters) takes
  // descriptors everywhere.
  ParamKinds = solvePoolParamKinds(Uses);
  bool Forced = false;
  for (auto &[VI, Slots] : Uses) {
    if (!Facts.CrossUnit.count(VI))
      continue;
    auto K = ParamKinds.find(VI);
    bool Bases = K != ParamKinds.end() &&
                 llvm::any_of(K->second, [](PoolParamKind X) {
                   return X != PoolParamKind::Descriptor;
                 });
    const dsa::FunctionGraph &F = *PG.function(P.Versions[VI].Function);
    // An inline function's clone that other units call is split whatever its pools
    // are: the local version is `static inline` beside the original (each unit that
    // includes it keeps its own, as an inline definition), and the entry goes where the
    // original's external definition is (externalEntryPlace). An ordinary definition
    // in a header would be one in every unit that includes it.
    if (!Bases && !inlineWithLinkage(F.Decl) && !externalInHeader(F.Decl))
      continue;
    bool Named = llvm::all_of(F.Decl->parameters(), [](const ParmVarDecl *PV) {
      return !PV->getName().empty();
    });
    if (F.Decl->isVariadic() || !Named) {
      for (PoolParamUse &U : Slots)
        U.Direct = true;
      Forced = true;
      continue;
    }
    LocalNames[VI] = P.Versions[VI].Name + "_local";
  }
  if (Forced) {
    ParamKinds = solvePoolParamKinds(Uses);
    // What was forced may have turned a candidate's slots into descriptors.
    for (auto It = LocalNames.begin(); It != LocalNames.end();) {
      auto K = ParamKinds.find(It->first);
      bool Bases = K != ParamKinds.end() &&
                   llvm::any_of(K->second, [](PoolParamKind X) {
                     return X != PoolParamKind::Descriptor;
                   });
      const dsa::FunctionGraph &F = *PG.function(P.Versions[It->first].Function);
      It = Bases || inlineWithLinkage(F.Decl) || externalInHeader(F.Decl)
               ? std::next(It)
               : LocalNames.erase(It);
    }
  }
}

void ProgramRewriter::rewriteFunction(dsa::FunctionGraph &F) {
  if (!writesVersionsOf(F, true))
    return;
  auto VIt = P.VersionsOf.find(F.Key);
  FileID FID = SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc()));
  std::string File = realPath(SM, FID);
  bool HasOriginal = false;
  for (unsigned VI : VIt->second)
    HasOriginal |= P.Versions[VI].IsOriginal;
  const auto *Body = cast<CompoundStmt>(F.Decl->getBody());
  unsigned BodyBegin = SM.getFileOffset(SM.getExpansionLoc(Body->getLBracLoc()));
  unsigned BodyEnd = SM.getFileOffset(SM.getExpansionLoc(Body->getRBracLoc())) + 1;
  StringRef Buf = SM.getBufferData(FID);

  // Whatever separated the original's parameter list from its body (" " or a newline).
  std::string HeaderToBody = " ";
  if (FunctionTypeLoc FTL = F.Decl->getFunctionTypeLoc()) {
    SourceLocation RP = SM.getExpansionLoc(FTL.getRParenLoc());
    if (RP.isValid() && SM.getFileID(RP) == FID && SM.getFileOffset(RP) < BodyBegin)
      HeaderToBody = Buf.slice(SM.getFileOffset(RP) + 1, BodyBegin).str();
    if (StringRef(HeaderToBody).trim().size())
      HeaderToBody = " "; // attributes or K&R declarations: not copied
  }
  EditSet::PoolSet AllPools;
  for (unsigned VI : VIt->second) {
    EditSet::PoolSet Ps = poolsOf(P, P.Versions[VI]);
    AllPools.insert(Ps.begin(), Ps.end());
  }
  unsigned FnBegin = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBeginLoc()));
  Edits.claim(File, FnBegin, BodyEnd, AllPools);
  // Where the unit's main file first needs the global pools the function uses: at the
  // function, or at the #include of the file that holds it (an included .c file: mawk's
  // regexp.c includes rexp0.c, whose static functions use a global pool).
  std::optional<unsigned> IncludedAt = includeLineInMainFile(SM, F.Decl->getBeginLoc());
  std::string Clones;
  TextOrigins CloneOrigins;
  EditSet::PoolSet ClonePools;
  // Written more than once, the function declares its static locals before it, shared
  // by its versions (SharedStatics.h).
  bool KeepsOriginal = HasOriginal || Facts.KeepOriginal.count(F.Key);
  unsigned Definitions = KeepsOriginal;
  for (unsigned VI : VIt->second)
    Definitions += !P.Versions[VI].IsOriginal && P.Versions[VI].changesSomething();
  std::optional<SharedStatics> Statics;
  if (Definitions > 1 && F.UnsharedStatics.empty()) {
    Statics.emplace(SM, F.Decl, Buf);
    if (Statics->empty())
      Statics.reset();
  }
  bool OriginalEdited = false;
  for (unsigned VI : VIt->second) {
    const dsa::FunctionVersion &V = P.Versions[VI];
    if (!V.changesSomething())
      continue;
    FunctionRewriter FR(PG, P, F, V, &AST.getPreprocessor());
    FR.setPoolParamKinds(&ParamKinds);
    FR.setLocalNames(&LocalNames);
    if (StringRef Fault = InjectFault; Fault.consume_front("field:"))
      FR.injectFieldFault(Fault);
    if (!FR.run()) {
      for (int Pl : FR.vetoPools())
        Out[P.Pools[Pl].Origin] = FR.vetoReason();
      if (FR.vetoPools().empty())
        Out[{"?", 0}] = FR.vetoReason();
      continue;
    }
    NeedsInclude.insert(FID);
    if (Macros)
      for (const FunctionRewriter::ExpandedMacro &M : FR.expandedMacros())
        (*Macros)[{M.Name, M.Definition}].insert(M.Use);
    unsigned FnAt = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBeginLoc()));
    for (int L : FR.sizeSymbolsUsed()) {
      PendingPrototypes.push_back({File, FnAt,
                                   "extern const size_t ptrcomp_size_" + P.Layouts[L].Name +
                                       ";\n\n",
                                   poolsOf(P, V)});
    }
    unsigned MainAt = IncludedAt.value_or(FnAt);
    for (int Pl : FR.globalPoolsUsed()) {
      auto [It, New] = GlobalPoolUse.emplace(Pl, MainAt);
      if (!New)
        It->second = std::min(It->second, MainAt);
      if (IncludedAt)
        PoolsUsedThroughIncludes.insert(Pl);
    }
    EditSet::PoolSet VersionPools = poolsOf(P, V);
    std::vector<TextEdit> VersionEdits =
        Statics ? Statics->takeOut(FR.edits()) : FR.edits();
    if (V.IsOriginal) {
      for (const TextEdit &E : VersionEdits)
        add(File, E.Offset, E.Length, E.Text, E.Pools.empty() ? VersionPools : E.Pools,
            E.Origins);
      OriginalEdited = true;
      continue;
    }
    ClonePools.insert(VersionPools.begin(), VersionPools.end());
    auto [BodyText, BodyOrigins] = cloneBody(Buf, BodyBegin, BodyEnd, VersionEdits);
    VersionHeader[VI] = FR.header(false);
    HeaderLayouts[VI] = FR.baseParamLayouts();
    UnitHeaderLayouts.insert(HeaderLayouts[VI].begin(), HeaderLayouts[VI].end());
    bool Static = true;
    auto Called = Facts.CalledFromUnit.find(VI);
    if (Called != Facts.CalledFromUnit.end())
      for (unsigned U : Called->second)
        Static &= U == F.Unit;
    bool Split = LocalNames.count(VI);
    // The body's lines are the original's; the header's is the line of the original's
    // header when the brace is on a line of its own, else that of the brace.
    CloneOrigins.push_back({unsigned(Clones.size()), BodyEnd, 0, false});
    Clones += "\n\n";
    if (StringRef(HeaderToBody).contains('\n'))
      CloneOrigins.push_back({unsigned(Clones.size()), FnBegin, BodyBegin - FnBegin, false});
    std::string Specifiers = cloneSpecifiers(F.Decl, Static || Split, FID == SM.getMainFileID());
    // A static clone that no call of the program names (a library's exported function
    // that this program does not call itself: its original stays the external entry).
    if (Called == Facts.CalledFromUnit.end() && compat::startsWith(Specifiers, "static ") &&
        !StringRef(Specifiers).contains("unused") && !F.Decl->isInlined())
      Specifiers += "__attribute__((unused)) ";
    Clones += Specifiers + FR.header(false) + HeaderToBody;
    for (TextOrigin O : BodyOrigins) {
      O.At += Clones.size();
      CloneOrigins.push_back(O);
    }
    Clones += BodyText;
    CloneOrigins.push_back({unsigned(Clones.size()), BodyEnd, 0, false});
    if (Split) {
      std::string Entry = "\n\n/* ptrcomp: '" + V.Name +
                          "' for the other files, which pass descriptors */\n" +
                          FR.descriptorEntry();
      EntryPlace At;
      if (inlineWithLinkage(F.Decl))
        At = externalEntryPlace(F.Decl);
      else if (externalInHeader(F.Decl))
        At.K = EntryPlace::EndOfMainFile;
      else
        At.K = EntryPlace::AfterClones;
      // (Testing: the entry where ptrcomp once wrote it, beside the local version, in
      // every unit that includes it; or nowhere.)
      if (At.K == EntryPlace::AfterDecl && InjectFault == "link-duplicate")
        At.K = EntryPlace::AfterClones;
      if (At.K == EntryPlace::AfterDecl && InjectFault == "link-undefined")
        At.K = EntryPlace::Nowhere;
      if (At.K == EntryPlace::AfterClones)
        Clones += Entry;
      if (At.K == EntryPlace::EndOfMainFile) {
        FileID Main = SM.getMainFileID();
        add(realPath(SM, Main), SM.getBufferData(Main).size(), 0, Entry + "\n",
            VersionPools);
        NeedsInclude.insert(Main);
      }
      if (At.K == EntryPlace::AfterDecl) {
        SourceLocation L = SM.getExpansionLoc(At.Decl->getBeginLoc());
        if (auto End = afterSemicolon(SM, At.Decl->getEndLoc())) {
          add(realPath(SM, SM.getFileID(L)), *End, 0, Entry, VersionPools);
          NeedsInclude.insert(SM.getFileID(L));
        }
      }
    }
  }
  std::string SharedText;
  TextOrigins SharedOrigins;
  if (Statics)
    std::tie(SharedText, SharedOrigins) = Statics->declarations(F.Name);
  if (Clones.empty()) {
    // (A round whose clones were refused: the original's text stays whole.)
    if (Statics && OriginalEdited)
      add(File, FnBegin, 0, SharedText, AllPools, SharedOrigins);
    return;
  }
  if (KeepsOriginal) {
    if (Statics) {
      // The original's declarations leave its body too.
      if (!OriginalEdited)
        for (const TextEdit &E : Statics->takeOut({}))
          add(File, E.Offset, E.Length, E.Text, AllPools);
      add(File, FnBegin, 0, SharedText, AllPools, SharedOrigins);
    }
    // The clones go after the original; a unit that includes the original but no
    // longer calls it (another unit does) must not warn that it is unused.
    add(File, BodyEnd, 0, Clones, ClonePools, CloneOrigins);
    if (!HasOriginal && !F.Decl->isInlined())
      add(File, FnBegin, 0, "__attribute__((unused)) ", ClonePools);
    return;
  }
  // No caller needs the original any more: the clones take its place.
  unsigned Begin = FnBegin;
  StringRef Trimmed = StringRef(Clones).ltrim("\n");
  unsigned Cut = Clones.size() - Trimmed.size();
  TextOrigins Shifted;
  for (TextOrigin O : CloneOrigins)
    if (O.At >= Cut || Shifted.empty()) {
      O.At = O.At >= Cut ? O.At - Cut : 0;
      if (!O.Copy && !O.Length)
        O.Offset = Begin; // new text
      Shifted.push_back(O);
    }
  // Directives between the original's header and its body (`#ifdef __STDC__`, the
  // prototype, `#else`, the K&R header, `#endif`) stay, ahead of the clones, so that the
  // conditional around the header keeps its shape.
  // Each is a copy of its line (which keeps its number: LineDirectives.h).
  std::string Directives;
  TextOrigins DirectiveOrigins;
  for (unsigned At = FnBegin; At < BodyBegin;) {
    StringRef Line = Buf.slice(At, BodyBegin).take_until([](char C) { return C == '\n'; });
    StringRef Text = Line.ltrim();
    if (compat::startsWith(Text, "#")) {
      DirectiveOrigins.push_back(
          {unsigned(Directives.size()), At + unsigned(Line.size() - Text.size()), 0, true});
      Directives += Text.rtrim().str() + "\n";
    }
    At += Line.size() + 1;
  }
  if (!Directives.empty()) {
    for (TextOrigin &O : Shifted)
      O.At += Directives.size();
    Shifted.insert(Shifted.begin(), DirectiveOrigins.begin(), DirectiveOrigins.end());
  }
  if (!SharedText.empty()) {
    for (TextOrigin &O : Shifted)
      O.At += SharedText.size();
    Shifted.insert(Shifted.begin(), SharedOrigins.begin(), SharedOrigins.end());
    Directives.insert(0, SharedText);
  }
  add(File, Begin, BodyEnd - Begin, Directives + Trimmed.str(), ClonePools, Shifted);
  // Its prototypes would declare a static function that no longer exists.
  for (const FunctionDecl *R : F.Decl->redecls()) {
    if (R == F.Decl || R->doesThisDeclarationHaveABody())
      continue;
    SourceLocation L = SM.getExpansionLoc(R->getBeginLoc());
    if (SM.getFileID(L) != FID)
      continue;
    if (auto End = afterSemicolon(SM, R->getEndLoc())) {
      unsigned B = SM.getFileOffset(L);
      std::string Protos;
      for (unsigned VI : VIt->second)
        if (VersionHeader.count(VI))
          Protos += (Protos.empty() ? "" : "\n") +
                    cloneSpecifiers(F.Decl, true, FID == SM.getMainFileID()) +
                    VersionHeader[VI] + ";";
      add(File, B, *End - B, Protos, ClonePools);
    }
  }
}

/// A member pointing to functions of an active FnPtrClass (`int (*eval)(const struct
/// node *)`), declared with the clones' type as the struct's own member is
/// (rewrite/FunctionPointerTypes.h), or "" when it is not one, or not pointers (or an
/// array of them) down to a function that returns no function pointer.
static std::string retypedFunctionMember(const dsa::Plan &P, const FieldDecl *FD,
                                         ASTContext &Ctx) {
  auto R = retypedFunctionType(Ctx, P, FD->getTypeSourceInfo());
  if (!R)
    return "";
  QualType T = FD->getType();
  std::string Declarator = FD->getName().str();
  while (const auto *AT = dyn_cast_or_null<ConstantArrayType>(Ctx.getAsArrayType(T))) {
    Declarator += "[" + toString(AT->getSize(), 10, false) + "]";
    T = AT->getElementType();
  }
  // Pointers down to the function (`int (*const *tab)(...)`), the innermost leftmost.
  const FunctionProtoType *FT = nullptr;
  while (!FT && T->isPointerType()) {
    std::string Quals = T.getLocalQualifiers().getAsString();
    Declarator = "*" + (Quals.empty() ? "" : Quals + " ") + Declarator;
    T = T->getPointeeType();
    FT = T->getAs<FunctionProtoType>();
  }
  if (!FT || FT->getReturnType()->isFunctionPointerType() ||
      FT->getReturnType()->isArrayType())
    return "";
  std::string Ret = R->RetText.empty()
                        ? FT->getReturnType().getAsString(Ctx.getPrintingPolicy()) + " "
                        : R->RetText;
  return Ret + "(" + Declarator + ")(" + R->Text + ")";
}

/// The declaration of member \p FD in layout \p L, indented by \p Indent. A named
/// member of an unnamed struct type is declared inline, its own members in its layout.
static std::string memberText(const dsa::Plan &P, const dsa::Layout &L, const FieldDecl *FD,
                              ASTContext &Ctx, const std::string &Indent) {
  NewMember M = newMember(L, FD);
  std::string Field;
  std::string Idx = "pc_idx" + std::to_string(M.Bits);
  QualType T = FD->getType();
  std::string Dims; // an array of structs with a layout of their own
  if (M.K == NewMember::Nested && M.Count) {
    T = Ctx.getAsConstantArrayType(T)->getElementType();
    Dims = "[" + std::to_string(M.Count) + "]";
  }
  const auto *RT = T->getAs<RecordType>();
  if (RT && (RT->getDecl()->isStruct() || RT->getDecl()->isUnion()) &&
      !RT->getDecl()->getIdentifier() &&
      RT->getDecl()->getDefinition() && (M.K == NewMember::Nested || M.K == NewMember::Same)) {
    static const dsa::Layout Unchanged;
    const dsa::Layout &Inner = M.K == NewMember::Nested ? P.Layouts[M.Layout] : Unchanged;
    std::string Text = Indent + (RT->getDecl()->isUnion() ? "union {\n" : "struct {\n");
    for (const FieldDecl *F : RT->getDecl()->getDefinition()->fields())
      Text += memberText(P, Inner, F, Ctx, Indent + "    ");
    return Text + Indent + "} " + FD->getName().str() + Dims + ";\n";
  }
  if (M.K == NewMember::Index) {
    Field = Idx + " " + FD->getName().str();
  } else if (M.K == NewMember::IndexArray) {
    Field = Idx + " " + FD->getName().str() + "[" + std::to_string(M.Count) + "]";
  } else if (M.K == NewMember::IndexPointer) {
    Field = Idx + " *" + FD->getName().str();
  } else if (M.K == NewMember::Nested) {
    Field = dsa::layoutTypeName(P.Layouts[M.Layout]) + " " + FD->getName().str() + Dims;
  } else if (std::string F = retypedFunctionMember(P, FD, Ctx); !F.empty()) {
    Field = F;
  } else {
    llvm::raw_string_ostream OS(Field);
    QualType Printed = FD->getType();
    // `enum { RED, BLACK } color;` has no type name to print: the enum's integer type
    // has the same size, alignment and values.
    if (const auto *ET = Printed->getAs<EnumType>();
        ET && !ET->getDecl()->getIdentifier() && !ET->getDecl()->getTypedefNameForAnonDecl())
      Printed = Ctx.getQualifiedType(ET->getDecl()->getIntegerType(),
                                     Printed.getLocalQualifiers());
    Printed.print(OS, Ctx.getPrintingPolicy(), FD->getName());
    OS.flush();
    if (FD->isBitField())
      Field += " : " + std::to_string(FD->getBitWidthValue(Ctx));
  }
  return Indent + Field + ";\n";
}

void ProgramRewriter::emitLayouts() {
  // The first definition in this unit of each struct that has a used layout.
  std::map<dsa::TypeId, RecordDecl *> FirstDef;
  for (auto &KV : Facts.UsedLayoutsOf)
    FirstDef[KV.first] = nullptr;
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    auto *RD = dyn_cast<RecordDecl>(D);
    if (!RD || !RD->isThisDeclarationADefinition())
      continue;
    auto It = FirstDef.find(PG.Types.get(Ctx.getRecordType(RD), Ctx));
    if (It != FirstDef.end() && !It->second)
      It->second = RD;
  }
  for (int LI : Facts.UsedLayouts) {
    const dsa::Layout &L = P.Layouts[LI];
    // Beside every definition: a struct defined in each .c file (not in a shared header)
    // needs its layout in each; a header's is emitted by every unit that includes it,
    // identically (identical edits merge).
    if (RecordDecl *RD = FirstDef[L.Struct]) {
      do { // (break: this layout has no place here)
        FileID FID = SM.getFileID(SM.getExpansionLoc(RD->getBeginLoc()));
        auto End = afterSemicolon(SM, RD->getBraceRange().getEnd());
        if (!End || SM.isInSystemHeader(RD->getLocation()))
          break;
        if (std::string Why = unprintableLayout(RD); !Why.empty()) {
          legalityMissed(Why);
          for (int I : dsa::poolsWithLayout(P, LI))
            Out[P.Pools[I].Origin] = Why;
          break;
        }
        LayoutOrder Order = layoutOrder(PG, P, L, RD, Facts.Observed);
        std::string Text =
            "\n\n/* ptrcomp: " + PG.Types.name(L.Struct) +
            (L.Compressed ? " with pointers into pools stored as indices"
                          : " with pointers stored as 64-bit indices (same "
                            "layout)");
        if (Order.Reordered)
          Text += "; members reordered by alignment: " +
                  std::to_string(Order.SizeInSourceOrder) + " -> " +
                  std::to_string(Order.SizeAfter - Order.Padding) + " bytes";
        if (Order.Padding)
          Text += "; padded to " + std::to_string(Order.SizeAfter) +
                  " bytes, a multiple of malloc's alignment, since the program turns "
                  "addresses of its objects into integers";
        Text += " */\n" + dsa::layoutTypeName(L) + " {\n";
        for (const FieldDecl *FD : Order.Fields)
          Text += memberText(P, L, FD, Ctx, "    ");
        if (Order.Padding)
          Text += "    char pc_padding[" + std::to_string(Order.Padding) + "];\n";
        Text += "};";
        // Files that see only a declaration of the struct create pools of it with this.
        if (Facts.SizeExported.count(LI) && FID == SM.getMainFileID())
          Text += "\nconst size_t ptrcomp_size_" + L.Name + " = sizeof(" + dsa::layoutTypeName(L) + ");";
        EditSet::PoolSet LayoutPools;
        for (int I : dsa::poolsWithLayout(P, LI))
          LayoutPools.insert(I);
        add(realPath(SM, FID), *End, 0, Text, LayoutPools);
        NeedsInclude.insert(FID);
      } while (false);
    }
  }
}

std::optional<std::string> ProgramRewriter::foreignHeader(unsigned VI,
                                                         const FunctionDecl *Decl) {
  const dsa::FunctionVersion &V = P.Versions[VI];
  dsa::FunctionGraph &Def = *PG.function(V.Function);
  // The function's own AST belongs to another unit (being rewritten in another thread,
  // perhaps): print from this unit's declaration, the parameters' cells taken from the
  // definition's facts.
  FunctionRewriter FR(PG, P, Def, V, Decl, Ctx);
  FR.setPoolParamKinds(&ParamKinds);
  return FR.header(false);
}

void ProgramRewriter::emitPrototypes() {
  // A clone needs a prototype in a unit where a function calls it before its definition
  // (or where it is not defined at all): right before the first such caller.
  auto OffsetIn = [&](dsa::FunctionGraph &G) -> std::optional<unsigned> {
    if (G.Unit != Unit || !G.Decl)
      return std::nullopt;
    SourceLocation L = SM.getExpansionLoc(G.Decl->getBeginLoc());
    if (SM.getFileID(L) != SM.getMainFileID())
      return std::nullopt;
    return SM.getFileOffset(L);
  };
  std::map<unsigned, std::vector<std::string>> At; // offset -> prototypes, stable order
  std::map<unsigned, EditSet::PoolSet> AtPools;
  if (Unit >= Facts.ClonesCalledIn.size())
    return;
  for (auto &[VI, Callers] : Facts.ClonesCalledIn[Unit]) {
    const dsa::FunctionVersion &V = P.Versions[VI];
    dsa::FunctionGraph &Def = *PG.function(V.Function);
    // Clones of this unit's functions: those written. Others: written by their unit.
    if (Def.Unit == Unit && !VersionHeader.count(VI))
      continue;
    std::optional<unsigned> DefAt = OffsetIn(Def);
    bool Static = true;
    if (auto It = Facts.CalledFromUnit.find(VI); It != Facts.CalledFromUnit.end())
      for (unsigned C : It->second)
        Static &= C == Def.Unit;
    if (Def.Unit == Unit && LocalNames.count(VI))
      Static = true; // this unit calls the local version
    std::optional<unsigned> FirstCaller; // offset of the earliest caller here
    const FunctionDecl *Declared = nullptr; // how this unit declares the callee
    for (unsigned XI : Callers) {
      const dsa::FunctionVersion &X = P.Versions[XI];
      dsa::FunctionGraph &G = *PG.function(X.Function);
      std::optional<unsigned> Off = OffsetIn(G);
      if (!Off)
        continue;
      FirstCaller = FirstCaller ? std::min(*FirstCaller, *Off) : *Off;
      for (auto &[CI, Call] : X.Calls)
        if (Call.Version == VI && CI < G.Calls.size() && G.Calls[CI].Call && !Declared)
          if (const auto *CE = dyn_cast<CallExpr>(G.Calls[CI].Call))
            Declared = CE->getDirectCallee();
    }
    if (!FirstCaller || (DefAt && *DefAt < *FirstCaller))
      continue; // no caller here, or defined before its first caller
    std::string Header;
    if (Def.Unit == Unit) {
      Header = VersionHeader[VI];
      UnitHeaderLayouts.insert(HeaderLayouts[VI].begin(), HeaderLayouts[VI].end());
    } else {
      if (!Declared || !Declared->hasWrittenPrototype()) {
        std::string Why = "'" + Def.Name + "' is called in " +
                          compat::fileName(SM, SM.getMainFileID()) +
                          " without a prototype, which its version '" + V.Name + "' needs";
        for (int Pl : poolsOf(P, V))
          Out.emplace(P.Pools[Pl].Origin, Why);
        continue;
      }
      Header = *foreignHeader(VI, Declared);
    }
    At[*FirstCaller].push_back(std::string(Static ? "static " : "") + Header + ";");
    EditSet::PoolSet Ps = poolsOf(P, V);
    AtPools[*FirstCaller].insert(Ps.begin(), Ps.end());
  }
  for (auto &[Where, Protos] : At) {
    std::string Text = "/* ptrcomp: versions of functions defined below */\n";
    for (const std::string &Pr : Protos)
      Text += Pr + "\n";
    PendingPrototypes.push_back(
        {realPath(SM, SM.getMainFileID()), Where, Text + "\n", AtPools[Where]});
    NeedsInclude.insert(SM.getMainFileID());
  }
}

void ProgramRewriter::rewriteGlobalVariables() {
  std::map<unsigned, unsigned> Starts = declarationStarts(Ctx);
  // rules/DeclarationExpressions.h (the legality check has made sure of it).
  for (const rules::DeclarationExpressionProblem &Pr :
       rules::fileScopeDeclarationProblems(Ctx, PG, P)) {
    legalityMissed(Pr.Why);
    for (int Pl : Pr.GlobalPools)
      Out[P.Pools[Pl].Origin] = Pr.Why;
  }
  const Decl *Previous = nullptr; // the declaration before D: its struct, perhaps
  for (Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    auto *VD = dyn_cast<VarDecl>(D);
    const Decl *Before = std::exchange(Previous, D);
    if (!VD || SM.isInSystemHeader(VD->getLocation()))
      continue;
    GlobalRewrite G = rewriteGlobal(PG, P, VD, Starts);
    if (!G.Why.empty()) {
      legalityMissed(G.Why);
      for (int Pl : G.Pools)
        Out[P.Pools[Pl].Origin] = G.Why;
      continue;
    }
    if (!G.Image.empty())
      ImageElements[G.Pool].push_back(G.Image);
    if (G.Decl.empty())
      continue;
    CharSourceRange CR = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(VD->getSourceRange()), SM, Ctx.getLangOpts());
    auto [FID, Off] = SM.getDecomposedLoc(CR.getBegin());
    unsigned End = SM.getFileOffset(CR.getEnd());
    EditSet::PoolSet Pools(G.Pools.begin(), G.Pools.end());
    NeedsInclude.insert(FID);
    RewrittenGlobals.emplace_back(realPath(SM, FID), Off, End);
    if (const auto *TD = dyn_cast_or_null<TagDecl>(Before)) {
      // `static struct registry {...} reg;` defines the struct that other code names and
      // that its layout follows: the definition stays, as a declaration of its own
      // (without the variable's specifiers), and the variable is declared again after
      // it and its layout.
      CharSourceRange TR = Lexer::makeFileCharRange(
          CharSourceRange::getTokenRange(TD->getSourceRange()), SM, Ctx.getLangOpts());
      auto Semi = afterSemicolon(SM, VD->getEndLoc());
      if (TD->isEmbeddedInDeclarator() && TR.isValid() && Semi &&
          SM.getFileID(TR.getBegin()) == FID && SM.getFileOffset(TR.getBegin()) >= Off &&
          SM.getFileOffset(TR.getEnd()) <= End) {
        unsigned TB = SM.getFileOffset(TR.getBegin()), TE = SM.getFileOffset(TR.getEnd());
        add(realPath(SM, FID), Off, TB - Off, "", Pools);
        add(realPath(SM, FID), TE, End - TE, "", Pools);
        DeclarationsAfterLayouts.push_back(
            {realPath(SM, FID), *Semi, "\n" + G.Decl + ";", Pools});
        continue;
      }
    }
    add(realPath(SM, FID), Off, End - Off, G.Decl, Pools);
  }
}

void ProgramRewriter::staticLocalImages() {
  // A static local moved into a pool is declared as its index by its function's rewrite
  // (rules/Declarations.h); its values go into the pool's image as a global's do.
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *FD = dyn_cast<FunctionDecl>(D);
        FD && FD->doesThisDeclarationHaveABody() &&
        SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
      for (const DeclStmt *DS : dsa::staticLocalDeclarations(FD))
        for (const Decl *X : DS->decls()) {
          const auto *VD = dyn_cast<VarDecl>(X);
          int Pl = -1;
          const dsa::Pool::Variable *Var =
              VD && VD->isStaticLocal() ? P.pooledVariable(dsa::globalKey(VD), &Pl) : nullptr;
          if (!Var || !VD->getInit() || isZeroInitializer(VD->getInit(), Ctx))
            continue;
          std::string Why; // (the declaration's rule vetoes the pool when there is one)
          if (std::optional<std::string> Elements = imageElements(P, Pl, *Var, VD, Why))
            ImageElements[Pl].push_back(*Elements);
        }
}

void ProgramRewriter::emitImages() {
  // At the end of the unit: every moved global and every name their values use is
  // declared by then. Not static: the pool may be defined in another unit.
  for (auto &[Pl, Elements] : ImageElements) {
    const dsa::Pool &Po = P.Pools[Pl];
    // In the order of the objects ("[3] = {...}").
    llvm::sort(Elements, [](const std::string &A, const std::string &B) {
      return std::stoull(A.substr(1)) < std::stoull(B.substr(1));
    });
    std::string Names;
    for (const dsa::Pool::Variable &Var : Po.Variables)
      if (Var.Image)
        Names += (Names.empty() ? "" : ", ") + Var.Name;
    PendingPrototypes.push_back(
        {realPath(SM, SM.getMainFileID()), (unsigned)SM.getBufferData(SM.getMainFileID()).size(),
         "\n/* ptrcomp: the first values of " + Names + ", objects of pool " + Po.Name +
             " */\nconst " + dsa::layoutTypeName(P.Layouts[Po.LayoutId]) + " " +
             imageName(Po) + "[" + std::to_string(Po.variableObjects()) + "] = {\n    " +
             llvm::join(Elements, ",\n    ") + "\n};\n",
         {Pl}});
    NeedsInclude.insert(SM.getMainFileID());
  }
}

void ProgramRewriter::emitGlobalPools() {
  // Defined once, in the unit ProgramFacts chose (main's, else the first that may use
  // it), before its first user there; declared extern before the first user in the
  // other units. A home unit that does not use the pool itself defines it at its end,
  // for the others.
  for (auto &[Pl, Users] : Facts.PoolUsers) {
    auto Home = Facts.PoolHome.find(Pl);
    if (Home == Facts.PoolHome.end())
      continue; // vetoed
    auto Use = GlobalPoolUse.find(Pl);
    std::optional<unsigned> Off;
    if (Use != GlobalPoolUse.end())
      Off = Use->second;
    bool Defines = Home->second == Unit;
    if (Defines && !Off && Users.size() > 1)
      Off = SM.getBufferData(SM.getMainFileID()).size();
    if (!Off)
      continue;
    const dsa::Pool &Po = P.Pools[Pl];
    std::string Text;
    if (Defines && PoolsUsedThroughIncludes.count(Pl)) {
      PendingPrototypes.push_back({realPath(SM, SM.getMainFileID()), *Off,
                                   "extern pc_pool " + Po.Name + ";\n\n", {Pl}});
      Off = SM.getBufferData(SM.getMainFileID()).size();
    }
    if (Defines) {
      std::string Type = Po.LayoutId >= 0 ? dsa::layoutTypeName(P.Layouts[Po.LayoutId])
                                          : PG.Types.name(Po.Struct);
      std::string Label;
      for (char C : Po.Label)
        Label += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
      // Global objects that live in the pool are its first objects (Pool::Variables).
      std::string Statics, Objects, Image;
      for (const dsa::Pool::Variable &Var : Po.Variables) {
        Objects += (Objects.empty() ? "" : ", ") + Var.Name;
        if (Var.Image)
          Image = imageName(Po);
      }
      if (!Po.Variables.empty())
        Statics = ", " + std::to_string(Po.variableObjects());
      if (!Image.empty()) {
        // Their first values, defined by the unit that defines them (emitImages).
        Text = "extern const " + Type + " " + Image + "[" +
               std::to_string(Po.variableObjects()) + "];\n";
        Statics += ", " + Image;
      }
      Text += "/* ptrcomp: pool of the " + PG.Types.name(Po.Struct) +
             " objects reachable from global variables" +
             (Objects.empty() ? "" : "; its first objects are " + Objects) +
             " */\npc_pool " + Po.Name + " = PC_POOL_INIT" +
             (Po.ThreadSafe ? "_SHARED" : "") +
             (Image.empty() ? Statics.empty() ? "" : "_STATICS" : "_IMAGE") + "(" +
             (Po.MallocAligned && Po.LayoutId < 0 ? "PC_MALLOC_ALIGNED(sizeof(" + Type + "))"
                                                  : "sizeof(" + Type + ")") +
             ", " + std::to_string(Po.Bits) + ", \"" + Label + "\"" + Statics + ");\n\n";
    } else {
      Text = "extern pc_pool " + Po.Name + ";\n\n";
    }
    PendingPrototypes.push_back({realPath(SM, SM.getMainFileID()), *Off, Text, {Pl}});
    NeedsInclude.insert(SM.getMainFileID());
  }
}

void ProgramRewriter::emitIncludes() {
  for (FileID FID : NeedsInclude) {
    // A block of its own after the program's includes: tools that sort include blocks
    // (clang-apply-replacements, clang-format) leave it where it is.
    IncludeSpot Spot =
        runtimeIncludeSpot(SM.getBufferData(FID), firstDeclOffset(Ctx, FID));
    // Text added before that spot needs the runtime too: a global pool defined before
    // the #include of a .c file whose functions use it (a file with no declaration of
    // its own before).
    std::string Path = realPath(SM, FID);
    for (auto &[File, Off, Text, Pools] : PendingPrototypes)
      if (File == Path && Off < Spot.Offset) {
        Spot.Offset = Off;
        Spot.AfterIncludes = false;
      }
    // A layout that a parameter names where the unit does not define it (an opaque
    // struct): declared at file scope first, or the parameter list would declare a
    // struct of its own.
    std::string Forward;
    EditSet::PoolSet ForwardPools;
    if (FID == SM.getMainFileID())
      for (int L : UnitHeaderLayouts)
        if (!definesStruct(PG, Ctx, P.Layouts[L].Struct)) {
          Forward += dsa::layoutTypeName(P.Layouts[L]) + ";\n";
          for (unsigned I = 0; I < P.Pools.size(); ++I)
            if (P.Pools[I].LayoutId == L)
              ForwardPools.insert(I);
        }
    add(Path, Spot.Offset, 0,
        std::string(Spot.AfterIncludes ? "\n" : "") + "#include \"ptrcomp_rt.h\"\n" +
            (Forward.empty() ? "" : "\n" + Forward) +
            (InjectFault == "file-scope" ? "ptrcomp_injected_fault\n" : "") +
            (InjectFault == "link-unexplained" && FID != SM.getMainFileID()
                 ? "int ptrcomp_injected_link_fault = 1;\n"
                 : ""),
        ForwardPools);
  }
}

bool ProgramRewriter::run() {
  decidePoolParamKinds();
  Stage = RewriteStage::Functions;
  for (dsa::FunctionGraph *F : PG.functionsOf(Unit))
    rewriteFunction(*F);
  if (!Out.empty())
    return false;
  Stage = RewriteStage::Globals;
  rewriteGlobalVariables();
  if (!Out.empty())
    return false;
  retypeFunctionPointers(
      Ctx, P,
      [&](const std::string &File, unsigned Off, unsigned Len, const std::string &Text,
          const EditSet::PoolSet &Pools) {
        for (auto &[F, B, E] : RewrittenGlobals)
          if (F == File && Off >= B && Off + Len <= E)
            return; // (written whole, with the clones' names)
        add(File, Off, Len, Text, Pools);
      });
  Stage = RewriteStage::Layouts;
  emitLayouts();
  if (!Out.empty())
    return false;
  for (auto &[File, Off, Text, Pools] : DeclarationsAfterLayouts)
    add(File, Off, 0, Text, Pools);
  emitGlobalPools();
  staticLocalImages();
  emitImages();
  emitPrototypes();
  if (!Out.empty())
    return false;
  emitIncludes(); // before the prototypes that use its types, at the same offset
  for (auto &[File, Off, Text, Pools] : PendingPrototypes)
    add(File, Off, 0, Text, Pools);

  Stage = RewriteStage::Conflict;
  if (auto Err = Edits.finalize()) {
    llvm::consumeError(std::move(Err));
    Conflict = true;
  }
  if (Conflict) {
    // Overlapping edits: a case the rewriter does not handle; give everything up rather
    // than guess.
    for (const dsa::Pool &Pl : P.Pools)
      Out[Pl.Origin] = "conflicting edits in one place of the source";
    return false;
  }
  return true;
}

} // namespace

bool rewriteUnit(ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG, const dsa::Plan &P,
                 const ProgramFacts &Facts, EditSet &Edits, dsa::Vetoes &Out,
                 StringRef InjectFault, RewriteStage *Stage, MacroUses *Macros) {
  ProgramRewriter R(AST, Unit, PG, P, Facts, Edits, Out, InjectFault);
  R.Macros = Macros;
  bool Ok = R.run();
  if (Stage)
    *Stage = R.Stage;
  return Ok;
}

} // namespace ptrcomp
