# cmake -DSOURCE_DIR=... -DOUTPUT=ferry_version.h -DVERSION=x.y.z -P ferry_version.cmake
#
# Writes FERRY_VERSION and FERRY_COMMIT (the short hash, "+dirty" when the
# work tree has changes; "unknown" outside a git checkout) into OUTPUT,
# touching it only when they change so that nothing rebuilds needlessly.
set(commit "unknown")
find_package(Git QUIET)
if(GIT_FOUND)
  execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" rev-parse --short=12 HEAD
                  OUTPUT_VARIABLE head RESULT_VARIABLE failed OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET)
  if(NOT failed AND head)
    set(commit "${head}")
    execute_process(COMMAND "${GIT_EXECUTABLE}" -C "${SOURCE_DIR}" status --porcelain --untracked-files=no
                    OUTPUT_VARIABLE changes ERROR_QUIET)
    if(changes)
      string(APPEND commit "+dirty")
    endif()
  endif()
endif()
set(text "/* Written by cmake/ferry_version.cmake at build time. */\n#define FERRY_VERSION \"${VERSION}\"\n#define FERRY_COMMIT \"${commit}\"\n")
if(EXISTS "${OUTPUT}")
  file(READ "${OUTPUT}" old)
endif()
if(NOT old STREQUAL text)
  file(WRITE "${OUTPUT}" "${text}")
endif()
