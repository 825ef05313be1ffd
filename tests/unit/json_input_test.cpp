// JSON input (records to PGN text), and the JSON writer's output checked against
// docs/json-schema.json and read back.
#include "libpgn/json_input.hpp"

#include <gtest/gtest.h>
#include <simdjson.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "libpgn/validator.hpp"
#include "libpgn/writers.hpp"

namespace pgn {
namespace {

using simdjson::dom::element;
using simdjson::dom::element_type;

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string read_all(InputSource& source, std::size_t chunk = 4096) {
  std::string out;
  std::vector<char> buffer(chunk);
  while (std::size_t n = source.read(buffer.data(), buffer.size())) out.append(buffer.data(), n);
  return out;
}

// ---- a checker for the part of JSON Schema (draft 2020-12) that docs/json-schema.json uses:
// type, properties, required, items, enum, additionalProperties and local $ref.
class SchemaChecker {
 public:
  explicit SchemaChecker(element root) : root_(root) {}

  // Empty when `value` is valid; otherwise the first violation with its JSON path.
  std::string check(element value) { return check(value, root_, "$"); }

 private:
  std::string check(element value, element schema, const std::string& path) {
    simdjson::dom::object s;
    if (schema.get_object().get(s)) return path + ": schema is not an object";
    std::string_view ref;
    if (!s["$ref"].get_string().get(ref)) {
      element target;
      if (ref.substr(0, 2) != "#/" || root_.at_pointer(ref.substr(1)).get(target))
        return path + ": unresolvable $ref " + std::string(ref);
      if (std::string e = check(value, target, path); !e.empty()) return e;
    }
    std::string_view type;
    if (!s["type"].get_string().get(type) && !has_type(value, type))
      return path + ": expected " + std::string(type);
    simdjson::dom::array options;
    if (!s["enum"].get_array().get(options)) {
      bool found = false;
      for (element option : options)
        if (simdjson::to_string(option) == simdjson::to_string(value)) found = true;
      if (!found) return path + ": " + simdjson::to_string(value) + " is not in the enum";
    }
    simdjson::dom::object object;
    if (!value.get_object().get(object)) {
      simdjson::dom::object properties;
      const bool has_properties = !s["properties"].get_object().get(properties);
      simdjson::dom::array required;
      if (!s["required"].get_array().get(required))
        for (element name : required)
          if (object[std::string_view(name.get_string().value_unsafe())].error())
            return path + ": missing required \"" + std::string(name.get_string().value_unsafe()) +
                   "\"";
      element additional;
      const bool has_additional = !s["additionalProperties"].get(additional);
      for (auto field : object) {
        const std::string child = path + "." + std::string(field.key);
        element property;
        if (has_properties && !properties[field.key].get(property)) {
          if (std::string e = check(field.value, property, child); !e.empty()) return e;
        } else if (has_additional) {
          bool allowed;
          if (!additional.get_bool().get(allowed)) {
            if (!allowed) return child + ": property not allowed";
          } else if (std::string e = check(field.value, additional, child); !e.empty()) {
            return e;
          }
        }
      }
    }
    simdjson::dom::array items;
    element item_schema;
    if (!value.get_array().get(items) && !s["items"].get(item_schema)) {
      std::size_t i = 0;
      for (element item : items) {
        std::string e = check(item, item_schema, path + "[" + std::to_string(i++) + "]");
        if (!e.empty()) return e;
      }
    }
    return {};
  }

  static bool has_type(element value, std::string_view type) {
    switch (value.type()) {
      case element_type::OBJECT:
        return type == "object";
      case element_type::ARRAY:
        return type == "array";
      case element_type::STRING:
        return type == "string";
      case element_type::INT64:
      case element_type::UINT64:
        return type == "integer" || type == "number";
      case element_type::DOUBLE:
        return type == "number";
      case element_type::BOOL:
        return type == "boolean";
      case element_type::NULL_VALUE:
        return type == "null";
    }
    return false;
  }

