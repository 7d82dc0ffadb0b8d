//===- SkippedCode.cpp - #if branches not taken that name what changed ----===//
#include "SkippedCode.h"
#include "FilePaths.h"
#include "rewrite/GlobalVariable.h"
#include "rewrite/VersionView.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/RecordLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/PreprocessingRecord.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;
namespace ptrcomp {
namespace {

/// Reads how one version represents its variables.
class VersionReader : public VersionView {
public:
  using VersionView::VersionView;
};

std::string structTag(dsa::ProgramGraphs &PG, dsa::TypeId T) {
  StringRef Name = PG.Types.name(T);
  Name.consume_front("struct ");
  Name.consume_front("union ");
  return Name.str();
}

} // namespace

void skippedBlocks(ASTUnit &Unit, std::vector<SkippedBlock> &Blocks) {
  const SourceManager &SM = Unit.getSourceManager();
  const PreprocessingRecord *Rec = Unit.getPreprocessor().getPreprocessingRecord();
  if (!Rec)
    return;
  for (SourceRange R : const_cast<PreprocessingRecord *>(Rec)->getSkippedRanges()) {
    // From the # of the directive whose branch was skipped to its #else/#elif/#endif.
    SourceLocation B = R.getBegin(), E = R.getEnd();
    if (B.isInvalid() || E.isInvalid() || !B.isFileID() || SM.isInSystemHeader(B) ||
        SM.getFileID(E) != SM.getFileID(B))
      continue;
    SkippedBlock Bl;
    FileID File = SM.getFileID(B);
    Bl.File = realPathOf(SM, File);
    Bl.Begin = SM.getFileOffset(B);
    Bl.End = SM.getFileOffset(E);
    StringRef Buf = SM.getBufferData(File);
    Lexer Lex(SM.getLocForStartOfFile(File), Unit.getLangOpts(), Buf.begin(),
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

SkippedFragment skippedFragment(ASTUnit &AST, unsigned Unit, dsa::ProgramGraphs &PG,
                                const dsa::Plan &P, const std::set<std::string> &Wanted) {
  SkippedFragment Out;
  if (Wanted.empty())
    return Out; // no skipped code anywhere: nothing to note
  ASTContext &Ctx = AST.getASTContext();
  const SourceManager &SM = Ctx.getSourceManager();
  auto Name = [](std::string N, std::string Done, std::string Planned, std::set<int> Pools) {
    SkippedFragment::Name X;
    X.Name = std::move(N);
    X.Done = std::move(Done);
    X.Planned = std::move(Planned);
    X.Pools = std::move(Pools);
    return X;
  };

  // The typedefs of structs whose pointers become indices, and their fields that become
  // indices: per pool, in declaration order.
  std::map<dsa::TypeId, std::vector<unsigned>> PoolsOf; // struct -> indexed pools
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    if (dsa::PoolTable::Key K = P.Pools.key(I); K.Indexed)
      PoolsOf[K.Struct].push_back(I);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
    if (const auto *TD = dyn_cast<TypedefNameDecl>(D)) {
      if (!Wanted.count(TD->getName().str()))
        continue;
      QualType T = TD->getUnderlyingType().getCanonicalType();
      if (T->isPointerType())
        T = T->getPointeeType().getCanonicalType();
      if (!T->isRecordType())
        continue;
      auto It = PoolsOf.find(PG.Types.get(T.getUnqualifiedType(), Ctx));
      if (It == PoolsOf.end())
        continue;
      for (unsigned I : It->second) {
        const dsa::Pool &Pl = P.Pools[I];
        std::string What = "typedef '" + TD->getName().str() + "' of " +
                           PG.Types.name(Pl.Struct) + ", ";
        Out.PoolNames[int(I)].push_back(
            Name(TD->getName().str(),
                 What + (Pl.Compressed ? "which was compressed"
                                       : "whose pointers became 64-bit indices"),
                 What + (Pl.Compressed ? "which would be compressed"
                                       : "whose pointers would become 64-bit indices"),
                 {int(I)}));
      }
      continue;
    }
    const auto *RD = dyn_cast<RecordDecl>(D);
    if (!RD || !RD->isThisDeclarationADefinition())
      continue;
    bool AnyWanted = false;
    for (const FieldDecl *FD : RD->fields())
      AnyWanted |= Wanted.count(FD->getName().str()) > 0;
    if (!AnyWanted)
      continue;
    auto It = PoolsOf.find(PG.Types.get(Ctx.getRecordType(RD), Ctx));
    if (It == PoolsOf.end())
      continue;
    const ASTRecordLayout &RL = Ctx.getASTRecordLayout(RD);
    for (unsigned I : It->second) {
      const dsa::Pool &Pl = P.Pools[I];
      if (Pl.LayoutId < 0)
        continue;
      const dsa::Layout &L = P.Layouts[Pl.LayoutId];
      std::string Type = PG.Types.name(Pl.Struct);
      for (const FieldDecl *FD : RD->fields()) {
        if (!Wanted.count(FD->getName().str()))
          continue;
        uint64_t Off = RL.getFieldOffset(FD->getFieldIndex()) / 8;
        auto B = L.FieldBits.find(Off), A = L.FieldArrayBits.find(Off);
        std::string What = "field '" + FD->getName().str() + "' of " + Type + ", ";
        if (B != L.FieldBits.end() && B->second)
          Out.PoolNames[int(I)].push_back(Name(FD->getName().str(),
                                               What + "which became an index",
                                               What + "which would become an index", {int(I)}));
        else if (A != L.FieldArrayBits.end() && A->second)
          Out.PoolNames[int(I)].push_back(
              Name(FD->getName().str(), What + "which now points to indices",
                   What + "which would point to indices", {int(I)}));
      }
    }
  }

  // Functions whose calls go to clones; variables that become indices.
  for (dsa::FunctionGraph *FP : PG.functionsOf(Unit)) {
    dsa::FunctionGraph &F = *FP;
    const std::string &Key = F.Key;
    auto VIt = P.VersionsOf.find(F.Key);
    if (VIt == P.VersionsOf.end() || !F.Decl || !F.Decl->getBody())
      continue;
    std::vector<SkippedFragment::Name> &Names = Out.FunctionNames[Key];
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
      for (const VarDecl *VD : F.Vars) {
        if (!Wanted.count(VD->getName().str()) || View.varDecl(VD).empty())
          continue;
        std::string What = "variable '" + VD->getName().str() + "' of '" + F.Name + "', ";
        SkippedFragment::Name C = Name(VD->getName().str(), What + "which became an index",
                                       What + "which would become an index", {});
        dsa::Cell Storage = F.VarStorage.lookup(VD);
        for (int Pl : View.poolsOf(View.encOfCell(F.Graph->edgeIfAny(Storage))))
          C.Pools.insert(Pl);
        C.Local = true;
        C.File = realPathOf(SM, SM.getFileID(SM.getExpansionLoc(F.Decl->getBeginLoc())));
        C.Begin = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBody()->getBeginLoc()));
        C.End = SM.getFileOffset(SM.getExpansionLoc(F.Decl->getBody()->getEndLoc()));
        Names.push_back(std::move(C));
      }
    }
    if (!Clones.empty() && Wanted.count(F.Name)) {
      std::string What = "function '" + F.Name + "', ";
      std::string List = llvm::join(Clones, ", ");
      Names.push_back(Name(F.Name, What + "whose calls now go to " + List,
                           What + "whose calls would go to " + List, ClonePools));
    }
    if (Names.empty())
      Out.FunctionNames.erase(Key);
  }

