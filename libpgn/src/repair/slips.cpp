#include "repair/slips.hpp"

#include <vector>

#include "libpgn/move_text.hpp"
#include "libpgn/san.hpp"
#include "libpgn/spoken.hpp"
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
constexpr char kPieceLetters[] = " PNBRQK";  // indexed by PieceType

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

// A move token of `table` in SAN's letters, sign by sign, so that a slip is the same slip in
// every notation: the table's piece letters become K Q R B N, its capture, promotion, check
// and mate signs x = + #, its look-alike file letters a..h; anything else stays as written.
std::string in_san_letters(std::string_view token, const Notation& table) {
  for (const auto& form : table.castle_short)
    if (bare(token) == form) return "O-O";
  for (const auto& form : table.castle_long)
    if (bare(token) == form) return "O-O-O";
  struct Sign {
    const std::vector<std::string>* forms;
    char letter;
  };
  std::vector<Sign> signs;
  for (int p = Knight; p <= King; ++p) signs.push_back({&table.pieces[p], kPieceLetters[p]});
  for (int f = 0; f < 8; ++f) signs.push_back({&table.file_aliases[f], char('a' + f)});
  signs.push_back({&table.capture, 'x'});
  signs.push_back({&table.promotion, '='});
  signs.push_back({&table.double_check, '+'});
  signs.push_back({&table.check, '+'});
  signs.push_back({&table.mate, '#'});
  std::string out;
  for (std::size_t at = 0; at < token.size();) {
    std::size_t longest = 0;
    char letter = 0;
    for (const Sign& sign : signs)
      for (const std::string& form : *sign.forms)
        if (form.size() > longest && token.substr(at, form.size()) == form) {
          longest = form.size();
          letter = sign.letter;
        }
    if (longest == 0) {
      out += token[at++];
      continue;
    }
    out += letter;
    at += longest;
  }
  return out;
}

// A spoken phrase ("Dame schlägt Felix sechs") as SAN would write what it says ("Qxf6"); empty
// when the words are no move of the table.
std::string spoken_in_san_letters(std::string_view phrase, const Notation& table) {
  std::vector<std::string_view> words;
  for (std::size_t at = 0; at < phrase.size();) {
    std::size_t end = phrase.find(' ', at);
    if (end == std::string_view::npos) end = phrase.size();
    if (end > at) words.push_back(phrase.substr(at, end - at));
    at = end + 1;
  }
  MoveText text;
  MoveTextError error = MoveTextError::None;
  if (words.empty() || parse_spoken_move(words, text, error, table) != words.size()) return {};
  if (text.kind == MoveText::CastleShort) return "O-O";
  if (text.kind == MoveText::CastleLong) return "O-O-O";
  if (text.kind != MoveText::Normal || text.to == NoSquare) return {};
  std::string out;
  if (text.piece != Pawn && text.piece != NoPieceType) out += kPieceLetters[text.piece];
  if (text.from_file >= 0) out += char('a' + text.from_file);
  if (text.from_rank >= 0) out += char('1' + text.from_rank);
  if (text.capture) out += 'x';
  out += char('a' + file_of(text.to));
  out += char('1' + rank_of(text.to));
  if (text.promotion != NoPieceType) out += std::string("=") + kPieceLetters[text.promotion];
  return out;
}

}  // namespace

bool find_slip(const Position& pos, std::string_view written, const Notation* table, Slip& slip) {
  if (table == &english_notation()) table = nullptr;
  const bool spoken = table && table->spoken;
  const std::string in_letters = !table   ? std::string(bare(written))
                                 : spoken ? spoken_in_san_letters(written, *table)
                                          : in_san_letters(written, *table);
  if (in_letters.empty()) return false;
  const std::string_view w = bare(in_letters);
  MoveList legal;
  rules_for(pos.variant()).generate_legal(pos, legal);
  int found = 0;
  std::string spelled;
  for (int i = 0; i < legal.size; ++i) {
    const std::string candidate = to_san(pos, legal.moves[i]);
    // A candidate compared in the table's own spelling (its promotion without '=', say).
    if (table && !spoken) {
      spelled.clear();
      append_san(pos, legal.moves[i], spelled, table);
    }
    const std::string in_table = table && !spoken ? in_san_letters(spelled, *table) : candidate;
    const char* kind = slip_between(w, bare(in_table));
    if (!kind) continue;
    if (++found > 1) return false;
    slip.move = legal.moves[i];
    slip.san = candidate;
    slip.kind = kind;
  }
  if (found != 1) return false;
  slip.spelled.clear();
  append_san(pos, slip.move, slip.spelled, table);
  return true;
}

}  // namespace pgn::repair
