// The SQLite output of libpgn/sqlite.hpp. Workers pack each game's rows into a batch's bytes
// (a value at a time: a kind byte, then 8 bytes or a length and text); the consumer unpacks
// them straight into the bound parameters of prepared statements, so no row is ever held as
// objects. The schema is documented in docs/sqlite.md: change both together.
#include <sqlite3.h>

#include <cstdio>
#include <cstring>
#include <fstream>

#include "libpgn/bughouse_teams.hpp"
#include "libpgn/comment_commands.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/sqlite.hpp"
#include "libpgn/tags.hpp"
#include "libpgn/variant.hpp"
#include "write/record_walk.hpp"

namespace pgn {
namespace {

// ---- packed values ----------------------------------------------------------------------

enum Kind : char { kNull, kInteger, kReal, kText };

void put_null(std::string& out) {
  out += char(kNull);
}
void put_int(std::string& out, std::int64_t v) {
  out += char(kInteger);
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
void put_real(std::string& out, double v) {
  out += char(kReal);
  out.append(reinterpret_cast<const char*>(&v), sizeof v);
}
void put_text(std::string& out, std::string_view v) {
  out += char(kText);
  const std::uint32_t n = std::uint32_t(v.size());
  out.append(reinterpret_cast<const char*>(&n), sizeof n);
  out.append(v);
}
// Text, or NULL when empty (a tag the game does not have).
void put_text_or_null(std::string& out, std::string_view v) {
  if (v.empty())
    put_null(out);
  else
    put_text(out, v);
}
template <class T>
void put_optional_int(std::string& out, const std::optional<T>& v) {
  if (v)
    put_int(out, std::int64_t(*v));
  else
    put_null(out);
}
void put_optional_real(std::string& out, const std::optional<double>& v) {
  if (v)
    put_real(out, *v);
  else
    put_null(out);
}

// An Elo tag as a number; NULL for "", "?", "-" or anything else that is not one. Up to five
// digits (read_tag_number's digits, one more than read_elo allows), as the column has always
// been filled.
void put_rating(std::string& out, std::string_view v) {
  put_optional_int(out, v.size() <= 5 ? read_tag_number(v) : std::nullopt);
}

// The tags that are columns of `games`, in column order.
constexpr std::string_view kTagColumns[] = {
    "Event",    "Site",     "Date", "Round",   "White",     "Black",       "Result",
    "WhiteElo", "BlackElo", "ECO",  "Opening", "Variation", "TimeControl", "Termination"};
constexpr std::size_t kTagColumnCount = std::size(kTagColumns);
constexpr std::size_t kWhite = 4, kBlack = 5, kResult = 6, kWhiteElo = 7, kBlackElo = 8;

const char* verdict(const GameReport& report) {
  if (report.has_errors()) return "errors";
  return report.replayed ? "valid" : "not checked";
}

// Collects the main line's moves as rows (the walk gives positions, SAN and comments).
class MoveRowSink {
 public:
  // The rows go to `out` (cleared first).
  MoveRowSink(std::string& out, bool fen) : rows_text_(out), fen_(fen) { rows_text_.clear(); }

  std::uint64_t rows() const { return rows_; }
  const std::string& rows_text() const { return rows_text_; }

  void leading_comment(std::string_view) {}
  void move(const detail::WalkedMove& m) {
    if (m.depth != 0) return;
    current_ = CommentCommands();
    ply_ = m.ply + 1;
    san_ = m.san;
    uci_ = m.event->move.is_null() ? std::string("0000") : to_uci(*m.before, m.event->move);
    if (fen_) fen_text_ = m.after->fen();
    in_move_ = true;
  }
  void nag(int) {}
  void comment(std::string_view text) { read(text); }
  void comment_after_variations(std::string_view text) { read(text); }
  void variation_begin() {}
  void variation_end() {}
  void move_end() {
    if (!in_move_) return;
    in_move_ = false;
    ++rows_;
    std::string& o = rows_text_;
    put_int(o, ply_);
    put_text(o, san_);
    put_text(o, uci_);
    put_optional_real(o, current_.clock);
    put_optional_real(o, current_.emt);
    if (current_.eval) {
      put_optional_int(o, current_.eval->centipawns);
      put_optional_int(o, current_.eval->mate);
      put_optional_int(o, current_.eval->depth);
    } else {
      put_null(o);
      put_null(o);
      put_null(o);
    }
    put_optional_int(o, current_.timestamp);
    if (fen_)
      put_text(o, fen_text_);
    else
      put_null(o);
  }
  void main_line_end() {}

 private:
  // A malformed command is validate's bad-comment-command warning, already in the problems.
  void read(std::string_view text) {
    if (in_move_ && has_comment_command(text)) read_comment_commands(text, current_);
  }

  std::string& rows_text_;
  bool fen_;
  std::uint64_t rows_ = 0;
  CommentCommands current_;
  std::uint32_t ply_ = 0;
  std::string_view san_;
  std::string uci_, fen_text_;
  bool in_move_ = false;
};

}  // namespace

// ---- worker side ------------------------------------------------------------------------

struct SqliteRowWriter::Impl {
  SqliteOptions options;
  detail::RecordWalker walker;
  std::string moves_scratch;
  std::string_view tag_values[kTagColumnCount];
  std::string teams[2];  // a bughouse match's White and Black
};

SqliteRowWriter::SqliteRowWriter(const SqliteOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->options = options;
}
SqliteRowWriter::~SqliteRowWriter() = default;

// A game's rows: the games row (its columns in order), then the count and rows of tags,
// problems and moves. SqliteDatabase::insert reads them back in the same order.
void SqliteRowWriter::write(const GameRecord& record, const GameReport& report, std::uint64_t index,
                            const TextPos& at, std::string& out) {
  Impl& s = *impl_;
  for (auto& v : s.tag_values) v = {};
  for (const auto& [name, value] : record.tags)
    for (std::size_t i = 0; i < kTagColumnCount; ++i)
      if (name == kTagColumns[i] && s.tag_values[i].empty()) s.tag_values[i] = value;
  // A bughouse match has four players: White and Black are its teams (a team has no Elo).
  if (report.variant.starts_with("Bughouse"))
    for (const Color side : {White, Black}) {
      std::string_view& player = s.tag_values[side == White ? kWhite : kBlack];
      if (!player.empty()) continue;
      s.teams[side] = tags::bughouse_team(
          [&](std::string_view name) {
            for (const auto& [tag, value] : record.tags)
              if (tag == name) return std::string_view(value);
            return std::string_view();
          },
          side);
      player = s.teams[side];
    }

  MoveRowSink sink(s.moves_scratch, s.options.fen);
  if (s.options.moves && report.replayed) {
    detail::WalkOptions walk;
    walk.variations = walk.nags = false;
    walk.positions = true;
    s.walker.walk(record, walk, {}, sink);
  }

  put_int(out, std::int64_t(index));
  put_int(out, std::int64_t(at.offset));
  put_int(out, at.line);
  for (std::size_t i = 0; i < kTagColumnCount; ++i) {
    if (i == kWhiteElo || i == kBlackElo)
      put_rating(out, s.tag_values[i]);
    else if (i == kResult)  // the game's termination marker, as JSON's "result"
      put_text_or_null(out, result_text(record.result ? record.result : report.result));
    else
      put_text_or_null(out, s.tag_values[i]);
  }
  put_text(out, report.variant.empty() ? std::string_view("Standard")
                                       : std::string_view(report.variant));
  put_text_or_null(out, record.from_fen ? record.start.fen() : std::string());
  put_int(out, report.plies);
  put_text(out, verdict(report));
  put_int(out, report.errors);
  put_int(out, report.warnings);

  put_int(out, std::int64_t(record.tags.size()));
  for (const auto& [name, value] : record.tags) {
    put_text(out, name);
    put_text(out, value);
  }

  put_int(out, std::int64_t(report.problems.size()));
  for (const Diagnostic& d : report.problems) {
    put_text(out, code_info(d.code).name);
    put_text(out, severity_name(d.severity));
    put_int(out, d.line);
    put_int(out, d.column);
    put_int(out, d.ply);
    put_text(out, d.message);
    put_text_or_null(out, d.written);
    put_text_or_null(out, d.san);
  }

  put_int(out, std::int64_t(sink.rows()));
  out.append(sink.rows_text());
}

// ---- fingerprints -----------------------------------------------------------------------

bool fingerprint_file(const std::string& path, FileFingerprint& out, std::string& error) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
  // Eight bytes at a time, each word mixed in by a multiply and a shift; the size is mixed
  // in at the end, so that files that differ only by trailing zero bytes differ.
  constexpr std::uint64_t kMultiplier = 0x9E3779B97F4A7C15ull;
  std::uint64_t h = 0x6A09E667F3BCC909ull, size = 0;
  std::vector<char> buffer(1 << 20);
  std::size_t n;
  while ((n = std::fread(buffer.data(), 1, buffer.size(), f)) > 0) {
    std::size_t i = 0;
    for (; i + 8 <= n; i += 8) {
      std::uint64_t w;
      std::memcpy(&w, buffer.data() + i, 8);
      h = (h ^ w) * kMultiplier;
      h ^= h >> 29;
    }
    if (i < n) {
      std::uint64_t w = 0;
      std::memcpy(&w, buffer.data() + i, n - i);
      h = (h ^ w) * kMultiplier;
      h ^= h >> 29;
    }
    size += n;
  }
  const bool failed = std::ferror(f);
  std::fclose(f);
  if (failed) {
    error = "cannot read " + path;
    return false;
  }
  h = (h ^ size) * kMultiplier;
  out.size = size;
  out.hash = h ^ (h >> 32);
  return true;
}

// ---- consumer side ----------------------------------------------------------------------

namespace {

// Version of the schema in PRAGMA user_version; a database of another is not appended to.
constexpr int kSchemaVersion = 1;

constexpr const char* kSchema = R"sql(
CREATE TABLE IF NOT EXISTS files (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  size INTEGER,
  hash TEXT,
  games INTEGER NOT NULL DEFAULT 0,
  loaded_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
CREATE TABLE IF NOT EXISTS games (
  id INTEGER PRIMARY KEY,
  file_id INTEGER NOT NULL REFERENCES files(id),
  game_index INTEGER NOT NULL,
  offset INTEGER NOT NULL,
  line INTEGER NOT NULL,
  event TEXT, site TEXT, date TEXT, round TEXT, white TEXT, black TEXT, result TEXT,
  white_elo INTEGER, black_elo INTEGER, eco TEXT, opening TEXT, variation TEXT,
  time_control TEXT, termination TEXT,
  variant TEXT NOT NULL,
  start_fen TEXT,
  plies INTEGER NOT NULL,
  verdict TEXT NOT NULL,
  errors INTEGER NOT NULL,
  warnings INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS tags (
  game_id INTEGER NOT NULL REFERENCES games(id),
  position INTEGER NOT NULL,
  name TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (game_id, position)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS problems (
  game_id INTEGER NOT NULL REFERENCES games(id),
  code TEXT NOT NULL,
  severity TEXT NOT NULL,
  line INTEGER, "column" INTEGER, ply INTEGER,
  message TEXT NOT NULL,
  written TEXT,
  san TEXT
);
)sql";

constexpr const char* kMovesSchema = R"sql(
CREATE TABLE IF NOT EXISTS moves (
  game_id INTEGER NOT NULL REFERENCES games(id),
  ply INTEGER NOT NULL,
  san TEXT NOT NULL,
  uci TEXT NOT NULL,
  clock REAL, emt REAL,
  eval_cp INTEGER, eval_mate INTEGER, eval_depth INTEGER,
  timestamp INTEGER,
  fen TEXT,
  PRIMARY KEY (game_id, ply)
) WITHOUT ROWID;
)sql";

constexpr const char* kIndexes = R"sql(
CREATE INDEX IF NOT EXISTS games_file ON games(file_id);
CREATE INDEX IF NOT EXISTS games_white ON games(white);
CREATE INDEX IF NOT EXISTS games_black ON games(black);
CREATE INDEX IF NOT EXISTS games_eco ON games(eco);
CREATE INDEX IF NOT EXISTS problems_game ON problems(game_id);
CREATE INDEX IF NOT EXISTS problems_code ON problems(code);
)sql";

constexpr int kGameColumns = 3 + int(kTagColumnCount) + 6;

std::string hex(std::uint64_t v) {
  char buffer[17];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(v));
  return buffer;
}

// Reads packed values back, binding them to a statement's parameters.
class PackedReader {
 public:
  explicit PackedReader(std::string_view bytes) : bytes_(bytes) {}
  bool at_end() const { return pos_ >= bytes_.size(); }
  // The next value, which must be an integer (a count).
  std::int64_t count() {
    std::int64_t v = 0;
    if (pos_ < bytes_.size() && bytes_[pos_] == kInteger)
      std::memcpy(&v, bytes_.data() + pos_ + 1, 8);
    pos_ += 9;
    return v;
  }
  std::size_t position() const { return pos_; }
  void seek(std::size_t position) { pos_ = position; }
  // Passes over `n` values; true when all of them are NULL.
  bool skip(int n) {
    bool all_null = true;
    for (; n > 0; --n) {
      const char kind = bytes_[pos_++];
      if (kind == kText) {
        std::uint32_t length;
        std::memcpy(&length, bytes_.data() + pos_, 4);
        pos_ += 4 + length;
      } else if (kind != kNull) {
        pos_ += 8;
      }
      all_null = all_null && kind == kNull;
    }
    return all_null;
  }
  int bind(sqlite3_stmt* statement, int parameter) {
    const char kind = bytes_[pos_++];
    switch (kind) {
      case kInteger: {
        std::int64_t v;
        std::memcpy(&v, bytes_.data() + pos_, 8);
        pos_ += 8;
        return sqlite3_bind_int64(statement, parameter, v);
      }
      case kReal: {
        double v;
        std::memcpy(&v, bytes_.data() + pos_, 8);
        pos_ += 8;
        return sqlite3_bind_double(statement, parameter, v);
      }
      case kText: {
        std::uint32_t n;
        std::memcpy(&n, bytes_.data() + pos_, 4);
        pos_ += 4;
        const char* text = bytes_.data() + pos_;
        pos_ += n;
        return sqlite3_bind_text(statement, parameter, text, int(n), SQLITE_STATIC);
      }
      default:
        return sqlite3_bind_null(statement, parameter);
    }
  }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
};

}  // namespace

