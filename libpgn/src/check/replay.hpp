// The replay of one game's lines of play on the legality core, and the rules of the final
// position: the result against the board (checkmate, stalemate, no mating material, a loss on
// time to a side that cannot mate), the draws FIDE makes automatic (fivefold repetition, the
// 75-move rule) and the dead position that ends a game (FIDE 5.2.2).
//
// Each line of play (the main line and every variation) has a LineState on a stack; a
// variation replaces the last move of the line it is in, so it starts from that line's
// position before its last move. The per-move path (move, play_text) is defined here so
// that the parser, a template over its visitor, inlines it.
//
// A variant game (antichess, atomic, crazyhouse...) takes the same path instantiated for
// variants (play_text<true>), chosen once per game in start(): the standard path keeps its
// one test per move (was the game replayed at all) and gains none.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "analysis/blocked.hpp"
#include "check/diagnostics_builder.hpp"
#include "check/tag_checks.hpp"
#include "check/variation_path.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/position.hpp"
#include "libpgn/result_forms.hpp"
#include "libpgn/san.hpp"
#include "libpgn/validator.hpp"
#include "libpgn/variant.hpp"
#include "libpgn/winnable.hpp"
#include "notation/move_text.hpp"
#include "notation/san.hpp"

namespace pgn {

// A move's position, as the parser gives it: made (TextPos) or to be made when a report asks
// (a callable returning one), so that the usual move, which reports nothing, makes none.
inline TextPos text_pos(TextPos pos) {
  return pos;
}
template <class F>
requires std::is_invocable_r_v<TextPos, const F&> TextPos text_pos(const F& pos) {
  return pos();
}

// A file letter starts a plain pawn move, the one kind of token all notations write alike.
inline bool is_file_byte(char c) {
  return c >= 'a' && c <= 'h';
}

// What one reading of a game left behind, for notation detection to compare readings.
struct ReadingTrace {
  bool text_failed = false;  // some move token could not be read as a move
  std::string first_failed_token;
  std::uint64_t line_hash = 0;  // hash of every replayed move, to compare readings
  std::uint32_t illegal_count = 0;
  // The move tokens as read (views into the game's text).
  std::vector<std::string_view> read_tokens;
  // The first two bytes of the read tokens that are not plain pawn moves (the piece letters,
  // where notations differ): a table lacking one of them cannot read the game.
  detail::ByteSet read_bytes;
  // The first bytes of the tokens English's quick reading resolved (resolve_plain_san), one bit
  // each: a file, a piece letter or castling's O, all within bytes 64..127, so that bit
  // `byte & 63` names the byte. Set on every such move without a test (the mode is not
  // asked); folded into read_bytes after a Letters reading (fold_plain_letters).
  std::uint64_t plain_letters = 0;
  void fold_plain_letters() {
    // File letters are plain pawn moves, in every notation alike: never recorded.
    constexpr std::uint64_t kFiles = std::uint64_t{0xFF} << ('a' & 63);
    read_bytes.words[1] |= plain_letters & ~kFiles;
  }
  // Set by the detector: give up on a reading at its first unreadable token (it cannot win).
  bool abort_on_unreadable = false;
  // What a reading records of each replayed move, set by the detector for each reading:
  //   Off      nothing (a reading in a chosen notation, which no other reading is compared
  //            with),
  //   Letters  English's quick reading: the first token and the first bytes of the others,
  //            enough to rule the other tables out (the first token is taken where the main
  //            line's ply limit is checked, see GameReplay::begin_game),
  //   Full     every token, both bytes and line_hash.
  enum class Mode : std::uint8_t { Off, Letters, Full };
  Mode mode = Mode::Off;
};

struct LineState {
  Position pos;
  // The position before the last move of this line, where a variation starts. For a played
  // move it is recovered with undo_move (copying a position per move costs more than the
  // move itself); after a null or bad move it is kept as a copy.
  Move last_move;
  UndoInfo last_undo{};
  bool last_undoable = false;
  Position before_last;
  bool has_last = false;
  bool dead = false;           // an unreplayable move was found; the rest is not replayed
  bool dead_just_now = false;  // the last move token was the bad one (a variation may follow)
  std::uint32_t ply = 0;       // plies played in this line, counted from the game start
  // Past this many plies line_may_go_on decides whether the line takes another move: the main
  // line's --max-plies, 0 once drawn by rule or until an English reading's first token is
  // traced; no limit for a variation; 0 for a dead line. One comparison per move for all.
  std::uint32_t ply_limit = UINT32_MAX;
  std::uint32_t variations_here = 0;  // variations started after the current last move
  VariationStep step;                 // where this variation branches off its parent
  std::size_t record_begin = 0;       // a variation: the index of its VariationBegin event
  bool record_has_move = false;       // a variation cut short: a move of it was recorded
};

// What a reading keeps of the game: a whole GameRecord (or nothing), or the main line's SAN in a
// MainLineRecord. Each is its own instantiation of the per-move path, so that the validator's
// and the writers' path is compiled as if the other did not exist.
enum class Recording : std::uint8_t { Events, MainLine };

// A variant line's moves cannot be undone, and copying the position before each one cost a
// tenth of a variant ply: while `by_replay`, the line's before_last holds where `moves` started,
// and the position before the last move is replayed when asked (variation starts, reports).
// Kept beside LineState, whose size the standard path's indexing depends on.
struct VariantLine {
  bool by_replay = false;
  std::vector<Move> moves;
};

// The limit-exceeded message of a game cut at --max-game-bytes: what was read, what was not.
std::string cut_game_message(const RawGame& g);
// The encoding warning of a game decoded from a code page: which one, and who chose it.
std::string encoding_message(const RawGame& g);

class GameReplay {
 public:
  GameReplay(const ValidateOptions& options, const ResultForms& results,
             DiagnosticsBuilder& diagnostics)
      : options_(options),
        results_(results),
        diagnostics_(diagnostics),
        check_suffixes_(options.check_suffixes) {}

