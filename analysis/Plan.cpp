//===- Plan.cpp - pool, compression and clone plans ----------------------===//
//
// 1. Structures: every heap node of the graph where it stops escaping (its owner: the
//    function whose own code reaches it while it is not reachable from the function's
//    parameters, result or globals; or the globals graph). Each gets a pool when all its
//    objects are heap objects we can see allocated, and its pointers become indices when
//    everything that holds them can be rewritten (paper sections 3 and 5.1).
// 2. Layouts: pointer fields that point into indexed pools become indices, 32/16 bits in
//    type-homogeneous objects (whose layout may change), 64 bits otherwise.
// 3. Versions: top-down from the entry points, each call site asks for the version of its
//    callee whose parameters' structures are represented the way the caller's are; one
//    version per distinct signature (the paper's cloning).
//
//===----------------------------------------------------------------------===//
#include "LibcModel.h"
#include "PoolLifetimes.h"
#include "ptrcomp/analysis/Plan.h"
#include "ptrcomp/Compat.h"
#include "ptrcomp/analysis/AllocationHooks.h"

#include "FunctionPointerTypes.h"
#include "LocalGraphs.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <algorithm>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>

namespace ptrcomp::dsa {
namespace {

using NodeSet = llvm::DenseSet<NodeId>;

NodeSet reachSet(DSGraph &G, const std::vector<Cell> &Roots) {
  NodeSet S;
  for (NodeId N : G.reachable(Roots))
    S.insert(N);
  return S;
}

/// Per-function facts the plan needs, computed once.
struct FunctionFacts {
  NodeSet Interface, GlobalReach, Own;
  std::vector<NodeId> InterfaceOrder;
  /// function-graph node -> globals-graph node, for nodes reachable from globals
  llvm::DenseMap<NodeId, NodeId> ToGlobals;
};

FunctionFacts factsOf(ProgramGraphs &PG, FunctionGraph &F) {
  FunctionFacts Facts;
  DSGraph &G = *F.Graph;
  std::vector<Cell> IRoots(F.Formals.begin(), F.Formals.end());
  IRoots.push_back(F.Ret);
  IRoots.push_back(F.VarArgs);
  std::vector<Cell> GRoots;
  for (auto &KV : F.GlobalCells)
    GRoots.push_back(KV.second);
  Facts.GlobalReach = reachSet(G, GRoots);
  for (NodeId N : G.reachable(IRoots))
    if (!Facts.GlobalReach.count(N)) {
      Facts.Interface.insert(N);
      Facts.InterfaceOrder.push_back(N);
    }
  std::vector<Cell> Own;
  for (auto &KV : F.VarStorage)
    Own.push_back(KV.second);
  for (auto &KV : F.ExprCells)
    Own.push_back(KV.second);
  Facts.Own = reachSet(G, Own);
  // Pair the function's view of each global with the globals graph, edge by edge.
  std::vector<std::pair<Cell, Cell>> Work;
  for (auto &[Key, C] : F.GlobalCells)
    if (auto It = PG.GlobalCells.find(Key); It != PG.GlobalCells.end())
      Work.emplace_back(C, It->second);
  while (!Work.empty()) {
    auto [FC, GC] = Work.back();
    Work.pop_back();
    FC = G.resolve(FC);
    GC = PG.Globals->resolve(GC);
    if (FC.isNull() || GC.isNull() || Facts.ToGlobals.count(FC.Node))
      continue;
    Facts.ToGlobals[FC.Node] = GC.Node;
    for (auto &[Off, T] : G.node(FC.Node).Edges) {
      Cell GE = PG.Globals->edgeIfAny({GC.Node, Off});
      if (!GE.isNull())
        Work.emplace_back(T, GE);
    }
  }
  return Facts;
}

/// A one-dimensional array of pointers (`struct T *child[4]`).
bool isPointerArray(const TypeTable &Types, TypeId T) {
  const TypeInfo &I = Types.info(T);
  return I.K == TypeInfo::Array && !I.Fields.empty() &&
         Types.info(I.Fields.front().Type).K == TypeInfo::Pointer;
}

/// Whether the pointer at byte \p Off of a \p T object is one a new layout can store as
/// an index: a pointer member or an array of pointers, of \p T or (in type-homogeneous
/// objects) of a struct member nested at any depth.
/// The element type of \p T when it is a one-dimensional array of structs, else NoType.
static TypeId structArrayElement(const TypeTable &Types, TypeId T) {
  const TypeInfo &I = Types.info(T);
  if (I.K != TypeInfo::Array || I.Fields.empty())
    return NoType;
  TypeId Elem = I.Fields.front().Type;
  return Types.info(Elem).K == TypeInfo::Struct && Types.size(Elem) ? Elem : NoType;
}

/// What holds the pointer at byte \p Off of \p T where pointerFieldAt says no: a union
/// whose members have different types, or an array of arrays of structs.
static std::string unrewritableHolder(const TypeTable &Types, TypeId T, uint64_t Off) {
  for (const TypeInfo::Field &F : Types.info(T).Fields) {
    if (Off < F.Offset || Off >= F.Offset + Types.size(F.Type))
      continue;
    const TypeInfo &FI = Types.info(F.Type);
    if (FI.K == TypeInfo::Union && Types.isUntypableUnion(F.Type))
      return "a union whose members have different types" +
             (llvm::StringRef(FI.Name).contains_insensitive("anonymous") ||
                      llvm::StringRef(FI.Name).contains("unnamed")
                  ? std::string()
                  : " (" + FI.Name + ")");
    if (FI.K == TypeInfo::Struct || FI.K == TypeInfo::Union)
      return unrewritableHolder(Types, F.Type, Off - F.Offset);
    if (TypeId Elem = structArrayElement(Types, F.Type))
      return unrewritableHolder(Types, Elem, (Off - F.Offset) % Types.size(Elem));
    // What else holds a pointer there: an array of arrays (of pointers, of structs).
    TypeId Inner = F.Type;
    while (Types.info(Inner).K == TypeInfo::Array)
      Inner = Types.info(Inner).Fields.empty() ? NoType : Types.info(Inner).Fields[0].Type;
    bool OfPointers = Inner && Types.info(Inner).K == TypeInfo::Pointer;
    return "the member '" + F.Name + "', an array of arrays of " +
           (OfPointers ? "pointers" : "structs or unions");
  }
  return "a member ptrcomp cannot rewrite";
}

bool pointerFieldAt(const TypeTable &Types, TypeId T, uint64_t Off, bool Collapsed) {
  for (const TypeInfo::Field &F : Types.info(T).Fields) {
    if (F.BitField || Off < F.Offset || Off >= F.Offset + Types.size(F.Type))
      continue;
    const TypeInfo &FI = Types.info(F.Type);
    if (F.Offset == Off && (FI.K == TypeInfo::Pointer ||
                            (!Collapsed && isPointerArray(Types, F.Type))))
      return true;
    if (!Collapsed && FI.K == TypeInfo::Struct)
      return pointerFieldAt(Types, F.Type, Off - F.Offset, Collapsed);
    // A union whose members all have one type: every access agrees with the others
    // (the analysis collapses objects accessed through any other union holding pointers).
    if (!Collapsed && FI.K == TypeInfo::Union && !Types.isUntypableUnion(F.Type))
      return pointerFieldAt(Types, F.Type, Off - F.Offset, Collapsed);
    // An array of structs: each element like the first (the analysis folds them).
    if (TypeId Elem = structArrayElement(Types, F.Type); Elem && !Collapsed)
      return pointerFieldAt(Types, Elem, (Off - F.Offset) % Types.size(Elem), Collapsed);
    return false;
  }
  return false;
}

std::string tagName(const TypeTable &Types, TypeId T) {
  llvm::StringRef N = Types.name(T);
  if (!N.consume_front("struct "))
    N.consume_front("union ");
  return N.str();
}

class Planner {
public:
  Planner(ProgramGraphs &PG, const PlanOptions &Opts, const Vetoes &V)
      : PG(PG), Opts(Opts), V(V) {}

  Plan run();
  /// Pools whose use a version found impossible; the plan is made again without them.
  Vetoes NewVetoes;

private:
  DSGraph &graphOf(const std::string &Owner) {
    return Owner.empty() ? *PG.Globals : *PG.function(Owner)->Graph;
  }
  void findStructures();
  bool checkNode(const NodeRef &R, std::string &Why);
  /// " (among them 'x' of f (file:line:col), ...)": the named variables whose storage
  /// is among the objects of R, or "".
  std::string mixedVariables(const NodeRef &R);
  /// Whether the global and static objects among R's objects can live in its pool
  /// (VariablesOf gets them), or why not.
  bool poolVariables(const NodeRef &R, std::string &Why);
  /// The same for the local variables among R's objects.
  bool poolLocals(const NodeRef &R, std::string &Why);
  /// Adds to \p Vars the locals of \p F, and of the functions it calls, among the
  /// objects of \p Node of its graph; false (and \p Why) when one cannot move.
  bool collectLocals(FunctionGraph &F, NodeId Node, TypeId T,
                     std::vector<Pool::Variable> &Vars,
                     std::set<std::pair<std::string, NodeId>> &Seen, std::string &Why);
  std::map<NodeRef, std::vector<Pool::Variable>> VariablesOf;
  bool rewritablePointerAt(TypeId T, uint64_t Off, bool Collapsed) {
    return pointerFieldAt(PG.Types, T, Off, Collapsed);
  }
  /// The layout of the \p T objects at byte \p Base of node \p N's objects, or -1 when
  /// they keep their type. \p IndexBits gives the width of the indices that a pointer to
  /// a cell becomes (0: it stays a pointer): pools, embedded headers, struct-typed locals
  /// and globals differ only there.
  /// \p MallocAligned: the layout of a pool's objects whose addresses become integers.
  int buildLayout(DSGraph &G, const DSNode &N, TypeId T, uint64_t Base, bool Compressed,
                  llvm::function_ref<unsigned(Cell)> IndexBits, bool MallocAligned = false);
  /// The index width of a pointer to \p Tg in the graph of \p Owner, or 0.
  unsigned indexBitsIn(const std::string &Owner, Cell Tg);
  /// The struct of node \p N's objects (of a collapsed node: one its pointers name).
  TypeId structOf(const DSNode &N) const;
  int internLayout(Layout L);
  /// Whether node \p N of \p F's graph is struct-typed local variables (not parameters)
  /// that may hold indices: a struct-typed holder (`struct queue q;`) whose layout can
  /// change with the pools its fields point to.
  bool isLocalHolder(FunctionGraph &F, NodeId N);
  /// Whether node \p N of \p F's graph is a struct value that no variable of \p F
  /// names: a call's result, or a callee's by-value parameter or result as the call
  /// site sees it. It takes the layout of its fields' targets, like a local holder.
  bool isValueSlot(FunctionGraph &F, NodeId N);
  /// The nodes of \p F's graph that are struct values (see isValueSlot), computed once.
  const NodeSet &valueNodes(FunctionGraph &F);
  llvm::DenseMap<FunctionGraph *, NodeSet> ValueNodes;
  /// The nodes of \p F's graph whose address is stored in a struct, or in heap or global
  /// memory (not only in pointer variables), computed once.
  const NodeSet &storedAddresses(FunctionGraph &F);
  llvm::DenseMap<FunctionGraph *, NodeSet> StoredAddresses;
  /// Whether callee node \p M is \p Callee's by-value struct parameter or result.
  bool isValueSlotOf(FunctionGraph &Callee, NodeId M);
  /// The holder encoding a by-value struct at \p C takes in version \p Ver (its fields'
  /// targets decide the layout), or none.
  NodeEncoding valueSlotEncoding(const FunctionVersion &Ver, FunctionGraph &F, Cell C);
  /// An object of layout \p LayoutId held outside pools (a local, a value, a header).
  NodeEncoding holderEncoding(int LayoutId) const;
  /// Whether node \p N of the globals graph is struct-typed global variables that may
  /// hold indices.
  bool isGlobalHolder(NodeId N);
  /// Whether the address of global holder \p N (the globals \p Keys) is stored in a
  /// struct or heap object of any graph, computed once.
  bool addressStored(NodeId N, const std::set<std::string> &Keys);
  std::map<NodeId, bool> AddressStored;
  /// Layouts of the global holders, once the pools are known.
  void makeGlobalHolders();
  /// The layout of holder \p N in version \p Ver: an interface holder's with the same
  /// field targets, else its own (holderLayout).
  int holderLayoutBeside(const FunctionVersion &Ver, FunctionGraph &F, NodeId N);
  /// The layout of local holder \p N in version \p Ver, or -1.
  int holderLayout(const FunctionVersion &Ver, FunctionGraph &F, NodeId N);
  /// How a callee sees the object at \p C (a cell of version \p Ver's graph) when it
  /// takes it as a \p T.
  NodeEncoding embeddedEncoding(const FunctionVersion &Ver, Cell C, TypeId T);
  std::set<int> poolsHolding(int LayoutId);
  void settleHolders();
  void makeLayouts();
  void mergePools();
  void makeVersions();
  void vetoRefusedHooks();
  void vetoSplitStatics();
  void vetoPointersIntoNestedLayouts();
  void nameStructures();
  unsigned versionFor(FunctionGraph &F, const std::vector<NodeEncoding> &Sig, bool Entry);
  std::set<unsigned> globalIndexBits(FunctionGraph &F);
  void fillVersion(unsigned VI);
  NodeEncoding encodingIn(const FunctionVersion &Ver, FunctionFacts &Facts, NodeId N);

  ProgramGraphs &PG;
  const PlanOptions &Opts;
  const Vetoes &V;
  Plan P;
  std::map<std::string, FunctionFacts> Facts;
  std::vector<NodeRef> Structures;             // every heap structure, in order
  std::map<NodeRef, int> PoolOf;               // structure -> pool
  std::map<NodeRef, std::string> Candidate;    // structure -> "" or why not indexed
  std::map<std::string, bool> RecursiveMemo;
  std::optional<std::string> ThreadsMemo;
  PoolLifetimes Lifetimes{PG};
  /// Whether function \p Key can call itself (directly or through others).
  bool isRecursive(const std::string &Key);
  /// How the program starts threads ("pthread_create at a.c:3:5", "OpenMP in a.c"), or ""
  /// when it starts none.
  const std::string &threadEvidence();
  bool startsThreads() { return !threadEvidence().empty(); }
  bool usesOpenMP = false;
  /// Whether pool \p Pl may be used by several threads at once, and why.
  void decideThreadMode(Pool &Pl);
  std::deque<unsigned> Work;

