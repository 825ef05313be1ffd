#include "libpgn/json_writer.hpp"

#include <charconv>
#include <cmath>

#include "text/text_scan.hpp"

namespace pgn {
namespace {

bool is_plain_ascii(unsigned char c) {
  return c >= 0x20 && c < 0x80 && c != '"' && c != '\\';
}

}  // namespace

void append_json_string(std::string& out, std::string_view text) {
  JsonWriter(out).string(text);
}

// One pass: runs of bytes that need no escape (ASCII a word at a time, well-formed UTF-8 a
// character at a time) are copied whole; what is left is escaped a byte at a time.
void JsonWriter::put_escaped(std::string_view text) {
  const auto* const p = reinterpret_cast<const unsigned char*>(text.data());
  const std::size_t size = text.size();
  out_ += '"';
  std::size_t run = 0;  // start of the bytes copied as they are
  for (std::size_t i = 0;;) {
    while (i + 8 <= size && !needs_escape(detail::load_bytes<std::uint64_t>(text.data() + i)))
      i += 8;
    while (i < size && is_plain_ascii(p[i])) ++i;
    if (i == size) break;
    const unsigned char c = p[i];
    if (c >= 0x80) {
      if (const std::size_t n = detail::utf8_sequence_length(p + i, size - i); n != 0) {
        i += n;
        continue;
      }
    }
    out_ += text.substr(run, i - run);
    switch (c) {
      case '"':
        out_ += std::string_view("\\\"");
        break;
      case '\\':
        out_ += std::string_view("\\\\");
        break;
      case '\n':
        out_ += std::string_view("\\n");
        break;
      case '\r':
        out_ += std::string_view("\\r");
        break;
      case '\t':
        out_ += std::string_view("\\t");
        break;
      default:  // another control character, or a byte that is not UTF-8: the Latin-1 character
        detail::append_hex_escape(out_, "\\u00", c);
    }
    run = ++i;
  }
  out_ += text.substr(run);
  out_ += '"';
}

JsonWriter& JsonWriter::number(double value) {
  // Most doubles written are whole and small (a clock in seconds): their shortest form is
  // their digits (below 10^5; 100000 is "1e+05"), written without to_chars' search.
  if (value >= 0 && value < 1e5 && !std::signbit(value) && value == double(std::uint32_t(value))) {
    number(std::uint32_t(value));
    out_ += std::string_view(".0");
    return *this;
  }
  if (!std::isfinite(value)) return null();
  separate();
  char digits[64];  // the shortest form of a double takes at most 24
  const auto result = std::to_chars(digits, digits + sizeof digits, value);
  std::string_view text(digits, std::size_t(result.ptr - digits));
  out_ += text;
  // Read as a double, not an integer, by every reader: -0 keeps its sign, and 1e20 written as
  // digits alone does not overflow a reader's 64-bit integers.
  if (text.find_first_of(".e") == std::string_view::npos) out_ += std::string_view(".0");
  first_ = false;
  return *this;
}

JsonWriter& JsonWriter::fixed(double value, int decimals) {
  if (!std::isfinite(value)) return null();
  separate();
  // Digits before the point (up to 309) and after it.
  char digits[320 + 32];
  const auto result = std::to_chars(digits, digits + sizeof digits, value, std::chars_format::fixed,
                                    decimals < 0 ? 0 : decimals);
  if (result.ec == std::errc()) {
    out_ += std::string_view(digits, std::size_t(result.ptr - digits));
  } else {  // more decimals than the buffer holds: the shortest form says the same number
    const auto shortest = std::to_chars(digits, digits + sizeof digits, value);
    out_ += std::string_view(digits, std::size_t(shortest.ptr - digits));
  }
  first_ = false;
  return *this;
}

}  // namespace pgn