  // Before a game is read: its notation (nullptr = English) and where to record it.
  void begin_reading(const Notation* notation, GameRecord* record);
  // After begin_reading without a record, for a reading whose moves come through
  // move_keeping_main_line: the main line's SAN is kept in `main_line` (nullptr: nothing is
  // kept), until end_keeping_main_line.
  void keep_main_line(MainLineRecord* main_line) {
    main_line_ = main_line;
    main_line_recording_ = main_line != nullptr;
    if (main_line) main_line->clear();
  }
  void end_keeping_main_line() { main_line_ = nullptr; }
  // While the main line is kept: whether a comment read now is one of its comments as a whole
  // record would keep it (not in a variation, not after a move that could not be played),
  // the main line's plies and position (the start after the tags), and, at the end, whether
  // every main-line move was played.
  bool keeps_main_line_comment() const {
    return main_line_ && main_line_recording_ && depth_ == 0 && !lines_[0].dead;
  }
  std::uint32_t main_line_ply() const { return lines_[0].ply; }
  const Position& main_line_position() const { return lines_[0].pos; }
  bool main_line_complete() const { return main_line_recording_ && !lines_[0].dead; }
  void begin_game();
  // After the tags: sets up the start position under the game's rules, or leaves the game
  // unreplayed (a variant whose rules are not known, a FEN that is no legal position).
  void start(const GameTags& tags, const VariantName& variant);
  // False when the game's moves were not replayed (an unsupported variant, a bad FEN).
  bool replayed() const { return replay_; }
  // The Zobrist keys of the main line's positions replayed, the start position's first.
  std::span<const std::uint64_t> main_line_keys() const { return history_; }

  // The parser calls this directly and inlined: 3% of validation's instructions on master
  // games were the call.
  template <class P>
  [[gnu::always_inline]] Control move(std::string_view token, const P& pos) {
    // One test for everything but a replayed standard game (unreplayed games, variants).
    if (!standard_tokens_) [[unlikely]]
      return off_standard_path_move(token, text_pos(pos));
    return move_in<false>(token, pos);
  }
  // The same for a reading that keeps the main line's SAN.
  template <class P>
  [[gnu::always_inline]] Control move_keeping_main_line(std::string_view token, const P& pos) {
    if (!standard_tokens_) [[unlikely]]
      return off_standard_path_move<Recording::MainLine>(token, text_pos(pos));
    return move_in<false, Recording::MainLine>(token, pos);
  }

