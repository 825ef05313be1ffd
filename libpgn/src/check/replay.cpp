// The out-of-line members of GameReplay (check/replay.hpp): starting a game, unreadable and
// cut moves, check signs, variations, the result and the rules of the final position, and
// spoken moves.
//
// Why one file of 860 lines: every function here works on GameReplay's private state (the
// stack of lines, the record, the report), and they are the cold paths kept out of the header,
// whose per-move path the parser inlines. The spoken-notation part at the end is the one that
// could move to a file of its own.
#include "check/replay.hpp"

#include <array>
#include <bit>

#include "core/variant_rules.hpp"
#include "libpgn/encoding.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/spoken.hpp"
#include "tags/tag_scan.hpp"

namespace pgn {
namespace {

// What a move text says, in English SAN letters, for moves that resolve to no legal move
// (a Russian "Ф:c5" is shown as "Qxc5"). Legal moves get canonical SAN from append_san.
std::string written_as_san(const MoveText& t) {
  static constexpr char kLetters[] = " PNBRQK";
  std::string s;
  switch (t.kind) {
    case MoveText::CastleShort:
      return "O-O";
    case MoveText::CastleLong:
      return "O-O-O";
    case MoveText::Null:
      return "--";
    case MoveText::Drop:
      s += kLetters[t.piece];
      s += '@';
      s += char('a' + file_of(t.to));
      s += char('1' + rank_of(t.to));
      return s;
    case MoveText::Normal:
      break;
  }
  if (t.piece > Pawn) s += kLetters[t.piece];
  if (t.from_file >= 0) s += char('a' + t.from_file);
  if (t.from_rank >= 0) s += char('1' + t.from_rank);
  if (t.capture) s += 'x';
  if (t.to != NoSquare) {
    s += char('a' + file_of(t.to));
    s += char('1' + rank_of(t.to));
  }
  if (t.promotion != NoPieceType) {
    s += '=';
    s += kLetters[t.promotion];
  }
  if (t.check_mark == 1) s += '+';
  if (t.check_mark >= 2) s += '#';
  return s;
}

// The start position of each variant, read from its FEN once rather than for every game.
const Position& start_of(Variant v) {
  static const std::array<Position, kVariantCount> starts = [] {
    std::array<Position, kVariantCount> positions;
    for (int i = 0; i < kVariantCount; ++i) positions[i] = variant_start_position(Variant(i));
    return positions;
  }();
  return starts[int(v)];
}

// "23." for White, "23..." for Black: the move number as written before a move.
std::string move_prefix(const Position& pos) {
  std::string s = std::to_string(pos.fullmove_number());
  s += pos.side_to_move() == White ? "." : "...";
  return s;
}

}  // namespace

void GameReplay::begin_reading(const Notation* notation, GameRecord* record) {
  notation_ = notation;
  spoken_ = notation != nullptr && notation->spoken;
  record_ = record;
  recording_ = record != nullptr;
  record_open_ = 0;
  paused_at_depth_ = 0;
  if (record) {
    record->clear();
    record->notation = notation ? notation->code : "en";
  }
}

void GameReplay::begin_game() {
  if (lines_.empty()) {
    lines_.resize(4);
    variant_lines_.resize(4);
  }
  variant_lines_[0].by_replay = false;
  depth_ = 0;
  line_ = &lines_[0];
  lines_[0] = LineState{};
  history_.clear();
  replay_ = true;
  set_standard_path(true);
  rules_ = &rules_for(Variant::Standard);
  chess960_ = false;
  saw_result_ = false;
  result_marker_.clear();
  automatic_draw_ply_ = 0;
  automatic_draw_ = EndReason::Unknown;
  // A Letters reading keeps its first token: the main line's first move is then asked of
  // line_may_go_on, which takes it (no test per move).
  lines_[0].ply_limit = trace_.mode == ReadingTrace::Mode::Letters ? 0 : options_.max_plies;
  reported_play_after_draw_ = false;
  unwinnability_applies_ = false;
  analysed_men_ = -1;
  watching_piece_moves_ = false;
  trace_.text_failed = false;
  trace_.first_failed_token.clear();
  trace_.line_hash = 0;
  trace_.illegal_count = 0;
  trace_.read_tokens.clear();
  trace_.read_bytes = {};
  trace_.plain_letters = 0;
  words_.clear();
  word_pos_.clear();
  word_nags_.clear();
}

void GameReplay::start(const GameTags& tags, const VariantName& variant) {
  if (!variant.known) {
    replay_ = false;
    set_standard_path(false);
    return;
  }
  chess960_ = variant.chess960;
  const bool standard = variant.variant == Variant::Standard;
  // FIDE 5.2.2 and 6.9 are decided for standard chess and Chess960 only.
  unwinnability_applies_ = standard;
  rules_ = &rules_for(variant.variant);
  set_standard_path(standard);
  if (!standard || chess960_)  // the report starts empty: standard games write nothing
    diagnostics_.report().variant = standard ? "Chess960" : variant_name(variant.variant);
  Position start_position = standard ? Position() : start_of(variant.variant);
  if (tags.has_fen) {
    // Chess960 start positions are often given without a Variant tag saying so (or with a
    // tag naming only the variant: atomic960): from_fen reads them as Chess960.
    FenResult fen = Position::from_fen(tags.fen, variant.variant, chess960_);
    chess960_ = chess960_ || (fen.ok() && fen.position.is_chess960());
    if (!fen.ok()) {
      Diagnostic* d = diagnostics_.add(Code::BadFen, tags.fen_pos,
                                       std::string("FEN is not a legal position (") +
                                           fen_error_code(fen.error) + "): " + fen.message);
      if (d) d->fen = tags.fen;
      replay_ = false;
      set_standard_path(false);
      return;
    }
    if (fen.fields_defaulted)
      diagnostics_.add(Code::BadTag, tags.fen_pos,
                       "FEN \"" + tags.fen + "\" leaves out fields: read as " + fen.position.fen());
    start_position = fen.position;
  }
  lines_[0].pos = start_position;
  history_.push_back(start_position.key());
  // A set-up position may be dead already: the game ended before its first move.
  if (tags.has_fen && standard) reached_dead_position();
  if (record_) {
    record_->start = start_position;
    record_->from_fen = tags.has_fen;
    record_->chess960 = chess960_;
  }
}

Position GameReplay::position_before_last(std::size_t depth) const {
  const LineState& l = lines_[depth];
  if (const VariantLine& moves = variant_lines_[depth]; moves.by_replay) {
    Position p = l.before_last;
    for (std::size_t i = 0; i + 1 < moves.moves.size(); ++i) p.play_variant(moves.moves[i]);
    return p;
  }
  if (!l.last_undoable) return l.before_last;
  Position p = l.pos;
  p.undo_move(l.last_move, l.last_undo);
  return p;
}

void GameReplay::unreadable_move(std::string_view token, TextPos pos, MoveTextError error) {
  LineState& l = line();
  if (!trace_.text_failed) {
    trace_.text_failed = true;
    trace_.first_failed_token.assign(token);
  }
  const char* why = "not a move";
  switch (error) {
    case MoveTextError::UnknownPiece:
      why = "unknown piece letter";
      break;
    case MoveTextError::BadSquare:
      why = "no valid destination square";
      break;
    case MoveTextError::BadPromotion:
      why = "bad promotion piece";
      break;
    case MoveTextError::TrailingGarbage:
      why = "unexpected characters after the move";
      break;
    default:
      break;
  }
  Diagnostic* d =
      diagnostics_.add(Code::IllegalMove, pos,
                       "cannot read move " + move_prefix(l.pos) + std::string(token) + ": " + why);
  if (d) {
    d->written.assign(token);
    d->ply = l.ply + 1;
    d->variation = variation_path();
    if (options_.include_fen) d->fen = l.pos.fen();
  }
  kill_line();
}

void GameReplay::stop_recording(const std::string& problem) {
  main_line_recording_ = false;
  if (!recording_) return;
  recording_ = false;
  record_->complete = false;
  record_->problem = problem;
  for (; record_open_ > 0; --record_open_) record_->add(GameEvent::VariationEnd);
}

void GameReplay::kill_line() {
  LineState& l = line();
  ++trace_.illegal_count;
  if (recording_ && depth_ > 0) {
    // Only this variation is cut: it ends before the bad move (or is left out when nothing of
    // it was recorded), and recording resumes after it.
    recording_ = false;
    paused_at_depth_ = depth_;
    // Looked for here rather than noted per move: this is the rare path.
    l.record_has_move = false;
    for (std::size_t i = l.record_begin + 1; i < record_->events.size() && !l.record_has_move; ++i)
      l.record_has_move = record_->events[i].kind == GameEvent::MoveEvent;
    if (!l.record_has_move) {
      record_->events.resize(l.record_begin);
      --record_open_;
    }
  } else if (main_line_ && main_line_recording_ && depth_ > 0 && paused_at_depth_ == 0) {
    // The main line's SAN pauses where a whole record would (which a null move tells).
    paused_at_depth_ = depth_;
  } else if (recording_) {
    const GameReport& report = diagnostics_.report();
    stop_recording(report.problems.empty() ? std::string("unreadable move")
                                           : report.problems.back().message);
  }
  l.before_last = l.pos;
  variant_lines_[depth_].by_replay = false;
  l.last_undoable = false;
  l.has_last = true;
  l.dead = true;
  l.ply_limit = 0;  // its moves go to line_may_go_on, which skips them
  l.dead_just_now = true;
  l.variations_here = 0;
}

// The rare conditions, kept out of the per-move path: a dead line's moves are skipped; play
// after an automatic draw is reported once; past the ply budget the line stops. False: do
// not play the move.
[[gnu::cold, gnu::noinline]] bool GameReplay::line_may_go_on(std::string_view token, TextPos pos) {
  LineState& l = line();
  if (l.dead) {
    l.dead_just_now = false;
    return false;
  }
  if (drawn_by_rule() && !reported_play_after_draw_) {
    reported_play_after_draw_ = true;
    if (dead_position_ended_game()) {
      Diagnostic* d = diagnostics_.add(
          Code::DeadPosition, pos,
          "play went on after the game ended in a dead position " + dead_position_at() +
              " (FIDE Laws 5.2.2): neither side can mate by any sequence of legal moves (" +
              dead_proofs_ + ")");
      if (d) {
        d->ply = automatic_draw_ply_;
        if (options_.include_fen) d->fen = dead_fen_;
      }
    } else {
      diagnostics_.add(Code::AutomaticDraw, pos,
                       std::string("play went on after the game was drawn by ") +
                           automatic_draw_rule() + " at ply " +
                           std::to_string(automatic_draw_ply_) + " (FIDE Laws 9.6)");
    }
  }
  if (l.ply + 1 > options_.max_plies) {
    diagnostics_.add(
        Code::LimitExceeded, pos,
        "more than " + std::to_string(options_.max_plies) + " plies; the rest is not replayed");
    kill_line();
    return false;
  }
  // A Letters reading's first move (before it nothing can be drawn).
  if (l.ply == 0 && trace_.mode == ReadingTrace::Mode::Letters) {
    trace_.read_tokens.push_back(token);
    l.ply_limit = options_.max_plies;
  }
  return true;
}

// "--" or "Z0": an error in the main line or in check, a warning in a variation.
[[gnu::cold, gnu::noinline]] void GameReplay::play_null(const MoveText& text,
                                                        std::string_view written, TextPos pos) {
  LineState& l = line();
  const bool main_line = depth_ == 0;
  if (l.pos.in_check()) {
    bad_move(text, written, pos, MoveResolution{Move(), MoveError::NullMoveInCheck});
    return;
  }
  Diagnostic* d = diagnostics_.add(
      main_line ? Code::IllegalMove : Code::NullMove, pos,
      "null move " + move_prefix(l.pos) + std::string(written) +
          (main_line ? " in the main line: a game cannot pass a turn" : " in a variation"));
  if (d) {
    d->written.assign(written);
    d->ply = l.ply + 1;
    d->variation = variation_path();  // empty on the main line
  }
  // A whole record stops at a null move, in a variation too: so does the main line's SAN.
  if (recording_ || (main_line_ && main_line_recording_ && paused_at_depth_ == 0))
    stop_recording("null move " + std::string(written));
  l.before_last = l.pos;
  variant_lines_[depth_].by_replay = false;
  l.last_undoable = false;
  l.has_last = true;
  l.dead_just_now = false;
  l.variations_here = 0;
  l.pos.play_null();
  ++l.ply;
}

[[gnu::noinline]] void GameReplay::trace_all(std::string_view written, Move m) {
  trace_.line_hash = (trace_.line_hash ^ m.raw()) * 0x100000001B3ull + depth_;
  if (notation_ != nullptr && notation_->spoken) return;  // spoken phrases are not token views
  trace_.read_tokens.push_back(written);
  if (written.size() >= 2 && !is_file_byte(written[0])) {
    trace_.read_bytes.add(static_cast<unsigned char>(written[0]));
    trace_.read_bytes.add(static_cast<unsigned char>(written[1]));
  }
}

void GameReplay::check_suffix(std::uint8_t check_mark, std::string_view written, TextPos pos,
                              Move m) {
  const LineState& l = line();
  const bool check = l.pos.in_check();
  if (!check && check_mark == 0) return;
  const bool mate = check && l.pos.is_checkmate();
  const char* problem = nullptr;
  switch (check_mark) {
    case 0:
      // FIDE notation lets check signs out; only English SAN (the PGN standard) needs them.
      if (notation_ == nullptr || notation_ == &english_notation())
        problem = mate ? "the move mates but has no '#'" : "the move gives check but has no '+'";
      break;
    case 1:
      if (!check)
        problem = "'+' on a move that gives no check";
      else if (mate)
        problem = "'+' on a move that mates ('#' expected)";
      break;
    case 2:
      if (!check)
        problem = "'#' on a move that gives no check";
      else if (!mate)
        problem = "'#' on a move that gives check but does not mate";
      break;
    default:  // "++": mate in FIDE usage, double check in Russian usage.
      if (!check) problem = "'++' on a move that gives no check";
      break;
  }
  if (!problem) return;
  const Position before = position_before_last(depth_);
  Diagnostic* d = diagnostics_.add(Code::CheckSuffix, pos,
                                   move_prefix(before) + std::string(written) + ": " + problem);
  if (d) {
    d->written.assign(written);
    d->san = to_san(before, m);
    d->ply = l.ply;
    d->variation = variation_path();
  }
}

void GameReplay::check_variant_suffix(std::uint8_t check_mark, std::string_view written,
                                      TextPos pos, Move m) {
  const LineState& l = line();
  const bool check = l.pos.in_check();
  // Only a move that checks, carries a sign or ends the game by the variant's own rule can
  // win; antichess also wins by leaving the other side no move, which only a sign asks about.
  if (!check && check_mark == 0 && !variant_over(l.pos)) return;
  const bool wins = variant_game_won(l.pos);
  const char* problem = nullptr;
  switch (check_mark) {
    case 0:
      if (notation_ == nullptr || notation_ == &english_notation())
        problem = wins ? "the move wins the game but has no '#'"
                       : (check ? "the move gives check but has no '+'" : nullptr);
      break;
    case 1:
      if (wins)
        problem = "'+' on a move that wins the game ('#' expected)";
      else if (!check)
        problem = "'+' on a move that gives no check";
      break;
    case 2:
      if (!wins)
        problem = check ? "'#' on a move that gives check but does not win the game"
                        : "'#' on a move that neither gives check nor wins the game";
      break;
    default:
      if (!check && !wins) problem = "'++' on a move that gives no check";
      break;
  }
  if (!problem) return;
  const Position before = position_before_last(depth_);
  std::string san;
  append_variant_san(before, m, san);
  Diagnostic* d = diagnostics_.add(Code::CheckSuffix, pos,
                                   move_prefix(before) + std::string(written) + ": " + problem);
  if (d) {
    d->written.assign(written);
    d->san = std::move(san);
    d->ply = l.ply;
    d->variation = variation_path();
  }
}

void GameReplay::bad_move(const MoveText& text, std::string_view written, TextPos pos,
                          const MoveResolution& resolution) {
  LineState& l = line();
  const bool main_line = depth_ == 0;
  // A move after the game ended on the board is a wrong result, not a bad move.
  Outcome end;
  if (!standard_path_) {
    end = game_outcome(l.pos);
  } else {
    MoveList legal;
    generate_legal(l.pos, legal);
    if (legal.size == 0)
      end.reason = l.pos.in_check() ? EndReason::Checkmate : EndReason::Stalemate;
  }
  if (end.over()) {
    // A variant's own end is named with its rule: "the end of the game (Atomic: a king
    // exploded)".
    std::string state = game_end_description(end.reason);
    if (!standard_path_ && end.reason != EndReason::Checkmate && end.reason != EndReason::Stalemate)
      state =
          "the end of the game (" + std::string(variant_name(l.pos.variant())) + ": " + state + ")";
    Diagnostic* d = diagnostics_.add(
        main_line ? Code::WrongResult : Code::IllegalMove, pos,
        "move " + move_prefix(l.pos) + std::string(written) + " played after " + state);
    if (d) {
      d->written.assign(written);
      d->ply = l.ply + 1;
      d->variation = variation_path();
      if (options_.include_fen) d->fen = l.pos.fen();
    }
    kill_line();
    return;
  }
  const bool ambiguous = resolution.error == MoveError::Ambiguous;
  std::string message = ambiguous ? "ambiguous move " : "illegal move ";
  message += move_prefix(l.pos);
  message.append(written);
  message += ": ";
  message += describe_move_error(l.pos, text, resolution);
  Diagnostic* d = diagnostics_.add(ambiguous ? Code::AmbiguousMove : Code::IllegalMove, pos,
                                   std::move(message));
  if (d) {
    d->written.assign(written);
    d->san = written_as_san(text);
    d->ply = l.ply + 1;
    d->variation = variation_path();
    if (options_.include_fen) d->fen = l.pos.fen();
  }
  kill_line();
}

std::string GameReplay::variation_path() const {
  return pgn::variation_path(depth_, [this](std::size_t level) { return lines_[level].step; });
}

Control GameReplay::begin_variation(TextPos pos) {
  if (!replay_) return Control::SkipVariation;
  flush_words();
  if (lines_.size() <= depth_ + 1) {
    lines_.resize(2 * (depth_ + 1));
    variant_lines_.resize(2 * (depth_ + 1));
    line_ = &lines_[depth_];
  }
  LineState& parent = line();
  if (!parent.has_last) {
    diagnostics_.add(Code::Syntax, pos, "variation before any move it could replace");
    return Control::SkipVariation;
  }
  if (parent.dead && !parent.dead_just_now) return Control::SkipVariation;
  ++depth_;
  LineState& child = *(line_ = &lines_[depth_]);
  child.pos = position_before_last(depth_ - 1);
  variant_lines_[depth_].by_replay = false;
  child.has_last = false;
  child.last_undoable = false;
  child.dead = false;
  child.dead_just_now = false;
  child.ply = parent.ply - 1;
  child.ply_limit = UINT32_MAX;
  child.variations_here = 0;
  ++parent.variations_here;
  child.step = {parent.ply, parent.variations_here};
  if (recording_) {
    child.record_begin = record_->events.size();
    record_->add(GameEvent::VariationBegin);
    ++record_open_;
  }
  return Control::Continue;
}

void GameReplay::end_variation() {
  if (!replay_) return;
  flush_words();
  if (depth_ > 0) {
    if (paused_at_depth_ == depth_) {
      paused_at_depth_ = 0;
      recording_ = record_ != nullptr;
      if (!lines_[depth_].record_has_move) {
        line_ = &lines_[--depth_];
        return;  // the variation was left out whole
      }
    }
    line_ = &lines_[--depth_];
    if (recording_ && record_open_ > 0) {
      record_->add(GameEvent::VariationEnd);
      --record_open_;
    }
  }
}

void GameReplay::result(std::string_view marker, TextPos pos) {
  flush_words();
  saw_result_ = true;
  result_marker_.assign(marker);
  result_pos_ = pos;
}

// Nothing after the tags but blanks (comments count as movetext); the tags read as the parser
// reads them.
bool GameReplay::game_has_no_movetext() const {
  const std::string_view text = diagnostics_.game().text;
  const char* end = text.data() + text.size();
  return pgn::tags::skip_tag_section(text.data(), end) == end;
}

void GameReplay::finish(const GameTags& tags) {
  flush_words();
  const RawGame& game = diagnostics_.game();
  TextPos end_pos = saw_result_ ? result_pos_ : game.start;
  GameResult read;
  std::optional<GameResult> tag, marker;
  if (tags.has_result && results_.read(tags.result, read, notation_)) tag = read;
  if (saw_result_ && results_.read(result_marker_, read, notation_)) marker = read;
  if (saw_result_ && !marker)
    diagnostics_.add(Code::Syntax, result_pos_,
                     "unknown termination marker \"" + result_marker_ + "\"");
  if (tag && marker && *tag != *marker) {
    diagnostics_.add(Code::ResultMismatch, result_pos_,
                     std::string("termination marker ") + std::string(result_text(*marker)) +
                         " differs from the Result tag " + std::string(result_text(*tag)));
  } else if (tags.has_result && !saw_result_ && game_has_no_movetext()) {
    // A game of tags only (a list of pairings, a header kept for later): read, as other
    // readers do, with a warning.
    if (options_.check_tags)
      diagnostics_.add(Code::MissingTag, game.start,
                       "a game of tags only: no movetext and no termination marker");
  } else if (tags.has_result && !saw_result_) {
    diagnostics_.add(
        Code::ResultMismatch, game.start,
        "the movetext has no termination marker (the Result tag says " + tags.result + ")");
  }
  // No Result tag beside a termination marker is a missing tag, which the roster check
  // reports (missing-tag); the marker gives the result.
  const std::optional<GameResult> result = marker ? marker : tag;
  const std::string_view text = result ? result_text(*result) : std::string_view();
  GameReport& report = diagnostics_.report();
  report.result = result;
  report.outcome = {result.value_or(GameResult::Unknown), EndReason::Unknown};
  if (record_) {
    record_->result = result;
    for (; record_open_ > 0; --record_open_) record_->add(GameEvent::VariationEnd);
  }
  const bool decisive = report.outcome.decisive();
  if (replay_ && !lines_[0].dead && !standard_path_)
    check_variant_final_position(result, end_pos);
  else if (replay_ && !lines_[0].dead)
    check_final_position(result, end_pos, tags);
  else if (replay_ && drawn_by_rule() && decisive)
    report_decisive_after_draw(end_pos, text);
}

// A decisive result after the game was drawn by rule: a dead position decides the result
// (an error), an automatic draw is a warning unless play after it was reported already.
void GameReplay::report_decisive_after_draw(TextPos pos, std::string_view scored) {
  if (dead_position_ended_game()) {
    Diagnostic* d = diagnostics_.add(
        Code::WrongResult, pos,
        "the game ended in a dead position " + dead_position_at() +
            " (FIDE Laws 5.2.2: neither side can mate by any sequence of legal moves; " +
            dead_proofs_ + "), so it is drawn, not " + std::string(scored));
    if (d) {
      d->ply = automatic_draw_ply_;
      if (options_.include_fen) d->fen = dead_fen_;
    }
  } else if (!reported_play_after_draw_) {
    diagnostics_.add(Code::AutomaticDraw, pos,
                     std::string("the game was drawn by ") + automatic_draw_rule() + " at ply " +
                         std::to_string(automatic_draw_ply_) + " (FIDE Laws 9.6) but is scored " +
                         std::string(scored));
  }
}

WinnabilityAnalyzer& GameReplay::analyzer() {
  if (!analyzer_) analyzer_ = std::make_unique<WinnabilityAnalyzer>();
  return *analyzer_;
}

const char* GameReplay::automatic_draw_rule() const {
  return automatic_draw_ == EndReason::SeventyFiveMoveRule ? "the 75-move rule"
                                                           : "fivefold repetition";
}

// Why the game ended, as far as the final position (and a loss on time) tells, and whether
// that contradicts the result.
void GameReplay::check_final_position(std::optional<GameResult> result, TextPos pos,
                                      const GameTags& tags) {
  const Position& p = lines_[0].pos;
  Outcome& outcome = diagnostics_.report().outcome;
  const bool decisive = outcome.decisive();
  auto wrong = [&](std::string message) {
    Diagnostic* d = diagnostics_.add(Code::WrongResult, pos, std::move(message));
    if (d) {
      d->ply = lines_[0].ply;
      if (options_.include_fen) d->fen = p.fen();
    }
  };
  // Stops at the first legal move it finds: most games end with many.
  const bool can_move = p.has_legal_move();
  const bool dead = can_move && p.is_insufficient_material();
  // The final position of a decisive game gets the walk the per-move check leaves out (and
  // a game without moves from a set-up position, its only check).
  if (decisive && can_move && !dead && !drawn_by_rule() &&
      proved_dead(p, dead_proofs_, kScreenNodes)) {
    outcome.reason = EndReason::InsufficientMaterial;
    wrong(
        "the final position is dead (FIDE Laws 5.2.2: neither side can mate by any sequence "
        "of legal moves; " +
        dead_proofs_ + "), so the game is drawn, not " + std::string(result_text(*result)));
    return;
  }
  bool on_time = false;
  if (decisive && !tags.termination.empty()) {
    std::string lower;
    for (char c : tags.termination) lower += (c >= 'A' && c <= 'Z') ? char(c - 'A' + 'a') : c;
    on_time = lower.find("time") != std::string::npos;
  }
  if (!can_move)
    outcome.reason = p.in_check() ? EndReason::Checkmate : EndReason::Stalemate;
  else if (dead)
    outcome.reason = EndReason::InsufficientMaterial;
  else if (drawn_by_rule())
    outcome.reason = automatic_draw_;
  else if (on_time)
    outcome.reason = EndReason::Time;

  if (!result) return;
  const std::string scored(result_text(*result));
  if (!can_move && p.in_check()) {
    const GameResult right =
        p.side_to_move() == White ? GameResult::BlackWins : GameResult::WhiteWins;
    if (*result != right && *result != GameResult::Unknown)
      wrong(std::string(p.side_to_move() == White ? "white" : "black") +
            " is checkmated, so the result is " + std::string(result_text(right)) + ", not " +
            scored);
    return;
  }
  if (!can_move) {
    if (decisive)
      wrong(std::string(p.side_to_move() == White ? "white" : "black") +
            " is stalemated, so the game is drawn, not " + scored);
    return;
  }
  if (decisive && dead) {
    wrong(std::string("neither side has material to mate, so the game is drawn, not ") + scored);
    return;
  }
  if (drawn_by_rule() && decisive) {
    report_decisive_after_draw(pos, scored);
    return;
  }
  // FIDE 6.9: a flag fell, but the winner could not have mated by any sequence of legal
  // moves. Decided only where the filter lets a proof be possible (few real positions).
  if (on_time && unwinnability_applies_ && could_be_unwinnable(p, outcome.winner())) {
    const Color winner = outcome.winner();
    const WinnabilityResult r = analyzer().decide(p, winner);
    if (r.verdict == Winnability::Unwinnable)
      wrong("the game is drawn by FIDE Laws 6.9, not " + scored + ": " +
            (winner == White ? "black" : "white") + " lost on time, but " +
            (winner == White ? "white" : "black") +
            " cannot mate by any sequence of legal moves (" + unwinnable_proof_code(r.proof) + ")");
  }
}

// The end of a variant game: its own rules say whether and how it is over (an explosion,
// the hill, the third check, antichess's last piece...), and the result must agree.
void GameReplay::check_variant_final_position(std::optional<GameResult> result, TextPos pos) {
  const Position& p = lines_[0].pos;
  Outcome& outcome = diagnostics_.report().outcome;
  const Outcome end = game_outcome(p);
  const bool dead = !end.over() && is_variant_insufficient_material(p);
  if (end.over())
    outcome.reason = end.reason;
  else if (dead)
    outcome.reason = EndReason::InsufficientMaterial;
  if (!result || *result == GameResult::Unknown) return;
  const std::string scored(result_text(*result));
  auto wrong = [&](std::string message) {
    Diagnostic* d = diagnostics_.add(Code::WrongResult, pos, std::move(message));
    if (d) {
      d->ply = lines_[0].ply;
      if (options_.include_fen) d->fen = p.fen();
    }
  };
  const std::string rules = variant_name(p.variant());
  if (end.over() && *result != end.result) {
    wrong(rules + ": " + game_end_description(end.reason) + ", so the result is " +
          std::string(result_text(end.result)) + ", not " + scored);
    return;
  }
  if (dead && outcome.decisive())
    wrong(rules + ": neither side can win with the material left, so the game is drawn, not " +
          scored);
}

std::string encoding_message(const RawGame& g) {
  if (g.encoding_forced) return "the game was read as " + g.code_page->name + " (--encoding)";
  return "the game is not valid UTF-8; it was read as " + g.code_page->name +
         ", detected from its content";
}

// Says exactly what of a game over --max-game-bytes was not read.
std::string cut_game_message(const RawGame& g) {
  const std::uint64_t kept = g.text.size();
  std::string message = "the game is " + std::to_string(g.original_size) +
                        " bytes, more than the limit of " + std::to_string(kept) +
                        " (--max-game-bytes): only its first " + std::to_string(kept) +
                        " bytes were read";
  if (g.dropped_from.line != 0) {
    message += "; the rest, " + std::to_string(g.original_size - kept) + " bytes from line " +
               std::to_string(g.dropped_from.line) + " column " +
               std::to_string(g.dropped_from.column);
    if (g.end_line != 0) message += " to line " + std::to_string(g.end_line);
    message += " (input bytes " + std::to_string(g.dropped_from.offset) + " to " +
               std::to_string(g.start.offset + g.original_size) + "), was not";
  }
  return message;
}

// ---- spoken notations ---------------------------------------------------------------

namespace {
// A suffix annotation at the end of a spoken word ("vier!", "Rochade?!"): its NAG (1-6), and
// `word` without it; 0 when there is none.
std::uint8_t take_suffix(std::string_view& word) {
  std::size_t n = 0;
  while (n < 2 && n < word.size() &&
         (word[word.size() - 1 - n] == '!' || word[word.size() - 1 - n] == '?'))
    ++n;
  if (n == 0 || n == word.size()) return 0;
  const std::string_view suffix = word.substr(word.size() - n);
  word.remove_suffix(n);
  if (suffix == "!") return 1;
  if (suffix == "?") return 2;
  if (suffix == "!!") return 3;
  if (suffix == "??") return 4;
  return suffix == "!?" ? 5 : 6;
}
}  // namespace

Control GameReplay::spoken_word(std::string_view word, TextPos pos) {
  LineState& l = line();
  if (l.dead) return Control::Continue;
  // A check or mate word belongs to the move before it.
  const std::uint8_t suffix = take_suffix(word);
  words_.push_back(word);
  word_pos_.push_back(pos);
  word_nags_.push_back(suffix);
  // A suffix ends its phrase.
  try_spoken(suffix != 0);
  return Control::Continue;
}

// Reads as many complete moves from the buffered words as possible. With `final`, words
// left over that form no move are an error.
void GameReplay::try_spoken(bool final) {
  while (!words_.empty()) {
    if (line().dead) {
      words_.clear();
      word_pos_.clear();
      word_nags_.clear();
      return;
    }
    MoveText text;
    MoveTextError error = MoveTextError::None;
    std::size_t used = parse_spoken_move(words_, text, error, *notation_);
    // A phrase may go on (a capture, a promotion, a check word); wait for more words
    // unless the next word already starts another phrase.
    // The words after the move may begin a phrase that belongs to it ("en" of "en passant").
    const bool may_continue =
        !final && used > 0 &&
        spoken_phrase_may_continue(std::span(words_).subspan(used), *notation_);
    if (used == 0 || (used == words_.size() && !final) || may_continue) {
      if (used == 0 && (final || words_.size() >= 8)) {
        std::string phrase;
        for (auto w : words_) {
          if (!phrase.empty()) phrase += ' ';
          phrase.append(w);
        }
        unreadable_move(phrase, word_pos_.front(), error);
        words_.clear();
        word_pos_.clear();
        word_nags_.clear();
      }
      return;
    }
    if (word_nags_[used - 1] != 0) text.nag = word_nags_[used - 1];
    std::string phrase;
    for (std::size_t i = 0; i < used; ++i) {
      if (i) phrase += ' ';
      phrase.append(words_[i]);
    }
    TextPos at = word_pos_.front();
    words_.erase(words_.begin(), words_.begin() + std::ptrdiff_t(used));
    word_pos_.erase(word_pos_.begin(), word_pos_.begin() + std::ptrdiff_t(used));
    word_nags_.erase(word_nags_.begin(), word_nags_.begin() + std::ptrdiff_t(used));
    if (main_line_)
      play_phrase_keeping_main_line(text, phrase, at);
    else if (standard_path_)
      play_text<false>(text, phrase, at);
    else
      play_text<true>(text, phrase, at);
  }
}

}  // namespace pgn
