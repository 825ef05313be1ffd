// Where a variation sits, as reports name it (Diagnostic::variation, Repair::variation):
// "12.1/14.2" is the first variation after ply 12 and, inside it, the second after ply 14.
// Each nesting level keeps only its own step, and the path is spelled out when a report
// needs it: a whole path copied into every level made memory quadratic in the depth.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace pgn {

// One level of a variation path: the ply of the parent line it branches after, and its
// number among the variations there. {0, 0} is the main line.
struct VariationStep {
  std::uint32_t ply = 0, number = 0;
};

// The path of the line at `depth`, whose steps are step_at(1) .. step_at(depth). A path of
// more than 2 * kEnds steps names the first and last kEnds with the count between them
// ("1.1/.../1.1"), so that a report stays small however deep the nesting.
template <class StepAt>
std::string variation_path(std::size_t depth, const StepAt& step_at) {
  constexpr std::size_t kEnds = 8;
  std::string path;
  auto append = [&](std::size_t level) {
    const VariationStep step = step_at(level);
    if (!path.empty()) path += '/';
    path += std::to_string(step.ply) + "." + std::to_string(step.number);
  };
  if (depth <= 2 * kEnds) {
    for (std::size_t level = 1; level <= depth; ++level) append(level);
    return path;
  }
  for (std::size_t level = 1; level <= kEnds; ++level) append(level);
  path += "/(" + std::to_string(depth - 2 * kEnds) + " more)";
  for (std::size_t level = depth - kEnds + 1; level <= depth; ++level) append(level);
  return path;
}

}  // namespace pgn
