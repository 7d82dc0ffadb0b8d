//===- SkippedCode.cpp - #if branches not taken that name what changed ----===//
#include "SkippedCode.h"
#include "FilePaths.h"
#include "rewrite/GlobalVariable.h"
#include "rewrite/VersionView.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessingRecord.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace clang;
namespace ptrcomp {

SkippedCode::SkippedCode(ParsedProgram &Program) : Program(Program) {
  for (unsigned U = 0; U < Program.Units.size(); ++U) {
    ASTUnit &Unit = *Program.Units[U];
    const SourceManager &SM = Unit.getSourceManager();
    const PreprocessingRecord *Rec = Unit.getPreprocessor().getPreprocessingRecord();
    if (!Rec)
      continue;
    for (SourceRange R : const_cast<PreprocessingRecord *>(Rec)->getSkippedRanges()) {
      // From the # of the directive whose branch was skipped to its #else/#elif/#endif.
      SourceLocation B = R.getBegin(), E = R.getEnd();
      if (B.isInvalid() || E.isInvalid() || !B.isFileID() || SM.isInSystemHeader(B) ||
          SM.getFileID(E) != SM.getFileID(B))
        continue;
      Block Bl;
      Bl.Unit = U;
      Bl.File = SM.getFileID(B);
      Bl.Begin = SM.getFileOffset(B);
      Bl.End = SM.getFileOffset(E);
      StringRef Buf = SM.getBufferData(Bl.File);
      Lexer Lex(SM.getLocForStartOfFile(Bl.File), Unit.getLangOpts(), Buf.begin(),
                Buf.begin() + Bl.Begin, Buf.end());
      Token T;
      std::string Directive;
      bool DirectiveLine = true;
      while (true) {
        Lex.LexFromRawLexer(T);
        if (T.is(tok::eof))
          break;
        unsigned Off = SM.getFileOffset(T.getLocation());
        if (Off >= Bl.End)
          break;
        if (T.isAtStartOfLine() && Off > Bl.Begin)
          DirectiveLine = false;
        if (!T.is(tok::raw_identifier))
          continue;
        if (DirectiveLine) {
          if (Directive.empty())
            Directive = T.getRawIdentifier().str();
          continue;
        }
        Bl.Names.push_back({T.getRawIdentifier().str(), Off});
      }
      PresumedLoc PL = SM.getPresumedLoc(B);
      std::string Where = dsa::locationString(Unit.getASTContext(), B);
      Where = Where.substr(0, Where.rfind(':')); // file:line
      Bl.Label = "#" + (Directive.empty() ? std::string("if") : Directive) + " block at " +
                 (PL.isValid() ? Where : "?");
      if (!Bl.Names.empty())
        Blocks.push_back(std::move(Bl));
    }
  }
}

namespace {
/// Reads how one version represents its variables.
class VersionReader : public VersionView {
public:
  using VersionView::VersionView;
};

/// A name the transformation changes, and what became of it.
struct ChangedName {
  ChangedName() = default;
  ChangedName(std::string What, std::set<int> Pools)
      : What(std::move(What)), Pools(std::move(Pools)) {}
  std::string What;
  std::set<int> Pools;
  /// A local variable is only itself inside its function's body.
  bool Local = false;
  unsigned Unit = 0;
  FileID File;
  unsigned Begin = 0, End = 0;
};

std::string structTag(dsa::ProgramGraphs &PG, dsa::TypeId T) {
  StringRef Name = PG.Types.name(T);
  Name.consume_front("struct ");
  Name.consume_front("union ");
  return Name.str();
}
} // namespace

std::map<int, std::vector<std::string>>
SkippedCode::notes(dsa::ProgramGraphs &PG, const dsa::Plan &P, bool Planned) const {
  auto Tense = [&](const char *Done, const char *Planned_) {
    return std::string(Planned ? Planned_ : Done);
  };
  std::multimap<std::string, ChangedName> Names;
  auto Add = [&](const std::string &Name, ChangedName C) {
    if (!Name.empty() && !C.Pools.empty())
      Names.emplace(Name, std::move(C));
  };

  // Structs whose pointers become indices, their typedefs, and their fields that become
  // indices.
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    const dsa::Pool &Pl = P.Pools[I];
    if (!Pl.Indexed)
      continue;
    std::string Type = PG.Types.name(Pl.Struct);
    std::string Became = Pl.Compressed
                             ? Tense("which was compressed", "which would be compressed")
                             : Tense("whose pointers became 64-bit indices",
                                     "whose pointers would become 64-bit indices");
    Add(structTag(PG, Pl.Struct), {Type + ", " + Became, {int(I)}});
    for (auto &Unit : Program.Units) {
      ASTContext &Ctx = Unit->getASTContext();
      for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
        if (const auto *TD = dyn_cast<TypedefNameDecl>(D)) {
          QualType T = TD->getUnderlyingType().getCanonicalType();
          if (T->isPointerType())
            T = T->getPointeeType().getCanonicalType();
          if (T->isRecordType() && PG.Types.get(T.getUnqualifiedType(), Ctx) == Pl.Struct)
            Add(TD->getName().str(),
                {"typedef '" + TD->getName().str() + "' of " + Type + ", " + Became,
                 {int(I)}});
        }
        const auto *RD = dyn_cast<RecordDecl>(D);
        if (!RD || !RD->isThisDeclarationADefinition() || Pl.LayoutId < 0 ||
            PG.Types.get(Ctx.getRecordType(RD), Ctx) != Pl.Struct)
          continue;
        const dsa::Layout &L = P.Layouts[Pl.LayoutId];
        const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
        for (const FieldDecl *FD : RD->fields()) {
          uint64_t Off = RL.getFieldOffset(FD->getFieldIndex()) / 8;
          auto B = L.FieldBits.find(Off), A = L.FieldArrayBits.find(Off);
          if (B != L.FieldBits.end() && B->second)
            Add(FD->getName().str(),
                {"field '" + FD->getName().str() + "' of " + Type + ", " +
                     Tense("which became an index", "which would become an index"),
                 {int(I)}});
          else if (A != L.FieldArrayBits.end() && A->second)
            Add(FD->getName().str(),
                {"field '" + FD->getName().str() + "' of " + Type + ", " +
                     Tense("which now points to indices", "which would point to indices"),
                 {int(I)}});
        }
      }
    }
  }

  // Functions whose calls go to clones; variables that become indices.
  for (auto &[Key, F] : PG.Functions) {
    auto VIt = P.VersionsOf.find(F.Key);
    if (VIt == P.VersionsOf.end() || !F.Decl || !F.Decl->getBody())
      continue;
    std::vector<std::string> Clones;
    std::set<int> ClonePools;
    for (unsigned VI : VIt->second) {
      const dsa::FunctionVersion &V = P.Versions[VI];
      if (!V.changesSomething())
        continue;
      VersionReader View(PG, P, F, V);
      if (!V.IsOriginal) {
        Clones.push_back(V.Name);
        for (auto &KV : V.Nodes)
          for (int Pl : View.poolsOf(KV.second))
            ClonePools.insert(Pl);
      }
      const SourceManager &SM = F.Ctx->getSourceManager();
      for (const VarDecl *VD : F.Vars) {
        if (View.varDecl(VD).empty())
          continue;
        ChangedName C;
        C.What = "variable '" + VD->getName().str() + "' of '" + F.Name + "', " +
                 Tense("which became an index", "which would become an index");
        dsa::Cell Storage = F.VarStorage.lookup(VD);
        for (int Pl : View.poolsOf(View.encOfCell(F.Graph->edgeIfAny(Storage))))
          C.Pools.insert(Pl);
        C.Local = true;
        C.Unit = F.Unit;
        C.File = SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc()));
        C.Begin = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBody()->getBeginLoc()));
        C.End = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBody()->getEndLoc()));
        Add(VD->getName().str(), C);
      }
    }
    if (!Clones.empty())
      Add(F.Name, {"function '" + F.Name + "', " +
                       Tense("whose calls now go to ", "whose calls would go to ") +
                       llvm::join(Clones, ", "),
                   ClonePools});
  }
  for (auto &Unit : Program.Units) {
    ASTContext &Ctx = Unit->getASTContext();
    std::map<unsigned, unsigned> Starts = declarationStarts(Ctx);
    for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (const auto *VD = dyn_cast<VarDecl>(D);
          VD && !Ctx.getSourceManager().isInSystemHeader(VD->getLocation())) {
        GlobalRewrite G = rewriteGlobal(PG, P, VD, Starts);
        if (!G.Decl.empty() && G.Pool >= 0)
          Add(VD->getName().str(),
              {"variable '" + VD->getName().str() + "', " +
                   Tense("which became an index", "which would become an index"),
               {G.Pool}});
      }
  }

  // In the order of the blocks, each note once.
  std::map<int, std::vector<std::string>> Out;
  std::set<std::pair<int, std::string>> Seen;
  for (const Block &B : Blocks) {
    for (auto &[Name, Off] : B.Names) {
      auto [First, Last] = Names.equal_range(Name);
      for (auto It = First; It != Last; ++It) {
        const ChangedName &C = It->second;
        if (C.Local &&
            (C.Unit != B.Unit || C.File != B.File || Off < C.Begin || Off > C.End))
          continue;
        std::string Note = "skipped " + B.Label + " mentions " + C.What;
        for (int Pl : C.Pools)
          if (Seen.insert({Pl, Note}).second)
            Out[Pl].push_back(Note);
      }
    }
  }
  return Out;
}

} // namespace ptrcomp
