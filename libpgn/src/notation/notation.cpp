// Notation tables: reading localization/*.json into Notation, checking that a table can be
// parsed without ambiguity, and the registry of built-in tables.
#include "libpgn/notation.hpp"

#include <simdjson.h>

#include <algorithm>
#include <cstddef>
#include <map>
#include <set>
#include <stdexcept>
#include <utility>

#include "libpgn/result_forms.hpp"
#include "libpgn/spoken.hpp"
#include "libpgn/tags.hpp"
#include "notation/embedded.hpp"

namespace pgn {
namespace {

using simdjson::dom::element;

// JSON keys of Notation::pieces, indexed by PieceType (index 0 = NoPieceType is unused).
constexpr std::array<std::string_view, kPieceTypeCount> kPieceKeys = {
    "", "pawn", "knight", "bishop", "rook", "queen", "king"};
constexpr std::array<std::string_view, 4> kResultKeys = {"white_wins", "black_wins", "draw",
                                                         "unknown"};
constexpr std::array<std::string_view, 8> kFileKeys = {"a", "b", "c", "d", "e", "f", "g", "h"};
constexpr std::array<std::string_view, 8> kRankKeys = {"1", "2", "3", "4", "5", "6", "7", "8"};

std::string in_quotes(std::string_view text) {
  return "'" + std::string(text) + "'";
}

// Reads the JSON document into a Notation. Keeps the first problem found; every message
// names the field it is about.
class TableReader {
 public:
  bool read(element root, Notation& n) {
    simdjson::dom::object object;
    if (root.get_object().get(object)) return fail("the table must be a JSON object");
    std::vector<std::string_view> seen;
    for (auto field : object) {
      if (std::find(seen.begin(), seen.end(), field.key) != seen.end())
        return fail("field " + in_quotes(field.key) + " appears twice");
      seen.push_back(field.key);
      if (!read_field(field.key, field.value, n)) return false;
    }
    for (std::string_view required : {"code", "name", "pieces", "results"})
      if (std::find(seen.begin(), seen.end(), required) == seen.end())
        return fail("missing field " + in_quotes(required));
    return true;
  }

  const std::string& error() const { return error_; }

 private:
  bool fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
    return false;
  }

  bool read_field(std::string_view key, element value, Notation& n) {
    // "$comment" carries the table's sources and confidence for human readers.
    if (key == "$comment") {
      std::string ignored;
      return read_string(value, key, ignored);
    }
    if (key == "code") return read_string(value, key, n.code);
    if (key == "name") return read_string(value, key, n.name);
    if (key == "example") return read_string(value, key, n.example);
    if (key == "detection_priority") {
      std::int64_t priority = 0;
      if (value.get_int64().get(priority) || priority < 0 || priority > 1000)
        return fail("field 'detection_priority' must be a whole number from 0 to 1000");
      n.detection_priority = int(priority);
      return true;
    }
    if (key == "spoken") {
      if (value.get_bool().get(n.spoken)) return fail("field 'spoken' must be true or false");
      return true;
    }
    if (key == "pieces") return read_keyed_lists(value, key, kPieceKeys, n.pieces, 1);
    if (key == "results") return read_keyed_lists(value, key, kResultKeys, n.results, 0);
    if (key == "file_aliases") return read_keyed_lists(value, key, kFileKeys, n.file_aliases, 0);
    if (key == "file_words") return read_keyed_lists(value, key, kFileKeys, n.file_words, 0);
    if (key == "rank_words") return read_keyed_lists(value, key, kRankKeys, n.rank_words, 0);
    const std::pair<std::string_view, std::vector<std::string>*> lists[] = {
        {"castle_short", &n.castle_short},
        {"castle_long", &n.castle_long},
        {"capture", &n.capture},
        {"move_dash", &n.move_dash},
        {"check", &n.check},
        {"mate", &n.mate},
        {"double_check", &n.double_check},
        {"promotion", &n.promotion},
        {"en_passant", &n.en_passant},
        {"capture_words", &n.capture_words},
        {"check_words", &n.check_words},
        {"mate_words", &n.mate_words},
        {"promotion_words", &n.promotion_words},
        {"en_passant_words", &n.en_passant_words},
        {"drop_words", &n.drop_words},
    };
    for (const auto& [name, list] : lists)
      if (key == name) return read_list(value, key, *list);
    return fail("unknown field " + in_quotes(key));
  }