  // Calls through function pointers that pass pools (FnPtrClass, issue 17).
  struct ClassState {
    std::string Why; ///< non-empty: the class cannot be retyped (located)
    FnPtrClass Out;
    /// Member key -> its interface node -> its path (index in Out.Paths).
    std::map<std::string, std::map<NodeId, unsigned>> SlotOf;
    std::vector<std::pair<unsigned, unsigned>>
        Calls;          ///< (caller version, call index)
    size_t Settled = 0; ///< Calls already given versions
    bool Vetoed = false;
  };
  std::map<std::string, ClassState> Classes; ///< by function type key
  std::set<std::string> ClassMembers;        ///< of classes that may be retyped
  /// Structures to veto once the pools behind each pool parameter are known.
  struct DeferredVeto {
    unsigned Version;
    NodeEncoding E;
    std::string Why;
  };
  std::vector<DeferredVeto> Deferred;
  void findFnClasses();
  ClassState *classOfCall(const CallSite &CS);
  NodeEncoding slotIn(unsigned VI, const CallSite &CS,
                      const std::vector<uint64_t> &Path, bool &Mismatch);
  bool settleClasses();
  unsigned classVersion(FunctionGraph &F, ClassState &K, int ClassIdx);
  void finishFnClasses();
};

void Planner::findStructures() {
  // Heap nodes of the globals graph first, then of each function in key order.
  for (NodeId N : PG.Globals->reachable([&] {
         std::vector<Cell> R;
         for (auto &KV : PG.GlobalCells)
           R.push_back(KV.second);
         return R;
       }()))
    if (PG.Globals->liveNode(N).Flags & Heap)
      Structures.push_back({"", N});
  std::map<DSGraph *, std::map<NodeId, std::string>> ClaimedBy;
  for (auto &[Key, F] : PG.Functions) {
    FunctionFacts &FF = Facts[Key];
    FF = factsOf(PG, F);
    DSGraph &G = *F.Graph;
    std::vector<NodeId> Own(FF.Own.begin(), FF.Own.end());
    std::sort(Own.begin(), Own.end());
    for (NodeId N : Own) {
      if (!(G.liveNode(N).Flags & Heap) || FF.Interface.count(N) || FF.GlobalReach.count(N))
        continue;
      auto [It, New] = ClaimedBy[&G].emplace(N, Key);
      if (!New) {
        // Two functions of one recursive cycle reach it from their own code.
        P.Reasons[{It->second, N}].push_back(
            "used by both '" + PG.function(It->second)->Name + "' and '" + F.Name +
            "', which call each other, without being passed between them");
        Candidate[{It->second, N}] = P.Reasons[{It->second, N}].back();
        continue;
      }
      Structures.push_back({Key, N});
    }
  }
}

bool Planner::isRecursive(const std::string &Key) {
  if (auto It = RecursiveMemo.find(Key); It != RecursiveMemo.end())
    return It->second;
  // Does some chain of calls from Key come back to it?
  std::set<std::string> Seen;
  std::vector<std::string> Work{Key};
  bool Found = false;
  while (!Work.empty() && !Found) {
    FunctionGraph *F = PG.function(Work.back());
    Work.pop_back();
    if (!F)
      continue;
    for (const CallSite &CS : F->Calls)
      for (const std::string &T : CS.Targets) {
        Found |= T == Key;
        if (Seen.insert(T).second)
          Work.push_back(T);
      }
  }
  return RecursiveMemo[Key] = Found;
}

const std::string &Planner::threadEvidence() {
  if (!ThreadsMemo) {
    ThreadsMemo.emplace();
    for (auto &[Key, F] : PG.Functions) {
      if (F.OpenMP) {
        usesOpenMP = true;
        if (ThreadsMemo->empty())
          *ThreadsMemo = "it is compiled with OpenMP";
      }
      for (const CallSite &CS : F.Calls)
        for (const std::string &T : CS.ExternalTargets) {
          if (!ThreadsMemo->empty())
            break;
          if (dsa::startsThreads(T)) {
            *ThreadsMemo = "it calls " + T + " at " + CS.Loc;
            continue;
          }
          // The C library functions the model knows call nothing on another thread
          // (those that do start threads, above).
          if (callsBackOnCallingThread(T) || isModelledFunction(T))
            continue;
          // A function of the program handed to code ptrcomp cannot see may be called
          // from any thread.
          // Also one whose address is stored in memory the argument reaches (a struct
          // of callbacks).
          for (Cell A : CS.Args) {
            A = F.Graph->resolve(A);
            if (A.isNull())
              continue;
            std::string Fn;
            for (NodeId N : F.Graph->reachable({A}))
              if (!F.Graph->liveNode(N).Functions.empty()) {
                Fn = F.Graph->liveNode(N).Functions.front();
                break;
              }
            if (Fn.empty())
              continue;
            if (FunctionGraph *G = PG.function(Fn))
              Fn = G->Name;
            *ThreadsMemo = "it passes '" + Fn + "' to " + T + " at " + CS.Loc +
                           ", which ptrcomp cannot see and which may call it on another "
                           "thread";
            break;
          }
        }
    }
  }
  return *ThreadsMemo;
}

void Planner::decideThreadMode(Pool &Pl) {
  using TM = PlanOptions::ThreadMode;
  if (Opts.Threads == TM::Safe) {
    Pl.ThreadSafe = true;
    Pl.ThreadWhy = "--threads=safe";
    return;
  }
  if (Opts.Threads == TM::Single) {
    Pl.ThreadWhy = "--threads=single";
    return;
  }
  if (!startsThreads()) {
    Pl.ThreadWhy = NoThreadsReason;
    return;
  }
  Pl.ThreadSafe = true;
  if (usesOpenMP) {
    // A parallel region runs the body of its function on several threads, which then
    // share that function's pools.
    Pl.ThreadWhy = "the program is compiled with OpenMP: a parallel region may use a pool "
                   "of its function from several threads";
  } else if (Pl.OwnerName.empty()) {
    Pl.ThreadWhy = "it is reachable from global variables and the program starts threads (" +
                   threadEvidence() + ")";
  } else {
    // Owned by a function and reachable from nothing another thread can see (thread
    // arguments escape), so every activation's pool is its thread's own.
    Pl.ThreadSafe = false;
    Pl.ThreadWhy = "created by each call of '" + Pl.OwnerName +
                   "' and reachable from nothing another thread sees";
  }
}

/// "the global", or "the static local" for a static local's key ("function::name:loc").
static std::string variableNoun(const std::string &Key) {
  return Key.find("::") != std::string::npos ? "the static local" : "the global";
}


std::string Planner::mixedVariables(const NodeRef &R) {
  // The variables of the owner (or the program's globals, for a global structure) whose
  // own storage is among these objects: where the stack or global objects come from, as
  // far as the owner's graph names them (a callee's locals merged in have no name here).
  DSGraph &G = graphOf(R.Owner);
  auto Live = [&](NodeId Id) { return G.find(Id); };
  std::vector<std::string> Names;
  auto Global = [&](const std::string &Key, const Cell &C) {
    if (!C.Node || Live(C.Node) != R.Node)
      return;
    auto It = PG.GlobalNames.find(Key);
    Names.push_back(variableNoun(Key) + " '" +
                    (It != PG.GlobalNames.end() ? It->second : Key) + "'");
  };
  if (R.Owner.empty()) {
    for (auto &KV : PG.GlobalCells)
      Global(KV.first, KV.second);
  } else {
    const FunctionGraph &F = *PG.function(R.Owner);
    for (size_t I = 0; I < F.VarStorage.size() && I < F.VarInfo.size(); ++I)
      if (Cell C = F.VarStorage[I].second; C.Node && Live(C.Node) == R.Node)
        Names.push_back("'" + F.VarInfo[I].Name + "' of " + F.Name + " (" + F.VarInfo[I].Loc +
                        ")");
    for (auto &KV : F.GlobalCells)
      Global(KV.first, KV.second);
  }
  if (Names.empty())
    return "";
  std::sort(Names.begin(), Names.end());
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  const size_t Shown = 3;
  std::string Out = " (among them ";
  for (size_t I = 0; I < Names.size() && I < Shown; ++I)
    Out += (I ? ", " : "") + Names[I];
  if (Names.size() > Shown)
    Out += " and " + std::to_string(Names.size() - Shown) + " more";
  return Out + ")";
}

bool Planner::poolVariables(const NodeRef &R, std::string &Why) {
  // Global objects that the program links its heap objects to (`static T root[1];`
  // parsed into, a sentinel list head) become the pool's first objects: the pool makes
  // them when it is set up, before any code can reach them through it, and each name
  // becomes the index of its first object. Only what keeps its meaning that way: whole
  // file-scope variables of the objects' struct (or arrays of it), defined in the
  // program, in a pool of indices.
  if (!Opts.Compress) {
    Why = "pools of pool allocation only keep pointers, which cannot name a global object "
          "moved into a pool";
    return false;
  }
  if (!R.Owner.empty())
    return false; // a global's storage is in the globals graph: not expected here
  const DSNode &N = PG.Globals->liveNode(R.Node);
  TypeId T = N.Collapsed ? NoType : N.Type;
  if (!T || PG.Types.info(T).K != TypeInfo::Struct) {
    Why = "their objects are not all of one struct type";
    return false;
  }
  std::vector<Pool::Variable> Vars;
  uint64_t Next = 1;
  for (auto &[Key, C] : PG.GlobalCells) {
    if (!C.Node || PG.Globals->find(C.Node) != R.Node)
      continue;
    std::string Name = PG.GlobalNames.count(Key) ? PG.GlobalNames.at(Key) : Key;
    auto TIt = PG.GlobalTypes.find(Key);
    // (globalKey names a static local "function::name:location": its declaration in
    // the function becomes the index, rules/Declarations.h.)
    auto DIt = PG.GlobalDefinitions.find(Key);
    if (TIt == PG.GlobalTypes.end() || DIt == PG.GlobalDefinitions.end()) {
      Why = variableNoun(Key) + " '" + Name + "' is defined outside the program";
      return false;
    }
    Pool::Variable Var;
    Var.Key = Key;
    Var.Name = Name;
    Var.Loc = DIt->second;
    TypeId VT = TIt->second;
    if (TypeId Elem = structArrayElement(PG.Types, VT); Elem == T) {
      Var.Array = true;
      Var.Count = PG.Types.info(VT).ArrayCount;
    }
    if (C.Offset != 0 || (VT != T && !Var.Array) || Var.Count == 0) {
      Why = variableNoun(Key) + " '" + Name + "' (" + Var.Loc + ") is not a " +
            PG.Types.name(T) +
            " or an array of them";
      return false;
    }
    // Its values come from the pool's image, which one unit writes: the one that defines
    // every such global of the pool (ImageFile).
    Var.Image = PG.GlobalsWithValues.count(Key);
    Var.First = Next;
    Next += Var.Count;
    Vars.push_back(std::move(Var));
  }
  if (Vars.empty())
    return false;
  std::string ImageFile, ImageVar;
  for (const Pool::Variable &Var : Vars) {
    if (!Var.Image)
      continue;
    llvm::StringRef File = llvm::StringRef(Var.Loc).rsplit(':').first.rsplit(':').first;
    if (!ImageFile.empty() && File != ImageFile) {
      Why = "the globals '" + ImageVar + "' and '" + Var.Name + "' are initialised in "
            "different files (" + ImageFile + ", " + File.str() + "): ptrcomp makes the "
            "initialised objects of one pool from one file";
      return false;
    }
    ImageFile = File.str();
    ImageVar = Var.Name;
  }
  if (Opts.IndexBits == 16 && Next > 65535) {
    Why = "its global objects alone need more than 65,535 16-bit indices";
    return false;
  }
  VariablesOf[R] = std::move(Vars);
  return true;
}

bool Planner::poolLocals(const NodeRef &R, std::string &Why) {
  // Local objects that the program links its heap objects to (a sentinel, the dummy
  // head of a list being merged) are allocated from the structure's pool where they
  // are declared, and freed when their function returns: by the pool's destruction in
  // the owner, by pc_free in a function the pool is passed to. Their function's code
  // decides whether that keeps their meaning (rules/Declarations.h).
  if (!Opts.Compress) {
    Why = "pools of pool allocation only keep pointers, which cannot name a local object "
          "moved into a pool";
    return false;
  }
  if (R.Owner.empty()) {
    Why = "a local object would have to move into a pool of global objects, which "
          "outlives it";
    return false;
  }
  FunctionGraph &F = *PG.function(R.Owner);
  const DSNode &N = F.Graph->liveNode(R.Node);
  TypeId T = N.Collapsed ? NoType : N.Type;
  if (!T || PG.Types.info(T).K != TypeInfo::Struct) {
    Why = "their objects are not all of one struct type";
    return false;
  }
  if (N.Flags & StackTemporary) {
    Why = "a compound literal or alloca'd memory is among them, which no pool could hold";
    return false;
  }
  std::vector<Pool::Variable> Vars;
  std::set<std::pair<std::string, NodeId>> Seen;
  if (!collectLocals(F, R.Node, T, Vars, Seen, Why))
    return false;
  if (Vars.empty())
    return false;
  VariablesOf[R] = std::move(Vars);
  return true;
}

bool Planner::collectLocals(FunctionGraph &F, NodeId Node, TypeId T,
                            std::vector<Pool::Variable> &Vars,
                            std::set<std::pair<std::string, NodeId>> &Seen, std::string &Why) {
  DSGraph &G = *F.Graph;
  Node = G.find(Node);
  if (!Seen.insert({F.Key, Node}).second)
    return true;
  // The functions of one recursive cycle share a graph: whose local it is is lost.
  for (auto &[Key, Other] : PG.Functions)
    if (&Other != &F && Other.Graph == F.Graph)
      for (auto &KV : Other.VarStorage)
        if (G.find(KV.second.Node) == Node) {
          Why = "a local object of '" + Other.Name + "', which calls '" + F.Name +
                "' and is called by it, is among them";
          return false;
        }
  for (size_t I = 0; I < F.VarStorage.size() && I < F.VarInfo.size(); ++I) {
    Cell C = F.VarStorage[I].second;
    if (!C.Node || G.find(C.Node) != Node)
      continue;
    const VarFacts &VF = F.VarInfo[I];
    std::string Name = "'" + VF.Name + "' of " + F.Name + " (" + VF.Loc + ")";
    // Freed when its block is left: not when a longjmp (or the end of a thread) leaves
    // the function, nor allocated once when a longjmp comes back to a setjmp in it.
    if (const std::string &Left = Lifetimes.problem(F.Key); !Left.empty()) {
      Why = "the local " + Name + " would not be freed: " + Left;
      return false;
    }
    if (std::string At = Lifetimes.setjmpIn(F.Key); !At.empty()) {
      Why = "the local " + Name + " is in a function that calls setjmp (at " + At +
            "), which may run its declaration again";
      return false;
    }
    if (VF.IsParam) {
      Why = "the parameter " + Name + " is a struct passed by value";
      return false;
    }
    if (!VF.LocalStorage || VF.Struct != T || C.Offset != 0) {
      Why = "the local " + Name + " is not a " + PG.Types.name(T);
      return false;
    }
    std::string Key = localVariableKey(F.Key, VF.Loc);
    if (llvm::any_of(Vars, [&](const Pool::Variable &V) { return V.Key == Key; }))
      continue;
    Pool::Variable Var;
    Var.Key = Key;
    Var.Name = VF.Name;
    Var.Loc = VF.Loc;
    Var.First = 0;
    Var.Local = true;
    Var.Function = F.Name;
    // An array of them (`struct node heads[4];`): one block of its elements.
    if (VF.Elements) {
      Var.Array = true;
      Var.Count = VF.Elements;
    }
    Vars.push_back(std::move(Var));
  }
  // Stack objects of callees come with their graphs, through the calls' bindings.
  for (const CallSite &CS : F.Calls)
    for (const CalleeBinding &B : CS.Bindings) {
      FunctionGraph *Callee = PG.function(B.Callee);
      if (!Callee || Callee->Graph == F.Graph)
        continue;
      for (auto &[CN, CC] : B.Map)
        if (G.find(CC.Node) == Node && (Callee->Graph->liveNode(CN).Flags & Stack))
          if (!collectLocals(*Callee, CN, T, Vars, Seen, Why))
            return false;
    }
  return true;
}

bool Planner::checkNode(const NodeRef &R, std::string &Why) {
  DSGraph &G = graphOf(R.Owner);
  const DSNode &N = G.liveNode(R.Node);
  if (auto It = V.find(R); It != V.end()) {
    Why = It->second;
    return false;
  }
  // A recursive owner shares one static pool among its activations (see Pool), destroyed
  // when the outermost returns: with threads, one thread's return would destroy the pool
  // another thread's activations still use.
  if (!R.Owner.empty() && Opts.Threads != PlanOptions::ThreadMode::Single &&
      isRecursive(R.Owner) && startsThreads()) {
    Why = "its owner '" + PG.function(R.Owner)->Name +
          "' is recursive and the program starts threads: its activations share one pool, "
          "destroyed when the outermost returns, while another thread's activations may "
          "still use it";
    return false;
  }
  // A pool destroyed when its owner returns must not be used, or left behind, after that.
  if (!R.Owner.empty())
    if (const std::string &Why2 = Lifetimes.problem(R.Owner); !Why2.empty()) {
      Why = Why2;
      return false;
    }
  auto FirstReason = [&](llvm::StringRef Prefix) -> std::string {
    for (const std::string &S : N.Reasons)
      if (compat::startsWith(llvm::StringRef(S), Prefix))
        return S;
    return "";
  };
  // Addresses that become integers keep malloc's alignment in a pool by padding each
  // object (makeLayouts); elements of one array allocation cannot be padded, nor
  // shrunk by a new layout, without changing their spacing, which such integers
  // measure (`(uintptr_t)p >> 4`). Objects that keep a size malloc aligns keep both.
  TypeId Struct = structOf(N);
  if ((N.Flags & AddressInteger) && (N.Flags & Array) &&
      ((!N.Collapsed && Opts.Compress) || !Struct ||
       PG.Types.size(Struct) % MallocAlignment)) {
    std::string At = FirstReason("address: ");
    Why = "its objects are allocated as arrays and the program relies on their addresses" +
          (At.empty() ? std::string() : " (" + At.substr(9) + ")") +
          ": a pool would change their alignment or their spacing";
    return false;
  }
  if (N.Flags & Escapes) {
    Why = FirstReason("escapes");
    if (Why.empty())
      Why = "escapes to code ptrcomp cannot see";
    return false;
  }
  if (N.Flags & Unknown) {
    Why = FirstReason("unknown");
    if (Why.empty())
      Why = "mixed with pointers of unknown origin";
    return false;
  }
  if ((N.Flags & Stack) && (N.Flags & Global))
    Why = "a pool of global and local objects would have to free the locals itself";
  if (((N.Flags & Stack) && (N.Flags & Global)) ||
      ((N.Flags & Stack) && !poolLocals(R, Why)) ||
      ((N.Flags & Global) && !poolVariables(R, Why))) {
    Why = "holds stack or global objects as well as heap objects" + mixedVariables(R) +
          (Why.empty() ? "" : ": " + Why);
    return false;
  }
  if (N.AllocSites.empty()) {
    Why = "no allocation site in the program";
    return false;
  }
  TypeId T = N.Type;
  if (N.Collapsed) {
    std::vector<TypeId> Structs;
    for (TypeId PT : N.PointerTypes)
      if (PG.Types.info(PT).K == TypeInfo::Struct)
        Structs.push_back(PT);
    if (Structs.size() != 1) {
      Why = N.Reasons.empty() ? "objects of unknown type" : N.Reasons.front();
      return false;
    }
    T = Structs.front();
  }
  if (!T || PG.Types.info(T).K != TypeInfo::Struct) {
    Why = "objects are not structs" +
          (T ? " (" + PG.Types.name(T) + ")" : std::string(""));
    return false;
  }
  // User opt-outs: no pool at all, the safest choice (no edit touches the structure).
  const std::string &TypeName = PG.Types.name(T);
  for (const PlanOptions::Exclusion &X : Opts.Exclusions)
    if ((X.Struct.empty() || X.Struct == TypeName || "struct " + X.Struct == TypeName) &&
        (X.Function.empty() ||
         (!R.Owner.empty() && PG.function(R.Owner)->Name == X.Function))) {
      Why = X.Reason;
      return false;
    }
  // Pointer fields must be pointer members or arrays of pointers (the analysis folds an
  // array's elements into one cell) of a type-homogeneous struct; pointers inside nested
  // structs or unions would change layouts in ways not rewritten yet.
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(T, Offs);
  for (uint64_t Off : Offs)
    if (!rewritablePointerAt(T, Off, N.Collapsed)) {
      Why = PG.Types.name(T) + " holds pointers inside " + unrewritableHolder(PG.Types, T, Off);
      return false;
    }
  if (N.Collapsed) {
    // Type-unsafe objects keep their layout; their pointers may become 64-bit indices
    // only when every pointer field points back into the structure itself.
    for (const TypeInfo::Field &F : PG.Types.info(T).Fields)
      if (PG.Types.info(F.Type).K == TypeInfo::Pointer &&
          PG.Types.info(F.Type).Pointee != T) {
        Why = N.Reasons.empty() ? "not type-homogeneous" : N.Reasons.front();
        return false;
      }
    for (auto &[Off, Tgt] : N.Edges)
      if (G.resolve(Tgt).Node != R.Node) {
        Why = N.Reasons.empty() ? "not type-homogeneous" : N.Reasons.front();
        return false;
      }
  }
  return true;
}

void Planner::settleHolders() {
  // A structure's pointers may become indices only where they are held by pointer
  // variables or by other indexed structures; iterate until no candidate drops out.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (const NodeRef &R : Structures) {
      if (!Candidate[R].empty())
        continue;
      DSGraph &G = graphOf(R.Owner);
      std::vector<Cell> Roots;
      if (R.Owner.empty()) {
        for (auto &KV : PG.GlobalCells)
          Roots.push_back(KV.second);
      } else {
        FunctionGraph &F = *PG.function(R.Owner);
        for (auto &KV : F.VarStorage)
          Roots.push_back(KV.second);
        for (auto &KV : F.ExprCells)
          Roots.push_back(KV.second);
        for (auto &KV : F.GlobalCells)
          Roots.push_back(KV.second);
      }
      std::string Why;
      std::vector<NodeId> Nodes = G.reachable(Roots);
      // Who points where: holders of each node at offset 0.
      llvm::DenseMap<NodeId, std::vector<NodeId>> HeldBy;
      for (NodeId X : Nodes)
        for (auto &[Off, T] : G.liveNode(X).Edges) {
          Cell TC = G.resolve(T);
          if (TC.Offset == 0)
            HeldBy[TC.Node].push_back(X);
        }
      auto IsCandidate = [&](NodeId X) {
        auto It = Candidate.find({R.Owner, X});
        return It != Candidate.end() && It->second.empty();
      };
      auto IsPointerVar = [&](const DSNode &XN) {
        return XN.Type && PG.Types.info(XN.Type).K == TypeInfo::Pointer &&
               (XN.Flags & (Stack | Global)) && !(XN.Flags & Heap) && !XN.Collapsed;
      };
      // In node order (the order the program's text made them), not in the order the
      // roots came out of pointer-keyed maps: the reason named must not depend on where
      // the allocator put the AST.
      std::vector<NodeId> Holders = HeldBy.lookup(R.Node);
      llvm::sort(Holders);
      for (NodeId X : Holders) {
        if (X == R.Node || IsCandidate(X))
          continue;
        const DSNode &XN = G.liveNode(X);
        if (IsPointerVar(XN))
          continue;
        // A struct-typed local of the owner gets a layout of indices in its versions.
        if (!R.Owner.empty() && Opts.Compress &&
            (isLocalHolder(*PG.function(R.Owner), X) ||
             isValueSlot(*PG.function(R.Owner), X)))
          continue;
        if (R.Owner.empty() && Opts.Compress && isGlobalHolder(X))
          continue;
        // An array of pointers (heap, stack or global) becomes an array of indices when
        // it holds nothing else and is itself held only where that can be rewritten.
        bool IndexArray = XN.Type && !XN.Collapsed &&
                          PG.Types.info(XN.Type).K == TypeInfo::Pointer &&
                          !(XN.Flags & (Escapes | Unknown)) && XN.Edges.size() == 1 &&
                          XN.Edges.begin()->first == 0;
        if (IndexArray) {
          TypeId Pointee = PG.Types.info(XN.Type).Pointee;
          IndexArray = PG.Types.info(Pointee).K == TypeInfo::Void ||
                       Pointee == G.liveNode(R.Node).Type ||
                       (G.liveNode(R.Node).Collapsed &&
                        std::binary_search(G.liveNode(R.Node).PointerTypes.begin(),
                                           G.liveNode(R.Node).PointerTypes.end(),
                                           Pointee));
        }
        if (IndexArray)
          for (NodeId Y : HeldBy.lookup(X)) {
            const DSNode &YN = G.liveNode(Y);
            if (!R.Owner.empty() && isLocalHolder(*PG.function(R.Owner), Y))
              continue;
            if (!(IsCandidate(Y) || (IsPointerVar(YN) && PG.Types.info(
                                                              PG.Types.info(YN.Type).Pointee)
                                                                  .K == TypeInfo::Pointer)))
              IndexArray = false;
          }
        if (!IndexArray) {
          bool Variables = XN.Type && PG.Types.info(XN.Type).K == TypeInfo::Struct &&
                           (XN.Flags & (Stack | Global)) && !(XN.Flags & Heap);
          Why = "pointers to it are stored in " +
                (XN.Type ? PG.Types.name(XN.Type) : std::string("untyped")) +
                (Variables ? " variables (globals or locals) whose layout ptrcomp cannot "
                             "change (their address is stored in a struct or a heap "
                             "object, or they are not all variables of that type)"
                           : " objects that ptrcomp does not rewrite");
          break;
        }
      }
      if (!Why.empty()) {
        Candidate[R] = Why;
        Changed = true;
      }
    }
  }
}

