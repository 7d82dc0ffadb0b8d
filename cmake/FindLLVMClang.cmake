# Locate LLVM and Clang by their CMake package configs. LLVM/Clang 16 is the default and
# is found without options on Debian/Ubuntu; -DPTRCOMP_LLVM_VERSION=14 (or 15, 19) selects
# another Debian-style installation (/usr/lib/llvm-N), -DLLVM_DIR=... / -DClang_DIR=...
# any other. 14, 15, 16 and 19 are built and tested (scripts/test-matrix.sh); the API
# differences are kept in analysis/include/ptrcomp/Compat.h.
set(PTRCOMP_LLVM_VERSION "" CACHE STRING "LLVM/Clang major version to build against")
set(_ptrcomp_llvm_hints)
set(_ptrcomp_versions 16 19 18 17 15 14)
if(PTRCOMP_LLVM_VERSION)
  set(_ptrcomp_versions ${PTRCOMP_LLVM_VERSION})
  # only that version: find_package would otherwise prefer a default installation
  set(LLVM_DIR /usr/lib/llvm-${PTRCOMP_LLVM_VERSION}/lib/cmake/llvm CACHE PATH "" FORCE)
endif()
foreach(_v ${_ptrcomp_versions})
  list(APPEND _ptrcomp_llvm_hints /usr/lib/llvm-${_v}/lib/cmake/llvm
       /usr/local/opt/llvm@${_v}/lib/cmake/llvm)
endforeach()
find_package(LLVM REQUIRED CONFIG HINTS ${_ptrcomp_llvm_hints})
find_package(Clang REQUIRED CONFIG HINTS ${LLVM_DIR}/../clang ${LLVM_LIBRARY_DIR}/cmake/clang)
message(STATUS "ptrcomp: LLVM ${LLVM_PACKAGE_VERSION} from ${LLVM_DIR}")
message(STATUS "ptrcomp: Clang from ${Clang_DIR}")
if(PTRCOMP_LLVM_VERSION AND NOT LLVM_VERSION_MAJOR EQUAL PTRCOMP_LLVM_VERSION)
  message(FATAL_ERROR "PTRCOMP_LLVM_VERSION=${PTRCOMP_LLVM_VERSION} but found LLVM "
                      "${LLVM_PACKAGE_VERSION} in ${LLVM_DIR}")
endif()
if(NOT LLVM_VERSION_MAJOR MATCHES "^(14|15|16|19)$")
  message(WARNING "ptrcomp is tested with LLVM 14, 15, 16 and 19; found ${LLVM_PACKAGE_VERSION}")
endif()

# The compiler's builtin headers (stddef.h, stdarg.h, ...) live in Clang's resource
# directory; a LibTooling program does not find them by itself because it is not installed
# next to them. Detect it now; `ptrcomp --resource-dir` overrides it at run time.
set(_ptrcomp_rd_candidates)
if(EXISTS "${LLVM_TOOLS_BINARY_DIR}/clang")
  execute_process(COMMAND "${LLVM_TOOLS_BINARY_DIR}/clang" -print-resource-dir
                  OUTPUT_VARIABLE _rd OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  list(APPEND _ptrcomp_rd_candidates "${_rd}")
endif()
list(APPEND _ptrcomp_rd_candidates
     "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}"
     "${LLVM_LIBRARY_DIR}/clang/${LLVM_PACKAGE_VERSION}")
set(PTRCOMP_RESOURCE_DIR "" CACHE PATH "Clang resource directory (builtin headers)")
if(NOT PTRCOMP_RESOURCE_DIR)
  foreach(_c ${_ptrcomp_rd_candidates})
    if(_c AND EXISTS "${_c}/include/stddef.h")
      set(PTRCOMP_RESOURCE_DIR "${_c}" CACHE PATH "Clang resource directory (builtin headers)" FORCE)
      break()
    endif()
  endforeach()
endif()
if(NOT PTRCOMP_RESOURCE_DIR)
  message(WARNING "ptrcomp: Clang's resource directory was not found; pass "
                  "--resource-dir to ptrcomp or set -DPTRCOMP_RESOURCE_DIR")
endif()
message(STATUS "ptrcomp: Clang resource dir ${PTRCOMP_RESOURCE_DIR}")

include(${CMAKE_CURRENT_LIST_DIR}/LLVMLinkage.cmake)

function(ptrcomp_llvm_target target)
  target_include_directories(${target} SYSTEM PUBLIC ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
  target_compile_definitions(${target} PUBLIC ${LLVM_DEFINITIONS})
  target_compile_features(${target} PUBLIC cxx_std_17)
  if(NOT LLVM_ENABLE_RTTI)
    target_compile_options(${target} PRIVATE -fno-rtti)
  endif()
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wno-unused-parameter)
  target_link_options(${target} PUBLIC ${PTRCOMP_LLVM_LINK_OPTIONS})
endfunction()
