// `pgn fix` on arbitrary bytes: the tag-form readers (dates, rounds, result spellings) on the
// first line, then every game repaired with the options the first byte picks, and written as
// fix writes it. A form read back into the standard's form is standard when read again; a
// mended game, written and read again, needs no further change (fix is idempotent).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "libpgn/reader.hpp"
#include "libpgn/repair.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/writers.hpp"
#include "split_games.hpp"
#include "tags/tag_forms.hpp"

namespace {

using pgn::tags::FormReading;

void check_forms(std::string_view value) {
  std::string out, why, again;
  if (pgn::tags::mend_date(value, out, why) == FormReading::Mended &&
      pgn::tags::mend_date(out, again, why) != FormReading::Standard)
    std::abort();
  out.clear();
  if (pgn::tags::mend_round(value, out, why) == FormReading::Mended &&
      pgn::tags::mend_round(out, again, why) != FormReading::Standard)
    std::abort();
  (void)pgn::read_result(value, pgn::ResultReading::Lenient);
}

pgn::ValidateOptions validate_options() {
  pgn::ValidateOptions o;
  o.max_plies = 1000;
  o.parse_limits.max_variation_depth = 50;
  o.parse_limits.max_comment_bytes = 4096;
  return o;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t selector = data[0];
  const std::string_view bytes(reinterpret_cast<const char*>(data + 1), size - 1);
  check_forms(bytes.substr(0, bytes.find('\n')));

  static const pgn::ValidateOptions options = validate_options();
  pgn::RepairOptions repair_options;
  repair_options.keep_dropped = selector & 1;
  repair_options.keep_notation = selector & 2;
  repair_options.repair_illegal = selector & 4;
  pgn::GameRepairer repairer(options, repair_options);
  pgn::GameRepairer second(options, repair_options);
  static pgn::GameWriter writer(pgn::WriterOptions{});

  auto source = pgn::InputSource::from_memory(bytes);
  pgn::RepairedGame fixed, refixed;
  std::string text;
  fuzz::for_each_game(*source, {.max_games = 16}, [&](const pgn::RawGame& game) {
    repairer.repair(game, fixed);
    if (fixed.unchanged) return;
    text.clear();
    pgn::GameExtras extras;
    extras.closing_comment = fixed.closing_comment;
    writer.write(fixed.record, text, extras);
    if (!(selector & 8)) return;
    pgn::RawGame written;
    written.text = text;
    written.index = 1;
    written.original_size = text.size();
    second.repair(written, refixed);
    if (!refixed.unchanged && refixed.changes() != 0) std::abort();
  });
  return 0;
}