  bool read_string(element value, std::string_view field, std::string& out) {
    std::string_view text;
    if (value.get_string().get(text))
      return fail("field " + in_quotes(field) + " must be a string");
    out = text;
    return true;
  }

  bool read_list(element value, std::string_view field, std::vector<std::string>& out) {
    simdjson::dom::array array;
    if (value.get_array().get(array))
      return fail("field " + in_quotes(field) + " must be a list of strings");
    for (element item : array) {
      std::string_view text;
      if (item.get_string().get(text))
        return fail("field " + in_quotes(field) + " must be a list of strings");
      if (text.size() > kMaxNotationFormBytes)
        return fail("field " + in_quotes(field) + " holds a string of " +
                    std::to_string(text.size()) + " bytes; a form may have at most " +
                    std::to_string(kMaxNotationFormBytes) + " bytes");
      if (++forms_ > kMaxNotationForms)
        return fail("the table has more than " + std::to_string(kMaxNotationForms) +
                    " strings in its lists (the limit), the last read in field " +
                    in_quotes(field));
      out.emplace_back(text);
    }
    return true;
  }

  // An object whose keys are `keys` (from index `first` on), each holding a list. Keys may be
  // left out (an empty list); validation decides which lists must be filled.
  template <std::size_t N>
  bool read_keyed_lists(element value, std::string_view field,
                        const std::array<std::string_view, N>& keys,
                        std::array<std::vector<std::string>, N>& out, std::size_t first) {
    simdjson::dom::object object;
    if (value.get_object().get(object))
      return fail("field " + in_quotes(field) + " must be an object");
    for (auto entry : object) {
      const auto* key = std::find(keys.begin() + first, keys.end(), entry.key);
      const std::string path = std::string(field) + "." + std::string(entry.key);
      if (key == keys.end()) return fail("unknown field " + in_quotes(path));
      auto& list = out[key - keys.begin()];
      if (!list.empty()) return fail("field " + in_quotes(path) + " appears twice");
      if (!read_list(entry.value, path, list)) return false;
    }
    return true;
  }

