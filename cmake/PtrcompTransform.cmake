# ptrcomp_transform: build a CMake target from its ptrcomp-transformed C sources.
#
#   ptrcomp_transform(TARGET <target>
#                     [INDEX_BITS 32|16] [MODE compress|poolalloc]
#                     [EXPECT <file>] [EXTRA_ARGS <ptrcomp option>...] [ONE_RUN])
#
# At build time, the C sources of <target> go through ptrcomp's steps, as ordinary build
# actions that the build tool runs in parallel: one `ptrcomp --summarize` per source
# (rerun only when a file that source reads changes: a depfile), one `--link` of the
# summaries (the analysis is whole-program), one `--apply` per source, and one `--finish`
# that checks and writes the transformed program. With ONE_RUN, one ptrcomp process does
# all of it instead. Either way, <target> compiles the transformed files instead of the
# originals and links ptrcomp::runtime. The target keeps its name, its flags, its dependencies and everything
# else, so `target_link_libraries`, `add_test`, `install(TARGETS)` ... work unchanged.
# Call it in the directory that creates <target>; it takes effect at the end of that
# directory, so target_* calls made after it are seen.
#
#   INDEX_BITS   --index-bits (default 32)     MODE   --mode (default compress)
#   EXPECT       --expect=<file> (relative to the current source directory): the run, and
#                so the build, fails when the transformation differs from the expectation
#   EXTRA_ARGS   more ptrcomp options, e.g. --extra-arg=-DFOO (given to every step)
#
# Where things go, below ${CMAKE_CURRENT_BINARY_DIR}/ptrcomp/<target>/:
#   tree/<absolute path of each file>   the transformed program: every source, and every
#                header ptrcomp rewrote or copied, at its own absolute path below tree/
#   report.txt   ptrcomp's report (also in the target property PTRCOMP_REPORT_FILE)
#   ptrcomp.d    dependencies: the run repeats when a source, a header of the program,
#                the flags, the tool or the EXPECT file change
#   db/          the compile commands of the sources, as ptrcomp reads them (db/<n>/:
#                the n-th source's alone, which its steps read)
#   steps/       the steps' files: <n>-<name>.pcs (the summary of the n-th source,
#                <name>, and .pcs.d its depfile), program.pcp (the linked program and
#                its plan), units/<n>.pcu (the source's stamp: what its apply
#                reads of the plan), <n>-<name>.pcr (the source's result)
#
# Mirroring absolute paths keeps the outputs' names known at configure time whatever
# directory ptrcomp picks as the program's root, and makes the include directories easy
# to redirect: every include directory D of the target also appears as tree/D, searched
# before D, so a header that ptrcomp rewrote is found in its rewritten form whether it is
# included with "" or <> and wherever it is.
#
# Compiler flags (how ptrcomp sees the sources). ptrcomp must parse each file with the
# flags it is compiled with, or it analyses a different program. Two ways:
#  - With CMAKE_EXPORT_COMPILE_COMMANDS on (Ninja or Makefile generators, one
#    configuration), the build's own compile_commands.json: its entries for the transformed
#    files are the exact command lines CMake runs (CMAKE_C_FLAGS, -std from C_STANDARD,
#    usage requirements of linked targets, per-source properties, $<COMPILE_LANGUAGE:...>),
#    so a copy with the original file names and without tree/ include directories is the
#    exact compile of the originals; ptrcomp reads it with -p. This is the robust way and
#    the one used when it is available.
#  - Otherwise the target's properties, evaluated at generate time: INCLUDE_DIRECTORIES,
#    COMPILE_DEFINITIONS and COMPILE_OPTIONS (with usage requirements), C_STANDARD /
#    C_EXTENSIONS, CMAKE_C_FLAGS and CMAKE_C_FLAGS_<CONFIG>, passed after `--`. Per-source
#    properties are not seen in this mode.
#
# Why the target itself and not a second, transformed target: the transformed program is
# the program (its executable, its tests, its installation), and a second target would
# have to copy every property and dependency of the first and still build the original.
#
# Limits: the whole program must be the target's own C sources (sources of linked
# libraries are outside the analysis, as with any unknown external code); SOURCES
# given by generator expressions are refused; an include directory reached through a
# symbolic link is redirected by its real path only (tree/ mirrors real paths, as ptrcomp
# names files by them), so spell such directories by their real path.
include_guard(GLOBAL)