void Planner::makeLayouts() {
  // Pools first (bits), then layouts that depend on the targets' bits.
  for (const NodeRef &R : Structures) {
    if (!Candidate[R].empty())
      continue;
    DSGraph &G = graphOf(R.Owner);
    const DSNode &N = G.liveNode(R.Node);
    Pool Pl;
    Pl.Origin = R;
    Pl.Struct = structOf(N);
    Pl.Indexed = Opts.Compress;
    Pl.Compressed = Opts.Compress && !N.Collapsed;
    Pl.Bits = Pl.Compressed ? Opts.IndexBits : 64;
    Pl.AllocSites = N.AllocSites;
    Pl.OwnerName = R.Owner.empty() ? "" : PG.function(R.Owner)->Name;
    Pl.SharedByActivations = !R.Owner.empty() && isRecursive(R.Owner);
    decideThreadMode(Pl);
    if (auto It = VariablesOf.find(R); It != VariablesOf.end())
      Pl.Variables = It->second;
    PoolOf[R] = P.Pools.size();
    P.Pools.push_back(Pl);
  }
  // Objects whose addresses become integers are aligned as malloc aligns them: a
  // padded layout (also for objects that keep their members, when an index names
  // them), or, for real pointers, a rounded object size.
  for (Pool &Pl : P.Pools)
    Pl.MallocAligned =
        graphOf(Pl.Origin.Owner).liveNode(Pl.Origin.Node).Flags & AddressInteger;
  if (Opts.Compress)
    for (Pool &Pl : P.Pools) {
      DSGraph &G = graphOf(Pl.Origin.Owner);
      Pl.LayoutId =
          buildLayout(G, G.liveNode(Pl.Origin.Node), Pl.Struct, 0, Pl.Compressed,
                      [&](Cell Tg) { return indexBitsIn(Pl.Origin.Owner, Tg); },
                      Pl.MallocAligned);
    }
  for (Pool &Pl : P.Pools) {
    if (Pl.MallocAligned && Pl.LayoutId < 0 && Pl.Indexed &&
        PG.Types.size(Pl.Struct) % MallocAlignment) {
      Layout L;
      L.Struct = Pl.Struct;
      L.Compressed = false;
      L.StructSize = PG.Types.size(Pl.Struct);
      L.MallocAligned = true;
      Pl.LayoutId = internLayout(std::move(L));
    }
  }
  mergePools();
}