// Rows of tags and moves go in kRowsPerInsert at a time, gathered over the games of a batch:
// one statement for many rows costs SQLite's per-statement work (start, stop, reset) once
// instead of for each. "OR FAIL" spares SQLite the statement journal a many-row statement
// keeps otherwise (to undo its first rows when a later one fails): a failure here rolls the
// whole file back anyway.
constexpr int kRowsPerInsert = 32;
constexpr int kTagValues = 4, kMoveValues = 11;
// A move without comment commands or FEN (every move of most databases) binds only these
// (game_id, ply, san, uci); the columns left out are NULL.
constexpr int kLeanMoveValues = 4;
constexpr const char* kLeanMoveColumns = "moves (game_id, ply, san, uci)";

// "INSERT OR FAIL INTO table VALUES (?, ...), ..." with `rows` rows of `values` each.
std::string insert_rows_sql(const char* table, int values, int rows) {
  std::string row = "(?";
  for (int i = 1; i < values; ++i) row += ", ?";
  row += ')';
  std::string sql = std::string("INSERT OR FAIL INTO ") + table + " VALUES " + row;
  for (int i = 1; i < rows; ++i) sql += ", " + row;
  return sql;
}

// A tag or move row of a batch waiting for its statement: its game and where its packed
// values start.
struct PendingRow {
  std::int64_t game_id;
  std::int64_t number;  // a tag's position; unused for a move (its ply is packed)
  std::size_t at;
  bool lean;  // a move whose columns after uci are all NULL
};

