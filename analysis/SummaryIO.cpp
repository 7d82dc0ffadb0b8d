//===- SummaryIO.cpp - the analysis' structs as bytes ---------------------===//
#include "ptrcomp/analysis/SummaryIO.h"
#include "ptrcomp/Compat.h"

#include "llvm/Support/Endian.h"
#include "llvm/Support/xxhash.h"

#include <cassert>

namespace ptrcomp::dsa {

//===-- Files ------------------------------------------------------------===//

static std::string headerLine(llvm::StringRef Kind,
                              llvm::StringRef ToolVersion) {
  return ("ptrcomp " + Kind + " format " + std::to_string(SummaryFormat) +
          " ptrcomp " + ToolVersion + "\n")
      .str();
}

std::string wrapFile(llvm::StringRef Kind, llvm::StringRef ToolVersion,
                     std::string &&Body) {
  ArchiveWriter W;
  W.num(Body.size());
  W.num(llvm::xxHash64(Body));
  // In place: a plan of a large program is tens of megabytes, and copies of it
  // would set the link's peak memory.
  Body.insert(0, headerLine(Kind, ToolVersion) + W.bytes());
  return std::move(Body);
}

static llvm::Error fileError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

/// What follows the header line and the size of a file of \p Kind (checked: the
/// kind, ptrcomp's version and the format, then the size), and the checksum
/// number written after the size.
static llvm::Expected<std::pair<llvm::StringRef, uint64_t>>
framedBody(llvm::StringRef Kind, llvm::StringRef ToolVersion,
           llvm::StringRef Bytes) {
  std::string Prefix = ("ptrcomp " + Kind + " format ").str();
  size_t EOL = Bytes.find('\n');
  llvm::StringRef Line = Bytes.take_front(EOL);
  if (EOL == llvm::StringRef::npos || !compat::startsWith(Line, Prefix))
    return fileError("not a ptrcomp " + Kind + " file");
  if (Line != llvm::StringRef(headerLine(Kind, ToolVersion)).drop_back())
    return fileError("written by another version of ptrcomp (" +
                     Line.drop_front(strlen("ptrcomp ")) + "; this is ptrcomp " +
                     ToolVersion + ", " + Kind + " format " +
                     std::to_string(SummaryFormat) + "): make it again");
  llvm::StringRef Rest = Bytes.drop_front(EOL + 1);
  ArchiveReader R(Rest);
  uint64_t Size = R.num();
  uint64_t Sum = R.num();
  Rest = Rest.drop_front(R.position());
  if (R.failed() || Rest.size() < Size)
    return fileError("truncated " + Kind + " file");
  if (Rest.size() > Size)
    return fileError("damaged " + Kind + " file (data after its end)");
  return std::make_pair(Rest, Sum);
}

llvm::Expected<llvm::StringRef> unwrapFile(llvm::StringRef Kind,
                                           llvm::StringRef ToolVersion,
                                           llvm::StringRef Bytes) {
  auto Body = framedBody(Kind, ToolVersion, Bytes);
  if (!Body)
    return Body.takeError();
  auto [Rest, Sum] = *Body;
  if (llvm::xxHash64(Rest) != Sum)
    return fileError("damaged " + Kind + " file (checksum mismatch)");
  return Rest;
}

size_t PartsWriter::add(llvm::StringRef Bytes) {
  if (Spill)
    *Spill << Bytes;
  else
    Data.append(Bytes.data(), Bytes.size());
  DataSize += Bytes.size();
  Ends.emplace_back(DataSize, llvm::xxHash64(Bytes));
  return Ends.size() - 1;
}

std::string PartsWriter::head(llvm::StringRef Kind,
                              llvm::StringRef ToolVersion) const {
  std::string Table(8 + 16 * Ends.size(), '\0');
  llvm::support::endian::write64le(&Table[0], Ends.size());
  for (size_t I = 0; I < Ends.size(); ++I) {
    llvm::support::endian::write64le(&Table[8 + 16 * I], Ends[I].first);
    llvm::support::endian::write64le(&Table[16 + 16 * I], Ends[I].second);
  }
  ArchiveWriter W;
  W.num(Table.size() + DataSize);
  W.num(llvm::xxHash64(Table));
  return headerLine(Kind, ToolVersion) + W.bytes() + Table;
}

std::string PartsWriter::take(llvm::StringRef Kind,
                              llvm::StringRef ToolVersion) {
  assert(!Spill && "the parts are in the spill file");
  // In place, as wrapFile: no second copy of a large plan.
  Data.insert(0, head(Kind, ToolVersion));
  Ends.clear();
  DataSize = 0;
  return std::move(Data);
}

llvm::Expected<PartsFile> PartsFile::open(llvm::StringRef Kind,
                                          llvm::StringRef ToolVersion,
                                          llvm::StringRef Bytes) {
  auto Body = framedBody(Kind, ToolVersion, Bytes);
  if (!Body)
    return Body.takeError();
  auto [Rest, TableSum] = *Body;
  // The table is read in place, an entry when its part is: a plan has a part
  // per function, and an --apply reads a few.
  uint64_t N =
      Rest.size() < 8 ? 0 : llvm::support::endian::read64le(Rest.data());
  if (Rest.size() < 8 || N > (Rest.size() - 8) / 16 ||
      llvm::xxHash64(Rest.take_front(8 + 16 * N)) != TableSum)
    return fileError("damaged " + Kind + " file (checksum mismatch)");
  PartsFile F;
  F.Kind = Kind.str();
  F.Table = Rest.substr(8, 16 * N);
  F.Data = Rest.drop_front(8 + 16 * N);
  if (N && F.end(N - 1) != F.Data.size())
    return fileError("damaged " + Kind + " file (its parts do not fit)");
  return std::move(F);
}

uint64_t PartsFile::end(size_t I) const {
  return llvm::support::endian::read64le(Table.data() + 16 * I);
}

llvm::Expected<llvm::StringRef> PartsFile::part(size_t I) const {
  uint64_t Begin = I ? end(I - 1) : 0, End = I < size() ? end(I) : 0;
  if (I >= size() || Begin > End || End > Data.size() ||
      llvm::xxHash64(Data.slice(Begin, End)) !=
          llvm::support::endian::read64le(Table.data() + 16 * I + 8))
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "damaged " + Kind +
                                       " file (checksum mismatch)");
  return Data.slice(Begin, End);
}

