//===- FunctionRewriter.cpp - pointers into pools become indices ----------===//
//
// Each expression is rewritten from the AST: the new text of an expression that changes
// is built from its children's new texts, and the text between them is copied verbatim,
// so nested changes (p->next->next->val) make one edit per outermost changed expression.
// What cannot be expressed safely is a veto on the pools involved; the plan is then made
// again without them. Never a guess.
//
//===----------------------------------------------------------------------===//
#include "FunctionRewriter.h"
#include "GlobalImage.h"
#include "GlobalVariable.h"
#include "../LineDirectives.h"
#include "../rules/ByteCounts.h"
#include "../rules/TypesAndNames.h"
#include "../rules/Counter.h"
#include "../rules/Cleanup.h"
#include "../rules/PointerComparisons.h"
#include "../rules/StructCopies.h"
#include "../rules/MacroExpansions.h"
#include "../rules/Casts.h"
#include "../rules/AddressOf.h"
#include "../rules/FieldStores.h"
#include "../rules/Allocations.h"
#include "../rules/FunctionScope.h"
#include "../rules/UnrewrittenReaders.h"
#include "../rules/UnsupportedExpressions.h"
#include "../rules/Declarations.h"
#include "../rules/MacroArgumentEdits.h"
#include "../rules/DeclarationExpressions.h"
#include "../legality/Legality.h"
#include "FunctionPointerTypes.h"
#include "ptrcomp/Compat.h"

#include "clang/AST/Attr.h"

