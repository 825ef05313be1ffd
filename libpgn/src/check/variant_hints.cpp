// The variants named in the first error of an untagged game that standard rules refuse
// (GameValidator::Impl::name_variants_reading, check/validator_impl.hpp).
#include <algorithm>
#include <memory>
#include <string>

#include "check/validator_impl.hpp"

namespace pgn {
namespace {

// An error another rule set can explain: a move standard rules refuse (a drop, a king
// taken, a piece that exploded moved on) or play after the end, a FEN field or count
// standard chess has not. Not a wrong result claimed, nor a FEN with two kings (antichess
// would read it; a typing slip is likelier), nor a drop, which names crazyhouse itself.
bool refused_by_standard_rules(const Diagnostic& d) {
  switch (d.code) {
    case Code::IllegalMove:
    case Code::AmbiguousMove:
    case Code::WrongResult:
      return !d.written.empty() && d.message.find("--variant") == std::string::npos;
    case Code::BadFen:
      return d.message.find(std::string("(") + fen_error_code(FenError::KingCount) + ")") ==
             std::string::npos;
    default:
      return false;
  }
}

}  // namespace

void GameValidator::Impl::name_variants_reading(const RawGame& game, GameReport& report) {
  const auto first =
      std::find_if(report.problems.begin(), report.problems.end(),
                   [](const Diagnostic& d) { return d.severity == Severity::Error; });
  if (first == report.problems.end() || !refused_by_standard_rules(*first)) return;
  const Notation* read_in = notation ? notation : find_notation("en");
  if (read_in != trials_notation) {
    for (auto& trial : trials) trial.reset();
    trials_notation = read_in;
  }
  // A validator's buffers grow with the games it reads: after a large game (deep nesting, long
  // lines) the trial validators are not kept, so memory stays that of one validator.
  constexpr std::size_t kLargeGameBytes = 64 * 1024;
  const bool large = game.text.size() > kLargeGameBytes;
  std::string hint;
  // Bughouse is left out: one board of a match is no game of its own.
  for (int i = 1; i < kVariantCount; ++i) {
    if (Variant(i) == Variant::Bughouse) continue;
    if (!trials[i]) {
      ValidateOptions trial_options = options;
      trial_options.variant = VariantName{Variant(i), false, true};
      trial_options.notation = read_in;
      trials[i] = std::make_unique<GameValidator>(trial_options);
    }
    GameReport trial;
    trials[i]->validate(game, trial);
    if (large) trials[i].reset();
    if (trial.replayed && trial.errors == 0)
      hint += (hint.empty() ? ": " : "; ") + variant_hint(Variant(i));
  }
  first->message += hint;
}

}  // namespace pgn