//===-- Types ------------------------------------------------------------===//

template <typename A> void io(A &Ar, TypeInfo::Field &F) {
  fields(Ar, F.Offset, F.Type, F.Name, F.BitField);
}
template <typename A> void io(A &Ar, TypeInfo &T) {
  fields(Ar, T.K, T.Name, T.Size, T.Fields, T.ArrayCount, T.Pointee);
}

class TableIO {
public:
  template <typename A> static void run(A &Ar, TypeTable &T) {
    std::vector<TypeInfo> Types = T.Types.toVector();
    fields(Ar, Types, T.Signatures, T.KeyOf, T.IsRecord);
    if constexpr (A::Reading) {
      T.Types.assign(std::move(Types));
      size_t N = T.Types.size();
      if (N == 0 || T.Signatures.size() != N || T.KeyOf.size() != N ||
          T.IsRecord.size() != N) {
        T = TypeTable(); // a damaged file: reported by the caller
        return;
      }
      T.ByKey.clear();
      T.Records.clear();
      T.Cache.clear();
      for (TypeId I = 1; I < N; ++I) {
        if (!T.KeyOf[I].empty())
          T.ByKey[T.KeyOf[I]] = I;
        if (T.IsRecord[I])
          T.Records[T.Types[I].Name].push_back(I);
      }
    }
  }
};
template <typename A> void io(A &Ar, TypeTable &T) { TableIO::run(Ar, T); }

//===-- Graphs -----------------------------------------------------------===//

template <typename A> void io(A &Ar, Cell &C) { fields(Ar, C.Node, C.Offset); }

template <typename A> void io(A &Ar, DSNode::Stride &S) {
  fields(Ar, S.Offset, S.Step, S.Where, S.To, S.Move);
}

