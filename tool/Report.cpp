//===- Report.cpp ---------------------------------------------------------===//
#include "Report.h"

#include "clang/AST/Decl.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"

#include <map>

#include <set>

using namespace llvm;
namespace ptrcomp {
namespace {

using Entry = ReportEntry;

/// "file:line:col" -> (file, line, col); false when it is not one.
bool splitLocation(StringRef S, std::string &File, unsigned &Line, unsigned &Col) {
  auto [Rest, ColS] = S.rsplit(':');
  auto [FileS, LineS] = Rest.rsplit(':');
  if (FileS.empty() || LineS.getAsInteger(10, Line) || ColS.getAsInteger(10, Col))
    return false;
  File = FileS.str();
  return true;
}

/// The function each allocation site is in: the call's own function when the site is a
/// call ptrcomp recorded, else the function whose body spans it.
class SiteFunctions {
public:
  explicit SiteFunctions(dsa::ProgramGraphs &PG) {
    for (auto &[Key, F] : PG.Functions) {
      for (const dsa::CallSite &CS : F.Calls)
        ByCall.emplace(CS.Loc, F.Name);
      if (!F.Decl || !F.Ctx)
        continue;
      Span S;
      unsigned C;
      std::string EndFile;
      if (splitLocation(dsa::locationString(*F.Ctx, F.Decl->getBeginLoc()), S.File,
                        S.First, C) &&
          splitLocation(dsa::locationString(*F.Ctx, F.Decl->getEndLoc()), EndFile, S.Last,
                        C) &&
          EndFile == S.File) {
        S.Name = F.Name;
        Spans.push_back(S);
      }
    }
  }
  std::string operator()(const std::string &Site) const {
    if (auto It = ByCall.find(Site); It != ByCall.end())
      return It->second;
    std::string File;
    unsigned Line, Col;
    if (splitLocation(Site, File, Line, Col))
      for (const Span &S : Spans)
        if (S.File == File && S.First <= Line && Line <= S.Last)
          return S.Name;
    return "?";
  }

private:
  struct Span {
    std::string File, Name;
    unsigned First = 0, Last = 0;
  };
  std::map<std::string, std::string> ByCall;
  std::vector<Span> Spans;
};

std::vector<std::string> functionsOf(const SiteFunctions &Fn,
                                     const std::vector<std::string> &Sites) {
  std::set<std::string> Names;
  for (const std::string &S : Sites)
    Names.insert(Fn(S));
  return {Names.begin(), Names.end()};
}

ReportEntry::Hook hookEntry(const dsa::HookCall &H, const std::string &Decision) {
  ReportEntry::Hook Out{H.Hook, H.Targets, Decision};
  for (std::string &T : Out.Targets)
    if (T.empty())
      T = "(unseen code)";
  return Out;
}

/// The hooks of each pool: the calls the rewriter turns into pool operations, read
/// through every version as it reads them (the object a hook call allocates or frees is
/// pooled there).
std::map<int, std::set<ReportEntry::Hook>> poolHooks(dsa::ProgramGraphs &PG,
                                                     const dsa::Plan &P) {
  std::map<int, std::set<ReportEntry::Hook>> Out;
  for (const dsa::FunctionVersion &V : P.Versions) {
    dsa::FunctionGraph &F = *PG.function(V.Function);
    for (const dsa::CallSite &CS : F.Calls) {
      if (!CS.Hook || CS.Hook->Allocator.empty())
        continue;
      const dsa::HookCall &H = *CS.Hook;
      bool Frees = H.Allocator == "free";
      dsa::Cell C = Frees ? (H.ArgOf.front() < CS.Args.size() ? CS.Args[H.ArgOf.front()]
                                                              : dsa::Cell())
                          : CS.Ret;
      C = F.Graph->resolve(C);
      dsa::NodeEncoding E = C.isNull() ? dsa::NodeEncoding() : V.Nodes.lookup(C.Node);
      if (!E.isPooled())
        continue;
      ReportEntry::Hook Entry =
          hookEntry(H, Frees                      ? "pool free"
                       : H.Allocator == "realloc" ? "pool reallocation"
                                                  : "pool allocation");
      if (E.Source == dsa::NodeEncoding::Param) {
        for (int Pl : V.ParamPools[E.Slot])
          Out[Pl].insert(Entry);
      } else {
        Out[E.Pool].insert(Entry);
      }
    }
  }
  return Out;
}

} // namespace

std::vector<ReportEntry>
reportEntries(dsa::ProgramGraphs &PG, const dsa::Plan &P,
              const std::vector<LayoutOrder> *Layouts, const PoolNotes &Notes) {
  std::vector<Entry> Out;
  SiteFunctions Fn(PG);
  auto Graph = [&](const dsa::NodeRef &R) -> dsa::DSGraph & {
    return R.Owner.empty() ? *PG.Globals : *PG.function(R.Owner)->Graph;
  };
  std::map<int, std::set<ReportEntry::Hook>> PoolHooks = poolHooks(PG, P);
  // Structures left unchanged: the hook calls that are their allocation sites.
  std::map<std::string, const dsa::HookCall *> HookAt;
  for (auto &[Key, F] : PG.Functions)
    for (const dsa::CallSite &CS : F.Calls)
      if (CS.Hook && !CS.Ret.isNull())
        HookAt.emplace(CS.Loc, &*CS.Hook);
  // The clones that receive each pool (once for all pools: per pool, a scan of
  // every version would be quadratic in the program's size).
  std::map<int, std::set<std::string>> ClonesOf;
  for (const dsa::FunctionVersion &V : P.Versions)
    for (const std::set<int> &S : V.ParamPools)
      for (int Pool : S)
        ClonesOf[Pool].insert(V.Name);
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    const dsa::Pool &Pl = P.Pools[I];
    Entry E;
    E.Type = PG.Types.name(Pl.Struct);
    E.Pool = Pl.Name;
    E.Owner = Pl.OwnerName.empty() ? "(global)" : Pl.OwnerName;
    E.Sites = Pl.AllocSites;
    E.AllocFunctions = functionsOf(Fn, E.Sites);
    E.Indexed = Pl.Indexed;
    E.Compressed = Pl.Compressed;
    E.Bits = Pl.Indexed ? Pl.Bits : 0;
    E.ThreadSafe = Pl.ThreadSafe;
    E.ThreadWhy = Pl.ThreadWhy;
    for (const dsa::Pool::Variable &Var : Pl.Variables) {
      // A static local's key is "function::name:location" (dsa::globalKey).
      llvm::StringRef Static = llvm::StringRef(Var.Key).split("::").first;
      if (Static.size() != Var.Key.size())
        Static = Static.split('@').first;
      E.MovedIn.push_back(
          (Var.Local ? "local '" + Var.Name + "' of " + Var.Function
           : Static.size() != Var.Key.size()
               ? "static local '" + Var.Name + "' of " + Static.str()
               : "global '" + Var.Name + "'") +
          " (" + Var.Loc + ")");
    }
    if (auto It = Notes.find(I); It != Notes.end())
      E.Notes = It->second;
    if (!Pl.Merged.empty())
      E.Notes.push_back(
          "one pool for " + std::to_string(Pl.Merged.size() + 1) +
          " structures of these allocation sites that '" + E.Owner +
          "' creates (each lives as long as the others; in one pool, as with "
          "malloc, memory that one frees serves the others)");
    if (auto It = ClonesOf.find(I); It != ClonesOf.end())
      E.Clones.assign(It->second.begin(), It->second.end());
    if (Layouts && Pl.LayoutId >= 0 &&
        unsigned(Pl.LayoutId) < Layouts->size()) {
      const LayoutOrder &LO = (*Layouts)[Pl.LayoutId];
      E.Layout = dsa::layoutTypeName(P.Layouts[Pl.LayoutId]);
      E.SizeBefore = LO.SizeBefore;
      E.SizeAfter = LO.SizeBefore ? LO.SizeAfter : 0;
      E.Reordered = LO.Reordered;
      E.OrderKept = LO.KeptBecause;
      E.SizeIfReordered = LO.SizeIfReordered;
    } else if (Layouts && Pl.Struct &&
               PG.Types.info(Pl.Struct).K == dsa::TypeInfo::Struct) {
      // The objects keep their type.
      E.SizeBefore = E.SizeAfter = PG.Types.size(Pl.Struct);
    }
    if (auto It = PoolHooks.find(I); It != PoolHooks.end())
      E.Hooks.assign(It->second.begin(), It->second.end());
    const dsa::DSNode &N = Graph(Pl.Origin).liveNode(Pl.Origin.Node);
    if (Pl.Indexed && !Pl.Compressed)
      E.Reasons.push_back(N.Reasons.empty() ? "not type-homogeneous" : N.Reasons.front());
    Out.push_back(std::move(E));
  }
  // The pool of each structure, for arrays of pointers into it (below).
  std::map<dsa::NodeRef, int> PoolOfNode;
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    for (const dsa::NodeRef &R : dsa::poolMembers(P.Pools[I]))
      PoolOfNode[R] = I;
  for (auto &[R, Why] : P.Reasons) {
    const dsa::DSNode &N = Graph(R).liveNode(R.Node);
    Entry E;
    // Arrays of node pointers (`malloc(n * sizeof(struct node *))`) get no pool, but
    // their elements become indices when the nodes' pool is indexed: said, so that
    // "unchanged" is not read as "64-bit".
    if (auto It = N.Edges.find(0); It != N.Edges.end() && !N.Collapsed && N.Type &&
                                   PG.Types.info(N.Type).K == dsa::TypeInfo::Pointer) {
      dsa::Cell Tg = Graph(R).resolve(It->second);
      auto Pl = PoolOfNode.find(dsa::NodeRef{R.Owner, Tg.Node});
      if (Tg.Offset == 0 && Pl != PoolOfNode.end() && P.Pools[Pl->second].Indexed &&
          P.Pools[Pl->second].Compressed)
        E.Notes.push_back("its elements are " + std::to_string(P.Pools[Pl->second].Bits) +
                          "-bit indices into pool " + P.Pools[Pl->second].Name +
                          " (the arrays get no pool; their allocations are sized for "
                          "the indices)");
    }
    E.Type = N.Type ? PG.Types.name(N.Type) : N.Collapsed ? "(collapsed)" : "(untyped)";
    if (N.Collapsed)
      for (dsa::TypeId T : N.PointerTypes)
        E.Type = PG.Types.name(T);
    E.Owner = R.Owner.empty() ? "(global)" : PG.function(R.Owner)->Name;
    E.Sites = N.AllocSites;
    E.AllocFunctions = functionsOf(Fn, E.Sites);
    E.Reasons = Why;
    std::set<ReportEntry::Hook> Hooks;
    for (const std::string &Site : E.Sites)
      if (auto It = HookAt.find(Site); It != HookAt.end())
        Hooks.insert(hookEntry(*It->second, "unchanged"));
    E.Hooks.assign(Hooks.begin(), Hooks.end());
    Out.push_back(std::move(E));
  }
  std::stable_sort(Out.begin(), Out.end(), [](const Entry &A, const Entry &B) {
    return std::tie(A.Sites, A.Owner, A.Type) < std::tie(B.Sites, B.Owner, B.Type);
  });
  return Out;
}

