#include "check/notation_detection.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "check/severity_rules.hpp"
#include "libpgn/parser.hpp"
#include "libpgn/spoken.hpp"

namespace pgn {
namespace {
// Whether two readings of a token name the same move (signs for capture or check aside).
bool same_move(const MoveText& a, const MoveText& b) {
  return a.kind == b.kind && a.piece == b.piece && a.from_file == b.from_file &&
         a.from_rank == b.from_rank && a.to == b.to && a.promotion == b.promotion;
}

// What decides how a table reads moves, as one comparable string (list order aside).
std::string reading_key(const Notation& n) {
  std::string key = n.spoken ? "spoken" : "";
  auto add = [&](std::vector<std::string> list) {
    std::sort(list.begin(), list.end());
    for (const auto& item : list) key += item + '\x1f';
    key += '\x1e';
  };
  for (const auto& list : n.pieces) add(list);
  for (const auto& list : n.file_aliases) add(list);
  for (const auto& list : n.file_words) add(list);
  for (const auto& list : n.rank_words) add(list);
  for (const auto* list :
       {&n.castle_short, &n.castle_long, &n.capture, &n.move_dash, &n.check, &n.mate,
        &n.double_check, &n.promotion, &n.en_passant, &n.capture_words, &n.check_words,
        &n.mate_words, &n.promotion_words, &n.en_passant_words, &n.drop_words})
    add(*list);
  return key;
}

// The built-in tables other than English, preferred first, leaving out any table that reads
// exactly like one before it; and for each table kept, the name its reading is listed under.
struct BuiltinReadings {
  std::vector<const Notation*> distinct;
  std::vector<std::pair<const Notation*, std::string>> names;  // only tables with twins
};

const BuiltinReadings& builtin_readings() {
  static const BuiltinReadings readings = [] {
    std::vector<const Notation*> tables;
    for (const Notation* n : builtin_notations())
      if (n != &english_notation()) tables.push_back(n);
    std::stable_sort(tables.begin(), tables.end(), [](const Notation* a, const Notation* b) {
      return a->detection_priority < b->detection_priority;
    });
    BuiltinReadings built;
    std::vector<std::string> keys;
    std::vector<std::string> names;
    for (const Notation* n : tables) {
      std::string key = reading_key(*n);
      const auto same = std::find(keys.begin(), keys.end(), key);
      if (same != keys.end()) {
        names[std::size_t(same - keys.begin())] += "/" + n->code;
        continue;
      }
      keys.push_back(std::move(key));
      names.push_back(n->code);
      built.distinct.push_back(n);
    }
    for (std::size_t i = 0; i < built.distinct.size(); ++i)
      if (names[i] != built.distinct[i]->code)
        built.names.emplace_back(built.distinct[i], names[i]);
    return built;
  }();
  return readings;
}

// The distinct built-in tables, then the user's tables.
std::vector<const Notation*> distinct_notations(const std::vector<const Notation*>& extra) {
  const std::vector<const Notation*>& builtins = builtin_readings().distinct;
  if (extra.empty()) return builtins;
  std::vector<const Notation*> all = builtins;
  all.insert(all.end(), extra.begin(), extra.end());
  return all;
}

// What the letters of a game's moves say of English: every move token of the text, those
// after an illegal move and in variations included (a reading stops at its first bad move).
struct EnglishLetters final : Visitor {
  bool all_english = true;  // every token is a move in English SAN
  bool foreign = false;     // a token has a letter of another alphabet, which no English move has
                            // (Cyrillic letters; not a stray ASCII character)

  void add(std::string_view token) {
    const Notation& english = english_notation();
    if (std::find(english.en_passant.begin(), english.en_passant.end(), token) !=
        english.en_passant.end())
      return;
    const detail::ByteSet& alphabet = detail::move_alphabet(english);
    for (const char c : token)
      foreign = foreign || (static_cast<unsigned char>(c) >= 0x80 &&
                            !alphabet.has(static_cast<unsigned char>(c)));
    MoveText text;
    MoveTextError error = MoveTextError::None;
    if (all_english) all_english = parse_move_text(token, text, error, nullptr) == token.size();
  }