class GraphIO {
public:
  template <typename A> static void node(A &Ar, DSGraph &G, DSNode &N) {
    fields(Ar, N.Forward, N.Shift, N.Flags, N.Collapsed, N.Type, N.Size,
           N.AllocSites, N.Reasons, N.Functions, N.PointerTypes);
    std::string TypedAt = N.TypedAt.str();
    io(Ar, TypedAt);
    std::vector<std::pair<uint64_t, Cell>> Edges(N.Edges.begin(),
                                                 N.Edges.end());
    io(Ar, Edges);
    std::vector<DSNode::Stride> Strides(N.Strides.begin(), N.Strides.end());
    io(Ar, Strides);
    if constexpr (A::Reading) {
      N.TypedAt = G.TT->save(TypedAt);
      N.Edges.clear();
      for (auto &[Off, C] : Edges)
        N.Edges.emplace(Off, C);
      N.Strides.assign(Strides.begin(), Strides.end());
    }
  }
  template <typename A> static void run(A &Ar, DSGraph &G) {
    uint64_t N = ioCount(Ar, G.Nodes.size());
    if constexpr (A::Reading) {
      // Node 0 (unused) and the others, in one block (ioCount bounds N by the
      // bytes left).
      G.Nodes.resetFor(N);
      for (uint64_t I = 1; I < N && !Ar.failed(); ++I)
        G.Nodes.emplace_back();
    }
    for (uint64_t I = 1; I < N && !Ar.failed(); ++I)
      node(Ar, G, G.Nodes[I]);
    io(Ar, G.AnyEscapes);
  }
};

//===-- Functions --------------------------------------------------------===//

template <typename A> void io(A &Ar, PointerFacts &P) {
  fields(Ar, P.IsPointer, P.PointeeVoid, P.PointeePointer, P.PointeeStruct,
         P.PointeeRecord, P.Pointee);
}
template <typename A> void io(A &Ar, WrapperFacts &W) {
  fields(Ar, W.Allocator, W.AllocatorKey, W.ArgOf);
}
template <typename A> void io(A &Ar, VarFacts &V) {
  fields(Ar, V.Name, V.Loc, V.IsParam, V.LocalStorage, V.Struct, V.Elements);
}
template <typename A> void io(A &Ar, CallSite::ByteCover &B) {
  fields(Ar, B.Elem, B.Constant, B.Count);
}
template <typename A> void io(A &Ar, HookCall &H) {
  fields(Ar, H.Hook, H.Targets, H.Allocator, H.ArgOf, H.Refusal);
}
/// As a DenseMap<NodeId, V> is written: the count, then the entries in node order.
template <typename A, typename V> void io(A &Ar, SortedNodeMap<V> &M) {
  uint64_t N = ioCount(Ar, M.size());
  if constexpr (A::Reading) {
    M = SortedNodeMap<V>();
    M.reserve(N);
    for (uint64_t I = 0; I < N && !Ar.failed(); ++I) {
      NodeId Key = 0;
      V Val{};
      io(Ar, Key);
      io(Ar, Val);
      M.append(Key, Val);
    }
  } else {
    for (auto [Key, Val] : M) {
      io(Ar, Key);
      io(Ar, Val);
    }
  }
}
template <typename A> void io(A &Ar, CalleeBinding &B) {
  fields(Ar, B.Callee, B.Map);
}
template <typename A> void io(A &Ar, CallSite &CS) {
  fields(Ar, CS.Loc, CS.DirectCallee, CS.CalleeName, CS.CalleeCell, CS.Args,
         CS.ArgTypes, CS.Ret, CS.RetType, CS.Targets, CS.ExternalTargets,
         CS.CallbackTargets, CS.CalleeInBytes, CS.Bindings, CS.ByteCovers,
         CS.Hook, CS.NumArgs, CS.Builtin, CS.CalleeSpelling, CS.CalleeTypeKey,
         CS.CalleeGlobals, CS.ArgNamesParam, CS.ArgSizeParam);
}
template <typename A, typename K> void io(A &Ar, KeyedCells<K> &Cells) {
  std::vector<Cell> Cs;
  for (auto &E : Cells)
    Cs.push_back(E.second);
  io(Ar, Cs);
  if constexpr (A::Reading) {
    Cells = KeyedCells<K>();
    for (Cell C : Cs)
      Cells.append(C);
  }
}
template <typename A> void io(A &Ar, FunctionTypeUses &U) {
  fields(Ar, U.Pointers, U.Problem, U.Referenced, U.ReferencedIn, U.Names,
         U.Undefined);
}

