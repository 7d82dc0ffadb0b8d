//===- SharedStatics.cpp - one set of static locals for a function's versions -===//
#include "SharedStatics.h"

#include "ptrcomp/analysis/SharedStatics.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
namespace ptrcomp {

/// Whether \p S reads or writes \p VD where it is evaluated (not only in `sizeof`,
/// `_Alignof` or `_Generic`'s controlling expression).
static bool evaluatedUse(const Stmt *S, const VarDecl *VD) {
  if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == VD;
  if (const auto *G = dyn_cast<GenericSelectionExpr>(S))
    return evaluatedUse(G->getResultExpr(), VD);
  for (const Stmt *C : S->children())
    if (evaluatedUse(C, VD))
      return true;
  return false;
}

SharedStatics::SharedStatics(const SourceManager &SM, const FunctionDecl *FD, StringRef Buf)
    : Buf(Buf) {
  const LangOptions &LO = FD->getASTContext().getLangOpts();
  for (const DeclStmt *DS : dsa::staticLocalDeclarations(FD)) {
    CharSourceRange R = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(DS->getSourceRange()), SM, LO);
    if (R.isInvalid())
      continue; // the analysis kept such a function to one version
    unsigned B = SM.getFileOffset(R.getBegin()), E = SM.getFileOffset(R.getEnd());
    // A declaration alone on its line leaves an empty line (the line count stays).
    unsigned CutB = B, CutE = E;
    StringRef After = Buf.substr(E).take_until([](char C) { return C == '\n'; });
    if (After.rtrim(" \t\r").empty()) {
      CutE = E + After.rtrim("\r").size();
      while (CutB > 0 && (Buf[CutB - 1] == ' ' || Buf[CutB - 1] == '\t'))
        --CutB;
      if (CutB > 0 && Buf[CutB - 1] != '\n')
        CutB = B;
    }
    // At file scope, a static named only in `sizeof` is "not needed" (clang's
    // -Wunneeded-internal-declaration), which it was not inside the function.
    bool Unevaluated = false;
    for (const Decl *D : DS->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D))
        Unevaluated |= !evaluatedUse(FD->getBody(), VD);
    Decls.push_back({B, E, CutB, CutE, std::nullopt, Unevaluated});
  }
}

std::vector<TextEdit> SharedStatics::takeOut(const std::vector<TextEdit> &Edits) {
  std::vector<TextEdit> Out;
  std::vector<std::vector<const TextEdit *>> Inside(Decls.size());
  for (const TextEdit &E : Edits) {
    bool In = false;
    for (size_t I = 0; I < Decls.size(); ++I)
      if (E.Offset >= Decls[I].Begin && E.Offset + E.Length <= Decls[I].End) {
        Inside[I].push_back(&E);
        In = true;
      }
    if (!In)
      Out.push_back(E);
  }
  for (size_t I = 0; I < Decls.size(); ++I) {
    Declaration &D = Decls[I];
    if (!Inside[I].empty()) {
      // Its text with this version's edits (outermost first; the same in every version).
      std::stable_sort(Inside[I].begin(), Inside[I].end(),
                       [](const TextEdit *A, const TextEdit *B) {
                         return A->Offset < B->Offset ||
                                (A->Offset == B->Offset && A->Length > B->Length);
                       });
      std::string Text;
      unsigned At = D.Begin;
      for (const TextEdit *E : Inside[I]) {
        if (E->Offset < At)
          continue;
        Text += Buf.slice(At, E->Offset).str() + E->Text;
        At = E->Offset + E->Length;
        Pools.insert(E->Pools.begin(), E->Pools.end());
      }
      D.Text = Text + Buf.slice(At, D.End).str();
    }
    Out.push_back({D.CutBegin, D.CutEnd - D.CutBegin, "", {}});
  }
  return Out;
}

std::pair<std::string, TextOrigins> SharedStatics::declarations(StringRef Function) const {
  std::string Text = "/* ptrcomp: the static locals of '" + Function.str() +
                     "', shared by its versions */\n";
  TextOrigins Origins{{0, Decls.empty() ? 0 : Decls.front().Begin, 0, false}};
  for (const Declaration &D : Decls) {
    std::string T = D.Text.value_or(Buf.slice(D.Begin, D.End).str());
    bool Copy = T == Buf.slice(D.Begin, D.End);
    if (D.Unevaluated) {
      Origins.push_back({unsigned(Text.size()), D.Begin, 0, false});
      Text += "__attribute__((unused)) ";
    }
    Origins.push_back({unsigned(Text.size()), D.Begin, Copy ? 0 : D.End - D.Begin, Copy});
    Text += T;
    Origins.push_back({unsigned(Text.size()), D.End, 0, false});
    Text += "\n";
  }
  return {Text, Origins};
}

} // namespace ptrcomp
