// Sources hand out their bytes in pieces of at most kInputPieceBytes however much the caller
// asks for, so that the reader's buffer cycles through a stretch that stays in cache; the
// pieces still add up to the whole input, plain or compressed.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "io/source_open.hpp"
#include "libpgn/input.hpp"

namespace pgn {
namespace {

namespace fs = std::filesystem;

std::string games_text(std::size_t bytes) {
  std::string text;
  for (int i = 1; text.size() < bytes; ++i) {
    text += "[Event \"Game " + std::to_string(i) + "\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 " +
            "3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
  }
  return text;
}

TEST(InputPieces, EveryReadIsAtMostOnePieceAndTheyAddUp) {
  const fs::path dir = fs::temp_directory_path() / ("input-pieces-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string text = games_text(3u << 20);
  const fs::path plain = dir / "games.pgn";
  std::ofstream(plain, std::ios::binary) << text;
  struct Case {
    const char* tool;  // compresses the plain file to stdout; empty: the plain file itself
    const char* extension;
    Compression kind;
  };
  for (const Case& c :
       {Case{"", "pgn", Compression::None}, Case{"zstd -q -c", "zst", Compression::Zstd},
        Case{"gzip -c", "gz", Compression::Gzip}, Case{"bzip2 -c", "bz2", Compression::Bzip2}}) {
    SCOPED_TRACE(c.extension);
    fs::path path = plain;
    if (*c.tool) {
      path = dir / (std::string("games.pgn.") + c.extension);
      const std::string command =
          std::string(c.tool) + " < " + plain.string() + " > " + path.string();
      ASSERT_EQ(std::system(command.c_str()), 0) << command;
    }
    std::string error;
    auto input = InputSource::open(path.string(), error);
    ASSERT_TRUE(input) << error;
    EXPECT_EQ(input->compression(), c.kind);
    std::vector<char> buffer(4u << 20);  // asks for far more than a piece
    std::string read;
    std::size_t largest = 0;
    while (std::size_t n = input->read(buffer.data(), buffer.size())) {
      largest = std::max(largest, n);
      read.append(buffer.data(), n);
    }
    EXPECT_EQ(input->error(), "");
    EXPECT_LE(largest, kInputPieceBytes);
    EXPECT_GT(largest, 0u);
    EXPECT_TRUE(read == text) << read.size() << " bytes read of " << text.size();
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace pgn
