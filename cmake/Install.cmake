# Installation and the CMake package.
#
#   cmake --install <build> --prefix P
#
# installs P/bin/ptrcomp (when the tool is built), P/lib/libptrcomp_rt.a and
# P/lib/libptrcomp_rt_fallback.a, P/include/ptrcomp_rt.h, and the package in
# P/lib/cmake/ptrcomp/:
#
#   find_package(ptrcomp 0.1 REQUIRED)          # or COMPONENTS runtime tool
#   target_link_libraries(app PRIVATE ptrcomp::runtime)   # pool runtime, with its header
#   ptrcomp_transform(TARGET app)               # app's C sources go through ptrcomp
#
# Exported targets: ptrcomp::runtime, ptrcomp::runtime_fallback (malloc-backed runtime)
# and ptrcomp::ptrcomp (the tool; absent when PTRCOMP_BUILD_TOOL=OFF). The same names
# exist as aliases inside this build, for projects that add ptrcomp with add_subdirectory.
# The runtime's install(TARGETS) rule is in runtime/CMakeLists.txt; the tool's is here
# because install(TARGETS) works for targets of any directory.
include(CMakePackageConfigHelpers)

set(PTRCOMP_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/ptrcomp" CACHE STRING
    "Where the CMake package files are installed, relative to the prefix")
mark_as_advanced(PTRCOMP_INSTALL_CMAKEDIR)

if(TARGET ptrcomp_rt)
  add_library(ptrcomp::runtime ALIAS ptrcomp_rt)
  add_library(ptrcomp::runtime_fallback ALIAS ptrcomp_rt_fallback)
endif()

if(TARGET ptrcomp)
  # The tool's usage requirements (LLVM's include directories and definitions) are for
  # building it, not for anyone importing the executable; the installed tool keeps the
  # run-time path of an LLVM outside the system's library directories.
  set_target_properties(ptrcomp PROPERTIES
    EXPORT_NAME ptrcomp
    INTERFACE_INCLUDE_DIRECTORIES ""
    INTERFACE_SYSTEM_INCLUDE_DIRECTORIES ""
    INTERFACE_COMPILE_DEFINITIONS ""
    INTERFACE_COMPILE_FEATURES ""
    INSTALL_RPATH_USE_LINK_PATH ON)
  # --print-runtime-flags of an installed tool looks for the runtime in these directories
  # of its prefix (tool/RuntimeFlags.cpp).
  set_property(SOURCE ${PROJECT_SOURCE_DIR}/tool/RuntimeFlags.cpp
               DIRECTORY ${PROJECT_SOURCE_DIR}/tool APPEND PROPERTY COMPILE_DEFINITIONS
               PTRCOMP_INSTALL_INCLUDEDIR="${CMAKE_INSTALL_INCLUDEDIR}"
               PTRCOMP_INSTALL_LIBDIR="${CMAKE_INSTALL_LIBDIR}")
  add_executable(ptrcomp::ptrcomp ALIAS ptrcomp)
  # The tool's only install rule: it also puts the tool into the export set.
  install(TARGETS ptrcomp EXPORT ptrcompTargets
          RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

install(EXPORT ptrcompTargets
        NAMESPACE ptrcomp::
        FILE ptrcompTargets.cmake
        DESTINATION ${PTRCOMP_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/ptrcompConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/ptrcompConfig.cmake
  INSTALL_DESTINATION ${PTRCOMP_INSTALL_CMAKEDIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
# 0.x releases: a newer minor version may change the runtime's interface.
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/ptrcompConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)

install(FILES
          ${PROJECT_BINARY_DIR}/cmake/ptrcompConfig.cmake
          ${PROJECT_BINARY_DIR}/cmake/ptrcompConfigVersion.cmake
          ${PROJECT_SOURCE_DIR}/cmake/PtrcompTransform.cmake
          ${PROJECT_SOURCE_DIR}/cmake/PtrcompTransformRun.cmake
        DESTINATION ${PTRCOMP_INSTALL_CMAKEDIR})
