// GameValidator: the coordinator of a game's checks. The parser reports a game's events to
// it in input order, and it hands each to the room that owns it:
//   check/tag_checks          the tag section (formats, roster, variant, SetUp/FEN),
//   check/replay              the lines of play and the rules of the final position,
//   check/notation_detection  which notation a game is written in, when none was chosen,
//   check/diagnostics_builder severity, counts, columns and source lines of the problems.
#include "libpgn/validator.hpp"

#include "check/validator_impl.hpp"

namespace pgn {

GameValidator::GameValidator(const ValidateOptions& options)
    : impl_(std::make_unique<Impl>(options)) {}
GameValidator::~GameValidator() = default;

void GameValidator::validate(const RawGame& game, GameReport& report, GameRecord* record) {
  Impl& v = *impl_;
  if (Impl::starts_with_digit(game) && v.read_tagless_bughouse(game, report)) [[unlikely]]
    return;
  if (v.options.notation != nullptr)
    v.read(game, report, v.options.notation, record);
  else
    v.detector.read_with_evidence(game, report, record, v);
  if (report.errors != 0 || v.bughouse_tagged) [[unlikely]] {
    if (v.read_bughouse(game, report)) return;
    if (v.standard_by_default) v.name_variants_reading(game, report);
  }
  if (report.problems.size() > 1) DiagnosticsBuilder::sort_by_position(report);
}

void GameValidator::set_neighbours(const std::vector<RawGame>& games) {
  impl_->detector.set_neighbours(games.data(), games.size());
}

std::span<const std::uint64_t> GameValidator::main_line_keys() const {
  return impl_->replay.main_line_keys();
}

}  // namespace pgn
