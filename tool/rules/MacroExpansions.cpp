//===- MacroExpansions.cpp - what a use written as its expansion cannot keep ===//
#include "MacroExpansions.h"
#include "Counter.h"
#include "../rewrite/MacroBodies.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/CodeChildren.h"
#include "llvm/ADT/STLExtras.h"

#include <set>

using namespace clang;
namespace ptrcomp::rules {

/// The first GNU local label (`__label__ done;`) declared in \p S.
static const LabelDecl *localLabel(const Stmt *S) {
  auto Local = [](const Decl *D) {
    const auto *LD = dyn_cast<LabelDecl>(D);
    return LD && LD->isGnuLocal() ? LD : nullptr;
  };
  const Stmt *Found = firstInCode(S, [&](const Stmt *X) {
    const auto *DS = dyn_cast<DeclStmt>(X);
    return DS && llvm::any_of(DS->decls(), Local);
  });
  if (!Found)
    return nullptr;
  for (const Decl *D : cast<DeclStmt>(Found)->decls())
    if (const LabelDecl *LD = Local(D))
      return LD;
  return nullptr;
}

std::string expansionProblem(const VersionView &V, const Stmt *Root) {
  if (const LabelDecl *LD = localLabel(Root)) {
    const SourceManager &SM = V.context().getSourceManager();
    return "the macro use at " +
           dsa::locationString(V.context(), SM.getExpansionLoc(Root->getBeginLoc())) +
           " would be written as its expansion, which cannot keep its local label '" +
           LD->getName().str() + "' (__label__)";
  }
  return "";
}

/// What of the code at \p Root clang's printer would not write back as the compiler saw
/// it, or "". The expansion is printed from the AST, which has lost what the
/// preprocessor did and keeps some things only as the compiler's own spelling:
/// - a declaration's `extern`, `_Thread_local` or attributes (cleanup, aligned, unused);
/// - a name that is a macro where the use is written (`#define f(x) (n++, f(x))` in a
///   macro's body: printed, `f(...)` would expand again);
/// - `_Pragma` and compiler-identifying macros (`__GNUC__`, `__clang__`) in the macros
///   expanded, whose effects or values are clang's;
/// - calls clang makes of `<stdatomic.h>` and `<tgmath.h>` (`__c11_atomic_*`, `__tg_*`,
///   overloadable functions), which other compilers do not know;
/// - a string with `??` (a trigraph to some compilers) or the bytes 1 and 2.
static std::string unprintableCode(const VersionView &V, const Stmt *Root,
                                   const Preprocessor *PP) {
  const ASTContext &Ctx = V.context();
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Use = SM.getExpansionLoc(Root->getBeginLoc());
  // Its macro history is only read (the query is not const in clang).
  auto *MacrosOf = const_cast<Preprocessor *>(PP);
  auto IsMacroAtUse = [&](StringRef Name) {
    if (!PP || Name.empty())
      return false;
    const IdentifierInfo *II = PP->getIdentifierInfo(Name);
    if (!II || !II->hadMacroDefinition())
      return false;
    const MacroInfo *MI = MacrosOf->getMacroDefinitionAtLoc(II, Use).getMacroInfo();
    // `#define stderr stderr` (glibc) expands to the name itself.
    return MI && !(MI->isObjectLike() && MI->getNumTokens() == 1 &&
                   MI->getReplacementToken(0).getIdentifierInfo() == II);
  };
  CharSourceRange Whole = SM.getExpansionRange(Root->getSourceRange());
  bool OneLine = SM.getPresumedLineNumber(Whole.getBegin()) ==
                 SM.getPresumedLineNumber(Whole.getEnd());
  std::string Why;
  auto Check = [&](const Stmt *X) {
    bool Printed = V.macroBodies().inBody(X);
    if (isa<AtomicExpr>(X) && Printed) {
      Why = "uses <stdatomic.h>, which the expansion would write as clang's builtins";
      return true;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(X); DS && Printed)
      for (const Decl *D : DS->decls()) {
        const auto *VD = dyn_cast<VarDecl>(D);
        if (!VD)
          continue;
        if (VD->getStorageClass() == SC_Extern || VD->getTSCSpec() != TSCS_unspecified)
          Why = "declares '" + VD->getName().str() + "' " +
                (VD->getStorageClass() == SC_Extern ? "extern" : "thread-local");
        else if (llvm::any_of(VD->attrs(), [](const Attr *A) { return !A->isImplicit(); }))
          Why = "declares '" + VD->getName().str() + "' with an attribute";
        else if (IsMacroAtUse(VD->getName()))
          Why = "declares '" + VD->getName().str() + "', a macro where the use is";
        if (!Why.empty())
          return true;
      }
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X); DRE && Printed &&
        IsMacroAtUse(DRE->getDecl()->getName())) {
      Why = "names '" + DRE->getDecl()->getName().str() +
            "', which is a macro where the use is written";
      return true;
    }
    if (const auto *ME = dyn_cast<MemberExpr>(X); ME && Printed &&
        IsMacroAtUse(ME->getMemberDecl()->getName())) {
      Why = "names member '" + ME->getMemberDecl()->getName().str() +
            "', which is a macro where the use is written";
      return true;
    }
    if (const auto *CE = dyn_cast<CallExpr>(X); CE && Printed)
      if (const FunctionDecl *F = CE->getDirectCallee()) {
        StringRef N = F->getName();
        if (compat::startsWith(N, "__c11_") || compat::startsWith(N, "__tg_") ||
            F->hasAttr<OverloadableAttr>()) {
          Why = "calls '" + N.str() + "', clang's own spelling of a library macro";
          return true;
        }
      }
    if (const auto *SL = dyn_cast<StringLiteral>(X); SL && SL->getCharByteWidth() == 1) {
      StringRef B = SL->getBytes();
      if (B.contains("??") || B.contains('\x01') || B.contains('\x02')) {
        Why = "holds a string that the expansion cannot write as it is";
        return true;
      }
    }
    return false;
  };
  if (firstInCode(Root, Check))
    return Why;
  // The macros expanded, by their tokens (a few levels deep).
  if (!PP)
    return "";
  std::vector<const MacroInfo *> Work;
  std::set<const MacroInfo *> Seen;
  auto Add = [&](const IdentifierInfo *II) {
    if (!II || !II->hadMacroDefinition())
      return;
    if (const MacroInfo *MI = MacrosOf->getMacroDefinitionAtLoc(II, Use).getMacroInfo())
      if (Seen.insert(MI).second && Seen.size() < 200)
        Work.push_back(MI);
  };
  Add(PP->getIdentifierInfo(V.macroBodies().macroName(Root)));
  if (!OneLine) {
    // A macro named in the use's arguments that expands __LINE__ (`LN()`): the
    // argument's text moves to the use's first line.
    FileRange Inv = V.macroBodies().invocation(Root);
    StringRef Buf = SM.getBufferData(SM.getFileID(Use));
    StringRef Text = Buf.substr(Inv.first, Inv.second - Inv.first);
    Text = Text.drop_until([](char C) { return C == '('; }); // the arguments
    std::set<const MacroInfo *> Named;
    std::vector<const MacroInfo *> Todo;
    for (size_t I = 0; I < Text.size();) {
      if (!isAsciiIdentifierStart(Text[I])) {
        ++I;
        continue;
      }
      size_t J = I;
      while (J < Text.size() && isAsciiIdentifierContinue(Text[J]))
        ++J;
      if (const IdentifierInfo *II = PP->getIdentifierInfo(Text.slice(I, J));
          II && II->hadMacroDefinition())
        if (const MacroInfo *MI = MacrosOf->getMacroDefinitionAtLoc(II, Use).getMacroInfo())
          if (Named.insert(MI).second)
            Todo.push_back(MI);
      I = J;
    }
    while (!Todo.empty() && Named.size() < 200) {
      const MacroInfo *MI = Todo.back();
      Todo.pop_back();
      for (const Token &T : MI->tokens())
        if (const IdentifierInfo *II = T.getIdentifierInfo()) {
          if (II->getName() == "__LINE__")
            return "names a macro in its arguments that expands __LINE__, whose line the "
                   "expansion, written on one line, would change";
          if (II->hadMacroDefinition())
            if (const MacroInfo *M2 =
                    MacrosOf->getMacroDefinitionAtLoc(II, Use).getMacroInfo())
              if (Named.insert(M2).second)
                Todo.push_back(M2);
        }
    }
  }
  // __LINE__ passed to another macro (`ID(__LINE__)`) in a use spread over lines: the
  // printer gives PC_RT_LINE (the line each compiler counts) only to one expanded
  // directly in a body.
  auto IsFunctionMacro = [&](const IdentifierInfo *II) {
    if (!II || !II->hadMacroDefinition())
      return false;
    const MacroInfo *MI = MacrosOf->getMacroDefinitionAtLoc(II, Use).getMacroInfo();
    return MI && MI->isFunctionLike();
  };
  while (!Work.empty()) {
    const MacroInfo *MI = Work.back();
    Work.pop_back();
    unsigned InCall = 0, Depth = 0;
    const IdentifierInfo *Prev = nullptr;
    for (const Token &T : MI->tokens()) {
      if (T.is(tok::l_paren)) {
        if (InCall || IsFunctionMacro(Prev))
          ++InCall;
        ++Depth;
      } else if (T.is(tok::r_paren) && Depth) {
        --Depth;
        if (InCall)
          --InCall;
      }
      const IdentifierInfo *II = T.getIdentifierInfo();
      Prev = II;
      if (!II)
        continue;
      StringRef N = II->getName();
      if (N == "__LINE__" && InCall && !OneLine)
        return "passes __LINE__ to another macro in a use spread over lines, whose "
               "expansion, written on one line, would count another line";
      if (N == "_Pragma" || N == "__GNUC__" || N == "__GNUC_MINOR__" ||
          N == "__GNUC_PATCHLEVEL__" || N == "__clang__" || N == "__clang_major__" ||
          N == "__clang_minor__" || N == "__VERSION__")
        return "expands " + N.str() + " (through macro '" +
               V.macroBodies().macroName(Root) +
               "'), which the expansion would write as clang sees it";
      Add(II);
    }
  }
  return "";
}

std::vector<std::string> expansionReasons(const VersionView &V, const Stmt *Root,
                                          const Preprocessor *PP) {
  std::vector<std::string> Out;
  // A use written as its expansion prints __COUNTER__'s values as numbers.
  if (std::string Why = counterProblem(V, Root, false, PP); !Why.empty())
    Out.push_back(Why);
  if (std::string Why = expansionProblem(V, Root); !Why.empty())
    Out.push_back(Why);
  if (std::string Why = unprintableCode(V, Root, PP); !Why.empty()) {
    const SourceManager &SM = V.context().getSourceManager();
    Out.push_back("the macro use at " +
                  dsa::locationString(V.context(), SM.getExpansionLoc(Root->getBeginLoc())) +
                  " would be written as its expansion, but its code " + Why);
  }
  return Out;
}

std::string macroBodyEditReason(const VersionView &V, const Stmt *S) {
  if (V.macroBodies().rootOf(S))
    return "";
  if (std::string Why = V.macroBodies().problem(S); !Why.empty())
    return Why;
  return "used inside a macro at " + dsa::locationString(V.context(), S->getBeginLoc());
}

} // namespace ptrcomp::rules
