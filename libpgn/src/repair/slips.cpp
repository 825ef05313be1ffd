#include "repair/slips.hpp"

#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"

namespace pgn::repair {
namespace {

bool is_piece_letter(char c) {
  return c == 'K' || c == 'Q' || c == 'R' || c == 'B' || c == 'N';
}
bool is_file(char c) {
  return c >= 'a' && c <= 'h';
}
bool is_rank(char c) {
  return c >= '1' && c <= '8';
}

std::string_view bare(std::string_view t) {
  while (t.size() > 1 && (t.back() == '!' || t.back() == '?' || t.back() == '+' || t.back() == '#'))
    t.remove_suffix(1);
  return t;
}

std::string without_capture(std::string_view t) {
  std::string out;
  for (char c : t)
    if (c != 'x' && c != ':') out += c;
  return out;
}

// Which slip turns `meant` (SAN without sign) into `written`; nullptr when none does.
const char* slip_between(std::string_view written, std::string_view meant) {
  if (written.size() == meant.size()) {
    std::size_t first = written.size(), count = 0;
    for (std::size_t i = 0; i < written.size(); ++i)
      if (written[i] != meant[i]) {
        if (count++ == 0) first = i;
      }
    if (count == 1) {
      const char w = written[first], m = meant[first];
      if (is_piece_letter(w) && is_piece_letter(m)) return "a wrong piece letter";
      if (is_file(w) && is_file(m)) return "a wrong file";
      if (is_rank(w) && is_rank(m)) return "a wrong rank";
      return nullptr;
    }
    if (count == 2 && first + 1 < written.size() && written[first] == meant[first + 1] &&
        written[first + 1] == meant[first])
      return "two characters swapped";
    return nullptr;
  }
  // A piece letter too many or missing: "Be4" for the pawn move e4, "e4" for Be4.
  if (written.size() + 1 == meant.size() && is_piece_letter(meant[0]) && meant.substr(1) == written)
    return "a missing piece letter";
  if (meant.size() + 1 == written.size() && is_piece_letter(written[0]) &&
      written.substr(1) == meant)
    return "a piece letter on a pawn move";
  if (without_capture(written) == without_capture(meant)) return "a wrong capture sign";
  return nullptr;
}

}  // namespace

bool find_slip(const Position& pos, std::string_view written, std::string& san, std::string& slip) {
  const std::string_view w = bare(written);
  MoveList legal;
  rules_for(pos.variant()).generate_legal(pos, legal);
  int found = 0;
  for (int i = 0; i < legal.size; ++i) {
    const std::string candidate = to_san(pos, legal.moves[i]);
    const char* s = slip_between(w, bare(candidate));
    if (!s) continue;
    if (++found > 1) return false;
    san = candidate;
    slip = s;
  }
  return found == 1;
}

}  // namespace pgn::repair
