// Games into an SQLite database (`pgn convert --to sqlite`; the schema is in docs/sqlite.md).
//
// Two halves, to fit the pipeline (libpgn/pipeline.hpp): SqliteRowWriter runs on the worker
// threads and turns each validated game into its rows, packed into a batch's output; the
// consumer hands those bytes to SqliteDatabase, which inserts them in input order with
// prepared statements, one transaction per input file. Memory stays flat: rows live only as
// long as their batch.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/diagnostics.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/game_report.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

struct SqliteOptions {
  bool moves = false;  // a row per main-line move in `moves`
  bool fen = false;    // with moves: the FEN after each move
};

// Worker side; keep one per thread.
class SqliteRowWriter {
 public:
  explicit SqliteRowWriter(const SqliteOptions& options);
  ~SqliteRowWriter();
  SqliteRowWriter(const SqliteRowWriter&) = delete;
  SqliteRowWriter& operator=(const SqliteRowWriter&) = delete;

  // Appends the rows of one game (validated into `record` and `report`) to `out`: the
  // `index`th game of its input, starting `at` there (for JSON input, its record's).
  void write(const GameRecord& record, const GameReport& report, std::uint64_t index,
             const TextPos& at, std::string& out);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// What identifies an input's content: its size and a 64-bit hash of its bytes (to recognize a
// file loaded before, not a security check).
struct FileFingerprint {
  std::uint64_t size = 0;
  std::uint64_t hash = 0;
};
// Reads the file at `path` whole; false with `error` when it cannot.
bool fingerprint_file(const std::string& path, FileFingerprint& out, std::string& error);

// Consumer side: one database, written from one thread.
class SqliteDatabase {
 public:
  SqliteDatabase();
  ~SqliteDatabase();
  SqliteDatabase(const SqliteDatabase&) = delete;
  SqliteDatabase& operator=(const SqliteDatabase&) = delete;

  // Opens a new (empty) database file, or with `append` an existing one, which must be a
  // database this writer made. False with `error`.
  bool open(const std::string& path, bool append, const SqliteOptions& options, std::string& error);
  // The name a file with this content was loaded under before, if one was ("" if none).
  std::string loaded_as(const FileFingerprint& fingerprint);

  // One input, in one transaction: begin, insert its batches' rows, then commit or roll back
  // (a file is in the database whole or not at all). `fingerprint` is null for standard
  // input, which is recorded without one.
  bool begin_file(const std::string& name, const FileFingerprint* fingerprint);
  bool insert(std::string_view rows);
  bool commit_file();
  void roll_back_file();
  std::uint64_t games_in_file() const;

  // Builds the indexes (unless `indexes` is false: a new database that is thrown away) and
  // closes the database; false with error() on a failure.
  bool finish(bool indexes = true);
  const std::string& error() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
