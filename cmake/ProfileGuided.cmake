# Profile-guided optimization with GCC. A Release build first compiles an instrumented copy of
# the pgn tool (in <build>/pgo/build), runs it over the bundled corpora/ (TrainProfile.cmake),
# and then compiles libpgn and pgn with the recorded profile: branch layout and inlining follow
# what real games exercise, which takes about a tenth off validation time (docs/performance.md).
#
# The two builds name their profile files alike because -fprofile-prefix-path strips each
# build directory from the object paths: libpgn/CMakeFiles/libpgn.dir/src/x.cpp.o in both.
#
#   LIBPGN_PGO           ON by default for GCC >= 12 Release builds without sanitizers or
#                        fuzzing; -DLIBPGN_PGO=OFF for quick edit-compile cycles, since any
#                        change of a source retrains and then recompiles every object.
#   LIBPGN_PGO_GENERATE  internal: set for the instrumented build, names its profile folder.

set(_libpgn_pgo_default OFF)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_GREATER_EQUAL 12
   AND CMAKE_BUILD_TYPE STREQUAL "Release" AND NOT LIBPGN_SANITIZE AND NOT LIBPGN_FUZZ
   AND LIBPGN_BUILD_TOOLS)
  set(_libpgn_pgo_default ON)
endif()
option(LIBPGN_PGO "Optimize libpgn and pgn with a profile recorded over corpora/ (GCC >= 12)"
       ${_libpgn_pgo_default})
set(LIBPGN_PGO_GENERATE "" CACHE INTERNAL "Profile folder of the instrumented build")

if(LIBPGN_PGO_GENERATE)
  # Atomic counters: the training also runs the multi-threaded pipeline.
  add_compile_options(-fprofile-generate=${LIBPGN_PGO_GENERATE} -fprofile-update=atomic
                      -fprofile-prefix-path=${CMAKE_BINARY_DIR})
  add_link_options(-fprofile-generate=${LIBPGN_PGO_GENERATE})
  return()
endif()
if(NOT LIBPGN_PGO)
  return()
endif()
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "GNU" OR CMAKE_CXX_COMPILER_VERSION VERSION_LESS 12)
  message(FATAL_ERROR "LIBPGN_PGO needs GCC 12 or later (-fprofile-prefix-path)")
endif()
if(NOT LIBPGN_BUILD_TOOLS)
  message(FATAL_ERROR "LIBPGN_PGO trains the profile with the pgn tool: LIBPGN_BUILD_TOOLS=ON")
endif()

include(ExternalProject)
set(LIBPGN_PGO_DIR ${CMAKE_BINARY_DIR}/pgo)
set(LIBPGN_PGO_PROFILE ${LIBPGN_PGO_DIR}/profile)
set(LIBPGN_PGO_STAMP ${LIBPGN_PGO_PROFILE}/trained.stamp)
set(_libpgn_pgo_tool ${LIBPGN_PGO_DIR}/build/bin/pgn)

ExternalProject_Add(
  pgo_instrumented
  SOURCE_DIR ${PROJECT_SOURCE_DIR}
  BINARY_DIR ${LIBPGN_PGO_DIR}/build
  # The same compiler and flags as this build: the profile must describe the same code.
  CMAKE_ARGS -DCMAKE_BUILD_TYPE=Release
             -DCMAKE_CXX_COMPILER=${CMAKE_CXX_COMPILER}
             "-DCMAKE_CXX_FLAGS=${CMAKE_CXX_FLAGS}"
             "-DCMAKE_CXX_FLAGS_RELEASE=${CMAKE_CXX_FLAGS_RELEASE}"
             -DLIBPGN_BUILD_TESTS=OFF
             -DLIBPGN_NATIVE=${LIBPGN_NATIVE}
             -DLIBPGN_PGO=OFF
             -DLIBPGN_PGO_GENERATE=${LIBPGN_PGO_PROFILE}
  # The default build command (make) shares the outer build's jobs; tests are off in there.
  BUILD_ALWAYS ON
  BUILD_BYPRODUCTS ${_libpgn_pgo_tool}
  INSTALL_COMMAND ""
  STEP_TARGETS build)

file(GLOB_RECURSE _libpgn_pgo_corpora CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/corpora/*)
add_custom_command(
  OUTPUT ${LIBPGN_PGO_STAMP}
  COMMAND ${CMAKE_COMMAND} -DPGN=${_libpgn_pgo_tool} -DCORPORA=${PROJECT_SOURCE_DIR}/corpora
          -DPROFILE=${LIBPGN_PGO_PROFILE} -DSTAMP=${LIBPGN_PGO_STAMP}
          -P ${PROJECT_SOURCE_DIR}/cmake/TrainProfile.cmake
  DEPENDS ${_libpgn_pgo_tool} ${_libpgn_pgo_corpora} ${PROJECT_SOURCE_DIR}/cmake/TrainProfile.cmake
  COMMENT "Recording the optimization profile: instrumented pgn over corpora/"
  VERBATIM)
add_custom_target(pgo_profile DEPENDS ${LIBPGN_PGO_STAMP})
add_dependencies(pgo_profile pgo_instrumented)

# Compiles `target` with the profile; each of its objects is rebuilt when the profile is.
# Sources generated into the build folder (the embedded tables) are left out: their path
# differs between the two builds, and GCC rejects a profile recorded for another path.
function(libpgn_use_profile target)
  target_compile_options(${target} PRIVATE -fprofile-use=${LIBPGN_PGO_PROFILE}
                                           -fprofile-partial-training
                                           -fprofile-prefix-path=${CMAKE_BINARY_DIR}
                                           # Should the code still differ, a warning and no
                                           # profile for that function, not a failed build.
                                           -Wno-error=coverage-mismatch
                                           # Code the corpora never reach (the game model API)
                                           # has no profile; it is compiled as without one.
                                           -Wno-missing-profile)
  add_dependencies(${target} pgo_profile)
  get_target_property(sources ${target} SOURCES)
  foreach(source IN LISTS sources)
    cmake_path(IS_PREFIX CMAKE_BINARY_DIR "${source}" NORMALIZE generated)
    if(generated)
      set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES
                                  COMPILE_OPTIONS -fno-profile-use)
    else()
      set_source_files_properties(${source} TARGET_DIRECTORY ${target} PROPERTIES
                                  OBJECT_DEPENDS ${LIBPGN_PGO_STAMP})
    endif()
  endforeach()
endfunction()
