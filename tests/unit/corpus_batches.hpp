// The shared corpora for tests that read every game of them: the real games' files, every
// file under some folders, and each file's first games as one batch, as the pipeline makes
// them (the notation detector reads a batch's other games to settle a game with two readings).
#pragma once

#include <filesystem>
#include <initializer_list>
#include <string>
#include <vector>

#include "libpgn/reader.hpp"

namespace pgn::test {

// twic0920 and lichess_db_1000k, and every .pgn and .bpgn under `folders` of the shared
// directory; empty when the shared corpora are not there.
inline std::vector<std::string> shared_corpus_files(std::initializer_list<const char*> folders) {
  const std::string shared = LIBPGN_SHARED_DIR;
  if (!std::filesystem::exists(shared + "/corpora")) return {};
  std::vector<std::string> files = {shared + "/corpora/real/twic0920.pgn",
                                    shared + "/corpora/real/lichess_db_1000k.pgn"};
  for (const char* folder : folders)
    for (const auto& entry : std::filesystem::recursive_directory_iterator(shared + folder))
      if (entry.path().extension() == ".pgn" || entry.path().extension() == ".bpgn")
        files.push_back(entry.path().string());
  return files;
}

// The first 1000 games of `file` as one batch, their texts kept in `texts`; "" or why the
// file could not be read.
inline std::string read_batch(const std::string& file, std::vector<std::string>& texts,
                              std::vector<RawGame>& batch) {
  std::string error;
  auto source = InputSource::open(file, error);
  if (!source) return error;
  GameSplitter splitter(*source);
  RawGame game;
  for (int n = 0; n < 1000 && splitter.next(game); ++n) {
    texts.emplace_back(game.text);
    batch.push_back(game);
  }
  for (std::size_t i = 0; i < batch.size(); ++i) batch[i].text = texts[i];
  return "";
}

}  // namespace pgn::test
