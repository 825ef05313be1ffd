// The games of a JSON input, record by record, for the pipeline: each record is its own game
// (a "pgn" field may hold several), whatever the record holds, and a record that cannot be
// read is reported on its own while the records after it are still read.
#pragma once

#include <memory>
#include <string>

#include "libpgn/input.hpp"
#include "libpgn/json_input.hpp"
#include "libpgn/source.hpp"
#include "libpgn/splitter.hpp"

namespace pgn {

// Whether the opened bytes of a source read as `format` are JSON records: as asked, or for
// InputFormat::Detect as detect_json tells from their beginning (`bytes` is then replaced by a
// source that still yields every byte). The one decision, for every command.
bool reads_as_json(InputFormat format, std::unique_ptr<InputSource>& bytes);

class JsonGameReader {
 public:
  JsonGameReader(std::unique_ptr<InputSource> json, const SplitterOptions& splitter,
                 const JsonInputOptions& options = {});
  ~JsonGameReader();

  // The next game, with where it came from; its text stays valid until the next call. When a
  // record cannot be read, `problem` says why (and `origin` where), `game` is empty and its
  // index is still counted. False at the end of the input or at a fault that ends it: a read
  // error, text that is no JSON between records, a record left open (see error()).
  bool next(RawGame& game, RecordOrigin& origin, std::string& problem);
  const std::string& error() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace pgn
