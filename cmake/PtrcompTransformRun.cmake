# Build-time step of ptrcomp_transform (PtrcompTransform.cmake), run as
#   cmake -DPTRCOMP_PARAMS=<work>/params-<config>.cmake -P PtrcompTransformRun.cmake
#
# 1. ptrcomp transforms all the target's C sources together into <work>/stage (-o, which
#    mirrors paths relative to a root of its choosing: the inputs' common directory, or
#    higher when a header elsewhere changed);
# 2. the staged tree is copied to <work>/tree/<root>/..., so every file lands at
#    tree/<its absolute path>; files whose content did not change keep their time stamps
#    (nothing recompiles for nothing) and files no longer produced are removed;
# 3. <work>/ptrcomp.d lists every file of the program that ptrcomp saw below its root
#    (sources and headers), so the build repeats the run when one of them changes;
# 4. <work>/tree.stamp is touched when anything in tree/ changed: the target's objects
#    depend on it, so they are compiled again after a header in tree/ changed, and not
#    when the run produced the same program as before.
#
# In the step mode (PtrcompTransform.cmake without ONE_RUN), PTRCOMP_STEP is "db" (write
# <work>/db/compile_commands.json, the compile commands of the sources, and stop) or
# "finish" (run `ptrcomp --finish` on the steps' plan and results instead of a whole run,
# then 2-4 as above).
cmake_minimum_required(VERSION 3.20)
include("${PTRCOMP_PARAMS}")
if(DEFINED PTRCOMP_STEPS)
  include("${PTRCOMP_STEPS}")
endif()
set(stage "${PTRCOMP_WORK}/stage")
set(stamp "${PTRCOMP_WORK}/ptrcomp.stamp")
file(REMOVE_RECURSE "${stage}")

# JSON string literal for text
function(_json_string out text)
  string(REPLACE "\\" "\\\\" text "${text}")
  string(REPLACE "\"" "\\\"" text "${text}")
  string(REPLACE "\n" "\\n" text "${text}")
  string(REPLACE "\t" "\\t" text "${text}")
  set(${out} "\"${text}\"" PARENT_SCOPE)
endfunction()

string(REGEX REPLACE "([][+.*()^$?|\\\\{}])" "\\\\\\1" tree_re "${PTRCOMP_TREE}")

if(PTRCOMP_DATABASE)
  # The build's compile commands for tree/<source> are the target's exact command lines;
  # turn them back into commands for <source>: the file names, and without the tree/
  # include directories (ptrcomp must see the original headers).
  file(READ "${PTRCOMP_DATABASE}" db)
  string(JSON n LENGTH "${db}")
  set(entries "")
  set(found "")
  if(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON file GET "${db}" ${i} file)
      string(JSON dir GET "${db}" ${i} directory)
      if(NOT IS_ABSOLUTE "${file}")
        set(file "${dir}/${file}")
      endif()
      if(NOT file MATCHES "^${tree_re}(/.*)$")
        continue()
      endif()
      set(orig "${CMAKE_MATCH_1}")
      if(NOT orig IN_LIST PTRCOMP_SOURCES OR orig IN_LIST found)
        continue()
      endif()
      list(APPEND found "${orig}")
      string(JSON entry GET "${db}" ${i})
      string(JSON cmd ERROR_VARIABLE no_command GET "${entry}" command)
      if(no_command)
        # "arguments" form: join it into a command line
        string(JSON nargs LENGTH "${entry}" arguments)
        math(EXPR lastarg "${nargs} - 1")
        set(args "")
        foreach(a RANGE ${lastarg})
          string(JSON arg GET "${entry}" arguments ${a})
          list(APPEND args "${arg}")
        endforeach()
        string(JOIN " " cmd ${args})
      endif()
      string(REPLACE "${PTRCOMP_TREE}${orig}" "${orig}" cmd "${cmd}")
      # -I<tree>/..., -I <tree>/..., also quoted
      string(REGEX REPLACE "(^| )-I ?\"?${tree_re}(/[^ \"]*)?\"?" "" cmd "${cmd}")
      _json_string(jdir "${dir}")
      _json_string(jfile "${orig}")
      _json_string(jcmd "${cmd}")
      string(APPEND entries "${sep}\n{\"directory\": ${jdir}, \"file\": ${jfile}, \"command\": ${jcmd}}")
      set(sep ",")
    endforeach()
  endif()
  foreach(s IN LISTS PTRCOMP_SOURCES)
    if(NOT s IN_LIST found)
      message(FATAL_ERROR "ptrcomp_transform(${PTRCOMP_TARGET}): no compile command for "
                          "${PTRCOMP_TREE}${s} in ${PTRCOMP_DATABASE}")
    endif()
  endforeach()
  set(db_text "[${entries}\n]\n")
  set(cmd "${PTRCOMP_EXE}" -p "${PTRCOMP_WORK}/db" ${PTRCOMP_SOURCES})