  // The per-move path for standard rules (V false) or the game's variant (V true).
  template <bool V, Recording R = Recording::Events, class P>
  // Spoken words never come here (off_standard_path_move takes them).
  [[gnu::always_inline]] Control move_in(std::string_view token, const P& pos) {
    LineState& l = line();
    // English: the plain move is resolved from the token's bytes; the rest, and every move
    // that is not plain, are read into a MoveText below. A dead line's limit (0) sends its
    // moves to line_may_go_on, which skips them: no test here for the few dead lines.
    detail::PlainSan plain;
    if (!V && notation_ == nullptr && detail::resolve_plain_san(l.pos, token, plain)) [[likely]] {
      if (may_play(token, pos))
        play_resolved<V, R, true>(
            plain.move, plain.check_mark, 0, [&] { return plain.canonical; }, token, pos);
      return Control::Continue;
    }
    if (l.dead) {
      l.dead_just_now = false;
      return Control::Continue;
    }
    MoveText text;
    MoveTextError error = MoveTextError::None;
    std::size_t used = parse_move_text(token, text, error, notation_);
    if (used == 0 || used != token.size()) {
      // "e.p." written as its own token after an en-passant capture.
      if (token == "e.p." || token == "ep" || token == "е.п.") return Control::Continue;
      if (trace_.abort_on_unreadable) {
        trace_.text_failed = true;
        return Control::SkipGame;
      }
      unreadable_move(token, text_pos(pos), error);
      return Control::Continue;
    }
    play_text<V, R>(text, token, pos);
    return Control::Continue;
  }

  Control begin_variation(TextPos pos);
  void end_variation();
  // A spoken move's words are gathered until the next phrase starts: a comment or NAG after
  // them ends the phrase, so that it follows its move, not the move before.
  // `plain_clock`: the text is one that detail::is_plain_clock_comment accepts.
  void comment(std::string_view text, bool plain_clock = false) {
    flush_words();
    if (recording_) record_->add_comment(text, plain_clock);
  }
  // Whether comment() has nothing to do: no record to add to, no spoken words to end.
  bool ignores_comments() const { return !recording_ && !spoken_; }
  // Where a comment read now is, for a problem in it: the ply of the move it follows (0 before
  // the first) and the variation path of its line.
  void place_comment_problem(Diagnostic& d) const {
    d.ply = lines_[depth_].ply;
    d.variation = variation_path();
  }
  void nag(int value) {
    flush_words();
    if (recording_) record_->add(GameEvent::Nag, std::uint16_t(value));
  }
  void result(std::string_view marker, TextPos pos);
  // At the end of the game: the result against the tags and the final position.
  void finish(const GameTags& tags);

  ReadingTrace& trace() { return trace_; }

 private:
  LineState& line() { return *line_; }
  // The variation path of the current line ("" for the main line), for a report.
  std::string variation_path() const;
  // The position before the last move of the line at `depth`.
  Position position_before_last(std::size_t depth) const;

  template <Recording R = Recording::Events>
  [[gnu::noinline]] Control off_standard_path_move(std::string_view token, TextPos pos) {
    if (!replay_) return Control::Continue;
    if (spoken_) return spoken_word(token, pos);
    return move_in<true, R>(token, pos);
  }

  // Inlined into move(): one call frame less per move (2-3% of validation's instructions).
  template <bool V, Recording R = Recording::Events, class P>
  [[gnu::always_inline]] void play_text(const MoveText& text, std::string_view written,
                                        const P& pos) {
    if (!may_play(written, pos)) return;
    if (text.kind == MoveText::Null) {
      play_null(text, written, text_pos(pos));
      return;
    }
    const Position& before = line().pos;
    const MoveResolution resolution =
        V ? resolve_variant_move(before, text) : resolve_move(before, text);
    if (!resolution.ok()) {
      bad_move(text, written, text_pos(pos), resolution);
      return;
    }
    play_resolved<V, R, false>(
        resolution.move, text.check_mark, text.nag,
        [&] { return written_as_canonical_san(before, text, resolution); }, written, pos);
  }