#include "ptrcomp/analysis/AllocationHooks.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "ptrcomp/analysis/ByteCountCall.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace clang;
namespace ptrcomp {

/// The indentation for lines written before the statement at \p L: its column, or, when
/// code precedes it on its line (a function written out from a macro is one line), the
/// line's own indentation and four spaces.
static std::string indentationAt(const SourceManager &SM, SourceLocation L) {
  L = SM.getExpansionLoc(L);
  auto [FID, Off] = SM.getDecomposedLoc(L);
  StringRef Buf = SM.getBufferData(FID);
  size_t Start = Buf.rfind('\n', Off);
  Start = Start == StringRef::npos ? 0 : Start + 1;
  StringRef Before = Buf.slice(Start, Off);
  if (Before.trim().empty()) {
    unsigned Col = SM.getExpansionColumnNumber(L);
    return std::string(Col > 1 ? Col - 1 : 0, ' ');
  }
  return Before.take_while([](char C) { return C == ' ' || C == '\t'; }).str() + "    ";
}

using dsa::Cell;
using dsa::NodeEncoding;

FunctionRewriter::FunctionRewriter(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                                   dsa::FunctionGraph &F, const dsa::FunctionVersion &V,
                                   const clang::Preprocessor *PP)
    : VersionView(PG, P, F, V, PP), VersionIndex(P.Versions.indexOf(V)),
      Uses(V.NumPoolParams) {
  for (unsigned I = 0; I < F.Calls.size(); ++I)
    CallIndex[F.Calls[I].Call] = I;
  // A parameter whose layout the signature does not name can only be a descriptor.
  for (unsigned S = 0; S < V.NumPoolParams; ++S)
    if (!slotEncoding(S))
      Uses[S].Direct = true;
}

FunctionRewriter::FunctionRewriter(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                                   dsa::FunctionGraph &F, const dsa::FunctionVersion &V,
                                   const clang::FunctionDecl *Declared,
                                   clang::ASTContext &Ctx)
    : VersionView(PG, P, F, V, Declared, Ctx),
      VersionIndex(P.Versions.indexOf(V)), Uses(V.NumPoolParams) {}

//===-- Representation ---------------------------------------------------===//

//===-- Spelling ---------------------------------------------------------===//

std::string FunctionRewriter::poolParamName(unsigned Slot) const {
  // Named after the first parameter (else variable) pointing into that structure.
  dsa::NodeId Want = 0;
  for (unsigned I = 0; I < V.InterfaceNodes.size(); ++I)
    if (V.Signature[I].isPooled() && V.Signature[I].Slot == Slot)
      Want = F.Graph->find(V.InterfaceNodes[I]);
  std::string Name;
  for (unsigned I = 0; I < F.VarStorage.size() && I < F.VarInfo.size(); ++I) {
    Cell C = F.Graph->edgeIfAny(F.VarStorage[I].second);
    if (!C.isNull() && C.Node == Want) {
      Name = F.VarInfo[I].Name;
      break;
    }
  }
  std::string Out = "P_" + (Name.empty() ? std::to_string(Slot) : Name);
  // Not a name of the program's, which the parameter would hide (or a macro replace).
  for (unsigned K = 2; PG.TakenNames.count(Out) || PG.TakenNames.count(Out + "_base"); ++K)
    Out = "P_" + (Name.empty() ? std::to_string(Slot) : Name) + "_" + std::to_string(K);
  return Out;
}

void FunctionRewriter::touch(const NodeEncoding &E) const {
  if (E.Source == NodeEncoding::Param) {
    if (E.Slot < V.ParamPools.size())
      Touched.insert(V.ParamPools[E.Slot].begin(), V.ParamPools[E.Slot].end());
  } else if (E.isHolder()) {
    std::vector<int> Ps = poolsOf(E);
    Touched.insert(Ps.begin(), Ps.end());
  } else if (E.Pool >= 0) {
    Touched.insert(E.Pool);
  }
}

const NodeEncoding *FunctionRewriter::slotEncoding(unsigned Slot) const {
  for (const NodeEncoding &E : V.Signature)
    if (E.isPooled() && E.Slot == Slot)
      return &E;
  return nullptr;
}

PoolParamKind FunctionRewriter::kindOf(unsigned Version, unsigned Slot) const {
  if (!Kinds)
    return PoolParamKind::Descriptor;
  auto It = Kinds->find(Version);
  if (It == Kinds->end() || Slot >= It->second.size())
    return PoolParamKind::Descriptor;
  return It->second[Slot];
}

std::set<int> FunctionRewriter::baseParamLayouts() const {
  std::set<int> Out;
  for (unsigned S = 0; S < V.NumPoolParams; ++S)
    if (slotKind(S) != PoolParamKind::Descriptor && slotEncoding(S)->LayoutId >= 0)
      Out.insert(slotEncoding(S)->LayoutId);
  return Out;
}

std::string FunctionRewriter::poolExpr(const NodeEncoding &E) const {
  if (E.Source == NodeEncoding::Param && E.Slot < Uses.size())
    Uses[E.Slot].Direct = true;
  return descriptorText(E);
}

std::string FunctionRewriter::descriptorText(const NodeEncoding &E) const {
  touch(E);
  if (E.Source == NodeEncoding::Param) {
    if (!Dry)
      ParamsUsed.insert(E.Slot);
    return poolParamName(E.Slot);
  }
  if (E.Source == NodeEncoding::Global && !Dry)
    GlobalPoolsUsed.insert(E.Pool);
  return "&" + P.Pools[E.Pool].Name;
}

bool FunctionRewriter::onlyRead(const Expr *Use) const {
  // Up through parentheses, members of a struct member (n->pos.x) and elements of an
  // array member (n->child[i]) to what is done with the object: a read is an
  // lvalue-to-rvalue conversion; anything else (assignment, ++, &, a call's argument
  // that decays) may write.
  const Expr *Cur = Use;
  while (true) {
    const Stmt *Parent = parentOf(Cur);
    if (const auto *PE = dyn_cast_or_null<ParenExpr>(Parent)) {
      Cur = PE;
      continue;
    }
    if (const auto *ME = dyn_cast_or_null<MemberExpr>(Parent); ME && !ME->isArrow()) {
      Cur = ME;
      continue;
    }
    const auto *ICE = dyn_cast_or_null<ImplicitCastExpr>(Parent);
    if (!ICE)
      return false;
    if (ICE->getCastKind() == CK_LValueToRValue)
      return true;
    if (ICE->getCastKind() != CK_ArrayToPointerDecay)
      return false;
    const auto *AS = dyn_cast_or_null<ArraySubscriptExpr>(parentOf(ICE));
    if (!AS || AS->getBase() != ICE)
      return false;
    Cur = AS;
  }
}

std::string FunctionRewriter::baseName(const NodeEncoding &E, const Expr *Use) {
  if (E.Source == NodeEncoding::Param && E.Slot < Uses.size()) {
    Uses[E.Slot].Base = true;
    if (!onlyRead(Use))
      Uses[E.Slot].Writes = true;
  }
  return baseText(E);
}

std::string FunctionRewriter::baseText(const NodeEncoding &E) {
  touch(E);
  std::string Pool = E.Source == NodeEncoding::Param ? poolParamName(E.Slot)
                                                     : P.Pools[E.Pool].Name;
  std::string Name = Pool + "_base";
  if (Dry)
    return Name;
  // A parameter that is the base itself.
  if (E.Source == NodeEncoding::Param && slotKind(E.Slot) != PoolParamKind::Descriptor) {
    ParamsUsed.insert(E.Slot);
    return Name;
  }
  BasesUsed.emplace(Name, layoutType(E) + " *const " + Name + " = pc_base(" +
                              descriptorText(E) + ");");
  return Name;
}

std::string FunctionRewriter::poolArg(const NodeEncoding &E, unsigned Callee,
                                      unsigned Slot) {
  if (E.Source == NodeEncoding::Param && E.Slot < Uses.size())
    Uses[E.Slot].PassedTo.push_back({Callee, Slot});
  if (kindOf(Callee, Slot) != PoolParamKind::Descriptor)
    return baseText(E);
  // A callee that takes a descriptor it does not use, from a version that has only the
  // base (the solver makes every other such pair a descriptor on both sides).
  if (E.Source == NodeEncoding::Param && slotKind(E.Slot) != PoolParamKind::Descriptor) {
    touch(E);
    return "NULL";
  }
  return descriptorText(E);
}

std::string FunctionRewriter::source(SourceRange R) const {
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange CR =
      Lexer::makeFileCharRange(CharSourceRange::getTokenRange(R), SM, Ctx.getLangOpts());
  return Lexer::getSourceText(CR, SM, Ctx.getLangOpts()).str();
}

//===-- Vetoes -------------------------------------------------------------===//

void FunctionRewriter::veto(const NodeEncoding &E, const std::string &Why) {
  // The legality check (tool/legality) should have vetoed this structure already.
  legalityMissed(Why);
  Failed = true;
  if (VetoReason.empty())
    VetoReason = Why;
  if (E.Source == NodeEncoding::Param) {
    for (int Pl : V.ParamPools[E.Slot])
      VetoPools.push_back(Pl);
  } else if (E.Pool >= 0) {
    VetoPools.push_back(E.Pool);
  }
}

void FunctionRewriter::vetoAt(const NodeEncoding &E, const Stmt *S, const std::string &What) {
  veto(E, What + " at " + dsa::locationString(Ctx, S->getBeginLoc()));
}

void FunctionRewriter::unsupported(const Expr *E, bool ChangedInside) {
  if (apply(rules::unsupportedExpressionVetoes(*this, E)) || !ChangedInside)
    return;
  NodeEncoding Any;
  for (auto &KV : V.Nodes)
    if (!Any.isPooled())
      Any = KV.second;
  vetoAt(Any, E, rules::unsupportedExpressionReason(E));
}

bool FunctionRewriter::apply(const rules::RuleVetoes &Vs) {
  for (const rules::RuleVeto &X : Vs) {
    if (X.Pool >= 0) {
      NodeEncoding E;
      E.Source = NodeEncoding::Owned;
      E.Pool = X.Pool;
      veto(E, X.Why);
    } else if (X.At) {
      vetoAt(X.Enc, X.At, X.Why);
    } else {
      veto(X.Enc, X.Why);
    }
  }
  return !Vs.empty();
}

void FunctionRewriter::vetoCode(const Stmt *S, const std::string &Why) {
  // The pools of the pointers the code works with; when none is known, every pool the
  // function touches.
  std::vector<NodeEncoding> Pooled = S ? pooledIn(S) : std::vector<NodeEncoding>();
  for (const NodeEncoding &Enc : Pooled)
    veto(Enc, Why);
  if (Pooled.empty())
    for (auto &KV : V.Nodes)
      if (KV.second.isPooled())
        veto(KV.second, Why);
  Failed = true;
}

std::nullopt_t FunctionRewriter::macroVeto(const Stmt *S, SourceLocation Loc) {
  vetoCode(S, S ? rules::macroBodyEditReason(*this, S)
                : "used inside a macro at " + dsa::locationString(Ctx, Loc));
  return std::nullopt;
}

std::string FunctionRewriter::expandedTwice(const Stmt *S) const {
  return rules::expandedTwiceReason(macroArgs(), S);
}

//===-- Edits --------------------------------------------------------------===//

StringRef FunctionRewriter::fileText() const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.getBufferData(SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
}

std::string FunctionRewriter::piece(unsigned B, unsigned E) const {
  // An edit recorded inside another was part of the text the outer one was built from.
  StringRef Buf = fileText();
  std::string Out;
  unsigned At = B;
  for (auto It = RecordedEdits.lower_bound({B, ~0u});
       It != RecordedEdits.end() && It->first.first < E; ++It) {
    auto [RB, RE] = It->first;
    if (RB < At || RE > E)
      continue;
    Out += Buf.slice(At, RB).str();
    // The text after it in [B, E) on its line keeps its line (LineDirectives.h).
    Out += withLostLineBreaks(Buf.slice(RB, RE), It->second.Text, Buf.slice(RE, E));
    At = RE;
  }
  Out += Buf.slice(At, E).str();
  return Out;
}

/// `__LINE__` in \p Text, the text of file range [B, E) of \p Buf with edits, as the
/// number of the line it is on in the file: a macro's argument that a use written as its
/// expansion copies to the use's first line (where `__LINE__` would be another number).
/// Unchanged when the edits changed how many there are.
static std::string lineNumbersOf(std::string Text, StringRef Buf, unsigned B, unsigned E,
                                 const SourceManager &SM, FileID FID) {
  auto Find = [](StringRef T, size_t From) {
    for (size_t At = T.find("__LINE__", From); At != StringRef::npos;
         At = T.find("__LINE__", At + 1)) {
      bool Start = At == 0 || !(isAlphanumeric(T[At - 1]) || T[At - 1] == '_');
      size_t After = At + 8;
      bool End = After >= T.size() || !(isAlphanumeric(T[After]) || T[After] == '_');
      if (Start && End)
        return At;
    }
    return StringRef::npos;
  };
  std::vector<unsigned> Lines;
  StringRef Old = Buf.slice(B, E);
  for (size_t At = Find(Old, 0); At != StringRef::npos; At = Find(Old, At + 8))
    Lines.push_back(SM.getPresumedLineNumber(SM.getComposedLoc(FID, B + At)));
  std::vector<size_t> Uses;
  for (size_t At = Find(Text, 0); At != StringRef::npos; At = Find(Text, At + 8))
    Uses.push_back(At);
  if (Uses.size() != Lines.size())
    return Text;
  for (size_t I = Uses.size(); I-- > 0;)
    Text.replace(Uses[I], 8, std::to_string(Lines[I]));
  return Text;
}

std::string FunctionRewriter::spelling(const Stmt *S) {
  if (auto R = rangeOf(S)) {
    std::string Text = piece(R->first, R->second);
    if (S->getBeginLoc().isMacroID() && StringRef(Text).contains("__LINE__")) {
      const SourceManager &SM = Ctx.getSourceManager();
      Text = lineNumbersOf(std::move(Text), fileText(), R->first, R->second, SM,
                           SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
    }
    return Text;
  }
  if (macroBodies().rootOf(S))
    return expansionText(S);
  macroVeto(S);
  return "";
}

void FunctionRewriter::record(FileRange R, const std::string &Text, const Stmt *At,
                              const TextOrigins &Origins) {
  Log.push_back({R, Text});
  std::set<int> Pools = std::move(Touched);
  Touched.clear();
  if (Text == piece(R.first, R.second))
    return; // rebuilt to the same text: no change (noise in diffs and --dry-run)
  auto [It, New] = RecordedEdits.try_emplace(R, Recorded{Text, Pools, At, Origins});
  if (New)
    return;
  if (It->second.Text == Text) {
    It->second.Pools.insert(Pools.begin(), Pools.end());
    return;
  }
  // One spelling, two texts: a macro argument expanded twice, each expansion rewritten
  // differently. Decided at the end (finishEdits): the invocation may be written as its
  // expansion, where each copy has its own text.
  TwoTexts.try_emplace(R, It->second.At, At);
}

void FunctionRewriter::edit(const Stmt *S, const std::string &Text) {
  auto R = rangeOf(S);
  if (!R) {
    // Code in a macro body: its new text goes into the expansion written in place of
    // the invocation (at its root, see rewrite() and stmt()).
    if (!macroBodies().rootOf(S)) {
      macroVeto(S);
      return;
    }
    BodyTexts.erase(S);
    if (Text != expansionText(S))
      BodyTexts[S] = Text;
    return;
  }
  // `return(NULL);` becomes `return 0;`, not `return0;`: the new text must not run into
  // a word beside it.
  StringRef Buf = fileText();
  auto IsWord = [](char C) { return llvm::isAlnum(C) || C == '_'; };
  std::string Spaced = Text;
  if (!Spaced.empty() && IsWord(Spaced.front()) && R->first > 0 &&
      R->first <= Buf.size() && IsWord(Buf[R->first - 1]))
    Spaced.insert(Spaced.begin(), ' ');
  if (!Spaced.empty() && IsWord(Spaced.back()) && R->second < Buf.size() &&
      IsWord(Buf[R->second]))
    Spaced += ' ';
  record(*R, Spaced, S);
}

bool FunctionRewriter::changedBelow(const Stmt *S) const {
  for (const Stmt *C : S->children()) {
    if (!C)
      continue;
    // Body code of an invocation nested in S and written as its expansion: that
    // text is already among the file's edits inside S. In KEY(find(t, KEY(t)))
    // the inner KEY is expanded on its own, in the call spelled in the file.
    if (BodyTexts.count(C) && !Expanded.count(macroBodies().rootOf(C)))
      return true;
    if (changedBelow(C))
      return true;
  }
  return false;
}

std::string FunctionRewriter::expansionText(const Stmt *S) const {
  return printExpansion(S, Ctx, [&](const Stmt *X) -> std::optional<std::string> {
    if (auto It = BodyTexts.find(X); It != BodyTexts.end())
      return It->second;
    // A macro argument spelled in the file keeps its text there (with its edits), as
    // does an invocation nested in it that is written as its expansion.
    if (macroBodies().inBody(X))
      return std::nullopt;
    auto R = rangeOf(X);
    if (!R || (changedBelow(X) && !Expanded.count(X)))
      return std::nullopt;
    // A copy of an argument: its own text (copies may differ, see copiesDiffer).
    auto Copy = CopyTexts.find(X);
    std::string Text = Copy != CopyTexts.end() ? Copy->second : piece(R->first, R->second);
    if (StringRef(Text).contains("__LINE__")) {
      const SourceManager &SM = Ctx.getSourceManager();
      Text = lineNumbersOf(std::move(Text), fileText(), R->first, R->second, SM,
                           SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
    }
    return Text;
  });
}

bool FunctionRewriter::changedIn(const Stmt *Root) const {
  for (auto &KV : BodyTexts)
    if (macroBodies().rootOf(KV.first) == Root)
      return true;
  return false;
}

bool FunctionRewriter::stringizesEdited(const Stmt *Root) const {
  // A macro that stringizes an argument (#x, glibc's assert) prints the original text
  // only when the invocation is written as its expansion: the string is then printed
  // from the AST, while the arguments keep their edited text.
  FileRange R = macroBodies().invocation(Root);
  if (!macroArgs().stringizes(R.first))
    return false;
  auto It = RecordedEdits.lower_bound({R.first, ~0u}); // the first edit from R.first on
  return It != RecordedEdits.end() && It->first.first < R.second &&
         It->first.second <= R.second;
}

void FunctionRewriter::noteExpanded(const Stmt *Root) { Expanded.insert(Root); }

std::vector<FunctionRewriter::ExpandedMacro> FunctionRewriter::expandedMacros() const {
  std::vector<ExpandedMacro> Out;
  for (const Stmt *Root : Expanded)
    Out.push_back({macroBodies().macroName(Root), macroBodies().definition(Root),
                   macroBodies().where(Root)});
  return Out;
}

void FunctionRewriter::place(const Expr *C, const std::optional<std::string> &New,
                             size_t Mark) {
  if (Failed)
    return;
  if (New)
    edit(C, *New);
  noteCopy(C, Mark);
}

void FunctionRewriter::noteCopy(const Stmt *S, size_t Mark) {
  if (!S->getBeginLoc().isMacroID())
    return; // not in a macro argument (and no need to index the function's macros)
  auto R = macroArgs().copyRange(S);
  if (!R || Failed)
    return;
  // The outermost of the edits logged for this copy make its text.
  std::vector<std::pair<FileRange, std::string>> Mine;
  for (size_t I = Mark; I < Log.size(); ++I)
    if (Log[I].first.first >= R->first && Log[I].first.second <= R->second)
      Mine.push_back(Log[I]);
  std::stable_sort(Mine.begin(), Mine.end(), [](const auto &A, const auto &B) {
    return OuterFirst()(A.first, B.first);
  });
  StringRef Buf = fileText();
  std::string Text;
  unsigned At = R->first;
  for (auto &[ER, T] : Mine) {
    if (ER.first < At || (ER.first == At && ER.second == At && !Text.empty()))
      continue;
    Text += Buf.slice(At, ER.first).str();
    Text += T;
    At = ER.second;
  }
  Text += Buf.slice(At, R->second).str();
  Views[*R].push_back({S, Text});
  CopyTexts[S] = Text;
}

bool FunctionRewriter::copiesDiffer(const Stmt *Root) const {
  FileRange Inv = macroBodies().invocation(Root);
  for (auto It = Views.lower_bound({Inv.first, 0}); It != Views.end(); ++It) {
    if (It->first.first >= Inv.second)
      break;
    for (const View &Vw : It->second)
      if (Vw.Text != It->second.front().Text)
        return true;
  }
  return false;
}

void FunctionRewriter::finishEdits() {
  // Code changed in a macro body whose invocation was not written as its expansion.
  for (auto &[S, Text] : BodyTexts)
    if (!Expanded.count(macroBodies().rootOf(S))) {
      vetoCode(S, "used inside a macro at " + dsa::locationString(Ctx, S->getBeginLoc()) +
                      " (its expansion could not be written at " +
                      macroBodies().where(macroBodies().rootOf(S)) + ")");
      return;
    }
  // Every copy of a macro argument must get the same text (one edit of the spelling
  // serves them all), and a changed argument must not be stringized or pasted
  // (rules/MacroArgumentEdits.h).
  StringRef Buf = fileText();
  std::map<FileRange, std::vector<rules::ArgumentCopy>> Cs;
  for (auto &[R, Vs] : Views)
    for (const View &Vw : Vs)
      Cs[R].push_back({Vw.S, Vw.Text, Vw.Text != Buf.slice(R.first, R.second)});
  std::vector<const Stmt *> Expansions;
  std::vector<rules::ArgumentVeto> ArgVetoes = rules::macroArgumentVetoes(
      macroArgs(), macroBodies(), Cs,
      [&](const Stmt *Root) { return Expanded.count(Root) > 0; }, Expansions);
  for (const rules::ArgumentVeto &X : ArgVetoes)
    vetoCode(X.S, X.Why);
  if (!ArgVetoes.empty())
    return;
  // Two texts for one spelling outside any invocation written as its expansion.
  for (auto &[R, Two] : TwoTexts) {
    const Stmt *Root = macroBodies().rootAround(R);
    if (!Root || !Expanded.count(Root)) {
      vetoCode(Two.first, expandedTwice(Two.second));
      vetoCode(Two.second, expandedTwice(Two.second));
      return;
    }
  }
  for (auto &[R, E] : RecordedEdits) {
    if (!Edits.empty() && R.first < Edits.back().Offset + Edits.back().Length) {
      if (R.second <= Edits.back().Offset + Edits.back().Length) {
        Edits.back().Pools.insert(E.Pools.begin(), E.Pools.end());
        continue; // its text is part of the outer edit's
      }
      vetoCode(E.At, "overlapping edits inside a macro invocation at " +
                         dsa::locationString(Ctx, E.At->getBeginLoc()));
      return;
    }
    Edits.push_back({R.first, R.second - R.first, E.Text, E.Pools, E.Origins});
  }
}

std::string
FunctionRewriter::assemble(const Stmt *S,
                           std::vector<std::pair<FileRange, std::string>> Changes) {
  FileRange SR = *rangeOf(S);
  // By position; an insertion before a replacement starting at the same offset.
  std::stable_sort(Changes.begin(), Changes.end(),
                   [](const auto &A, const auto &B) { return A.first < B.first; });
  std::string Text;
  unsigned At = SR.first;
  for (auto &[R, New] : Changes) {
    if (R.first < At || R.second > SR.second) {
      // Children whose texts overlap (editableInPlace() excludes them): never spliced.
      vetoCode(S, "overlapping edits at " + dsa::locationString(Ctx, S->getBeginLoc()));
      return "";
    }
    Text += piece(At, R.first);
    Text += New;
    At = R.second;
  }
  Text += piece(At, SR.second);
  return Text;
}

FunctionRewriter::Assembly::Assembly(FunctionRewriter &FR, const Stmt *S)
    : FR(FR), S(S), InPlace(FR.editableInPlace(S)) {}

std::optional<std::string> FunctionRewriter::Assembly::text() {
  if (!InPlace || Changes.empty() || FR.Failed)
    return std::nullopt;
  std::string Text = FR.assemble(S, Changes);
  if (Text == FR.spelling(S))
    return std::nullopt;
  return Text;
}

//===-- Expressions ------------------------------------------------------===//

std::string FunctionRewriter::text(const Expr *E) {
  if (auto New = rewrite(E))
    return *New;
  return spelling(E);
}

std::optional<std::string> FunctionRewriter::valueRewrite(const Expr *E, bool IdxContext) {
  if (IdxContext && isNullConstant(E, Ctx))
    return sourceText(E) == "0" ? std::nullopt : std::optional<std::string>("0");
  // `c ? NULL : NULL` is a void * whose arms are both the null index; the condition
  // stays (it may have effects).
  if (const auto *CO = dyn_cast<ConditionalOperator>(E->IgnoreParenImpCasts());
      IdxContext && CO && isNullConstant(CO->getTrueExpr(), Ctx) &&
      isNullConstant(CO->getFalseExpr(), Ctx))
    return "(" + text(CO->getCond()) + " ? 0 : 0)";
  if (IdxContext) {
    dsa::NodeEncoding Pool;
    if (std::string Why = rules::interiorPointerVeto(*this, E, Pool); !Why.empty())
      vetoAt(Pool, E, Why);
  }
  return rewrite(E);
}

std::string FunctionRewriter::valueText(const Expr *E, bool IdxContext) {
  if (auto New = valueRewrite(E, IdxContext))
    return *New;
  return spelling(E);
}

/// Whether the text of \p E needs parentheses to be an operand of a binary operator.
static bool isAtomic(const Expr *E) {
  E = E->IgnoreImpCasts();
  return isa<DeclRefExpr>(E) || isa<IntegerLiteral>(E) || isa<ParenExpr>(E) ||
         isa<CallExpr>(E) || isa<MemberExpr>(E) || isa<ArraySubscriptExpr>(E);
}

std::optional<std::string> FunctionRewriter::splice(const Stmt *S) {
  Assembly A(*this, S);
  for (const Stmt *Child : S->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      A.child(CE, [&] { return rewrite(CE); });
  return A.text();
}

std::optional<std::string> FunctionRewriter::rewrite(const Expr *E) {
  std::optional<std::string> New = rewriteNode(E);
  // A macro invocation holding code that changed in the macro's body is written as its
  // expansion.
  if (E && !Failed && E->getBeginLoc().isMacroID() && macroBodies().isRoot(E) &&
      (changedIn(E) || stringizesEdited(E) || copiesDiffer(E))) {
    for (const std::string &Why : rules::expansionReasons(*this, E, PP))
      vetoCode(E, Why);
    if (!New)
      New = expansionText(E);
    noteExpanded(E);
  }
  return New;
}

std::optional<std::string> FunctionRewriter::rewriteNode(const Expr *E) {
  if (!E || Failed)
    return std::nullopt;
  switch (E->getStmtClass()) {
  case Stmt::ImplicitCastExprClass:
    return rewrite(cast<ImplicitCastExpr>(E)->getSubExpr());
  case Stmt::CStyleCastExprClass:
    return castExpr(cast<CStyleCastExpr>(E));
  case Stmt::MemberExprClass:
    return member(cast<MemberExpr>(E));
  case Stmt::UnaryOperatorClass:
    return unary(cast<UnaryOperator>(E));
  case Stmt::ArraySubscriptExprClass:
    return subscript(cast<ArraySubscriptExpr>(E));
  case Stmt::BinaryOperatorClass:
  case Stmt::CompoundAssignOperatorClass:
    return binary(cast<BinaryOperator>(E));
  case Stmt::ConditionalOperatorClass:
    return conditional(cast<ConditionalOperator>(E));
  case Stmt::CallExprClass:
    return call(cast<CallExpr>(E));
  case Stmt::UnaryExprOrTypeTraitExprClass:
    return sizeofExpr(cast<UnaryExprOrTypeTraitExpr>(E));
  case Stmt::DeclRefExprClass: {
    // A function whose pointers pass pools (FnPtrClass): its address is its
    // clone's.
    if (const auto *FD =
            dyn_cast<FunctionDecl>(cast<DeclRefExpr>(E)->getDecl()))
      if (std::string Clone = dsa::fnPointerClone(P, FD); !Clone.empty())
        return Clone;
    // A variable that lives in a pool: its name is the index of its object (of its
    // first, for an array, whose decayed value is that index).
    dsa::NodeEncoding Enc;
    if (pooledVariable(E, &Enc))
      if (std::string T = pooledVariableText(cast<DeclRefExpr>(E), baseName(Enc, E));
          !T.empty())
        return T;
    // A variable whose type changes is used as is; only its address is a problem.
    return std::nullopt;
  }
  case Stmt::ChooseExprClass: {
    // __builtin_choose_expr(c, a, b): only the chosen operand is code the analysis saw.
    // The other is never evaluated but must compile: where it names what changes, it
    // becomes `0`.
    const auto *C = cast<ChooseExpr>(E);
    const Expr *Chosen = C->getChosenSubExpr();
    const Expr *Other = Chosen == C->getLHS() ? C->getRHS() : C->getLHS();
    Assembly A(*this, E);
    A.child(Chosen, [&] { return rewrite(Chosen); });
    if (namesChangedVariable(Other))
      A.child(Other, [&] { return std::optional<std::string>("0"); });
    return A.text();
  }
  case Stmt::VAArgExprClass: {
    apply(rules::vaArgVetoes(*this, cast<VAArgExpr>(E)));
    // A node pointer passed through `...` is passed as the index (or pointer to
    // indices) it became: read it as one. Indices narrower than int are promoted.
    const auto *VA = cast<VAArgExpr>(E);
    std::string T = newPointerType(E->getType(), cellOf(E));
    if (T.empty())
      return splice(E);
    std::string List = text(VA->getSubExpr());
    if (rep(E).K == Idx)
      return "(" + T + ")va_arg(" + List + ", unsigned int)";
    return "va_arg(" + List + ", " + T + ")";
  }
  case Stmt::CompoundLiteralExprClass: {
    // A struct with a new layout (`(struct table){ buckets, 16 }`): the type and the
    // list are written again for it, element by element.
    const auto *CL = cast<CompoundLiteralExpr>(E);
    std::string Why;
    if (auto Elems = holderInit(dyn_cast<InitListExpr>(CL->getInitializer()), CL->getType(),
                                cellOf(CL), Why)) {
      NodeEncoding H = encOfCell(cellOf(CL));
      return "(" + std::string(CL->getType().isConstQualified() ? "const " : "") +
             dsa::layoutTypeName(P.Layouts[H.LayoutId]) + ")" + holderListText(*Elems);
    }
    if (!Why.empty())
      veto(encOfCell(cellOf(CL)), Why); // Why names the place
    apply(rules::compoundLiteralVetoes(*this, CL));
    return splice(E);
  }
  case Stmt::InitListExprClass:
    return initList(cast<InitListExpr>(E));
  case Stmt::GenericSelectionExprClass: {
    // rules/TypesAndNames.h: the selection stays the original's; the selected value
    // itself is not rewritten.
    const auto *G = cast<GenericSelectionExpr>(E);
    rules::GenericDecision D = rules::decideGeneric(*this, G);
    if (!D.Veto.empty()) {
      vetoCode(nullptr, D.Veto);
      return std::nullopt;
    }
    if (D.Controlling)
      edit(G->getControllingExpr(), *D.Controlling);
    unsupported(E, rewrite(G->getResultExpr()).has_value());
    return std::nullopt;
  }
  case Stmt::SourceLocExprClass:
    return rules::builtinFunctionName(*this, cast<SourceLocExpr>(E));
  case Stmt::PredefinedExprClass: {
    std::string Why;
    std::optional<std::string> Name =
        rules::predefinedName(*this, cast<PredefinedExpr>(E), Why);
    if (!Why.empty())
      vetoCode(nullptr, Why);
    return Name;
  }
  case Stmt::StmtExprClass:
    if (!isPointer(E->getType())) {
      // A statement expression (one written by a macro, as glibc's assert, or by hand):
      // its statements are rewritten as statements, their code where it is spelled.
      std::set<int> Saved = Touched;
      for (const Stmt *S : cast<StmtExpr>(E)->getSubStmt()->body())
        stmt(S);
      Touched.insert(Saved.begin(), Saved.end());
      return std::nullopt;
    }
    apply(rules::returnInStatementExpressionVetoes(*this, cast<StmtExpr>(E)));
    [[fallthrough]];
  case Stmt::BinaryConditionalOperatorClass: {
    unsupported(E, splice(E).has_value());
    return std::nullopt;
  }
  default:
    return splice(E);
  }
}

std::optional<std::string> FunctionRewriter::initList(const InitListExpr *E) {
  // Reading through indices inside an initializer is fine; storing an index into the
  // pointer member of an object ptrcomp does not rewrite is not.
  apply(rules::pointerInitializerVetoes(*this, E));
  // The written form: designators and each initializer once, as the user spelled them.
  const InitListExpr *Written = E->isSyntacticForm() ? E : E->getSyntacticForm();
  return splice(Written ? Written : E);
}

std::optional<std::string> FunctionRewriter::castExpr(const CStyleCastExpr *E) {
  const Expr *Sub = E->getSubExpr();
  rules::CastDecision D = rules::decideCast(*this, E);
  if (!D.Veto.empty())
    vetoAt(D.VetoPool, E, D.Veto);
  auto Operand = [&] {
    std::string T = text(Sub);
    return isAtomic(Sub) ? T : "(" + T + ")";
  };
  switch (D.K) {
  case rules::CastDecision::Address:
    // pc_addr keeps a null index a null pointer (0 as an integer).
    return "(" +
           (D.NewType.empty() ? E->getTypeAsWritten().getAsString(Ctx.getPrintingPolicy())
                              : D.NewType) +
           ")pc_addr(" + poolExpr(D.Pool) + ", " + text(Sub) + ")";
  case rules::CastDecision::IndexCast:
    return "(" + idxType(D.Pool) + ")" + Operand();
  case rules::CastDecision::NullIndex:
    return std::string("0");
  case rules::CastDecision::Retyped:
    return "(" + D.NewType + ")" + Operand();
  case rules::CastDecision::Vetoed:
    return std::nullopt;
  case rules::CastDecision::Keep:
    break;
  }
  return splice(E);
}

std::optional<std::string> FunctionRewriter::member(const MemberExpr *E) {
  const Expr *Base = E->getBase();
  std::string Field = E->getMemberNameInfo().getAsString();
  dsa::NodeEncoding StorePool;
  if (std::string Why = rules::fieldStoreVeto(*this, E, StorePool); !Why.empty())
    vetoAt(StorePool, E, Why);
  // `n->succ` with succ a member of an anonymous struct or union: the AST has implicit
  // member expressions for the anonymous members between n and succ, the text has not.
  auto Anonymous = [](const Expr *X) -> const MemberExpr * {
    const auto *ME = dyn_cast<MemberExpr>(X->IgnoreImpCasts());
    const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
    return FD && FD->isAnonymousStructOrUnion() ? ME : nullptr;
  };
  if (const MemberExpr *Root = Anonymous(Base)) {
    while (const MemberExpr *Up = Anonymous(Root->getBase()))
      Root = Up;
    if (Root->isArrow())
      if (Rep B = rep(Root->getBase()); B.K == Idx)
        return baseName(B.E, E) + "[" + text(Root->getBase()) + "]." + Field;
  }
  if (E->isArrow()) {
    Rep B = rep(Base);
    if (B.K == Idx) {
      if (!FaultStruct.empty() && (PG.Types.name(B.E.Struct) == FaultStruct ||
                                   PG.Types.name(B.E.Struct) == "struct " + FaultStruct))
        Field += "_injected_fault";
      return baseName(B.E, E) + "[" + text(Base) + "]." + Field;
    }
    return splice(E);
  }
  Assembly A(*this, E);
  A.child(Base, [&] { return rewrite(Base); });
  return A.text();
}

std::optional<std::string> FunctionRewriter::unary(const UnaryOperator *E) {
  const Expr *Sub = E->getSubExpr();
  switch (E->getOpcode()) {
  case UO_Deref: {
    Rep S = rep(Sub);
    if (S.K == Idx)
      return baseName(S.E, E) + "[" + text(Sub) + "]";
    return splice(E);
  }
  case UO_AddrOf: {
    // &p of an index variable p is a pointer to an index: its type changed with p's
    // declaration, and users of it (parameters `struct T **`) are retyped the same way.
    rules::AddressOfDecision D = rules::decideAddressOf(*this, E);
    switch (D.K) {
    case rules::AddressOfDecision::OfDeref:
      return text(D.Operand);
    case rules::AddressOfDecision::OfPooledVariable:
      return cast<DeclRefExpr>(D.Operand)->getDecl()->getName().str();
    case rules::AddressOfDecision::OfElement: {
      std::string I = text(D.Index);
      return "(" + text(D.Base) + " + " + (isAtomic(D.Index) ? I : "(" + I + ")") + ")";
    }
    case rules::AddressOfDecision::Vetoed:
      vetoAt(D.Pool, E, D.Veto);
      return std::nullopt;
    case rules::AddressOfDecision::Keep:
      return splice(E);
    }
    return splice(E);
  }
  default:
    return splice(E);
  }
}

std::optional<std::string> FunctionRewriter::subscript(const ArraySubscriptExpr *E) {
  Rep B = rep(E->getBase());
  if (B.K != Idx)
    return splice(E);
  std::string I = text(E->getIdx());
  return baseName(B.E, E) + "[" + text(E->getBase()) + " + " +
         (isAtomic(E->getIdx()) ? I : "(" + I + ")") + "]";
}

std::optional<std::string> FunctionRewriter::binary(const BinaryOperator *E) {
  const Expr *L = E->getLHS(), *R = E->getRHS();
  BinaryOperatorKind Op = E->getOpcode();
  if (Op == BO_Assign && isPointer(L->getType())) {
    // A new array for a field that holds an array of indices (`x->to_nodes =
    // malloc(n * sizeof(struct node *))`): its elements are indices, even where this
    // function's graph never sees one stored.
    if (const auto *ME = dyn_cast<MemberExpr>(L->IgnoreParenImpCasts());
        ME && isa<CallExpr>(R->IgnoreParenCasts()) && isPointer(L->getType()->getPointeeType()))
      if (auto AE = fieldArrayEncoding(ME)) {
        QualType Elem = L->getType()->getPointeeType()->getPointeeType();
        if (Elem->isRecordType()) {
          std::map<dsa::TypeId, std::string> Saved = Sizeofs.Pointer;
          Sizeofs.Pointer[PG.Types.get(Elem, Ctx)] = "pc_idx" + std::to_string(AE->Bits);
          Assembly A(*this, E);
          bool Changed = false;
          A.child(R, [&] {
            std::optional<std::string> New = rewrite(R);
            Changed = New.has_value();
            return New;
          });
          Sizeofs.Pointer = Saved;
          if (Changed) {
            A.child(L, [&] { return rewrite(L); });
            return A.text();
          }
        }
      }
    Rep LR = rep(L);
    if (LR.K != Idx)
      if (auto FE = fieldIndexEncoding(L))
        LR = {Idx, *FE};
    if (LR.K == Idx || (rep(R).K == Idx)) {
      // Keep the operator's spelling and spacing.
      Assembly A(*this, E);
      A.child(R, [&] { return valueRewrite(R, LR.K == Idx); });
      A.child(L, [&] { return rewrite(L); });
      return A.text();
    }
  }
  // rules/PointerComparisons.h
  if (rules::PointerComparisonDecision D = rules::decidePointerComparison(*this, E);
      D.Applies) {
    if (!D.Veto.empty()) {
      vetoAt(D.Pool, E, D.Veto);
      if (D.Difference)
        return std::nullopt;
    }
    if (D.Difference) {
      auto Operand = [&](const Expr *X) {
        std::string T = text(X);
        return isAtomic(X) ? T : "(" + T + ")";
      };
      return rules::indexDifference(Operand(L), Operand(R));
    }
    Assembly A(*this, E);
    A.child(L, [&] { return valueRewrite(L, D.RightIndex); });
    A.child(R, [&] { return valueRewrite(R, D.LeftIndex); });
    return A.text();
  }
  // rules/StructCopies.h
  if (auto Copy = rules::structCopyProblem(*this, E))
    vetoAt(Copy->Pool, E, Copy->Why);
  return splice(E);
}

std::optional<std::string> FunctionRewriter::conditional(const ConditionalOperator *E) {
  Rep R = rep(E);
  if (R.K != Idx)
    return splice(E);
  Assembly A(*this, E);
  A.child(E->getCond(), [&] { return rewrite(E->getCond()); });
  A.child(E->getTrueExpr(), [&] { return valueRewrite(E->getTrueExpr(), true); });
  A.child(E->getFalseExpr(), [&] { return valueRewrite(E->getFalseExpr(), true); });
  return A.text();
}

std::optional<std::string> FunctionRewriter::allocation(const CallExpr *E, StringRef Name,
                                                        ArrayRef<const Expr *> Args,
                                                        const NodeEncoding &Enc) {
  rules::AllocationDecision D = rules::decideAllocation(*this, Name, Args, Enc);
  std::string Pool = poolExpr(Enc);
  auto Count = [&](const Expr *C) { return C ? text(C) : std::string("1"); };
  std::string Call;
  switch (D.K) {
  case rules::AllocationDecision::Alloc:
    Call = "pc_alloc(" + Pool + ", " + Count(D.Count) + ")";
    break;
  case rules::AllocationDecision::Calloc:
    Call = "pc_calloc(" + Pool + ", " + Count(D.Count) + ")";
    break;
  case rules::AllocationDecision::Calloc2:
    // The product is checked for overflow as calloc does.
    Call = "pc_calloc2(" + Pool + ", " + text(D.Count) + ", " + text(D.Count2) + ")";
    break;
  case rules::AllocationDecision::Realloc:
    Call = "pc_realloc(" + Pool + ", " + valueText(D.Old, true) + ", " + Count(D.Count) + ")";
    break;
  case rules::AllocationDecision::Vetoed:
    vetoAt(Enc, E, D.Veto);
    return std::nullopt;
  }
  // (rules/Allocations.h: a variable named only in the size stays named, unevaluated.)
  std::string Kept;
  for (const VarDecl *VD : rules::sizeOnlyVariables(*this, D, Args))
    Kept += "(void)sizeof(" + VD->getName().str() + "), ";
  if (!Kept.empty())
    Call = "(" + Kept + Call + ")";
  if (Enc.Indexed)
    return Call;
  // A failed allocation returns the null index, which pc_addr keeps a null pointer.
  return "pc_addr(" + Pool + ", " + Call + ")";
}

std::string FunctionRewriter::deallocation(const Expr *Arg, const NodeEncoding &Enc) {
  // `free((h = h->next, p))`: the comma stays inside one argument.
  auto Argument = [&](std::string T) {
    const auto *BO = dyn_cast<BinaryOperator>(Arg->IgnoreParenImpCasts());
    return BO && BO->isCommaOp() ? "(" + T + ")" : T;
  };
  if (Enc.Indexed)
    return "pc_free(" + poolExpr(Enc) + ", " + Argument(valueText(Arg, true)) + ")";
  return "pc_free(" + poolExpr(Enc) + ", pc_index_of(" + poolExpr(Enc) + ", " +
         Argument(text(Arg)) + "))";
}

std::optional<std::string> FunctionRewriter::hookCall(const CallExpr *E,
                                                      const dsa::CallSite &CS,
                                                      const HookAllocation &HA,
                                                      const NodeEncoding &Enc) {
  // The legality check has made sure of this (rules/Allocations.h).
  bool Located;
  if (std::string Why = rules::hookAllocationVeto(*this, E, CS, HA, Located); !Why.empty()) {
    if (Located)
      vetoAt(Enc, E, Why);
    else
      veto(Enc, Why);
    return std::nullopt;
  }
  std::optional<std::string> New = HA.Allocator == "free"
                                       ? deallocation(HA.Args[0], Enc)
                                       : allocation(E, HA.Allocator, HA.Args, Enc);
  if (!New)
    return std::nullopt;
  // A local, parameter or static named only in what the pool operation leaves out
  // would look unused to the compiler (-Wunused-variable, -Wunused-parameter): it is
  // still read, cast to void.
  std::vector<const VarDecl *> Internal;
  for (const Expr *X : HA.Dropped)
    internalVariables(X, Internal);
  std::string Kept;
  for (const VarDecl *VD : Internal)
    Kept += "(void)" + VD->getName().str() + ", ";
  return Kept.empty() ? *New : "(" + Kept + *New + ")";
}

std::optional<std::string>
FunctionRewriter::callText(const CallExpr *E, CallMode Mode,
                           const std::optional<std::string> &Callee,
                           const std::vector<std::string> &PoolArgs,
                           const std::vector<std::optional<std::string>> &Args) {
  bool Any =
      Callee || !PoolArgs.empty() ||
      std::any_of(Args.begin(), Args.end(), [](const auto &A) { return A.has_value(); });
  if (!Any || Failed)
    return std::nullopt;
  if (Mode == CallPlace) {
    if (Callee)
      place(E->getCallee(), Callee, Log.size());
    return std::nullopt;
  }
  if (Mode == CallRebuild) {
    std::vector<std::string> All(PoolArgs);
    for (unsigned I = 0; I < E->getNumArgs(); ++I)
      All.push_back(Args[I] ? *Args[I] : spelling(E->getArg(I)));
    return (Callee ? *Callee : spelling(E->getCallee())) + "(" + llvm::join(All, ", ") +
           ")";
  }
  std::vector<std::pair<FileRange, std::string>> Changes;
  if (Callee)
    Changes.push_back({*rangeOf(E->getCallee()), *Callee});
  if (!PoolArgs.empty()) {
    unsigned Paren = *callParen(E) + 1;
    Changes.push_back(
        {{Paren, Paren}, llvm::join(PoolArgs, ", ") + (E->getNumArgs() ? ", " : "")});
  }
  for (unsigned I = 0; I < E->getNumArgs(); ++I)
    if (Args[I])
      Changes.push_back({*rangeOf(E->getArg(I)), *Args[I]});
  return assemble(E, Changes);
}

std::map<unsigned, std::string>
FunctionRewriter::wrapperArguments(const CallExpr *E, const dsa::FunctionVersion &W,
                                   const std::vector<NodeEncoding> &PoolArgs) {
  // An allocation wrapper's version takes a number of objects (rules/Allocations.h).
  rules::WrapperCounts WC = rules::decideWrapperCounts(*this, E, W);
  if (!WC.Veto.empty())
    for (const NodeEncoding &PA : PoolArgs)
      vetoAt(PA, E, WC.Veto);
  std::map<unsigned, std::string> New;
  for (auto &[I, C] : WC.Counts)
    New[I] = C ? text(C) : "1";
  return New;
}


std::optional<std::string> FunctionRewriter::asAddress(const Expr *A) {
  if (Rep R = rep(A); R.K == Idx)
    return "pc_addr(" + poolExpr(R.E) + ", " + text(A) + ")"; // null stays null
  return std::nullopt;
}

bool FunctionRewriter::namesChangedVariable(const Stmt *S) const {
  return firstInCode(S, [&](const Stmt *X) {
    const auto *DR = dyn_cast<DeclRefExpr>(X);
    const auto *VD = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
    return VD && (!varDecl(VD).empty() || repOfVar(VD).E.isPooled());
  });
}

std::optional<std::string> FunctionRewriter::builtinCall(const CallExpr *E) {
  // Builtins that only look at a pointer (`__builtin_prefetch(n->next)`,
  // `__builtin_classify_type`) see the object's address; one that returns its
  // argument (`__builtin_assume_aligned`, an alignment hint) becomes the argument when
  // the result is used as an index.
  StringRef Name = E->getDirectCallee()->getName();
  // va_start names the last parameter itself, whatever its type.
  if (compat::startsWith(Name, "__builtin_va_") || Name == "__builtin_c23_va_start")
    return splice(E);
  if ((Name == "__builtin_assume_aligned" || Name == "__builtin_expect") &&
      rep(E).K == Idx && E->getNumArgs() > 0)
    return "(" + valueText(E->getArg(0), true) + ")";
  bool Changed = false;
  for (const Expr *A : E->arguments())
    Changed |= rep(A).K == Idx;
  if (!Changed)
    return splice(E);
  CallMode Mode = callMode(E, false);
  std::vector<std::optional<std::string>> Args;
  for (const Expr *A : E->arguments()) {
    size_t Mark = Log.size();
    std::optional<std::string> New;
    New = asAddress(A);
    if (!New)
      New = rewrite(A);
    if (Mode == CallPlace)
      place(A, New, Mark);
    Args.push_back(New);
  }
  return callText(E, Mode, std::nullopt, {}, Args);
}

std::optional<std::string> FunctionRewriter::call(const CallExpr *E) {
  auto CI = CallIndex.find(E);
  const FunctionDecl *FD = E->getDirectCallee();
  std::string Name = FD ? FD->getName().str() : "";
  if (CI == CallIndex.end()) {
    if (FD && FD->getBuiltinID())
      return builtinCall(E);
    return splice(E);
  }
  const dsa::CallSite &CS = F.Calls[CI->second];
  // A call through an allocation hook that is a call of its allocator: a pool operation
  // when its objects are pooled, else a call through a pointer like any other.
  if (auto HA = hookAllocation(E, CS))
    if (NodeEncoding Enc = encOfCell(HA->Object); Enc.isPooled())
      return hookCall(E, CS, *HA, Enc);
  // Allocation and deallocation in pooled structures.
  if (FD && !CS.ExternalTargets.empty() && CS.Targets.empty()) {
    if (Name == "malloc" || Name == "calloc" || Name == "realloc" ||
        Name == "aligned_alloc" || Name == "strdup" || Name == "valloc") {
      NodeEncoding Enc = encOfCell(CS.Ret);
      if (Enc.isPooled())
        return allocation(E, Name, std::vector<const Expr *>(E->arg_begin(), E->arg_end()),
                          Enc);
      // An array of pointers that becomes an array of indices: rescale sizeof(T *).
      Rep Elem = repOfCell(F.Graph->edgeIfAny(CS.Ret),
                           Ctx.getPointerType(Ctx.VoidTy));
      if (Elem.K == Idx || (Elem.E.Indexed && Elem.E.isPooled())) {
        std::map<dsa::TypeId, std::string> Saved = Sizeofs.Pointer;
        Sizeofs.Pointer[Elem.E.Struct] = idxType(Elem.E);
        auto New = splice(E);
        Sizeofs.Pointer = Saved;
        return New;
      }
      return splice(E);
    }
    if (Name == "free" && E->getNumArgs() == 1) {
      NodeEncoding Enc = encOfCell(CS.Args[0]);
      if (!Enc.isPooled())
        return splice(E);
      return deallocation(freedObject(E->getArg(0)), Enc);
    }
    // Any other function outside the program sees real pointers; a byte count on
    // storage whose layout changes is written for the new layout (rules/ByteCounts.h).
    rules::ByteCountDecision BD = rules::decideByteCount(*this, E, CS);
    if (!BD.Veto.empty()) {
      for (const NodeEncoding &Enc : BD.Pools)
        veto(Enc, BD.Veto);
      return std::nullopt;
    }
    CallMode Mode = callMode(E, false);
    std::vector<std::optional<std::string>> Args;
    for (unsigned I = 0; I < E->getNumArgs(); ++I) {
      const Expr *A = E->getArg(I);
      size_t Mark = Log.size();
      Rep R = rep(A);
      std::optional<std::string> New;
      if (int(I) == BD.SizeArg && BD.NewCount) {
        if (*BD.NewCount != sourceText(A))
          New = *BD.NewCount;
      } else if (R.K == Idx) {
        New = asAddress(A);
      } else if (int(I) == BD.SizeArg) {
        rules::SizeofScope Saved = Sizeofs;
        Sizeofs = BD.Scope;
        New = rewrite(A);
        Sizeofs = Saved;
      } else {
        New = rewrite(A);
      }
      if (Mode == CallPlace)
        place(A, New, Mark);
      Args.push_back(New);
    }
    return callText(E, Mode, std::nullopt, {}, Args);
  }
  auto VC = V.Calls.find(CI->second);
  if (VC == V.Calls.end()) {
    // A call the plan does not direct (through a pointer to functions it cannot name):
    // its callees expect real pointers.
    apply(rules::indirectCallVetoes(*this, E));
    return splice(E);
  }
  const dsa::FunctionVersion &W = P.Versions[VC->second.Version];
  dsa::FunctionGraph &Callee = *PG.function(W.Function);
  std::map<unsigned, std::string> Counts =
      wrapperArguments(E, W, VC->second.PoolArgs);
  std::vector<std::string> PoolArgs;
  for (unsigned S = 0; S < VC->second.PoolArgs.size(); ++S)
    PoolArgs.push_back(poolArg(VC->second.PoolArgs[S], VC->second.Version, S));
  std::optional<std::string> NewCallee;
  if (std::string Callee = nameOf(VC->second.Version);
      !VC->second.Indirect && Callee != Name)
    NewCallee = Callee;
  CallMode Mode = callMode(E, !PoolArgs.empty());
  std::vector<std::optional<std::string>> Args;
  for (unsigned I = 0; I < E->getNumArgs(); ++I) {
    const Expr *A = E->getArg(I);
    size_t Mark = Log.size();
    bool ParamIdx = false;
    if (I < Callee.ParamPointers.size() && I < Callee.Formals.size()) {
      const dsa::PointerFacts &PT = Callee.ParamPointers[I];
      Cell FC = Callee.Graph->resolve(Callee.Formals[I]);
      if (!FC.isNull() && PT.IsPointer) {
        NodeEncoding PE = W.Nodes.lookup(FC.Node);
        ParamIdx = PE.Indexed && FC.Offset == 0 &&
                   (PT.PointeeVoid || (PT.PointeeRecord && PT.Pointee == PE.Struct));
      }
    }
    std::optional<std::string> New;
    if (Counts.count(I)) {
      if (Counts[I] != sourceText(A))
        New = Counts[I];
    } else {
      New = valueRewrite(A, ParamIdx);
    }
    if (Mode == CallPlace)
      place(A, New, Mark);
    Args.push_back(New);
  }
  if (VC->second.Indirect)
    NewCallee = rewrite(E->getCallee()); // the pointer keeps its text (retyped)
  return callText(E, Mode, NewCallee, PoolArgs, Args);
}

std::optional<std::string>
FunctionRewriter::sizeofExpr(const UnaryExprOrTypeTraitExpr *E) {
  rules::SizeofDecision D = rules::decideSizeof(*this, E, Sizeofs);
  switch (D.K) {
  case rules::SizeofDecision::Keep:
    return std::nullopt;
  case rules::SizeofDecision::Respell:
    return D.Text;
  case rules::SizeofDecision::Veto:
    for (const NodeEncoding &Enc : D.Pools)
      veto(Enc, D.Why);
    if (D.Pools.empty())
      vetoCode(nullptr, D.Why);
    return std::nullopt;
  }
  return std::nullopt;
}
//===-- Statements -------------------------------------------------------===//

void FunctionRewriter::rootExpr(const Expr *E) {
  Touched.clear();
  size_t Mark = Log.size();
  place(E, rewrite(E), Mark);
}

/// Whether struct type \p T has a const member, also in a nested struct or array.
static bool hasConstMember(QualType T) {
  if (const auto *AT = T->getAsArrayTypeUnsafe())
    return AT->getElementType().isConstQualified() || hasConstMember(AT->getElementType());
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD)
    return false;
  for (const FieldDecl *FD : RD->fields())
    if (FD->getType().isConstQualified() || hasConstMember(FD->getType()))
      return true;
  return false;
}

void FunctionRewriter::declStmt(const DeclStmt *DS) {
  bool AnyTypeChange = false;
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D))
      AnyTypeChange |= !varDecl(VD).empty();
  // Local pointers to functions of an active FnPtrClass, their type spelled
  // out.
  std::vector<FunctionTypeEdit> Retyped;
  for (const Decl *D : DS->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D))
      if (auto R = retypedFunctionType(Ctx, P, VD->getTypeSourceInfo()))
        Retyped.push_back(*R);
  if (!AnyTypeChange) {
    for (const FunctionTypeEdit &R : Retyped) {
      record({R.Begin, R.End}, R.Text, DS);
      if (!R.RetText.empty())
        record({R.RetBegin, R.RetEnd}, R.RetText, DS);
    }
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D); VD && VD->getInit())
        rootExpr(VD->getInit());
    return;
  }
  // rules/Declarations.h: what the declaration written again cannot express.
  rules::DeclarationDecision DD = rules::decideDeclaration(*this, DS);
  if (!DD.Vetoes.empty() || DD.AllPools) {
    apply(DD.Vetoes);
    if (DD.AllPools)
      vetoCode(nullptr, DD.AllPoolsWhy);
    return;
  }
  // Rebuild the declaration: each declarator with its own (possibly new) type.
  std::vector<std::string> Parts;
  for (const Decl *D : DS->decls()) {
    const auto *VD = cast<VarDecl>(D);
    // A static local whose object the pool makes (Planner::poolVariables): its name is
    // the index, as a moved global's; its values are in the pool's image.
    if (std::string Index = rules::pooledStaticLocalDecl(*this, VD); !Index.empty()) {
      Parts.push_back(Index);
      continue;
    }
    Rep R = repOfVar(VD);
    std::string NewDecl = varDecl(VD);
    std::string Decl;
    std::string Prefix;
    if (VD->getStorageClass() == SC_Static)
      Prefix = "static ";
    else if (VD->getStorageClass() == SC_Extern)
      Prefix = "extern ";
    else if (VD->getStorageClass() == SC_Register)
      Prefix = "register ";
    if (!NewDecl.empty()) {
      // `struct node **const pp`: the pointer is const, not what it points to; so with
      // volatile (a local that a longjmp comes back to must keep it).
      std::string Name = VD->getName().str();
      for (auto [Has, Qual] : {std::pair<bool, const char *>{
                                   VD->getType().isConstQualified(), "const "},
                               {VD->getType().isVolatileQualified(), "volatile "}})
        if (Has) {
          if (compat::endsWith(NewDecl, "*" + Name))
            NewDecl.insert(NewDecl.size() - Name.size(), Qual);
          else
            Prefix += Qual;
        }
      // A variable named only in sizeof or _Generic operands, which are respelled as
      // its original type, would look unused.
      const Stmt *Body = F.Decl->getBody();
      unsigned Unevaluated = VD->hasAttr<UnusedAttr>() ? 0 : timesNamedUnevaluated(VD, Body);
      if (VD->hasAttr<UnusedAttr>() || (Unevaluated && Unevaluated == timesNamed(VD, Body)))
        Prefix = "__attribute__((unused)) " + Prefix;
      Decl = Prefix + NewDecl;
      // A local that lives in its owner's pool: allocated here, freed with the pool.
      dsa::NodeEncoding Enc;
      if (const dsa::Pool::Variable *Var = pooledLocal(VD, &Enc)) {
        Decl += " = pc_alloc_local(" + poolExpr(Enc) + ", " +
                std::to_string(Var->Array ? Var->Count : 1) + ")";
        // Its brace list (rules/Declarations.h made sure it can be written for the pool's
        // layout) is stored into the new, zeroed object: as the original, the list may
        // name the object itself (`{ 0, &self }`).
        std::string Why;
        const auto *ILE = dyn_cast_or_null<InitListExpr>(
            VD->getInit() ? VD->getInit()->IgnoreParens() : nullptr);
        // An array's elements are stored one by one (`base[heads + 1] = ...`).
        auto Store = [&](const std::string &Object, ArrayRef<HolderInitElement> Elems) {
          std::string Value = "(" + layoutType(Enc) + ")" + holderListText(Elems);
          // A const member cannot be assigned, only initialised: the bytes are copied.
          if (hasConstMember(Ctx.getBaseElementType(VD->getType())))
            Decl += "; memcpy(&" + Object + ", &" + Value + ", sizeof " + Object + ")";
          else
            Decl += "; " + Object + " = " + Value;
        };
        if (ILE && !isZeroInitializer(ILE, Ctx)) {
          std::string Base = baseName(Enc, ILE), Name = VD->getName().str();
          if (!VD->getType()->isArrayType()) {
            if (auto Elems = holderInit(ILE, VD->getType(), F.VarStorage.lookup(VD), Why,
                                        /*InPool=*/true))
              Store(Base + "[" + Name + "]", *Elems);
          } else if (auto Rows = holderArrayInit(VD, Why, nullptr, /*InPool=*/true)) {
            for (size_t K = 0; K < Rows->size(); ++K)
              if (!(*Rows)[K].empty())
                Store(Base + "[" + Name + " + " + std::to_string(K) + "]", (*Rows)[K]);
          }
        }
        Parts.push_back(Decl);
        continue;
      }
      std::string HolderWhy;
      if (auto Elems = holderInit(VD, HolderWhy)) {
        // A struct-typed local with a new layout: its list element by element.
        Decl += " = " + holderListText(*Elems);
        Parts.push_back(Decl);
        continue;
      }
      if (auto Rows = holderArrayInit(VD, HolderWhy)) {
        // An array of them: each element's list so.
        std::vector<std::string> Texts;
        for (const std::vector<HolderInitElement> &Row : *Rows)
          Texts.push_back(Row.empty() ? "{0}" : holderListText(Row));
        Decl += " = {" + llvm::join(Texts, ", ") + "}";
        Parts.push_back(Decl);
        continue;
      }
      // A static holder's list, written for its layout (rules/Declarations.h checked it
      // can be).
      if (int Layout = VD->isStaticLocal() && VD->getInit() &&
                               isa<InitListExpr>(VD->getInit()->IgnoreParens()) &&
                               !isZeroInitializer(VD->getInit(), Ctx)
                           ? globalHolderLayout(PG, P, VD)
                           : -1;
          Layout >= 0)
        if (auto List = holderList(P, Layout, VD, HolderWhy)) {
          Decl += " = " + *List;
          Parts.push_back(Decl);
          continue;
        } else {
          // (Not zeros in its place: the rule should have refused it.)
          legalityMissed(HolderWhy);
          vetoCode(DS, "the static local '" + VD->getName().str() + "' " + HolderWhy);
          return;
        }
      if (isa_and_nonnull<InitListExpr>(VD->getInit())) {
        // {0} and {NULL, ...} initialise arrays of indices with zeros (the rule has
        // made sure there is nothing else).
        Decl += " = {0}";
        Parts.push_back(Decl);
        continue;
      }
    } else {
      std::string S;
      llvm::raw_string_ostream OS(S);
      VD->getType().print(OS, Ctx.getPrintingPolicy(), VD->getName());
      Decl = Prefix + OS.str();
    }
    if (const Expr *Init = VD->getInit()) {
      // A static local lives in the globals graph, not among this version's variables:
      // retyped, its (constant) initialiser can only be null, now spelled 0.
      if (VD->isStaticLocal() && !NewDecl.empty() && isNullConstant(Init, Ctx))
        Decl += " = 0";
      else
        Decl += " = " + valueText(Init, R.K == Idx);
    }
    Parts.push_back(Decl);
  }
  std::string Text;
  const auto *FS = dyn_cast_or_null<ForStmt>(parentOf(DS));
  bool InFor = FS && FS->getInit() == DS;
  if (Parts.size() == 1) {
    Text = Parts.front() + ";";
  } else if (InFor) {
    // One type for all (the rule has made sure of it).
    Text = Parts.front();
    for (size_t I = 1; I < Parts.size(); ++I)
      Text += ", " + Parts[I].substr(Parts[I].find(' ') + 1);
    Text += ";";
  } else {
    Text = llvm::join(Parts, "; ") + ";";
  }
  edit(DS, Text);
}