  bool wants_move_numbers() const override { return false; }
  bool wants_columns() const override { return false; }
  Control move(std::string_view token, TextPos) override {
    add(token);
    return Control::Continue;
  }
};

// The letters of every move token of `game`.
EnglishLetters english_letters(const RawGame& game, const ParseLimits& limits) {
  EnglishLetters letters;
  parse_game(game, letters, limits);
  return letters;
}
// Whether every token of a game read whole (its reading's tokens) is English SAN.
bool written_in_english(const std::vector<std::string_view>& tokens) {
  EnglishLetters letters;
  for (std::size_t i = 0; i < tokens.size() && letters.all_english; ++i) letters.add(tokens[i]);
  return letters.all_english;
}

bool clean(const GameReport& r) {
  for (const auto& d : r.problems)
    if (d.code == Code::IllegalMove || d.code == Code::AmbiguousMove) return false;
  return true;
}
}  // namespace

std::string NotationDetector::reading_name(const Notation& n) {
  for (const auto& [table, name] : builtin_readings().names)
    if (table == &n) return name;
  return n.code;
}

bool NotationDetector::first_token_is_spoken(const Notation& n, const ReadingTrace& trace) {
  auto& known = spoken_first_words_[&n];
  const std::string token(trace.read_tokens.front());
  if (auto found = known.find(token); found != known.end()) return found->second;
  if (known.size() >= 1024) known.clear();
  return known[token] = looks_spoken(token, n);
}

void NotationDetector::read(const RawGame& game, GameReport& report, GameRecord* record,
                            Reader& reader) {
  ReadingTrace& trace = reader.trace();
  readings_.clear();
  read_alike_.clear();
  last_winner_ = nullptr;
  // Detection. The readings are tried in order: the notation of the previous game first
  // (files rarely change notation), then English, then the others by preference. A reading
  // stops at its first unreadable token. The first that replays the whole game wins.
  // Every other candidate is then read without replay over the winner's tokens: if it reads
  // them all alike it is the same reading, if it fails on one it is no reading, and only a
  // move read differently makes it worth a replay, to see whether it is a second legal game.
  // The hint only changes how fast the answer is found, never the answer: among readings
  // that give the same game, the best-ranked notation (English, then by preference) is the
  // one reported, and of two different legal readings the better-ranked one is used.
  const Notation* english = &english_notation();
  // English, then the distinct tables by preference: the same for every game, so made once.
  std::vector<const Notation*>& ranked = ranked_notations_;
  if (ranked.empty()) {
    ranked.push_back(english);
    for (const Notation* n : distinct_notations(options_.extra_notations)) ranked.push_back(n);
    for (const Notation* n : ranked) ranked_alphabets_.push_back(&detail::move_alphabet(*n));
  }
  // The usual case, English first and read in full, with tokens that no other table can read
  // (no other table has N, B, R, Q and K; no spoken table has "Nf3" among its words): then no
  // second reading exists, and the search below is not built.
  auto another_may_read = [&] {
    for (std::size_t i = 1; i < ranked.size(); ++i)
      if (trace.read_bytes.within(*ranked_alphabets_[i]) &&
          (!ranked[i]->spoken || first_token_is_spoken(*ranked[i], trace)))
        return true;
    return false;
  };
  if (last_detected_ == nullptr) {
    trace.abort_on_unreadable = true;
    trace.mode = ReadingTrace::Mode::Letters;
    reader.read(game, report, nullptr, record);
    trace.mode = ReadingTrace::Mode::Off;
    trace.abort_on_unreadable = false;
    trace.fold_plain_letters();
    if (!trace.text_failed && trace.illegal_count == 0 && clean(report) &&
        (trace.read_tokens.empty() || !another_may_read())) {
      last_winner_ = english;
      return;
    }
  }
  std::vector<const Notation*>& order = notation_order_;
  order.assign(ranked.begin(), ranked.end());
  auto rank = [&](const Notation* n) {
    return std::size_t(std::find(ranked.begin(), ranked.end(), n) - ranked.begin());
  };
  auto last = std::find(order.begin(), order.end(), last_detected_);
  if (last != order.end()) std::rotate(order.begin(), last, last + 1);

  const Notation* winner = nullptr;
  GameReport winner_report;
  std::uint64_t winner_hash = 0;
  std::vector<std::string_view>& winner_tokens = winner_tokens_;
  std::vector<MoveText>& winner_texts = winner_texts_;
  std::vector<std::size_t>& check_order = check_order_;
  winner_tokens.clear();
  const Notation* tokens_read_in = nullptr;  // the table whose run gave winner_tokens
  // When no reading is legal: the one that got furthest (on a tie, the one that could read
  // the move it failed on), and the same among the tables other than English.
  struct Partial {
    const Notation* table = nullptr;
    std::uint64_t moves = 0;
    bool read_all = false;  // every token it met was a move of its table
  };
  Partial best_partial, best_other_partial;
  std::vector<std::pair<std::size_t, const Notation*>> others_ranked;  // the other legal readings
  std::vector<const Notation*> same_reading;  // tables that read the winner's game alike
  const Notation* recorded = nullptr;         // whose reading the record holds
  // What the winner's tokens say and the order they are compared in, found when first
  // needed: most games are read in one notation only, which the bytes of the tokens tell.
  detail::ByteSet winner_bytes;
  bool order_known = false;
  auto adopt_tokens = [&](const Notation* n) {
    winner_tokens.swap(trace.read_tokens);
    winner_bytes = trace.read_bytes;
    tokens_read_in = n;
    order_known = false;
  };
  // Whether table `n` may read every token of the winner: it cannot if a token has a byte
  // that no move of `n` contains (Cyrillic letters in a Latin table).
  auto may_read_winner = [&](const Notation& n) {
    return winner_bytes.within(detail::move_alphabet(n));
  };
  // Tokens that are not plain pawn moves first, so that a table that cannot read the game
  // fails on its first try, with what the winning reading made of each.
  auto prepare_comparing = [&] {
    if (order_known) return;
    order_known = true;
    check_order.clear();
    for (std::size_t i = 0; i < winner_tokens.size(); ++i)
      if (winner_tokens[i].empty() || !is_file_byte(winner_tokens[i][0])) check_order.push_back(i);
    for (std::size_t i = 0; i < winner_tokens.size(); ++i)
      if (!winner_tokens[i].empty() && is_file_byte(winner_tokens[i][0])) check_order.push_back(i);
    winner_texts.resize(winner_tokens.size());
    for (std::size_t i = 0; i < winner_tokens.size(); ++i) {
      MoveTextError error = MoveTextError::None;
      parse_move_text(winner_tokens[i], winner_texts[i], error, tokens_read_in);
    }
  };
  std::vector<std::uint64_t> readings;
  GameReport attempt;
  bool english_not_legal = false;  // English was read in full and is not a legal game
  for (const Notation* n : order) {
    if (winner && !n->spoken && !winner->spoken) {
      if (!may_read_winner(*n)) continue;
      prepare_comparing();
      bool readable = true, same = true;
      for (std::size_t k = 0; k < check_order.size() && readable; ++k) {
        const std::size_t i = check_order[k];
        MoveText text;
        MoveTextError error = MoveTextError::None;
        readable = parse_move_text(winner_tokens[i], text, error, n) == winner_tokens[i].size();
        same = same && readable && same_move(text, winner_texts[i]);
      }
      if (readable && same && rank(n) < rank(winner)) {
        // The same game, reported in the better-ranked notation.
        if (recorded == winner) {
          recorded = n;
          if (record) record->notation = n->code;
        }
        same_reading.push_back(winner);
        winner = n;
        winner_report.notation = n->code;
      } else if (readable && same) {
        same_reading.push_back(n);
      }
      if (!readable || same) continue;
    } else if (winner && n->spoken) {
      // A spoken reading needs every token to be one of its words.
      if (!may_read_winner(*n)) continue;
      prepare_comparing();
      bool words = true;
      for (std::size_t k = 0; k < check_order.size() && words; ++k)
        words = looks_spoken(winner_tokens[check_order[k]], *n);
      if (!words) continue;
    }
    // Each full run also fills the record, so the winner's run rarely has to be repeated.
    trace.abort_on_unreadable = true;
    trace.mode = ReadingTrace::Mode::Full;
    reader.read(game, attempt, n == english ? nullptr : n, record);
    trace.mode = ReadingTrace::Mode::Off;
    trace.abort_on_unreadable = false;
    recorded = n;
    const bool legal = !trace.text_failed && trace.illegal_count == 0 && clean(attempt);
    if (n == english && !legal) english_not_legal = true;
    if (legal && !winner) {
      winner = n;
      winner_report = std::move(attempt);
      winner_hash = trace.line_hash;
      adopt_tokens(n == english ? nullptr : n);
      readings.push_back(winner_hash);
    } else if (legal) {
      // One name per distinct reading.
      if (std::find(readings.begin(), readings.end(), trace.line_hash) != readings.end()) continue;
      readings.push_back(trace.line_hash);
      const Notation* other = n;
      if (rank(n) < rank(winner)) {
        // A better-ranked, different legal reading: it is the one used.
        other = winner;
        winner = n;
        same_reading.clear();
        winner_report = std::move(attempt);
        adopt_tokens(n == english ? nullptr : n);
      }
      others_ranked.push_back({rank(other), other});
    } else if (!winner) {
      const Partial here{n, attempt.moves_replayed, !trace.text_failed};
      auto further = [&](const Partial& best) {
        if (best.table == nullptr || here.moves != best.moves) return here.moves > best.moves;
        if (here.read_all != best.read_all) return here.read_all;
        return rank(n) < rank(best.table);
      };
      if (further(best_partial)) best_partial = here;
      if (n != english && further(best_other_partial)) best_other_partial = here;
    }
  }
  // A game whose English reading fails and whose moves are all English SAN: another table
  // that reads it whole uses English's letters for other pieces ("Kg1" as the Turkish rook
  // move, "Rf3" as the Finnish knight move). The game is in doubt between the two; the other
  // games of its file settle it (read_with_evidence), English first.
  bool english_letters_only = false;
  if (winner && winner != english && !winner->spoken && english_not_legal)
    english_letters_only = written_in_english(winner_tokens);
  if (!winner) {
    // No notation reads the whole game: a game written in English SAN is an English game,
    // reported where its English reading fails; a game with letters English does not use
    // (Cyrillic ones) is read in the table that got furthest; else the reading that did.
    const EnglishLetters letters = english_letters(game, options_.parse_limits);
    const Notation* partial = best_partial.table;
    if (letters.all_english)
      partial = english;
    else if (letters.foreign && partial == english && best_other_partial.table)
      partial = best_other_partial.table;
    reader.read(game, report, partial == english ? nullptr : partial, record);
    return;
  }
  if (winner != english && !english_letters_only) last_detected_ = winner;
  last_winner_ = winner;
  std::sort(others_ranked.begin(), others_ranked.end());
  std::string others;
  if (!others_ranked.empty() || english_letters_only) readings_.push_back(winner);
  for (const auto& [unused_rank, other] : others_ranked) {
    readings_.push_back(other);
    if (!others.empty()) others += ", ";
    others += reading_name(*other);
  }
  if (english_letters_only) readings_.push_back(english);
  report = std::move(winner_report);
  if (record && recorded != winner) {
    GameReport again;
    reader.read(game, again, winner == english ? nullptr : winner, record);
  }
  // A game that reads alike in several tables is listed under all of them ("cs/sk"): its
  // moves cannot say which it is. English, the standard, stands alone.
  report.notation = reading_name(*winner);
  if (winner != english) {
    std::sort(same_reading.begin(), same_reading.end(),
              [&](const Notation* a, const Notation* b) { return rank(a) < rank(b); });
    for (const Notation* n : same_reading)
      if (!n->spoken) {
        report.notation += '/';
        report.notation += reading_name(*n);
      }
  }
  if (!readings_.empty()) read_alike_ = same_reading;
  if (record) record->notation = report.notation;
  const SeverityRules rules(options_);
  if ((!others.empty() || english_letters_only) && !rules.ignores(Code::AmbiguousNotation)) {
    Diagnostic d;
    d.code = Code::AmbiguousNotation;
    d.severity = rules.of_warning();
    d.game = game.index;
    d.offset = game.start.offset;
    d.line = game.start.line;
    d.column = game.start.column;
    d.message = others.empty()
                    ? "the game is written in English letters but is not legal in English; "
                      "it reads as a legal game in notation " +
                          report.notation + ", which was used (choose one with --lang)"
                    : "the game reads as legal but different games in notations " +
                          report.notation + " and " + others + "; " + report.notation +
                          " was used (choose one with --lang)";
    SeverityRules::count(d.severity, report);
    report.problems.insert(report.problems.begin(), std::move(d));
  }
}

const Notation* NotationDetector::batch_notation(Reader& reader) {
  if (evidence_known_) return evidence_;
  evidence_known_ = true;
  evidence_ = nullptr;
  // The first games of the batch read without doubt count for their notation (up to
  // kWitnesses of them: a file's notation shows in a few games, and reading a whole batch a
  // second time would cost as much as the batch); the most counted wins, the better-ranked
  // on a tie.
  constexpr std::size_t kWitnesses = 32;
  std::vector<std::pair<const Notation*, std::size_t>> counts;
  GameReport scratch;
  std::size_t witnesses = 0;
  for (std::size_t i = 0; i < neighbour_count_ && witnesses < kWitnesses; ++i) {
    read(neighbours_[i], scratch, nullptr, reader);
    if (last_winner_ == nullptr || !readings_.empty()) continue;
    ++witnesses;
    auto found = std::find_if(counts.begin(), counts.end(),
                              [&](const auto& c) { return c.first == last_winner_; });
    if (found == counts.end())
      counts.push_back({last_winner_, 1});
    else
      ++found->second;
  }
  auto rank = [&](const Notation* n) {
    return std::size_t(std::find(ranked_notations_.begin(), ranked_notations_.end(), n) -
                       ranked_notations_.begin());
  };
  std::size_t best = 0;
  for (const auto& [table, count] : counts)
    if (count > best || (count == best && rank(table) < rank(evidence_))) {
      best = count;
      evidence_ = table;
    }
  return evidence_;
}

void NotationDetector::read_with_evidence(const RawGame& game, GameReport& report,
                                          GameRecord* record, Reader& reader) {
  read(game, report, record, reader);
  if (readings_.empty() || neighbours_ == nullptr) return;
  const std::vector<const Notation*> readings = readings_;  // the batch is read next
  const std::vector<const Notation*> alike = read_alike_;
  const Notation* settled = batch_notation(reader);
  // A table that reads the game as the reading used does is that reading.
  if (std::find(alike.begin(), alike.end(), settled) != alike.end()) settled = readings.front();
  if (std::find(readings.begin(), readings.end(), settled) == readings.end()) return;
  if (settled != readings.front()) {
    // The batch's notation is a legal reading too: the game is read in it.
    reader.read(game, report, settled == &english_notation() ? nullptr : settled, record);
    report.notation = reading_name(*settled);
    if (record) record->notation = report.notation;
    return;
  }
  // The reading used is the batch's own: no doubt to report.
  auto ambiguity =
      std::find_if(report.problems.begin(), report.problems.end(),
                   [](const Diagnostic& d) { return d.code == Code::AmbiguousNotation; });
  if (ambiguity == report.problems.end()) return;
  if (ambiguity->severity == Severity::Error)
    --report.errors;
  else
    --report.warnings;
  report.problems.erase(ambiguity);
}

}  // namespace pgn
