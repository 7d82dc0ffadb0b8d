//===- Analysis.cpp - link the units, then run the passes in order --------===//
#include "ptrcomp/analysis/Analysis.h"
#include "AddressIntegers.h"
#include "ptrcomp/Compat.h"
#include "LocalGraphs.h"
#include "SlotPointers.h"
#include "Passes.h"
#include "FunctionPointerTypes.h"
#include "ptrcomp/analysis/SharedStatics.h"
#include "ptrcomp/analysis/Summary.h"
#include "ptrcomp/analysis/ZeroValues.h"

#include <algorithm>

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/ASTUnit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

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

/// The unit's function definitions, by key (not those of system headers), and the
/// externally visible globals it initializes.
static void collectFunctions(UnitSummary &S, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
    if (auto *VD = dyn_cast<VarDecl>(D)) {
      // A second one in another file is a link error (tentative definitions, `int x;`,
      // may be common symbols: not checked).
      if (!VD->isInvalidDecl() && VD->isExternallyVisible() &&
          VD->isThisDeclarationADefinition() == VarDecl::Definition)
        S.InitializedGlobals.try_emplace(VD->getName().str(),
                                         locationString(Ctx, VD->getLocation()));
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
    if (SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
      return;
    std::string Key = functionKey(FD);
    auto [It, New] = S.Functions.try_emplace(Key);
    if (!New)
      return;
    FunctionGraph &F = It->second;
    F.Key = Key;
    F.Name = FD->getName().str();
    F.Decl = FD;
    F.Ctx = &Ctx;
    F.ExternallyVisible = FD->isExternallyVisible();
  });
}

/// Builds the unit's globals graph from its initializers, and where each global is
/// declared (its definition when the unit has one), for messages.
static void buildGlobals(ProgramGraphs &PG, UnitSummary &S, ASTContext &Ctx,
                         const llvm::DenseSet<const ValueDecl *> &Slots,
                         std::vector<PointerToInteger> &PointersToIntegers) {
  forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
    auto *VD = dyn_cast<VarDecl>(D);
    if (VD && !VD->isInvalidDecl()) {
      std::string Key = globalKey(VD);
      std::string &L = S.GlobalLocs[Key];
      // A tentative definition (`static struct node head;`) defines it too.
      bool Def = VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly;
      if (L.empty() || Def)
        L = locationString(Ctx, VD->getLocation());
      if (Def)
        S.GlobalLocDefined.insert(Key);
      if (Def && VD->getInit() && !isZeroInitializer(VD->getInit(), Ctx))
        S.GlobalsWithValues.insert(Key);
    }
    // A static local is defined where it is declared, as a global is (a pool may hold
    // it: Planner::poolVariables).
    if (auto *FD = dyn_cast<FunctionDecl>(D); FD && FD->doesThisDeclarationHaveABody() &&
                                               !FD->isInvalidDecl())
      for (const DeclStmt *DS : staticLocalDeclarations(FD))
        for (const Decl *X : DS->decls())
          if (const auto *Local = dyn_cast<VarDecl>(X);
              Local && Local->isStaticLocal() && !Local->isInvalidDecl()) {
            std::string Key = globalKey(Local);
            S.GlobalLocs[Key] = locationString(Ctx, Local->getLocation());
            S.GlobalLocDefined.insert(Key);
            if (Local->getInit() && !isZeroInitializer(Local->getInit(), Ctx))
              S.GlobalsWithValues.insert(Key);
          }
    // Definitions of the program's own globals; declarations of library globals
    // (stdout, errno) enter the graphs where a function uses them.
    if (VD && !VD->isInvalidDecl() &&
        VD->isThisDeclarationADefinition() != VarDecl::DeclarationOnly &&
        !Ctx.getSourceManager().isInSystemHeader(VD->getLocation()))
      buildGlobalInitializer(PG, Ctx, VD, Slots, &PointersToIntegers);
  });
}

