// The reading layer on its own: compressed-or-plain detection, the game splitter with a
// tiny buffer, parse_game with a visitor that skips variations and games at random (driven
// by the input), and the in-memory Game model. Checks the reader's promises: games are
// numbered in order, every event position (offset, line and column) lies inside its game,
// variation events balance, and a visitor that declines columns gets from column_at() the
// columns the parser would have counted.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "libpgn/game.hpp"
#include "libpgn/reader.hpp"

namespace {

class CheckingVisitor final : public pgn::Visitor {
 public:
  explicit CheckingVisitor(std::uint32_t seed) : state_(seed | 1) {}

  void begin_game(const pgn::RawGame& game) override {
    first_ = game.start.offset;
    last_ = game.start.offset + game.original_size;
    // A game of n bytes spans at most n more lines, and no line of it is longer than n.
    last_line_ = game.start.line + game.original_size;
    max_column_ = (game.start.column == 0 ? 1 : game.start.column) + game.original_size;
    open_ = 0;
    ended_tags_ = 0;
  }
  pgn::Control tag(std::string_view, std::string_view, pgn::TextPos pos) override {
    check(pos);
    return choose();
  }
  pgn::Control end_tags() override {
    ++ended_tags_;
    return choose();
  }
  pgn::Control move(std::string_view token, pgn::TextPos pos) override {
    if (token.empty()) std::abort();
    check(pos);
    return choose();
  }
  void move_number(std::uint32_t, bool, pgn::TextPos pos) override { check(pos); }
  void nag(int value, pgn::TextPos pos) override {
    if (value < 0 || value > 255) std::abort();
    check(pos);
  }
  void comment(std::string_view, pgn::TextPos pos) override { check(pos); }
  pgn::Control begin_variation(pgn::TextPos pos) override {
    check(pos);
    const pgn::Control control = choose();
    if (control != pgn::Control::SkipVariation) ++open_;
    return control;
  }
  void end_variation(pgn::TextPos pos) override {
    check(pos);
    if (open_ == 0) std::abort();  // an end without a reported begin
    --open_;
  }
  void result(std::string_view marker, pgn::TextPos pos) override {
    if (marker.empty()) std::abort();
    check(pos);
  }
  void syntax_error(std::string_view, pgn::TextPos pos) override { check(pos); }
  void syntax_warning(std::string_view, pgn::TextPos pos) override { check(pos); }
  void end_game() override {
    if (open_ != 0 || ended_tags_ > 1) std::abort();
  }

 private:
  // Mostly Continue; now and then a skip, so every skipping path is walked.
  pgn::Control choose() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    switch (state_ % 16) {
      case 0:
        return pgn::Control::SkipVariation;
      case 1:
        return state_ % 64 == 1 ? pgn::Control::SkipGame : pgn::Control::Continue;
      default:
        return pgn::Control::Continue;
    }
  }
  void check(pgn::TextPos pos) const {
    if (pos.offset < first_ || pos.offset > last_ || pos.line == 0 || pos.line > last_line_ ||
        pos.column == 0 || pos.column > max_column_) {
      std::fprintf(stderr, "event at offset %llu line %u column %u outside game [%llu, %llu]\n",
                   (unsigned long long)pos.offset, pos.line, pos.column, (unsigned long long)first_,
                   (unsigned long long)last_);
      std::abort();
    }
  }

  std::uint32_t state_;
  std::uint64_t first_ = 0, last_ = 0;
  std::uint64_t last_line_ = 0, max_column_ = 0;
  std::uint64_t open_ = 0;
  int ended_tags_ = 0;
};

// Every event's position, in order, with columns counted by the parser or left to
// column_at().
class PositionRecorder final : public pgn::Visitor {
 public:
  explicit PositionRecorder(bool columns) : columns_(columns) {}
  bool wants_columns() const override { return columns_; }
  pgn::Control tag(std::string_view, std::string_view, pgn::TextPos pos) override {
    return add(pos);
  }
  pgn::Control move(std::string_view, pgn::TextPos pos) override { return add(pos); }
  void move_number(std::uint32_t, bool, pgn::TextPos pos) override { add(pos); }
  void nag(int, pgn::TextPos pos) override { add(pos); }
  void comment(std::string_view, pgn::TextPos pos) override { add(pos); }
  pgn::Control begin_variation(pgn::TextPos pos) override { return add(pos); }
  void end_variation(pgn::TextPos pos) override { add(pos); }
  void result(std::string_view, pgn::TextPos pos) override { add(pos); }
  void syntax_error(std::string_view, pgn::TextPos pos) override { add(pos); }
  void syntax_warning(std::string_view, pgn::TextPos pos) override { add(pos); }