  element root_;
};

// Validates every game of `pgn` and writes it with `options`.
std::string convert(std::string_view pgn, const WriterOptions& options) {
  auto source = InputSource::from_memory(pgn);
  GameSplitter splitter(*source);
  const ValidateOptions validate_options;  // the validator keeps a reference
  GameValidator validator(validate_options);
  GameWriter writer(options);
  GameRecord record;
  GameReport report;
  RawGame game;
  std::string out;
  while (splitter.next(game)) {
    validator.validate(game, report, &record);
    GameExtras extras;
    extras.report = &report;
    if (report.has_errors()) extras.unchanged_text = game.text;
    writer.write(record, out, extras);
  }
  return out;
}

std::string to_pgn(std::string_view pgn) {
  return convert(pgn, WriterOptions{});
}

std::string to_jsonl(std::string_view pgn, bool fen = false) {
  WriterOptions o;
  o.format = OutputFormat::Jsonl;
  o.fen = fen;
  return convert(pgn, o);
}

std::string jsonl_to_pgn_text(std::string_view jsonl) {
  auto source = make_json_pgn_source(InputSource::from_memory(jsonl));
  std::string text = read_all(*source);
  EXPECT_EQ(source->error(), "");
  return text;
}

const std::string kSample = R"([Event "Sample \"quoted\""]
[Site "?"]
[Date "2024.01.02"]
[Round "1"]
[White "A"]
[Black "B"]
[Result "1-0"]
[Annotator "x\\y"]

{Start} 1. e4! {best} e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6 $14) {after} 2. Nf3 Nc6?!
3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 {a long comment with several words that will not fit on
one line of the export format at all} 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "No tags but this"]
[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]
[SetUp "1"]

1... e5 2. Nf3 *

[Event "Broken"]
[Result "*"]

1. e4 e5 2. Ke3 *
)";

TEST(JsonSchema, WriterOutputMatchesTheDocumentedSchema) {
  const std::string schema_text = read_file(LIBPGN_SOURCE_DIR "/docs/json-schema.json");
  ASSERT_FALSE(schema_text.empty());
  simdjson::dom::parser schema_parser;
  element schema;
  ASSERT_EQ(schema_parser.parse(schema_text).get(schema), simdjson::SUCCESS);
  SchemaChecker checker(schema);

  std::vector<std::string> inputs = {kSample};
  for (const char* f : {"/corpora/real/twic944.pgn", "/corpora/edge/python-chess/nags.pgn",
                        "/corpora/edge/chessops/pathological-headers.pgn"}) {
    std::string text = read_file(std::string(LIBPGN_SHARED_DIR) + f);
    if (text.size() > 300000) text.resize(text.rfind("\n[Event ", 300000));
    if (!text.empty()) inputs.push_back(text);
  }
  simdjson::dom::parser parser;
  std::size_t games = 0;
  for (const std::string& input : inputs) {
    for (bool fen : {false, true}) {
      const std::string jsonl = to_jsonl(input, fen);
      std::istringstream lines(jsonl);
      for (std::string line; std::getline(lines, line);) {
        element game;
        ASSERT_EQ(parser.parse(line).get(game), simdjson::SUCCESS) << line;
        EXPECT_EQ(checker.check(game), "") << line;
        ++games;
      }
    }
  }
  EXPECT_GT(games, 100u);
}

