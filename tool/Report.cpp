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

} // namespace

std::vector<ReportEntry> reportEntries(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                                       const PoolNotes &Notes) {
  std::vector<Entry> Out;
  SiteFunctions Fn(PG);
  auto Graph = [&](const dsa::NodeRef &R) -> dsa::DSGraph & {
    return R.Owner.empty() ? *PG.Globals : *PG.function(R.Owner)->Graph;
  };
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
    if (auto It = Notes.find(I); It != Notes.end())
      E.Notes = It->second;
    std::set<std::string> Clones;
    for (const dsa::FunctionVersion &V : P.Versions)
      for (const std::set<int> &S : V.ParamPools)
        if (S.count(I))
          Clones.insert(V.Name);
    E.Clones.assign(Clones.begin(), Clones.end());
    const dsa::DSNode &N = Graph(Pl.Origin).liveNode(Pl.Origin.Node);
    if (Pl.Indexed && !Pl.Compressed)
      E.Reasons.push_back(N.Reasons.empty() ? "not type-homogeneous" : N.Reasons.front());
    Out.push_back(std::move(E));
  }
  for (auto &[R, Why] : P.Reasons) {
    const dsa::DSNode &N = Graph(R).liveNode(R.Node);
    Entry E;
    E.Type = N.Type ? PG.Types.name(N.Type) : N.Collapsed ? "(collapsed)" : "(untyped)";
    if (N.Collapsed)
      for (dsa::TypeId T : N.PointerTypes)
        E.Type = PG.Types.name(T);
    E.Owner = R.Owner.empty() ? "(global)" : PG.function(R.Owner)->Name;
    E.Sites = N.AllocSites;
    E.AllocFunctions = functionsOf(Fn, E.Sites);
    E.Reasons = Why;
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

} // namespace

void writeReportJSON(dsa::ProgramGraphs &PG, const dsa::Plan &P, raw_ostream &OS,
                     const PoolNotes &Notes) {
  json::Array Structures;
  for (const Entry &E : reportEntries(PG, P, Notes))
    Structures.push_back(json::Object{
        {"type", E.Type},
        {"pool", E.Pool.empty() ? json::Value(nullptr) : json::Value(E.Pool)},
        {"owner", E.Owner},
        {"alloc_sites", strings(E.Sites)},
        {"indexed", E.Indexed},
        {"compressed", E.Compressed},
        {"index_bits", E.Bits ? json::Value(int64_t(E.Bits)) : json::Value(nullptr)},
        {"clones", strings(E.Clones)},
        {"threads", E.Pool.empty() ? json::Value(nullptr)
                                   : json::Value(E.ThreadSafe ? "safe" : "private")},
        {"thread_reason", E.Pool.empty() ? json::Value(nullptr) : json::Value(E.ThreadWhy)},
        {"reasons", strings(E.Reasons)},
        {"notes", strings(E.Notes)}});
  OS << formatv("{0:2}", json::Value(json::Object{{"structures", std::move(Structures)}}))
     << "\n";
}

void writeReportText(dsa::ProgramGraphs &PG, const dsa::Plan &P, raw_ostream &OS,
                     const PoolNotes &Notes) {
  std::vector<Entry> Es = reportEntries(PG, P, Notes);
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
    for (const std::string &R : E.Reasons)
      OS << "    because " << R << "\n";
    for (const std::string &N : E.Notes)
      OS << "    note: " << N << "\n";
  }
}

} // namespace ptrcomp
