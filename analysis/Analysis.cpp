//===- Analysis.cpp - link the units, then run the passes in order --------===//
#include "ptrcomp/analysis/Analysis.h"
#include "LocalGraphs.h"
#include "Passes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"

using namespace clang;
namespace ptrcomp::dsa {

/// Top-level declarations of a unit, looking through `extern "C" { }` blocks.
template <typename Fn> static void forEachTopLevelDecl(DeclContext *DC, Fn F) {
  for (Decl *D : DC->decls()) {
    if (auto *LS = dyn_cast<LinkageSpecDecl>(D))
      forEachTopLevelDecl(LS, F);
    else
      F(D);
  }
}

/// Links the units: one FunctionGraph per function definition, by program-wide key.
static void collectFunctions(ProgramGraphs &PG, ArrayRef<ASTUnit *> Units) {
  // Externally visible globals with an initializer, by name: a second one in another file
  // is a link error (tentative definitions, `int x;`, may be common symbols: not checked).
  std::map<std::string, const VarDecl *> GlobalDefs;
  for (unsigned U = 0; U < Units.size(); ++U) {
    ASTContext &Ctx = Units[U]->getASTContext();
    forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
      if (auto *VD = dyn_cast<VarDecl>(D)) {
        if (VD->isInvalidDecl() || !VD->isExternallyVisible() ||
            VD->isThisDeclarationADefinition() != VarDecl::Definition)
          return;
        auto [It, New] = GlobalDefs.try_emplace(VD->getName().str(), VD);
        if (!New && &It->second->getASTContext() != &Ctx)
          PG.Errors.push_back({locationString(Ctx, VD->getLocation()),
                               "redefinition of '" + VD->getName().str() +
                                   "' in another file of the program",
                               locationString(It->second->getASTContext(),
                                              It->second->getLocation()),
                               "previous definition is here"});
        return;
      }
      auto *FD = dyn_cast<FunctionDecl>(D);
      if (!FD || !FD->doesThisDeclarationHaveABody() || FD->isInvalidDecl())
        return;
      // Functions defined in system headers (glibc's static inline __bswap_16, the
      // _FORTIFY_SOURCE and extern-inline wrappers of libc functions) are library code:
      // calls to them are external calls, modelled by name (LibcModel) or, for a function
      // the table does not know, making everything reachable from their arguments escape.
      // Nothing of the program is then planned to pass through code we may not rewrite.
      const SourceManager &SM = Ctx.getSourceManager();
      if (SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
        return;
      std::string Key = functionKey(FD);
      auto [It, New] = PG.Functions.try_emplace(Key);
      if (!New) {
        const FunctionDecl *Old = It->second.Decl;
        // C99 inline definitions may repeat across units; real definitions may not.
        if (!(FD->isInlined() && Old->isInlined()))
          PG.Errors.push_back({locationString(Ctx, FD->getLocation()),
                               "redefinition of '" + FD->getName().str() +
                                   "' in another file of the program",
                               locationString(Old->getASTContext(), Old->getLocation()),
                               "previous definition is here"});
        return;
      }
      FunctionGraph &F = It->second;
      F.Key = Key;
      F.Name = FD->getName().str();
      F.Decl = FD;
      F.Ctx = &Ctx;
      F.Unit = U;
      F.ExternallyVisible = FD->isExternallyVisible();
      if (F.Name == "main" && F.ExternallyVisible)
        PG.HasMain = true;
    });
  }
}

/// Builds the globals graph from the initializers; returns where each global is declared
/// (its definition when the program has one), for messages.
static std::map<std::string, std::string>
buildGlobals(ProgramGraphs &PG, ArrayRef<ASTUnit *> Units,
             std::vector<PointerToInteger> &PointersToIntegers) {
  PG.Globals = std::make_unique<DSGraph>(PG.Types);
  std::map<std::string, std::string> Locs;
  for (ASTUnit *U : Units) {
    ASTContext &Ctx = U->getASTContext();
    forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
      auto *VD = dyn_cast<VarDecl>(D);
      if (VD && !VD->isInvalidDecl()) {
        std::string &L = Locs[globalKey(VD)];
        if (L.empty() || VD->isThisDeclarationADefinition() == VarDecl::Definition)
          L = locationString(Ctx, VD->getLocation());
      }
      // Definitions of the program's own globals; declarations of library globals
      // (stdout, errno) enter the graphs where a function uses them.
      if (VD && !VD->isInvalidDecl() &&
          VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
          !Ctx.getSourceManager().isInSystemHeader(VD->getLocation()))
        buildGlobalInitializer(PG, Ctx, VD, &PointersToIntegers);
    });
  }
  return Locs;
}