std::unique_ptr<UnitSummary> summarizeUnit(ASTContext &Ctx) {
  auto S = std::make_unique<UnitSummary>();
  const SourceManager &SM = Ctx.getSourceManager();
  if (const FileEntry *FE = SM.getFileEntryForID(SM.getMainFileID())) {
    // Its real path, as the parser opened it (relative names are relative to the
    // compile command's directory, not ours).
    llvm::SmallString<256> Real(FE->tryGetRealPathName());
    if (Real.empty()) {
      Real = compat::fileName(SM, SM.getMainFileID());
      SM.getFileManager().makeAbsolutePath(Real);
    }
    S->MainFile = std::string(Real);
  }
  collectFunctions(*S, Ctx);
  for (const auto &KV : Ctx.Idents)
    if (compat::startsWith(KV.getKey(), "P_") || compat::startsWith(KV.getKey(), "ptrcomp_"))
      S->TakenNames.insert(KV.getKey().str());
  // The passes below write into a ProgramGraphs of this unit alone, whose parts become
  // the summary's.
  ProgramGraphs PG;
  PG.Globals = std::make_unique<DSGraph>(PG.Types);
  // Slot pointers are decided for the whole unit: a static global's uses are in any of
  // its functions.
  std::vector<const FunctionDecl *> Bodies;
  for (auto &KV : S->Functions)
    Bodies.push_back(KV.second.Decl);
  std::vector<const VarDecl *> Globals;
  forEachTopLevelDecl(Ctx.getTranslationUnitDecl(), [&](Decl *D) {
    if (auto *VD = dyn_cast<VarDecl>(D); VD && !VD->isInvalidDecl())
      Globals.push_back(VD);
  });
  llvm::DenseSet<const ValueDecl *> Slots = findSlotPointers(Ctx, Bodies, Globals);
  std::vector<PointerToInteger> GlobalP2I;
  buildGlobals(PG, *S, Ctx, Slots, GlobalP2I);
  for (const PointerToInteger &P : GlobalP2I)
    S->GlobalPointersToIntegers.emplace_back(P.Target, P.Loc);
  std::set<std::string> Defined;
  for (auto &[Key, F] : S->Functions) {
    Defined.insert(Key);
    std::vector<PointerToInteger> Ps;
    buildLocalGraph(PG, Ctx, F.Decl, F, Slots, &Ps);
    for (const PointerToInteger &P : Ps)
      S->FunctionPointersToIntegers[Key].emplace_back(P.Target, P.Loc);
    collectAddressIntegers(Ctx, F, S->AddressIntegers);
  }
  S->FunctionTypes = scanUnitFunctionTypes(Ctx, Defined);
  // The graphs refer to PG's table, which becomes the summary's.
  S->Types = std::move(PG.Types);
  std::vector<TypeId> Same(S->Types.numTypes());
  for (TypeId T = 0; T < Same.size(); ++T)
    Same[T] = T;
  S->Globals = std::move(PG.Globals);
  S->Globals->retype(S->Types, Same);
  for (auto &KV : S->Functions)
    KV.second.Graph->retype(S->Types, Same);
  S->GlobalCells = std::move(PG.GlobalCells);
  S->GlobalNames = std::move(PG.GlobalNames);
  S->GlobalTypes = std::move(PG.GlobalTypes);
  S->GlobalTypeDefined = std::move(PG.GlobalTypeDefined);
  S->Types.clearCache();
  return S;
}

