//===- LibcModel.cpp - the table of libc functions -------------------------===//
//
// One row per function: what it returns and what it does with each pointer argument.
// Functions that only read or write scalars or characters through their arguments
// (printf, strlen, strcmp, atoi, ...) change nothing in the graph. Functions absent from
// the table are unknown code: everything reachable from their arguments escapes (E).
//
//===----------------------------------------------------------------------===//
#include "LibcModel.h"
#include "llvm/ADT/StringSwitch.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "ptrcomp/analysis/GraphExport.h"

#include <algorithm>
#include <iterator>

namespace ptrcomp::dsa {
namespace {

enum class Ret {
  None,      ///< no pointer result, or one that aliases nothing we track
  NewHeap,   ///< a fresh heap object (malloc, strdup)
  Realloc,   ///< argument 0's object, possibly moved (realloc)
  Arg0,      ///< aliases argument 0 (memcpy, strchr, fgets)
  Arg1,      ///< aliases argument 1 (bsearch's base)
  Static,    ///< a static object inside libc (getenv, strerror, localtime)
};

/// What the callee does with a pointer argument.
enum Effect : uint8_t {
  Read = 0,       ///< reads/writes scalars or characters only
  Bytes = 1,      ///< reads or writes the object as raw bytes (fwrite, memcmp)
  Esc = 2,        ///< keeps or hands the pointer to unseen code (atexit, pthread_create)
  Cmp = 4,        ///< a callback invoked with pointers into argument `base`
  OutHeap = 8,    ///< stores a new heap pointer through this argument (posix_memalign)
  EndPtr = 16,    ///< stores a pointer into argument 0 through this argument (strtol)
  Merge0 = 32,    ///< the object is copied to/from argument 0's (memcpy's source)
};

struct Row {
  Ret R;
  std::vector<uint8_t> Args; ///< per argument; missing ones (and varargs) are Read
  bool EscapeBase = false;   ///< argument 0 is sorted/searched by libc (qsort, bsearch)
};

const llvm::StringMap<Row> &table() {
  static const llvm::StringMap<Row> T = [] {
    llvm::StringMap<Row> M;
    auto Add = [&](std::initializer_list<const char *> Names, Row R) {
      for (const char *N : Names)
        M[N] = R;
    };
    // Allocation.
    Add({"malloc", "calloc", "aligned_alloc", "valloc", "memalign", "pvalloc"},
        {Ret::NewHeap, {}});
    Add({"strdup", "strndup", "__strdup"}, {Ret::NewHeap, {}});
    Add({"realloc", "reallocf", "reallocarray"}, {Ret::Realloc, {}});
    Add({"posix_memalign"}, {Ret::None, {OutHeap}});
    Add({"free", "cfree"}, {Ret::None, {}});
    // string.h / memory.
    // Byte-counted calls (see byteCountCall): the access type of a covered argument
    // comes from the call site's ByteCovers.
    Add({"memcpy", "memmove", "mempcpy", "__memcpy_chk", "__memmove_chk"},
        {Ret::Arg0, {Bytes, Bytes | Merge0}});
    Add({"bcopy"}, {Ret::None, {Bytes, Bytes | Merge0}}); // bcopy(src, dst, n)
    Add({"memset", "__memset_chk"}, {Ret::Arg0, {Bytes}});
    Add({"bzero", "explicit_bzero"}, {Ret::None, {Bytes}});
    Add({"memcmp", "bcmp"}, {Ret::None, {Bytes, Bytes}});
    Add({"memchr", "memrchr", "rawmemchr", "strchr", "strrchr", "strchrnul", "strstr",
         "strcasestr", "strpbrk", "strtok", "strtok_r", "strsep", "index", "rindex"},
        {Ret::Arg0, {}});
    Add({"strcpy", "strncpy", "strcat", "strncat", "stpcpy", "stpncpy", "__strcpy_chk",
         "__strcat_chk", "__strncpy_chk"},
        {Ret::Arg0, {}});
    Add({"strlen", "strnlen", "strcmp", "strncmp", "strcasecmp", "strncasecmp", "strcoll",
         "strxfrm", "strspn", "strcspn", "strerror_r", "strlcpy", "strlcat"},
        {Ret::None, {}});
    Add({"strerror", "getenv", "secure_getenv", "setlocale", "localeconv", "localtime",
         "gmtime", "ctime", "asctime", "tmpnam", "ttyname", "getlogin", "strsignal"},
        {Ret::Static, {}});
    // stdlib.h.
    Add({"strtol", "strtoul", "strtoll", "strtoull", "strtod", "strtof", "strtold",
         "strtoimax", "strtoumax"},
        {Ret::None, {Read, EndPtr}});
    Add({"atoi", "atol", "atoll", "atof", "abs", "labs", "llabs", "div", "ldiv", "rand",
         "srand", "rand_r", "random", "srandom", "drand48", "srand48", "lrand48",
         "erand48", "nrand48", "exit", "_Exit", "_exit", "abort", "system", "mblen",
         "mbtowc", "wctomb", "mbstowcs", "wcstombs", "getpid", "sleep", "usleep"},
        {Ret::None, {}});
    Add({"qsort"}, {Ret::None, {Read, Read, Read, Cmp}, true});
    Add({"bsearch"}, {Ret::Arg1, {Read, Read, Read, Read, Cmp}, true});
    // Kept by libc (handlers, thread arguments, stream buffers): per pointer parameter.
    Add({"atexit", "at_quick_exit"}, {Ret::None, {Esc}});
    Add({"on_exit", "pthread_once", "pthread_key_create", "setvbuf", "setbuf"},
        {Ret::None, {Esc, Esc}});
    Add({"signal"}, {Ret::None, {Read, Esc}});
    Add({"sigaction"}, {Ret::None, {Read, Esc, Esc}});
    Add({"pthread_create"}, {Ret::None, {Esc, Esc, Esc, Esc}});
    // stdio.h.
    Add({"fopen", "freopen", "fdopen", "tmpfile", "popen", "fmemopen", "open_memstream"},
        {Ret::Static, {}});
    Add({"printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf",
         "vsnprintf", "dprintf", "asprintf", "scanf", "fscanf", "sscanf", "vscanf",
         "vfscanf", "vsscanf", "puts", "fputs", "putc", "fputc", "putchar", "getc",
         "fgetc", "getchar", "ungetc", "fclose", "fflush", "fseek", "ftell", "rewind",
         "fgetpos", "fsetpos", "feof", "ferror", "clearerr", "perror", "remove", "rename",
         "pclose", "fileno", "__printf_chk", "__fprintf_chk", "__sprintf_chk",
         "__snprintf_chk", "__isoc99_scanf", "__isoc99_sscanf", "__isoc99_fscanf",
         "putchar_unlocked", "getchar_unlocked", "fputc_unlocked", "fgetc_unlocked"},
        {Ret::None, {}});
    Add({"fgets", "gets"}, {Ret::Arg0, {}});
    Add({"fread", "fwrite"}, {Ret::None, {Bytes}});
    Add({"read", "write"}, {Ret::None, {Read, Bytes}});
    // ctype.h, math.h, time.h, assert, setjmp: scalars only.
    Add({"isalnum", "isalpha", "isblank", "iscntrl", "isdigit", "isgraph", "islower",
         "isprint", "ispunct", "isspace", "isupper", "isxdigit", "tolower", "toupper",
         "isascii", "toascii", "__ctype_b_loc", "__ctype_tolower_loc",
         "__ctype_toupper_loc", "__assert_fail", "__assert", "__assert_rtn",
         "__errno_location", "time", "clock", "difftime", "mktime", "strftime",
         "gettimeofday", "clock_gettime", "times", "setjmp", "_setjmp", "longjmp",
         "_longjmp", "sigsetjmp", "siglongjmp", "__sigsetjmp", "sqrt", "sqrtf", "sin",
         "cos", "tan", "asin", "acos", "atan", "atan2", "exp", "exp2", "log", "log2",
         "log10", "pow", "fabs", "fabsf", "floor", "ceil", "round", "trunc", "fmod",
         "fmin", "fmax", "hypot", "cbrt", "ldexp", "frexp", "modf", "lround", "lrint",
         "sinh", "cosh", "tanh", "expm1", "log1p", "erf", "isnan", "isinf", "copysign",
         "nan", "floorf", "ceilf", "powf", "logf", "expf", "sinf", "cosf"},
        {Ret::None, {}});
    return M;
  }();
  return T;
}

} // namespace

bool isModelledFunction(llvm::StringRef Name) {
  Name.consume_front("__builtin_");
  return table().count(Name) || byteCountCall(Name) || startsThreads(Name) ||
         callsBackOnCallingThread(Name);
}

bool startsThreads(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("pthread_create", "thrd_create", "timer_create", "mq_notify", true)
      .Cases("aio_read", "aio_write", "aio_fsync", "lio_listio", true)
      .Cases("aio_read64", "aio_write64", "aio_fsync64", "lio_listio64", true)
      .Cases("pthread_atfork", "getaddrinfo_a", true)
      // They run their function on the calling thread, but only a threaded program
      // (or a library that may start threads) needs them.
      .Cases("pthread_once", "call_once", true)
      .Default(false);
}

bool callsBackOnCallingThread(llvm::StringRef Name) {
  return llvm::StringSwitch<bool>(Name)
      .Cases("qsort", "qsort_r", "bsearch", "lfind", "lsearch", true)
      .Cases("tsearch", "tfind", "tdelete", "twalk", "twalk_r", "tdestroy", true)
      .Cases("atexit", "at_quick_exit", "on_exit", "signal", "sigaction", true)
      .Cases("pthread_once", "pthread_key_create", "call_once", "tss_create", true)
      .Cases("ftw", "nftw", "scandir", "glob", true)
      .Default(false);
}

const ByteCountCall *byteCountCall(llvm::StringRef Name) {
  Name.consume_front("__builtin_"); // __builtin_memcpy is memcpy
  static const llvm::StringMap<ByteCountCall> T = [] {
    llvm::StringMap<ByteCountCall> M;
    for (const char *N : {"memcpy", "memmove", "mempcpy", "__memcpy_chk", "__memmove_chk",
                          "memcmp", "bcmp", "bcopy"})
      M[N] = {{0, 1}, 2, false};
    for (const char *N : {"memset", "__memset_chk"})
      M[N] = {{0}, 2, false};
    for (const char *N : {"bzero", "explicit_bzero"})
      M[N] = {{0}, 1, false};
    for (const char *N : {"fread", "fwrite"})
      M[N] = {{0}, 1, true};
    for (const char *N : {"read", "write"})
      M[N] = {{1}, 2, true};
    return M;
  }();
  auto It = T.find(Name);
  return It == T.end() ? nullptr : &It->second;
}

void writeLibcModelJSON(llvm::raw_ostream &OS) {
  static const char *const RetNames[] = {"none", "new-heap", "realloc",
                                         "arg0", "arg1", "static"};
  std::vector<std::string> Names;
  for (auto &KV : table())
    Names.push_back(KV.getKey().str());
  std::sort(Names.begin(), Names.end()); // deterministic
  llvm::json::Object Root;
  for (const std::string &N : Names) {
    const Row &R = table().find(N)->second;
    llvm::json::Array Args;
    for (uint8_t E : R.Args) {
      llvm::json::Array Fx;
      for (auto [Bit, Name] : {std::pair{Bytes, "bytes"}, {Esc, "escape"}, {Cmp, "callback"},
                               {OutHeap, "out-heap"}, {EndPtr, "end-ptr"}, {Merge0, "merge0"}})
        if (E & Bit)
          Fx.push_back(Name);
      Args.push_back(std::move(Fx));
    }
    llvm::json::Object O{{"returns", RetNames[int(R.R)]},
                         {"args", std::move(Args)},
                         {"escape_base", R.EscapeBase}};
    if (const ByteCountCall *BC = byteCountCall(N))
      O["byte_count"] = llvm::json::Object{{"covered", llvm::json::Array(BC->Covered)},
                                           {"size_arg", BC->SizeArg},
                                           {"leaves_program", BC->LeavesProgram}};
    Root[N] = std::move(O);
  }
  OS << llvm::formatv("{0:2}", llvm::json::Value(std::move(Root))) << "\n";
}

bool isAllocationFunction(llvm::StringRef Name) {
  auto It = table().find(Name);
  return It != table().end() &&
         (It->second.R == Ret::NewHeap || It->second.R == Ret::Realloc);
}

bool isDeallocationFunction(llvm::StringRef Name) {
  return Name == "free" || Name == "cfree";
}

void applyExternalCall(DSGraph &G, const CallSite &CS, TypeId CharType,
                       std::vector<CallbackCall> &Callbacks) {
  DSGraph::ContextScope Scope(G, CS.Loc);
  auto Arg = [&](unsigned I) { return I < CS.Args.size() ? G.resolve(CS.Args[I]) : Cell(); };
  // `__builtin_memcpy` (bison's YYCOPY) is memcpy; but the builtin forms of allocators
  // stay unknown: the rewriter makes pool operations of the C library's calls only.
  llvm::StringRef Name = CS.CalleeName;
  if (Name.consume_front("__builtin_") &&
      (isAllocationFunction(Name) || isDeallocationFunction(Name)))
    Name = CS.CalleeName;
  auto It = table().find(Name);
  if (CS.CalleeName.empty() || It == table().end()) {
    std::vector<Cell> Roots(CS.Args.begin(), CS.Args.end());
    Roots.push_back(CS.Ret);
    std::string Who = CS.CalleeName.empty() ? "an unknown function"
                                            : "external function '" + CS.CalleeName + "'";
    G.markReachable(Roots, Escapes, "escapes: passed to " + Who + " at " + CS.Loc);
    return;
  }
  const Row &R = It->second;
  // Heap objects a pool can take over come from direct calls of malloc, calloc and
  // realloc and go to direct calls of free: the rewriter turns exactly those into pool
  // operations (and refuses strdup, aligned_alloc and valloc by name). Objects that any
  // other allocator makes, and objects that a call through a function pointer allocates,
  // reallocates or frees, must stay out of pools; they are marked U, with the reason.
  bool Indirect = CS.DirectCallee.empty();
  auto NotPoolable = [&](Cell C, const std::string &What) {
    if (!C.isNull())
      G.addFlags(C, Unknown, "unknown: " + What + " at " + CS.Loc);
  };
  auto NotRewritten = [&](const char *Verb) {
    return std::string(Verb) + " by '" + CS.CalleeName + "'" +
           (Indirect ? " through a function pointer" : ", which ptrcomp does not rewrite,");
  };
  if (R.R == Ret::NewHeap || R.R == Ret::Realloc) {
    static const char *const Rewritten[] = {"malloc", "calloc", "realloc", "strdup",
                                            "aligned_alloc", "valloc"};
    if (Indirect || std::find(std::begin(Rewritten), std::end(Rewritten),
                              CS.CalleeName) == std::end(Rewritten))
      NotPoolable(CS.Ret, NotRewritten(R.R == Ret::Realloc ? "reallocated" : "allocated"));
  }
  if (isDeallocationFunction(CS.CalleeName) && (Indirect || CS.CalleeName != "free"))
    NotPoolable(Arg(0), NotRewritten("freed"));
  for (unsigned I = 0; I < CS.Args.size(); ++I) {
    uint8_t E = I < R.Args.size() ? R.Args[I] : uint8_t(Read);
    Cell A = Arg(I);
    if (A.isNull())
      continue;
    if (E & Bytes) {
      // Whole objects of a type when the byte count provably covers them; else bytes,
      // which collapses a struct node (its layout must then stay as it is).
      auto BC = CS.ByteCovers.find(I);
      G.access(A, BC != CS.ByteCovers.end() && BC->second.Elem ? BC->second.Elem : CharType,
               CS.Loc);
    }
    if (E & Esc)
      G.markReachable({A}, Escapes,
                      "escapes: passed to '" + CS.CalleeName + "' at " + CS.Loc);
    if (E & Merge0)
      G.merge(Arg(0), A);
    if (E & EndPtr)
      G.merge(G.edge(A), Arg(0));
    if (E & OutHeap) {
      Cell P = G.edge(A);
      G.addFlags(P, Heap);
      G.addAllocSite(P, CS.Loc);
      NotPoolable(P, NotRewritten("allocated"));
    }
    if (E & Cmp) {
      Cell Base = R.R == Ret::Arg1 ? Arg(1) : Arg(0);
      Cell Key = R.R == Ret::Arg1 ? Arg(0) : Base;
      Callbacks.push_back({A, {Key, Base}});
    }
  }
  if (R.EscapeBase) {
    Cell Base = R.R == Ret::Arg1 ? Arg(1) : Arg(0);
    G.markReachable({Base}, Escapes,
                    "escapes: sorted or searched by '" + CS.CalleeName + "' at " + CS.Loc);
  }
  switch (R.R) {
  case Ret::None:
    break;
  case Ret::NewHeap:
    G.addFlags(CS.Ret, Heap);
    G.addAllocSite(CS.Ret, CS.Loc);
    break;
  case Ret::Realloc:
    G.addFlags(CS.Ret, Heap);
    G.addAllocSite(CS.Ret, CS.Loc);
    G.merge(CS.Ret, Arg(0));
    break;
  case Ret::Arg0:
    G.merge(CS.Ret, Arg(0));
    break;
  case Ret::Arg1:
    G.merge(CS.Ret, Arg(1));
    break;
  case Ret::Static:
    G.addFlags(CS.Ret, Global);
    break;
  }
}

} // namespace ptrcomp::dsa