  std::string error_;
  std::size_t forms_ = 0;  // strings read into lists so far
};

bool contains_space(std::string_view text) {
  return text.find_first_of(" \t\r\n") != std::string_view::npos;
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// One string of a table and the field it came from, e.g. {"Кр", "pieces.king"}.
struct Entry {
  std::string text;
  std::string field;
};

class TableValidator {
 public:
  explicit TableValidator(const Notation& n) : n_(n) {}

  // Returns an empty string when the table is usable, else the first problem.
  std::string check() {
    check_identity();
    if (n_.spoken)
      check_spoken();
    else
      check_written();
    return error_;
  }

 private:
  void fail(std::string message) {
    if (error_.empty()) error_ = std::move(message);
  }

  void require_filled(const std::vector<std::string>& list, const std::string& field) {
    if (list.empty()) fail("field " + in_quotes(field) + " must be a non-empty list of strings");
  }

  void check_identity() {
    if (n_.code.empty()) fail("field 'code' must not be empty");
    for (char c : n_.code)
      if (!((c >= 'a' && c <= 'z') || is_digit(c) || c == '-'))
        fail("field 'code' must use lower-case letters, digits and '-' only (got " +
             in_quotes(n_.code) + ")");
    if (n_.name.empty()) fail("field 'name' must not be empty");
    for (int i = 0; i < 4; ++i)
      require_filled(n_.results[i], "results." + std::string(kResultKeys[i]));
    require_filled(n_.castle_short, "castle_short");
    require_filled(n_.castle_long, "castle_long");
  }

  // Every string of the table, labelled by field. Promotion's "" (letter right after the
  // square) is the one empty string allowed.
  std::vector<Entry> written_entries() const {
    std::vector<Entry> entries;
    auto add = [&](const std::vector<std::string>& list, const std::string& field) {
      for (const auto& text : list) entries.push_back({text, field});
    };
    for (int t = Pawn; t <= King; ++t) add(n_.pieces[t], "pieces." + std::string(kPieceKeys[t]));
    for (int f = 0; f < 8; ++f) {
      add(n_.file_aliases[f], "file_aliases." + std::string(kFileKeys[f]));
      entries.push_back({std::string(kFileKeys[f]), "the file letter"});
    }
    add(n_.castle_short, "castle_short");
    add(n_.castle_long, "castle_long");
    add(n_.capture, "capture");
    add(n_.move_dash, "move_dash");
    add(n_.check, "check");
    add(n_.mate, "mate");
    add(n_.double_check, "double_check");
    add(n_.en_passant, "en_passant");
    for (const auto& text : n_.promotion)
      if (!text.empty()) entries.push_back({text, "promotion"});
    for (int i = 0; i < 4; ++i) add(n_.results[i], "results." + std::string(kResultKeys[i]));
    return entries;
  }

  void check_written() {
    for (int t = Knight; t <= King; ++t)
      require_filled(n_.pieces[t], "pieces." + std::string(kPieceKeys[t]));
    require_filled(n_.check, "check");
    require_filled(n_.mate, "mate");
    const std::pair<const std::array<std::vector<std::string>, 8>*, const char*> word_tables[] = {
        {&n_.file_words, "file_words"}, {&n_.rank_words, "rank_words"}};
    for (const auto& [table, field] : word_tables)
      for (const auto& list : *table)
        if (!list.empty()) fail(std::string("field '") + field + "' is only for spoken tables");
    for (const auto* list : {&n_.capture_words, &n_.check_words, &n_.mate_words,
                             &n_.promotion_words, &n_.en_passant_words, &n_.drop_words})
      if (!list->empty()) fail("word lists (capture_words ...) are only for spoken tables");

    const std::vector<Entry> entries = written_entries();
    for (const auto& entry : entries) {
      if (entry.text.empty())
        fail("field " + in_quotes(entry.field) +
             " holds an empty string (leave the list empty instead)");
      else if (contains_space(entry.text))
        fail("field " + in_quotes(entry.field) + ": " + in_quotes(entry.text) +
             " contains a space, but moves are single tokens");
    }
    for (int t = Pawn; t <= King; ++t)
      for (const auto& symbol : n_.pieces[t])
        if (!symbol.empty() && is_digit(symbol[0]))
          fail("field 'pieces." + std::string(kPieceKeys[t]) + "': " + in_quotes(symbol) +
               " starts with a digit");
    check_distinct(entries);
    check_prefixes(entries);
  }

  // The same string in two roles (a piece letter that is also a file letter, a capture sign
  // that is also a mate sign...) would make a token readable two ways.
  void check_distinct(const std::vector<Entry>& entries) {
    std::map<std::string, const Entry*> first_use;
    for (const auto& entry : entries) {
      auto [it, inserted] = first_use.emplace(entry.text, &entry);
      if (inserted) continue;
      if (it->second->field == entry.field)
        fail("field " + in_quotes(entry.field) + " lists " + in_quotes(entry.text) + " twice");
      else
        fail(in_quotes(entry.text) + " is both " + it->second->field + " and " + entry.field +
             ", so moves using it would be ambiguous");
    }
  }

  // A piece symbol may be the beginning of another one ("К" knight, "Кр" king) as long as
  // the rest cannot be mistaken for what follows a piece symbol (a file, a rank digit, a
  // capture sign or a dash); otherwise "Кр..." could be split either way. In sorted order
  // the symbols a shorter one begins follow it directly, and the followers a rest begins
  // with are looked up by length: no pair of symbols is compared blindly.
  void check_prefixes(const std::vector<Entry>& entries) {
    std::vector<const Entry*> heads;
    std::set<std::string_view> followers = {"1", "2", "3", "4", "5", "6", "7", "8"};
    std::size_t longest_follower = 1;
    for (const auto& entry : entries) {
      const bool is_piece = entry.field.starts_with("pieces.");
      const bool is_file = entry.field == "the file letter" || entry.field.starts_with("file_");
      if (is_piece || is_file) heads.push_back(&entry);
      if (is_file || entry.field == "capture" || entry.field == "move_dash") {
        followers.insert(entry.text);
        longest_follower = std::max(longest_follower, entry.text.size());
      }
    }
    std::sort(heads.begin(), heads.end(),
              [](const Entry* a, const Entry* b) { return a->text < b->text; });
    for (std::size_t i = 0; i < heads.size(); ++i) {
      const Entry* shorter = heads[i];
      if (shorter->text.empty()) continue;
      for (std::size_t k = i + 1; k < heads.size() && heads[k]->text.starts_with(shorter->text);
           ++k) {
        const Entry* longer = heads[k];
        if (shorter->field == longer->field || longer->text.size() == shorter->text.size())
          continue;
        const std::string_view rest = std::string_view(longer->text).substr(shorter->text.size());
        for (std::size_t n = 1; n <= std::min(rest.size(), longest_follower); ++n)
          if (followers.count(rest.substr(0, n))) {
            fail(in_quotes(longer->text) + " (" + longer->field + ") reads as " +
                 in_quotes(shorter->text) + " (" + shorter->field + ") followed by " +
                 in_quotes(rest.substr(0, n)));
            return;
          }
      }
    }
  }

  void check_spoken() {
    for (int t = Pawn; t <= King; ++t)
      require_filled(n_.pieces[t], "pieces." + std::string(kPieceKeys[t]));
    for (int i = 0; i < 8; ++i) {
      require_filled(n_.file_words[i], "file_words." + std::string(kFileKeys[i]));
      require_filled(n_.rank_words[i], "rank_words." + std::string(kRankKeys[i]));
    }
    require_filled(n_.capture_words, "capture_words");
    require_filled(n_.check_words, "check_words");
    require_filled(n_.mate_words, "mate_words");
    require_filled(n_.promotion_words, "promotion_words");
    require_filled(n_.drop_words, "drop_words");

    // Single words: pieces, files and ranks. Phrases may have several words.
    std::vector<Entry> words;
    std::vector<Entry> phrases;
    auto add = [&](std::vector<Entry>& into, const std::vector<std::string>& list,
                   const std::string& field) {
      for (const auto& text : list) into.push_back({text, field});
    };
    for (int t = Pawn; t <= King; ++t)
      add(words, n_.pieces[t], "pieces." + std::string(kPieceKeys[t]));
    for (int i = 0; i < 8; ++i)
      add(words, n_.file_words[i], "file_words." + std::string(kFileKeys[i]));
    for (int i = 0; i < 8; ++i)
      add(words, n_.rank_words[i], "rank_words." + std::string(kRankKeys[i]));
    add(phrases, n_.castle_short, "castle_short");
    add(phrases, n_.castle_long, "castle_long");
    add(phrases, n_.capture_words, "capture_words");
    add(phrases, n_.check_words, "check_words");
    add(phrases, n_.mate_words, "mate_words");
    add(phrases, n_.promotion_words, "promotion_words");
    add(phrases, n_.en_passant_words, "en_passant_words");
    add(phrases, n_.drop_words, "drop_words");

    for (const auto& word : words)
      if (word.text.empty() || contains_space(word.text))
        fail("field " + in_quotes(word.field) + ": " + in_quotes(word.text) +
             " must be one word without spaces");
    for (const auto& phrase : phrases)
      if (phrase.text.empty() || phrase.text.front() == ' ' || phrase.text.back() == ' ' ||
          phrase.text.find("  ") != std::string::npos ||
          phrase.text.find_first_of("\t\r\n") != std::string::npos)
        fail("field " + in_quotes(phrase.field) + ": " + in_quotes(phrase.text) +
             " must be words separated by single spaces");

    // Compared folded, the way the reader compares them. Spellings that fold alike within
    // one field ("Cäsar", "Caesar") are fine.
    std::map<std::string, const Entry*> first_use;
    auto claim = [&](const std::string& folded, const Entry& entry) {
      auto [it, inserted] = first_use.emplace(folded, &entry);
      if (!inserted && it->second->field != entry.field)
        fail(in_quotes(entry.text) + " is both " + it->second->field + " and " + entry.field +
             ", so phrases using it would be ambiguous");
    };
    for (const auto& word : words) claim(fold_spoken_word(word.text), word);
    for (const auto& phrase : phrases) claim(fold_spoken_word(phrase.text), phrase);
    // A phrase must not start with a word that already means something else, or the reader
    // could not tell where the phrase begins.
    for (const auto& phrase : phrases) {
      const std::string folded = fold_spoken_word(phrase.text);
      const std::size_t space = folded.find(' ');
      if (space == std::string::npos) continue;
      auto it = first_use.find(folded.substr(0, space));
      if (it != first_use.end() && it->second->field != phrase.field)
        fail(in_quotes(phrase.text) + " (" + phrase.field + ") starts with " +
             in_quotes(it->second->text) + ", which is " + it->second->field);
    }
  }

  const Notation& n_;
  std::string error_;
};

// `check` false skips TableValidator: for the built-in tables, which notation_test validates
// (a quarter of the start-up of every run went into checking them again).
std::unique_ptr<Notation> parse_table(std::string_view json, std::string& error,
                                      bool check = true) {
  simdjson::dom::parser parser;
  element root;
  if (auto code = parser.parse(json.data(), json.size()).get(root)) {
    error = std::string("invalid JSON: ") + simdjson::error_message(code);
    return nullptr;
  }
  auto notation = std::make_unique<Notation>();
  TableReader reader;
  if (!reader.read(root, *notation)) {
    error = reader.error();
    return nullptr;
  }
  if (check) error = TableValidator(*notation).check();
  if (!error.empty()) return nullptr;
  return notation;
}

char ascii_lower(char c) {
  return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

bool equals_ignoring_case(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return ascii_lower(x) == ascii_lower(y);
         });
}

struct BuiltinTables {
  std::vector<std::unique_ptr<Notation>> owned;
  std::vector<const Notation*> ordered;  // English first, then by code
};

BuiltinTables load_builtin_tables() {
  BuiltinTables tables;
  for (const EmbeddedFile& file : embedded_localization_files()) {
    std::string error;
    // The tables ship inside the library and are tested (notation_test validates each one);
    // a bad one is a build defect.
    auto notation = parse_table(file.contents, error, false);
    if (!notation) throw std::runtime_error(std::string(file.name) + ": " + error);
    if (std::string(file.name) != notation->code + ".json")
      throw std::runtime_error(std::string(file.name) + ": field 'code' is " +
                               in_quotes(notation->code) + ", which does not match the file name");
    tables.owned.push_back(std::move(notation));
  }
  for (const auto& table : tables.owned) tables.ordered.push_back(table.get());
  std::sort(tables.ordered.begin(), tables.ordered.end(), [](const Notation* a, const Notation* b) {
    return std::make_pair(a->code != "en", a->code) < std::make_pair(b->code != "en", b->code);
  });
  return tables;
}

const BuiltinTables& builtin_tables() {
  static const BuiltinTables tables = load_builtin_tables();
  return tables;
}

}  // namespace