  std::map<unsigned, unsigned> Starts = declarationStarts(Ctx);
  for (const Decl *D : Ctx.getTranslationUnitDecl()->decls())
    if (const auto *VD = dyn_cast<VarDecl>(D);
        VD && Wanted.count(VD->getName().str()) && !SM.isInSystemHeader(VD->getLocation())) {
      GlobalRewrite G = rewriteGlobal(PG, P, VD, Starts);
      if (!G.Decl.empty() && G.Pool >= 0) {
        std::string What = "variable '" + VD->getName().str() + "', ";
        Out.Globals.push_back(Name(VD->getName().str(), What + "which became an index",
                                   What + "which would become an index", {G.Pool}));
      }
    }
  return Out;
}

std::map<int, std::vector<std::string>>
skippedNotes(const std::vector<SkippedFragment> &Units, const std::vector<UnitFacts> &Facts,
             dsa::ProgramGraphs &PG, const dsa::Plan &P, bool Planned) {
  struct Changed {
    const SkippedFragment::Name *N;
    unsigned Unit;
  };
  std::multimap<std::string, Changed> Names;
  auto Add = [&](const SkippedFragment::Name &N, unsigned U) {
    if (!N.Name.empty() && !N.Pools.empty())
      Names.emplace(N.Name, Changed{&N, U});
  };
  // Structs whose pointers become indices, their typedefs and fields.
  std::vector<SkippedFragment::Name> Tags;
  Tags.reserve(P.Pools.size());
  // Each pool's names in the units, in unit order (one pass over the units: a
  // lookup per pool and unit would be quadratic in the program's size).
  std::map<int, std::vector<std::pair<unsigned, const std::vector<SkippedFragment::Name> *>>>
      UnitNamesOf;
  for (unsigned U = 0; U < Units.size(); ++U)
    for (auto &[Pool, Ns] : Units[U].PoolNames)
      UnitNamesOf[Pool].emplace_back(U, &Ns);
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    const dsa::Pool &Pl = P.Pools[I];
    if (!Pl.Indexed)
      continue;
    std::string Type = PG.Types.name(Pl.Struct);
    SkippedFragment::Name T;
    T.Name = structTag(PG, Pl.Struct);
    T.Done = Type + ", " + (Pl.Compressed ? "which was compressed"
                                          : "whose pointers became 64-bit indices");
    T.Planned = Type + ", " + (Pl.Compressed ? "which would be compressed"
                                             : "whose pointers would become 64-bit indices");
    T.Pools = {int(I)};
    Tags.push_back(std::move(T));
    Add(Tags.back(), 0);
    if (auto It = UnitNamesOf.find(int(I)); It != UnitNamesOf.end())
      for (auto &[U, Ns] : It->second)
        for (const SkippedFragment::Name &N : *Ns)
          Add(N, U);
  }
  for (auto &[Key, F] : PG.Functions)
    if (F.Unit < Units.size())
      if (auto It = Units[F.Unit].FunctionNames.find(Key);
          It != Units[F.Unit].FunctionNames.end())
        for (const SkippedFragment::Name &N : It->second)
          Add(N, F.Unit);
  for (unsigned U = 0; U < Units.size(); ++U)
    for (const SkippedFragment::Name &N : Units[U].Globals)
      Add(N, U);

  // In the order of the blocks, each note once.
  std::map<int, std::vector<std::string>> Out;
  std::set<std::pair<int, std::string>> Seen;
  for (unsigned U = 0; U < Facts.size(); ++U)
    for (const SkippedBlock &B : Facts[U].SkippedBlocks)
      for (auto &[Name, Off] : B.Names) {
        auto [First, Last] = Names.equal_range(Name);
        for (auto It = First; It != Last; ++It) {
          const SkippedFragment::Name &C = *It->second.N;
          if (C.Local && (It->second.Unit != U || C.File != B.File || Off < C.Begin ||
                          Off > C.End))
            continue;
          std::string Note =
              "skipped " + B.Label + " mentions " + (Planned ? C.Planned : C.Done);
          for (int Pl : C.Pools)
            if (Seen.insert({Pl, Note}).second)
              Out[Pl].push_back(Note);
        }
      }
  return Out;
}

} // namespace ptrcomp