else()
  set(compile_args "")
  foreach(f IN LISTS PTRCOMP_FLAGS)
    if(f MATCHES "^-I${tree_re}(/|$)")
      continue()
    endif()
    if(f MATCHES "^-[DI]")  # one argument, spaces included
      list(APPEND compile_args "${f}")
    else()                   # CMAKE_C_FLAGS: a command-line fragment
      separate_arguments(parts UNIX_COMMAND "${f}")
      list(APPEND compile_args ${parts})
    endif()
  endforeach()
  set(cmd "${PTRCOMP_EXE}" ${PTRCOMP_SOURCES})
  set(after_dashdash -- ${compile_args})
  # The same as compile commands, for the steps: one per source, run in its directory.
  set(db_text "[")
  set(sep "")
  foreach(s IN LISTS PTRCOMP_SOURCES)
    get_filename_component(dir "${s}" DIRECTORY)
    _json_string(jdir "${dir}")
    _json_string(jfile "${s}")
    set(jargs "\"cc\"")
    foreach(a IN LISTS compile_args ITEMS -c "${s}")
      _json_string(ja "${a}")
      string(APPEND jargs ", ${ja}")
    endforeach()
    string(APPEND db_text "${sep}\n{\"directory\": ${jdir}, \"file\": ${jfile}, \"arguments\": [${jargs}]}")
    set(sep ",")
  endforeach()
  string(APPEND db_text "\n]\n")
endif()
if(PTRCOMP_DATABASE OR PTRCOMP_STEP STREQUAL "db")
  # Written only when it changed: the summaries depend on it.
  set(db_file "${PTRCOMP_WORK}/db/compile_commands.json")
  set(old "")
  if(EXISTS "${db_file}")
    file(READ "${db_file}" old)
  endif()
  if(NOT old STREQUAL db_text)
    file(WRITE "${db_file}" "${db_text}")
  endif()
endif()
if(PTRCOMP_STEP STREQUAL "db")
  return()
endif()
if(PTRCOMP_STEP STREQUAL "finish")
  set(cmd "${PTRCOMP_EXE}" "--finish=${PTRCOMP_PLAN}" ${PTRCOMP_RESULTS})
  set(after_dashdash "")
endif()

execute_process(
  COMMAND ${cmd} ${PTRCOMP_OPTIONS} -o "${stage}" --report=text
          "--report-file=${PTRCOMP_WORK}/report.txt" ${after_dashdash}
  RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ptrcomp_transform(${PTRCOMP_TARGET}): ptrcomp failed (${rc})")
endif()

# Find ptrcomp's root: the deepest ancestor R of the sources with every stage/<source - R>.
list(GET PTRCOMP_SOURCES 0 first)
get_filename_component(root "${first}" DIRECTORY)
while(TRUE)
  set(all TRUE)
  foreach(s IN LISTS PTRCOMP_SOURCES)
    string(LENGTH "${root}" len)
    string(SUBSTRING "${s}" 0 ${len} head)
    file(RELATIVE_PATH rel "${root}" "${s}")
    if(NOT head STREQUAL root OR rel MATCHES "^\\.\\./" OR NOT EXISTS "${stage}/${rel}")
      set(all FALSE)
      break()
    endif()
  endforeach()
  if(all)
    break()
  endif()
  get_filename_component(parent "${root}" DIRECTORY)
  if(parent STREQUAL root)
    message(FATAL_ERROR "ptrcomp_transform(${PTRCOMP_TARGET}): cannot find the transformed "
                        "sources in ${stage}")
  endif()
  set(root "${parent}")
endwhile()
if(root STREQUAL "/")
  set(root "")
endif()

# Copy stage/ to tree/<root>/, changed files only; remove what is no longer produced.
file(GLOB_RECURSE staged LIST_DIRECTORIES FALSE RELATIVE "${stage}" "${stage}/*")
set(produced "")
set(deps "")
set(changed FALSE)
foreach(f IN LISTS staged)
  set(dst "${PTRCOMP_TREE}${root}/${f}")
  list(APPEND produced "${dst}")
  string(REPLACE " " "\\ " dep "${root}/${f}")
  string(APPEND deps " \\\n  ${dep}")
  if(EXISTS "${dst}")
    file(SHA256 "${stage}/${f}" new_hash)
    file(SHA256 "${dst}" old_hash)
    if(new_hash STREQUAL old_hash)
      continue()
    endif()
  endif()
  # file(COPY) skips a destination with the source's time stamp and gives the copy the
  # source's time stamp in whole seconds: remove first, and stamp the copy with "now", so
  # that the compiler runs again even within the second of the previous build.
  get_filename_component(dst_dir "${dst}" DIRECTORY)
  set(changed TRUE)
  file(REMOVE "${dst}")
  file(MAKE_DIRECTORY "${dst_dir}")
  file(COPY "${stage}/${f}" DESTINATION "${dst_dir}")
  file(TOUCH "${dst}")
endforeach()
file(GLOB_RECURSE existing LIST_DIRECTORIES FALSE "${PTRCOMP_TREE}/*")
foreach(f IN LISTS existing)
  if(NOT f IN_LIST produced)
    set(changed TRUE)
    file(REMOVE "${f}")
  endif()
endforeach()
file(REMOVE_RECURSE "${stage}")

string(REPLACE " " "\\ " stamp_dep "${stamp}")
file(WRITE "${PTRCOMP_WORK}/ptrcomp.d" "${stamp_dep}:${deps}\n")
file(TOUCH "${stamp}")
# The target's objects depend on tree.stamp: a header of the tree can change while no
# transformed source does, and the build tool does not know the headers as outputs.
if(changed OR NOT EXISTS "${PTRCOMP_WORK}/tree.stamp")
  file(TOUCH "${PTRCOMP_WORK}/tree.stamp")
endif()