  // Whether the current line may take another move: past its limit (a dead line, the main
  // line's end by a draw by rule or --max-plies, its first move in a Letters reading)
  // line_may_go_on decides, and reports.
  template <class P>
  [[gnu::always_inline]] bool may_play(std::string_view token, const P& pos) {
    const LineState& l = line();
    return l.ply < l.ply_limit || line_may_go_on(token, text_pos(pos));
  }

  // A resolved move played on the current line, with what its token said: the check sign,
  // a suffix annotation (as a NAG, 0: none) and, asked only when the SAN is recorded,
  // whether the token is the move's canonical SAN without its sign. Plain: the token was
  // resolved by resolve_plain_san.
  template <bool V, Recording R, bool Plain, class IsCanonical, class P>
  [[gnu::always_inline]] void play_resolved(Move m, std::uint8_t check_mark, std::uint8_t nag,
                                            const IsCanonical& canonical, std::string_view written,
                                            const P& pos) {
    LineState& l = line();
    const bool main_line = depth_ == 0;
    // Only while the notation detector compares readings; the piece letters alone rule the
    // other tables out of English games.
    if constexpr (Plain) {
      trace_.plain_letters |= std::uint64_t{1} << (static_cast<unsigned char>(written[0]) & 63);
      if (trace_.mode == ReadingTrace::Mode::Full) [[unlikely]]
        trace_all(written, m);
    } else if (trace_.mode == ReadingTrace::Mode::Letters) {
      if (written.size() >= 2 && !is_file_byte(written[0]))
        trace_.read_bytes.add(static_cast<unsigned char>(written[0]));
    } else if (trace_.mode == ReadingTrace::Mode::Full) [[unlikely]] {
      trace_all(written, m);
    }
    // MainLine: the SAN before its sign, packed (0: it is in san_scratch_).
    std::uint64_t main_line_san = 0;
    const bool keeps_main_line = R == Recording::MainLine && main_line && main_line_recording_;
    if constexpr (R == Recording::MainLine) {
      if (keeps_main_line) {
        // Most input is canonical SAN already: then the token is the SAN.
        if (!V && canonical()) {
          main_line_san = MainLineRecord::pack(
              std::string_view(written.data(), written.size() - (check_mark != 0)));
        } else {
          san_in_scratch<V>(l.pos, m);
        }
      }
    } else if (recording_) {
      // Most input is canonical SAN already: then the token is the record's SAN, kept in its
      // event (GameEvent::kInPlace).
      if (canonical()) [[likely]] {
        record_->add_move(m, std::string_view(written.data(), written.size() - (check_mark != 0)));
      } else {
        record_->add_move(m, san_in_scratch<V>(l.pos, m));
      }
      if (nag) record_->add(GameEvent::Nag, nag);
    }
    l.last_move = m;
    l.has_last = true;
    l.dead_just_now = false;
    l.variations_here = 0;
    if constexpr (V) {
      // A variant move cannot be undone (explosions, pockets): the moves since a kept position
      // are, so that the position before the last can be replayed.
      l.last_undoable = false;
      VariantLine& moves = variant_lines_[depth_];
      if (!moves.by_replay) {
        l.before_last = l.pos;
        moves.by_replay = true;
        moves.moves.clear();
      }
      moves.moves.push_back(m);
      rules_->play(l.pos, m);
    } else {
      l.last_undoable = true;
      l.pos.do_move(m, l.last_undo);
    }
    // The replay knows whether the move checks: the SAN's sign is read off the new position.
    if constexpr (R == Recording::MainLine) {
      if (keeps_main_line) {
        if (main_line_san != 0) {
          // English's sign (english_check_sign); '+' for now: a mate can only
          // be the main line's last move, which MainLineRecord::mark_mate marks at the end
          // (is_checkmate on every check was a tenth of what keeping the main line cost).
          if (l.pos.in_check()) [[unlikely]]
            main_line_->add_packed_check(main_line_san);
          else
            main_line_->add_packed(main_line_san);
        } else {
          if constexpr (V)
            append_variant_check_sign(l.pos, san_scratch_);
          else
            append_check_sign(l.pos, san_scratch_);
          main_line_->add_move(san_scratch_);
        }
        main_line_->add_played(m);
      }
    } else if (recording_) {  // the SAN is complete with its sign
      // The move's event: the last, or the one before its NAG.
      GameEvent& recorded = record_->events.end()[nag != 0 ? -2 : -1];
      if constexpr (V) {
        san_scratch_.clear();
        append_variant_check_sign(l.pos, san_scratch_);
        if (!san_scratch_.empty()) record_->extend_text(recorded, san_scratch_);
      } else if (l.pos.in_check()) [[unlikely]] {
        record_->extend_text(recorded, english_check_sign(l.pos));
      }
    }
    ++l.ply;
    GameReport& report = diagnostics_.report();
    ++report.moves_replayed;
    // Most moves neither give check nor carry a sign: nothing to compare, no call.
    if constexpr (V) {
      // Crazyhouse games end only by mate: as in standard chess, a move without check or
      // sign has nothing to compare.
      if (options_.check_suffixes &&
          (rules_->variant != Variant::Crazyhouse || l.pos.in_check() || check_mark != 0))
        check_variant_suffix(check_mark, written, text_pos(pos), m);
      if (main_line) report.plies = l.ply;
    } else {
      if (check_suffixes_ && (l.pos.in_check() || check_mark != 0))
        check_suffix(check_mark, written, text_pos(pos), m);
      if (main_line) {
        report.plies = l.ply;
        after_main_line_move();
      }
    }
  }

