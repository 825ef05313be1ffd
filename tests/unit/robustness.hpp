// Helpers for the robustness tests: an input source that makes huge inputs on the fly (so
// the test itself holds nothing in memory), peak-memory measurement, and a loop that reads
// and validates every game of a source the way the pipeline does.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "libpgn/reader.hpp"
#include "libpgn/validator.hpp"

namespace pgn::testing {

// Bytes made of pieces, each a text repeated a number of times.
class GeneratedSource final : public InputSource {
 public:
  GeneratedSource& add(std::string text, std::uint64_t times = 1) {
    if (!text.empty() && times) pieces_.push_back({std::move(text), times});
    return *this;
  }
  std::uint64_t size() const {
    std::uint64_t total = 0;
    for (const auto& piece : pieces_) total += piece.first.size() * piece.second;
    return total;
  }
  std::size_t read(char* buffer, std::size_t size) override {
    std::size_t produced = 0;
    while (produced < size && piece_ < pieces_.size()) {
      const auto& [text, times] = pieces_[piece_];
      const std::size_t n = std::min(size - produced, text.size() - offset_);
      std::memcpy(buffer + produced, text.data() + offset_, n);
      produced += n;
      offset_ += n;
      if (offset_ == text.size()) {
        offset_ = 0;
        if (++repeat_ == times) {
          repeat_ = 0;
          ++piece_;
        }
      }
    }
    return produced;
  }

 private:
  std::vector<std::pair<std::string, std::uint64_t>> pieces_;
  std::size_t piece_ = 0;
  std::uint64_t repeat_ = 0;
  std::size_t offset_ = 0;
};

// Peak resident memory since the last reset, in bytes (Linux: VmHWM, reset through
// /proc/self/clear_refs). Returns 0 where that is not available.
inline std::uint64_t status_kib(const char* field) {
  std::ifstream status("/proc/self/status");
  std::string line;
  const std::size_t length = std::strlen(field);
  while (std::getline(status, line))
    if (line.compare(0, length, field) == 0) return std::stoull(line.substr(length + 1));
  return 0;
}
inline void reset_peak_memory() {
  std::ofstream("/proc/self/clear_refs") << "5";
}
inline std::uint64_t peak_memory_bytes() {
  return status_kib("VmHWM") * 1024;
}
inline std::uint64_t current_memory_bytes() {
  return status_kib("VmRSS") * 1024;
}

// The first game of a file holding only `text` (which must outlive it), as the splitter
// would cut it.
inline RawGame raw_game(std::string_view text) {
  RawGame game;
  game.text = text;
  game.index = 1;
  game.original_size = text.size();
  return game;
}

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

// The memory added since construction, at its peak; 0 under AddressSanitizer, whose
// quarantine keeps freed memory (up to 256 MB) resident, so only the plain build measures.
class PeakMemory {
 public:
  PeakMemory() {
    reset_peak_memory();
    baseline_ = current_memory_bytes();
  }
  std::uint64_t added() const {
    if (kAddressSanitizer) return 0;
    const std::uint64_t peak = peak_memory_bytes();
    return peak > baseline_ ? peak - baseline_ : 0;
  }

 private:
  std::uint64_t baseline_ = 0;
};

struct ReadTotals {
  std::uint64_t games = 0;
  std::uint64_t games_with_errors = 0;
  std::uint64_t games_valid = 0;
  std::uint64_t truncated = 0;
  std::uint64_t problems = 0;
  std::uint64_t max_problems_in_a_game = 0;
  std::uint64_t moves = 0;
  std::uint64_t by_code[kCodeCount] = {};
  std::vector<GameReport> first_reports;  // the reports of the first few games
};

// Splits and validates every game of `source`, keeping only totals (and the first reports).
inline ReadTotals validate_all(InputSource& source, const ValidateOptions& options = {},
                               const SplitterOptions& splitter_options = {},
                               std::size_t reports_kept = 4) {
  ReadTotals totals;
  GameSplitter splitter(source, splitter_options);
  GameValidator validator(options);
  GameReport report;
  RawGame game;
  while (splitter.next(game)) {
    validator.validate(game, report);
    ++totals.games;
    totals.truncated += game.truncated;
    (report.has_errors() ? totals.games_with_errors : totals.games_valid) += 1;
    totals.problems += report.problems.size();
    totals.max_problems_in_a_game =
        std::max<std::uint64_t>(totals.max_problems_in_a_game, report.problems.size());
    totals.moves += report.moves_replayed;
    for (const Diagnostic& d : report.problems) ++totals.by_code[int(d.code)];
    if (totals.first_reports.size() < reports_kept) totals.first_reports.push_back(report);
  }
  return totals;
}

inline bool has_code(const GameReport& report, Code code) {
  return std::any_of(report.problems.begin(), report.problems.end(),
                     [&](const Diagnostic& d) { return d.code == code; });
}

}  // namespace pgn::testing
