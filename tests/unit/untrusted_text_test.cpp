// Text taken from the input on its way to a terminal (append_terminal_text) and into JSON
// (append_json_string): control characters and bytes that are not UTF-8.
#include <gtest/gtest.h>

#include <string>

#include "libpgn/json_writer.hpp"
#include "libpgn/terminal_text.hpp"

namespace {

std::string json(std::string_view text) {
  std::string out;
  pgn::append_json_string(out, text);
  return out;
}

TEST(TerminalText, ControlCharactersAreEscaped) {
  EXPECT_EQ(pgn::terminal_text("1\x1b[2J\x07"), "1\\x1b[2J\\x07");
  EXPECT_EQ(pgn::terminal_text("a\x7f"
                               "b"),
            "a\\x7fb");
  EXPECT_EQ(pgn::terminal_text("line\nnext\r"), "line\\x0anext\\x0d");
  EXPECT_EQ(pgn::terminal_text(std::string_view("a\0b", 3)), "a\\x00b");
  // C1 controls in UTF-8 (U+009B is a one-character CSI on some terminals).
  EXPECT_EQ(pgn::terminal_text("x\xc2\x9b"
                               "31m"),
            "x\\u009b31m");
}

TEST(TerminalText, TextIsKept) {
  EXPECT_EQ(pgn::terminal_text("Nf3 {tab\there} \\ \"quoted\""), "Nf3 {tab\there} \\ \"quoted\"");
  EXPECT_EQ(pgn::terminal_text("Müller Ђ 象 ♞ \xc2\xa0"), "Müller Ђ 象 ♞ \xc2\xa0");
}

TEST(TerminalText, BytesThatAreNotUtf8AreEscaped) {
  EXPECT_EQ(pgn::terminal_text("caf\xe9.pgn"), "caf\\xe9.pgn");
  EXPECT_EQ(pgn::terminal_text("\xff\xfe"), "\\xff\\xfe");
  EXPECT_EQ(pgn::terminal_text("\xe2\x82"), "\\xe2\\x82");           // cut short
  EXPECT_EQ(pgn::terminal_text("\xc0\xaf"), "\\xc0\\xaf");           // overlong
  EXPECT_EQ(pgn::terminal_text("\xed\xa0\x80"), "\\xed\\xa0\\x80");  // a surrogate
}

TEST(TerminalText, ColumnsCountTheEscapes) {
  EXPECT_EQ(pgn::terminal_columns("e4"), 2u);
  EXPECT_EQ(pgn::terminal_columns("\x1b"), 4u);
  EXPECT_EQ(pgn::terminal_columns("\xc2\x9b"), 6u);
  EXPECT_EQ(pgn::terminal_columns("Müller"), 6u);
  EXPECT_EQ(pgn::terminal_columns("\xff"
                                  "a"),
            5u);
  EXPECT_EQ(pgn::terminal_columns(pgn::terminal_text("{\x07\x1b[31m} Ke3")),
            pgn::terminal_columns("{\x07\x1b[31m} Ke3"));
}

TEST(JsonString, ControlsEscapedAndUtf8Kept) {
  EXPECT_EQ(json("a\x1b\"\\\n"), "\"a\\u001b\\\"\\\\\\n\"");
  EXPECT_EQ(json("Müller ♞"), "\"Müller ♞\"");
}

TEST(JsonString, BytesThatAreNotUtf8BecomeTheLatin1Characters) {
  EXPECT_EQ(json("n\xff.pgn"), "\"n\\u00ff.pgn\"");
  EXPECT_EQ(json("caf\xe9 Müller\x1b"), "\"caf\\u00e9 Müller\\u001b\"");
  EXPECT_EQ(json("\xe2\x82"), "\"\\u00e2\\u0082\"");
}

}  // namespace