  // The SAN of `m` (without its sign) made in san_scratch_, for a token that is not it.
  template <bool V>
  const std::string& san_in_scratch(const Position& before, Move m) {
    san_scratch_.clear();
    if constexpr (V)
      append_variant_san_unchecked(before, m, san_scratch_);
    else
      append_san_unchecked(before, m, san_scratch_);
    return san_scratch_;
  }

  [[gnu::always_inline]] void after_main_line_move() {
    const Position& pos = lines_[0].pos;
    history_.push_back(pos.key());
    // Once the main line is drawn by rule nothing more is decided: asked where a rule could
    // decide (each a branch few moves take), not first on every move.
    const bool drawn = drawn_by_rule();
    const int clock = pos.halfmove_clock();
    if (clock >= 150 && !drawn && !(pos.in_check() && pos.is_checkmate())) [[unlikely]] {
      drawn_by(EndReason::SeventyFiveMoveRule);
      return;
    }
    // FIDE 5.2.2: only a position in which no pawn can step forward may be dead, or one
    // whose pawns can only close a wall (analysis::pawns_could_wall_in). The second arises
    // by a capture or a pawn move (the halfmove clock is then 0), and the analysis runs
    // once per pawns and material. A pawn's check is looked at too (the king may step in
    // front of a passed pawn into a box it cannot leave), and after either, the few piece
    // moves that can still change the answer are watched for (piece_move_ended_game).
    if (!(((pos.pieces(White, Pawn) << 8) | (pos.pieces(Black, Pawn) >> 8)) & ~pos.pieces()) ||
        (pos.halfmove_clock() == 0 && ((!(pos.pieces(Queen) | pos.pieces(Rook)) &&
                                        !(analysis::passed_pawn_fronts(pos) & ~pos.pieces())) ||
                                       (pos.checkers() & pos.pieces(Pawn))))) [[unlikely]] {
      if (!drawn && reached_dead_position()) return;
    } else if (watching_piece_moves_) [[unlikely]] {
      if (!drawn && piece_move_ended_game()) return;
    }
    // Fivefold repetition: the same position (same side to move, rights and en passant)
    // five times; only positions since the last irreversible move can repeat, so fewer than
    // 16 reversible moves need no look (the halfmove clock alone says so for most moves).
    if (clock < 16 || drawn) return;
    const int reversible = std::min<int>(clock, int(history_.size()) - 1);
    if (reversible < 16) return;
    int count = 1;
    const std::uint64_t key = pos.key();
    for (int back = 2; back <= reversible; back += 2)
      if (history_[history_.size() - 1 - back] == key && ++count >= 5) {
        drawn_by(EndReason::FivefoldRepetition);
        return;
      }
  }

