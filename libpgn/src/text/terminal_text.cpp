#include "libpgn/terminal_text.hpp"

#include "text/text_scan.hpp"

namespace pgn {
namespace {

// Calls `plain(p, n)` for each well-formed UTF-8 character of `text` and `stray(byte)` for
// each byte that is not part of one.
template <class Plain, class Stray>
void for_each_character(std::string_view text, Plain plain, Stray stray) {
  const auto* p = reinterpret_cast<const unsigned char*>(text.data());
  const auto* const end = p + text.size();
  while (p < end) {
    const std::size_t n = detail::utf8_sequence_length(p, std::size_t(end - p));
    if (n == 0) {
      stray(*p++);
    } else {
      plain(p, n);
      p += n;
    }
  }
}

// Whether the character at p (n bytes) is one a terminal acts on: C0 but tab, DEL, C1.
bool is_terminal_control(const unsigned char* p, std::size_t n) {
  if (n == 1) return (p[0] < 0x20 && p[0] != '\t') || p[0] == 0x7F;
  return n == 2 && p[0] == 0xC2 && p[1] < 0xA0;
}

}  // namespace

void append_terminal_text(std::string& out, std::string_view text) {
  // Nearly all text is printable ASCII: that leading run is appended at once, and characters
  // are looked at one by one only from the first byte that may need an escape.
  std::size_t plain = 0;
  while (plain < text.size()) {
    const unsigned char c = static_cast<unsigned char>(text[plain]);
    if ((c < 0x20 && c != '\t') || c >= 0x7F) break;
    ++plain;
  }
  out.append(text.data(), plain);
  text.remove_prefix(plain);
  for_each_character(
      text,
      [&](const unsigned char* p, std::size_t n) {
        if (!is_terminal_control(p, n))
          out.append(reinterpret_cast<const char*>(p), n);
        else if (n == 1)
          detail::append_hex_escape(out, "\\x", p[0]);
        else
          detail::append_hex_escape(out, "\\u00", p[1]);
      },
      [&](unsigned char c) { detail::append_hex_escape(out, "\\x", c); });
}

std::string terminal_text(std::string_view text) {
  std::string out;
  append_terminal_text(out, text);
  return out;
}

std::size_t terminal_columns(std::string_view text) {
  std::size_t columns = 0;
  for_each_character(
      text,
      [&](const unsigned char* p, std::size_t n) {
        columns += !is_terminal_control(p, n) ? 1 : n == 1 ? 4 : 6;
      },
      [&](unsigned char) { columns += 4; });
  return columns;
}

}  // namespace pgn
