# `cmake --install build` puts the library, its public headers and a CMake package config
# (find_package(libpgn) then gives the target libpgn::libpgn); tools/CMakeLists.txt adds pgn,
# its man page and its shell completions.
include(CMakePackageConfigHelpers)

install(TARGETS libpgn EXPORT libpgnTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
# The public headers are the directory libpgn/include/libpgn, whole (docs/cpp.md lists them, and
# tests/cli/install.sh holds the two to each other); libpgn/internal is the build's own.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/libpgn/include/libpgn
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.hpp")

set(LIBPGN_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/libpgn)
install(EXPORT libpgnTargets NAMESPACE libpgn:: DESTINATION ${LIBPGN_CMAKE_DIR})
# The library is static: a consumer links its private dependencies too, so the config finds
# them the way this build did (zstd under the target name found here).
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/libpgnConfig.cmake.in
                              ${CMAKE_BINARY_DIR}/cmake/libpgnConfig.cmake
                              INSTALL_DESTINATION ${LIBPGN_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/libpgnConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/libpgnConfig.cmake
              ${CMAKE_BINARY_DIR}/cmake/libpgnConfigVersion.cmake
        DESTINATION ${LIBPGN_CMAKE_DIR})