void Planner::mergePools() {
  // The analysis tells apart structures that one allocation site feeds in different
  // calls (four lists built by one function); a pool each keeps every list's nodes
  // apart, where malloc hands the memory a node of one list freed to the next node of
  // any list. Programs that move nodes between such lists then touch more pages, and
  // more distinct ones, than the original (health: 1.05x its time with four pools,
  // 0.85x with one). Structures of one owner, allocation sites, type and
  // representation live as long as each other, so one pool costs no memory. A
  // structure whose objects are not all of its type stays apart from those that are.
  // Not: global structures (each has its own descriptor), 16-bit pools (whose limit the
  // structures would then share).
  using Key = std::tuple<std::string, TypeId, std::vector<std::string>, int, bool, bool,
                         unsigned, bool, bool, bool>;
  std::map<Key, int> First;
  std::vector<int> NewIndex(P.Pools.size());
  std::vector<Pool> Kept;
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    Pool &Pl = P.Pools[I];
    if (Pl.Origin.Owner.empty() || Pl.AllocSites.empty() || (Pl.Indexed && Pl.Bits < 32)) {
      NewIndex[I] = Kept.size();
      Kept.push_back(std::move(Pl));
      continue;
    }
    Key K{Pl.Origin.Owner, Pl.Struct,     Pl.AllocSites, Pl.LayoutId,
          Pl.Indexed,      Pl.Compressed, Pl.Bits,       Pl.SharedByActivations,
          Pl.ThreadSafe, graphOf(Pl.Origin.Owner).liveNode(Pl.Origin.Node).Collapsed};
    auto [It, New] = First.try_emplace(K, Kept.size());
    NewIndex[I] = It->second;
    if (New) {
      Kept.push_back(std::move(Pl));
    } else {
      Pool &Into = Kept[It->second];
      Into.Merged.push_back(Pl.Origin);
      Into.MallocAligned |= Pl.MallocAligned;
      // Locals of both (a helper's dummy head, reached through two calls) once.
      for (Pool::Variable &Var : Pl.Variables)
        if (llvm::none_of(Into.Variables,
                          [&](const Pool::Variable &X) { return X.Key == Var.Key; }))
          Into.Variables.push_back(std::move(Var));
    }
  }
  P.Pools = std::move(Kept);
  for (auto &[R, PI] : PoolOf)
    PI = NewIndex[PI];
}

int Planner::buildLayout(DSGraph &G, const DSNode &N, TypeId T, uint64_t Base,
                         bool Compressed, llvm::function_ref<unsigned(Cell)> IndexBits,
                         bool MallocAligned) {
  Layout L;
  L.MallocAligned = MallocAligned;
  L.Struct = T;
  L.IsUnion = PG.Types.info(T).K == TypeInfo::Union;
  L.Compressed = Compressed;
  L.StructSize = PG.Types.size(T);
  bool Changed = false;
  for (const TypeInfo::Field &F : PG.Types.info(T).Fields) {
    if (F.BitField)
      continue;
    if ((PG.Types.info(F.Type).K == TypeInfo::Struct ||
         (PG.Types.info(F.Type).K == TypeInfo::Union &&
          !PG.Types.isUntypableUnion(F.Type))) &&
        !N.Collapsed) {
      // An embedded struct holding pointers into pools gets its own layout.
      int Inner = buildLayout(G, N, F.Type, Base + F.Offset, Compressed, IndexBits);
      if (Inner >= 0) {
        L.Nested[F.Offset] = Inner;
        Changed = true;
      }
      continue;
    }
    if (TypeId Elem = structArrayElement(PG.Types, F.Type); Elem && !N.Collapsed) {
      // An array of structs holding pointers into pools: elements of their own layout.
      int Inner = buildLayout(G, N, Elem, Base + F.Offset, Compressed, IndexBits);
      if (Inner >= 0) {
        L.Nested[F.Offset] = Inner;
        L.NestedArrayBytes[F.Offset] = PG.Types.size(F.Type);
        Changed = true;
      }
      continue;
    }
    bool IsArray = isPointerArray(PG.Types, F.Type);
    if (PG.Types.info(F.Type).K != TypeInfo::Pointer && !IsArray)
      continue;
    auto It = N.Edges.find(N.Collapsed ? 0 : Base + F.Offset);
    unsigned Bits = 0;
    if (It != N.Edges.end())
      if (unsigned B = IndexBits(G.resolve(It->second)))
        Bits = Compressed ? B : 64;
    L.FieldBits[F.Offset] = Bits;
    Changed |= Bits != 0;
    // A field pointing to an array of pointers into an indexed pool: an array of indices.
    if (!Bits && !IsArray && It != N.Edges.end()) {
      Cell Arr = G.resolve(It->second);
      const DSNode &AN = G.liveNode(Arr.Node);
      auto AE = AN.Edges.find(0);
      if (Arr.Offset == 0 && AN.Type && PG.Types.info(AN.Type).K == TypeInfo::Pointer &&
          AE != AN.Edges.end())
        if (unsigned B = IndexBits(G.resolve(AE->second))) {
          L.FieldArrayBits[F.Offset] = B;
          Changed = true;
        }
    }
  }
  if (!Changed)
    return -1; // the objects keep their original type
  return internLayout(std::move(L));
}

int Planner::internLayout(Layout L) {
  for (unsigned I = 0; I < P.Layouts.size(); ++I)
    if (P.Layouts[I].Struct == L.Struct && P.Layouts[I].Compressed == L.Compressed &&
        P.Layouts[I].FieldBits == L.FieldBits &&
        P.Layouts[I].FieldArrayBits == L.FieldArrayBits && P.Layouts[I].Nested == L.Nested &&
        P.Layouts[I].MallocAligned == L.MallocAligned)
      return I;
  std::string Base = tagName(PG.Types, L.Struct) + "_pc" +
                     std::to_string(L.Compressed ? Opts.IndexBits : 64);
  L.Name = Base;
  for (unsigned K = 2;; ++K) {
    bool Taken = false;
    for (const Layout &O : P.Layouts)
      Taken |= O.Name == L.Name;
    if (!Taken)
      break;
    L.Name = Base + "_" + std::to_string(K);
  }
  P.Layouts.push_back(std::move(L));
  return P.Layouts.size() - 1;
}

bool Planner::isLocalHolder(FunctionGraph &F, NodeId N) {
  DSGraph &G = *F.Graph;
  const DSNode &XN = G.liveNode(N);
  if (!(XN.Flags & Stack) || (XN.Flags & (Heap | Global | Escapes | Unknown)) ||
      XN.Collapsed || !XN.Type || PG.Types.info(XN.Type).K != TypeInfo::Struct)
    return false;
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(XN.Type, Offs);
  for (uint64_t Off : Offs)
    if (!rewritablePointerAt(XN.Type, Off, false))
      return false;
  // Its new layout is spelled only where pointer variables point to it: a field or heap
  // memory that holds its address keeps pointing to the old one.
  if (storedAddresses(F).count(G.find(N)))
    return false;
  // Only plain local variables of exactly this struct type (or arrays of it): their
  // declarations are what changes type.
  bool Any = false;
  for (unsigned I = 0; I < F.VarStorage.size(); ++I) {
    Cell C = G.resolve(F.VarStorage[I].second);
    if (C.isNull() || C.Node != N)
      continue;
    const VarFacts &V = F.VarInfo[I];
    if (V.IsParam || !V.LocalStorage || C.Offset != 0 || !V.Struct || V.Struct != XN.Type)
      return false;
    Any = true;
  }
  return Any;
}

const NodeSet &Planner::storedAddresses(FunctionGraph &F) {
  auto [It, New] = StoredAddresses.try_emplace(&F);
  if (!New)
    return It->second;
  DSGraph &G = *F.Graph;
  for (NodeId M = 1; M < G.capacity(); ++M) {
    if (!G.isLive(M))
      continue;
    const DSNode &MN = G.liveNode(M);
    bool PointerVariable = MN.Type && !MN.Collapsed &&
                           PG.Types.info(MN.Type).K == TypeInfo::Pointer &&
                           !(MN.Flags & (Heap | Global));
    if (PointerVariable)
      continue;
    for (auto &[Off, T] : MN.Edges)
      It->second.insert(G.resolve(T).Node);
  }
  return It->second;
}

const NodeSet &Planner::valueNodes(FunctionGraph &F) {
  auto [It, New] = ValueNodes.try_emplace(&F);
  if (!New)
    return It->second;
  // Objects that exist only as values: what a call returns, a compound literal, what
  // va_arg reads, a struct-typed `c ? a : b`, and the callees' by-value parameters and results as the calls see them.
  DSGraph &G = *F.Graph;
  NodeSet &Out = It->second;
  for (unsigned I : F.ValueExprs)
    if (Cell R = G.resolve(F.ExprCells[I].second); !R.isNull() && R.Offset == 0)
      Out.insert(R.Node);
  for (const CallSite &CS : F.Calls)
    for (const CalleeBinding &B : CS.Bindings) {
      FunctionGraph &Callee = *PG.function(B.Callee);
      auto Add = [&](Cell M, TypeId T) {
        if (!T || M.isNull())
          return;
        Cell C = B.Map.empty() ? G.resolve(M) : G.mapped(*Callee.Graph, B.Map, M);
        if (!C.isNull() && C.Offset == 0)
          Out.insert(G.resolve(C).Node);
      };
      for (unsigned I = 0; I < Callee.Formals.size() && I < Callee.FormalTypes.size(); ++I)
        Add(Callee.Formals[I], Callee.FormalTypes[I]);
      Add(Callee.Ret, Callee.RetType);
    }
  return Out;
}

bool Planner::isValueSlot(FunctionGraph &F, NodeId N) {
  DSGraph &G = *F.Graph;
  if (!valueNodes(F).count(G.find(N)))
    return false;
  const DSNode &XN = G.liveNode(N);
  if ((XN.Flags & (Heap | Global | Escapes | Unknown)) || XN.Collapsed || !XN.Type ||
      PG.Types.info(XN.Type).K != TypeInfo::Struct)
    return false;
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(XN.Type, Offs);
  for (uint64_t Off : Offs)
    if (!rewritablePointerAt(XN.Type, Off, false))
      return false;
  for (auto &KV : F.VarStorage) {
    Cell C = G.resolve(KV.second);
    if (!C.isNull() && C.Node == N)
      return false; // a variable: isLocalHolder decides
  }
  return true;
}

bool Planner::isGlobalHolder(NodeId N) {
  DSGraph &G = *PG.Globals;
  const DSNode &XN = G.liveNode(N);
  if (!(XN.Flags & Global) || (XN.Flags & (Heap | Escapes | Unknown)) ||
      XN.Collapsed || !XN.Type || PG.Types.info(XN.Type).K != TypeInfo::Struct)
    return false;
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(XN.Type, Offs);
  for (uint64_t Off : Offs)
    if (!rewritablePointerAt(XN.Type, Off, false))
      return false;
  // Only variables of exactly this struct type (or arrays of it), whose declarations
  // are what changes type.
  bool Any = false;
  std::set<std::string> Keys;
  for (auto &[Key, C] : PG.GlobalCells) {
    Cell S = G.resolve(C);
    if (S.isNull() || S.Node != N)
      continue;
    auto TI = PG.GlobalTypes.find(Key);
    if (S.Offset != 0 || TI == PG.GlobalTypes.end() ||
        PG.Types.elementType(TI->second) != XN.Type)
      return false;
    Any = true;
    Keys.insert(Key);
  }
  return Any && !addressStored(N, Keys);
}

bool Planner::addressStored(NodeId N, const std::set<std::string> &Keys) {
  // A holder's address kept in a struct or a heap object (`it.head = &gsent;`, an
  // iterator) is a member that keeps its original type while the holder gets a new
  // layout; pointer variables take the new layout's pointer type.
  auto It = AddressStored.find(N);
  if (It != AddressStored.end())
    return It->second;
  auto StoredIn = [&](DSGraph &G, NodeId Target) {
    for (NodeId M = 1; M < G.capacity(); ++M) {
      if (!G.isLive(M) || M == Target)
        continue;
      const DSNode &MN = G.liveNode(M);
      bool PointerVar = MN.Type && PG.Types.info(MN.Type).K == TypeInfo::Pointer &&
                        (MN.Flags & (Stack | Global)) && !(MN.Flags & Heap) &&
                        !MN.Collapsed;
      if (PointerVar)
        continue;
      for (auto &[Off, C] : MN.Edges)
        if (G.resolve(C).Node == Target)
          return true;
    }
    return false;
  };
  bool Stored = StoredIn(*PG.Globals, N);
  std::set<DSGraph *> Seen;
  for (auto &[Key, F] : PG.Functions) {
    if (Stored || !F.Graph || !Seen.insert(F.Graph.get()).second)
      continue;
    for (const std::string &K : Keys)
      if (auto C = F.GlobalCells.find(K); C != F.GlobalCells.end()) {
        Cell S = F.Graph->resolve(C->second);
        if (!S.isNull() && StoredIn(*F.Graph, S.Node)) {
          Stored = true;
          break;
        }
      }
  }
  AddressStored[N] = Stored;
  return Stored;
}

void Planner::makeGlobalHolders() {
  DSGraph &G = *PG.Globals;
  std::set<NodeId> Seen;
  for (auto &[Key, C] : PG.GlobalCells) {
    Cell S = G.resolve(C);
    if (S.isNull() || !Seen.insert(S.Node).second || !isGlobalHolder(S.Node))
      continue;
    const DSNode &XN = G.liveNode(S.Node);
    std::set<int> Pools;
    int L = buildLayout(G, XN, XN.Type, 0, /*Compressed=*/true, [&](Cell Tg) {
      unsigned B = indexBitsIn("", Tg);
      if (B)
        Pools.insert(PoolOf.at({"", Tg.Node}));
      return B;
    });
    if (L >= 0) {
      P.GlobalHolders[S.Node] = L;
      P.GlobalHolderPools[S.Node] = Pools;
    }
  }
}

int Planner::holderLayout(const FunctionVersion &Ver, FunctionGraph &F, NodeId N) {
  // The targets' representation in this version decides the widths.
  DSGraph &G = *F.Graph;
  const DSNode &XN = G.liveNode(N);
  return buildLayout(G, XN, XN.Type, 0, /*Compressed=*/true, [&](Cell Tg) {
    NodeEncoding E = Ver.Nodes.lookup(Tg.Node);
    return Tg.Offset == 0 && E.isPooled() && E.Indexed ? E.Bits : 0u;
  });
}

bool Planner::isValueSlotOf(FunctionGraph &Callee, NodeId M) {
  DSGraph &G = *Callee.Graph;
  auto Is = [&](Cell C, TypeId T) {
    C = G.resolve(C);
    return T && !C.isNull() && C.Node == M && C.Offset == 0;
  };
  for (unsigned I = 0; I < Callee.Formals.size(); ++I)
    if (I < Callee.FormalTypes.size() && Is(Callee.Formals[I], Callee.FormalTypes[I]))
      return true;
  return Is(Callee.Ret, Callee.RetType);
}

