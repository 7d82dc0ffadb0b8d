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

# string(APPEND) copies the whole string, so making a text of N pieces with it is
# quadratic in N. _ptrcomp_append(<var>) appends <piece> to <var>_part instead, and
# <var>_part to <var> every 256 pieces; _ptrcomp_flush(<var>) appends the rest.
macro(_ptrcomp_flush var)
  string(APPEND ${var} "${${var}_part}")
  set(${var}_part "")
  set(${var}_count 0)
endmacro()
macro(_ptrcomp_append var)
  string(APPEND ${var}_part "${piece}")
  math(EXPR ${var}_count "${${var}_count} + 1")
  if(${var}_count EQUAL 256)
    _ptrcomp_flush(${var})
  endif()
endmacro()

# One entry of the build's compile commands (PTRCOMP_DATABASE), <file> and <dir> its
# members: when it compiles tree/<source>, append the compile command of <source> to
# <entries>. The entry's text is <entry>, or with <split> FALSE member <i> of <db>.
# Sources are sets of variables, "_ptrcomp_source <file>" and "_ptrcomp_found <file>": a
# look-up in a list is linear in its length, and there is one per entry.
macro(_ptrcomp_db_entry)
  if(NOT IS_ABSOLUTE "${file}")
    set(file "${dir}/${file}")
  endif()
  if(file MATCHES "^${tree_re}(/.*)$")
    set(orig "${CMAKE_MATCH_1}")
    if(DEFINED "_ptrcomp_source ${orig}" AND NOT DEFINED "_ptrcomp_found ${orig}")
      set("_ptrcomp_found ${orig}" TRUE)
      if(NOT split)
        string(JSON entry GET "${db}" ${i})
      endif()
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
      set(this_entry "{\"directory\": ${jdir}, \"file\": ${jfile}, \"command\": ${jcmd}}")
      set("_ptrcomp_entry ${orig}" "${this_entry}")
      set(piece "${sep}\n${this_entry}")
      _ptrcomp_append(entries)
      set(sep ",")
    endif()
  endif()
endmacro()

if(PTRCOMP_DATABASE)
  # The build's compile commands for tree/<source> are the target's exact command lines;
  # turn them back into commands for <source>: the file names, and without the tree/
  # include directories (ptrcomp must see the original headers).
  file(READ "${PTRCOMP_DATABASE}" db)
  string(JSON n LENGTH "${db}")
  foreach(s IN LISTS PTRCOMP_SOURCES)
    set("_ptrcomp_source ${s}" TRUE)
  endforeach()
  set(entries "")
  _ptrcomp_flush(entries)
  set(sep "")
  # string(JSON) parses all of <db> at every call, so reading the entries with it is
  # quadratic in their number. Instead, split the text into entries in one pass and read
  # each on its own. CMake writes the entries one after the other with "},\n{" between
  # them, and that text is always between two values (a JSON string has no raw newline).
  # The list of pieces needs ; [ ] replaced (CMake does not split a list inside [...]),
  # by characters that valid JSON has nowhere. Each piece must be exactly one object
  # ("[<piece>\n,0]" has two members; string(JSON) ignores text after a value), with a
  # file and a directory; if not (a database written otherwise), entries are read from
  # <db> as before, so that the result and the errors are the same.
  set(split FALSE)
  string(STRIP "${db}" text)
  string(LENGTH "${text}" len)
  if(n GREATER 0 AND len GREATER 5)
    string(SUBSTRING "${text}" 0 2 head)
    math(EXPR tail_at "${len} - 2")
    string(SUBSTRING "${text}" ${tail_at} 2 tail)
    string(ASCII 1 mark_semicolon)
    string(ASCII 2 mark_open)
    string(ASCII 3 mark_close)
    string(FIND "${text}" "${mark_semicolon}" at1)
    string(FIND "${text}" "${mark_open}" at2)
    string(FIND "${text}" "${mark_close}" at3)
    if(head STREQUAL "[\n" AND tail STREQUAL "\n]"
       AND at1 EQUAL -1 AND at2 EQUAL -1 AND at3 EQUAL -1)
      math(EXPR body_len "${len} - 4")
      string(SUBSTRING "${text}" 2 ${body_len} text)
      string(REPLACE ";" "${mark_semicolon}" text "${text}")
      string(REPLACE "[" "${mark_open}" text "${text}")
      string(REPLACE "]" "${mark_close}" text "${text}")
      string(REPLACE "},\n{" "};{" pieces "${text}")
      list(LENGTH pieces npieces)
      set(split TRUE)
      if(NOT npieces EQUAL n)
        set(split FALSE)
      endif()
      foreach(entry IN LISTS pieces)
        if(NOT split)
          break()
        endif()
        string(REPLACE "${mark_semicolon}" ";" entry "${entry}")
        string(REPLACE "${mark_open}" "[" entry "${entry}")
        string(REPLACE "${mark_close}" "]" entry "${entry}")
        string(JSON members ERROR_VARIABLE bad LENGTH "[${entry}\n,0]")
        if(bad OR NOT members EQUAL 2)
          set(split FALSE)
        endif()
        string(JSON file ERROR_VARIABLE bad GET "${entry}" file)
        string(JSON dir ERROR_VARIABLE bad_dir GET "${entry}" directory)
        if(bad OR bad_dir)
          set(split FALSE)
        endif()
      endforeach()
    endif()
  endif()
  if(split)
    foreach(entry IN LISTS pieces)
      string(REPLACE "${mark_semicolon}" ";" entry "${entry}")
      string(REPLACE "${mark_open}" "[" entry "${entry}")
      string(REPLACE "${mark_close}" "]" entry "${entry}")
      string(JSON file GET "${entry}" file)
      string(JSON dir GET "${entry}" directory)
      _ptrcomp_db_entry()
    endforeach()
  elseif(n GREATER 0)
    math(EXPR last "${n} - 1")
    foreach(i RANGE ${last})
      string(JSON file GET "${db}" ${i} file)
      string(JSON dir GET "${db}" ${i} directory)
      _ptrcomp_db_entry()
    endforeach()
  endif()
  foreach(s IN LISTS PTRCOMP_SOURCES)
    if(NOT DEFINED "_ptrcomp_found ${s}")
      message(FATAL_ERROR "ptrcomp_transform(${PTRCOMP_TARGET}): no compile command for "
                          "${PTRCOMP_TREE}${s} in ${PTRCOMP_DATABASE}")
    endif()
  endforeach()
  _ptrcomp_flush(entries)
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
  _ptrcomp_flush(db_text)
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
    set(this_entry "{\"directory\": ${jdir}, \"file\": ${jfile}, \"arguments\": [${jargs}]}")
    set("_ptrcomp_entry ${s}" "${this_entry}")
    set(piece "${sep}\n${this_entry}")
    _ptrcomp_append(db_text)
    set(sep ",")
  endforeach()
  _ptrcomp_flush(db_text)
  string(APPEND db_text "\n]\n")
