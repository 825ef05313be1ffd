// The validator's way to bughouse records (see GameValidator::Impl::read_bughouse). In its own
// file, as check/variant_hints.cpp: this code in check/validator.cpp changed how the parser's
// instantiation there was inlined, and standard games paid for it.
#include "check/validator_impl.hpp"
#include "libpgn/bughouse.hpp"

namespace pgn {

bool GameValidator::Impl::read_tagless_bughouse(const RawGame& game, GameReport& report,
                                                MainLineRecord* main_line) {
  if (options.variant || !is_bughouse_text(game.text)) return false;
  replay_bughouse(game, report, main_line);
  return true;
}

bool GameValidator::Impl::read_bughouse(const RawGame& game, GameReport& report,
                                        MainLineRecord* main_line) {
  const bool tagged = names_bughouse(tags.tags().variant) ||
                      (options.variant && options.variant->variant == Variant::Bughouse);
  if (!tagged && !(standard_by_default && is_bughouse_text(game.text))) return false;
  replay_bughouse(game, report, main_line);
  return true;
}

void GameValidator::Impl::replay_bughouse(const RawGame& game, GameReport& report,
                                          MainLineRecord* main_line) {
  BughouseMatch match;
  read_bughouse_match(game, options, report, match,
                      main_line ? BughouseDetail::Moves : BughouseDetail::Verdict);
  if (!main_line) return;
  main_line->clear();
  for (const auto& [name, value] : match.tags) main_line->add_tag(name, value);
  std::string move;
  for (const BughouseMove& m : match.moves) {
    move.assign(1, char((m.board ? 'B' : 'A') + (m.side == Black ? 'a' - 'A' : 0)));
    move += ':';
    move += m.san;
    main_line->add_move(move);
  }
}

}  // namespace pgn
