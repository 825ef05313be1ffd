// The canonical walk over a GameRecord's flat event list, shared by every writer (see the
// order described in libpgn/writers.hpp). Iterative with an explicit stack, so any nesting
// depth of variations is safe; its buffers are reused from game to game.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "libpgn/game_record.hpp"
#include "libpgn/position.hpp"

namespace pgn::detail {

struct WalkOptions {
  bool comments = true;
  bool variations = true;
  bool nags = true;
  bool positions = false;  // replay the moves, so sinks get the positions before and after
};

struct WalkedMove {
  const GameEvent* event = nullptr;
  std::string_view san;     // the record's SAN of the move
  std::uint32_t ply = 0;    // half-moves from the start position before this move (0 = first)
  std::uint32_t depth = 0;  // 0 = main line
  const Position* before = nullptr;  // only with WalkOptions::positions
  const Position* after = nullptr;
};

// A sink has these members (all called in canonical order):
//   void leading_comment(std::string_view)   comments before a line's first move (in the
//                                            main line of a game without moves: all of them)
//   void move(const WalkedMove&)
//   void nag(int)
//   void comment(std::string_view)           after the move, before its variations
//   void plain_clock_comment(const GameEvent&) optional: comment() of a GameEvent::kPlainClock
//                                            comment
//   void variation_begin()  void variation_end()
//   void comment_after_variations(std::string_view)
//   void move_end()                          after everything that belongs to a move
//   void main_line_end()
class RecordWalker {
 public:
  // `closing_comment` (may be empty) is written after the last move of the main line.
  template <class Sink>
  void walk(const GameRecord& record, const WalkOptions& options, std::string_view closing_comment,
            Sink& sink) {
    // The rules are chosen once per game: a variant record replays its moves by its variant.
    if (record.start.variant() != Variant::Standard)
      walk_lines<true>(record, options, closing_comment, sink);
    else
      walk_lines<false>(record, options, closing_comment, sink);
  }

 private:
  enum class Phase : std::uint8_t { Leading, Move, Variations, Done };

  // Plays a recorded move: standard rules (V false) or the position's variant.
  template <bool V>
  static void advance(Position& position, Move m) {
    if (m.is_null())
      position.play_null();
    else if constexpr (V)
      position.play_variant(m);
    else
      position.play(m);
  }

  template <bool V, class Sink>
  void walk_lines(const GameRecord& record, const WalkOptions& options,
                  std::string_view closing_comment, Sink& sink);
  struct Frame {
    std::size_t next = 0;             // Leading: where to continue
    std::size_t end = 0;              // end of this line (its VariationEnd, or the last event)
    std::size_t move = 0;             // the current move's event
    std::size_t segment_end = 0;      // first event after everything belonging to the move
    std::size_t first_variation = 0;  // first VariationBegin of the segment (or segment_end)
    std::size_t variation_scan = 0;   // where to look for the segment's next variation
    std::uint32_t ply = 0;            // ply of the next move of this line
    Phase phase = Phase::Leading;
    bool wrote_variation = false;
    bool wrote_after_variations = false;
    Position position;     // after the last move of this line
    Position before_last;  // before the last move of this line: where its variations start
  };

  // A comment after a move. A sink with plain_clock_comment(const GameEvent&) is given
  // lichess's clock comments that way when the record marks them (GameEvent::kPlainClock).
  template <class Sink>
  [[gnu::always_inline]] static void comment(const GameRecord& record, const GameEvent& e,
                                             Sink& sink) {
    if constexpr (requires { sink.plain_clock_comment(e); }) {
      if (e.nag == GameEvent::kPlainClock) {
        sink.plain_clock_comment(e);
        return;
      }
    }
    sink.comment(record.text(e));
  }

