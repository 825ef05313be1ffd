# Every dependency comes from Debian's packages. A missing one stops configuration with the
# name of the package that provides it, so `tools/install-deps` (or apt-get) is the fix.
find_package(PkgConfig QUIET)

macro(libpgn_require found what package)
  if(NOT ${found})
    message(FATAL_ERROR "libpgn needs ${what}: install the Debian package '${package}' "
                        "(apt-get install ${package}, or run tools/install-deps)")
  endif()
endmacro()

find_package(Threads REQUIRED)

find_package(simdjson CONFIG QUIET)
libpgn_require(simdjson_FOUND "simdjson" libsimdjson-dev)

# Debian's RE2 ships only a pkg-config file.
if(PkgConfig_FOUND)
  pkg_check_modules(RE2 QUIET IMPORTED_TARGET re2)
endif()
libpgn_require(RE2_FOUND "RE2" libre2-dev)

# uchardet finds the code page of input that is not UTF-8 (iconv, in the C library, decodes it).
if(PkgConfig_FOUND)
  pkg_check_modules(UCHARDET QUIET IMPORTED_TARGET uchardet)
endif()
libpgn_require(UCHARDET_FOUND "uchardet" libuchardet-dev)

find_package(Boost 1.70 QUIET COMPONENTS program_options)
libpgn_require(Boost_FOUND "Boost.Program_options" libboost-program-options-dev)

find_package(zstd CONFIG QUIET)
libpgn_require(zstd_FOUND "zstd" libzstd-dev)
if(TARGET zstd::libzstd_shared)
  set(LIBPGN_ZSTD_TARGET zstd::libzstd_shared)
else()
  set(LIBPGN_ZSTD_TARGET zstd::libzstd_static)
endif()

# SQLite: the database output (pgn convert --to sqlite, docs/sqlite.md).
find_package(SQLite3 QUIET)
libpgn_require(SQLite3_FOUND "SQLite 3" libsqlite3-dev)

find_package(ZLIB QUIET)
libpgn_require(ZLIB_FOUND "zlib" zlib1g-dev)

find_package(BZip2 QUIET)
libpgn_require(BZIP2_FOUND "bzip2" libbz2-dev)

if(LIBPGN_BUILD_TESTS)
  find_package(GTest CONFIG QUIET)
  libpgn_require(GTest_FOUND "GoogleTest and GoogleMock" "libgtest-dev libgmock-dev")
endif()
