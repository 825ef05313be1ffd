// The budgets of reading one game's text (ValidateOptions::parse_limits, parse_game): they keep
// a hostile game's cost linear, and let a reading be stopped from another thread.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace pgn {

struct ParseLimits {
  std::uint32_t max_variation_depth = 1000;
  std::uint64_t max_comment_bytes = 1u << 20;
  std::uint32_t max_tags = 1000;
  // Set (by SIGINT, say) to abandon the game being read: read once per kStopPollBytes of its
  // text, so that one huge game stops within milliseconds; the game is then cut with a
  // limit-exceeded problem.
  const std::atomic<bool>* stop = nullptr;
  static constexpr std::size_t kStopPollBytes = 1u << 16;
};

}  // namespace pgn
