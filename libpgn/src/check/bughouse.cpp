// Replaying a bughouse match: both boards in the order written, each captured piece passed
// to the partner at once, drops checked against what was passed before them, the end of the
// match and the Result tag under both meanings exporters give it.
#include "libpgn/bughouse.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <string>

#include "check/bpgn_text.hpp"
#include "check/diagnostics_builder.hpp"
#include "check/replay.hpp"
#include "core/variant_rules.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"

namespace pgn {
namespace {

using bughouse::RecordText;
using bughouse::TextMove;

constexpr const char* kPieceNames[] = {"", "pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr char kBoardLetter[2] = {'A', 'B'};

std::string board_move_name(const TextMove& m) {
  return std::to_string(m.number) +
         char(m.side == White ? kBoardLetter[m.board] : kBoardLetter[m.board] + 32);
}

std::string count_words(std::size_t n) {
  constexpr const char* kWords[] = {"at once",           "one move later",   "two moves later",
                                    "three moves later", "four moves later", "five moves later"};
  if (n < 6) return kWords[n];
  return std::to_string(n) + " moves later";
}

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = char(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A clock in a comment: whole or decimal seconds `{179}` `{118.979}`, `[%clk 0:02:59.9]`, or
// bughouse.pro's `[ts=185.070]` (elapsed time, not a clock). True when the comment holds
// nothing else.
bool read_clock(std::string_view comment, BughouseMove& move) {
  // Plain decimal numbers of a sane size only: "inf", "nan" or 1e300 is a comment.
  auto number = [](std::string_view s, double& out) {
    const char* end = s.data() + s.size();
    return !s.empty() && std::from_chars(s.data(), end, out, std::chars_format::fixed).ptr == end &&
           out > -1e9 && out < 1e9;
  };
  while (!comment.empty() && comment.front() == ' ') comment.remove_prefix(1);
  while (!comment.empty() && comment.back() == ' ') comment.remove_suffix(1);
  double value = 0;
  if (!move.clock && number(comment, value)) {
    move.clock = value;
    return true;
  }
  const bool only_command = comment.size() > 2 && comment.front() == '[' && comment.back() == ']' &&
                            comment.find(']') == comment.size() - 1;
  if (std::size_t at = comment.find("[%clk "); at != std::string_view::npos && !move.clock) {
    std::string_view rest = comment.substr(at + 6);
    rest = rest.substr(0, rest.find(']'));
    double total = 0;
    while (!rest.empty()) {
      const std::size_t colon = rest.find(':');
      if (!number(rest.substr(0, colon), value)) return false;
      total = total * 60 + value;
      if (colon == std::string_view::npos) break;
      rest.remove_prefix(colon + 1);
    }
    move.clock = total;
    return only_command;
  }
  if (std::size_t at = comment.find("[ts="); at != std::string_view::npos) {
    std::string_view rest = comment.substr(at + 4);
    if (number(rest.substr(0, rest.find(']')), value)) {
      move.elapsed = value;
      return only_command;
    }
  }
  return false;
}

// The holdings of a board as FEN writes them: "[QNnp]".
std::string pocket_text(const Position& pos) {
  std::string out = "[";
  for (Color c : {White, Black})
    for (PieceType t : {Queen, Rook, Bishop, Knight, Pawn})
      out.append(pos.pocket_count(c, t), "PNBRQK"[t - Pawn] + (c == Black ? 32 : 0));
  return out + "]";
}

// A pawn capture written without the file the pawn leaves: the one pawn that can take there.
MoveResolution resolve_file_less_pawn_capture(const Position& pos, const MoveText& text,
                                              const MoveResolution& failed) {
  MoveResolution found = failed;
  int matches = 0;
  for (int file = 0; file < 8; ++file) {
    MoveText with_file = text;
    with_file.from_file = std::int8_t(file);
    const MoveResolution r = resolve_variant_move(pos, with_file);
    if (r.ok() && pos.is_capture(r.move)) {
      found = r;
      ++matches;
    }
  }
  if (matches > 1) return failed;
  return found;
}

// A drop made with a piece its player did not hold: the piece is lent so the replay goes on,
// and the capture that pays it back says where it would have come from.
struct Loan {
  std::size_t move_index;  // of the drop
  std::uint8_t board;
  Color side;
  PieceType type;
  std::size_t paid_by = SIZE_MAX;  // index of the capture that passed the piece later
};

// bughouse.pro's rule options, from its tags (absent: the common rules, which FICS and
// chess.com play).
struct RuleOptions {
  // PawnDropRanks "2-7": the ranks, counted from the dropping side, a pawn may be dropped on.
  int pawn_drop_min = 2, pawn_drop_max = 7;
  std::string_view pawn_drop_ranks;  // the tag as written, "" when absent
  // DropAggression: what a drop may do to the other king.
  enum class DropAggression : std::uint8_t { MateAllowed, NoCheck, NoChessMate, NoBughouseMate };
  DropAggression drop_aggression = DropAggression::MateAllowed;
  std::string_view drop_aggression_name;
  // Promotion "Upgrade" is the common rule; "Discard" and "Steal" take the new piece from
  // elsewhere (the pawn goes to the diagonal opponent, or a piece is taken from the other
  // board), which the replay does not follow.
  std::string_view promotion;
};

class MatchReplay {
 public:
  MatchReplay(const ValidateOptions& options, DiagnosticsBuilder& diagnostics, BughouseMatch& match,
              const RecordText& text, BughouseDetail detail)
      : options_(options), diagnostics_(diagnostics), match_(match), text_(text), detail_(detail) {}

  void run();

 private:
  bool start_positions();
  bool read_rule_options();
  bool drop_breaks_rule_options(const TextMove& m, std::string_view san, const Position& pos,
                                Move move);
  bool play(std::size_t index);
  void pass_capture(std::size_t index, Color capturer, PieceType type);
  void settle_loans();
  void check_numbers(const TextMove& m, const Position& pos);
  void check_result();
  bool read_final_comment(int& board, Color& winner);
  bool check_claimed_mate(int board, Color loser);
  TextPos result_pos() const;

  const ValidateOptions& options_;
  DiagnosticsBuilder& diagnostics_;
  BughouseMatch& match_;
  const RecordText& text_;
  const BughouseDetail detail_;
  std::array<Position, 2> boards_;
  std::vector<Loan> loans_;
  std::array<bool, 2> numbering_reported_{};
  std::size_t ended_at_ = SIZE_MAX;  // index of the move that ended the match
  Color winner_ = White;             // on the deciding board
  std::string san_scratch_;          // a move's SAN where it is not written as SAN
  RuleOptions rules_;
};

bool MatchReplay::start_positions() {
  const std::string variant = lower(match_.tag("Variant"));
  // bughouse.pro's own variations (duck chess, accolade...) change the rules: not replayed.
  std::string rest = variant;
  for (std::string_view word : {"bughouse", "chess960", "960", "fischerandom", " "}) {
    for (std::size_t at; (at = rest.find(word)) != std::string::npos;) rest.erase(at, word.size());
  }
  if (!rest.empty()) {
    diagnostics_.add(Code::UnsupportedVariant, diagnostics_.game().start,
                     "variant \"" + std::string(match_.tag("Variant")) +
                         "\" is bughouse with other rules; its moves are not replayed");
    return false;
  }
  if (!read_rule_options()) return false;
  match_.chess960 = variant.find("960") != std::string::npos;
  std::string_view fen = match_.tag("FEN");
  for (int b = 0; b < 2; ++b) {
    if (fen.empty()) {
      // Read from its FEN once: most records start there.
      static const Position kStart = variant_start_position(Variant::Bughouse);
      boards_[b] = kStart;
      continue;
    }
    const std::size_t bar = fen.find('|');
    std::string_view one = bar == std::string_view::npos ? fen
                           : b == 0                      ? fen.substr(0, bar)
                                                         : fen.substr(bar + 1);
    while (!one.empty() && one.front() == ' ') one.remove_prefix(1);
    while (!one.empty() && one.back() == ' ') one.remove_suffix(1);
    FenResult read = Position::from_fen(one, Variant::Bughouse, match_.chess960);
    if (!read.ok()) {
      TextPos at = diagnostics_.game().start;
      for (const auto& tag : text_.tags)
        if (tag.name == "FEN") at = text_.pos_of(tag.at);
      diagnostics_.add(Code::BadFen, at,
                       std::string("board ") + kBoardLetter[b] + ": " + read.message);
      return false;
    }
    boards_[b] = read.position;
    match_.chess960 = match_.chess960 || boards_[b].is_chess960();
  }
  match_.start = boards_;
  return true;
}

bool MatchReplay::read_rule_options() {
  auto tag_pos = [&](std::string_view name) {
    for (const auto& tag : text_.tags)
      if (tag.name == name) return text_.pos_of(tag.at);
    return diagnostics_.game().start;
  };
  auto not_replayed = [&](std::string_view name, std::string_view value, const std::string& why) {
    diagnostics_.add(Code::UnsupportedVariant, tag_pos(name),
                     "rule option " + std::string(name) + " \"" + std::string(value) + "\" " + why +
                         "; its moves are not replayed");
    return false;
  };
  if (const std::string_view ranks = match_.tag("PawnDropRanks"); !ranks.empty()) {
    const bool form = ranks.size() == 3 && ranks[1] == '-' && ranks[0] >= '1' &&
                      ranks[0] <= ranks[2] && ranks[2] <= '7';
    if (!form) return not_replayed("PawnDropRanks", ranks, "is no range of ranks within 1-7");
    // The legality core keeps pawns off the first rank, as the common rules do.
    if (ranks[0] == '1')
      return not_replayed("PawnDropRanks", ranks, "allows pawn drops on the first rank");
    rules_.pawn_drop_min = ranks[0] - '0';
    rules_.pawn_drop_max = ranks[2] - '0';
    rules_.pawn_drop_ranks = ranks;
  }
  using Aggression = RuleOptions::DropAggression;
  constexpr std::pair<std::string_view, Aggression> kAggressions[] = {
      {"Mate allowed", Aggression::MateAllowed},
      {"No check", Aggression::NoCheck},
      {"No chess mate", Aggression::NoChessMate},
      {"No bughouse mate", Aggression::NoBughouseMate}};
  if (const std::string_view value = match_.tag("DropAggression"); !value.empty()) {
    const auto* found = std::find_if(std::begin(kAggressions), std::end(kAggressions),
                                     [&](const auto& a) { return a.first == value; });
    if (found == std::end(kAggressions))
      return not_replayed("DropAggression", value,
                          "is none of \"Mate allowed\", \"No check\", \"No chess mate\", "
                          "\"No bughouse mate\"");
    rules_.drop_aggression = found->second;
    rules_.drop_aggression_name = value;
  }
  if (const std::string_view value = match_.tag("Promotion"); !value.empty()) {
    if (value != "Upgrade" && value != "Discard" && value != "Steal")
      return not_replayed("Promotion", value, "is none of \"Upgrade\", \"Discard\", \"Steal\"");
    if (value != "Upgrade") rules_.promotion = value;
  }
  return true;
}

// A drop against bughouse.pro's rule options: a pawn outside PawnDropRanks, or a check or
// mate its DropAggression forbids. Reported; true when it is one.
bool MatchReplay::drop_breaks_rule_options(const TextMove& m, std::string_view san,
                                           const Position& pos, Move move) {
  std::string why;
  if (move.drop_piece() == Pawn) {
    const int rank = relative_rank(m.side, rank_of(move.to())) + 1;
    if (rank < rules_.pawn_drop_min || rank > rules_.pawn_drop_max)
      why = "a pawn dropped on rank " + std::to_string(rank) +
            " of its side, outside PawnDropRanks \"" + std::string(rules_.pawn_drop_ranks) + "\"";
  }
  if (why.empty() && rules_.drop_aggression != RuleOptions::DropAggression::MateAllowed) {
    Position after = pos;
    after.play_variant(move);
    using Aggression = RuleOptions::DropAggression;
    if (!after.in_check()) return false;
    // A chess mate: no move on the board answers the check (standard rules ignore pockets).
    if (rules_.drop_aggression == Aggression::NoCheck)
      why = "the drop gives check";
    else if (rules_.drop_aggression == Aggression::NoChessMate && after.is_checkmate())
      why = "the drop mates by the rules of chess (no move on the board answers it)";
    else if (rules_.drop_aggression == Aggression::NoBughouseMate &&
             game_outcome(after).reason == EndReason::Checkmate)
      why = "the drop is a bughouse mate";
    if (!why.empty())
      why += ", which DropAggression \"" + std::string(rules_.drop_aggression_name) + "\" forbids";
  }
  if (why.empty()) return false;
  diagnostics_.add(Code::IllegalMove, text_.pos_of(m.at),
                   "illegal move " + board_move_name(m) + " " + std::string(san) + " on board " +
                       kBoardLetter[m.board] + ": " + why);
  return true;
}

void MatchReplay::check_numbers(const TextMove& m, const Position& pos) {
  const int expected = pos.fullmove_number();
  if (int(m.number) == expected || numbering_reported_[m.board]) return;
  numbering_reported_[m.board] = true;
  diagnostics_.add_warning(Code::Syntax, text_.pos_of(m.at),
                           "move number " + board_move_name(m) +
                               (int(m.number) < expected ? " repeats" : " skips") + ": board " +
                               kBoardLetter[m.board] + " is at move " + std::to_string(expected));
}

void MatchReplay::pass_capture(std::size_t index, Color capturer, PieceType type) {
  const std::uint8_t to_board = text_.moves[index].board ^ 1;
  const Color partner = ~capturer;
  for (Loan& loan : loans_) {
    if (loan.paid_by == SIZE_MAX && loan.board == to_board && loan.side == partner &&
        loan.type == type) {
      loan.paid_by = index;  // the piece was lent already
      return;
    }
  }
  boards_[to_board].add_to_pocket(partner, type, 1);
}

bool MatchReplay::play(std::size_t index) {
  const TextMove& m = text_.moves[index];
  Position& pos = boards_[m.board];
  auto name = [&m] { return board_move_name(m); };  // for messages only
  // Boards written in blocks: the other board's moves may all have come before the mate.
  if (ended_at_ != SIZE_MAX && (!match_.block_written || text_.moves[ended_at_].board == m.board))
      [[unlikely]] {
    const TextMove& end = text_.moves[ended_at_];
    diagnostics_.add(Code::IllegalMove, text_.pos_of(m.at),
                     "move " + name() + " after the end of the match: " + match_.end + " at " +
                         board_move_name(end));
    return false;
  }
  if (m.side != pos.side_to_move()) [[unlikely]] {
    diagnostics_.add(Code::IllegalMove, text_.pos_of(m.at),
                     "move " + name() + ": it is " +
                         (pos.side_to_move() == White ? "White" : "Black") + "'s turn on board " +
                         kBoardLetter[m.board]);
    return false;
  }
  if (int(m.number) != pos.fullmove_number()) [[unlikely]]
    check_numbers(m, pos);
  const std::string_view san = m.san(san_scratch_);
  if (m.form == TextMove::Form::GarbledKnight) [[unlikely]]
    diagnostics_.add_warning(
        Code::Syntax, text_.pos_of(m.at),
        "move " + name() + " written `$146@`: read as the knight drop " + std::string(san));
  MoveText parsed;
  MoveTextError parse_error;
  if (parse_move_text(san, parsed, parse_error) == 0) [[unlikely]] {
    diagnostics_.add(Code::IllegalMove, text_.pos_of(m.at),
                     "move " + name() + " '" + std::string(san) + "' is no move");
    return false;
  }
  bool lent = false;
  if (parsed.kind == MoveText::Drop && parsed.piece != King && parsed.piece != NoPieceType &&
      pos.pocket_count(m.side, parsed.piece) == 0) {
    pos.add_to_pocket(m.side, parsed.piece, 1);
    lent = true;
  }
  MoveResolution r = resolve_variant_move(pos, parsed);
  // bughouse.pro writes a pawn capture without its file ("xe6"): the one pawn that can take.
  if (!r.ok() && parsed.kind == MoveText::Normal && parsed.piece == Pawn && parsed.capture &&
      parsed.from_file < 0)
    r = resolve_file_less_pawn_capture(pos, parsed, r);
  if (!r.ok()) [[unlikely]] {
    if (lent) pos.add_to_pocket(m.side, parsed.piece, -1);
    std::string why = describe_move_error(pos, parsed, r);
    Diagnostic* d =
        diagnostics_.add(r.error == MoveError::Ambiguous ? Code::AmbiguousMove : Code::IllegalMove,
                         text_.pos_of(m.at),
                         "illegal move " + name() + " " + std::string(san) + " on board " +
                             kBoardLetter[m.board] + ": " + why);
    if (d) {
      d->written = san;
      d->fen = pos.fen();
      d->ply = std::uint32_t(index + 1);
    }
    return false;
  }
  const Move move = r.move;
  if (move.is_drop() && (!rules_.pawn_drop_ranks.empty() ||
                         rules_.drop_aggression != RuleOptions::DropAggression::MateAllowed))
      [[unlikely]] {
    if (drop_breaks_rule_options(m, san, pos, move)) {
      if (lent) pos.add_to_pocket(m.side, parsed.piece, -1);
      return false;
    }
  }
  if (move.promotion_piece() != NoPieceType && !rules_.promotion.empty()) [[unlikely]] {
    diagnostics_.add(Code::UnsupportedVariant, text_.pos_of(m.at),
                     "promotion " + name() + " " + std::string(san) + " under Promotion \"" +
                         std::string(rules_.promotion) +
                         "\", which takes the new piece from elsewhere, is not replayed: the "
                         "match is checked up to this move");
    if (lent) pos.add_to_pocket(m.side, parsed.piece, -1);
    return false;
  }
  if (lent) loans_.push_back({index, m.board, m.side, parsed.piece});
  // Validation wants the verdict only: the moves are kept for the writers and the main line.
  BughouseMove* out = nullptr;
  if (detail_ != BughouseDetail::Verdict) {
    out = &match_.moves.emplace_back();
    out->board = m.board;
    out->side = m.side;
    out->number = m.number;
    out->move = move;
    append_variant_san(pos, move, out->san);
    out->uci = to_uci(pos, move);
    for (std::string_view c : text_.comments_of(m))
      if (!read_clock(c, *out)) out->comments.emplace_back(c);
  }
  PieceType passed = NoPieceType;
  if (!move.is_drop() && pos.is_capture(move)) {
    const Square victim = move.kind() == Move::EnPassant ? Square(move.to() ^ 8) : move.to();
    passed = (pos.promoted() & square_bb(victim)) ? Pawn : type_of(pos.piece_on(victim));
  }
  pos.play_variant(move);
  if (passed != NoPieceType) pass_capture(index, m.side, passed);
  // A check a drop could block is no mate in bughouse: only the others need the moves counted.
  if (pos.in_check() && bughouse_check_unblockable(pos)) {
    const Outcome end = game_outcome(pos);
    if (end.reason == EndReason::Checkmate) {
      ended_at_ = index;
      winner_ = m.side;
      match_.deciding_board = m.board;
      match_.end = std::string("checkmate on board ") + kBoardLetter[m.board];
    }
  }
  if (detail_ == BughouseDetail::Positions) {
    for (int b = 0; b < 2; ++b) out->pockets[b] = pocket_text(boards_[b]);
    out->fen = pos.fen();
    match_.boards_after.push_back(boards_);
  }
  return true;
}

void MatchReplay::settle_loans() {
  bool order_noted = false;
  for (const Loan& loan : loans_) {
    const TextMove& drop = text_.moves[loan.move_index];
    std::string message = std::string("no ") + (loan.side == White ? "white " : "black ") +
                          kPieceNames[loan.type] + " in hand on board " +
                          char(kBoardLetter[loan.board] + (loan.side == Black ? 32 : 0)) + " for " +
                          board_move_name(drop) + " " + std::string(drop.san(san_scratch_));
    if (loan.paid_by != SIZE_MAX && match_.block_written) {
      if (order_noted) continue;
      order_noted = true;
      diagnostics_.add_warning(
          Code::IllegalMove, text_.pos_of(drop.at),
          "order not verifiable: the boards' moves are written in blocks, and " + message +
              " unless the partner's capture at " + board_move_name(text_.moves[loan.paid_by]) +
              " came first; every drop is checked against all of the partner's captures");
      continue;
    }
    if (loan.paid_by != SIZE_MAX) {
      const TextMove& capture = text_.moves[loan.paid_by];
      message += ": the first " + std::string(kPieceNames[loan.type]) + " is captured at " +
                 board_move_name(capture) + ", " + count_words(loan.paid_by - loan.move_index);
    } else {
      message += ": none is passed to it before the end";
    }
    if (Diagnostic* d =
            diagnostics_.add(Code::IllegalMove, text_.pos_of(drop.at), std::move(message))) {
      d->written = drop.san(san_scratch_);
      d->ply = std::uint32_t(loan.move_index + 1);
    }
  }
}

TextPos MatchReplay::result_pos() const {
  for (const auto& tag : text_.tags)
    if (tag.name == "Result") return text_.pos_of(tag.at);
  if (text_.result) return text_.pos_of(text_.result_at);
  return text_.moves.empty() ? diagnostics_.game().start : text_.pos_of(text_.moves.back().at);
}

// The end a final comment names: "{WhoAmI resigns}", "{LinusO forfeits on time}",
// "{BlackA checkmated}": the loser's board and the winning colour there.
bool MatchReplay::read_final_comment(int& board, Color& winner) {
  const std::span<const std::string_view> comments =
      text_.moves.empty() ? std::span(text_.comments.data(), text_.opening_comments)
                          : text_.comments_of(text_.moves.back());
  if (comments.empty()) return false;
  const std::string last(comments.back());
  const std::string text = lower(last);
  if (text.find("resign") == std::string::npos && text.find("forfeit") == std::string::npos &&
      text.find("checkmated") == std::string::npos && text.find("mated") == std::string::npos)
    return false;
  constexpr const char* kRoles[4] = {"WhiteA", "BlackA", "WhiteB", "BlackB"};
  constexpr const char* kShort[4] = {"wa", "ba", "wb", "bb"};
  std::string first_word = text.substr(0, text.find(' '));
  for (int i = 0; i < 4; ++i) {
    const std::string player = lower(match_.tag(kRoles[i]));
    if (first_word == kShort[i] || first_word == lower(kRoles[i]) ||
        (!player.empty() && first_word == player)) {
      board = i / 2;
      winner = i % 2 == 0 ? Black : White;
      match_.end = last;
      return true;
    }
  }
  return false;
}

// A final comment that says a player was checkmated where the board shows no bughouse mate:
// most often a check a drop could block, which FICS and chess.com do not count as mate.
bool MatchReplay::check_claimed_mate(int board, Color loser) {
  if (lower(match_.end).find("checkmated") == std::string::npos || !match_.complete) return true;
  const Position& pos = boards_[board];
  if (pos.side_to_move() == loser && game_outcome(pos).reason == EndReason::Checkmate) return true;
  std::string why = "it is not mate";
  if (pos.side_to_move() == loser && pos.in_check())
    why =
        "the check can be blocked by a drop, which is no mate in bughouse even with an empty "
        "pocket";
  diagnostics_.add(Code::WrongResult, result_pos(),
                   "the record ends with \"" + match_.end + "\", but on board " +
                       kBoardLetter[board] + " (" + pos.fen() + ") " + why);
  return false;
}

void MatchReplay::check_result() {
  // The Result tag is read as the validator reads a game's: the standard markers and the
  // result forms of the notation tables.
  const std::string_view tag_text = match_.tag("Result");
  std::optional<GameResult> tag;
  if (GameResult read; ResultForms::builtin().read(tag_text, read, nullptr))
    tag = read;
  else if (!tag_text.empty())
    diagnostics_.add(Code::BadTag, result_pos(),
                     "Result \"" + std::string(tag_text) + "\" is no result");
  const std::optional<GameResult> token = text_.result;
  // Engine exports end every movetext with `*` whatever the tag: a missing marker, not a
  // contradiction.
  if (tag && token && *token != GameResult::Unknown && *tag != *token)
    diagnostics_.add(Code::ResultMismatch, text_.pos_of(text_.result_at),
                     "the Result tag says " + std::string(result_text(*tag)) +
                         ", the movetext ends with " + std::string(result_text(*token)));
  match_.result = tag && *tag != GameResult::Unknown ? tag : token;
  GameReport& report = diagnostics_.report();
  report.result = match_.result;
  int board = match_.deciding_board;
  Color winner = winner_;
  if (board < 0) {
    if (!read_final_comment(board, winner)) return;
    if (!check_claimed_mate(board, ~winner)) return;
  }
  match_.deciding_board = board;
  // Team 1 is WhiteA and BlackB.
  const bool team1_won = (board == 0) == (winner == White);
  const GameResult team = team1_won ? GameResult::WhiteWins : GameResult::BlackWins;
  const GameResult colour = winner == White ? GameResult::WhiteWins : GameResult::BlackWins;
  report.outcome.reason = ended_at_ != SIZE_MAX ? EndReason::Checkmate : EndReason::Unknown;
  if (!match_.result || *match_.result == GameResult::Unknown) return;
  const GameResult result = *match_.result;
  // Where the two meanings agree (a match decided on board A) the team's is named.
  if (result == team) {
    match_.reading = MatchResultReading::Team;
    report.variant += " (result: team)";
  } else if (result == colour) {
    match_.reading = MatchResultReading::BoardColour;
    report.variant += std::string(" (result: colour on board ") + kBoardLetter[board] + ")";
  } else {
    diagnostics_.add(Code::WrongResult, result_pos(),
                     "result " + std::string(result_text(result)) +
                         " contradicts the end of the match (" + match_.end +
                         "): " + (team1_won ? "WhiteA and BlackB" : "BlackA and WhiteB") +
                         " won, " + std::string(result_text(team)) + " as the team's result or " +
                         std::string(result_text(colour)) + " as the colour that won on board " +
                         kBoardLetter[board]);
    return;
  }
  report.outcome.result = result;
}

void MatchReplay::run() {
  for (const auto& tag : text_.tags) match_.tags.emplace_back(tag.name, tag.value);
  for (const auto& problem : text_.problems) {
    if (problem.error)
      diagnostics_.add(Code::Syntax, text_.pos_of(problem.at), problem.message);
    else
      diagnostics_.add_warning(Code::Syntax, text_.pos_of(problem.at), problem.message);
  }
  GameReport& report = diagnostics_.report();
  report.variant = "Bughouse";
  if (!start_positions()) {
    report.replayed = false;
    match_.final = match_.start;
    return;
  }
  if (match_.chess960) report.variant = "Bughouse Chess960";
  // Boards written one after the other ("1A.. 30A. 1a..."): where the two boards' moves
  // change places at most once, the order across boards is not known.
  std::size_t switches = 0;
  std::array<std::size_t, 2> per_board{};
  for (std::size_t i = 0; i < text_.moves.size(); ++i) {
    ++per_board[text_.moves[i].board];
    if (i && text_.moves[i].board != text_.moves[i - 1].board) ++switches;
  }
  match_.block_written = switches <= 1 && per_board[0] > 2 && per_board[1] > 2;
  match_.complete = true;
  for (std::size_t i = 0; i < text_.moves.size(); ++i) {
    if (report.plies >= options_.max_plies) {
      diagnostics_.add(Code::LimitExceeded, text_.pos_of(text_.moves[i].at),
                       "more than " + std::to_string(options_.max_plies) + " moves");
      match_.complete = false;
      break;
    }
    if (!play(i)) {
      match_.complete = false;
      break;
    }
    ++report.plies;
  }
  report.moves_replayed = report.plies;
  match_.final = boards_;
  settle_loans();
  check_result();
}

}  // namespace

std::string_view BughouseMatch::tag(std::string_view name) const {
  for (const auto& [n, v] : tags)
    if (n == name) return v;
  return {};
}

std::string BughouseMatch::fen() const {
  return final[0].fen() + " | " + final[1].fen();
}

void read_bughouse_match(const RawGame& game, const ValidateOptions& options, GameReport& report,
                         BughouseMatch& match, BughouseDetail detail) {
  match = BughouseMatch{};
  DiagnosticsBuilder diagnostics{SeverityRules(options)};
  diagnostics.begin(game, report);
  if (game.code_page) diagnostics.add(Code::Encoding, game.start, encoding_message(game));
  // Kept from record to record of a thread: its vectors are allocated once.
  thread_local bughouse::RecordText text;
  bughouse::read_record_text(game, text);
  MatchReplay(options, diagnostics, match, text, detail).run();
  diagnostics.finish();
  if (report.problems.size() > 1) DiagnosticsBuilder::sort_by_position(report);
}

}  // namespace pgn