NodeEncoding Planner::valueSlotEncoding(const FunctionVersion &Ver, FunctionGraph &F,
                                        Cell C) {
  if (C.isNull() || C.Offset != 0 || !isValueSlot(F, C.Node))
    return {};
  int L = holderLayout(Ver, F, C.Node);
  return L < 0 ? NodeEncoding() : holderEncoding(L);
}

NodeEncoding Planner::holderEncoding(int LayoutId) const {
  NodeEncoding H;
  H.Source = NodeEncoding::Holder;
  H.LayoutId = LayoutId;
  H.Struct = P.Layouts[LayoutId].Struct;
  H.Bits = P.Layouts[LayoutId].Compressed ? Opts.IndexBits : 64;
  return H;
}

int Planner::holderLayoutBeside(const FunctionVersion &Ver, FunctionGraph &F, NodeId N) {
  // A copy of a holder the callers know better (`*t = (struct table){ calloc(...) }`,
  // where only the callers see what the array holds) has the same field targets: it
  // takes that holder's layout, which the signature fixed.
  DSGraph &G = *F.Graph;
  const DSNode &XN = G.liveNode(N);
  std::vector<uint64_t> Offs;
  PG.Types.pointerOffsets(XN.Type, Offs);
  auto Target = [&](NodeId X, uint64_t Off) {
    auto It = G.liveNode(X).Edges.find(Off);
    return It == G.liveNode(X).Edges.end() ? Cell() : G.resolve(It->second);
  };
  for (NodeId M : Facts[Ver.Function].InterfaceOrder) {
    NodeEncoding E = Ver.Nodes.lookup(M);
    if (!E.isHolder() || E.Struct != XN.Type || G.liveNode(M).Type != XN.Type)
      continue;
    bool Same = true, Any = false;
    for (uint64_t Off : Offs) {
      Cell A = Target(M, Off), B = Target(N, Off);
      Same &= A == B;
      Any |= !A.isNull();
    }
    if (Same && Any)
      return E.LayoutId;
  }
  return holderLayout(Ver, F, N);
}

TypeId Planner::structOf(const DSNode &N) const {
  TypeId T = N.Collapsed ? NoType : N.Type;
  if (!T)
    for (TypeId PT : N.PointerTypes)
      if (PG.Types.info(PT).K == TypeInfo::Struct)
        T = PT;
  return T;
}

unsigned Planner::indexBitsIn(const std::string &Owner, Cell Tg) {
  auto PIt = PoolOf.find({Owner, Tg.Node});
  // A target that the globals own (a local list linked to a node that a global also
  // holds): the field holds indices into the global pool, as the function's code
  // writes it.
  if (PIt == PoolOf.end() && !Owner.empty())
    if (auto It = Facts[Owner].ToGlobals.find(Tg.Node); It != Facts[Owner].ToGlobals.end())
      PIt = PoolOf.find({"", It->second});
  return Tg.Offset == 0 && PIt != PoolOf.end() && P.Pools[PIt->second].Indexed
             ? P.Pools[PIt->second].Bits
             : 0;
}

NodeEncoding Planner::embeddedEncoding(const FunctionVersion &Ver, Cell C, TypeId T) {
  NodeEncoding E = Ver.Nodes.lookup(C.Node);
  if (!(E.isPooled() || E.isHolder()) || E.LayoutId < 0 || !T ||
      PG.Types.info(T).K != TypeInfo::Struct || (C.Offset == 0 && T == E.Struct))
    return E;
  // A struct inside the objects (an embedded list header): when it has a layout of its
  // own, the callee sees an object of that layout through an ordinary pointer.
  int L = layoutAt(P, E.LayoutId, C.Offset, T);
  return L < 0 ? E : holderEncoding(L);
}

std::set<int> Planner::poolsHolding(int LayoutId) { return poolsWithLayout(P, LayoutId); }

NodeEncoding Planner::encodingIn(const FunctionVersion &Ver, FunctionFacts &FF,
                                 NodeId N) {
  auto Pooled = [&](int PoolId, NodeEncoding::SourceKind K) {
    NodeEncoding E;
    const Pool &Pl = P.Pools[PoolId];
    E.Source = K;
    E.Pool = PoolId;
    E.LayoutId = Pl.LayoutId;
    E.Struct = Pl.Struct;
    E.Bits = Pl.Bits;
    E.Indexed = Pl.Indexed;
    return E;
  };
  if (auto It = FF.ToGlobals.find(N); It != FF.ToGlobals.end()) {
    auto PIt = PoolOf.find({"", It->second});
    if (PIt != PoolOf.end())
      return Pooled(PIt->second, NodeEncoding::Global);
    if (auto HIt = P.GlobalHolders.find(It->second); HIt != P.GlobalHolders.end())
      return holderEncoding(HIt->second);
    return NodeEncoding();
  }
  for (unsigned I = 0; I < Ver.InterfaceNodes.size(); ++I)
    if (Ver.InterfaceNodes[I] == N)
      return Ver.Signature[I];
  auto PIt = PoolOf.find({Ver.Function, N});
  if (PIt != PoolOf.end())
    return Pooled(PIt->second, NodeEncoding::Owned);
  return {};
}

std::set<unsigned> Planner::globalIndexBits(FunctionGraph &F) {
  // Widths of the indices that the function's parameters or result become because they
  // point into indexed pools of the globals graph (`struct T *` or `struct T **`).
  std::set<unsigned> Bits;
  FunctionFacts &FF = Facts[F.Key];
  DSGraph &G = *F.Graph;
  auto Check = [&](Cell C) {
    C = G.resolve(C);
    if (C.isNull())
      return;
    auto It = FF.ToGlobals.find(C.Node);
    if (It == FF.ToGlobals.end())
      return;
    auto PIt = PoolOf.find({"", It->second});
    if (PIt != PoolOf.end() && P.Pools[PIt->second].Indexed && C.Offset == 0)
      Bits.insert(P.Pools[PIt->second].Bits);
    // A pointer to a global holder (`return &symtab;`) changes type with its layout.
    if (auto HIt = P.GlobalHolders.find(It->second); HIt != P.GlobalHolders.end())
      Bits.insert(holderEncoding(HIt->second).Bits);
  };
  std::vector<Cell> Roots(F.Formals.begin(), F.Formals.end());
  Roots.push_back(F.Ret);
  for (Cell C : Roots) {
    Check(C);
    C = G.resolve(C);
    if (C.isNull())
      continue;
    const DSNode &N = G.liveNode(C.Node);
    if (N.Type && PG.Types.info(N.Type).K == TypeInfo::Pointer)
      Check(G.edgeIfAny(C));
  }
  return Bits;
}

unsigned Planner::versionFor(FunctionGraph &F, const std::vector<NodeEncoding> &Sig,
                             bool Entry) {
  // A function that is no entry point, whose parameters point into indexed global
  // pools, changes its signature even without pool parameters: it is renamed, and an
  // entry point's original version (which must keep its signature) never serves it.
  std::set<unsigned> GlobalBits = Entry ? std::set<unsigned>() : globalIndexBits(F);
  // Signatures compare by representation, not by which pool: one clone serves all.
  auto Same = [](const NodeEncoding &A, const NodeEncoding &B) {
    if (A.isHolder() || B.isHolder())
      return A.isHolder() == B.isHolder() && A.LayoutId == B.LayoutId;
    return A.isPooled() == B.isPooled() &&
           (!A.isPooled() || (A.LayoutId == B.LayoutId && A.Bits == B.Bits &&
                              A.Indexed == B.Indexed && A.Struct == B.Struct));
  };
  std::vector<unsigned> &Existing = P.VersionsOf[F.Key];
  for (unsigned VI : Existing) {
    const FunctionVersion &Ver = P.Versions[VI];
    bool Match = Ver.Signature.size() == Sig.size() && Ver.FnClass < 0 &&
                 !(Ver.IsOriginal && !GlobalBits.empty());
    for (unsigned I = 0; Match && I < Sig.size(); ++I)
      Match = Same(Ver.Signature[I], Sig[I]);
    if (Match)
      return VI;
  }
  FunctionVersion Ver;
  Ver.Function = F.Key;
  Ver.InterfaceNodes = Facts[F.Key].InterfaceOrder;
  Ver.Signature = Sig;
  Ver.IsOriginal = true;
  std::string Suffix;
  std::set<unsigned> Bits;
  for (NodeEncoding &E : Ver.Signature) {
    if (E.isHolder()) {
      // A pointer to an embedded header with a new layout: no pool, a new type.
      Ver.IsOriginal = false;
      Bits.insert(E.Bits);
      continue;
    }
    if (!E.isPooled())
      continue;
    Ver.IsOriginal = false;
    E.Source = NodeEncoding::Param;
    E.Slot = Ver.NumPoolParams++;
    E.Pool = -1;
    Bits.insert(E.Indexed ? E.Bits : 0);
  }
  Ver.ParamPools.resize(Ver.NumPoolParams);
  if (!GlobalBits.empty()) {
    Ver.IsOriginal = false;
    Bits.insert(GlobalBits.begin(), GlobalBits.end());
  }
  if (Ver.IsOriginal) {
    Ver.Name = F.Name;
  } else {
    Suffix = "_p";
    for (unsigned B : Bits)
      Suffix += B ? "c" + std::to_string(B) : "a";
    // "_pc32", "_pc64", "_pc32c64", "_pa" (pool allocation only)
    std::string Name = F.Name + (Suffix == "_pa" ? "_pa" : Suffix);
    std::string Unique = Name;
    for (unsigned K = 2;; ++K) {
      bool Taken = false;
      for (unsigned VI : Existing)
        Taken |= P.Versions[VI].Name == Unique;
      if (!Taken)
        break;
      Unique = Name + "_" + std::to_string(K);
    }
    Ver.Name = Unique;
  }
  unsigned VI = P.Versions.size();
  P.Versions.push_back(std::move(Ver));
  Existing.push_back(VI);
  Work.push_back(VI);
  return VI;
}

void Planner::fillVersion(unsigned VI) {
  std::string Key = P.Versions[VI].Function;
  FunctionGraph &F = *PG.function(Key);
  FunctionFacts &FF = Facts[Key];
  DSGraph &G = *F.Graph;
  {
    FunctionVersion &Ver = P.Versions[VI];
    for (NodeId N : FF.Own) {
      NodeEncoding E = encodingIn(Ver, FF, N);
      if (E.isPooled() || E.isHolder()) {
        Ver.Nodes.set(N, E);
        Ver.UsesPools = true;
      }
    }
    for (NodeId N : FF.InterfaceOrder) {
      NodeEncoding E = encodingIn(Ver, FF, N);
      if (E.isPooled() || E.isHolder())
        Ver.Nodes.set(N, E);
    }
    // Struct-typed locals that hold indices get the layout they need in this version.
    if (Opts.Compress)
      for (NodeId N : FF.Own)
        if (!Ver.Nodes.count(N) && !FF.Interface.count(N) &&
            (isLocalHolder(F, N) || isValueSlot(F, N)))
          if (int L = holderLayoutBeside(Ver, F, N); L >= 0) {
            Ver.Nodes.set(N, holderEncoding(L));
            Ver.UsesPools = true;
          }
    for (auto &[N, E] : Ver.Nodes)
      if (E.Source == NodeEncoding::Owned &&
          std::find(Ver.OwnedPools.begin(), Ver.OwnedPools.end(), E.Pool) ==
              Ver.OwnedPools.end())
        Ver.OwnedPools.push_back(E.Pool);
    std::sort(Ver.OwnedPools.begin(), Ver.OwnedPools.end());
  }
  for (unsigned CI = 0; CI < F.Calls.size(); ++CI) {
    CallSite &CS = F.Calls[CI];
    if (ClassState *K = classOfCall(CS)) {
      K->Calls.push_back({VI, CI}); // see settleClasses
      continue;
    }
    for (const CalleeBinding &B : CS.Bindings) {
      FunctionGraph &Callee = *PG.function(B.Callee);
      FunctionFacts &CF = Facts[B.Callee];
      std::vector<NodeEncoding> Sig, Args;
      bool Any = false;
      for (NodeId M : CF.InterfaceOrder) {
        Cell C = B.Map.empty() ? G.resolve({M, 0})
                               : G.mapped(*Callee.Graph, B.Map, {M, 0});
        NodeEncoding E = C.isNull() ? NodeEncoding()
                                    : embeddedEncoding(P.Versions[VI], G.resolve(C),
                                                       Callee.Graph->liveNode(M).Type);
        if (!C.isNull() && !E.isPooled() && !E.isHolder() && Opts.Compress &&
            isValueSlotOf(Callee, M))
          E = valueSlotEncoding(P.Versions[VI], F, G.resolve(C));
        Sig.push_back(E);
        if (E.isPooled()) {
          Args.push_back(E);
          Any = true;
        }
        Any |= E.isHolder();
      }
      bool Indirect = CS.DirectCallee.empty() || CS.Bindings.size() > 1;
      if (Any && Indirect) {
        // A call through a function pointer cannot pass pools (yet): give up the
        // structures involved.
        for (const NodeEncoding &E : Sig)
          if (E.isHolder())
            for (int Pl : poolsHolding(E.LayoutId))
              NewVetoes[P.Pools[Pl].Origin] =
                  "passed through a call via a function pointer at " + CS.Loc;
        for (const NodeEncoding &E : Args)
          if (E.Source != NodeEncoding::Param)
            NewVetoes[P.Pools[E.Pool].Origin] =
                "passed through a call via a function pointer at " + CS.Loc;
          else
            for (int Pl : P.Versions[VI].ParamPools[E.Slot])
              NewVetoes[P.Pools[Pl].Origin] =
                  "passed through a call via a function pointer at " + CS.Loc;
        continue;
      }
      if (Indirect)
        continue; // the original functions are called
      unsigned Target = versionFor(Callee, Sig, /*Entry=*/false);
      P.Versions[VI].Calls[CI] = {Target, Args, false, {}};
    }
  }
}

//===-- Calls through function pointers that pass pools
//--------------------===//
//
// All functions that the pointers of one function type may hold form a class
// (the pool-allocation paper's treatment of indirect calls, by type: every call
// through such a pointer, every pointer of the type). When some call passes
// pools, each member gets a clone whose pool parameters are the class's: one
// per path (argument, then pointer fields) from the arguments to a node of some
// member's interface, in path order. Every call of the class must then pass the
// same representation for each path; the pointers' type becomes the clones' and
// the members' addresses name the clones.