std::string FunctionRewriter::holderListText(ArrayRef<HolderInitElement> Elems) {
  std::vector<std::string> Texts;
  for (const HolderInitElement &El : Elems) {
    std::string T;
    if (El.K == HolderInitElement::Zeros) {
      T = "{0}";
    } else if (El.K == HolderInitElement::IndexArray) {
      std::map<dsa::TypeId, std::string> Saved = Sizeofs.Pointer;
      QualType Elem = El.Init->getType()->getPointeeType();
      if (isPointer(Elem) && Elem->getPointeeType()->isRecordType())
        Sizeofs.Pointer[PG.Types.get(Elem->getPointeeType(), Ctx)] =
            "pc_idx" + std::to_string(El.Bits);
      T = isNullConstant(El.Init, Ctx) ? "0" : text(El.Init);
      Sizeofs.Pointer = Saved;
    } else {
      T = valueText(El.Init, El.K == HolderInitElement::Index);
    }
    Texts.push_back(El.Field ? "." + El.Field->getName().str() + " = " + T : T);
  }
  return "{" + llvm::join(Texts, ", ") + "}";
}

void FunctionRewriter::returnStmt(const ReturnStmt *RS) {
  const Expr *RV = RS->getRetValue();
  std::vector<int> Destroyed = destroyedPools();
  std::vector<std::string> Frees = localFrees(RS, nullptr);
  if (Destroyed.empty() && Frees.empty()) {
    if (RV) {
      size_t Mark = Log.size();
      place(RV, valueRewrite(RV, ReturnsIdx), Mark);
    }
    return;
  }
  std::string Value = RV ? valueText(RV, ReturnsIdx) : "";
  std::string Destroy;
  for (const std::string &Free : Frees)
    Destroy += Free + " ";
  for (auto I = Destroyed.rbegin(); I != Destroyed.rend(); ++I)
    Destroy += "pc_pool_destroy(&" + P.Pools[*I].Name + "); ";
  std::string Text;
  size_t ReturnAt = 0; // where `return` starts in Text, after the lines put before it
  const Expr *Simple = RV ? RV->IgnoreParenImpCasts() : nullptr;
  // (A local that lives in a pool is read from it: not after it is freed.)
  bool IsSimple = !RV || isa<IntegerLiteral>(Simple) || isa<CharacterLiteral>(Simple) ||
                  (isa<DeclRefExpr>(Simple) &&
                   isa<VarDecl>(cast<DeclRefExpr>(Simple)->getDecl()) &&
                   cast<VarDecl>(cast<DeclRefExpr>(Simple)->getDecl())->hasLocalStorage() &&
                   !pooledVariable(Simple));
  bool InBlock = isa_and_nonnull<CompoundStmt>(parentOf(RS));
  if (IsSimple && InBlock) {
    // One statement per line, as a person would write it.
    std::string Indent = indentationAt(Ctx.getSourceManager(), RS->getBeginLoc());
    Text.clear();
    for (const std::string &Free : Frees)
      Text += Free + "\n" + Indent;
    for (auto I = Destroyed.rbegin(); I != Destroyed.rend(); ++I)
      Text += "pc_pool_destroy(&" + P.Pools[*I].Name + ");\n" + Indent;
    ReturnAt = Text.size();
    Text += "return" + (RV ? " " + Value : "") + ";";
  } else if (IsSimple) {
    Text = "{ " + Destroy + "return" + (RV ? " " + Value : "") + "; }";
  } else if (F.Decl->getReturnType()->isVoidType() && newReturnType().empty()) {
    // `return f();` in a void function: the call, then the return.
    Text = "{ " + Value + "; " + Destroy + "return; }";
  } else {
    // A name no identifier of the program has; the type spelled without the program's
    // typedef names, which an inner block may declare again. The declarator goes around
    // the name (`int (*ptrcomp_result)(int, int)`).
    std::string Name = "ptrcomp_result";
    for (unsigned K = 2; PG.TakenNames.count(Name); ++K)
      Name = "ptrcomp_result_" + std::to_string(K);
    std::string Result;
    if (!newReturnType().empty()) {
      Result = newReturnType() + " " + Name;
    } else {
      llvm::raw_string_ostream OS(Result);
      F.Decl->getReturnType().getCanonicalType().print(OS, Ctx.getPrintingPolicy(), Name);
    }
    Text = "{ " + Result + " = " + Value + "; " + Destroy + "return " + Name + "; }";
  }
  // Replace `return ...;` including its semicolon: the block then stands for it anywhere,
  // even as the body of an if without braces.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      SM.getExpansionLoc(RS->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(), false);
  auto Begin = fileRange(RS->getBeginLoc());
  if (AfterSemi.isInvalid() || !Begin) {
    macroVeto(RS);
    return;
  }
  unsigned End = SM.getFileOffset(AfterSemi);
  // The lines put before the `return` are new; the `return` stands for the original's.
  TextOrigins Origins;
  if (ReturnAt)
    Origins = {{0, Begin->first, 0, false},
               {unsigned(ReturnAt), Begin->first, End - Begin->first, false}};
  record({Begin->first, End}, Text, RS, Origins);
}