  // Index after event `i` at the same depth (a variation is skipped whole).
  std::size_t skip(const GameEvents& events, std::size_t i) const {
    if (events[i].kind != GameEvent::VariationBegin) return i + 1;
    return match_[i] < events.size() ? match_[i] + 1 : events.size();
  }
  bool has_move(const GameEvents& events, std::size_t begin, std::size_t end) const {
    for (std::size_t i = begin; i < end; i = skip(events, i))
      if (events[i].kind == GameEvent::MoveEvent) return true;
    return false;
  }

  // walk() for a record without variations: moves, each followed by its NAGs and then its
  // comments, after the comments before the first move.
  template <bool V, class Sink>
  void walk_flat(const GameRecord& record, const WalkOptions& options,
                 std::string_view closing_comment, Sink& sink) {
    // Locals, not the references' members: a sink writes its text through char pointers,
    // which may alias anything as far as the compiler knows, so a member would be loaded
    // again after every move.
    const GameEvent* const events = record.events.data();
    const std::size_t count = record.events.size();
    const bool comments = options.comments, nags = options.nags, positions = options.positions;
    std::size_t i = 0;
    for (; i < count && events[i].kind != GameEvent::MoveEvent; ++i)
      if (events[i].kind == GameEvent::Comment && comments)
        sink.leading_comment(record.text(events[i]));
    if (i == count && !closing_comment.empty()) sink.leading_comment(closing_comment);
    if (positions) moves_after_ = record.start;
    for (std::uint32_t ply = 0; i < count; ++ply) {
      // A sink may write the moves that have nothing after them but the next move, or a clock
      // comment and the next move, at once (PgnSink::move_run): what it leaves is walked here.
      if constexpr (requires { sink.move_run(events, events, ply, comments); }) {
        if (!positions)
          i = std::size_t(sink.move_run(events + i, events + count, ply, comments) - events);
      }
      const GameEvent& e = events[i];
      WalkedMove walked;
      walked.event = &e;
      walked.san = record.text(e);
      walked.ply = ply;
      if (positions) {
        moves_before_ = moves_after_;
        advance<V>(moves_after_, e.move);
        walked.before = &moves_before_;
        walked.after = &moves_after_;
      }
      sink.move(walked);
      std::size_t next = i + 1;
      while (next < count && events[next].kind != GameEvent::MoveEvent) ++next;
      if (next > i + 1) {  // annotations: NAGs first, then comments
        if (nags)
          for (std::size_t k = i + 1; k < next; ++k)
            if (events[k].kind == GameEvent::Nag) sink.nag(events[k].nag);
        if (comments)
          for (std::size_t k = i + 1; k < next; ++k)
            if (events[k].kind == GameEvent::Comment) comment(record, events[k], sink);
      }
      if (next == count && !closing_comment.empty()) sink.comment(closing_comment);
      sink.move_end();
      i = next;
    }
    sink.main_line_end();
  }