static const std::string &callType(const CallSite &CS) { return CS.CalleeTypeKey; }

void Planner::findFnClasses() {
  std::set<std::string> Keys, Callbacks;
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls) {
      Callbacks.insert(CS.CallbackTargets.begin(), CS.CallbackTargets.end());
      if (!CS.DirectCallee.empty())
        continue;
      std::string T = callType(CS);
      if (T.empty())
        continue;
      Keys.insert(T);
      ClassState &K = Classes[T];
      K.Out.Type = T;
      K.Out.Members.insert(K.Out.Members.end(), CS.Targets.begin(),
                           CS.Targets.end());
      if (K.Why.empty() && (!CS.ExternalTargets.empty() ||
                            (CS.Targets.empty() && !PG.Unreachable.count(Key))))
        K.Why = "the call at " + CS.Loc + " may reach code ptrcomp cannot see";
      if (K.Why.empty() && (CS.Hook || !CS.CalleeInBytes.empty()))
        K.Why = "the pointer called at " + CS.Loc +
                " may be an allocation hook or " + "copied as bytes";
    }
  std::map<std::string, FunctionTypeUses> Uses = scanFunctionTypes(PG, Keys);
  for (auto &[T, K] : Classes) {
    FunctionTypeUses &U = Uses[T];
    FnPtrClass &C = K.Out;
    C.Pointers = U.Pointers;
    C.ReferencedIn = U.ReferencedIn;
    for (const std::string &R : U.Referenced)
      if (PG.function(R))
        C.Members.push_back(R);
    std::sort(C.Members.begin(), C.Members.end());
    C.Members.erase(std::unique(C.Members.begin(), C.Members.end()),
                    C.Members.end());
    if (K.Why.empty() && !U.Problem.empty())
      K.Why = U.Problem;
    if (K.Why.empty() && !U.Undefined.empty())
      K.Why = "such a pointer may hold '" + *U.Undefined.begin() +
              "', which is not defined in the program";
    unsigned NumParams = 0;
    for (const std::string &M : C.Members) {
      FunctionGraph &F = *PG.function(M);
      C.MemberNames.push_back(F.Name);
      NumParams = F.Formals.size();
      if (!K.Why.empty())
        continue;
      if (F.Variadic || F.TypeKey != T)
        K.Why = "'" + F.Name + "' is variadic or of another type";
      else if (PG.AddressEscaped.count(M) || Callbacks.count(M))
        K.Why = "'" + F.Name + "' is also passed to code ptrcomp cannot see";
    }
    if (!K.Why.empty() || C.Members.empty())
      continue;
    // The paths to each member's interface nodes: arguments in order, then the
    // result, depth first along pointer fields in offset order.
    std::set<std::vector<uint64_t>> All;
    std::map<std::string, std::map<NodeId, std::vector<uint64_t>>> PathOf;
    for (const std::string &M : C.Members) {
      FunctionGraph &F = *PG.function(M);
      DSGraph &G = *F.Graph;
      FunctionFacts &FF = Facts[M];
      auto &Of = PathOf[M];
      std::function<void(Cell, std::vector<uint64_t>)> Walk =
          [&](Cell Cl, std::vector<uint64_t> Pa) {
            Cl = G.resolve(Cl);
            if (Cl.isNull() || Of.count(Cl.Node))
              return;
            Of[Cl.Node] = Pa;
            Of[Cl.Node].push_back(Cl.Offset); // where the pointer points in it
            for (auto &[Off, Tg] : G.liveNode(Cl.Node).Edges) {
              std::vector<uint64_t> Next = Pa;
              Next.push_back(Cl.Offset);
              Next.push_back(Off);
              Walk(Tg, Next);
            }
          };
      for (unsigned I = 0; I < F.Formals.size(); ++I)
        Walk(F.Formals[I], {I});
      Walk(F.Ret, {NumParams});
      for (auto It = Of.begin(); It != Of.end();)
        if (FF.Interface.count(It->first))
          All.insert((It++)->second);
        else
          It = Of.erase(It);
    }
    C.Paths.assign(All.begin(), All.end());
    for (auto &[M, Of] : PathOf)
      for (auto &[N, Pa] : Of)
        K.SlotOf[M][N] = std::lower_bound(C.Paths.begin(), C.Paths.end(), Pa) -
                         C.Paths.begin();
    C.ParamBits.assign(NumParams, 0);
  }
  // A function in two classes cannot have one clone for both.
  std::map<std::string, int> Count;
  for (auto &[T, K] : Classes)
    for (const std::string &M : K.Out.Members)
      ++Count[M];
  for (auto &[T, K] : Classes)
    for (const std::string &M : K.Out.Members)
      if (Count[M] > 1 && K.Why.empty())
        K.Why = "'" + PG.function(M)->Name +
                "' is held by pointers of several types";
  ClassMembers.clear();
  for (auto &[T, K] : Classes)
    if (K.Why.empty())
      ClassMembers.insert(K.Out.Members.begin(), K.Out.Members.end());
}

Planner::ClassState *Planner::classOfCall(const CallSite &CS) {
  if (!CS.DirectCallee.empty())
    return nullptr;
  auto It = Classes.find(callType(CS));
  if (It == Classes.end() || !It->second.Why.empty() || It->second.Vetoed ||
      It->second.Out.Members.empty())
    return nullptr;
  return &It->second;
}

NodeEncoding Planner::slotIn(unsigned VI, const CallSite &CS,
                             const std::vector<uint64_t> &Path,
                             bool &Mismatch) {
  FunctionGraph &F = *PG.function(P.Versions[VI].Function);
  DSGraph &G = *F.Graph;
  uint64_t I = Path[0];
  Cell C = I < CS.Args.size()    ? CS.Args[I]
           : I == CS.Args.size() ? CS.Ret
                                 : Cell();
  C = G.resolve(C);
  for (size_t K = 1; K + 1 < Path.size(); K += 2) {
    if (C.isNull())
      return {};
    if (C.Offset != Path[K]) {
      Mismatch = true;
      return {};
    }
    C = G.resolve(G.edgeIfAny({C.Node, Path[K + 1]}));
  }
  if (C.isNull())
    return {};
  if (C.Offset != Path.back()) {
    Mismatch = true;
    return {};
  }
  return P.Versions[VI].Nodes.lookup(C.Node);
}

unsigned Planner::classVersion(FunctionGraph &F, ClassState &K, int ClassIdx) {
  FnPtrClass &C = K.Out;
  FunctionVersion Ver;
  Ver.Function = F.Key;
  Ver.InterfaceNodes = Facts[F.Key].InterfaceOrder;
  Ver.FnClass = ClassIdx;
  std::vector<int> PooledSlot(C.Slots.size(), -1);
  std::set<unsigned> Bits;
  for (unsigned S = 0; S < C.Slots.size(); ++S)
    if (C.Slots[S].isPooled()) {
      PooledSlot[S] = Ver.NumPoolParams++;
      Bits.insert(C.Slots[S].Indexed ? C.Slots[S].Bits : 0);
    }
  auto &SlotOf = K.SlotOf[F.Key];
  for (NodeId M : Ver.InterfaceNodes) {
    auto It = SlotOf.find(M);
    NodeEncoding E;
    if (It != SlotOf.end() && PooledSlot[It->second] >= 0) {
      E = C.Slots[It->second];
      E.Source = NodeEncoding::Param;
      E.Slot = PooledSlot[It->second];
      E.Pool = -1;
    }
    Ver.Signature.push_back(E);
  }
  Ver.ParamPools.resize(Ver.NumPoolParams);
  Ver.IsOriginal = Ver.NumPoolParams == 0;
  std::vector<unsigned> &Existing = P.VersionsOf[F.Key];
  if (Ver.IsOriginal) {
    Ver.Name = F.Name;
  } else {
    std::string Suffix = "_p";
    for (unsigned B : Bits)
      Suffix += B ? "c" + std::to_string(B) : "a";
    std::string Name = F.Name + Suffix, Unique = Name;
    for (unsigned N = 2;; ++N) {
      bool Taken = false;
      for (unsigned VI : Existing)
        Taken |= P.Versions[VI].Name == Unique;
      if (!Taken)
        break;
      Unique = Name + "_" + std::to_string(N);
    }
    Ver.Name = Unique;
  }
  unsigned VI = P.Versions.size();
  P.Versions.push_back(std::move(Ver));
  Existing.push_back(VI);
  Work.push_back(VI);
  return VI;
}

bool Planner::settleClasses() {
  bool Progress = false;
  auto Same = [](const NodeEncoding &A, const NodeEncoding &B) {
    return A.isPooled() == B.isPooled() &&
           (!A.isPooled() || (A.LayoutId == B.LayoutId && A.Bits == B.Bits &&
                              A.Indexed == B.Indexed && A.Struct == B.Struct));
  };
  int ClassIdx = 0;
  for (auto &[T, K] : Classes) {
    int Idx = ClassIdx++;
    if (!K.Why.empty() || K.Vetoed || K.Settled == K.Calls.size())
      continue;
    FnPtrClass &C = K.Out;
    // The representation each call passes for each path.
    std::vector<std::vector<NodeEncoding>> Encs;
    std::string Problem;
    bool AnyPooled = false;
    for (auto [VI, CI] : K.Calls) {
      const CallSite &CS = PG.function(P.Versions[VI].Function)->Calls[CI];
      bool Mismatch = false;
      std::vector<NodeEncoding> E;
      for (const std::vector<uint64_t> &Pa : C.Paths)
        E.push_back(slotIn(VI, CS, Pa, Mismatch));
      for (const NodeEncoding &X : E)
        AnyPooled |= X.isPooled();
      if (Mismatch && Problem.empty())
        Problem = "the call at " + CS.Loc +
                  " passes objects shaped unlike its targets'";
      Encs.push_back(std::move(E));
    }
    // A struct with a new layout (a header embedded in a node, a struct-typed local)
    // reached through the call: the members would need it in their clones' types.
    for (unsigned I = 0; I < Encs.size(); ++I)
      for (const NodeEncoding &E : Encs[I])
        if (E.isHolder()) {
          std::string Why = "a call through a function pointer at " +
                            PG.function(P.Versions[K.Calls[I].first].Function)
                                ->Calls[K.Calls[I].second]
                                .Loc +
                            " passes a struct whose layout changes";
          for (int Pl : poolsWithLayout(P, E.LayoutId))
            NewVetoes.emplace(P.Pools[Pl].Origin, Why);
          for (auto &KV : P.Versions[K.Calls[I].first].Nodes)
            if (KV.second.isPooled())
              Deferred.push_back({K.Calls[I].first, KV.second, Why});
          K.Vetoed = true;
        }
    if (K.Vetoed)
      continue;
    if (!AnyPooled)
      continue; // the calls pass no pools (yet): the members stay as they are
    if (!C.Active) {
      for (auto &E : Encs)
        if (std::any_of(E.begin(), E.end(),
                        [](auto &X) { return X.isPooled(); })) {
          C.Slots = E;
          break;
        }
    }
    for (unsigned I = 0; I < Encs.size() && Problem.empty(); ++I) {
      const CallSite &CS = PG.function(P.Versions[K.Calls[I].first].Function)
                               ->Calls[K.Calls[I].second];
      for (unsigned S = 0; S < C.Paths.size() && Problem.empty(); ++S) {
        const NodeEncoding &E = Encs[I][S];
        if (!Same(E, C.Slots[S])) {
          Problem = "passed through a call via a function pointer at " + CS.Loc +
                    ", while other calls through pointers of that type pass "
                    "structures represented differently";
          const std::string &Caller = P.Versions[K.Calls[I].first].Function;
          if (PG.Unreachable.count(Caller))
            Problem +=
                " (that call is in '" + PG.function(Caller)->Name +
                "', which no run reaches, but whose code stays as written)";
        } else if (E.Source == NodeEncoding::Global)
          Problem = "a call through a function pointer at " + CS.Loc +
                    " passes a structure held by globals";
        else if (E.isPooled() && C.Paths[S][0] >= C.ParamBits.size())
          Problem = "returned from a call via a function pointer at " + CS.Loc;
      }
    }
    // Each argument that becomes an index is a pointer to the pool's struct in
    // every member; no argument reaches pooled objects through a pointer to a
    // pointer.
    for (unsigned S = 0; S < C.Paths.size() && Problem.empty(); ++S) {
      if (!C.Slots[S].isPooled())
        continue;
      uint64_t A = C.Paths[S][0];
      for (const std::string &M : C.Members) {
        FunctionGraph &MF = *PG.function(M);
        if (A >= MF.ParamPointers.size())
          continue;
        Cell Formal = MF.Graph->resolve(MF.Formals[A]);
        if (C.Paths[S].size() == 2 && C.Slots[S].Indexed && Formal.Offset != 0)
          Problem = "argument " + std::to_string(A + 1) + " of '" + MF.Name +
                    "' points inside its objects";
        const PointerFacts &PT = MF.ParamPointers[A];
        bool Struct = PT.IsPointer && PT.PointeeStruct && PT.Pointee == C.Slots[S].Struct;
        if (!PT.IsPointer || PT.PointeePointer ||
            (C.Paths[S].size() == 2 && C.Slots[S].Indexed && !Struct))
          Problem = "argument " + std::to_string(A + 1) + " of '" + MF.Name +
                    "' is not a pointer to " + PG.Types.name(C.Slots[S].Struct);
      }
      if (C.Paths[S].size() == 2 && C.Slots[S].Indexed)
        C.ParamBits[A] = C.Slots[S].Bits;
    }
    // A member that returns a pointer to the start of an object of an indexed
    // pool returns an index in its clone: every member must then return one of
    // that width (the pointers' return type becomes the index type).
    if (Problem.empty()) {
      std::optional<unsigned> Ret;
      std::string First;
      for (const std::string &M : C.Members) {
        FunctionGraph &MF = *PG.function(M);
        unsigned Bits = 0;
        Cell R = MF.Graph->resolve(MF.Ret);
        if (!R.isNull())
          if (auto It = K.SlotOf[M].find(R.Node); It != K.SlotOf[M].end()) {
            const NodeEncoding &E = C.Slots[It->second];
            const PointerFacts &RT = MF.RetPointer;
            // As the clone's return type (VersionView::repOfCell): an index for
            // a pointer to the start of the object typed as its struct (or
            // void); a pointer inside the object stays a pointer.
            bool Fits = RT.IsPointer && (RT.PointeeVoid || (RT.PointeeRecord &&
                                                            RT.Pointee == E.Struct));
            if (E.isPooled() && E.Indexed && R.Offset == 0 && Fits) {
              Bits = E.Bits;
            } else if (E.isPooled() && E.Indexed && RT.IsPointer && RT.PointeePointer) {
              Problem = "'" + MF.Name +
                        "' returns a pointer to pointers into " +
                        PG.Types.name(E.Struct) + " through a function pointer";
              break;
            }
          }
        if (Ret && *Ret != Bits) {
          Problem =
              "'" + MF.Name + "' and '" + First +
              "' return pointers represented differently through one function "
              "pointer type";
          break;
        }
        if (!Ret) {
          Ret = Bits;
          First = MF.Name;
        }
      }
      if (Problem.empty())
        C.RetBits = Ret.value_or(0);
    }
    // A member that allocates with a size its caller gives (an allocation wrapper)
    // would take a number of objects in its clone, which the calls through the pointer
    // do not convert.
    for (const std::string &M : C.Members) {
      FunctionGraph &MF = *PG.function(M);
      for (const CallSite &CS : MF.Calls) {
        if (!Problem.empty())
          break;
        const std::string &N = CS.Hook ? CS.Hook->Allocator : CS.DirectCallee;
        if (N != "malloc" && N != "calloc" && N != "realloc" && N != "aligned_alloc")
          continue;
        Cell R = MF.Graph->resolve(CS.Ret);
        auto It = K.SlotOf[M].find(R.Node);
        if (R.isNull() || It == K.SlotOf[M].end() || !C.Slots[It->second].isPooled())
          continue;
        for (bool Names : CS.ArgNamesParam)
          if (Names)
            Problem = "'" + MF.Name + "' allocates with a size it receives, at " + CS.Loc;
      }
    }
    if (!Problem.empty()) {
      K.Vetoed = true;
      for (unsigned I = 0; I < Encs.size(); ++I)
        for (const NodeEncoding &E : Encs[I])
          if (E.isPooled())
            Deferred.push_back({K.Calls[I].first, E, Problem});
      continue;
    }
    if (!C.Active) {
      C.Active = true;
      for (NodeEncoding &E : C.Slots)
        if (E.isPooled())
          ++C.NumPoolParams;
      for (const std::string &M : C.Members)
        C.Clone[M] = classVersion(*PG.function(M), K, Idx);
      Progress = true;
    }
    for (unsigned I = K.Settled; I < K.Calls.size(); ++I) {
      auto [VI, CI] = K.Calls[I];
      const CallSite &CS = PG.function(P.Versions[VI].Function)->Calls[CI];
      FunctionVersion::Call Call;
      for (unsigned S = 0; S < C.Paths.size(); ++S)
        if (C.Slots[S].isPooled())
          Call.PoolArgs.push_back(Encs[I][S]);
      Call.Indirect = true;
      for (const std::string &Tg : CS.Targets)
        Call.Targets.push_back(C.Clone.at(Tg));
      Call.Version = Call.Targets.front();
      P.Versions[VI].Calls[CI] = Call;
    }
    K.Settled = K.Calls.size();
  }
  return Progress;
}