namespace {
json::Array strings(const std::vector<std::string> &V) {
  json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

json::Array hooks(const std::vector<ReportEntry::Hook> &V) {
  json::Array A;
  for (const ReportEntry::Hook &H : V)
    A.push_back(json::Object{
        {"hook", H.Name}, {"targets", strings(H.Targets)}, {"decision", H.Decision}});
  return A;
}

/// Per class of function pointers that calls pass pools through (Plan.h
/// FnPtrClass): the pointers, the functions they may hold and what was done.
json::Array functionPointers(const dsa::Plan &P) {
  json::Array A;
  for (const dsa::FnPtrClass &C : P.FnClasses) {
    std::vector<std::string> Clones;
    for (auto &[M, VI] : C.Clone)
      Clones.push_back(P.Versions[VI].Name);
    std::sort(Clones.begin(), Clones.end());
    A.push_back(json::Object{{"type", C.Type},
                             {"pointers", strings(C.Pointers)},
                             {"targets", strings(C.MemberNames)},
                             {"decision", C.Decision},
                             {"clones", strings(Clones)}});
  }
  return A;
}

} // namespace

void writeReportJSON(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                     const std::vector<LayoutOrder> &Layouts, raw_ostream &OS,
                     const PoolNotes &Notes,
                     const std::vector<MacroReportEntry> &Macros) {
  json::Array Structures;
  auto Size = [](uint64_t S) {
    return S ? json::Value(int64_t(S)) : json::Value(nullptr);
  };
  for (const Entry &E : reportEntries(PG, P, &Layouts, Notes))
    Structures.push_back(json::Object{
        {"type", E.Type},
        {"pool", E.Pool.empty() ? json::Value(nullptr) : json::Value(E.Pool)},
        {"owner", E.Owner},
        {"alloc_sites", strings(E.Sites)},
        {"indexed", E.Indexed},
        {"compressed", E.Compressed},
        {"index_bits", E.Bits ? json::Value(int64_t(E.Bits)) : json::Value(nullptr)},
        {"clones", strings(E.Clones)},
        {"moved_into_pool", strings(E.MovedIn)},
        {"threads", E.Pool.empty() ? json::Value(nullptr)
                                   : json::Value(E.ThreadSafe ? "safe" : "private")},
        {"thread_reason", E.Pool.empty() ? json::Value(nullptr) : json::Value(E.ThreadWhy)},
        {"layout",
         E.Layout.empty() ? json::Value(nullptr) : json::Value(E.Layout)},
        {"size_before", Size(E.SizeBefore)},
        {"size_after", Size(E.SizeAfter)},
        {"reordered", E.Reordered},
        {"order_kept_because",
         E.OrderKept.empty() ? json::Value(nullptr) : json::Value(E.OrderKept)},
        {"hooks", hooks(E.Hooks)},
        {"reasons", strings(E.Reasons)},
        {"notes", strings(E.Notes)}});
  json::Array MacroList;
  for (const MacroReportEntry &M : Macros)
    MacroList.push_back(json::Object{
        {"name", M.Name},
        {"definition", M.Definition.empty() ? json::Value(nullptr) : json::Value(M.Definition)},
        {"uses_expanded", int64_t(M.Uses.size())},
        {"uses", strings(M.Uses)},
        {"decision", M.Decision}});
  json::Object Top{{"structures", std::move(Structures)}, {"macros", std::move(MacroList)}};
  if (!P.FnClasses.empty())
    Top["function_pointers"] = functionPointers(P);
  OS << formatv("{0:2}", json::Value(std::move(Top))) << "\n";
}

void writeReportText(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                     const std::vector<LayoutOrder> &Layouts, raw_ostream &OS,
                     const PoolNotes &Notes,
                     const std::vector<MacroReportEntry> &Macros) {
  std::vector<Entry> Es = reportEntries(PG, P, &Layouts, Notes);
  if (Es.empty()) {
    OS << "ptrcomp: no heap data structures found\n";
    return;
  }
  for (const Entry &E : Es) {
    OS << E.Type << " in " << E.Owner;
    if (!E.Sites.empty())
      OS << " (allocated at " << join(E.Sites, ", ") << ")";
    OS << ": ";
    if (E.Pool.empty())
      OS << "unchanged";
    else if (!E.Indexed)
      OS << "pool " << E.Pool << ", pointers unchanged";
    else
      OS << "pool " << E.Pool << ", " << E.Bits << "-bit indices"
         << (E.Compressed ? ", compressed" : ", layout unchanged");
    if (!E.Clones.empty())
      OS << "; clones " << join(E.Clones, ", ");
    // Programs without threads are not told about threads on every line (--report=json
    // always says).
    bool Threaded =
        E.ThreadSafe || (!E.Pool.empty() && E.ThreadWhy != dsa::NoThreadsReason);
    if (Threaded)
      OS << (E.ThreadSafe ? "; thread-safe pool" : "; pool private to one thread");
    OS << "\n";
    if (Threaded)
      OS << "    threads: " << E.ThreadWhy << "\n";
    if (!E.MovedIn.empty())
      OS << "    moved into the pool: " << join(E.MovedIn, ", ") << "\n";
    if (!E.Layout.empty() && E.SizeBefore) {
      OS << "    layout " << E.Layout << ": " << E.SizeBefore << " -> "
         << E.SizeAfter << " bytes";
      if (E.Reordered)
        OS << ", members reordered by alignment";
      else if (!E.OrderKept.empty())
        OS << ", members in source order (" << E.SizeIfReordered
           << " bytes by alignment) because " << E.OrderKept;
      OS << "\n";
    }
    for (const ReportEntry::Hook &H : E.Hooks)
      OS << "    hook " << H.Name << " may hold " << join(H.Targets, ", ") << ": "
         << H.Decision << "\n";
    for (const std::string &R : E.Reasons)
      OS << "    because " << R << "\n";
    for (const std::string &N : E.Notes)
      OS << "    note: " << N << "\n";
  }
  for (const dsa::FnPtrClass &C : P.FnClasses)
    OS << "function pointers " << C.Type << " ("
       << (C.Pointers.empty() ? std::string("no declaration")
                              : join(C.Pointers, ", "))
       << ") may hold " << join(C.MemberNames, ", ") << ": " << C.Decision
       << "\n";
  for (const MacroReportEntry &M : Macros)
    OS << "macro " << M.Name << (M.Definition.empty() ? "" : " (" + M.Definition + ")")
       << ": " << M.Uses.size() << (M.Uses.size() == 1 ? " use " : " uses ")
       << "expanded at the use site" << (M.Uses.size() == 1 ? "" : "s")
       << " (code in its body changed)\n";
}

} // namespace ptrcomp
