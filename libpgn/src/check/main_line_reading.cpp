// A game read with the validator's checks, keeping its tags and main line (SAN, moves,
// comments) in a MainLineRecord instead of a GameRecord: what the game model of
// libpgn/games.hpp is made from. Its own file, so that its instantiation of the parser (with the
// per-move path inlined) does not change how check/validator.cpp's is compiled: the
// compiler's inlining there depends on what else the file holds.
#include "check/validator_impl.hpp"

namespace pgn {

// A record for the notation detector to fill when the main line is kept instead: it only
// tells the detector that the winning reading must be the last one read.
GameRecord& detection_record() {
  thread_local GameRecord record;
  return record;
}

// A reading that keeps the main line's SAN and the tags in a MainLineRecord: the validator's
// events with the tags and moves kept that way, in a parser instantiation of its own, so
// that the validator's own (validate, convert) is compiled as before. A template over the
// coordinator (GameValidator::Impl), so that only GameValidator names that private type and
// the public header needs no friend for it.
template <class Coordinator>
struct MainLineReading final : Visitor, NotationDetector::Reader {
  MainLineReading(Coordinator& v, MainLineRecord& main_line) : v(v), main_line(main_line) {}
  Coordinator& v;
  MainLineRecord& main_line;
  bool keeping = true;           // false while the detector reads the batch's other games
  bool keeping_comments = true;  // keeping, and the record keeps comments
  bool skips_clocks = false;     // skips_plain_clock_comment(), fixed for a reading

  // `record` is the detector's marker: without it, the game read is another of the batch,
  // read for evidence of the notation, of which nothing is kept.
  void read(const RawGame& g, GameReport& r, const Notation* n, GameRecord* record) override {
    keeping = record != nullptr;
    keeping_comments = keeping && main_line.keeps_comments;
    v.notation = n;
    v.record = nullptr;
    v.replay.begin_reading(n, nullptr);
    v.replay.keep_main_line(keeping ? &main_line : nullptr);
    skips_clocks = !keeping_comments && v.skips_plain_clock_comment();
    v.diagnostics.begin(g, r);
    r.notation = n ? n->code : "en";
    detail::parse_game_with(g, *this, v.options.parse_limits, v.results);
    r.replayed = v.replay.replayed();
    if (keeping) {
      main_line.complete = v.replay.main_line_complete();
      main_line.mark_mate(v.replay.main_line_position());
    }
  }
  ReadingTrace& trace() override { return v.replay.trace(); }

  void begin_game(const RawGame& g) override { v.begin_game(g); }
  Control tag(std::string_view name, std::string_view raw, TextPos pos) override {
    return tag(name, raw, pos, false);
  }
  // The parser's call when it knows whether the value holds a backslash (Parser::report_tag).
  // Inlined, as the validator's is: the tags with nothing to check are then counted in the
  // parser's loop over the tag lines (a call per tag cost 70 instructions a tag more).
  [[gnu::always_inline]] Control tag(std::string_view name, std::string_view raw, TextPos pos,
                                     bool escape_free) {
    const std::string_view value = v.tags.tag(name, raw, pos, escape_free);
    if (keeping) keep_tag(main_line, name, value);
    if (v.options.check_eco && name == "ECO") {
      v.eco_tag = value;
      v.eco_pos = pos;
    }
    return Control::Continue;
  }
  // A call, as the validator's keep_tag: the record's appends inlined in the parser's loop
  // over the tag lines would take registers from it.
  [[gnu::noinline]] static void keep_tag(MainLineRecord& record, std::string_view name,
                                         std::string_view value) {
    record.add_tag(name, value);
  }
  Control end_tags() override {
    const Control control = v.end_tags();
    if (keeping) main_line.start = v.replay.main_line_position();
    return control;
  }
  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }
  [[gnu::always_inline]] Control move(std::string_view token, TextPos pos) override {
    return v.replay.move_keeping_main_line(token, pos);
  }
  // The parser's call with the position made only for a report (GameReplay::move).
  template <class P>
  [[gnu::always_inline]] Control move_at(std::string_view token, const P& pos) {
    return v.replay.move_keeping_main_line(token, pos);
  }
  Control begin_variation(TextPos pos) override { return v.begin_variation(pos); }
  void end_variation(TextPos pos) override { v.end_variation(pos); }
  // A reading whose record keeps no comments (read_games' workers) has nothing to do with
  // lichess's plain clock comment, nor with its evaluation-and-clock one, any more than
  // `pgn validate` has: the parser passes over them at the brace, as it does for validation.
  // Set once a reading (a reading without a record never starts recording).
  bool skips_plain_clock_comment() const { return skips_clocks; }
  void comment(std::string_view text, TextPos pos) override {
    v.comment(text, pos);  // a spoken move before it is played first
    if (keeping_comments && v.replay.keeps_main_line_comment())
      main_line.add_comment(v.replay.main_line_ply(), text);
  }
  void nag(int value, TextPos pos) override { v.nag(value, pos); }
  void result(std::string_view marker, TextPos pos) override { v.result(marker, pos); }
  void syntax_error(std::string_view message, TextPos pos) override {
    v.syntax_error(message, pos);
  }
  void syntax_warning(std::string_view message, TextPos pos) override {
    v.syntax_warning(message, pos);
  }
  void end_game() override { v.end_game(); }
};

void GameReplay::play_phrase_keeping_main_line(const MoveText& text, std::string_view phrase,
                                               TextPos at) {
  if (standard_path_)
    play_text<false, Recording::MainLine>(text, phrase, at);
  else
    play_text<true, Recording::MainLine>(text, phrase, at);
}

void GameValidator::validate(const RawGame& game, GameReport& report, MainLineRecord& main_line) {
  Impl& v = *impl_;
  if (Impl::starts_with_digit(game) && v.read_tagless_bughouse(game, report, &main_line))
      [[unlikely]]
    return;
  MainLineReading<Impl> reading(v, main_line);
  if (v.options.notation != nullptr)
    reading.read(game, report, v.options.notation, &detection_record());
  else
    v.detector.read_with_evidence(game, report, &detection_record(), reading);
  // Readings with a GameRecord or none come next, perhaps (begin_reading leaves this alone).
  v.replay.end_keeping_main_line();
  if ((report.errors != 0 || v.bughouse_tagged) && v.read_bughouse(game, report, &main_line))
      [[unlikely]]
    return;
  if (report.problems.size() > 1) DiagnosticsBuilder::sort_by_position(report);
}

}  // namespace pgn