  std::vector<pgn::TextPos> positions;

 private:
  pgn::Control add(pgn::TextPos pos) {
    positions.push_back(pos);
    return pgn::Control::Continue;
  }
  bool columns_;
};

void check_columns_on_demand(const pgn::RawGame& game, const pgn::ParseLimits& limits) {
  PositionRecorder counted(true), lazy(false);
  parse_game(game, counted, limits);
  parse_game(game, lazy, limits);
  if (counted.positions.size() != lazy.positions.size()) std::abort();
  for (std::size_t i = 0; i < counted.positions.size(); ++i) {
    const pgn::TextPos a = counted.positions[i], b = lazy.positions[i];
    if (a.offset != b.offset || a.line != b.line || pgn::column_at(game, b) != a.column) {
      std::fprintf(stderr, "event %zu: column %u counted, %u on demand\n", i, a.column,
                   pgn::column_at(game, b));
      std::abort();
    }
  }
}

// Where each game starts and how long it is, with reads of `buffer_bytes`.
struct Cut {
  std::uint64_t offset, size;
  std::uint32_t line, column;
  bool operator==(const Cut&) const = default;
};
std::vector<Cut> cuts(std::string_view bytes, std::size_t buffer_bytes) {
  auto source = pgn::InputSource::from_memory(bytes);
  pgn::SplitterOptions options;
  options.buffer_bytes = buffer_bytes;
  pgn::GameSplitter splitter(*source, options);
  std::vector<Cut> out;
  pgn::RawGame game;
  while (splitter.next(game))
    out.push_back({game.start.offset, game.original_size, game.start.line, game.start.column});
  return out;
}

// A position the splitter reports about a game lies inside it.
void check_inside(const pgn::RawGame& game, pgn::TextPos pos) {
  if (pos.line == 0) return;  // none
  if (pos.offset < game.start.offset || pos.offset > game.start.offset + game.original_size ||
      pos.line < game.start.line || pos.column == 0)
    std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes(reinterpret_cast<const char*>(data), size);
  pgn::ParseLimits limits;
  limits.max_variation_depth = 50;
  limits.max_comment_bytes = 1024;
  limits.max_tags = 64;

  {
    auto source = pgn::InputSource::from_memory_detect(bytes);
    pgn::SplitterOptions options;
    options.max_game_bytes = 1 << 14;
    options.buffer_bytes = 256;
    pgn::GameSplitter splitter(*source, options);
    CheckingVisitor visitor(size == 0 ? 1u : std::uint32_t(data[0]) * 2654435761u);
    pgn::RawGame game;
    std::uint64_t games = 0;
    while (splitter.next(game)) {
      if (game.index != ++games) std::abort();
      // The budget counts input bytes: a Windows-1252 byte decodes to at most 3 UTF-8 bytes.
      const std::size_t budget = options.max_game_bytes * (game.code_page ? 3 : 1);
      if (game.text.size() > budget) std::abort();
      check_inside(game, game.dropped_from);
      check_inside(game, game.continued_after_blank_line);
      if (game.truncated && game.end_line != 0 && game.end_line < game.start.line) std::abort();
      parse_game(game, visitor, limits);
      check_columns_on_demand(game, limits);
    }
    if (splitter.binary_data_at() && games != 0) std::abort();
  }
  // Where games start (games on one line, blank lines inside movetext) does not depend on
  // where reads stop.
  if (size < 4096 && cuts(bytes, 7) != cuts(bytes, 1u << 20)) std::abort();
  {
    auto source = pgn::InputSource::from_memory(bytes);
    pgn::GameReader reader(*source, {}, limits);
    pgn::Game game;
    while (reader.next(game)) {
    }
  }
  return 0;
}