void Planner::finishFnClasses() {
  for (const DeferredVeto &D : Deferred) {
    if (D.E.Source != NodeEncoding::Param)
      NewVetoes.emplace(P.Pools[D.E.Pool].Origin, D.Why);
    else
      for (int Pl : P.Versions[D.Version].ParamPools[D.E.Slot])
        NewVetoes.emplace(P.Pools[Pl].Origin, D.Why);
  }
  for (auto &[T, K] : Classes) {
    FnPtrClass &C = K.Out;
    if (C.Active) {
      int Idx = P.FnClasses.size();
      for (const std::string &M : C.Members) {
        P.FnClassOf[M] = Idx;
        P.Versions[C.Clone.at(M)].FnClass = Idx;
      }
      // Versions of the functions that name the members are rewritten.
      for (const std::string &R : C.ReferencedIn)
        if (auto It = P.VersionsOf.find(R); It != P.VersionsOf.end())
          for (unsigned VI : It->second)
            P.Versions[VI].UsesPools = true;
      C.Decision = "clones with " + std::to_string(C.NumPoolParams) +
                   " pool parameter" + (C.NumPoolParams == 1 ? "" : "s");
    } else if (K.Vetoed) {
      C.Decision = "unchanged";
    } else {
      // Unchanged; reported when a structure was left unchanged at one of its
      // calls.
      std::string Why;
      for (auto &[Key, F] : PG.Functions)
        for (const CallSite &CS : F.Calls)
          if (CS.DirectCallee.empty() && callType(CS) == T)
            for (auto &[R, W] : V)
              if (Why.empty() && W.find(CS.Loc) != std::string::npos)
                Why = W;
      // Or because of what a member does (settleClasses names it).
      for (const std::string &Name : C.MemberNames)
        for (auto &[R, W] : V)
          if (Why.empty() && compat::startsWith(llvm::StringRef(W), "'" + Name + "' "))
            Why = W;
      if (Why.empty())
        continue;
      C.Decision = "unchanged: " + (K.Why.empty() ? Why : K.Why);
    }
    if (C.Decision == "unchanged" && !K.Why.empty())
      C.Decision += ": " + K.Why;
    P.FnClasses.push_back(C);
  }
}

void Planner::makeVersions() {
  // Entry points keep their original signature: main, functions whose address is taken,
  // and externally visible functions. With main the whole program is here, so an
  // externally visible function whose signature must change (it takes pointers into an
  // indexed global pool) is versioned from its callers instead of kept.
  std::set<std::string> AddressTaken;
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls)
      if (CS.DirectCallee.empty())
        AddressTaken.insert(CS.Targets.begin(), CS.Targets.end());
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls)
      AddressTaken.insert(CS.CallbackTargets.begin(), CS.CallbackTargets.end());
  // A function whose address is taken but never called through it (stored, compared,
  // printed) keeps its name too: the original stays for what names it.
  for (const auto &Uses : PG.UnitFunctionTypes)
    for (const auto &[Type, U] : Uses)
      AddressTaken.insert(U.Referenced.begin(), U.Referenced.end());
  findFnClasses();
  auto IsEntry = [&](const std::string &Key, FunctionGraph &F) {
    // A member of a class of function pointers gets the version its class needs
    // (or, when the calls pass no pools, the original one below).
    return (AddressTaken.count(Key) && !ClassMembers.count(Key)) ||
           (F.ExternallyVisible &&
            (!PG.HasMain || F.Name == "main" || globalIndexBits(F).empty()));
  };
  auto Drain = [&] {
    while (!Work.empty()) {
      unsigned VI = Work.front();
      Work.pop_front();
      fillVersion(VI);
    }
    while (settleClasses() || !Work.empty())
      while (!Work.empty()) {
        unsigned VI = Work.front();
        Work.pop_front();
        fillVersion(VI);
      }
  };
  for (auto &[Key, F] : PG.Functions) {
    if (!IsEntry(Key, F))
      continue;
    std::vector<NodeEncoding> Sig(Facts[Key].InterfaceOrder.size());
    versionFor(F, Sig, /*Entry=*/true);
  }
  Drain();
  // Functions no entry point reaches (a thread's start routine, a handler passed to
  // libc) still read the program's retyped globals: they get the version an unknown
  // caller would get. Those that no function calls go first, so that their callees get
  // the versions they call rather than an original nobody needs (which, static, would
  // not even compile cleanly: -Wunused-function).
  std::set<std::string> Called;
  for (auto &[Key, F] : PG.Functions)
    for (const CallSite &CS : F.Calls)
      for (const std::string &T : CS.Targets)
        if (T != Key)
          Called.insert(T);
  // Members of classes of function pointers last: a call found on the way may still
  // give them their class's clone instead of an original nobody would call.
  for (int Pass : {0, 1, 2})
    for (auto &[Key, F] : PG.Functions) {
      if (P.VersionsOf.count(Key) || (Pass == 0 && Called.count(Key)) ||
          (Pass < 2 && ClassMembers.count(Key)))
        continue;
      std::vector<NodeEncoding> Sig(Facts[Key].InterfaceOrder.size());
      versionFor(F, Sig, IsEntry(Key, F));
      Drain();
    }
  // A member of a class that stays unchanged is called through its pointers as it is
  // (`static const struct ops table = { build, destroy };`): it keeps its original
  // beside the clones its direct callers need.
  std::set<std::string> Kept;
  for (bool Added = true; Added;) {
    Added = false;
    for (auto &[T, K] : Classes) {
      if (K.Out.Active)
        continue;
      for (const std::string &M : K.Out.Members) {
        auto VIt = P.VersionsOf.find(M);
        auto FIt = PG.Functions.find(M);
        if (VIt == P.VersionsOf.end() || FIt == PG.Functions.end() ||
            llvm::any_of(VIt->second, [&](unsigned VI) { return P.Versions[VI].IsOriginal; }) ||
            !Kept.insert(M).second)
          continue;
        std::vector<NodeEncoding> Sig(Facts[M].InterfaceOrder.size());
        versionFor(FIt->second, Sig, /*Entry=*/true);
        Drain();
        Added = true;
      }
    }
  }
  // Which pools reach each pool parameter, through any chain of calls.
  bool Changed = true;
  while (Changed) {
    Changed = false;
    for (FunctionVersion &Ver : P.Versions)
      for (auto &[CI, Call] : Ver.Calls)
        for (unsigned S = 0; S < Call.PoolArgs.size(); ++S) {
          const NodeEncoding &E = Call.PoolArgs[S];
          std::set<int> From;
          if (E.Source == NodeEncoding::Param)
            From = Ver.ParamPools[E.Slot];
          else
            From.insert(E.Pool);
          std::vector<unsigned> To{Call.Version};
          if (Call.Indirect)
            To = Call.Targets;
          for (unsigned W : To)
            for (int Pl : From)
              Changed |= P.Versions[W].ParamPools[S].insert(Pl).second;
        }
  }
  finishFnClasses();
}

void Planner::vetoRefusedHooks() {
  // A call through an allocation hook becomes a pool operation only when it is a call
  // of its allocator whatever the hook holds (see AllocationHooks.h). The analysis has
  // already kept out of pools what the other hook calls allocate; what is left is a hook
  // that, in the finished graphs, unseen code may set (a program without main).
  // After makeVersions: the pools each pool parameter stands for are known.
  for (const FunctionVersion &Ver : P.Versions) {
    FunctionGraph &F = *PG.function(Ver.Function);
    for (const CallSite &CS : F.Calls) {
      if (!CS.Hook)
        continue;
      std::vector<Cell> Cells(CS.Args.begin(), CS.Args.end());
      Cells.push_back(CS.Ret);
      std::optional<std::string> Why;
      for (Cell C : Cells) {
        C = F.Graph->resolve(C);
        NodeEncoding E = C.isNull() ? NodeEncoding() : Ver.Nodes.lookup(C.Node);
        if (!E.isPooled())
          continue;
        if (!Why)
          Why = hookRefusal(F, CS);
        if (Why->empty())
          break;
        std::set<int> Pools;
        if (E.Source == NodeEncoding::Param)
          Pools = Ver.ParamPools[E.Slot];
        else
          Pools.insert(E.Pool);
        for (int Pl : Pools)
          NewVetoes.emplace(P.Pools[Pl].Origin, *Why);
      }
    }
  }
}

void Planner::vetoSplitStatics() {
  // Every version of a function is a function of its own: a static local (a counter in
  // an allocation function) would be split between its versions. The rewriter declares
  // the static locals of a function with several versions at file scope, shared; a
  // function whose static locals cannot move there (SharedStatics.h) keeps one version,
  // so the structures that would give it more stay.
  for (auto &[Key, Versions] : P.VersionsOf) {
    if (Versions.size() < 2)
      continue;
    FunctionGraph &F = *PG.function(Key);
    if (F.UnsharedStatics.empty())
      continue;
    std::string Why = F.UnsharedStatics + ", which the " + std::to_string(Versions.size()) +
                      " copies of '" + F.Name +
                      "' that ptrcomp writes (one per calling context) would not share";
    for (unsigned VI : Versions) {
      const FunctionVersion &Ver = P.Versions[VI];
      for (const std::set<int> &Pools : Ver.ParamPools)
        for (int Pl : Pools)
          NewVetoes.emplace(P.Pools[Pl].Origin, Why);
      for (const NodeEncoding &E : Ver.Signature)
        if (E.isHolder())
          for (int Pl : poolsHolding(E.LayoutId))
            NewVetoes.emplace(P.Pools[Pl].Origin, Why);
        else if (E.isPooled() && E.Pool >= 0)
          NewVetoes.emplace(P.Pools[E.Pool].Origin, Why);
    }
  }
}

void Planner::vetoPointersIntoNestedLayouts() {
  // A struct member pointing to a struct embedded in a pool's objects (`r->at =
  // &o->in;`) is declared in its own struct's layout from its original type, while the
  // embedded struct gets a layout of its own when it holds indices: the member would
  // point to the old type. (Variables are declared for what they point to.) The pool
  // whose embedded struct changes stays unchanged.
  // Whether byte Off of layout LI's objects begins a struct with a layout of its own.
  std::function<bool(int, uint64_t)> NestedAt = [&](int LI, uint64_t Off) {
    const Layout &L = P.Layouts[LI];
    for (auto &[K, Inner] : L.Nested) {
      uint64_t Size = P.Layouts[Inner].StructSize;
      auto A = L.NestedArrayBytes.find(K);
      uint64_t Span = A == L.NestedArrayBytes.end() ? Size : A->second;
      if (Off < K || Off >= K + Span || !Size)
        continue;
      return (Off - K) % Size == 0 || NestedAt(Inner, (Off - K) % Size);
    }
    return false;
  };
  // The member of struct T at byte Off holding a pointer to a struct, or null.
  std::function<const TypeInfo::Field *(TypeId, uint64_t)> PointerToStructAt =
      [&](TypeId T, uint64_t Off) -> const TypeInfo::Field * {
    for (const TypeInfo::Field &F : PG.Types.info(T).Fields) {
      const TypeInfo &FI = PG.Types.info(F.Type);
      if (F.Offset == Off && FI.K == TypeInfo::Pointer && FI.Pointee &&
          PG.Types.info(FI.Pointee).K == TypeInfo::Struct)
        return &F;
      if (FI.K == TypeInfo::Struct && Off >= F.Offset && Off < F.Offset + FI.Size)
        return PointerToStructAt(F.Type, Off - F.Offset);
    }
    return nullptr;
  };
  for (const Pool &Pl : P.Pools) {
    if (Pl.LayoutId < 0 || P.Layouts[Pl.LayoutId].Nested.empty())
      continue;
    DSGraph &G = graphOf(Pl.Origin.Owner);
    NodeId Target = G.find(Pl.Origin.Node);
    for (NodeId M = 1; M < G.capacity(); ++M) {
      if (!G.isLive(M) || G.liveNode(M).Collapsed || !G.liveNode(M).Type ||
          PG.Types.info(G.liveNode(M).Type).K != TypeInfo::Struct)
        continue;
      const DSNode &MN = G.liveNode(M);
      for (auto &[Off, C] : MN.Edges) {
        Cell Tg = G.resolve(C);
        if (Tg.Node != Target || !Tg.Offset || !NestedAt(Pl.LayoutId, Tg.Offset))
          continue;
        const TypeInfo::Field *F = PointerToStructAt(MN.Type, Off);
        if (!F)
          continue;
        NewVetoes.emplace(
            Pl.Origin, PG.Types.name(MN.Type) + "'s member '" + F->Name + "'" +
                           (MN.TypedAt.empty() ? ""
                                               : " (of the " + PG.Types.name(MN.Type) +
                                                     " objects first used at " +
                                                     MN.TypedAt.str() + ")") +
                           " points to a " + PG.Types.name(PG.Types.info(F->Type).Pointee) +
                           " inside these objects, which gets a layout of its own; the "
                           "member would keep its original type");
        break;
      }
    }
  }
}

