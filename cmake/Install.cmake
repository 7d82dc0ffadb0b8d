# Installation and the CMake package.
#
#   cmake --install <build> --prefix P
#
# installs P/bin/ptrcomp (when the tool is built), P/lib/libptrcomp_rt.a and
# P/lib/libptrcomp_rt_fallback.a, P/include/ptrcomp_rt.h, the pytest plugin in
# P/share/ptrcomp/python/ (component ptrcomp_pytest, below), and the package in
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

# The pytest plugin (python/ptrcomp_pytest, README.md "Golden tests of your own code"):
# the package, and beside it the metadata of an installed distribution with its pytest11
# entry point, so that PYTHONPATH=P/share/ptrcomp/python is all pytest needs to load it
# (or set PTRCOMP_INSTALL_PYTHONDIR to a site-packages directory). _installed.py, written
# at install time, tells the plugin where this prefix's bin/ is: it runs the ptrcomp
# installed with it. Its own files only: cmake --install B --component ptrcomp_pytest.
set(PTRCOMP_INSTALL_PYTHONDIR "${CMAKE_INSTALL_DATADIR}/ptrcomp/python" CACHE STRING
    "Where the pytest plugin ptrcomp_pytest is installed, relative to the prefix (or absolute)")
mark_as_advanced(PTRCOMP_INSTALL_PYTHONDIR)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/ptrcomp_pytest
        DESTINATION ${PTRCOMP_INSTALL_PYTHONDIR}
        COMPONENT ptrcomp_pytest
        FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
set(_ptrcomp_dist "${PROJECT_BINARY_DIR}/python/ptrcomp_pytest-${PROJECT_VERSION}.dist-info")
string(CONCAT _ptrcomp_metadata
       "Metadata-Version: 2.1\nName: ptrcomp-pytest\nVersion: ${PROJECT_VERSION}\n"
       "Summary: pytest plugin: golden-file and behaviour tests of C code transformed by "
       "ptrcomp\nRequires-Python: >=3.8\nRequires-Dist: pytest>=7.0\n")
file(CONFIGURE OUTPUT "${_ptrcomp_dist}/METADATA" CONTENT "${_ptrcomp_metadata}" @ONLY)
file(CONFIGURE OUTPUT "${_ptrcomp_dist}/entry_points.txt"
     CONTENT "[pytest11]\nptrcomp_pytest = ptrcomp_pytest\n" @ONLY)
file(CONFIGURE OUTPUT "${_ptrcomp_dist}/top_level.txt" CONTENT "ptrcomp_pytest\n" @ONLY)
file(CONFIGURE OUTPUT "${_ptrcomp_dist}/INSTALLER" CONTENT "cmake\n" @ONLY)
install(DIRECTORY "${_ptrcomp_dist}" DESTINATION ${PTRCOMP_INSTALL_PYTHONDIR}
        COMPONENT ptrcomp_pytest)
install(CODE "
  set(_py \"${PTRCOMP_INSTALL_PYTHONDIR}\")
  set(_bin \"${CMAKE_INSTALL_BINDIR}\")
  foreach(_v _py _bin)
    if(NOT IS_ABSOLUTE \"\${\${_v}}\")
      set(\${_v} \"\${CMAKE_INSTALL_PREFIX}/\${\${_v}}\")
    endif()
  endforeach()
  file(RELATIVE_PATH _rel \"\${_py}/ptrcomp_pytest\" \"\${_bin}\")
  message(STATUS \"Installing: \$ENV{DESTDIR}\${_py}/ptrcomp_pytest/_installed.py\")
  file(WRITE \"\$ENV{DESTDIR}\${_py}/ptrcomp_pytest/_installed.py\"
       \"# Written by cmake --install: where the ptrcomp installed with this plugin is.\\n\"
       \"BINDIR = '\${_rel}'\\n\")
" COMPONENT ptrcomp_pytest)
