// The in-memory game model: GameBuilder turns parser events into a Game tree.
#include "libpgn/game.hpp"

#include <memory>

namespace pgn {

std::string_view Game::tag(std::string_view name) const {
  for (const auto& [tag_name, value] : tags) {
    if (tag_name == name) return value;
  }
  return {};
}

void Game::clear() {
  *this = Game{};
}

void GameBuilder::begin_game(const RawGame& raw) {
  game_.clear();
  game_.start = raw.start;
  game_.index = raw.index;
  game_.truncated = raw.truncated;
  game_.code_page = raw.code_page;
  if (raw.truncated) {
    game_.problems.push_back(
        {"limit exceeded: game of " + std::to_string(raw.original_size) + " bytes was cut",
         raw.start});
  }
  lines_.assign(1, &game_.moves);
}

Control GameBuilder::tag(std::string_view name, std::string_view value, TextPos) {
  game_.tags.emplace_back(std::string(name), unescape_tag_value(value));
  return Control::Continue;
}

Control GameBuilder::move(std::string_view token, TextPos pos) {
  MoveNode node;
  node.text = std::string(token);
  node.pos = pos;
  lines_.back()->moves.push_back(std::move(node));
  return Control::Continue;
}

void GameBuilder::nag(int value, TextPos pos) {
  Line& line = *lines_.back();
  if (line.moves.empty()) {
    game_.problems.push_back({"NAG before any move", pos});
    return;
  }
  line.moves.back().nags.push_back(value);
}

void GameBuilder::comment(std::string_view text, TextPos) {
  Line& line = *lines_.back();
  if (line.moves.empty()) {
    line.comments.emplace_back(text);
  } else {
    line.moves.back().comments.emplace_back(text);
  }
}

Control GameBuilder::begin_variation(TextPos pos) {
  Line& line = *lines_.back();
  if (line.moves.empty()) {
    // An alternative needs a move to be an alternative to.
    game_.problems.push_back({"variation without a move before it", pos});
    return Control::SkipVariation;
  }
  // The pointer stays valid: the parent line does not change while the variation is open.
  lines_.push_back(&line.moves.back().variations.emplace_back());
  return Control::Continue;
}

void GameBuilder::end_variation(TextPos) {
  if (lines_.size() > 1) lines_.pop_back();
}

void GameBuilder::result(std::string_view marker, TextPos) {
  game_.result = std::string(marker);
}

void GameBuilder::syntax_error(std::string_view message, TextPos pos) {
  game_.problems.push_back({std::string(message), pos});
}

GameReader::GameReader(InputSource& source, SplitterOptions options, ParseLimits limits)
    : source_(source), splitter_(source, options), limits_(limits) {}

GameReader::~GameReader() = default;

bool GameReader::next(Game& game) {
  RawGame raw;
  if (!splitter_.next(raw)) return false;
  GameBuilder builder(game);
  parse_game(raw, builder, limits_);
  return true;
}

const std::string& GameReader::error() const {
  return source_.error();
}

std::vector<Game> read_games(std::string_view pgn_text) {
  std::unique_ptr<InputSource> source = InputSource::from_memory(pgn_text);
  GameReader reader(*source);
  std::vector<Game> games;
  Game game;
  while (reader.next(game)) games.push_back(std::move(game));
  return games;
}

}  // namespace pgn