TEST(JsonSchema, CheckerRejectsWhatTheSchemaForbids) {
  const std::string schema_text = read_file(LIBPGN_SOURCE_DIR "/docs/json-schema.json");
  simdjson::dom::parser schema_parser;
  element schema;
  ASSERT_EQ(schema_parser.parse(schema_text).get(schema), simdjson::SUCCESS);
  SchemaChecker checker(schema);
  simdjson::dom::parser parser;
  auto check = [&](const std::string& json) {
    element value;
    EXPECT_EQ(parser.parse(json).get(value), simdjson::SUCCESS);
    return checker.check(value);
  };
  const std::string good =
      R"({"tags":{},"start_fen":"x","moves":[{"san":"e4","uci":"e2e4"}],"result":"*","notation":"en","problems":[]})";
  EXPECT_EQ(check(good), "");
  EXPECT_NE(
      check(
          R"({"tags":{},"start_fen":"x","moves":[],"result":"2-0","notation":"en","problems":[]})"),
      "");
  EXPECT_NE(
      check(
          R"({"tags":{"A":1},"start_fen":"x","moves":[],"result":"*","notation":"en","problems":[]})"),
      "");
  EXPECT_NE(
      check(
          R"({"tags":{},"start_fen":"x","moves":[{"san":"e4"}],"result":"*","notation":"en","problems":[]})"),
      "");
  EXPECT_NE(
      check(
          R"({"tags":{},"start_fen":"x","moves":[],"result":"*","notation":"en","problems":[],"extra":1})"),
      "");
  EXPECT_NE(
      check(
          R"({"tags":{},"start_fen":"x","moves":[{"san":"e4","uci":"e2e4","variations":[[{"san":1,"uci":"x"}]]}],"result":"*","notation":"en","problems":[]})"),
      "");
}

TEST(JsonInput, OwnOutputReadsBackToTheSameNormalizedPgn) {
  const std::string direct = to_pgn(kSample);
  const std::string jsonl = to_jsonl(kSample);
  const std::string regenerated = jsonl_to_pgn_text(jsonl);
  EXPECT_EQ(to_pgn(regenerated), direct) << regenerated;

  // The same through a JSON array, read a few bytes at a time.
  WriterOptions o;
  o.format = OutputFormat::Json;
  std::string array(kJsonArrayOpen);
  std::istringstream lines(jsonl);
  bool first = true;
  for (std::string line; std::getline(lines, line); first = false) {
    if (!first) array += kJsonArraySeparator;
    array += line;
  }
  array += kJsonArrayClose;
  auto source = make_json_pgn_source(InputSource::from_memory(array));
  EXPECT_EQ(to_pgn(read_all(*source, 7)), direct);
  EXPECT_EQ(source->error(), "");
}

TEST(JsonInput, GamesWithErrorsTravelAsTheirText) {
  const std::string jsonl = to_jsonl(kSample);
  EXPECT_NE(jsonl.find("\"pgn\":\"[Event \\\"Broken\\\"]"), std::string::npos);
  EXPECT_NE(jsonl_to_pgn_text(jsonl).find("1. e4 e5 2. Ke3 *"), std::string::npos);
}

TEST(JsonInput, LichessGameExport) {
  const std::string record =
      R"({"id":"q7ZvsdUF","rated":true,"variant":"standard","speed":"blitz","perf":"blitz",)"
      R"("createdAt":1514505150384,"lastMoveAt":1514505592843,"status":"resign",)"
      R"("players":{"white":{"user":{"name":"Lance5500","title":"LM","id":"lance5500"},)"
      R"("rating":2389,"ratingDiff":4},"black":{"user":{"name":"TryingHard87","id":"tryinghard87"},)"
      R"("rating":2498,"ratingDiff":-4}},"winner":"white","opening":{"eco":"D31",)"
      R"("name":"Semi-Slav Defense: Marshall Gambit","ply":7},"moves":"d4 d5 c4 c6 Nc3 e6 e4",)"
      R"("clock":{"initial":300,"increment":3,"totalTime":420}})";
  std::string pgn, error;
  ASSERT_TRUE(json_record_to_pgn(record, pgn, error)) << error;
  EXPECT_EQ(pgn,
            "[Event \"Rated Blitz game\"]\n[Site \"https://lichess.org/q7ZvsdUF\"]\n"
            "[Date \"2017.12.28\"]\n[Round \"-\"]\n[White \"Lance5500\"]\n"
            "[Black \"TryingHard87\"]\n[Result \"1-0\"]\n[UTCDate \"2017.12.28\"]\n"
            "[UTCTime \"23:52:30\"]\n[WhiteElo \"2389\"]\n[WhiteRatingDiff \"+4\"]\n"
            "[WhiteTitle \"LM\"]\n[BlackElo \"2498\"]\n[BlackRatingDiff \"-4\"]\n"
            "[TimeControl \"300+3\"]\n[ECO \"D31\"]\n"
            "[Opening \"Semi-Slav Defense: Marshall Gambit\"]\n[Termination \"Normal\"]\n\n"
            " 1. d4 1... d5 2. c4 2... c6 3. Nc3 3... e6 4. e4 1-0\n\n");
}