struct SqliteDatabase::Impl {
  sqlite3* db = nullptr;
  SqliteOptions options;
  std::string error;
  sqlite3_stmt *insert_game = nullptr, *insert_tag = nullptr, *insert_problem = nullptr,
               *insert_move = nullptr, *insert_file = nullptr, *update_file = nullptr,
               *insert_tags = nullptr, *insert_moves = nullptr, *find_file = nullptr,
               *insert_lean_move = nullptr, *insert_lean_moves = nullptr;
  std::vector<PendingRow> pending_tags, pending_moves;
  std::int64_t file_id = 0;
  std::uint64_t games = 0;
  bool in_file = false;

  bool fail(const char* what) {
    error = std::string(what) + ": " + (db ? sqlite3_errmsg(db) : "out of memory");
    return false;
  }
  bool exec(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db, sql, nullptr, nullptr, &message) == SQLITE_OK) return true;
    error = message ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    return false;
  }
  bool prepare(const char* sql, sqlite3_stmt*& statement) {
    return sqlite3_prepare_v3(db, sql, -1, SQLITE_PREPARE_PERSISTENT, &statement, nullptr) ==
               SQLITE_OK ||
           fail("cannot prepare a statement");
  }
  // Inserts the pending tag rows: all of them with `all`, else the first kRowsPerInsert
  // (one statement), leaving the rest pending.
  bool insert_tag_rows(PackedReader& in, bool all) {
    std::size_t done = 0;
    const auto bind = [&](sqlite3_stmt* statement, int first, const PendingRow& row) {
      sqlite3_bind_int64(statement, first, row.game_id);
      sqlite3_bind_int64(statement, first + 1, row.number);
      in.seek(row.at);
      in.bind(statement, first + 2);
      in.bind(statement, first + 3);
    };
    if (pending_tags.size() >= std::size_t(kRowsPerInsert)) {
      for (int i = 0; i < kRowsPerInsert; ++i)
        bind(insert_tags, 1 + i * kTagValues, pending_tags[std::size_t(i)]);
      if (!step(insert_tags)) return false;
      done = kRowsPerInsert;
    }
    if (all)
      for (; done < pending_tags.size(); ++done) {
        bind(insert_tag, 1, pending_tags[done]);
        if (!step(insert_tag)) return false;
      }
    pending_tags.erase(pending_tags.begin(), pending_tags.begin() + std::ptrdiff_t(done));
    return true;
  }
  // The same for the pending moves; a statement of lean moves binds only their first values.
  bool insert_move_rows(PackedReader& in, bool all) {
    std::size_t done = 0;
    const auto bind = [&](sqlite3_stmt* statement, int first, const PendingRow& row, int values) {
      sqlite3_bind_int64(statement, first, row.game_id);
      in.seek(row.at);
      for (int i = 1; i < values; ++i) in.bind(statement, first + i);
    };
    if (pending_moves.size() >= std::size_t(kRowsPerInsert)) {
      bool lean = true;
      for (int i = 0; i < kRowsPerInsert; ++i) lean = lean && pending_moves[std::size_t(i)].lean;
      sqlite3_stmt* statement = lean ? insert_lean_moves : insert_moves;
      const int values = lean ? kLeanMoveValues : kMoveValues;
      for (int i = 0; i < kRowsPerInsert; ++i)
        bind(statement, 1 + i * values, pending_moves[std::size_t(i)], values);
      if (!step(statement)) return false;
      done = kRowsPerInsert;
    }
    if (all)
      for (; done < pending_moves.size(); ++done) {
        const bool lean = pending_moves[done].lean;
        sqlite3_stmt* statement = lean ? insert_lean_move : insert_move;
        bind(statement, 1, pending_moves[done], lean ? kLeanMoveValues : kMoveValues);
        if (!step(statement)) return false;
      }
    pending_moves.erase(pending_moves.begin(), pending_moves.begin() + std::ptrdiff_t(done));
    return true;
  }
  bool step(sqlite3_stmt* statement) {
    const int rc = sqlite3_step(statement);
    sqlite3_reset(statement);
    return rc == SQLITE_DONE || rc == SQLITE_ROW || fail("cannot insert");
  }
  int user_version() {
    sqlite3_stmt* s = nullptr;
    int version = -1;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &s, nullptr) == SQLITE_OK &&
        sqlite3_step(s) == SQLITE_ROW)
      version = sqlite3_column_int(s, 0);
    sqlite3_finalize(s);
    return version;
  }
  bool has_table(const char* name) {
    sqlite3_stmt* s = nullptr;
    bool found = false;
    if (sqlite3_prepare_v2(db, "SELECT 1 FROM sqlite_master WHERE type='table' AND name=?", -1, &s,
                           nullptr) == SQLITE_OK) {
      sqlite3_bind_text(s, 1, name, -1, SQLITE_STATIC);
      found = sqlite3_step(s) == SQLITE_ROW;
    }
    sqlite3_finalize(s);
    return found;
  }
  void close() {
    for (sqlite3_stmt* s :
         {insert_game, insert_tag, insert_problem, insert_move, insert_file, update_file, find_file,
          insert_tags, insert_moves, insert_lean_move, insert_lean_moves})
      sqlite3_finalize(s);
    insert_game = insert_tag = insert_problem = insert_move = insert_file = update_file =
        find_file = insert_tags = insert_moves = insert_lean_move = insert_lean_moves = nullptr;
    sqlite3_close(db);
    db = nullptr;
  }
};

