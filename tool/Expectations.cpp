//===- Expectations.cpp ---------------------------------------------------===//
#include "Expectations.h"
#include "Diagnostics.h"
#include "YamlFile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <set>

using namespace llvm;
namespace ptrcomp {

//===-- Reading
//-------------------------------------------------------------===//

namespace {
class Reader {
public:
  explicit Reader(YamlFile &F) : F(F), S(F.stream()) {}

  void read(Expectations &Out) {
    yaml::document_iterator Doc = S.begin();
    yaml::Node *Root = Doc == S.end() ? nullptr : Doc->getRoot();
    if (!Root)
      return;
    auto *Map = dyn_cast<yaml::MappingNode>(Root);
    if (!Map) {
      error(Root,
            "an expectations file must be a mapping with keys 'version' and "
            "'compressed'");
      return;
    }
    bool HasVersion = false;
    for (yaml::KeyValueNode &KV : *Map) {
      std::string Key;
      yaml::Node *V = KV.getValue();
      if (!key(KV, Key) || !V)
        continue;
      if (Key == "version") {
        std::string Ver;
        HasVersion = true;
        if (scalar(V, Ver) && Ver != "1")
          error(V, "unsupported expectations version '" + Ver +
                       "' (this ptrcomp reads 1)");
      } else if (Key == "compressed") {
        if (isa<yaml::NullNode>(V))
          continue;
        auto *Seq = dyn_cast<yaml::SequenceNode>(V);
        if (!Seq) {
          error(V, "'compressed' must be a list of structures");
          continue;
        }
        for (yaml::Node &Item : *Seq)
          entry(&Item, Out);
      } else {
        error(KV.getKey(),
              "unknown key '" + Key + "' (known: version, compressed)");
      }
    }
    if (!HasVersion)
      error(Root, "missing key 'version'");
  }

  unsigned Errors = 0;

private:
  void error(yaml::Node *N, const Twine &Msg) {
    ++Errors;
    S.printError(N, Msg);
  }
  bool key(yaml::KeyValueNode &KV, std::string &Out) {
    auto *K = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
    if (!K) {
      if (KV.getKey())
        error(KV.getKey(), "keys must be plain names");
      return false;
    }
    SmallString<32> Buf;
    Out = K->getValue(Buf).str();
    return true;
  }
  void entry(yaml::Node *N, Expectations &Out) {
    auto *Map = dyn_cast<yaml::MappingNode>(N);
    if (!Map) {
      error(N, "each structure is a mapping with type, allocated_in, "
               "pool_created_in "
               "and index_bits");
      return;
    }
    Expectation E;
    E.Loc = where(N);
    std::set<std::string> Seen;
    for (yaml::KeyValueNode &KV : *Map) {
      std::string Key, V;
      yaml::Node *Val = KV.getValue();
      if (!key(KV, Key) || !Val)
        continue;
      if (!Seen.insert(Key).second) {
        error(KV.getKey(), "duplicate key '" + Key + "'");
        continue;
      }
      if (Key == "type") {
        if (scalar(Val, V))
          E.Type = V;
      } else if (Key == "pool_created_in") {
        if (scalar(Val, V))
          E.PoolCreatedIn = V;
      } else if (Key == "pool") {
        if (scalar(Val, V))
          E.Pool = V;
      } else if (Key == "index_bits") {
        if (scalar(Val, V)) {
          if (V == "32" || V == "16")
            E.IndexBits = std::stoi(V);
          else
            error(Val, "invalid index_bits '" + V + "': must be 32 or 16");
        }
      } else if (Key == "allocated_in") {
        if (auto *Seq = dyn_cast<yaml::SequenceNode>(Val)) {
          for (yaml::Node &F : *Seq)
            if (scalar(&F, V))
              E.AllocatedIn.push_back(V);
        } else if (scalar(Val, V)) {
          E.AllocatedIn.push_back(V);
        }
        llvm::sort(E.AllocatedIn);
      } else {
        error(KV.getKey(), "unknown key '" + Key +
                               "' (known: type, allocated_in, pool_created_in, "
                               "index_bits, pool)");
      }
    }
    for (const char *Required :
         {"type", "allocated_in", "pool_created_in", "index_bits"})
      if (!Seen.count(Required))
        error(N, Twine("missing key '") + Required + "'");
    Out.Compressed.push_back(std::move(E));
  }

  std::string where(yaml::Node *N) { return F.where(N); }
  bool scalar(yaml::Node *N, std::string &Out) { return F.scalar(N, Out); }

  YamlFile &F;
  yaml::Stream &S;
};
} // namespace

bool loadExpectations(StringRef Path, Expectations &Out) {
  std::unique_ptr<YamlFile> F = YamlFile::open(Path, "expectations");
  if (!F)
    return false;
  Out.Path = Path.str();
  Reader R(*F);
  R.read(Out);
  return R.Errors == 0 && F->clean();
}

//===-- Writing
//-------------------------------------------------------------===//

namespace {
struct Doc {
  unsigned Version = 1;
  std::vector<Expectation> Compressed;
};
} // namespace
} // namespace ptrcomp

LLVM_YAML_IS_SEQUENCE_VECTOR(ptrcomp::Expectation)