  // A replayed move in the trace's Full mode.
  void trace_all(std::string_view written, Move m);
  void unreadable_move(std::string_view token, TextPos pos, MoveTextError error);
  void stop_recording(const std::string& problem);
  void kill_line();
  bool line_may_go_on(std::string_view token, TextPos pos);
  void play_null(const MoveText& text, std::string_view written, TextPos pos);
  // The check sign a move's token carries (MoveText::check_mark) against the position after it.
  void check_suffix(std::uint8_t check_mark, std::string_view written, TextPos pos, Move m);
  // The same for a variant: '+' where it has check, '#' on a move that wins in its own way.
  void check_variant_suffix(std::uint8_t check_mark, std::string_view written, TextPos pos, Move m);
  void bad_move(const MoveText& text, std::string_view written, TextPos pos,
                const MoveResolution& resolution);
  void check_final_position(std::optional<GameResult> result, TextPos pos, const GameTags& tags);
  void check_variant_final_position(std::optional<GameResult> result, TextPos pos);
  bool game_has_no_movetext() const;
  const char* automatic_draw_rule() const;
  // FIDE 5.2.2 and 6.9, for standard chess and Chess960 (libpgn/winnable.hpp).
  bool reached_dead_position();
  bool piece_move_ended_game();
  bool analyse_for_dead_position();
  bool drawn_by_rule() const { return automatic_draw_ != EndReason::Unknown; }
  // The main line is drawn by `rule` after its last move.
  void drawn_by(EndReason rule) {
    automatic_draw_ply_ = lines_[0].ply;
    automatic_draw_ = rule;
    lines_[0].ply_limit = 0;
  }
  std::string dead_position_at() const;
  bool proved_dead(const Position& pos, std::string& proofs, std::uint64_t walk_nodes);
  bool dead_position_ended_game() const {
    return automatic_draw_ == EndReason::InsufficientMaterial;
  }
  void report_decisive_after_draw(TextPos pos, std::string_view scored);
  WinnabilityAnalyzer& analyzer();

  // Spoken notations: words are gathered until they form a move.
  Control spoken_word(std::string_view word, TextPos pos);
  void try_spoken(bool final);
  // try_spoken's play_text for a reading that keeps the main line: defined with that reading
  // (check/main_line_reading.cpp), to leave this file's compilation as it was.
  void play_phrase_keeping_main_line(const MoveText& text, std::string_view phrase, TextPos at);
  void flush_words() {
    if (spoken_ && !words_.empty()) try_spoken(true);
  }

  const ValidateOptions& options_;
  const ResultForms& results_;
  DiagnosticsBuilder& diagnostics_;
  const bool check_suffixes_;  // options_.check_suffixes, read on every move without options_
  const Notation* notation_ = nullptr;  // nullptr = English
  bool spoken_ = false;                 // notation_ is a spoken one: words, not tokens
  GameRecord* record_ = nullptr;        // nullptr when not wanted
  bool recording_ = false;              // false once a move could not be replayed
  std::uint32_t record_open_ = 0;       // VariationBegin events not yet closed
  // A variation with a move that could not be replayed: recording pauses until it ends
  // (0: none), so that only that variation is cut, not the main line after it.
  std::size_t paused_at_depth_ = 0;

