// A file cut (truncated) while it is read: the reader ends in a fault naming the byte where
// the file now ends, rather than quietly early with the games before the cut.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "libpgn/input.hpp"

namespace pgn {
namespace {

std::string temporary_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          (name + "-" + std::to_string(::getpid()) + ".pgn"))
      .string();
}

TEST(InputCut, AFileCutWhileReadIsAFaultNamingTheByte) {
  const std::string path = temporary_path("input-cut");
  const std::string text(8u << 20, 'x');  // many reads long
  std::ofstream(path, std::ios::binary) << text;
  std::string error;
  auto input = InputSource::open(path, error);
  ASSERT_TRUE(input) << error;
  std::vector<char> buffer(1 << 16);
  std::uint64_t got = input->read(buffer.data(), buffer.size());
  std::filesystem::resize_file(path, 3u << 20);
  while (std::size_t n = input->read(buffer.data(), buffer.size())) got += n;
  EXPECT_EQ(got, 3u << 20);
  EXPECT_NE(input->error().find(path + " at byte " + std::to_string(3u << 20)), std::string::npos)
      << input->error();
  EXPECT_NE(input->error().find("cut while it was read"), std::string::npos);
  std::filesystem::remove(path);
}

TEST(InputCut, AFileReadWholeOrGrownIsNoFault) {
  const std::string path = temporary_path("input-grown");
  std::ofstream(path, std::ios::binary) << std::string(3u << 20, 'x');
  std::string error;
  auto input = InputSource::open(path, error);
  ASSERT_TRUE(input) << error;
  std::vector<char> buffer(1 << 16);
  std::uint64_t got = input->read(buffer.data(), buffer.size());
  std::ofstream(path, std::ios::binary | std::ios::app) << std::string(1000, 'y');
  while (std::size_t n = input->read(buffer.data(), buffer.size())) got += n;
  EXPECT_EQ(input->error(), "");
  EXPECT_EQ(got, (3u << 20) + 1000);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace pgn