SqliteDatabase::SqliteDatabase() : impl_(std::make_unique<Impl>()) {}
SqliteDatabase::~SqliteDatabase() {
  if (impl_->in_file) roll_back_file();
  impl_->close();
}

bool SqliteDatabase::open(const std::string& path, bool append, const SqliteOptions& options,
                          std::string& error) {
  Impl& s = *impl_;
  s.options = options;
  // One thread uses the connection: SQLite's own locking of it is not needed.
  const int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (append ? 0 : SQLITE_OPEN_CREATE);
  if (sqlite3_open_v2(path.c_str(), &s.db, flags, nullptr) != SQLITE_OK) {
    error = "cannot open " + path + ": " + (s.db ? sqlite3_errmsg(s.db) : "out of memory");
    return false;
  }
  if (append) {
    // A database of this writer: its version, and its files table.
    if (s.user_version() != kSchemaVersion || !s.has_table("files") || !s.has_table("games")) {
      error = path + " exists and is not a games database of pgn convert --to sqlite (schema " +
              std::to_string(kSchemaVersion) + "); name a new file";
      return false;
    }
    // Each input commits on its own, through the rollback journal: an interrupted load
    // leaves the files committed before it.
    if (!s.exec("PRAGMA synchronous=NORMAL")) return (error = s.error), false;
  } else {
    // A new database is a temporary file renamed into place only when the run completes: its
    // journal can stay in memory, and nothing needs to reach the disk before the end.
    // Larger pages: fewer of them to fill and link for the same rows.
    if (!s.exec("PRAGMA page_size=16384; PRAGMA journal_mode=MEMORY; PRAGMA synchronous=OFF; "
                "PRAGMA locking_mode=EXCLUSIVE;"))
      return (error = s.error), false;
  }
  // A bounded page cache (64 MB): the load spills to the file, memory stays flat.
  const std::string setup = std::string("PRAGMA cache_size=-65536;") + kSchema +
                            (options.moves ? kMovesSchema : "") +
                            "PRAGMA user_version=" + std::to_string(kSchemaVersion) + ";";
  if (!s.exec(setup.c_str())) return (error = s.error), false;
  const bool prepared =
      s.prepare(
          "INSERT INTO games (file_id, game_index, offset, line, event, site, date, round, "
          "white, black, result, white_elo, black_elo, eco, opening, variation, time_control, "
          "termination, variant, start_fen, plies, verdict, errors, warnings) VALUES (?1, ?2, "
          "?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, "
          "?21, ?22, ?23, ?24)",
          s.insert_game) &&
      s.prepare(insert_rows_sql("tags", kTagValues, 1).c_str(), s.insert_tag) &&
      s.prepare(insert_rows_sql("tags", kTagValues, kRowsPerInsert).c_str(), s.insert_tags) &&
      s.prepare("INSERT INTO problems VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                s.insert_problem) &&
      (!options.moves ||
       (s.prepare(insert_rows_sql("moves", kMoveValues, 1).c_str(), s.insert_move) &&
        s.prepare(insert_rows_sql("moves", kMoveValues, kRowsPerInsert).c_str(), s.insert_moves) &&
        s.prepare(insert_rows_sql(kLeanMoveColumns, kLeanMoveValues, 1).c_str(),
                  s.insert_lean_move) &&
        s.prepare(insert_rows_sql(kLeanMoveColumns, kLeanMoveValues, kRowsPerInsert).c_str(),
                  s.insert_lean_moves))) &&
      s.prepare("INSERT INTO files (name, size, hash) VALUES (?1, ?2, ?3)", s.insert_file) &&
      s.prepare("UPDATE files SET games = ?2 WHERE id = ?1", s.update_file) &&
      s.prepare("SELECT name FROM files WHERE size = ?1 AND hash = ?2", s.find_file);
  if (!prepared) error = s.error;
  return prepared;
}

std::string SqliteDatabase::loaded_as(const FileFingerprint& fingerprint) {
  Impl& s = *impl_;
  std::string name;
  const std::string hash = hex(fingerprint.hash);
  sqlite3_bind_int64(s.find_file, 1, std::int64_t(fingerprint.size));
  sqlite3_bind_text(s.find_file, 2, hash.c_str(), -1, SQLITE_TRANSIENT);
  if (sqlite3_step(s.find_file) == SQLITE_ROW)
    name = reinterpret_cast<const char*>(sqlite3_column_text(s.find_file, 0));
  sqlite3_reset(s.find_file);
  return name;
}

bool SqliteDatabase::begin_file(const std::string& name, const FileFingerprint* fingerprint) {
  Impl& s = *impl_;
  if (!s.exec("BEGIN")) return false;
  s.in_file = true;
  s.pending_tags.clear();  // none unless a batch failed
  s.pending_moves.clear();
  s.games = 0;
  sqlite3_bind_text(s.insert_file, 1, name.c_str(), -1, SQLITE_TRANSIENT);
  if (fingerprint) {
    sqlite3_bind_int64(s.insert_file, 2, std::int64_t(fingerprint->size));
    sqlite3_bind_text(s.insert_file, 3, hex(fingerprint->hash).c_str(), -1, SQLITE_TRANSIENT);
  } else {
    sqlite3_bind_null(s.insert_file, 2);
    sqlite3_bind_null(s.insert_file, 3);
  }
  if (!s.step(s.insert_file)) return false;
  s.file_id = sqlite3_last_insert_rowid(s.db);
  return true;
}

bool SqliteDatabase::insert(std::string_view rows) {
  Impl& s = *impl_;
  PackedReader in(rows);
  while (!in.at_end()) {
    sqlite3_bind_int64(s.insert_game, 1, s.file_id);
    for (int i = 0; i < kGameColumns; ++i) in.bind(s.insert_game, i + 2);
    if (!s.step(s.insert_game)) return false;
    const std::int64_t game_id = sqlite3_last_insert_rowid(s.db);
    ++s.games;
    // Tags and moves wait for a statement's worth of rows, from this game and the next ones.
    for (std::int64_t n = in.count(), position = 1; position <= n; ++position) {
      s.pending_tags.push_back({game_id, position, in.position(), false});
      in.skip(kTagValues - 2);
    }
    for (std::int64_t n = in.count(); n > 0; --n) {
      sqlite3_bind_int64(s.insert_problem, 1, game_id);
      for (int i = 0; i < 8; ++i) in.bind(s.insert_problem, i + 2);
      if (!s.step(s.insert_problem)) return false;
    }
    for (std::int64_t n = in.count(); n > 0; --n) {
      const std::size_t at = in.position();
      in.skip(kLeanMoveValues - 1);
      s.pending_moves.push_back({game_id, 0, at, in.skip(kMoveValues - kLeanMoveValues)});
    }
    const std::size_t end = in.position();
    while (s.pending_tags.size() >= std::size_t(kRowsPerInsert))
      if (!s.insert_tag_rows(in, false)) return false;
    while (s.pending_moves.size() >= std::size_t(kRowsPerInsert))
      if (!s.insert_move_rows(in, false)) return false;
    in.seek(end);
  }
  // The rows' bytes are the batch's: what is left goes in now.
  return s.insert_tag_rows(in, true) && s.insert_move_rows(in, true);
}

bool SqliteDatabase::commit_file() {
  Impl& s = *impl_;
  sqlite3_bind_int64(s.update_file, 1, s.file_id);
  sqlite3_bind_int64(s.update_file, 2, std::int64_t(s.games));
  if (!s.step(s.update_file) || !s.exec("COMMIT")) return false;
  s.in_file = false;
  return true;
}

void SqliteDatabase::roll_back_file() {
  Impl& s = *impl_;
  if (!s.in_file) return;
  s.in_file = false;
  const std::string kept = s.error;
  s.exec("ROLLBACK");
  s.error = kept;
}

std::uint64_t SqliteDatabase::games_in_file() const {
  return impl_->games;
}

bool SqliteDatabase::finish(bool indexes) {
  Impl& s = *impl_;
  // Built once at the end: maintaining them row by row would slow the load several times.
  // Tags and moves need none: their keys start with the game, and they are inserted in that
  // order, each row an append.
  const bool ok = !indexes || s.exec(kIndexes);
  s.close();
  return ok;
}

const std::string& SqliteDatabase::error() const {
  return impl_->error;
}

}  // namespace pgn