namespace llvm::yaml {
template <> struct MappingTraits<ptrcomp::Expectation> {
  static void mapping(IO &Io, ptrcomp::Expectation &E) {
    Io.mapRequired("type", E.Type);
    Io.mapRequired("allocated_in", E.AllocatedIn);
    Io.mapRequired("pool_created_in", E.PoolCreatedIn);
    Io.mapRequired("index_bits", E.IndexBits);
    Io.mapOptional("pool", E.Pool, std::string());
  }
};
template <> struct MappingTraits<ptrcomp::Doc> {
  static void mapping(IO &Io, ptrcomp::Doc &D) {
    Io.mapRequired("version", D.Version);
    Io.mapRequired("compressed", D.Compressed);
  }
};
} // namespace llvm::yaml

namespace ptrcomp {

std::string formatExpectations(const std::vector<ReportEntry> &Entries,
                               bool Json) {
  Doc D;
  for (const ReportEntry &R : Entries)
    if (R.Compressed)
      D.Compressed.push_back(
          {R.Type, R.AllocFunctions, R.Owner, R.Bits, R.Pool, ""});
  std::string Text;
  raw_string_ostream OS(Text);
  if (Json) {
    json::Array A;
    for (const Expectation &E : D.Compressed) {
      json::Array Fns;
      for (const std::string &F : E.AllocatedIn)
        Fns.push_back(F);
      A.push_back(json::Object{{"type", E.Type},
                               {"allocated_in", std::move(Fns)},
                               {"pool_created_in", E.PoolCreatedIn},
                               {"index_bits", int64_t(E.IndexBits)},
                               {"pool", E.Pool}});
    }
    OS << formatv("{0:2}", json::Value(json::Object{
                               {"version", 1}, {"compressed", std::move(A)}}))
       << "\n";
  } else {
    OS << "# Structures ptrcomp must keep compressed (ptrcomp --expect=FILE "
          "checks them).\n";
    yaml::Output Out(OS);
    Out << D;
  }
  return OS.str();
}

//===-- Checking
//------------------------------------------------------------===//

namespace {
std::string describe(StringRef Type,
                     const std::vector<std::string> &AllocatedIn,
                     StringRef Owner) {
  return (Type + " (allocated in " + join(AllocatedIn, ", ") +
          ", pool created in " + Owner + ")")
      .str();
}

std::string status(const ReportEntry &R) {
  if (R.Pool.empty())
    return "unchanged";
  if (!R.Indexed)
    return "pool " + R.Pool + ", pointers unchanged";
  if (!R.Compressed)
    return "pool " + R.Pool +
           ", 64-bit indices, layout unchanged (not compressed)";
  return "pool " + R.Pool + ", compressed, " + std::to_string(R.Bits) +
         "-bit indices";
}
} // namespace

bool checkExpectations(const Expectations &Ex,
                       const std::vector<ReportEntry> &Entries,
                       raw_ostream &OS) {
  std::vector<bool> Used(Entries.size());
  auto SameKey = [](const Expectation &E, const ReportEntry &R) {
    return E.Type == R.Type && E.AllocatedIn == R.AllocFunctions &&
           E.PoolCreatedIn == R.Owner;
  };
  unsigned Failed = 0;
  std::vector<const Expectation *> Unmet;
  // Exact matches first, so that a broken structure does not take a sound one's
  // place.
  for (const Expectation &E : Ex.Compressed) {
    int Best = -1;
    for (unsigned I = 0; I < Entries.size(); ++I) {
      const ReportEntry &R = Entries[I];
      if (Used[I] || !SameKey(E, R) || !R.Compressed || R.Bits != E.IndexBits)
        continue;
      if (Best < 0 || (!E.Pool.empty() && R.Pool == E.Pool))
        Best = I;
    }
    if (Best >= 0)
      Used[Best] = true;
    else
      Unmet.push_back(&E);
  }
  for (const Expectation *E : Unmet) {
    ++Failed;
    std::string Name = describe(E->Type, E->AllocatedIn, E->PoolCreatedIn);
    int Found = -1;
    for (unsigned I = 0; I < Entries.size(); ++I)
      if (!Used[I] && SameKey(*E, Entries[I]) &&
          (Found < 0 || (!E->Pool.empty() && Entries[I].Pool == E->Pool)))
        Found = I;
    std::string Expected =
        "compressed, " + std::to_string(E->IndexBits) + "-bit indices";
    if (Found < 0) {
      OS << E->Loc << ": error: " << Name
         << " is no longer found in the program (renamed or moved?)\n"
         << "  - " << Name << ": " << Expected << "\n"
         << "  + (no such structure)\n";
      continue;
    }
    const ReportEntry &R = Entries[Found];
    Used[Found] = true;
    OS << E->Loc << ": error: " << Name
       << (R.Compressed ? " has different index bits than expected"
                        : " is no longer compressed")
       << "\n"
       << "  - " << Name << ": " << Expected << "\n"
       << "  + " << Name << ": " << status(R) << "\n";
    for (const std::string &Why : R.Reasons)
      OS << "      because " << Why << "\n";
  }
  for (unsigned I = 0; I < Entries.size(); ++I)
    if (!Used[I] && Entries[I].Compressed)
      OS << "ptrcomp: note: "
         << describe(Entries[I].Type, Entries[I].AllocFunctions,
                     Entries[I].Owner)
         << " is compressed but not listed in '" << Ex.Path << "'\n";
  if (Failed)
    OS << "ptrcomp: error: " << Failed << " of " << Ex.Compressed.size()
       << " expected compressed structure"
       << (Ex.Compressed.size() == 1 ? "" : "s") << " in '" << Ex.Path
       << "' not met; nothing was written\n";
  return Failed == 0;
}

} // namespace ptrcomp