void FunctionRewriter::stmt(const Stmt *S) {
  if (!S || Failed)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    rootExpr(E);
    return;
  }
  // A statement written as a macro's argument is a copy like an expression.
  size_t Mark = Log.size();
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    declStmt(DS);
  else if (const auto *RS = dyn_cast<ReturnStmt>(S))
    returnStmt(RS);
  else if (isa<BreakStmt>(S) || isa<ContinueStmt>(S))
    leaveStmt(S);
  else
    for (const Stmt *Child : codeChildren(S))
      stmt(Child);
  if (const auto *CS = dyn_cast<CompoundStmt>(S); CS && CS != F.Decl->getBody())
    endOfBlock(CS);
  noteCopy(S, Mark);
  // A statement macro (`do { ... } while (0)`) holding code that changed: the
  // invocation becomes the statement, without the `;` that follows it in the file.
  if (Failed || !S->getBeginLoc().isMacroID() || !macroBodies().isRoot(S) ||
      (BodyTexts.empty() && !stringizesEdited(S) && !copiesDiffer(S)))
    return;
  if (macroBodies().isHeader(S)) {
    // `FOR_EACH(it, head) { ... }`: the invocation becomes the loop's header.
    const auto *FS = cast<ForStmt>(S);
    if (changedIn(S)) {
      // Each part: its new text, its text in the file (a macro argument), or printed.
      auto Part = [&](const Stmt *X) -> std::string {
        if (!X)
          return "";
        if (auto It = BodyTexts.find(X); It != BodyTexts.end())
          return It->second;
        if (auto R = rangeOf(X); R && !macroBodies().inBody(X))
          return piece(R->first, R->second);
        return expansionText(X);
      };
      std::string Init = Part(FS->getInit());
      if (!FS->getInit() || isa<Expr>(FS->getInit()))
        Init += ";";
      noteExpanded(S);
      record(macroBodies().invocation(S),
             "for (" + Init + " " + Part(FS->getCond()) + "; " + Part(FS->getInc()) + ")",
             S);
    }
  } else if (changedIn(S) || stringizesEdited(S) || copiesDiffer(S)) {
    for (const std::string &Why : rules::expansionReasons(*this, S, PP))
      vetoCode(S, Why);
    std::string Text = expansionText(S);
    // The printer ends a statement with `;` (`do ... while (0);`, `if (c) x++;`); the
    // file has its own after the use.
    StringRef After = fileText().substr(macroBodies().invocation(S).second).ltrim();
    if (!Text.empty() && Text.back() == ';' && compat::startsWith(After, ";"))
      Text.pop_back();
    noteExpanded(S);
    edit(S, Text);
  }
}