/// A function without its graph (written once per graph: the functions of one
/// SCC share theirs after the bottom-up pass).
template <typename A> void functionFields(A &Ar, FunctionGraph &F) {
  fields(Ar, F.Key, F.Name, F.Unit, F.ExternallyVisible, F.Loc, F.TypeKey,
         F.Variadic, F.Inline, F.InlineExternal, F.Weak, F.UnsharedStatics, F.OpenMP, F.DeferredWork, F.AlwaysReached,
         F.ParamPointers, F.RetPointer, F.Wrapper, F.VarInfo, F.ParamStorage,
         F.ValueExprs, F.Formals, F.FormalTypes, F.Ret, F.RetType, F.VarArgs,
         F.Calls, F.VarStorage, F.ExprCells, F.GlobalCells);
}

/// Functions by key, each graph once (shared graphs stay shared), on table \p
/// T.
template <typename A>
void functionsIO(A &Ar, std::map<std::string, FunctionGraph> &Fs,
                 TypeTable &T) {
  std::vector<DSGraph *> Graphs;
  std::map<const DSGraph *, uint64_t> IndexOf;
  if constexpr (!A::Reading)
    for (auto &KV : Fs)
      if (IndexOf.emplace(KV.second.Graph.get(), Graphs.size()).second)
        Graphs.push_back(KV.second.Graph.get());
  uint64_t NG = ioCount(Ar, Graphs.size());
  std::vector<std::shared_ptr<DSGraph>> Read;
  for (uint64_t I = 0; I < NG && !Ar.failed(); ++I) {
    if constexpr (A::Reading) {
      Read.push_back(std::make_shared<DSGraph>(T));
      GraphIO::run(Ar, *Read.back());
    } else {
      GraphIO::run(Ar, *Graphs[I]);
    }
  }
  uint64_t NF = ioCount(Ar, Fs.size());
  if constexpr (A::Reading) {
    Fs.clear();
    for (uint64_t I = 0; I < NF && !Ar.failed(); ++I) {
      FunctionGraph F;
      functionFields(Ar, F);
      uint64_t G = Ar.num();
      if (G >= Read.size()) {
        Ar.markFailed();
        break;
      }
      F.Graph = Read[G];
      std::string Key = F.Key;
      Fs.emplace(std::move(Key), std::move(F));
    }
  } else {
    for (auto &KV : Fs) {
      functionFields(Ar, KV.second);
      Ar.num(IndexOf[KV.second.Graph.get()]);
    }
  }
}

template <typename A> void io(A &Ar, AddressIntegerFacts::Source &S) {
  fields(Ar, S.Class, S.Function, S.Target, S.Loc);
}
template <typename A> void io(A &Ar, AddressIntegerFacts::Measure &M) {
  fields(Ar, M.A, M.B, M.Loc);
}
template <typename A> void io(A &Ar, AddressIntegerFacts &F) {
  fields(Ar, F.Sources, F.Unions, F.Measures);
}

template <typename A> void io(A &Ar, UnitSummary &S) {
  io(Ar, S.MainFile);
  io(Ar, S.Types);
  functionsIO(Ar, S.Functions, S.Types);
  if constexpr (A::Reading)
    S.Globals = std::make_unique<DSGraph>(S.Types);
  GraphIO::run(Ar, *S.Globals);
  fields(Ar, S.GlobalCells, S.GlobalNames, S.GlobalTypes, S.GlobalTypeDefined,
         S.GlobalLocs, S.GlobalLocDefined, S.InitializedGlobals, S.GlobalsWithValues,
         S.TakenNames,
         S.GlobalPointersToIntegers, S.FunctionPointersToIntegers,
         S.FunctionTypes, S.AddressIntegers);
}

template <typename A> void io(A &Ar, LinkError &E) {
  fields(Ar, E.Loc, E.Message, E.NoteLoc, E.Note);
}