function(ptrcomp_transform)
  cmake_parse_arguments(PARSE_ARGV 0 arg "ONE_RUN" "TARGET;INDEX_BITS;MODE;EXPECT" "EXTRA_ARGS")
  if(arg_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "ptrcomp_transform: unknown arguments: ${arg_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT arg_TARGET)
    message(FATAL_ERROR "ptrcomp_transform: TARGET <target> is required")
  endif()
  set(tgt "${arg_TARGET}")
  if(NOT TARGET "${tgt}")
    message(FATAL_ERROR "ptrcomp_transform: '${tgt}' is not a target")
  endif()
  get_target_property(aliased "${tgt}" ALIASED_TARGET)
  get_target_property(imported "${tgt}" IMPORTED)
  if(aliased OR imported)
    message(FATAL_ERROR "ptrcomp_transform: '${tgt}' is an alias or imported target")
  endif()
  get_target_property(srcdir "${tgt}" SOURCE_DIR)
  if(NOT srcdir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
    message(FATAL_ERROR "ptrcomp_transform: call it in the directory that creates "
                        "'${tgt}' (${srcdir})")
  endif()
  get_target_property(done "${tgt}" PTRCOMP_TRANSFORMED)
  if(done)
    message(FATAL_ERROR "ptrcomp_transform: '${tgt}' is already transformed")
  endif()
  if(NOT TARGET ptrcomp::ptrcomp)
    message(FATAL_ERROR "ptrcomp_transform: the ptrcomp tool is not available (the package "
                        "was installed with PTRCOMP_BUILD_TOOL=OFF?)")
  endif()
  if(NOT DEFINED arg_INDEX_BITS)
    set(arg_INDEX_BITS 32)
  endif()
  if(NOT arg_INDEX_BITS MATCHES "^(32|16)$")
    message(FATAL_ERROR "ptrcomp_transform: INDEX_BITS must be 32 or 16, not '${arg_INDEX_BITS}'")
  endif()
  if(NOT DEFINED arg_MODE)
    set(arg_MODE compress)
  endif()
  if(NOT arg_MODE MATCHES "^(compress|poolalloc)$")
    message(FATAL_ERROR "ptrcomp_transform: MODE must be compress or poolalloc, not '${arg_MODE}'")
  endif()
  set(options --index-bits=${arg_INDEX_BITS} --mode=${arg_MODE} ${arg_EXTRA_ARGS})
  set(expect "")
  if(DEFINED arg_EXPECT)
    get_filename_component(expect "${arg_EXPECT}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND options "--expect=${expect}")
  endif()
  set_target_properties("${tgt}" PROPERTIES
    PTRCOMP_TRANSFORMED ON
    _PTRCOMP_OPTIONS "${options}"
    _PTRCOMP_EXPECT "${expect}"
    _PTRCOMP_ONE_RUN "${arg_ONE_RUN}")
  # Finish at the end of this directory, when the target's sources, flags and links are
  # complete. (EVAL: the target name is fixed now, not looked up later.)
  cmake_language(EVAL CODE "cmake_language(DEFER CALL _ptrcomp_transform_finish [===[${tgt}]===])")
endfunction()

function(_ptrcomp_transform_finish tgt)
  # PtrcompTransformRun.cmake is installed beside this file.
  set(run_script "${CMAKE_CURRENT_FUNCTION_LIST_DIR}/PtrcompTransformRun.cmake")
  set(work "${CMAKE_CURRENT_BINARY_DIR}/ptrcomp/${tgt}")
  set(tree "${work}/tree")
  get_target_property(srcdir "${tgt}" SOURCE_DIR)
  get_target_property(bindir "${tgt}" BINARY_DIR)
  get_target_property(options "${tgt}" _PTRCOMP_OPTIONS)
  get_target_property(expect "${tgt}" _PTRCOMP_EXPECT)
  get_target_property(one_run "${tgt}" _PTRCOMP_ONE_RUN)

  # The C sources become tree/<real path>; other sources (headers, C++, ...) stay.
  get_target_property(sources "${tgt}" SOURCES)
  set(c_sources "")
  set(outputs "")
  set(kept "")
  foreach(s IN LISTS sources)
    if(s MATCHES "\\$<")
      message(FATAL_ERROR "ptrcomp_transform(${tgt}): generator expressions in SOURCES are "
                          "not supported ('${s}')")
    endif()
    get_source_file_property(lang "${s}" LANGUAGE)
    if(lang STREQUAL "C" OR (NOT lang AND s MATCHES "\\.c$"))
      if(IS_ABSOLUTE "${s}")
        set(path "${s}")
      elseif(EXISTS "${srcdir}/${s}")
        set(path "${srcdir}/${s}")
      else()
        set(path "${bindir}/${s}") # generated
      endif()
      # ptrcomp names files by their real path; so do the outputs.
      file(REAL_PATH "${path}" path)
      list(APPEND c_sources "${path}")
      list(APPEND outputs "${tree}${path}")
    else()
      list(APPEND kept "${s}")
    endif()
  endforeach()
  if(NOT c_sources)
    message(FATAL_ERROR "ptrcomp_transform(${tgt}): the target has no C sources")
  endif()

  # Include directory D is also searched as tree/D, first: the target's own directories
  # and the interface directories of the targets it links, recursively, each entry
  # prefixed (generator expressions inside entries included). The properties are read
  # here rather than through $<TARGET_PROPERTY:...> in the target's own
  # INCLUDE_DIRECTORIES, which CMake would see as a cycle.
  get_target_property(incs "${tgt}" INCLUDE_DIRECTORIES)
  if(NOT incs)
    set(incs "")
  endif()
  get_target_property(todo "${tgt}" LINK_LIBRARIES)
  if(NOT todo)
    set(todo "")
  endif()
  set(seen "")
  while(todo)
    list(POP_FRONT todo l)
    if(l MATCHES "\\$<" OR NOT TARGET "${l}")  # $<LINK_ONLY:...>: no usage requirements
      continue()
    endif()
    get_target_property(real "${l}" ALIASED_TARGET)
    if(real)
      set(l "${real}")
    endif()
    if(l IN_LIST seen)
      continue()
    endif()
    list(APPEND seen "${l}")
    get_target_property(more "${l}" INTERFACE_INCLUDE_DIRECTORIES)
    if(more)
      list(APPEND incs ${more})
    endif()
    get_target_property(more "${l}" INTERFACE_LINK_LIBRARIES)
    if(more)
      list(APPEND todo ${more})
    endif()
  endwhile()
  set(redirect "")
  foreach(d IN LISTS incs)
    if(d MATCHES "\\$<")
      list(APPEND redirect "$<$<BOOL:${d}>:${tree}$<JOIN:${d},$<SEMICOLON>${tree}>>")
    elseif(d)
      file(REAL_PATH "${d}" d)
      list(APPEND redirect "${tree}${d}")
      file(MAKE_DIRECTORY "${tree}${d}") # exists even if empty (-Wmissing-include-dirs)
    endif()
  endforeach()
  list(REMOVE_DUPLICATES redirect)

  # Parameters of the run, written at generate time with generator expressions evaluated.
  get_property(multi GLOBAL PROPERTY GENERATOR_IS_MULTI_CONFIG)
  if(CMAKE_EXPORT_COMPILE_COMMANDS AND NOT multi AND CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    set(database "${CMAKE_BINARY_DIR}/compile_commands.json")
    set(flags "")
  else()
    set(database "")
    set(p "$<TARGET_PROPERTY:${tgt},")
    set(std "${p}C_STANDARD>")
    set(flags
      "${CMAKE_C_FLAGS}"
      "$<$<CONFIG:Debug>:${CMAKE_C_FLAGS_DEBUG}>$<$<CONFIG:Release>:${CMAKE_C_FLAGS_RELEASE}>$<$<CONFIG:RelWithDebInfo>:${CMAKE_C_FLAGS_RELWITHDEBINFO}>$<$<CONFIG:MinSizeRel>:${CMAKE_C_FLAGS_MINSIZEREL}>"
      "$<$<BOOL:${std}>:-std=$<IF:$<BOOL:$<IF:$<STREQUAL:${p}C_EXTENSIONS>,>,ON,${p}C_EXTENSIONS>>>,gnu,c>${std}>"
      "$<$<BOOL:${p}COMPILE_DEFINITIONS>>:-D$<JOIN:${p}COMPILE_DEFINITIONS>,$<SEMICOLON>-D>>"
      "$<$<BOOL:${p}INCLUDE_DIRECTORIES>>:-I$<JOIN:${p}INCLUDE_DIRECTORIES>,$<SEMICOLON>-I>>"
      "${p}COMPILE_OPTIONS>")
  endif()
  set(params "${work}/params-$<CONFIG>.cmake")
  string(JOIN "\n" content
    "# Written by ptrcomp_transform(${tgt}) for PtrcompTransformRun.cmake."
    "set(PTRCOMP_EXE [===[$<TARGET_FILE:ptrcomp::ptrcomp>]===])"
    "set(PTRCOMP_TARGET [===[${tgt}]===])"
    "set(PTRCOMP_WORK [===[${work}]===])"
    "set(PTRCOMP_TREE [===[${tree}]===])"
    "set(PTRCOMP_SOURCES [===[${c_sources}]===])"
    "set(PTRCOMP_OPTIONS [===[${options}]===])"
    "set(PTRCOMP_DATABASE [===[${database}]===])"
    "set(PTRCOMP_FLAGS [===[${flags}]===])"
    "")
  file(GENERATE OUTPUT "${params}" CONTENT "${content}" TARGET "${tgt}")

  set(stamp "${work}/ptrcomp.stamp")
  set(exe "$<TARGET_FILE:ptrcomp::ptrcomp>")
  set(depends ${c_sources} "${run_script}" "${params}" "${exe}")
  if(expect)
    list(APPEND depends "${expect}")
  endif()
  if(database)
    list(APPEND depends "${database}")
  endif()
  if(one_run)
    add_custom_command(
      OUTPUT "${stamp}" "${work}/tree.stamp" ${outputs}
      BYPRODUCTS "${work}/report.txt"
      COMMAND "${CMAKE_COMMAND}" "-DPTRCOMP_PARAMS=${params}"
              -P "${run_script}"
      DEPENDS ${depends}
      DEPFILE "${work}/ptrcomp.d"
      COMMENT "ptrcomp: transforming the C sources of ${tgt}"
      VERBATIM)
  else()
    # The steps. The sources' compile commands first, as ptrcomp reads them.
    set(db "${work}/db/compile_commands.json")
    set(db_depends "${run_script}" "${params}")
    if(database)
      list(APPEND db_depends "${database}")
    endif()
    # and db/<n>/compile_commands.json, the n-th source's alone, for its steps
    set(source_dbs "")
    list(LENGTH c_sources num_sources)
    math(EXPR last_source "${num_sources} - 1")
    foreach(n RANGE ${last_source})
      list(APPEND source_dbs "${work}/db/${n}/compile_commands.json")
    endforeach()
    add_custom_command(
      OUTPUT "${db}" ${source_dbs}
      COMMAND "${CMAKE_COMMAND}" "-DPTRCOMP_PARAMS=${params}" -DPTRCOMP_STEP=db
              -P "${run_script}"
      DEPENDS ${db_depends}
      COMMENT "ptrcomp: compile commands of ${tgt}"
      VERBATIM)
    # Options that are the finish's alone (the expectations) are not given to the others.
    set(step_options ${options})
    list(FILTER step_options EXCLUDE REGEX "^--expect=")
    set(summaries "")
    set(results "")
    set(stamps "")
    set(plan "${work}/steps/program.pcp")
    set(n 0)
    # Under Ninja, a summarize runs in the top build directory and names its output
    # relative to it: its depfile (whose paths ptrcomp writes relative to where it
    # runs, when they are below it) then names what Ninja's own build file does, and
    # Ninja reads it as it is (policy CMP0116 OLD). The policy's NEW behaviour runs
    # one more process per source to convert it, a quarter of a summarize.
    file(RELATIVE_PATH work_in_build "${CMAKE_BINARY_DIR}" "${work}")
    if(CMAKE_GENERATOR MATCHES "Ninja" AND NOT work_in_build MATCHES "^\\.\\./")
      set(summary_dir "${CMAKE_BINARY_DIR}")
      set(summary_prefix "${work_in_build}/steps")
      cmake_policy(PUSH)
      cmake_policy(SET CMP0116 OLD)
    else()
      set(summary_dir "${CMAKE_CURRENT_BINARY_DIR}")
      set(summary_prefix "${work}/steps")
      cmake_policy(PUSH)
    endif()
    foreach(src IN LISTS c_sources)
      get_filename_component(name "${src}" NAME)
      set(pcs "${work}/steps/${n}-${name}.pcs")
      set(pcr "${work}/steps/${n}-${name}.pcr")
      add_custom_command(
        OUTPUT "${pcs}"
        COMMAND "${exe}" --summarize "${src}" -o "${summary_prefix}/${n}-${name}.pcs"
                "--depfile=${pcs}.d" -p "${work}/db/${n}" ${step_options}
        DEPENDS "${src}" "${work}/db/${n}/compile_commands.json" "${exe}"
        DEPFILE "${pcs}.d"
        WORKING_DIRECTORY "${summary_dir}"
        COMMENT "ptrcomp: summarizing ${name}"
        VERBATIM)
      # An apply depends on its unit's stamp, not on the plan: the link rewrites the
      # stamp only when the parts of the plan this apply reads changed, and those
      # include the source's and its headers' checksums.
      set(pcu "${work}/steps/units/${n}.pcu")
      add_custom_command(
        OUTPUT "${pcr}"
        COMMAND "${exe}" "--apply=${plan}" "${src}" -o "${pcr}" -p "${work}/db/${n}"
                ${step_options}
        DEPENDS "${pcu}" "${work}/db/${n}/compile_commands.json" "${exe}"
        COMMENT "ptrcomp: rewriting ${name}"
        VERBATIM)
      list(APPEND summaries "${pcs}")
      list(APPEND results "${pcr}")
      list(APPEND stamps "${pcu}")
      math(EXPR n "${n} + 1")
    endforeach()
    cmake_policy(POP)
    add_custom_command(
      OUTPUT "${plan}" ${stamps}
      COMMAND "${exe}" --link ${summaries} -o "${plan}"
              "--unit-stamps=${work}/steps/units" ${step_options}
      DEPENDS ${summaries} "${exe}"
      COMMENT "ptrcomp: linking ${tgt}"
      VERBATIM)
    string(JOIN "\n" more
      "set(PTRCOMP_PLAN [===[${plan}]===])"
      "set(PTRCOMP_RESULTS [===[${results}]===])"
      "")
    file(GENERATE OUTPUT "${work}/steps-$<CONFIG>.cmake" CONTENT "${more}" TARGET "${tgt}")
    add_custom_command(
      OUTPUT "${stamp}" "${work}/tree.stamp" ${outputs}
      BYPRODUCTS "${work}/report.txt"
      COMMAND "${CMAKE_COMMAND}" "-DPTRCOMP_PARAMS=${params}" -DPTRCOMP_STEP=finish
              "-DPTRCOMP_STEPS=${work}/steps-$<CONFIG>.cmake" -P "${run_script}"
      DEPENDS ${results} "${plan}" ${depends}
      DEPFILE "${work}/ptrcomp.d"
      COMMENT "ptrcomp: checking and writing the transformed ${tgt}"
      VERBATIM)
  endif()

  set_property(TARGET "${tgt}" PROPERTY SOURCES ${kept} ${outputs})
  # Headers in tree/ are not outputs the build tool knows; tree.stamp stands for them.
  set_property(SOURCE ${outputs} APPEND PROPERTY OBJECT_DEPENDS "${work}/tree.stamp")
  target_include_directories("${tgt}" BEFORE PRIVATE ${redirect})
  target_link_libraries("${tgt}" PRIVATE ptrcomp::runtime)
  set_target_properties("${tgt}" PROPERTIES
    PTRCOMP_REPORT_FILE "${work}/report.txt"
    PTRCOMP_OUTPUT_DIR "${tree}")
endfunction()