/// Moves \p F's graph and facts to the program's type table.
static void retypeFunction(FunctionGraph &F, TypeTable &To, ArrayRef<TypeId> Map) {
  auto M = [&](TypeId &T) { T = T < Map.size() ? Map[T] : NoType; };
  F.Graph->retype(To, Map);
  for (TypeId &T : F.FormalTypes)
    M(T);
  M(F.RetType);
  for (CallSite &CS : F.Calls) {
    for (TypeId &T : CS.ArgTypes)
      M(T);
    M(CS.RetType);
    for (auto &KV : CS.ByteCovers)
      M(KV.second.Elem);
  }
  for (PointerFacts &P : F.ParamPointers)
    M(P.Pointee);
  M(F.RetPointer.Pointee);
  for (VarFacts &V : F.VarInfo)
    M(V.Struct);
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
  auto Where = [](FunctionGraph &F) { return " (defined at " + F.Loc + ")"; };
  // A weak definition that the link keeps may still be replaced by a strong one in
  // code ptrcomp cannot see: its callers may be calling that code.
  for (auto &[Key, F] : PG.Functions)
    if (F.Weak)
      MarkFormals(F, "escapes: parameter of '" + F.Name +
                         "', defined weak, which a definition in code ptrcomp cannot see "
                         "may replace" + Where(F));
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

std::unique_ptr<ProgramGraphs>
linkSummaries(std::vector<std::unique_ptr<UnitSummary>> Units,
              std::vector<std::vector<TypeId>> *TypeMaps) {
  auto PG = std::make_unique<ProgramGraphs>();
  // Functions by key (of an inline function defined in several units, the definition
  // of the unit that makes it external, else the first unit's), and the link errors:
  // real definitions in two units.
  std::map<std::string, std::string> InitializedAt; // name -> where
  // Each unit's functions, to retype them with that unit's type map (a scan of all
  // functions per unit would be quadratic in the program's size).
  std::vector<std::vector<FunctionGraph *>> FunctionsOfUnit(Units.size());
  for (unsigned U = 0; U < Units.size(); ++U) {
    UnitSummary &S = *Units[U];
    for (auto &[Name, Loc] : S.InitializedGlobals) {
      auto [It, New] = InitializedAt.try_emplace(Name, Loc);
      if (!New)
        PG->Errors.push_back({Loc,
                              "redefinition of '" + Name + "' in another file of the program",
                              It->second, "previous definition is here"});
    }
    for (auto &[Key, F] : S.Functions) {
      if (FunctionGraph *Old = PG->function(Key)) {
        // Which definition the link keeps: a strong one over a weak one, an external
        // one over inline ones that only their units see (C99 `inline`, gnu89 `extern
        // inline`); two external strong definitions are the link error.
        auto Rank = [](const FunctionGraph &G) {
          bool External = !G.Inline || G.InlineExternal;
          return External ? (G.Weak ? 1 : 2) : 0;
        };
        int New = Rank(F), Have = Rank(*Old);
        if (New == 2 && Have == 2) {
          PG->Errors.push_back({F.Loc,
                                "redefinition of '" + F.Name +
                                    "' in another file of the program",
                                Old->Loc, "previous definition is here"});
        } else if (New > Have) {
          // The unit with the external definition rewrites the function: the
          // external entries of its clones go there too.
          auto &Mine = FunctionsOfUnit[Old->Unit];
          Mine.erase(std::remove(Mine.begin(), Mine.end(), Old), Mine.end());
          *Old = std::move(F);
          Old->Unit = U;
          FunctionsOfUnit[U].push_back(Old);
        }
        continue;
      }
      FunctionGraph &New = PG->Functions[Key];
      New = std::move(F);
      New.Unit = U;
      FunctionsOfUnit[U].push_back(&New);
      if (New.Name == "main" && New.ExternallyVisible)
        PG->HasMain = true;
    }
  }
  if (!PG->Errors.empty())
    return PG;

  std::map<std::string, std::string> GlobalLocs;
  std::set<std::string> GlobalLocDefined;
  std::vector<PointerToInteger> GlobalP2I;
  for (unsigned U = 0; U < Units.size(); ++U) {
    UnitSummary &S = *Units[U];
    std::vector<TypeId> Map = PG->Types.import(S.Types);
    if (TypeMaps)
      TypeMaps->push_back(Map);
    for (FunctionGraph *F : FunctionsOfUnit[U])
      retypeFunction(*F, PG->Types, Map);
    // The globals graph: the first unit's is the program's; the others' are copied in,
    // and their globals unified with the program's of the same key.
    S.Globals->retype(PG->Types, Map);
    DSGraph::CloneMap CM;
    if (U == 0)
      PG->Globals = std::move(S.Globals);
    else
      PG->Globals->cloneAll(*S.Globals, CM);
    auto Mapped = [&](Cell C) {
      return U == 0 ? C : PG->Globals->mapped(*S.Globals, CM, C);
    };
    for (auto &[Key, C] : S.GlobalCells) {
      Cell New = Mapped(C);
      auto [It, Fresh] = PG->GlobalCells.try_emplace(Key, New);
      if (!Fresh)
        It->second = PG->Globals->merge(It->second, New);
    }
    for (auto &[C, Loc] : S.GlobalPointersToIntegers)
      GlobalP2I.push_back({Mapped(C), Loc});
    for (auto &[Key, Name] : S.GlobalNames)
      PG->GlobalNames.emplace(Key, Name);
    for (auto &[Key, T] : S.GlobalTypes) {
      bool Def = S.GlobalTypeDefined.count(Key);
      if (!PG->GlobalTypes.count(Key) || Def) {
        PG->GlobalTypes[Key] = T < Map.size() ? Map[T] : NoType;
        if (Def)
          PG->GlobalTypeDefined.insert(Key);
      }
    }
    for (auto &[Key, Loc] : S.GlobalLocs) {
      bool Def = S.GlobalLocDefined.count(Key);
      if (!GlobalLocs.count(Key) || (Def && !GlobalLocDefined.count(Key))) {
        GlobalLocs[Key] = Loc;
        if (Def)
          GlobalLocDefined.insert(Key);
      }
    }
    PG->UnitFunctionTypes.push_back(std::move(S.FunctionTypes));
    PG->TakenNames.insert(S.TakenNames.begin(), S.TakenNames.end());
    PG->GlobalsWithValues.insert(S.GlobalsWithValues.begin(), S.GlobalsWithValues.end());
  }
  for (const std::string &Key : GlobalLocDefined)
    PG->GlobalDefinitions[Key] = GlobalLocs[Key];
  for (auto &[Key, C] : PG->GlobalCells)
    C = PG->Globals->resolve(C);
  std::vector<AddressIntegerFacts> AddressIntegers;
  for (auto &U : Units)
    AddressIntegers.push_back(std::move(U->AddressIntegers));
  applyAddressIntegers(*PG, AddressIntegers);
  PointersToIntegers P2I; // in key order
  for (auto &[Key, F] : PG->Functions) {
    auto &Per = Units[F.Unit]->FunctionPointersToIntegers;
    auto It = Per.find(Key);
    if (It == Per.end())
      continue;
    std::vector<PointerToInteger> Ps;
    for (auto &[C, Loc] : It->second)
      Ps.push_back({C, Loc});
    P2I.emplace_back(&F, std::move(Ps));
  }
  Units.clear();

  // Objects whose addresses the program turns into integers keep malloc's alignment.
  for (const PointerToInteger &P : GlobalP2I)
    PG->Globals->addFlags(P.Target, AddressInteger,
                          "address: converted to an integer at " + P.Loc);
  for (auto &[F, Ps] : P2I)
    for (const PointerToInteger &P : Ps)
      F->Graph->addFlags(P.Target, AddressInteger,
                         "address: converted to an integer at " + P.Loc);
  linkIntegerPointers(*PG, GlobalP2I, P2I);
  std::vector<std::string> Escaped = resolveCallTargets(*PG);
  PG->AddressEscaped.insert(Escaped.begin(), Escaped.end());
  classifyAllocationHooks(*PG);
  markEntryPoints(*PG, Escaped, GlobalLocs);
  runBottomUp(*PG);
  resolveGlobals(*PG);
  PG->indexUnits();
  return PG;
}

std::unique_ptr<ProgramGraphs> analyzeProgram(ArrayRef<ASTUnit *> Units) {
  std::vector<std::unique_ptr<UnitSummary>> Summaries;
  for (ASTUnit *U : Units)
    Summaries.push_back(summarizeUnit(U->getASTContext()));
  return linkSummaries(std::move(Summaries));
}

llvm::Error attachUnit(ProgramGraphs &PG, unsigned Unit, ASTContext &Ctx) {
  std::unique_ptr<UnitSummary> Fresh = summarizeUnit(Ctx);
  for (FunctionGraph *FP : PG.functionsOf(Unit)) {
    FunctionGraph &F = *FP;
    const std::string &Key = F.Key;
    auto It = Fresh->Functions.find(Key);
    bool Same = It != Fresh->Functions.end();
    if (Same) {
      FunctionGraph &N = It->second;
      Same = N.Calls.size() == F.Calls.size() &&
             F.VarStorage.attachKeys(N.VarStorage.keys()) &&
             F.ExprCells.attachKeys(N.ExprCells.keys());
      if (Same) {
        for (unsigned I = 0; I < F.Calls.size(); ++I)
          F.Calls[I].Call = N.Calls[I].Call;
        F.Decl = N.Decl;
        F.Ctx = N.Ctx;
        F.Vars = std::move(N.Vars);
        F.AddressTaken = std::move(N.AddressTaken);
      }
    }
    if (!Same)
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "'" + F.Name + "' (" + F.Loc +
                                         ") is not what was summarized: the file "
                                         "changed since");
  }
  PG.Types.forgetContext(&Ctx); // (a context freed earlier may have had its address)
  return llvm::Error::success();
}

void detachUnit(ProgramGraphs &PG, unsigned Unit, const ASTContext &Ctx) {
  for (FunctionGraph *FP : PG.functionsOf(Unit)) {
    FunctionGraph &F = *FP;
    F.Decl = nullptr;
    F.Ctx = nullptr;
    F.VarStorage.clearKeys();
    F.ExprCells.clearKeys();
    std::vector<const VarDecl *>().swap(F.Vars);
    llvm::DenseSet<const VarDecl *>().swap(F.AddressTaken);
    for (CallSite &CS : F.Calls)
      CS.Call = nullptr;
  }
  PG.Types.forgetContext(&Ctx);
}

} // namespace ptrcomp::dsa