std::unique_ptr<Notation> parse_notation_json(std::string_view json, std::string& error) {
  error.clear();
  return parse_table(json, error);
}

std::span<const Notation* const> builtin_notations() {
  return builtin_tables().ordered;
}

const Notation* find_notation(std::string_view code_or_name) {
  for (const Notation* n : builtin_notations())
    if (equals_ignoring_case(n->code, code_or_name) || equals_ignoring_case(n->name, code_or_name))
      return n;
  return nullptr;
}

ResultForms::ResultForms() {
  for (const Notation* n : builtin_notations()) add(*n);
}

ResultForms::ResultForms(std::span<const Notation* const> extra, const Notation* chosen)
    : ResultForms(builtin()) {
  for (const Notation* n : extra) add(*n);
  if (chosen) add(*chosen);
}

const ResultForms& ResultForms::builtin() {
  static const ResultForms forms;
  return forms;
}

void ResultForms::add(const Notation& table) {
  for (int r = 0; r < 4; ++r)
    for (const std::string& form : table.results[r]) {
      if (form.empty() || find(form)) continue;  // the first table listing a form decides
      forms_.emplace_back(form, GameResult(r));
      first_bytes_[static_cast<unsigned char>(form[0])] = true;
    }
}

const GameResult* ResultForms::find(std::string_view text) const {
  for (const auto& [form, result] : forms_)
    if (form == text) return &result;
  return nullptr;
}

bool ResultForms::read(std::string_view text, GameResult& out, const Notation* preferred) const {
  if (const std::optional<GameResult> standard = read_result(text)) {
    out = *standard;
    return true;
  }
  if (preferred)
    for (int r = 0; r < 4; ++r)
      for (const std::string& form : preferred->results[r])
        if (form == text) {
          out = GameResult(r);
          return true;
        }
  const GameResult* found = find(text);
  if (found) out = *found;
  return found != nullptr;
}

std::string_view written_result(GameResult result, const Notation* notation) {
  if (notation) {
    const auto& forms = notation->results[int(result)];
    if (!forms.empty() && !forms.front().empty()) return forms.front();
  }
  return result_text(result);
}

const Notation& english_notation() {
  // Looked up once: the validator asks for it in every game.
  static const Notation* const english = find_notation("en");
  if (!english) throw std::runtime_error("the built-in English table (en.json) is missing");
  return *english;
}

}  // namespace pgn
