//===- Sarif.cpp ----------------------------------------------------------===//
#include "Sarif.h"
#include "ptrcomp/Compat.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

using namespace llvm;
namespace ptrcomp {
namespace {

/// One rule per kind of reason. A reason belongs to the first rule one of whose
/// phrases it contains; the last rule takes everything else.
struct Rule {
  const char *Id;
  const char *Name;
  const char *Description;
  std::vector<const char *> Phrases;
};

const std::vector<Rule> &rules() {
  static const std::vector<Rule> Rules = {
      {"ptrcomp-kept-by-pragma",
       "KeptByPragma",
       "Left unchanged by a #pragma ptrcomp in the source.",
       {"kept by #pragma ptrcomp"}},
      {"ptrcomp-excluded-by-config",
       "ExcludedByConfig",
       "Left unchanged by ExcludeStructs or ExcludeFunctions in .ptrcomp.yaml.",
       {"excluded by Exclude"}},
      {"ptrcomp-header-filter",
       "HeaderFilter",
       "Would need edits in a header that HeaderFilter excludes.",
       {"HeaderFilter"}},
      {"ptrcomp-macro",
       "Macro",
       "Used inside a macro body, which ptrcomp never edits, or in a macro argument that "
       "is expanded in ways needing different text, stringized or pasted.",
       {"inside a macro", "argument of macro", "macro argument"}},
      {"ptrcomp-skipped-code",
       "SkippedCode",
       "Named by code in an #if branch not taken while parsing "
       "(--strict-skipped-code).",
       {"skipped #"}},
      {"ptrcomp-allocation-hook",
       "AllocationHook",
       "Allocated or freed through a function pointer that may hold something "
       "other than one allocator, or whose call cannot become a pool "
       "operation.",
       {"which may hold '", "which code ptrcomp cannot see may set",
        "through allocation hook"}},
      {"ptrcomp-escapes",
       "Escapes",
       "Reaches code ptrcomp cannot see (external functions, exported "
       "symbols).",
       {"escapes"}},
      {"ptrcomp-unknown-pointers",
       "UnknownPointers",
       "Mixed with pointers of unknown origin (integer casts, unmodelled "
       "code).",
       {"unknown:", "unknown origin"}},
      {"ptrcomp-not-type-homogeneous",
       "NotTypeHomogeneous",
       "Objects accessed with different types, so their layout may not change.",
       {"collapsed", "type-homogeneous", "objects of unknown type"}},
      {"ptrcomp-mixed-memory",
       "MixedMemory",
       "Holds stack or global objects as well as heap objects.",
       {"stack or global objects"}},
      {"ptrcomp-no-allocation-site",
       "NoAllocationSite",
       "No allocation of the structure is visible in the program.",
       {"no allocation site"}},
      {"ptrcomp-not-struct",
       "NotStruct",
       "The heap objects are not structs.",
       {"not structs"}},
      {"ptrcomp-nested-pointers",
       "NestedPointers",
       "Pointers held inside arrays, unions or nested structs.",
       {"inside an array, union or nested struct"}},
      {"ptrcomp-unrewritten-holder",
       "UnrewrittenHolder",
       "Pointers to it are stored in objects ptrcomp does not rewrite.",
       {"pointers to it are stored in"}},
      {"ptrcomp-function-pointer",
       "FunctionPointer",
       "Passed through a call via a function pointer.",
       {"via a function pointer"}},
      {"ptrcomp-allocation",
       "Allocation",
       "Allocated in a way ptrcomp does not rewrite.",
       {"allocated by", "sizes must be"}},
      {"ptrcomp-recursion",
       "Recursion",
       "Used by mutually recursive functions without being passed between "
       "them.",
       {"which call each other"}},
      {"ptrcomp-unsupported-use",
       "UnsupportedUse",
       "A use of the structure that ptrcomp cannot rewrite safely.",
       {}},
  };
  return Rules;
}

unsigned ruleIndex(StringRef Reason) {
  const std::vector<Rule> &Rs = rules();
  for (unsigned I = 0; I + 1 < Rs.size(); ++I)
    for (const char *P : Rs[I].Phrases)
      if (Reason.contains(P))
        return I;
  return Rs.size() - 1;
}

/// The first "file:line:col" in \p S.
bool findLocation(StringRef S, std::string &File, unsigned &Line,
                  unsigned &Col) {
  for (size_t I = 0; I < S.size(); ++I) {
    if (S[I] != ':' || I == 0)
      continue;
    // file: back to a space, quote or bracket; then ":<digits>:<digits>"
    size_t B = I;
    while (B > 0 && !isSpace(S[B - 1]) &&
           !StringRef("'\"(,").contains(S[B - 1]))
      --B;
    StringRef After = S.drop_front(I + 1);
    StringRef L = After.take_while(isDigit);
    if (L.empty() || !compat::startsWith(After.drop_front(L.size()), ":"))
      continue;
    StringRef C = After.drop_front(L.size() + 1).take_while(isDigit);
    if (C.empty() || B == I)
      continue;
    File = S.slice(B, I).str();
    L.getAsInteger(10, Line);
    C.getAsInteger(10, Col);
    return true;
  }
  return false;
}

/// A URI reference for a path: relative paths stay relative (to %SRCROOT%, the
/// working directory), absolute ones become file:// URIs.
std::string uriFor(StringRef Path, bool &Relative) {
  Relative = !sys::path::is_absolute(Path);
  std::string Out = Relative ? "" : "file://";
  for (unsigned char C : Path) {
    if (isAlnum(C) || StringRef("-._~/").contains(C))
      Out += C;
    else
      Out += "%" + utohexstr(C, /*LowerCase=*/false, /*Width=*/2);
  }
  return Out;
}

} // namespace

void writeReportSARIF(dsa::ProgramGraphs &PG, const dsa::Plan &P,
                      raw_ostream &OS) {
  json::Array Rules;
  for (const Rule &R : rules())
    Rules.push_back(json::Object{
        {"id", R.Id},
        {"name", R.Name},
        {"shortDescription", json::Object{{"text", R.Description}}},
        {"defaultConfiguration", json::Object{{"level", "note"}}}});
  json::Array Results;
  for (const ReportEntry &E : reportEntries(PG, P)) {
    std::string What = E.Type + " in " + E.Owner;
    std::string Status = E.Pool.empty()  ? "left unchanged"
                         : !E.Indexed    ? "pooled, pointers unchanged"
                         : !E.Compressed ? "not compressed (64-bit indices)"
                                         : "compressed";
    for (const std::string &Reason : E.Reasons) {
      unsigned RI = ruleIndex(Reason);
      json::Object Result{
          {"ruleId", rules()[RI].Id},
          {"ruleIndex", int64_t(RI)},
          {"level", "note"},
          {"message", json::Object{{"text", What + ": " + Status + " because " +
                                                Reason}}}};
      std::string File;
      unsigned Line = 0, Col = 0;
      if (findLocation(Reason, File, Line, Col) ||
          (!E.Sites.empty() &&
           findLocation(E.Sites.front(), File, Line, Col))) {
        bool Relative;
        json::Object Artifact{{"uri", uriFor(File, Relative)}};
        if (Relative)
          Artifact["uriBaseId"] = "%SRCROOT%";
        Result["locations"] = json::Array{json::Object{
            {"physicalLocation",
             json::Object{
                 {"artifactLocation", std::move(Artifact)},
                 {"region", json::Object{{"startLine", int64_t(Line)},
                                         {"startColumn", int64_t(Col)}}}}}}};
      }
      Results.push_back(std::move(Result));
    }
  }
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  bool Relative;
  std::string Root = uriFor(Cwd, Relative);
  if (!compat::endsWith(StringRef(Root), "/"))
    Root += "/";
  json::Object Run{
      {"tool",
       json::Object{{"driver", json::Object{{"name", "ptrcomp"},
                                            {"version", PTRCOMP_VERSION},
                                            {"rules", std::move(Rules)}}}}},
      {"originalUriBaseIds",
       json::Object{{"%SRCROOT%", json::Object{{"uri", Root}}}}},
      {"results", std::move(Results)}};
  json::Object Log{
      {"$schema",
       "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/"
       "sarif-schema-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs", json::Array{std::move(Run)}}};
  OS << formatv("{0:2}", json::Value(std::move(Log))) << "\n";
}

} // namespace ptrcomp