std::vector<std::string> FunctionRewriter::localFrees(const Stmt *Exit,
                                                     const CompoundStmt *EndOf) {
  // Locals that live in a pool (rules/Declarations.h) are freed when their block is
  // left: at its end, and by a return, break or continue inside it (after the
  // declaration) that leaves it. A return that destroys their pool frees them already.
  std::vector<std::string> Out;
  if (P.VariablePools.empty())
    return Out;
  std::vector<int> Destroyed = destroyedPools();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.Decl->getBody());
  for (const PooledLocal &L : pooledLocals()) {
    bool ByDestroy = L.Enc.Source == NodeEncoding::Owned &&
                     llvm::is_contained(Destroyed, L.Enc.Pool);
    if (EndOf) {
      if (L.Scope != EndOf || (ByDestroy && EndOf == Body))
        continue;
    } else {
      if (isa<ReturnStmt>(Exit) && ByDestroy)
        continue;
      // Up from the exit: the local's block before any loop or switch that the exit
      // stays in, through a statement of that block after the declaration.
      bool Leaves = false;
      const Stmt *Below = Exit;
      for (const Stmt *A = parentOf(Exit); A; Below = A, A = parentOf(A)) {
        if (A == L.Scope) {
          auto Children = L.Scope->body();
          auto DeclAt = llvm::find(Children, L.DS), ExitAt = llvm::find(Children, Below);
          Leaves = DeclAt != Children.end() && ExitAt != Children.end() && DeclAt < ExitAt;
          break;
        }
        bool Loop = isa<ForStmt>(A) || isa<WhileStmt>(A) || isa<DoStmt>(A);
        if ((isa<BreakStmt>(Exit) && (Loop || isa<SwitchStmt>(A))) ||
            (isa<ContinueStmt>(Exit) && Loop))
          break;
      }
      if (!Leaves)
        continue;
    }
    Out.push_back("pc_free(" + poolExpr(L.Enc) + ", " + L.VD->getName().str() + ");");
  }
  return Out;
}

