// The driver of a repair run (repair_files, libpgn/repair_run.hpp): each worker mends its
// batch's games with a GameRepairer, says every change and writes the games into the batch's
// output; the consumer counts the input as `pgn validate` does (SummaryConsumer) and hands each
// batch's changes and games to the caller in input order.
#include "libpgn/repair_run.hpp"

#include <atomic>
#include <memory>

#include "libpgn/batch_side_table.hpp"
#include "libpgn/json_writer.hpp"
#include "libpgn/terminal_text.hpp"

namespace pgn {
namespace {

bool stopped(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

// One line of text. Its values come from the input, so the line is escaped for the terminal as
// a whole (append_terminal_text).
void append_change_text(std::string& out, const std::string& file, std::uint64_t game,
                        const Repair& r) {
  std::string line = file + ":" + std::to_string(r.line) + ":" + std::to_string(r.column) +
                     ": game " + std::to_string(game);
  if (r.ply) line += ", ply " + std::to_string(r.ply);
  if (!r.variation.empty()) line += ", variation " + r.variation;
  line += ": ";
  line += repair_kind_name(r.kind);
  line += ": ";
  if (r.kind == RepairKind::NotMended) {
    line += r.why;
  } else {
    line += r.was.empty() ? "(none)" : r.was;
    line += " -> ";
    line += r.now.empty() ? "(removed)" : r.now;
    line += " (" + r.why + ")";
  }
  append_terminal_text(out, line);
  out += '\n';
}

void append_change_json(std::string& out, const std::string& file, std::uint64_t game,
                        const Repair& r, bool passed_on) {
  JsonWriter json(out);
  json.begin_object().key("file").string(file);
  json.key("game").number(game);
  json.key("line").number(r.line);
  json.key("column").number(r.column);
  json.key("ply").number(r.ply);
  json.key("variation").string(r.variation);
  json.key("kind").string(repair_kind_name(r.kind));
  json.key("was").string(r.was);
  json.key("now").string(r.now);
  json.key("why").string(r.why);
  json.key("game_passed_on").boolean(passed_on);
  json.end_object().newline();
}

// What happened to the games, added up by the workers.
struct RepairTally {
  std::atomic<std::uint64_t> mended{0}, already_right{0}, cut{0}, unchanged{0};
  std::atomic<std::uint64_t> unchanged_with_errors{0};
  std::array<std::atomic<std::uint64_t>, std::size_t(RepairKind::Count)> by_kind{};
};

class RepairWorker final : public BatchWorker {
 public:
  RepairWorker(const RepairRunSettings& settings, RepairTally& tally,
               BatchSideTable<std::string>& changes)
      : settings_(settings),
        tally_(tally),
        changes_(changes),
        repairer_(settings.validate, settings.repair),
        writer_(settings.writer) {}

  void process(GameBatch& batch) override {
    batch.reports.resize(batch.games.size());
    batch.output.clear();
    std::string said;  // the batch's changes
    repairer_.set_neighbours(batch.games);
    std::uint64_t mended = 0, right = 0, cut = 0, unchanged = 0;
    std::array<std::uint64_t, std::size_t(RepairKind::Count)> kinds{};
    for (std::size_t i = 0; i < batch.games.size(); ++i) {
      const RawGame& game = batch.games[i];
      repairer_.repair(game, fixed_);
      batch.reports[i] = fixed_.report;
      for (const Repair& r : fixed_.repairs) {
        ++kinds[std::size_t(r.kind)];
        if (settings_.changes == ChangeFormat::JsonLines)
          append_change_json(said, *batch.file_name, game.index, r, fixed_.unchanged);
        else
          append_change_text(said, *batch.file_name, game.index, r);
      }
      if (fixed_.unchanged && !fixed_.mended_text.empty()) {
        // Passed on in its own words, with guessed moves put in (a spoken notation).
        ++mended;
        if (fixed_.changes() < fixed_.repairs.size()) tally_.unchanged_with_errors++;
        if (!settings_.dry_run) append_unchanged_game(fixed_.mended_text, batch.output);
        continue;
      }
      if (fixed_.unchanged) {
        ++unchanged;
        if (fixed_.report.has_errors()) tally_.unchanged_with_errors++;
        // Stopped (the output is thrown away): a huge game is not copied first.
        if (!settings_.dry_run && !stopped(settings_.pipeline.stop))
          append_unchanged_game(game.text, batch.output);
        continue;
      }
      if (fixed_.changes())
        ++mended;
      else
        ++right;
      if (fixed_.cut) ++cut;
      if (settings_.dry_run) continue;
      GameExtras extras;
      extras.closing_comment = fixed_.closing_comment;
      writer_.write(fixed_.record, batch.output, extras);
    }
    tally_.mended += mended;
    tally_.already_right += right;
    tally_.cut += cut;
    tally_.unchanged += unchanged;
    for (std::size_t k = 0; k < kinds.size(); ++k) tally_.by_kind[k] += kinds[k];
    changes_.put(batch, std::move(said));
  }

 private:
  const RepairRunSettings& settings_;
  RepairTally& tally_;
  BatchSideTable<std::string>& changes_;
  GameRepairer repairer_;
  GameWriter writer_;
  RepairedGame fixed_;
};

class RepairConsumer final : public SummaryConsumer {
 public:
  RepairConsumer(RunSummary& summary, const std::atomic<bool>* caller_stop, std::atomic<bool>& stop,
                 BatchSideTable<std::string>& changes, RepairSink& sink)
      : SummaryConsumer(summary),
        caller_stop_(caller_stop),
        stop_(stop),
        changes_(changes),
        sink_(sink) {}

 private:
  void problem(const std::string& file, const Diagnostic& d) override { sink_.problem(file, d); }
  void end_batch(GameBatch& batch) override {
    const std::string said = changes_.take(batch);
    if (stopped(caller_stop_)) stop_ = true;
    // Once stopped the output is thrown away: a huge game is not written first.
    if (!stop_ && !sink_.batch(batch.file_index, said, batch.output)) stop_ = true;
    sink_.progress(summary_, batch.file_index, batch.raw_offset);
  }
  void input_done(std::size_t index, const std::string& error) override {
    if (!sink_.input_done(index, error)) stop_ = true;
  }

  const std::atomic<bool>* caller_stop_;
  std::atomic<bool>& stop_;  // the pipeline's: the caller's stop, or an output that failed
  BatchSideTable<std::string>& changes_;
  RepairSink& sink_;
};

}  // namespace

RepairTotals repair_files(const std::vector<Source>& sources, const RepairRunSettings& settings,
                          RepairSink& sink) {
  RepairTotals totals;
  RepairTally tally;
  BatchSideTable<std::string> changes;
  std::atomic<bool> own_stop{false};
  std::atomic<bool>& stop = settings.run_stop ? *settings.run_stop : own_stop;
  RepairConsumer consumer(totals.summary, settings.pipeline.stop, stop, changes, sink);
  PipelineOptions pipeline = settings.pipeline;
  pipeline.stop = &stop;
  run_pipeline(
      sources, pipeline, [&] { return std::make_unique<RepairWorker>(settings, tally, changes); },
      consumer);
  totals.summary.interrupted = stopped(settings.pipeline.stop);
  totals.mended = tally.mended;
  totals.already_right = tally.already_right;
  totals.cut = tally.cut;
  totals.unchanged = tally.unchanged;
  totals.unchanged_with_errors = tally.unchanged_with_errors;
  for (std::size_t k = 0; k < totals.by_kind.size(); ++k) totals.by_kind[k] = tally.by_kind[k];
  return totals;
}

}  // namespace pgn
