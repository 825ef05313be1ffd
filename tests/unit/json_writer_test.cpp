// The one JSON writer (libpgn/json_writer.hpp): nesting and commas, the string escaper
// (controls, quotes, UTF-8 kept, bytes that are not UTF-8 as \u0080..\u00ff), integers and
// doubles. What it writes is read back by independent readers: simdjson, and Python's json
// module where python3 is installed.
#include "libpgn/json_writer.hpp"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <string_view>
#include <vector>

namespace {

using pgn::JsonWriter;

std::string written(auto&& write) {
  std::string out;
  {
    JsonWriter json(out);
    write(json);
  }
  return out;
}

std::string json_string(std::string_view text) {
  return written([&](JsonWriter& json) { json.string(text); });
}

// The string a reader must get back for `text`: its well-formed UTF-8 as it is, and each
// other byte as the character of the same number (U+0080 to U+00FF, in UTF-8).
std::string expected_reading(std::string_view text) {
  std::string out;
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  for (std::size_t i = 0; i < size;) {
    const unsigned char c = p[i];
    std::size_t n = 0;
    auto cont = [&](std::size_t k, unsigned lo = 0x80, unsigned hi = 0xBF) {
      return i + k < size && p[i + k] >= lo && p[i + k] <= hi;
    };
    if (c < 0x80)
      n = 1;
    else if (c >= 0xC2 && c <= 0xDF)
      n = cont(1) ? 2 : 0;
    else if (c >= 0xE0 && c <= 0xEF)
      n = cont(1, c == 0xE0 ? 0xA0 : 0x80, c == 0xED ? 0x9F : 0xBF) && cont(2) ? 3 : 0;
    else if (c >= 0xF0 && c <= 0xF4)
      n = cont(1, c == 0xF0 ? 0x90 : 0x80, c == 0xF4 ? 0x8F : 0xBF) && cont(2) && cont(3) ? 4 : 0;
    if (n == 0) {
      out += char(0xC0 | (c >> 6));
      out += char(0x80 | (c & 0x3F));
      ++i;
    } else {
      out.append(text.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string read_back_string(const std::string& json) {
  simdjson::dom::parser parser;
  std::string_view s;
  const auto error = parser.parse(json).get_string().get(s);
  EXPECT_FALSE(error) << json << ": " << simdjson::error_message(error);
  return std::string(s);
}

TEST(JsonWriter, NestingAndCommas) {
  const std::string out = written([](JsonWriter& json) {
    json.begin_object().key("a").number(1).key("b").begin_array();
    json.begin_array().end_array().begin_object().end_object().string("x").null();
    json.end_array().key("c").begin_object().key("d").boolean(true).key("e").boolean(false);
    json.end_object().end_object();
  });
  EXPECT_EQ(out, R"({"a":1,"b":[[],{},"x",null],"c":{"d":true,"e":false}})");
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  ASSERT_FALSE(parser.parse(out).get(doc));
  EXPECT_EQ(doc["b"].get_array().size(), 4u);
  EXPECT_TRUE(doc["c"]["d"].get_bool().value());
}

TEST(JsonWriter, ValuesAtTheTopLevelTakeNoComma) {
  // JSON Lines: one value a line.
  const std::string out = written([](JsonWriter& json) {
    json.begin_object().key("n").number(1).end_object().newline();
    json.begin_array().number(2).end_array().newline();
    json.string("three").newline();
  });
  EXPECT_EQ(out, "{\"n\":1}\n[2]\n\"three\"\n");
}

TEST(JsonWriter, LineBreaksBetweenElements) {
  const std::string out = written([](JsonWriter& json) {
    json.begin_object().key("list").begin_array();
    for (int i = 0; i < 3; ++i) json.break_line().begin_object().key("i").number(i).end_object();
    json.newline().end_array().key("after").raw(R"(["kept",1])").end_object().newline();
  });
  EXPECT_EQ(out, "{\"list\":[\n{\"i\":0},\n{\"i\":1},\n{\"i\":2}\n],\"after\":[\"kept\",1]}\n");
  simdjson::dom::parser parser;
  simdjson::dom::element doc;
  EXPECT_FALSE(parser.parse(out).get(doc));
}

TEST(JsonWriter, SpacedSeparators) {
  std::string out;
  {
    JsonWriter json(out, JsonWriter::Spacing::Spaced);
    json.begin_object().key("line").number(7).key("moves").begin_array().string("Ka2");
    json.string("Kb3").end_array().key("x").begin_object().end_object().end_object();
  }
  EXPECT_EQ(out, R"({"line": 7, "moves": ["Ka2", "Kb3"], "x": {}})");
}

// Member names written as literals take an inlined path: the same text as a name given at
// run time, an escape where one is needed, and a char array read up to its NUL.
TEST(JsonWriter, LiteralNamesAsRunTimeNames) {
  for (const auto spacing : {JsonWriter::Spacing::Compact, JsonWriter::Spacing::Spaced}) {
    const auto document = [&](auto&& name_a, auto&& name_b) {
      std::string out;
      {
        JsonWriter json(out, spacing);
        json.begin_object().key(name_a).number(1).key(name_b).string("x").end_object();
      }
      return out;
    };
    const std::string_view quote("a\"b"), long_name("a_name_of_twenty_bytes");
    EXPECT_EQ(document("san", "uci"), document(std::string_view("san"), std::string_view("uci")));
    EXPECT_EQ(document("a\"b", "\x01"), document(quote, std::string_view("\x01")));
    EXPECT_EQ(document("a\"b", "\x01"), spacing == JsonWriter::Spacing::Compact
                                            ? R"({"a\"b":1,"\u0001":"x"})"
                                            : R"({"a\"b": 1, "\u0001": "x"})");
    EXPECT_EQ(document("a_name_of_twenty_bytes", ""), document(long_name, std::string_view()));
    char buffer[16] = "abc";
    EXPECT_EQ(document(buffer, "é"), document(std::string_view("abc"), std::string_view("é")));
  }
}

TEST(JsonWriter, Integers) {
  const std::string out = written([](JsonWriter& json) {
    json.begin_array().number(0).number(-1).number(std::uint32_t{4294967295u});
    json.number(std::numeric_limits<std::int64_t>::min());
    json.number(std::numeric_limits<std::int64_t>::max());
    json.number(std::numeric_limits<std::uint64_t>::max());
    json.number(std::int8_t{-128}).end_array();
  });
  EXPECT_EQ(out,
            "[0,-1,4294967295,-9223372036854775808,9223372036854775807,18446744073709551615,-128]");
  simdjson::dom::parser parser;
  simdjson::dom::array values;
  ASSERT_FALSE(parser.parse(out).get(values));
  EXPECT_EQ(values.at(3).get_int64().value(), std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(values.at(5).get_uint64().value(), std::numeric_limits<std::uint64_t>::max());
}

const double kDoubles[] = {0.0,
                           -0.0,
                           0.1,
                           1.0 / 3,
                           1e300,
                           -2.5e-300,
                           5e-324,
                           1e23,
                           123.456,
                           1e21,
                           1e-7,
                           100,
                           -7,
                           0.5,
                           std::numeric_limits<double>::max(),
                           std::numeric_limits<double>::min()};

TEST(JsonWriter, DoublesReadBackExactly) {
  std::mt19937_64 random(7);
  std::vector<double> values(std::begin(kDoubles), std::end(kDoubles));
  for (int i = 0; i < 2000; ++i) {
    double d;
    std::uint64_t bits = random();
    std::memcpy(&d, &bits, sizeof d);
    if (std::isfinite(d)) values.push_back(d);
  }
  const std::string out = written([&](JsonWriter& json) {
    json.begin_array();
    for (double d : values) json.number(d);
    json.end_array();
  });
  simdjson::dom::parser parser;
  simdjson::dom::array read;
  ASSERT_FALSE(parser.parse(out).get(read));
  std::size_t i = 0;
  for (simdjson::dom::element e : read) {
    double d;
    ASSERT_FALSE(e.get_double().get(d)) << i;
    EXPECT_EQ(d, values[i]) << i;
    EXPECT_EQ(std::signbit(d), std::signbit(values[i])) << i;
    ++i;
  }
  EXPECT_EQ(i, values.size());
  EXPECT_EQ(written([](JsonWriter& json) { json.number(0.1); }), "0.1");
  EXPECT_EQ(written([](JsonWriter& json) { json.number(100.0); }), "100.0");
  EXPECT_EQ(written([](JsonWriter& json) { json.number(-0.0); }), "-0.0");
  EXPECT_EQ(written([](JsonWriter& json) { json.number(1e300); }), "1e+300");
}

// Whole numbers are written without to_chars' search for the shortest form: the same text
// as that form, around the bound where it becomes an exponent, and for -0.
TEST(JsonWriter, WholeDoublesAsTheShortestForm) {
  const auto shortest = [](double value) {
    char digits[64];
    const auto result = std::to_chars(digits, digits + sizeof digits, value);
    std::string text(digits, result.ptr);
    if (text.find_first_of(".e") == std::string::npos) text += ".0";
    return text;
  };
  for (int i = -3; i <= 200000; ++i) {
    const double value = i;
    ASSERT_EQ(written([&](JsonWriter& json) { json.number(value); }), shortest(value)) << i;
  }
  for (double value : {-0.0, 0.5, 99999.5, 1e5, 4294967296.0, 1e300}) {
    EXPECT_EQ(written([&](JsonWriter& json) { json.number(value); }), shortest(value)) << value;
  }
}

TEST(JsonWriter, NoNumberForNanOrInfinity) {
  const std::string out = written([](JsonWriter& json) {
    json.begin_array().number(std::numeric_limits<double>::quiet_NaN());
    json.number(std::numeric_limits<double>::infinity()).fixed(-HUGE_VAL, 2).end_array();
  });
  EXPECT_EQ(out, "[null,null,null]");
}

TEST(JsonWriter, FixedDecimalsAsPrintf) {
  for (const double d : {0.0, 0.25, 1.0005, 2.675, 1234.5678, 1e-9, 31.4159, 1e20, -3.14159}) {
    for (int decimals : {0, 1, 3, 6}) {
      char expected[64];
      std::snprintf(expected, sizeof expected, "%.*f", decimals, d);
      EXPECT_EQ(written([&](JsonWriter& json) { json.fixed(d, decimals); }), expected)
          << d << " " << decimals;
    }
  }
}

TEST(JsonWriter, Escapes) {
  EXPECT_EQ(json_string(""), R"("")");
  EXPECT_EQ(json_string("\"\\/"), R"("\"\\/")");
  EXPECT_EQ(json_string("\n\r\t\b\f"), R"("\n\r\t\u0008\u000c")");
  EXPECT_EQ(json_string(std::string_view("\0\x1f\x7f", 3)), "\"\\u0000\\u001f\x7f\"");
  EXPECT_EQ(json_string("Müller ♞ 象 \xf0\x9f\x98\x80"), "\"Müller ♞ 象 \xf0\x9f\x98\x80\"");
  // Not UTF-8: a Latin-1 file name, a cut character, an overlong form, a surrogate.
  EXPECT_EQ(json_string("caf\xe9.pgn"), R"("caf\u00e9.pgn")");
  EXPECT_EQ(json_string("\xe2\x82"), R"("\u00e2\u0082")");
  EXPECT_EQ(json_string("\xc0\xaf"), R"("\u00c0\u00af")");
  EXPECT_EQ(json_string("\xed\xa0\x80"), R"("\u00ed\u00a0\u0080")");
  // Member names go through the same escaper.
  EXPECT_EQ(written([](JsonWriter& json) { json.begin_object().key("a\"b").null().end_object(); }),
            R"({"a\"b":null})");
  // append_json_string writes what JsonWriter::string writes.
  std::string out = "x";
  pgn::append_json_string(out, "\x01\xff");
  EXPECT_EQ(out, "x\"\\u0001\\u00ff\"");
}

// The escaper as a byte at a time: what the writer's word-at-a-time scan must agree with.
std::string escaped_a_byte_at_a_time(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = p[i];
    if (c == '"' || c == '\\') {
      out += '\\';
      out += char(c);
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c < 0x20) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else if (c < 0x80) {
      out += char(c);
    } else {
      // A well-formed character is the shortest run of bytes from i that reads back as itself.
      std::size_t n = 0;
      for (std::size_t k = 2; k <= 4 && n == 0 && i + k <= text.size(); ++k)
        if (expected_reading(text.substr(i, k)) == text.substr(i, k)) n = k;
      if (n) {
        out.append(text.substr(i, n));
        i += n;
        continue;
      }
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
    ++i;
  }
  return out + '"';
}

TEST(JsonWriter, EveryByteAtEveryPlace) {
  // Each byte alone, and inside runs of plain text long enough for the word-at-a-time scan,
  // at each offset in a word and on both sides of the short-string limit.
  for (int b = 0; b < 256; ++b) {
    for (std::size_t before : {0u, 1u, 7u, 8u, 15u, 16u, 17u, 40u}) {
      std::string text(before, 'a');
      text += char(b);
      text += "bcdefghij";
      const std::string out = json_string(text);
      EXPECT_EQ(out, escaped_a_byte_at_a_time(text)) << b << " after " << before;
      EXPECT_EQ(read_back_string(out), expected_reading(text)) << b << " after " << before;
    }
  }
}

TEST(JsonWriter, RandomTextReadsBack) {
  std::mt19937 random(29);
  // Bytes drawn mostly from ASCII, with controls, quotes and pieces of UTF-8 sequences.
  const std::string pieces[] = {"a",
                                "Z",
                                " ",
                                "\"",
                                "\\",
                                "\n",
                                "\x01",
                                "\x7f",
                                "é",
                                "♞",
                                "\xf0\x9f\x98\x80",
                                "\xe2\x82",
                                "\xff",
                                "\xc0",
                                "\x80",
                                "[%clk 0:05:00]"};
  for (int n = 0; n < 5000; ++n) {
    std::string text;
    const int count = int(random() % 24);
    for (int k = 0; k < count; ++k) text += pieces[random() % std::size(pieces)];
    const std::string out = json_string(text);
    ASSERT_EQ(out, escaped_a_byte_at_a_time(text));
    ASSERT_EQ(read_back_string(out), expected_reading(text));
  }
}

TEST(JsonWriter, LongDocumentsGoThroughTheBlock) {
  // Far more than one block of the buffer, with strings longer than a block.
  const std::string long_text(10000, 'x');
  const std::string out = written([&](JsonWriter& json) {
    json.begin_array();
    for (int i = 0; i < 3000; ++i)
      json.begin_object().key("i").number(i).key("s").string("é\"").end_object();
    json.string(long_text).end_array();
  });
  simdjson::dom::parser parser;
  simdjson::dom::array values;
  ASSERT_FALSE(parser.parse(out).get(values));
  EXPECT_EQ(values.size(), 3001u);
  EXPECT_EQ(values.at(2999)["i"].get_int64().value(), 2999);
  EXPECT_EQ(std::string_view(values.at(3000).get_string().value()), long_text);
}

// Python's json module, an independent reader: every byte in strings and a range of doubles.
TEST(JsonWriter, PythonReadsWhatIsWritten) {
  if (std::system("python3 -c 'import json' >/dev/null 2>&1") != 0) GTEST_SKIP() << "no python3";
  std::vector<std::string> texts;
  for (int b = 0; b < 256; ++b) texts.push_back(std::string("x") + char(b) + "y");
  texts.push_back("Müller \xe9\xe2\x82\xed\xa0\x80\xf4\x90\x80\x80 ♞\"\\\x1b");
  std::vector<double> doubles(std::begin(kDoubles), std::end(kDoubles));
  const std::string out = written([&](JsonWriter& json) {
    json.begin_object().key("strings").begin_array();
    for (const std::string& text : texts) {
      std::string hex;
      for (unsigned char c : text) {
        char pair[3];
        std::snprintf(pair, sizeof pair, "%02x", c);
        hex += pair;
      }
      json.begin_array().string(hex).string(text).end_array();
    }
    json.end_array().key("doubles").begin_array();
    for (double d : doubles) {
      char repr[40];
      std::snprintf(repr, sizeof repr, "%a", d);
      json.begin_array().string(repr).number(d).end_array();
    }
    json.end_array().end_object().newline();
  });
  const auto dir = std::filesystem::temp_directory_path();
  const auto document = dir / "json_writer_test.json";
  const auto script = dir / "json_writer_test.py";
  std::ofstream(document, std::ios::binary) << out;
  std::ofstream(script) << R"(import codecs, json, math, sys
def latin1(error):
    return chr(error.object[error.start]), error.start + 1
codecs.register_error("latin1", latin1)
doc = json.load(open(sys.argv[1], encoding="utf-8"))
bad = 0
for hex_text, text in doc["strings"]:
    if bytes.fromhex(hex_text).decode("utf-8", "latin1") != text:
        print("string", hex_text, repr(text)); bad += 1
for repr_text, value in doc["doubles"]:
    exact = float.fromhex(repr_text)
    if exact != value or math.copysign(1, exact) != math.copysign(1, value):
        print("double", repr_text, value); bad += 1
sys.exit(1 if bad else 0)
)";
  const std::string command = "python3 " + script.string() + " " + document.string();
  EXPECT_EQ(std::system(command.c_str()), 0) << out;
  std::filesystem::remove(document);
  std::filesystem::remove(script);
}

}  // namespace