  Position moves_before_, moves_after_;  // walk_flat() with WalkOptions::positions
  std::vector<std::size_t> match_;       // VariationBegin index -> its VariationEnd index
  std::vector<std::size_t> open_;
  std::vector<Frame> stack_;
};

template <bool V, class Sink>
void RecordWalker::walk_lines(const GameRecord& record, const WalkOptions& options,
                              std::string_view closing_comment, Sink& sink) {
  const GameEvents& events = record.events;
  const std::size_t count = events.size();

  // Most records have no variations: their walk is a loop over the moves, without the
  // phases below.
  if (std::none_of(events.begin(), events.end(), [](const GameEvent& e) {
        return e.kind == GameEvent::VariationBegin || e.kind == GameEvent::VariationEnd;
      })) {
    walk_flat<V>(record, options, closing_comment, sink);
    return;
  }

  // Pair the brackets. An unclosed VariationBegin runs to the end (match_ == count); a
  // VariationEnd without a VariationBegin is ignored where it stands.
  match_.assign(count, count);
  open_.clear();
  for (std::size_t i = 0; i < count; ++i) {
    if (events[i].kind == GameEvent::VariationBegin) {
      open_.push_back(i);
    } else if (events[i].kind == GameEvent::VariationEnd && !open_.empty()) {
      match_[open_.back()] = i;
      open_.pop_back();
    }
  }

  stack_.clear();
  Frame& main = stack_.emplace_back();
  main.end = count;
  if (options.positions) main.position = record.start;

  while (!stack_.empty()) {
    Frame& f = stack_.back();
    const std::uint32_t depth = std::uint32_t(stack_.size() - 1);
    switch (f.phase) {
      case Phase::Leading: {
        std::size_t i = f.next;
        while (i < f.end && events[i].kind != GameEvent::MoveEvent) {
          if (events[i].kind == GameEvent::Comment && options.comments)
            sink.leading_comment(record.text(events[i]));
          i = skip(events, i);
        }
        if (i >= f.end) {
          if (depth == 0 && !closing_comment.empty()) sink.leading_comment(closing_comment);
          f.phase = Phase::Done;
        } else {
          f.move = i;
          f.phase = Phase::Move;
        }
        break;
      }
      case Phase::Move: {
        const GameEvent& e = events[f.move];
        WalkedMove walked;
        walked.event = &e;
        walked.san = record.text(e);
        walked.ply = f.ply;
        walked.depth = depth;
        if (options.positions) {
          f.before_last = f.position;
          advance<V>(f.position, e.move);
          walked.before = &f.before_last;
          walked.after = &f.position;
        }
        ++f.ply;
        sink.move(walked);

        std::size_t first_variation = f.end;
        std::size_t j = f.move + 1;
        for (; j < f.end && events[j].kind != GameEvent::MoveEvent; j = skip(events, j))
          if (events[j].kind == GameEvent::VariationBegin && first_variation == f.end)
            first_variation = j;
        f.segment_end = j;
        f.first_variation = first_variation < j ? first_variation : j;
        if (options.nags)
          for (std::size_t k = f.move + 1; k < f.segment_end; k = skip(events, k))
            if (events[k].kind == GameEvent::Nag) sink.nag(events[k].nag);
        if (options.comments)
          for (std::size_t k = f.move + 1; k < f.first_variation; k = skip(events, k))
            if (events[k].kind == GameEvent::Comment) comment(record, events[k], sink);
        f.variation_scan = f.first_variation;
        f.wrote_variation = f.wrote_after_variations = false;
        f.phase = Phase::Variations;
        break;
      }
      case Phase::Variations: {
        if (options.variations) {
          std::size_t k = f.variation_scan;
          while (k < f.segment_end) {
            if (events[k].kind == GameEvent::VariationBegin && has_move(events, k + 1, match_[k]))
              break;
            k = skip(events, k);
          }
          if (k < f.segment_end) {
            f.variation_scan = skip(events, k);
            f.wrote_variation = true;
            // The variation replaces the line's last move: it starts where that move started.
            Frame child;
            child.next = k + 1;
            child.end = match_[k];
            child.ply = f.ply - 1;
            if (options.positions) child.position = f.before_last;
            sink.variation_begin();
            stack_.push_back(child);  // invalidates `f`
            break;
          }
        }
        if (options.comments)
          for (std::size_t k = f.first_variation; k < f.segment_end; k = skip(events, k))
            if (events[k].kind == GameEvent::Comment) {
              sink.comment_after_variations(record.text(events[k]));
              f.wrote_after_variations = true;
            }
        const bool last_of_main_line = depth == 0 && f.segment_end >= f.end;
        if (last_of_main_line && !closing_comment.empty()) {
          if (f.wrote_variation || f.wrote_after_variations)
            sink.comment_after_variations(closing_comment);
          else
            sink.comment(closing_comment);
        }
        sink.move_end();
        if (f.segment_end < f.end) {
          f.move = f.segment_end;
          f.phase = Phase::Move;
        } else {
          f.phase = Phase::Done;
        }
        break;
      }
      case Phase::Done:
        stack_.pop_back();
        if (depth == 0)
          sink.main_line_end();
        else
          sink.variation_end();
        break;
    }
  }
}

}  // namespace pgn::detail