template <typename A> void programGlobals(A &Ar, ProgramGraphs &PG) {
  io(Ar, PG.Types);
  if constexpr (A::Reading)
    PG.Globals = std::make_unique<DSGraph>(PG.Types);
  GraphIO::run(Ar, *PG.Globals);
  fields(Ar, PG.GlobalCells, PG.GlobalNames, PG.GlobalTypes,
         PG.GlobalTypeDefined, PG.GlobalDefinitions, PG.GlobalsWithValues, PG.TakenNames, PG.HasMain, PG.AddressEscaped, PG.Unreachable,
         PG.Errors, PG.UnitFunctionTypes);
}

template <typename A> void io(A &Ar, ProgramGraphs &PG) {
  programGlobals(Ar, PG);
  functionsIO(Ar, PG.Functions, PG.Types);
  if constexpr (A::Reading)
    PG.indexUnits();
}

template <typename A> void io(A &Ar, DSGraph &G) { GraphIO::run(Ar, G); }

//===-- Plans ------------------------------------------------------------===//

template <typename A> void io(A &Ar, NodeRef &R) {
  fields(Ar, R.Owner, R.Node);
}
template <typename A> void io(A &Ar, Layout &L) {
  fields(Ar, L.Struct, L.Compressed, L.FieldBits, L.FieldArrayBits, L.Nested,
         L.NestedArrayBytes, L.StructSize, L.Name, L.IsUnion, L.MallocAligned);
}
template <typename A> void io(A &Ar, Pool::Variable &V) {
  fields(Ar, V.Key, V.Name, V.Loc, V.First, V.Count, V.Array, V.Local, V.Function, V.Image);
}
template <typename A> void io(A &Ar, Pool &P) {
  fields(Ar, P.Origin, P.Struct, P.Indexed, P.Compressed, P.Bits, P.LayoutId,
         P.Name, P.Label, P.AllocSites, P.OwnerName, P.SharedByActivations,
         P.ThreadSafe, P.ThreadWhy, P.MallocAligned, P.Merged, P.Variables);
}
template <typename A> void io(A &Ar, NodeEncoding &E) {
  fields(Ar, E.Source, E.Slot, E.Pool, E.LayoutId, E.Struct, E.Bits, E.Indexed);
}
template <typename A> void io(A &Ar, FunctionVersion::Call &C) {
  fields(Ar, C.Version, C.PoolArgs, C.Indirect, C.Targets);
}
template <typename A> void io(A &Ar, FunctionVersion &V) {
  fields(Ar, V.Function, V.Name, V.IsOriginal, V.Signature, V.InterfaceNodes,
         V.Nodes, V.OwnedPools, V.NumPoolParams, V.ParamPools, V.Calls,
         V.UsesPools, V.FnClass);
}
template <typename A> void io(A &Ar, FnPtrClass &C) {
  fields(Ar, C.Type, C.Members, C.MemberNames, C.Pointers, C.Paths, C.Slots,
         C.Active, C.Decision, C.Clone, C.ParamBits, C.RetBits, C.NumPoolParams,
         C.ReferencedIn);
}
template <typename A> void io(A &Ar, VersionTable &T) { io(Ar, T.whole()); }

