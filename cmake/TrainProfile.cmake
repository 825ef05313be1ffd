# Runs the instrumented pgn over the bundled corpora so that GCC records where the time goes
# (ProfileGuided.cmake). The runs are the tool's main jobs: validation single- and
# multi-threaded, conversion to PGN, JSON and a localized notation, and reading that
# localized copy back.
#
#   cmake -DPGN=tool -DCORPORA=dir -DPROFILE=dir -DSTAMP=file -P TrainProfile.cmake

foreach(var PGN CORPORA PROFILE STAMP)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "TrainProfile.cmake: -D${var}=... is required")
  endif()
endforeach()

# Counts from an earlier tool would be added to this one's.
file(GLOB stale ${PROFILE}/*.gcda)
if(stale)
  file(REMOVE ${stale})
endif()

file(GLOB_RECURSE inputs LIST_DIRECTORIES false ${CORPORA}/*.pgn ${CORPORA}/*.txt)
list(SORT inputs)
if(NOT inputs)
  message(FATAL_ERROR "TrainProfile.cmake: no games under ${CORPORA}")
endif()

# One job per entry, its arguments separated by spaces.
set(jobs
    "validate --threads 1 -q"
    "validate -q --format jsonl --list-games"
    "convert --threads 1 -q"
    "convert -q --to json"
    "convert -q --to-lang ru")
foreach(shown IN LISTS jobs)
  separate_arguments(job UNIX_COMMAND "${shown}")
  # Exit status 1 (games with errors) is expected: the corpora keep broken games on purpose.
  execute_process(COMMAND ${PGN} ${job} ${inputs} RESULT_VARIABLE status
                  OUTPUT_QUIET ERROR_QUIET)
  if(NOT status MATCHES "^[01]$")
    message(FATAL_ERROR "TrainProfile.cmake: pgn ${shown} ended with '${status}'")
  endif()
endforeach()
# Reading other notations is a main job too: the same games written in Russian, read back
# with detection.
set(russian ${PROFILE}/training.ru.pgn)
execute_process(COMMAND ${PGN} convert -q --threads 1 --to-lang ru -o ${russian} ${inputs}
                RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
if(NOT status MATCHES "^[01]$")
  message(FATAL_ERROR "TrainProfile.cmake: pgn convert --to-lang ru ended with '${status}'")
endif()
foreach(threads 1 0)
  execute_process(COMMAND ${PGN} validate -q --threads ${threads} ${russian}
                  RESULT_VARIABLE status OUTPUT_QUIET ERROR_QUIET)
  if(NOT status MATCHES "^[01]$")
    message(FATAL_ERROR "TrainProfile.cmake: pgn validate of the Russian copy ended with '${status}'")
  endif()
endforeach()
file(REMOVE ${russian})
file(TOUCH ${STAMP})
