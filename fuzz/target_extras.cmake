# What a fuzz target needs beyond libpgn: the library's internal headers (repair's tag-form
# readers), and for fuzz_python_cuts the Python module's plain C++ sources (no pybind11).
# Used by fuzz/CMakeLists.txt (libFuzzer builds) and tests/CMakeLists.txt (replay drivers).
function(libpgn_fuzz_target_extras target name)
  target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/libpgn/src)
  if(name STREQUAL "fuzz_python_cuts")
    target_sources(${target} PRIVATE ${PROJECT_SOURCE_DIR}/python/src/cut_points.cpp
                                     ${PROJECT_SOURCE_DIR}/python/src/zstd_frames.cpp)
    target_include_directories(${target} PRIVATE ${PROJECT_SOURCE_DIR}/python/src)
    target_link_libraries(${target} PRIVATE ${LIBPGN_ZSTD_TARGET})
  endif()
endfunction()
