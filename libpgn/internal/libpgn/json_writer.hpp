// The one JSON writer: the reports (`validate --format json, jsonl, sarif`), the converted
// games (`convert --to json, jsonl`), `fix --report` and `winnable --format jsonl` write their
// JSON with it. It streams: each call appends its token to a string (through an AppendBuffer,
// so that a record's many small pieces cost little), the commas between values are put where
// they belong, and every string, member names included, goes through the one escaper.
//
//   std::string out;
//   JsonWriter json(out);
//   json.begin_object().key("game").number(3).key("moves").begin_array();
//   json.string("e4").string("e5").end_array().end_object();
//   json.flush();  // out == {"game":3,"moves":["e4","e5"]}
//
// Part of the ground floor of text that every stage may use (libpgn/src/text/).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>

#include "libpgn/append_buffer.hpp"
#include "libpgn/load_bytes.hpp"

namespace pgn {

// Appends `text` as a JSON string literal (quoted, escaped) to `out`. Control characters
// are escaped (\n, \u001b); a byte that is not part of well-formed UTF-8 (a file name in
// Latin-1) is written as the character of the same number, \u0080 to \u00ff, so that the
// document stays valid JSON (docs/diagnostics.md). JsonWriter::string writes the same.
void append_json_string(std::string& out, std::string_view text);

class JsonWriter {
 public:
  // Compact: no blank between tokens. Spaced: ", " between values and ": " after a name.
  enum class Spacing : std::uint8_t { Compact, Spaced };

  explicit JsonWriter(std::string& out, Spacing spacing = Spacing::Compact)
      : out_(out), spaced_(spacing == Spacing::Spaced) {}
  ~JsonWriter() { flush(); }
  JsonWriter(const JsonWriter&) = delete;
  JsonWriter& operator=(const JsonWriter&) = delete;

  JsonWriter& begin_object() { return open('{'); }
  JsonWriter& end_object() { return close('}'); }
  JsonWriter& begin_array() { return open('['); }
  JsonWriter& end_array() { return close(']'); }

  // The name of an object's member; its value is written next.
  JsonWriter& key(std::string_view name) {
    separate();
    put_string(name);
    out_ += spaced_ ? std::string_view(": ") : std::string_view(":");
    first_ = true;
    return *this;
  }
  // A name written in the code ("san"): inlined, so that the compiler sees it needs no escape
  // and writes it with its separators in one go (a call and a look at each byte per member
  // cost more than the rest of a move's JSON). A char array that holds a shorter string is
  // read up to its NUL, as the std::string_view overload reads it.
  template <std::size_t N>
  [[gnu::always_inline]] JsonWriter& key(const char (&name)[N]) {
    const std::string_view text(name);
    if (text.size() > kShortString || !is_plain(text)) return key(text);
    char* p = put_plain(text);
    *p++ = ':';
    if (spaced_) *p++ = ' ';
    out_.set_cursor(p);
    first_ = true;
    return *this;
  }
  JsonWriter& string(std::string_view text) {
    if (text.size() <= kShortString && is_plain(text)) [[likely]] {
      out_.set_cursor(put_plain(text));
    } else {
      separate();
      put_escaped(text);
    }
    first_ = false;
    return *this;
  }
  template <std::integral Number>
  requires(!std::same_as<Number, bool>) JsonWriter& number(Number value) {
    separate();
    char digits[24];
    char* const end = digits + sizeof digits;
    char* p = end;
    using Unsigned = std::make_unsigned_t<Number>;
    // The magnitude of the most negative number does not fit its own type: negated unsigned.
    Unsigned magnitude = value < 0 ? Unsigned(0) - Unsigned(value) : Unsigned(value);
    do {
      *--p = char('0' + magnitude % 10);
      magnitude /= 10;
    } while (magnitude);
    if (value < 0) *--p = '-';
    out_ += std::string_view(p, std::size_t(end - p));
    first_ = false;
    return *this;
  }
  // The shortest form that reads back as the same double, with a point or an exponent so
  // that it is read as one (1.0, 0.1, -0.0, 1e+300); NaN and the infinities, which JSON has no
  // form for, as null.
  JsonWriter& number(double value);
  // `value` with `decimals` digits after the point, as printf's "%.*f" (0.250); NaN and the
  // infinities as null.
  JsonWriter& fixed(double value, int decimals);
  JsonWriter& boolean(bool value) {
    separate();
    out_ += value ? std::string_view("true") : std::string_view("false");
    first_ = false;
    return *this;
  }
  JsonWriter& null() {
    separate();
    out_ += std::string_view("null");
    first_ = false;
    return *this;
  }
  // A value already written as JSON (by another JsonWriter), copied as it is.
  JsonWriter& raw(std::string_view json) {
    separate();
    out_ += json;
    first_ = false;
    return *this;
  }

