// Comparing spoken words the way parse_spoken_move does: ignoring ASCII case and treating
// ä/ae, ö/oe, ü/ue, ß/ss alike. Shared by notation.cpp (table validation) and spoken.cpp;
// kept inline so that validating tables does not pull in the move code.
#pragma once

#include <cstddef>
#include <string_view>
#include <utility>

namespace pgn::detail {

// The ASCII spelling of the letter encoded as UTF-8 bytes C3 `second`, when it is an umlaut
// or ß; nullptr otherwise.
inline const char* umlaut_spelling(unsigned char second) {
  if (second == 0xA4 || second == 0x84) return "ae";  // ä Ä
  if (second == 0xB6 || second == 0x96) return "oe";  // ö Ö
  if (second == 0xBC || second == 0x9C) return "ue";  // ü Ü
  if (second == 0x9F) return "ss";                    // ß
  return nullptr;
}

// Walks a UTF-8 word yielding its folded form one byte at a time, so comparisons need no
// allocation: ASCII letters lower-cased, ä ö ü (and capitals) as ae oe ue, ß and ẞ as ss.
class FoldedChars {
 public:
  explicit FoldedChars(std::string_view text) : text_(text) {}

  // Next folded byte, or '\0' at the end.
  char next() {
    if (pending_ != '\0') return std::exchange(pending_, '\0');
    if (at_ >= text_.size()) return '\0';
    const auto byte = static_cast<unsigned char>(text_[at_]);
    if (byte == 0xC3 && at_ + 1 < text_.size()) {
      const char* pair = umlaut_spelling(static_cast<unsigned char>(text_[at_ + 1]));
      if (pair) {
        at_ += 2;
        pending_ = pair[1];
        return pair[0];
      }
    }
    if (text_.substr(at_, 3) == "\xE1\xBA\x9E") {  // ẞ, the capital sharp s
      at_ += 3;
      pending_ = 's';
      return 's';
    }
    ++at_;
    return byte >= 'A' && byte <= 'Z' ? char(byte - 'A' + 'a') : char(byte);
  }

 private:
  std::string_view text_;
  std::size_t at_ = 0;
  char pending_ = '\0';
};

inline bool folded_equal(std::string_view a, std::string_view b) {
  FoldedChars x(a), y(b);
  for (;;) {
    const char cx = x.next(), cy = y.next();
    if (cx != cy) return false;
    if (cx == '\0') return true;
  }
}

}  // namespace pgn::detail