Plan Planner::run() {
  findStructures();
  for (const NodeRef &R : Structures) {
    std::string Why;
    if (Candidate.count(R))
      continue; // already refused
    Candidate[R] = checkNode(R, Why) ? "" : (Why.empty() ? "not eligible" : Why);
  }
  if (Opts.Compress)
    settleHolders();
  makeLayouts();
  if (Opts.Compress)
    makeGlobalHolders();
  for (const NodeRef &R : Structures)
    if (!Candidate[R].empty())
      P.Reasons[R].push_back(Candidate[R]);
  makeVersions();
  vetoRefusedHooks();
  vetoSplitStatics();
  vetoPointersIntoNestedLayouts();
  // main readies the thread-safe global pools before any thread can see them (see
  // pc_pool_ready), whether or not it uses them itself.
  for (const Pool &Pl : P.Pools)
    if (Pl.OwnerName.empty() && Pl.ThreadSafe)
      if (FunctionGraph *Main = PG.function("main"))
        if (auto It = P.VersionsOf.find(Main->Key); It != P.VersionsOf.end())
          P.Versions[It->second.front()].UsesPools = true;
  nameStructures();
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    for (const Pool::Variable &Var : P.Pools[I].Variables)
      P.VariablePools[Var.Key] = int(I);
  return std::move(P);
}

void Planner::nameStructures() {
  // A pool is named after a variable that points to its structure in the owner ("P_A"
  // for `struct list *A`), and labelled for the runtime's messages with the type, where
  // that variable is declared and its name: "struct list (lists.c:29 A)".
  std::set<std::string> Taken;
  std::map<std::string, unsigned> NextSuffix;
  for (Pool &Pl : P.Pools) {
    std::string Var, Where;
    // A pool of several structures is named after their type: no one variable
    // points to all of them.
    bool OneStructure = Pl.Merged.empty();
    if (OneStructure && Pl.Origin.Owner.empty()) {
      for (auto &[Key, C] : PG.GlobalCells) {
        Cell T = PG.Globals->edgeIfAny(C);
        if (!T.isNull() && T.Node == Pl.Origin.Node) {
          Var = PG.GlobalNames[Key];
          break;
        }
      }
    } else if (OneStructure) {
      FunctionGraph &F = *PG.function(Pl.Origin.Owner);
      for (unsigned I = 0; I < F.VarStorage.size(); ++I) {
        Cell T = F.Graph->edgeIfAny(F.VarStorage[I].second);
        if (!T.isNull() && T.Node == Pl.Origin.Node) {
          Var = F.VarInfo[I].Name;
          Where = F.VarInfo[I].Loc;
          Where = Where.substr(0, Where.rfind(':'));
          // The file's name only: the label must not depend on how paths were spelled.
          if (size_t Slash = Where.rfind('/'); Slash != std::string::npos)
            Where = Where.substr(Slash + 1);
          break;
        }
      }
    }
    std::string Type = PG.Types.name(Pl.Struct);
    std::string Base = "P_" + (Var.empty() ? tagName(PG.Types, Pl.Struct) : Var);
    // The first free name of Base, Base_2, Base_3, ...: names only get taken, so the
    // search for Base goes on where it stopped last time (thousands of pools share a
    // variable name in large programs).
    // Nor a name of the program's (a pool P_h in main would hide main's global P_h).
    auto Take = [&](const std::string &Name) {
      return !PG.TakenNames.count(Name) && !PG.TakenNames.count(Name + "_base") &&
             !PG.TakenNames.count(Name + "_image") &&
             Taken.insert(Name).second;
    };
    Pl.Name = Base;
    if (!Take(Pl.Name)) {
      unsigned &K = NextSuffix.try_emplace(Base, 2).first->second;
      do
        Pl.Name = Base + "_" + std::to_string(K++);
      while (!Take(Pl.Name));
    }
    if (!Where.empty())
      Pl.Label = Type + " (" + Where + " " + Var + ")";
    else if (!Var.empty())
      Pl.Label = Type + " (global " + Var + ")";
    else
      Pl.Label = Type + " (" + (Pl.AllocSites.empty() ? "?" : Pl.AllocSites.front()) + ")";
  }
}

} // namespace

const Pool::Variable *Plan::pooledVariable(const std::string &Key, int *PoolOut) const {
  auto It = VariablePools.find(Key);
  if (It == VariablePools.end())
    return nullptr;
  if (PoolOut)
    *PoolOut = It->second;
  for (const Pool::Variable &Var : Pools[It->second].Variables)
    if (Var.Key == Key)
      return &Var;
  return nullptr;
}

[[noreturn]] static void notRead(const llvm::Twine &What) {
  // A reader of a plan read in part asked for what it was told it needs not: its
  // output would be wrong, so there is none.
  llvm::report_fatal_error("internal error: " + What +
                               " of the plan was not read for this unit",
                           /*gen_crash_diag=*/false);
}

std::vector<FunctionVersion> &VersionTable::whole() {
  if (Partial)
    notRead("every version");
  return All;
}

FunctionVersion &VersionTable::some(size_t I) {
  auto It = llvm::partition_point(
      Some, [&](const std::pair<unsigned, FunctionVersion> &X) { return X.first < I; });
  if (It == Some.end() || It->first != I)
    notRead("version " + llvm::Twine(I));
  return It->second;
}

unsigned VersionTable::indexOf(const FunctionVersion &V) const {
  if (!Partial)
    return unsigned(&V - All.data());
  for (const auto &[I, X] : Some)
    if (&X == &V)
      return I;
  notRead("a version");
}

void VersionTable::assignPart(size_t N,
                              std::vector<std::pair<unsigned, FunctionVersion>> Read) {
  All.clear();
  Partial = true;
  Count = N;
  Some = std::move(Read);
  llvm::sort(Some, [](const auto &A, const auto &B) { return A.first < B.first; });
}

struct PoolTable::EncodedPools {
  std::vector<Key> Keys;
  std::vector<llvm::StringRef> Bytes;
  Decoder Decode = nullptr;
  std::vector<std::unique_ptr<Pool>>
      Decoded; ///< by number; null until asked for
  std::mutex Lock;
};

PoolTable::PoolTable() = default;
PoolTable::PoolTable(PoolTable &&) noexcept = default;
PoolTable &PoolTable::operator=(PoolTable &&) noexcept = default;
PoolTable::~PoolTable() = default;

PoolTable &PoolTable::operator=(std::vector<Pool> V) {
  Lazy.reset();
  Retired.reset();
  All = std::move(V);
  return *this;
}

size_t PoolTable::size() const {
  return Lazy ? Lazy->Bytes.size() : All.size();
}

PoolTable::Key PoolTable::lazyKey(size_t I) const { return Lazy->Keys.at(I); }

void PoolTable::assignEncoded(std::vector<Key> Keys,
                              std::vector<llvm::StringRef> Encoded,
                              Decoder Decode) {
  All.clear();
  Retired.reset();
  Lazy = std::make_unique<EncodedPools>();
  Lazy->Keys = std::move(Keys);
  Lazy->Decoded.resize(Encoded.size());
  Lazy->Bytes = std::move(Encoded);
  Lazy->Decode = Decode;
}

Pool &PoolTable::decoded(size_t I) {
  std::lock_guard<std::mutex> Guard(Lazy->Lock);
  std::unique_ptr<Pool> &Slot = Lazy->Decoded.at(I);
  if (!Slot) {
    Slot = std::make_unique<Pool>();
    if (!Lazy->Decode(Lazy->Bytes[I], *Slot))
      // The part's checksum matched: its bytes are what the link wrote.
      llvm::report_fatal_error("internal error: pool " + llvm::Twine(I) +
                                   " of the plan does not parse",
                               /*gen_crash_diag=*/false);
  }
  return *Slot;
}

std::vector<Pool> &PoolTable::whole() {
  if (Lazy) {
    std::vector<Pool> Out;
    Out.reserve(Lazy->Bytes.size());
    for (size_t I = 0; I < Lazy->Bytes.size(); ++I)
      Out.push_back(decoded(I));
    All = std::move(Out);
    Retired = std::move(Lazy);
  }
  return All;
}

std::set<int> poolsWithLayout(const Plan &P, int LayoutId) {
  if (P.PoolsByLayout.size() == P.Layouts.size() && LayoutId >= 0 &&
      unsigned(LayoutId) < P.Layouts.size())
    return std::set<int>(P.PoolsByLayout[LayoutId].begin(),
                         P.PoolsByLayout[LayoutId].end());
  std::set<int> Out;
  std::function<bool(int)> Contains = [&](int L) {
    if (L == LayoutId)
      return true;
    for (auto &KV : P.Layouts[L].Nested)
      if (Contains(KV.second))
        return true;
    return false;
  };
  for (unsigned I = 0; I < P.Pools.size(); ++I)
    if (P.Pools[I].LayoutId >= 0 && Contains(P.Pools[I].LayoutId))
      Out.insert(I);
  return Out;
}

void indexPoolsByLayout(Plan &P) {
  P.PoolsByLayout.assign(P.Layouts.size(), {});
  for (unsigned I = 0; I < P.Pools.size(); ++I) {
    // The pool's layout and every layout nested in it, each once.
    std::vector<int> Work;
    std::set<int> Seen;
    if (P.Pools[I].LayoutId >= 0)
      Work.push_back(P.Pools[I].LayoutId);
    while (!Work.empty()) {
      int L = Work.back();
      Work.pop_back();
      if (L < 0 || unsigned(L) >= P.Layouts.size() || !Seen.insert(L).second)
        continue;
      P.PoolsByLayout[L].push_back(int(I));
      for (auto &KV : P.Layouts[L].Nested)
        Work.push_back(KV.second);
    }
  }
}

int layoutAt(const Plan &P, int LayoutId, uint64_t Offset, TypeId T) {
  while (LayoutId >= 0) {
    const Layout &L = P.Layouts[LayoutId];
    if (Offset == 0 && L.Struct == T)
      return LayoutId;
    int Next = -1;
    for (auto &[Off, Inner] : L.Nested) {
      uint64_t Size = P.Layouts[Inner].StructSize;
      auto A = L.NestedArrayBytes.find(Off);
      uint64_t Extent = A != L.NestedArrayBytes.end() ? A->second : Size;
      if (Offset >= Off && Offset < Off + Extent && Size) {
        Next = Inner;
        Offset = (Offset - Off) % Size; // any element: the first's layout
        break;
      }
    }
    LayoutId = Next;
  }
  return -1;
}

std::string fnPointerClone(const Plan &P, const clang::FunctionDecl *FD) {
  if (P.FnClassOf.empty())
    return "";
  std::string Key = functionKey(FD);
  auto It = P.FnClassOf.find(Key);
  if (It == P.FnClassOf.end())
    return "";
  return P.Versions[P.FnClasses[It->second].Clone.at(Key)].Name;
}

bool keepsOriginal(const Plan &P, const clang::FunctionDecl *FD) {
  auto It = P.VersionsOf.find(functionKey(FD));
  return It == P.VersionsOf.end() ||
         llvm::any_of(It->second, [&](unsigned VI) { return P.Versions[VI].IsOriginal; });
}

void vetoPoolMembers(const Plan &P, Vetoes &V) {
  for (const Pool &Pl : P.Pools) {
    if (Pl.Merged.empty())
      continue;
    std::vector<NodeRef> Members = poolMembers(Pl);
    auto Vetoed = llvm::find_if(Members, [&](const NodeRef &R) { return V.count(R); });
    if (Vetoed == Members.end())
      continue;
    std::string Why = "it shares a pool with another structure of its allocation "
                      "sites and owner, which stays unchanged because " +
                      V.at(*Vetoed);
    for (const NodeRef &R : Members)
      V.emplace(R, Why);
  }
}

Plan makePlan(ProgramGraphs &PG, const PlanOptions &Opts, const Vetoes &V) {
  Vetoes All = V;
  for (unsigned Round = 0;; ++Round) {
    Planner Pl(PG, Opts, All);
    Plan P = Pl.run();
    if (Pl.NewVetoes.empty()) {
      for (auto &KV : All)
        P.Vetoed.insert(KV.first);
      indexPoolsByLayout(P);
      return P;
    }
    size_t Before = All.size();
    for (auto &KV : Pl.NewVetoes)
      All.insert(KV);
    vetoPoolMembers(P, All);
    if (All.size() == Before || Round > 100) {
      // No fixpoint: never a plan with vetoes it did not apply; every structure stays
      // as it was.
      for (const Pool &Po : P.Pools)
        for (const NodeRef &R : poolMembers(Po))
          All.emplace(R, "ptrcomp could not settle a plan around it: " +
                             Pl.NewVetoes.begin()->second);
      Planner Last(PG, Opts, All);
      Plan Q = Last.run();
      for (auto &KV : All)
        Q.Vetoed.insert(KV.first);
      indexPoolsByLayout(Q);
      return Q;
    }
  }
}

} // namespace ptrcomp::dsa
