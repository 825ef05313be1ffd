// The driver of a select run (select_games, libpgn/select_run.hpp): each worker decides its
// batch's games with a GameSelector and writes the ones chosen into the batch's output; the
// consumer counts, hands on the notes and the output in input order, and the run's progress.
#include "libpgn/select_run.hpp"

#include <atomic>
#include <memory>

#include "libpgn/writers.hpp"

namespace pgn {
namespace {

bool stopped(const PipelineOptions& options) {
  return options.stop && options.stop->load(std::memory_order_relaxed);
}

class SelectWorker final : public BatchWorker {
 public:
  SelectWorker(const Selection& selection, const SelectSettings& settings,
               std::atomic<std::uint64_t>& selected)
      : settings_(settings),
        selected_(selected),
        selector_(selection, settings.validate),
        validator_(settings.validate),
        writer_(WriterOptions{}),
        positions_(selection.needs_positions()),
        moves_(selection.needs_moves()) {}

  // batch.output: the games written; batch.reports: one entry per game that could not be read
  // or examined whole, with the problem in its one diagnostic.
  void process(GameBatch& batch) override {
    batch.output.clear();
    batch.reports.clear();
    std::uint64_t written = 0;
    selector_.set_neighbours(batch.games);
    for (const RawGame& game : batch.games) {
      if (game.truncated) {
        note(batch, game,
             "game " + std::to_string(game.index) +
                 " is longer than --max-game-bytes and cannot be read whole; "
                 "not examined");
        continue;
      }
      const SelectOutcome outcome = selector_.decide(game, settings_.normalize);
      if (outcome.not_checked && moves_)
        note(batch, game,
             "game " + std::to_string(game.index) + ": moves not replayed (" + first_problem() +
                 "); its move conditions do not hold");
      else if (outcome.moves_cut && positions_)
        note(batch, game,
             "game " + std::to_string(game.index) + ": replayed up to an error (" +
                 first_problem() + "); later positions were not examined");
      if (outcome.selected == settings_.invert) continue;
      ++written;
      if (settings_.count_only) continue;
      const GameReport& report = selector_.report();
      const Opening* opening = settings_.add_eco ? opening_of(game, outcome) : nullptr;
      if (settings_.normalize && report.replayed && !report.has_errors() &&
          selector_.record().complete) {
        // The opening tags are set by the writer: the record is not copied.
        GameExtras extras;
        extras.opening = opening;
        extras.opening_mode = settings_.eco_mode;
        writer_.write(selector_.record(), batch.output, extras);
      } else if (opening) {
        // Byte for byte but for the opening tags.
        tagged_.clear();
        append_with_opening_tags(game.text, *opening, settings_.eco_mode, tagged_);
        append_game_as_read(tagged_, batch.output);
      } else {
        append_game_as_read(game.text, batch.output);
      }
    }
    selected_.fetch_add(written, std::memory_order_relaxed);
  }

 private:
  std::string first_problem() const {
    if (!selector_.record().problem.empty()) return selector_.record().problem;
    for (const Diagnostic& d : selector_.report().problems)
      if (d.severity == Severity::Error) return d.message;
    // Not replayed without an error: the warning that says why (a variant, for one).
    for (const Diagnostic& d : selector_.report().problems)
      if (d.code == Code::UnsupportedVariant || d.code == Code::BadFen) return d.message;
    return selector_.record().problem;
  }
  // The opening of a selected game: from the selector's replay when it made one, else from a
  // replay of this game alone.
  const Opening* opening_of(const RawGame& game, const SelectOutcome& outcome) {
    if (outcome.replayed) return classify_opening(selector_.record()).opening;
    validator_.validate(game, report_, &record_);
    return classify_opening(record_).opening;
  }
  static void note(GameBatch& batch, const RawGame& game, std::string message) {
    GameReport& r = batch.reports.emplace_back();
    r.index = game.index;
    r.start = game.start;
    Diagnostic& d = r.problems.emplace_back();
    d.game = game.index;
    d.offset = game.start.offset;
    d.line = game.start.line;
    d.column = game.start.column;
    d.message = std::move(message);
  }

  const SelectSettings& settings_;
  std::atomic<std::uint64_t>& selected_;  // games chosen, over all workers
  GameSelector selector_;
  GameValidator validator_;  // add_eco: replays selected games the selector did not replay
  GameReport report_;
  GameRecord record_;
  std::string tagged_;  // a game's text with its opening tags
  GameWriter writer_;
  bool positions_;  // games replayed only in part are worth a note
  bool moves_;      // games not replayed at all are worth a note
};

class SelectConsumer final : public BatchConsumer {
 public:
  SelectConsumer(const PipelineOptions& pipeline, SelectTotals& totals, SelectSink& sink)
      : pipeline_(pipeline), totals_(totals), sink_(sink) {}

  void batch(GameBatch& batch) override {
    totals_.games += batch.games.size();
    for (const RawGame& game : batch.games) totals_.unreadable += game.truncated;
    for (const GameReport& r : batch.reports) {
      ++totals_.noted;
      sink_.note(*batch.file_name, r.problems.front());
    }
    // Once stopped the output is thrown away: a huge game is not written first.
    if (!batch.output.empty() && !stopped(pipeline_)) sink_.games(batch.output);
    seen_.games = totals_.games;
    seen_.input_bytes += batch.input_bytes;
    sink_.progress(seen_, batch.file_index, batch.raw_offset);
  }

  void end_file(std::size_t, const std::string& name, const std::string& error,
                std::uint64_t games_read) override {
    ++totals_.files;
    if (error.empty()) return;
    ++totals_.files_failed;
    sink_.failed_input(name, error, games_read);
  }

 private:
  const PipelineOptions& pipeline_;
  SelectTotals& totals_;
  SelectSink& sink_;
  RunSummary seen_;  // for the progress
};

}  // namespace

SelectTotals select_games(const std::vector<Source>& sources, const Selection& selection,
                          const SelectSettings& settings, SelectSink& sink) {
  SelectTotals totals;
  std::atomic<std::uint64_t> selected{0};
  SelectConsumer consumer(settings.pipeline, totals, sink);
  run_pipeline(
      sources, settings.pipeline,
      [&] { return std::make_unique<SelectWorker>(selection, settings, selected); }, consumer);
  totals.selected = selected.load();
  return totals;
}

}  // namespace pgn
