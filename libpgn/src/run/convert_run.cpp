// The driver of a conversion run (convert_files, libpgn/convert_run.hpp): each worker validates
// its batch's games with their records and writes them into the batch's output; the consumer
// counts the input as `pgn validate` does (SummaryConsumer), chooses the problems to say and
// hands the output to the caller in input order, each output begun and ended as its format
// wants (a JSON array, a CSV header).
#include "libpgn/convert_run.hpp"

#include <atomic>
#include <memory>

#include "libpgn/bughouse_writers.hpp"
#include "libpgn/validator.hpp"

namespace pgn {
namespace {

bool stopped(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

// What happened to the games. Workers add a batch's counts at its end; every batch a worker
// processes is consumed, so the tally matches what the consumer saw.
struct ConvertTally {
  std::atomic<std::uint64_t> written{0}, skipped{0}, truncated{0};
};

struct BatchCounts {
  std::uint64_t written = 0, skipped = 0, truncated = 0;
};

bool has_problem(const GameReport& report, Code code) {
  for (const Diagnostic& d : report.problems)
    if (d.code == code) return true;
  return false;
}

// The first error ("illegal move 2.Nf7: no white knight can reach f7"), for the comment that ends a
// truncated game.
std::string first_error(const GameReport& report, const GameRecord& record) {
  for (const Diagnostic& d : report.problems)
    if (d.severity == Severity::Error) return d.message;
  return record.problem;
}

class ConvertWorker final : public ValidatingWorker {
 public:
  ConvertWorker(const ConvertRunSettings& settings, ConvertTally& tally)
      : ValidatingWorker(settings.validate),
        settings_(settings),
        tally_(tally),
        writer_(settings.writer),
        rows_(settings.sqlite_options) {}

 private:
  void begin_batch(GameBatch& batch) override {
    batch.output.clear();
    // A batch's PGN is about the size of its input: room for it at once spares a slot's first
    // batches the output's doubling copies (later batches of the slot find the room left).
    batch.output.reserve(batch.text.size());
    counts_ = BatchCounts{};
    counts_.skipped = batch.unreadable.size();  // records of a JSON input that cannot be read
  }
  void validate(const RawGame& game, GameReport& report) override {
    validator_.validate(game, report, &record_);
  }
  void game(GameBatch& batch, std::size_t i) override {
    const OutputFormat format = settings_.writer.format;
    // A CSV row describes any game, whatever could be replayed of it.
    const bool csv = format == OutputFormat::Csv;
    const bool text_formats = format == OutputFormat::Pgn || format == OutputFormat::Json ||
                              format == OutputFormat::Jsonl || csv;
    const RawGame& game = batch.games[i];
    GameReport& report = batch.reports[i];
    // A bughouse match (two boards) goes to the bughouse writers; a database row or a CSV row
    // describes it as any game.
    if (report.variant.rfind("Bughouse", 0) == 0 && !settings_.sqlite && !csv) [[unlikely]] {
      convert_bughouse(game, report, batch.output, counts_);
      return;
    }
    // A game the record cannot hold whole: not replayed (a variant), or cut at a null move.
    const bool partial = !record_.complete || has_problem(report, Code::UnsupportedVariant);
    GameExtras extras;
    extras.report = &report;

    if (report.has_errors() && settings_.invalid == InvalidGames::Skip) {
      ++counts_.skipped;
      return;
    }
    if (settings_.sqlite) {  // every game has its row, with its verdict and problems
      if (batch.origins.empty())
        rows_.write(record_, report, game.index, game.start, batch.output);
      else  // read from JSON: where its record is
        rows_.write(record_, report, batch.origins[i].record, batch.origins[i].at, batch.output);
      ++counts_.written;
      return;
    }
    if (report.has_errors() && settings_.invalid == InvalidGames::Truncate) {
      closing_ = first_error(report, record_);
      extras.closing_comment = closing_;
      extras.unknown_result = true;
      name_opening(extras);
      append(batch.output, extras);
      ++counts_.truncated;
      return;
    }
    if (report.has_errors() || partial) {
      // Passed on unchanged where the format can carry the input text; elsewhere what could be
      // replayed is written. A game cut at --max-game-bytes cannot be passed on whole: it is
      // not written, and its error says so.
      if (game.truncated && text_formats && !csv) {
        note_not_written(report);
        ++counts_.skipped;
      } else if (text_formats) {
        if (format == OutputFormat::Pgn) {
          separate(batch.output);
          // Stopped (the output is thrown away): a huge game is not copied first.
          if (!stopped(settings_.pipeline.stop)) append_unchanged_game(game.text, batch.output);
        } else {
          extras.unchanged_text = game.text;
          append(batch.output, extras);
        }
        ++counts_.written;
      } else if (has_problem(report, Code::UnsupportedVariant) || record_.events.empty()) {
        ++counts_.skipped;
      } else {
        append(batch.output, extras);
        ++counts_.truncated;
      }
      return;
    }
    name_opening(extras);
    append(batch.output, extras);
    ++counts_.written;
  }
  void end_batch(GameBatch&) override {
    tally_.written.fetch_add(counts_.written, std::memory_order_relaxed);
    tally_.skipped.fetch_add(counts_.skipped, std::memory_order_relaxed);
    tally_.truncated.fetch_add(counts_.truncated, std::memory_order_relaxed);
  }

  static void note_not_written(GameReport& report) {
    for (Diagnostic& d : report.problems)
      if (d.code == Code::LimitExceeded && d.message.rfind("the game is ", 0) == 0) {
        d.message += "; the game is not written (it cannot be passed on whole)";
        return;
      }
  }
  // A bughouse match (two boards: the game record holds one), written by the bughouse
  // writers: BPGN or one board as PGN, JSON, or the two-board FEN.
  [[gnu::cold, gnu::noinline]] void convert_bughouse(const RawGame& game, GameReport& report,
                                                     std::string& out, BatchCounts& counts) {
    const OutputFormat format = settings_.writer.format;
    if (report.has_errors() && settings_.invalid == InvalidGames::Skip) {
      ++counts.skipped;
      return;
    }
    if (report.has_errors() && settings_.invalid == InvalidGames::Unchanged &&
        format == OutputFormat::Pgn && settings_.bughouse_board < 0) {
      append_unchanged_game(game.text, out);
      ++counts.written;
      return;
    }
    GameReport again;
    read_bughouse_match(game, options_, again, match_,
                        settings_.writer.fen ? BughouseDetail::Positions : BughouseDetail::Moves);
    if (!report.replayed && format != OutputFormat::Pgn) {
      ++counts.skipped;
      return;
    }
    const bool truncated = report.has_errors();
    switch (format) {
      case OutputFormat::Pgn:
        if (settings_.bughouse_board >= 0)
          append_bughouse_board_pgn(match_, settings_.bughouse_board, out);
        else
          append_bpgn(match_, out);
        break;
      case OutputFormat::Json:
      case OutputFormat::Jsonl:
        separate(out);
        append_bughouse_json(match_, out, settings_.writer.fen);
        if (format == OutputFormat::Jsonl) out += '\n';
        break;
      case OutputFormat::Fen:
        out += match_.fen();
        out += '\n';
        break;
      default:  // uci, lan, epd: one board's formats
        ++counts.skipped;
        return;
    }
    ++(truncated ? counts.truncated : counts.written);
  }
  // The opening tags from the record's main line (no tags when it reaches no named position),
  // which the writer sets as it writes the tags: the record is not changed.
  void name_opening(GameExtras& extras) const {
    if (!settings_.eco || record_.chess960 || record_.start.variant() != Variant::Standard) return;
    // From the keys the validator's replay kept: no position is made again.
    extras.opening = classify_opening_by_keys(validator_.main_line_keys(), false).opening;
    extras.opening_mode = settings_.eco_mode;
  }
  void append(std::string& out, const GameExtras& extras) {
    separate(out);
    writer_.write(record_, out, extras);
  }
  // JSON: games inside a batch are separated here, batches by the consumer.
  void separate(std::string& out) const {
    if (settings_.writer.format == OutputFormat::Json && !out.empty())
      out.append(kJsonArraySeparator);
  }

  const ConvertRunSettings& settings_;
  ConvertTally& tally_;
  GameWriter writer_;
  SqliteRowWriter rows_;
  GameRecord record_;
  BughouseMatch match_;
  std::string closing_;
  BatchCounts counts_;  // the batch's, added to the tally at its end
};

class ConvertConsumer final : public SummaryConsumer {
 public:
  ConvertConsumer(const ConvertRunSettings& settings, RunSummary& summary, std::atomic<bool>& stop,
                  ConvertSink& sink)
      : SummaryConsumer(summary),
        settings_(settings),
        json_array_(settings.writer.format == OutputFormat::Json),
        carries_unreplayed_(settings.writer.format == OutputFormat::Pgn ||
                            settings.writer.format == OutputFormat::Json ||
                            settings.writer.format == OutputFormat::Jsonl ||
                            settings.writer.format == OutputFormat::Csv),
        stop_(stop),
        sink_(sink) {}

  // The run's output, or with output_per_input the output of input `file`.
  void open_output(std::size_t file) {
    output_ = file;
    wrote_game_ = false;
    if (json_array_) write(kJsonArrayOpen);
    write(settings_.header);
  }
  void close_output() {
    if (json_array_) write(wrote_game_ ? kJsonArrayClose : std::string_view("]\n"));
  }
  std::uint64_t games_left_out() const { return games_left_out_; }

 private:
  void begin_file(std::size_t index, const std::string& name) override {
    sink_.begin_file(index, name);
    if (settings_.output_per_input) open_output(index);
  }
  void problem(const std::string& file, const Diagnostic& d) override {
    // A file warning is said whatever `warnings` says: a file that gave nothing to convert is
    // not per-game detail.
    sink_.problem(file, d);
  }
  void game(const std::string& file, GameReport& report) override {
    // A game whose moves were not replayed has no moves to write in uci, lan, fen or epd:
    // why it was left out is said whatever `warnings` says.
    const bool left_out = !report.replayed && !report.has_errors() && !carries_unreplayed_;
    if (left_out) ++games_left_out_;
    for (const Diagnostic& d : report.problems)
      if (d.severity == Severity::Error || settings_.warnings ||
          (left_out && d.code == Code::UnsupportedVariant))
        sink_.game_problem(file, d);
  }
  void end_batch(GameBatch& batch) override {
    if (stopped(settings_.pipeline.stop)) stop_ = true;
    // Once stopped the output is thrown away: a huge game is not written first.
    if (settings_.sqlite && !stop_) {
      if (!sink_.write(batch.file_index, batch.output)) stop_ = true;
    } else if (!batch.output.empty() && !stop_) {
      if (json_array_ && wrote_game_) write(kJsonArraySeparator);
      write(batch.output);
      wrote_game_ = true;
    }
    sink_.progress(summary_, batch.file_index, batch.raw_offset);
  }
  void input_done(std::size_t index, const std::string& error) override {
    if (settings_.output_per_input) close_output();
    if (!sink_.input_done(index, error)) stop_ = true;
  }

  void write(std::string_view text) {
    if (!text.empty() && !sink_.write(output_, text)) stop_ = true;
  }

  const ConvertRunSettings& settings_;
  bool json_array_;
  bool carries_unreplayed_;  // the format can pass a game on unchanged
  std::size_t output_ = 0;   // the input whose output is being written (output_per_input)
  bool wrote_game_ = false;
  std::uint64_t games_left_out_ = 0;
  std::atomic<bool>& stop_;  // the pipeline's: the caller's stop, or an output that failed
  ConvertSink& sink_;
};

}  // namespace

ConvertTotals convert_files(const std::vector<Source>& sources, const ConvertRunSettings& settings,
                            ConvertSink& sink) {
  ConvertTotals totals;
  ConvertTally tally;
  std::atomic<bool> own_stop{false};
  std::atomic<bool>& stop = settings.run_stop ? *settings.run_stop : own_stop;
  ConvertConsumer consumer(settings, totals.summary, stop, sink);
  PipelineOptions pipeline = settings.pipeline;
  pipeline.stop = &stop;
  if (!settings.output_per_input) consumer.open_output(0);
  run_pipeline(
      sources, pipeline, [&] { return std::make_unique<ConvertWorker>(settings, tally); },
      consumer);
  if (!settings.output_per_input) consumer.close_output();
  totals.summary.interrupted = stopped(settings.pipeline.stop);
  totals.written = tally.written;
  totals.skipped = tally.skipped;
  totals.truncated = tally.truncated;
  totals.left_out = consumer.games_left_out();
  return totals;
}

}  // namespace pgn