const std::vector<FunctionRewriter::PooledLocal> &FunctionRewriter::pooledLocals() {
  if (PooledLocalsDone)
    return PooledLocalsCache;
  PooledLocalsDone = true;
  if (P.VariablePools.empty() || !F.Decl->getBody())
    return PooledLocalsCache;
  firstInCode(F.Decl->getBody(), [&](const Stmt *S) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *Scope = DS ? dyn_cast_or_null<CompoundStmt>(parentOf(DS)) : nullptr;
    if (Scope)
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        NodeEncoding Enc;
        if (VD && pooledLocal(VD, &Enc))
          PooledLocalsCache.push_back({VD, DS, Scope, Enc});
      }
    return false;
  });
  // Freed in the reverse order of their declarations.
  std::reverse(PooledLocalsCache.begin(), PooledLocalsCache.end());
  return PooledLocalsCache;
}

void FunctionRewriter::endOfBlock(const CompoundStmt *CS) {
  // Locals of an inner block that live in a pool: freed before its closing brace, unless
  // the block cannot end there (its last statement leaves it).
  std::vector<std::string> Frees = localFrees(nullptr, CS);
  if (Frees.empty())
    return;
  if (!CS->body_empty() && (isa<ReturnStmt>(CS->body_back()) || isa<BreakStmt>(CS->body_back()) ||
                            isa<ContinueStmt>(CS->body_back())))
    return;
  auto RB = fileRange(CS->getRBracLoc());
  if (!RB) {
    macroVeto(CS);
    return;
  }
  record({RB->first, RB->first}, llvm::join(Frees, " ") + " ", CS);
}