  // Line breaks, for documents read by people as well as programs (the blank between two
  // tokens is free in JSON): newline() writes one where it is called; break_line() writes the
  // comma the next value needs, if any, then the line break, so that each value of an array
  // starts a line. After a value at the top level (not inside an array or object) no comma is
  // written: JSON Lines is values one after another, each followed by newline().
  JsonWriter& newline() {
    out_ += '\n';
    return *this;
  }
  JsonWriter& break_line() {
    separate();
    out_ += '\n';
    first_ = true;
    return *this;
  }

  // Hands what was written to the string: before the string is read, and by the destructor.
  void flush() { out_.flush(); }

 private:
  static constexpr std::size_t kBlockSize = 4096;
  // Strings up to this length are looked at inline; longer ones, and those that need an
  // escape, by put_escaped.
  static constexpr std::size_t kShortString = 16;

  JsonWriter& open(char bracket) {
    separate();
    out_ += bracket;
    ++depth_;
    first_ = true;
    return *this;
  }
  JsonWriter& close(char bracket) {
    out_ += bracket;
    --depth_;
    first_ = depth_ == 0;
    return *this;
  }
  [[gnu::always_inline]] void separate() {
    if (first_) return;
    out_.make_room(2);
    out_.put(',');
    if (spaced_) out_.put(' ');
  }
  // A short string that needs no escape, quoted, after its separator: written through a
  // pointer (see AppendBuffer::cursor) with room for two bytes more, whose end it returns.
  [[gnu::always_inline]] char* put_plain(std::string_view text) {
    const bool first = first_, spaced = spaced_;
    out_.make_room(text.size() + 6);
    char* p = out_.cursor();
    if (!first) {
      *p++ = ',';
      if (spaced) *p++ = ' ';
    }
    *p++ = '"';
    p = AppendBuffer<kBlockSize>::put_at(p, text);
    *p++ = '"';
    return p;
  }
  // Most strings (a move, a name, a clock comment) are short, plain ASCII: copied at once.
  [[gnu::always_inline]] void put_string(std::string_view text) {
    if (text.size() <= kShortString && is_plain(text)) {
      out_.make_room(text.size() + 2);
      out_.put('"');
      out_.put(text);
      out_.put('"');
      return;
    }
    put_escaped(text);
  }
  // Whether a string of at most kShortString bytes is printable ASCII without '"' and '\\':
  // a few words tested at once (the bytes of a short string are read in overlapping words,
  // a string under four bytes padded with spaces).
  [[gnu::always_inline]] static bool is_plain(std::string_view text) {
    const char* const p = text.data();
    const std::size_t n = text.size();
    std::uint64_t word;
    if (n > 8) {
      return !needs_escape(detail::load_bytes<std::uint64_t>(p)) &&
             !needs_escape(detail::load_bytes<std::uint64_t>(p + n - 8));
    }
    if (n >= 4) {  // most strings (a move, a short name): one word
      word = detail::load_bytes<std::uint32_t>(p) |
             std::uint64_t(detail::load_bytes<std::uint32_t>(p + n - 4)) << 32;
    } else if (n > 0) {
      const auto byte = [](char c) { return std::uint64_t(static_cast<unsigned char>(c)); };
      word = byte(p[0]) | byte(p[n / 2]) << 8 | byte(p[n - 1]) << 16 | kSpaces << 24;
    } else {
      return true;
    }
    return !needs_escape(word);
  }
  static constexpr std::uint64_t kOnes = 0x0101010101010101ull;
  static constexpr std::uint64_t kSpaces = 0x20 * kOnes;
  // Whether one of the eight bytes of `word` needs more than a copy in a JSON string: a
  // control byte (below 0x20), '"', '\\', or a byte of a multibyte character (from 0x80),
  // which is copied only once it is known to be well-formed UTF-8. Exact for "any byte": the
  // borrows that make these tests inexact for single bytes only reach bytes above one that
  // matched.
  [[gnu::always_inline]] static constexpr bool needs_escape(std::uint64_t word) {
    constexpr std::uint64_t kHigh = 0x8080808080808080ull;
    const auto zero_byte = [](std::uint64_t x) { return (x - kOnes) & ~x & kHigh; };
    return ((word - kSpaces) | word | zero_byte(word ^ ('"' * kOnes)) |
            zero_byte(word ^ ('\\' * kOnes))) &
           kHigh;
  }
  void put_escaped(std::string_view text);

  AppendBuffer<kBlockSize> out_;
  int depth_ = 0;      // arrays and objects open
  bool first_ = true;  // the next value needs no comma before it
  bool spaced_;
};

}  // namespace pgn
