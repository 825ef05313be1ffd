// Code pages and the choice of a game's code page (libpgn/encoding.hpp).
#include "libpgn/encoding.hpp"

#include <gtest/gtest.h>
#include <iconv.h>

#include <string>

namespace pgn {
namespace {

// `utf8` in code page `page`, by iconv (the test's own conversion, not the library's).
std::string encode(const std::string& utf8, const char* page) {
  iconv_t cd = iconv_open(page, "UTF-8");
  EXPECT_NE(cd, iconv_t(-1)) << page;
  std::string out(utf8.size() * 2, '\0');
  char* in = const_cast<char*>(utf8.data());
  char* to = out.data();
  std::size_t in_left = utf8.size(), out_left = out.size();
  EXPECT_NE(iconv(cd, &in, &in_left, &to, &out_left), std::size_t(-1)) << page;
  iconv_close(cd);
  out.resize(out.size() - out_left);
  return out;
}

std::string chosen(const std::string& utf8, const char* page) {
  EncodingDetector detector;
  const std::string bytes = encode(utf8, page);
  return detector.choose(bytes, bytes).name;
}

TEST(CodePage, NamesIconvKnowsAreOnePage) {
  std::string error;
  const CodePage* cp1251 = find_code_page("cp1251", error);
  ASSERT_NE(cp1251, nullptr) << error;
  EXPECT_EQ(cp1251->name, "Windows-1251");
  EXPECT_EQ(find_code_page("WINDOWS-1251", error), cp1251);
  EXPECT_EQ(code_page_by_id(cp1251->id), cp1251);
  const CodePage* ibm866 = find_code_page("IBM866", error);
  ASSERT_NE(ibm866, nullptr) << error;
  EXPECT_EQ(ibm866->name, "CP866");
  std::string decoded;
  decode_code_page(*cp1251, "\xCA\xF0 e1", decoded);
  EXPECT_EQ(decoded, "Кр e1");
}

TEST(CodePage, OnlySingleByteAsciiCompatibleOnesAreTaken) {
  std::string error;
  for (const char* name : {"UTF-16", "SHIFT_JIS", "UTF-8", "nonsense"}) {
    EXPECT_EQ(find_code_page(name, error), nullptr) << name;
    EXPECT_FALSE(error.empty()) << name;
  }
  const CodePage* page = reinterpret_cast<const CodePage*>(1);
  EXPECT_TRUE(encoding_option("auto", page, error));
  EXPECT_EQ(page, nullptr);
  EXPECT_TRUE(encoding_option("utf-8", page, error));
  EXPECT_EQ(page, nullptr);
  EXPECT_FALSE(encoding_option("utf-16", page, error));
}

TEST(EncodingDetector, PieceLettersDecideAShortCyrillicGame) {
  // No names, no comments: only the movetext's letters tell the code pages apart.
  const std::string game = "1. e4 e5 2. Кf3 Кc6 3. Сb5 Фe7 *";
  EXPECT_EQ(chosen(game, "CP1251"), "Windows-1251");
  EXPECT_EQ(chosen(game, "KOI8-R"), "KOI8-R");
  EXPECT_EQ(chosen(game, "CP866"), "CP866");
}

TEST(EncodingDetector, UkrainianLettersAreKoi8UNotKoi8R) {
  EXPECT_EQ(chosen("[Site \"Київ\"]\n[White \"Іванчук, Василь\"]\n\n1. e4 *", "KOI8-U"), "KOI8-U");
  EXPECT_EQ(chosen("[Site \"Москва\"]\n[White \"Карпов, Анатолий\"]\n\n1. e4 *", "KOI8-R"),
            "KOI8-R");
}

TEST(EncodingDetector, CentralEuropeanLettersAreNotWindows1252) {
  const std::string game = "[White \"Ťažký, Ľubomír\"]\n[Site \"Žilina\"]\n\n1. e4 *";
  EXPECT_EQ(chosen(game, "CP1250"), "Windows-1250");
  EXPECT_EQ(chosen(game, "ISO-8859-2"), "ISO-8859-2");
}

TEST(EncodingDetector, ForcedPageIsUsed) {
  std::string error;
  const CodePage* koi8 = find_code_page("koi8-r", error);
  EncodingDetector detector(koi8);
  EXPECT_EQ(&detector.choose("\xCA", "\xCA"), koi8);
}

}  // namespace
}  // namespace pgn