/// Pools are written each on its own (its own string table) after its key, so
/// that a reader can keep them encoded and decode the few it uses
/// (readEncodedPools).
template <typename A> void io(A &Ar, PoolTable::Key &K) {
  fields(Ar, K.Struct, K.Indexed, K.Global, K.Node);
}
static bool decodePool(llvm::StringRef Bytes, Pool &Out) {
  ArchiveReader R(Bytes);
  io(R, Out);
  return !R.failed() && R.atEnd();
}
static void readEncoded(ArchiveReader &Ar, std::vector<PoolTable::Key> &Keys,
                        std::vector<llvm::StringRef> &Encoded) {
  uint64_t N = Ar.count();
  for (uint64_t I = 0; I < N && !Ar.failed(); ++I) {
    io(Ar, Keys.emplace_back());
    Encoded.push_back(Ar.blob());
  }
}
template <typename A> void io(A &Ar, PoolTable &T) {
  if constexpr (A::Reading) {
    std::vector<PoolTable::Key> Keys;
    std::vector<llvm::StringRef> Encoded;
    readEncoded(Ar, Keys, Encoded);
    std::vector<Pool> Pools(Encoded.size());
    for (size_t I = 0; I < Encoded.size() && !Ar.failed(); ++I)
      if (!decodePool(Encoded[I], Pools[I]))
        Ar.markFailed();
    T = std::move(Pools);
  } else {
    Ar.num(T.size());
    for (size_t I = 0; I < T.size(); ++I) {
      PoolTable::Key K = T.key(I);
      io(Ar, K);
      ArchiveWriter W;
      io(W, T[I]);
      Ar.blob(W.bytes());
    }
  }
}
void readEncodedPools(ArchiveReader &Ar, PoolTable &T) {
  std::vector<PoolTable::Key> Keys;
  std::vector<llvm::StringRef> Encoded;
  readEncoded(Ar, Keys, Encoded);
  T.assignEncoded(std::move(Keys), std::move(Encoded), decodePool);
}
template <typename A> void io(A &Ar, Plan &P) {
  fields(Ar, P.Pools, P.Layouts, P.Versions, P.VersionsOf, P.Reasons, P.Vetoed,
         P.GlobalHolders, P.GlobalHolderPools, P.FnClasses, P.FnClassOf,
         P.VariablePools);
}
template <typename A> void io(A &Ar, PlanOptions::Exclusion &E) {
  fields(Ar, E.Struct, E.Function, E.Reason);
}
template <typename A> void io(A &Ar, PlanOptions &O) {
  fields(Ar, O.Compress, O.IndexBits, O.Exclusions, O.Threads);
}

#define PTRCOMP_ARCHIVE_TYPES(T)                                               \
  template void io<ArchiveWriter>(ArchiveWriter &, T &);                       \
  template void io<ArchiveReader>(ArchiveReader &, T &);
PTRCOMP_ARCHIVE_TYPES(Cell)
PTRCOMP_ARCHIVE_TYPES(TypeTable)
PTRCOMP_ARCHIVE_TYPES(UnitSummary)
PTRCOMP_ARCHIVE_TYPES(ProgramGraphs)
PTRCOMP_ARCHIVE_TYPES(Plan)
PTRCOMP_ARCHIVE_TYPES(PlanOptions)
PTRCOMP_ARCHIVE_TYPES(NodeRef)
PTRCOMP_ARCHIVE_TYPES(DSGraph)
PTRCOMP_ARCHIVE_TYPES(FunctionVersion)
PTRCOMP_ARCHIVE_TYPES(Pool)
PTRCOMP_ARCHIVE_TYPES(Layout)
PTRCOMP_ARCHIVE_TYPES(FnPtrClass)
PTRCOMP_ARCHIVE_TYPES(PoolTable)
#undef PTRCOMP_ARCHIVE_TYPES
template void functionFields<ArchiveWriter>(ArchiveWriter &, FunctionGraph &);
template void functionFields<ArchiveReader>(ArchiveReader &, FunctionGraph &);
template void programGlobals<ArchiveWriter>(ArchiveWriter &, ProgramGraphs &);
template void programGlobals<ArchiveReader>(ArchiveReader &, ProgramGraphs &);

//===-- Summary files ----------------------------------------------------===//

std::string writeSummary(UnitSummary &S, llvm::StringRef ToolVersion) {
  ArchiveWriter W;
  io(W, S);
  return wrapFile("summary", ToolVersion, W.takeBytes());
}

llvm::Expected<std::unique_ptr<UnitSummary>>
readSummary(llvm::StringRef Bytes, llvm::StringRef ToolVersion) {
  llvm::Expected<llvm::StringRef> Body =
      unwrapFile("summary", ToolVersion, Bytes);
  if (!Body)
    return Body.takeError();
  auto S = std::make_unique<UnitSummary>();
  ArchiveReader R(*Body);
  io(R, *S);
  if (R.failed() || !R.atEnd())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "damaged summary file (its contents do not parse)");
  return std::move(S);
}

} // namespace ptrcomp::dsa