TEST(JsonInput, LichessChess960AiAndDraws) {
  const std::string record =
      R"({"id":"x","rated":false,"variant":"chess960","speed":"rapid","status":"draw",)"
      R"("players":{"white":{"aiLevel":3},"black":{"user":{"name":"b"}}},)"
      R"("initialFen":"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1","moves":"e4"})";
  std::string pgn, error;
  ASSERT_TRUE(json_record_to_pgn(record, pgn, error)) << error;
  EXPECT_NE(pgn.find("[Event \"Casual Rapid game\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[White \"lichess AI level 3\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Result \"1/2-1/2\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[Variant \"Chess960\"]"), std::string::npos);
  EXPECT_NE(pgn.find("[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1\"]"),
            std::string::npos);
  EXPECT_NE(pgn.find("[TimeControl \"-\"]"), std::string::npos);
  EXPECT_NE(pgn.find(" 1. e4 1/2-1/2\n\n"), std::string::npos);
}

TEST(JsonInput, RecordsWithAPgnField) {
  std::string pgn, error;
  ASSERT_TRUE(json_record_to_pgn(R"({"pgn":"[Event \"x\"]\n\n1. e4 *\n\n\n"})", pgn, error));
  EXPECT_EQ(pgn, "[Event \"x\"]\n\n1. e4 *\n\n");
}

TEST(JsonInput, EveryTagThePgnReaderReadsIsKept) {
  // `[BlackType: "program"]` is read as the tag "BlackType:"; it must come back from JSON.
  std::string pgn, error;
  RecordOrigin origin;
  ASSERT_TRUE(json_record_to_pgn(
      R"({"tags":{"Event":"x","BlackType:":"program","Ünïcode":"1","White Elo":"2100"},"moves":[]})",
      pgn, error, &origin))
      << error;
  EXPECT_EQ(pgn, "[Event \"x\"]\n[BlackType: \"program\"]\n[Ünïcode \"1\"]\n\n\n\n");
  // A name PGN cannot hold is not dropped silently.
  ASSERT_EQ(origin.lost.size(), 1u);
  EXPECT_EQ(origin.lost[0], "tag \"White Elo\"");
}

TEST(JsonInput, ARecordOfTagsAloneIsAGame) {
  std::string pgn, error;
  ASSERT_TRUE(json_record_to_pgn(R"({"tags":{"Event":"x","Result":"1-0"}})", pgn, error)) << error;
  EXPECT_EQ(pgn, "[Event \"x\"]\n[Result \"1-0\"]\n\n\n\n");
  EXPECT_FALSE(json_record_to_pgn(R"({"white":"x"})", pgn, error));
}

TEST(JsonInput, FieldsAreMarkedWhereTheirPgnStarts) {
  std::string pgn, error;
  RecordOrigin origin;
  ASSERT_TRUE(json_record_to_pgn(
      R"({"tags":{"Event":"x"},"moves":["e4",{"san":"e5","variations":[["c5","Nf3"]]},"Nf3"],"result":"*"})",
      pgn, error, &origin))
      << error;
  auto field_of = [&](std::string_view text) {
    const std::size_t at = pgn.find(text);
    EXPECT_NE(at, std::string::npos) << text;
    return std::string(origin.field_at(at));
  };
  EXPECT_EQ(field_of("[Event"), "tags.Event");
  EXPECT_EQ(field_of("e4"), "moves[0]");
  EXPECT_EQ(field_of("c5"), "moves[1].variations[0][0]");
  EXPECT_EQ(field_of("2. Nf3 )"), "moves[1].variations[0][1]");
  EXPECT_EQ(field_of("2. Nf3 *"), "moves[2]");
  EXPECT_EQ(field_of("*"), "result");
}

TEST(JsonInput, MovesAsPlainStringsAndUci) {
  std::string pgn, error;
  ASSERT_TRUE(json_record_to_pgn(R"({"moves":["e4",{"uci":"e7e5"}],"result":"*"})", pgn, error))
      << error;
  EXPECT_EQ(pgn, "\n 1. e4 1... e7e5 *\n\n");
}

TEST(JsonInput, BadRecordsAreRefusedWithAReason) {
  std::string pgn, error;
  EXPECT_FALSE(json_record_to_pgn("[1,2]", pgn, error));
  EXPECT_FALSE(json_record_to_pgn(R"({"moves":7})", pgn, error));
  EXPECT_NE(error.find("moves"), std::string::npos);
  EXPECT_FALSE(json_record_to_pgn(R"({"moves":[{"san":"e4 {x}","uci":"e2e4"}]})", pgn, error));
  EXPECT_FALSE(json_record_to_pgn(R"({"white":"x"})", pgn, error));
  EXPECT_FALSE(json_record_to_pgn("{\"moves\":", pgn, error));
  EXPECT_EQ(pgn, "");
}

TEST(JsonInput, StreamStopsAtAMalformedRecordNamingIt) {
  auto source = make_json_pgn_source(InputSource::from_memory(
      "{\"moves\":\"e4\"}\n{\"moves\":\"d4\"}\n{\"moves\": [}\n{\"moves\":\"c4\"}\n"));
  const std::string text = read_all(*source);
  EXPECT_NE(text.find("1. d4"), std::string::npos);
  EXPECT_EQ(text.find("1. c4"), std::string::npos);
  EXPECT_NE(source->error().find("JSON record 3 (byte 30)"), std::string::npos) << source->error();

  auto cut = make_json_pgn_source(InputSource::from_memory("[{\"moves\":\"e4\"}, {\"moves\""));
  read_all(*cut);
  EXPECT_NE(cut->error().find("ends inside the record"), std::string::npos) << cut->error();

  auto garbage = make_json_pgn_source(InputSource::from_memory("{\"moves\":\"e4\"} 42"));
  read_all(*garbage);
  EXPECT_NE(garbage->error().find("expected a JSON object"), std::string::npos);
}

TEST(JsonInput, StringsWithBracesDoNotConfuseTheScanner) {
  auto source = make_json_pgn_source(InputSource::from_memory(
      "\xEF\xBB\xBF[\n{\"tags\":{\"Event\":\"} ] {\\\"\"},\"moves\":[],\"result\":\"*\"}\n]\n"));
  const std::string text = read_all(*source);
  EXPECT_EQ(source->error(), "");
  EXPECT_EQ(text, "[Event \"} ] {\\\"\"]\n\n *\n\n");
}

TEST(JsonInput, DetectionTellsJsonFromPgn) {
  EXPECT_TRUE(looks_like_json("{\"moves\":\"e4\"}"));
  EXPECT_TRUE(looks_like_json("  \n[\n  {\"tags\":{}}]"));
  EXPECT_TRUE(looks_like_json("[]"));
  EXPECT_TRUE(looks_like_json("\xEF\xBB\xBF{}"));
  EXPECT_FALSE(looks_like_json("[Event \"x\"]\n"));
  EXPECT_FALSE(looks_like_json("{A comment before the game} 1. e4 *"));
  EXPECT_FALSE(looks_like_json("1. e4 e5"));
  EXPECT_FALSE(looks_like_json(""));
}

}  // namespace
}  // namespace pgn
