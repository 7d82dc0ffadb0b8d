//===- Config.cpp - finding, reading and printing .ptrcomp.yaml -----------===//
//
// Read with llvm::yaml's parser (not yaml::Input) so that every bad key or
// value is reported at its own line and column; printed with yaml::Output.
//
//===----------------------------------------------------------------------===//
#include "Config.h"
#include "Diagnostics.h"
#include "YamlFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/YAMLTraits.h"

#include <set>

using namespace llvm;
namespace ptrcomp {

std::string findConfigFile(StringRef Dir) {
  SmallString<256> D(Dir);
  if (sys::fs::make_absolute(D))
    return "";
  sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  for (StringRef Cur = D; !Cur.empty(); Cur = sys::path::parent_path(Cur)) {
    SmallString<256> Candidate(Cur);
    sys::path::append(Candidate, ".ptrcomp.yaml");
    if (sys::fs::is_regular_file(Candidate)) {
      // Shown in messages and reasons: relative to the working directory when
      // below it.
      SmallString<256> Cwd;
      StringRef C = Candidate;
      if (!sys::fs::current_path(Cwd) && C.consume_front(Cwd) &&
          C.consume_front("/"))
        return C.str();
      return std::string(Candidate);
    }
    if (sys::path::parent_path(Cur) == Cur)
      break;
  }
  return "";
}

namespace {
class ConfigReader {
public:
  explicit ConfigReader(YamlFile &F) : F(F), S(F.stream()) {}

  bool read(Config &C) {
    yaml::document_iterator Doc = S.begin();
    if (Doc == S.end())
      return ok();
    yaml::Node *Root = Doc->getRoot();
    if (!Root || isa<yaml::NullNode>(Root))
      return ok(); // an empty file: no settings
    auto *Map = dyn_cast<yaml::MappingNode>(Root);
    if (!Map)
      return error(Root,
                   "a .ptrcomp.yaml file must be a mapping of keys to values");
    std::set<std::string> Seen;
    for (yaml::KeyValueNode &KV : *Map) {
      auto *KeyNode = dyn_cast_or_null<yaml::ScalarNode>(KV.getKey());
      if (!KeyNode) {
        if (KV.getKey())
          error(KV.getKey(), "keys must be plain names");
        continue;
      }
      SmallString<32> KeyBuf;
      std::string Key = KeyNode->getValue(KeyBuf).str();
      yaml::Node *Value = KV.getValue();
      if (!Value)
        continue; // a parse error, reported by the stream
      if (!Seen.insert(Key).second) {
        error(KeyNode, "duplicate key '" + Key + "'");
        continue;
      }
      if (Key == "IndexBits") {
        std::string V;
        if (scalar(Value, V)) {
          if (V == "32" || V == "16")
            C.IndexBits = std::stoi(V);
          else
            error(Value, "invalid IndexBits '" + V + "': must be 32 or 16");
        }
      } else if (Key == "Mode") {
        std::string V;
        if (scalar(Value, V)) {
          if (V == "compress" || V == "poolalloc")
            C.Mode = V;
          else
            error(Value,
                  "invalid Mode '" + V + "': must be compress or poolalloc");
        }
      } else if (Key == "Threads") {
        std::string V;
        if (scalar(Value, V)) {
          if (V == "auto" || V == "single" || V == "safe")
            C.Threads = V;
          else
            error(Value, "invalid Threads '" + V + "': must be auto, single or safe");
        }
      } else if (Key == "ExcludeStructs") {
        list(Value, C.ExcludeStructs);
      } else if (Key == "ExcludeFunctions") {
        list(Value, C.ExcludeFunctions);
      } else if (Key == "HeaderFilter") {
        std::string V, Err;
        if (scalar(Value, V)) {
          if (!Regex(V).isValid(Err))
            error(Value, "invalid HeaderFilter regular expression: " + Err);
          else if (!V.empty())
            C.HeaderFilter = Config::Item{V, where(Value)};
        }
      } else if (Key == "StrictSkippedCode") {
        std::string V;
        if (scalar(Value, V)) {
          if (V == "true" || V == "false")
            C.StrictSkippedCode = V == "true";
          else
            error(Value, "invalid StrictSkippedCode '" + V + "': must be true or false");
        }
      } else {
        error(KeyNode,
              "unknown key '" + Key +
                  "' (known: IndexBits, Mode, Threads, ExcludeStructs, ExcludeFunctions, "
                  "HeaderFilter, StrictSkippedCode)");
      }
    }
    if (++Doc != S.end() && Doc->getRoot() &&
        !isa<yaml::NullNode>(Doc->getRoot()))
      error(Doc->getRoot(), "a .ptrcomp.yaml file holds one document");
    return ok();
  }