void FunctionRewriter::leaveStmt(const Stmt *S) {
  // `break;` or `continue;` that leaves the block of a local living in a pool.
  std::vector<std::string> Frees = localFrees(S, nullptr);
  if (Frees.empty())
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation AfterSemi = Lexer::findLocationAfterToken(
      SM.getExpansionLoc(S->getEndLoc()), tok::semi, SM, Ctx.getLangOpts(), false);
  auto Begin = fileRange(S->getBeginLoc());
  if (AfterSemi.isInvalid() || !Begin) {
    macroVeto(S);
    return;
  }
  unsigned End = SM.getFileOffset(AfterSemi);
  record({Begin->first, End},
         "{ " + llvm::join(Frees, " ") + (isa<BreakStmt>(S) ? " break; }" : " continue; }"),
         S);
}

std::vector<int> FunctionRewriter::destroyedPools() const {
  // A pool shared by the activations of a recursive function lives as long as the
  // program, like the heap objects it replaces: its freed objects are reused.
  std::vector<int> Out;
  for (int Pl : V.OwnedPools)
    if (!P.Pools[Pl].SharedByActivations)
      Out.push_back(Pl);
  return Out;
}

void FunctionRewriter::entryAndExit() {
  const auto *Body = dyn_cast<CompoundStmt>(F.Decl->getBody());
  const SourceManager &SM = Ctx.getSourceManager();
  if (apply(rules::bodyInMacroVetoes(*this)) || apply(rules::opaquePoolOwnerVetoes(*this)))
    return;
  auto LB = fileRange(Body->getLBracLoc());
  auto RB = fileRange(Body->getRBracLoc());
  if (!LB || !RB) {
    // (Pools of its own are vetoed above; main's readying of global pools is left.)
    Failed = true;
    VetoReason = "the body of '" + F.Name + "' is written inside a macro";
    legalityMissed(VetoReason);
    return;
  }
  // Indentation of the body's first statement, or four spaces.
  std::string Indent = "    ";
  if (!Body->body_empty())
    if (std::string I = indentationAt(SM, Body->body_front()->getBeginLoc()); !I.empty())
      Indent = I;
  std::string Entry;
  // A thread-safe global pool gets its base first thing in main, before any thread can
  // see it, so that pc_base is a plain read from then on (see pc_pool_ready).
  if (F.Name == "main" && V.IsOriginal)
    for (unsigned Pl = 0; Pl < P.Pools.size(); ++Pl)
      if (P.Pools[Pl].OwnerName.empty() && P.Pools[Pl].ThreadSafe) {
        Entry += "\n" + Indent + "pc_pool_ready(&" + P.Pools[Pl].Name + ");";
        GlobalPoolsUsed.insert(Pl);
      }
  for (int Pl : V.OwnedPools) {
    const dsa::Pool &Po = P.Pools[Pl];
    NodeEncoding E;
    E.Source = NodeEncoding::Owned;
    E.Pool = Pl;
    E.LayoutId = Po.LayoutId;
    E.Struct = Po.Struct;
    std::string Label = Po.Label;
    std::string Escaped;
    for (char C : Label)
      Escaped += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
    // An opaque struct (defined in another file) has its size exported by the file
    // that defines it.
    std::string Size = "sizeof(" + layoutType(E) + ")";
    // Objects whose addresses become integers, without a (padded) layout of their own:
    // each takes a multiple of malloc's alignment.
    if (Po.MallocAligned && Po.LayoutId < 0)
      Size = "PC_MALLOC_ALIGNED(" + Size + ")";
    if (!completeHere(Po.Struct)) {
      Size = "ptrcomp_size_" + P.Layouts[Po.LayoutId].Name;
      SizeSymbolsUsed.insert(Po.LayoutId);
    }
    std::string Init = "pc_pool " + Po.Name + " = " +
                       (Po.ThreadSafe ? "PC_POOL_INIT_SHARED(" : "PC_POOL_INIT(") + Size +
                       ", " + std::to_string(Po.Bits) + ", \"" + Escaped + "\");";
    if (Po.SharedByActivations) {
      Entry += "\n" + Indent + "/* ptrcomp: one pool for every activation of recursive '" +
               F.Name + "' */";
      Entry += "\n" + Indent + "static " + Init;
    } else {
      Entry += "\n" + Indent + Init;
    }
    // A thread-safe pool gets its base before another thread can see the pool (a parallel
    // region of this function), so that pc_base is a plain read from then on.
    if (Po.ThreadSafe)
      Entry += "\n" + Indent + "pc_pool_ready(&" + Po.Name + ");";
  }
  for (auto &[Name, Decl] : BasesUsed)
    Entry += "\n" + Indent + Decl;
  // A pool parameter this version only receives (its callers pass it for uniformity).
  for (unsigned S = 0; S < V.NumPoolParams; ++S)
    if (!ParamsUsed.count(S))
      Entry += "\n" + Indent + "(void)" + poolParamName(S) +
               (slotKind(S) == PoolParamKind::Descriptor ? "" : "_base") + ";";
  // An index parameter named only in sizeof operands, which the rewrite spells as the
  // original type (`sizeof *p` becomes `sizeof(struct node)`), would be unused.
  for (const ParmVarDecl *PV : F.Decl->parameters()) {
    if (PV->getName().empty() || repOfVar(PV).K != Idx)
      continue;
    bool InSizeof = false, Evaluated = false;
    std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *S, bool Under) {
      if (!S || Evaluated)
        return;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S); DRE && DRE->getDecl() == PV)
        (Under ? InSizeof : Evaluated) = true;
      Under |= isa<UnaryExprOrTypeTraitExpr>(S);
      for (const Stmt *C : S->children())
        Walk(C, Under);
    };
    Walk(Body, false);
    if (InSizeof && !Evaluated)
      Entry += "\n" + Indent + "(void)" + PV->getName().str() + ";";
  }
  if (!Entry.empty())
    Edits.push_back({LB->second, 0, Entry});
  std::vector<int> Destroyed = destroyedPools();
  std::vector<std::string> Frees = localFrees(nullptr, Body);
  if (Destroyed.empty() && Frees.empty())
    return;
  if (!Body->body_empty() && isa<ReturnStmt>(Body->body_back()))
    return;
  std::string Destroy;
  for (const std::string &Free : Frees)
    Destroy += Indent + Free + "\n";
  for (auto I = Destroyed.rbegin(); I != Destroyed.rend(); ++I)
    Destroy += Indent + "pc_pool_destroy(&" + P.Pools[*I].Name + ");\n";
  // Before the closing brace, on a line of its own when the brace starts its line.
  StringRef Buf = SM.getBufferData(SM.getFileID(SM.getExpansionLoc(Body->getRBracLoc())));
  unsigned Off = RB->first;
  unsigned LineStart = Off;
  while (LineStart > 0 && (Buf[LineStart - 1] == ' ' || Buf[LineStart - 1] == '\t'))
    --LineStart;
  if (LineStart > 0 && Buf[LineStart - 1] == '\n')
    Edits.push_back({LineStart, 0, Destroy});
  else
    Edits.push_back({Off, 0, " " + StringRef(Destroy).trim().str() + " "});
}