  std::vector<LineState> lines_;            // lines_[0] is the main line
  std::vector<VariantLine> variant_lines_;  // beside lines_, for variant games
  std::size_t depth_ = 0;                   // lines_[0..depth_] are live
  // lines_[depth_], kept where depth_ or lines_ change: the per-move path reads the line
  // without indexing (whose cost depended on sizeof(LineState)).
  LineState* line_ = nullptr;
  // The main-line keys, for repetition. Appended to once a move on the replay's path: a
  // vector's push_back, which may grow, was left a call there where the path is inlined into
  // a reading with a record (23 instructions a move in read_games); here growing is the call.
  class KeyHistory {
   public:
    KeyHistory() = default;
    KeyHistory(const KeyHistory&) = delete;  // the pointers are into its own keys
    KeyHistory& operator=(const KeyHistory&) = delete;
    void clear() { end_ = limit_ - keys_.size(); }
    // A pointer compare and a store, as vector's push_back when it does not grow.
    [[gnu::always_inline]] void push_back(std::uint64_t key) {
      if (end_ == limit_) [[unlikely]]
        grow();
      *end_++ = key;
    }
    std::size_t size() const { return keys_.size() - std::size_t(limit_ - end_); }
    std::uint64_t operator[](std::size_t i) const { return keys_[i]; }
    operator std::span<const std::uint64_t>() const { return {keys_.data(), size()}; }

   private:
    [[gnu::noinline]] void grow() {
      const std::size_t kept = size();
      keys_.resize(keys_.empty() ? 256 : 2 * keys_.size());
      limit_ = keys_.data() + keys_.size();
      end_ = keys_.data() + kept;
    }
    std::vector<std::uint64_t> keys_;
    std::uint64_t* end_ = nullptr;    // after the last key kept
    std::uint64_t* limit_ = nullptr;  // keys_'s end
  };
  KeyHistory history_;
  bool replay_ = true;  // false for unsupported variants / bad FEN
  // A replayed standard game: move() takes the standard path without another test.
  bool standard_path_ = true;
  // standard_path_ for a notation of tokens (not spoken words), the one flag move() tests.
  bool standard_tokens_ = true;
  void set_standard_path(bool standard) {
    standard_path_ = standard;
    standard_tokens_ = standard && !spoken_;
  }
  const Rules* rules_ = &rules_for(Variant::Standard);  // the game's rules
  bool chess960_ = false;
  bool saw_result_ = false;
  std::string result_marker_;
  TextPos result_pos_;
  std::uint32_t automatic_draw_ply_ = 0;  // main-line ply at which the game was drawn by rule
  EndReason automatic_draw_ = EndReason::Unknown;  // which rule drew it
  bool reported_play_after_draw_ = false;
  // Dead positions and losses on time are decided for standard chess and Chess960 only.
  bool unwinnability_applies_ = false;
  // The pawns and the number of men when a position was last analysed for a dead position:
  // the answer changes only when a pawn moves or a man is taken, so one analysis per change.
  Bitboard analysed_pawns_ = 0;
  int analysed_men_ = -1;
  // The structure analysed last could still become dead by a piece move: castling rights
  // lost, an en passant capture no longer possible, or men jamming each other in (a king
  // leaving a pawn's check may step into a box). Set for few games; see
  // piece_move_ended_game.
  bool watching_piece_moves_ = false;
  bool analysed_with_ep_ = false;
  std::uint8_t analysed_castling_ = 0;
  std::string dead_proofs_;  // how the dead position was proved, for its messages
  std::string dead_fen_;
  // Made on first need (few games need it), then kept: its search table is reused.
  std::unique_ptr<WinnabilityAnalyzer> analyzer_;

  ReadingTrace trace_;
  std::vector<std::string_view> words_;
  std::vector<TextPos> word_pos_;
  std::vector<std::uint8_t> word_nags_;  // a suffix annotation on the word ("vier!"), as a NAG
  // A reading that keeps the main line's SAN (nullptr: none); main_line_recording_, when it is
  // set, says whether it still does (as recording_); san_scratch_, the SAN (or a variant's
  // check sign) being written when the token was not canonical, for either record.
  MainLineRecord* main_line_ = nullptr;
  bool main_line_recording_ = false;
  std::string san_scratch_;
};

}  // namespace pgn
