# How ptrcomp links LLVM and Clang: sets PTRCOMP_CLANG_LIBS and PTRCOMP_LLVM_LIBS.
#
#   -DPTRCOMP_LLVM_LINKAGE=auto     static archives when the installation has them (default)
#   -DPTRCOMP_LLVM_LINKAGE=static   static archives, or an error saying what is missing
#   -DPTRCOMP_LLVM_LINKAGE=shared   libclang-cpp / libLLVM
#
# Why static by default: a process linked to the shared libclang-cpp and libLLVM spends
# about 15 ms before main() binding their symbols (measured with LLVM 16 on Debian: 19 ms
# for `ptrcomp --version` against 5 ms). The step mode runs two ptrcomp processes per
# source file (--summarize, --apply) that each parse one file in about 10 ms, so the
# dynamic loader was more than a third of the whole build's CPU time. The price is a
# longer link of ptrcomp itself (seconds).
#
# Distributions that build LLVM as one shared library (LLVM_LINK_LLVM_DYLIB, as Debian
# does) still ship the static archives, but their Clang targets name the shared "LLVM"
# in their link interface; in static mode that name is replaced by the LLVM archives
# Clang's libraries need.
set(PTRCOMP_LLVM_LINKAGE auto CACHE STRING "How to link LLVM/Clang: auto, static or shared")
set_property(CACHE PTRCOMP_LLVM_LINKAGE PROPERTY STRINGS auto static shared)

set(_ptrcomp_clang_static clangTooling clangFrontend clangSerialization clangDriver
    clangParse clangSema clangAnalysis clangAST clangASTMatchers clangEdit clangLex
    clangBasic clangRewrite clangToolingCore)
# What Clang's libraries above use of LLVM, by component, for LLVM 14 to 19; names a
# version does not have are skipped. The archives' own link interfaces add the rest.
set(_ptrcomp_llvm_components Support Demangle Option FrontendOpenMP FrontendHLSL Core
    BinaryFormat MC MCParser ProfileData TargetParser WindowsDriver BitReader
    BitstreamReader Object Remarks TextAPI)

# Every target and library in the link interfaces reachable from ${ARGN}, into ${out}.
function(_ptrcomp_link_closure out)
  set(seen)
  set(todo ${ARGN})
  while(todo)
    list(POP_FRONT todo item)
    string(REGEX REPLACE "^\\$<LINK_ONLY:(.*)>$" "\\1" item "${item}")
    if(item IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${item}")
    if(TARGET ${item})
      get_target_property(deps ${item} INTERFACE_LINK_LIBRARIES)
      if(deps)
        list(APPEND todo ${deps})
      endif()
    endif()
  endwhile()
  set(${out} "${seen}" PARENT_SCOPE)
endfunction()

# Why the static archives cannot be used, or "" when they can.
function(_ptrcomp_static_problem out llvm_libs)
  set(problem "")
  _ptrcomp_link_closure(closure ${_ptrcomp_clang_static} ${llvm_libs})
  foreach(item ${closure})
    if(item STREQUAL "LLVM" OR item STREQUAL "clang-cpp")
      continue() # replaced below
    endif()
    if(TARGET ${item})
      get_target_property(type ${item} TYPE)
      if(type STREQUAL "STATIC_LIBRARY")
        get_target_property(loc ${item} LOCATION)
        if(NOT EXISTS "${loc}")
          set(problem "${item} (${loc}) is not installed")
          break()
        endif()
      endif()
    elseif(item MATCHES "::")
      set(problem "the link interface names ${item}, which is not a target")
      break()
    endif()
  endforeach()
  set(${out} "${problem}" PARENT_SCOPE)
endfunction()

# Debian's LLVM 15 and later name zstd::libzstd_shared without defining it (it comes from
# zstd's CMake package, which libzstd-dev does not always install): define it from the
# library itself when that is there.
if(NOT PTRCOMP_LLVM_LINKAGE STREQUAL "shared" AND NOT TARGET zstd::libzstd_shared)
  find_library(PTRCOMP_ZSTD_LIBRARY NAMES zstd libzstd.so.1)
  mark_as_advanced(PTRCOMP_ZSTD_LIBRARY)
  if(PTRCOMP_ZSTD_LIBRARY)
    add_library(zstd::libzstd_shared SHARED IMPORTED)
    set_target_properties(zstd::libzstd_shared PROPERTIES
                          IMPORTED_LOCATION "${PTRCOMP_ZSTD_LIBRARY}")
  endif()
endif()

set(_ptrcomp_static_llvm)
foreach(_c ${_ptrcomp_llvm_components})
  if(TARGET LLVM${_c})
    list(APPEND _ptrcomp_static_llvm LLVM${_c})
  endif()
endforeach()

set(_ptrcomp_static_problem "")
if(PTRCOMP_LLVM_LINKAGE STREQUAL "shared")
  set(_ptrcomp_static_problem "PTRCOMP_LLVM_LINKAGE=shared")
elseif(NOT TARGET clangTooling OR NOT TARGET LLVMSupport)
  set(_ptrcomp_static_problem "the installation has no static Clang/LLVM targets")
else()
  _ptrcomp_static_problem(_ptrcomp_static_problem "${_ptrcomp_static_llvm}")
endif()
if(_ptrcomp_static_problem AND PTRCOMP_LLVM_LINKAGE STREQUAL "static")
  message(FATAL_ERROR "PTRCOMP_LLVM_LINKAGE=static: ${_ptrcomp_static_problem}")
endif()

if(NOT _ptrcomp_static_problem)
  set(PTRCOMP_CLANG_LIBS ${_ptrcomp_clang_static})
  set(PTRCOMP_LLVM_LIBS ${_ptrcomp_static_llvm})
  _ptrcomp_link_closure(_ptrcomp_closure ${_ptrcomp_clang_static})
  foreach(_t ${_ptrcomp_closure})
    if(_t MATCHES "^clang" AND TARGET ${_t})
      get_target_property(_deps ${_t} INTERFACE_LINK_LIBRARIES)
      if(_deps AND ("LLVM" IN_LIST _deps OR "clang-cpp" IN_LIST _deps))
        list(REMOVE_ITEM _deps LLVM clang-cpp)
        set_target_properties(${_t} PROPERTIES INTERFACE_LINK_LIBRARIES "${_deps};${_ptrcomp_static_llvm}")
      endif()
    endif()
  endforeach()
  # Shared system libraries named by LLVM's interfaces (z3, xml2, ...) that nothing uses
  # are not loaded at start either.
  if(CMAKE_SYSTEM_NAME STREQUAL "Linux")
    set(PTRCOMP_LLVM_LINK_OPTIONS "LINKER:--as-needed")
  endif()
  message(STATUS "ptrcomp: LLVM/Clang linked statically")
else()
  # Shared: much faster links, smaller tool, slower start.
  if(TARGET clang-cpp)
    set(PTRCOMP_CLANG_LIBS clang-cpp)
  else()
    set(PTRCOMP_CLANG_LIBS ${_ptrcomp_clang_static})
  endif()
  if(LLVM_LINK_LLVM_DYLIB)
    set(PTRCOMP_LLVM_LIBS LLVM)
  else()
    llvm_map_components_to_libnames(PTRCOMP_LLVM_LIBS support option frontendopenmp)
  endif()
  message(STATUS "ptrcomp: LLVM/Clang linked as shared libraries (${_ptrcomp_static_problem})")
endif()
