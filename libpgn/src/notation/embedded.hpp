// Files compiled into the library (the localization tables): the definition is generated at
// build time (cmake/EmbedFiles.cmake); internal, the tables are reached through notation.hpp.
#pragma once

#include <span>
#include <string_view>

namespace pgn {

struct EmbeddedFile {
  std::string_view name;      // file name, e.g. "ru.json"
  std::string_view contents;  // the file's bytes
};

std::span<const EmbeddedFile> embedded_localization_files();

}  // namespace pgn