bool FunctionRewriter::run() {
  // The version with the original signature keeps its parameters' and result's types;
  // a clone spells the new ones in its header (an index, or e.g. pc_idx32 * for a new
  // array of indices).
  apply(rules::entryInterfaceVetoes(*this));
  apply(rules::variadicParameterVetoes(*this));
  for (const rules::DeclarationExpressionProblem &Pr : rules::bodyDeclarationProblems(*this)) {
    for (int Pl : Pr.GlobalPools) {
      NodeEncoding G;
      G.Source = NodeEncoding::Owned;
      G.Pool = Pl;
      veto(G, Pr.Why);
    }
    vetoCode(Pr.Name, Pr.Why);
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(F.Decl->getBody());
  if (!Body) {
    Failed = true;
    return false;
  }
  if (std::string Why = rules::typeofProblem(*this, Body); !Why.empty())
    vetoCode(nullptr, Why);
  if (std::string Why = rules::cleanupProblem(*this, Body); !Why.empty())
    vetoCode(nullptr, Why);
  if (!V.IsOriginal)
    if (std::string Why = rules::counterProblem(*this, Body, true, PP); !Why.empty())
      vetoCode(nullptr, Why);
  // The original's parameters that point to functions of an active FnPtrClass,
  // their type spelled out, take the clones' type (a clone's header spells it).
  if (V.IsOriginal)
    for (const ParmVarDecl *PV : F.Decl->parameters())
      if (auto R = retypedFunctionType(Ctx, P, PV->getTypeSourceInfo())) {
        Edits.push_back({R->Begin, R->End - R->Begin, R->Text, {}});
        if (!R->RetText.empty())
          Edits.push_back(
              {R->RetBegin, R->RetEnd - R->RetBegin, R->RetText, {}});
      }
  for (const Stmt *S : Body->body())
    stmt(S);
  if (!Failed)
    finishEdits();
  if (!Failed)
    entryAndExit();
  return !Failed;
}

std::string FunctionRewriter::nameOf(unsigned Version) const {
  if (LocalNames)
    if (auto It = LocalNames->find(Version); It != LocalNames->end())
      return It->second;
  return P.Versions[Version].Name;
}

std::string FunctionRewriter::descriptorEntry() const {
  std::vector<std::string> Args;
  for (unsigned S = 0; S < V.NumPoolParams; ++S)
    Args.push_back(slotKind(S) == PoolParamKind::Descriptor
                       ? poolParamName(S)
                       : "pc_base(" + poolParamName(S) + ")");
  for (const ParmVarDecl *PV : FnDecl->parameters())
    Args.push_back(PV->getName().str());
  bool Void = FnDecl->getReturnType()->isVoidType() && newReturnType().empty();
  return header(false, true) + " {\n    " + (Void ? "" : "return ") + nameOf(VersionIndex) +
         "(" + llvm::join(Args, ", ") + ");\n}";
}

std::string FunctionRewriter::returnTypeText() const {
  // The return type's range leaves out the qualifiers written before it (`const char *`
  // is `char *` there): they are taken back from the text before it.
  std::string RT = source(FnDecl->getReturnTypeSourceRange());
  if (RT.empty())
    return RT;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = SM.getExpansionLoc(FnDecl->getReturnTypeSourceRange().getBegin());
  auto [FID, Off] = SM.getDecomposedLoc(B);
  StringRef Before = SM.getBufferData(FID).substr(0, Off);
  static const char *const Qualifiers[] = {"const", "volatile", "__const", "__const__",
                                           "__volatile__", "_Atomic"};
  while (true) {
    StringRef Trimmed = Before.rtrim();
    bool Found = false;
    for (const char *Q : Qualifiers)
      if (compat::endsWith(Trimmed, Q)) {
        StringRef Rest = Trimmed.drop_back(strlen(Q));
        if (!Rest.empty() && (llvm::isAlnum(Rest.back()) || Rest.back() == '_'))
          continue;
        RT = std::string(Q) + " " + RT;
        Before = Rest;
        Found = true;
        break;
      }
    if (!Found)
      return RT;
  }
}

std::string FunctionRewriter::header(bool Static, bool AllDescriptors) const {
  std::string RT = newReturnType();
  if (RT.empty())
    RT = returnTypeText();
  if (RT.empty())
    RT = FnDecl->getReturnType().getAsString(Ctx.getPrintingPolicy());
  std::vector<std::string> Params;
  for (unsigned S = 0; S < V.NumPoolParams; ++S) {
    PoolParamKind K = AllDescriptors ? PoolParamKind::Descriptor : slotKind(S);
    if (K == PoolParamKind::Descriptor) {
      Params.push_back("pc_pool *" + poolParamName(S));
      continue;
    }
    Params.push_back(std::string(K == PoolParamKind::ConstBase ? "const " : "") +
                     layoutType(*slotEncoding(S)) + " *" + poolParamName(S) + "_base");
  }
  // `__attribute__((unused))` kept on a parameter written again; one written after the
  // name is outside the parameter's source range, so it may be missing from its text.
  auto KeepUnused = [](const ParmVarDecl *PV, const std::string &Text) {
    bool Written = Text.find("unused)") != std::string::npos ||
                   Text.find("unused__)") != std::string::npos ||
                   Text.find("maybe_unused") != std::string::npos;
    return PV->hasAttr<UnusedAttr>() && !Written ? "__attribute__((unused)) " + Text : Text;
  };
  // Decl may be a declaration of the function in another unit, where its clone is
  // called (the parameters' cells are the definition's, by position).
  for (unsigned I = 0; I < FnDecl->getNumParams(); ++I) {
    const ParmVarDecl *PV = FnDecl->getParamDecl(I);
    int Ord = I < F.ParamStorage.size() ? F.ParamStorage[I] : -1;
    std::string NewDecl =
        Ord < 0 ? "" : storedDecl(PV->getType(), F.VarStorage[Ord].second, PV->getName().str());
    if (!NewDecl.empty()) {
      // A struct passed by value keeps its qualifiers (storedDecl leaves them to us).
      if (PV->getType()->isStructureType() && PV->getType().isConstQualified())
        NewDecl = "const " + NewDecl;
      Params.push_back(KeepUnused(PV, NewDecl));
      continue;
    }
    if (!FnDecl->hasWrittenPrototype()) {
      // An old-style definition (`f(list, key, n) struct node *list; int key, n;`): its
      // parameters' text is not a declaration (`n` alone, or an implicit int), and the
      // clone gets a prototype, so each is declared from its type.
      std::string Text;
      llvm::raw_string_ostream OS(Text);
      PV->getType().print(OS, Ctx.getPrintingPolicy(), PV->getName());
      Params.push_back(KeepUnused(PV, OS.str()));
      continue;
    }
    std::string Text = source(PV->getSourceRange());
    // A pointer to functions of an active FnPtrClass, its type spelled out.
    if (auto R = retypedFunctionType(Ctx, P, PV->getTypeSourceInfo())) {
      const SourceManager &SM = Ctx.getSourceManager();
      unsigned B =
          SM.getFileOffset(SM.getExpansionLoc(PV->getSourceRange().getBegin()));
      if (R->Begin >= B && R->End - B <= Text.size()) {
        Text.replace(R->Begin - B, R->End - R->Begin, R->Text);
        if (!R->RetText.empty() && R->RetBegin >= B && R->RetEnd <= R->Begin)
          Text.replace(R->RetBegin - B, R->RetEnd - R->RetBegin, R->RetText);
      }
    }
    Params.push_back(KeepUnused(PV, Text));
  }
  if (FnDecl->isVariadic())
    Params.push_back("...");
  if (Params.empty())
    Params.push_back("void");
  if (!compat::endsWith(StringRef(RT), "*"))
    RT += " ";
  return std::string(Static ? "static " : "") + RT +
         (AllDescriptors ? V.Name : nameOf(VersionIndex)) + "(" + llvm::join(Params, ", ") +
         ")";
}

} // namespace ptrcomp