  unsigned Errors = 0;

private:
  bool ok() { return Errors == 0 && !S.failed(); }
  bool error(yaml::Node *N, const Twine &Msg) {
    S.printError(N, Msg);
    return false;
  }
  void list(yaml::Node *N, std::vector<Config::Item> &Out) {
    auto *Seq = dyn_cast<yaml::SequenceNode>(N);
    if (!Seq) {
      error(N, "expected a list, e.g. [ \"struct list\", \"struct tree\" ]");
      return;
    }
    for (yaml::Node &E : *Seq) {
      std::string V;
      if (!scalar(&E, V))
        continue;
      if (StringRef(V).trim().empty()) {
        error(&E, "empty name");
        continue;
      }
      Out.push_back({StringRef(V).trim().str(), where(&E)});
    }
  }

  std::string where(yaml::Node *N) { return F.where(N); }
  bool scalar(yaml::Node *N, std::string &Out) { return F.scalar(N, Out); }

  YamlFile &F;
  yaml::Stream &S;
};
} // namespace

bool loadConfig(StringRef Path, Config &C) {
  std::unique_ptr<YamlFile> F = YamlFile::open(Path, "configuration");
  if (!F)
    return false;
  C.Path = Path.str();
  ConfigReader R(*F);
  bool Ok = R.read(C);
  return Ok && F->clean();
}

namespace {
/// What --dump-config prints: every key, with the values in force.
struct EffectiveConfig {
  unsigned IndexBits;
  std::string Mode;
  std::string Threads;
  std::vector<std::string> ExcludeStructs, ExcludeFunctions;
  std::string HeaderFilter;
  bool StrictSkippedCode;
};
} // namespace
} // namespace ptrcomp

namespace llvm::yaml {
template <> struct MappingTraits<ptrcomp::EffectiveConfig> {
  static void mapping(IO &Io, ptrcomp::EffectiveConfig &C) {
    Io.mapRequired("IndexBits", C.IndexBits);
    Io.mapRequired("Mode", C.Mode);
    Io.mapRequired("Threads", C.Threads);
    Io.mapRequired("ExcludeStructs", C.ExcludeStructs);
    Io.mapRequired("ExcludeFunctions", C.ExcludeFunctions);
    Io.mapRequired("HeaderFilter", C.HeaderFilter);
    Io.mapRequired("StrictSkippedCode", C.StrictSkippedCode);
  }
};
} // namespace llvm::yaml

namespace ptrcomp {
void writeConfigYAML(const Config &C, unsigned IndexBits, StringRef Mode, StringRef Threads,
                     bool StrictSkippedCode, raw_ostream &OS) {
  EffectiveConfig E{IndexBits, Mode.str(), Threads.str(), {}, {}, "", StrictSkippedCode};
  for (const Config::Item &I : C.ExcludeStructs)
    E.ExcludeStructs.push_back(I.Value);
  for (const Config::Item &I : C.ExcludeFunctions)
    E.ExcludeFunctions.push_back(I.Value);
  if (C.HeaderFilter)
    E.HeaderFilter = C.HeaderFilter->Value;
  OS << "# effective ptrcomp configuration"
     << (C.Path.empty() ? std::string(" (no .ptrcomp.yaml found)")
                        : " (from " + C.Path + ")")
     << "\n";
  yaml::Output Out(OS);
  Out << E;
}

} // namespace ptrcomp