endif()
# Writes <text> to <file> when it holds something else: what depends on the file runs
# again only when it changed.
function(_ptrcomp_write_changed file text)
  set(old "")
  if(EXISTS "${file}")
    file(READ "${file}" old)
  endif()
  if(NOT old STREQUAL text)
    file(WRITE "${file}" "${text}")
  endif()
endfunction()
if(PTRCOMP_DATABASE OR PTRCOMP_STEP STREQUAL "db")
  _ptrcomp_write_changed("${PTRCOMP_WORK}/db/compile_commands.json" "${db_text}")
endif()
if(PTRCOMP_STEP STREQUAL "db")
  # And each source's command alone, db/<n>/ for the n-th source, for its summarize and
  # apply steps: a step reads a database of one entry, not of the whole program, and
  # runs again only when its own command changed.
  set(n 0)
  foreach(s IN LISTS PTRCOMP_SOURCES)
    set(entry_of "_ptrcomp_entry ${s}") # (a name with spaces is read through another)
    _ptrcomp_write_changed("${PTRCOMP_WORK}/db/${n}/compile_commands.json"
                           "[\n${${entry_of}}\n]\n")
    math(EXPR n "${n} + 1")
  endforeach()
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
# The files produced are a set of variables, "_ptrcomp_produced <file>" (a look-up in a
# list is linear in its length, and there is one per file of tree/).
file(GLOB_RECURSE staged LIST_DIRECTORIES FALSE RELATIVE "${stage}" "${stage}/*")
set(deps "")
_ptrcomp_flush(deps)
set(changed FALSE)
foreach(f IN LISTS staged)
  set(dst "${PTRCOMP_TREE}${root}/${f}")
  set("_ptrcomp_produced ${dst}" TRUE)
  string(REPLACE " " "\\ " dep "${root}/${f}")
  set(piece " \\\n  ${dep}")
  _ptrcomp_append(deps)
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
  if(NOT DEFINED "_ptrcomp_produced ${f}")
    set(changed TRUE)
    file(REMOVE "${f}")
  endif()
endforeach()
file(REMOVE_RECURSE "${stage}")

_ptrcomp_flush(deps)
string(REPLACE " " "\\ " stamp_dep "${stamp}")
file(WRITE "${PTRCOMP_WORK}/ptrcomp.d" "${stamp_dep}:${deps}\n")
file(TOUCH "${stamp}")
# The target's objects depend on tree.stamp: a header of the tree can change while no
# transformed source does, and the build tool does not know the headers as outputs.
if(changed OR NOT EXISTS "${PTRCOMP_WORK}/tree.stamp")
  file(TOUCH "${PTRCOMP_WORK}/tree.stamp")
endif()