/// A pointer cast to an integer may come back as a pointer through any integer cast to a
/// pointer: once the program has such a cast, the targets of all pointers cast to integers
/// join the objects integers point to (a pseudo-global, so that they meet program-wide).
using PointersToIntegers =
    std::vector<std::pair<FunctionGraph *, std::vector<PointerToInteger>>>;

static void linkIntegerPointers(ProgramGraphs &PG, std::vector<PointerToInteger> &GlobalP2I,
                                PointersToIntegers &P2I) {
  bool HasIntToPtr = PG.GlobalCells.count(IntegerMemoryKey);
  for (auto &KV : PG.Functions)
    HasIntToPtr |= KV.second.GlobalCells.count(IntegerMemoryKey) > 0;
  // With no integer ever cast back to a pointer, a pointer cast to an integer is only
  // looked at (hashed, compared, printed): its structure keeps its pools and the cast
  // reads the object's real address.
  if (!HasIntToPtr)
    return;
  PG.GlobalNames.emplace(IntegerMemoryKey, IntegerMemoryKey);
  auto Link = [](DSGraph &G, std::map<std::string, Cell> &Cells,
                 std::vector<PointerToInteger> &Ps) {
    if (Ps.empty())
      return;
    auto It = Cells.find(IntegerMemoryKey);
    if (It == Cells.end())
      It = Cells.emplace(IntegerMemoryKey, Cell{G.makeNode(Global), 0}).first;
    for (const PointerToInteger &P : Ps) {
      G.addFlags(P.Target, Unknown,
                 "unknown: pointer cast to integer at " + P.Loc +
                     " (and the program casts integers back to pointers)");
      G.merge(G.edge(It->second), P.Target);
    }
    It->second = G.resolve(It->second);
  };
  Link(*PG.Globals, PG.GlobalCells, GlobalP2I);
  for (auto &[F, Ps] : P2I)
    Link(*F->Graph, F->GlobalCells, Ps);
}

/// With no main, every externally visible function and global is an entry point for
/// code we cannot see; so is a function whose address reached such code.
static void markEntryPoints(ProgramGraphs &PG, const std::vector<std::string> &Escaped,
                            const std::map<std::string, std::string> &GlobalLocs) {
  auto MarkFormals = [](FunctionGraph &F, const std::string &Why) {
    std::vector<Cell> Roots(F.Formals.begin(), F.Formals.end());
    Roots.push_back(F.Ret);
    Roots.push_back(F.VarArgs);
    F.Graph->markReachable(Roots, Escapes, Why);
  };
  auto Where = [](FunctionGraph &F) {
    return " (defined at " + locationString(*F.Ctx, F.Decl->getLocation()) + ")";
  };
  for (const std::string &Key : Escaped) {
    FunctionGraph &F = *PG.function(Key);
    MarkFormals(F, "escapes: parameter of '" + F.Name +
                       "', whose address is passed to unseen code" + Where(F));
  }
  if (PG.HasMain)
    return;
  for (auto &[Key, F] : PG.Functions)
    if (F.ExternallyVisible)
      MarkFormals(F, "escapes: parameter of externally visible '" + F.Name +
                         "', and the program has no main" + Where(F));
  for (auto &[Key, C] : PG.GlobalCells)
    if (PG.GlobalNames[Key] == Key) { // externally visible globals are keyed by name
      auto It = GlobalLocs.find(Key);
      PG.Globals->markReachable(
          {C}, Escapes,
          "escapes: reachable from externally visible global '" + Key +
              "', and the program has no main" +
              (It == GlobalLocs.end() ? "" : " (declared at " + It->second + ")"));
    }
}

std::unique_ptr<ProgramGraphs> analyzeProgram(ArrayRef<ASTUnit *> Units) {
  auto PG = std::make_unique<ProgramGraphs>();
  collectFunctions(*PG, Units);
  if (!PG->Errors.empty())
    return PG;
  std::vector<PointerToInteger> GlobalP2I;
  std::map<std::string, std::string> GlobalLocs = buildGlobals(*PG, Units, GlobalP2I);
  PointersToIntegers P2I; // in key order
  for (auto &[Key, F] : PG->Functions) {
    std::vector<PointerToInteger> Ps;
    buildLocalGraph(*PG, *F.Ctx, F.Decl, F, &Ps);
    if (!Ps.empty())
      P2I.emplace_back(&F, std::move(Ps));
  }
  linkIntegerPointers(*PG, GlobalP2I, P2I);
  std::vector<std::string> Escaped = resolveCallTargets(*PG);
  PG->AddressEscaped.insert(Escaped.begin(), Escaped.end());
  classifyAllocationHooks(*PG);
  markEntryPoints(*PG, Escaped, GlobalLocs);
  runBottomUp(*PG);
  resolveGlobals(*PG);
  return PG;
}

} // namespace ptrcomp::dsa
