// A replayed game: what the validator saw, with every move resolved to a legal Move and its
// canonical SAN. Writers (PGN export, JSON, UCI, FEN, localized text) work from this record.
//
// Movetext is a flat list of events in input order; variations are bracketed by
// VariationBegin/VariationEnd events, so nesting needs no recursion, and the events' texts
// are kept in the events or share one string, so a record reused from game to game allocates
// nothing.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "libpgn/append_buffer.hpp"
#include "libpgn/load_bytes.hpp"
#include "libpgn/position.hpp"
#include "libpgn/types.hpp"

namespace pgn {

struct GameEvent {
  enum Kind : std::uint8_t { MoveEvent, Comment, Nag, VariationBegin, VariationEnd };
  // A text of up to kInPlace bytes is kept in the event itself (`text_size` its size),
  // a longer one in the record's `texts` (`text_size` kInTexts).
  static constexpr std::size_t kInPlace = 16;
  static constexpr std::uint8_t kInTexts = 0xFF;
  // A Comment's `nag`: its text is lichess's clock comment, " [%clk 0:05:00] " as
  // detail::is_plain_clock_comment reads it, kept in place. Set by the validator, which tests
  // every comment anyway, so that a writer need not test it again; a record made otherwise
  // may leave it 0 for such a comment.
  static constexpr std::uint16_t kPlainClock = 1;
  Kind kind = MoveEvent;
  std::uint8_t text_size = 0;
  // Nag: the value ($n; suffix annotations are turned into Nag events). Comment: kPlainClock
  // or 0.
  std::uint16_t nag = 0;
  Move move;  // MoveEvent: the legal move
  // MoveEvent: its canonical SAN; Comment: the comment's text. GameRecord::text() gives them.
  // Nearly every SAN and lichess's clock comments (" [%clk 0:05:00] ", 16 bytes) fit in
  // place: recording a move is a store or two, where appending to `texts` was a call to
  // std::string::append and one to memcpy per move.
  union Text {
    char bytes[kInPlace];
    struct {
      std::uint64_t begin, size;  // in the record's `texts`
    } far;
  } text{};
};

// A record's events: read as a std::vector's are (size, [], iteration, front, back), appended
// through an end and a limit pointer of their own. A vector's emplace_back, which may grow, was
// left a call on the replay's per-move path (26 instructions a ply in TWIC's conversion, and a
// test of the capacity in front of it did not remove the call); here growing is the call.
class GameEvents {
 public:
  using value_type = GameEvent;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = GameEvent&;
  using const_reference = const GameEvent&;
  using iterator = GameEvent*;
  using const_iterator = const GameEvent*;
  static_assert(std::is_trivially_copyable_v<GameEvent> &&
                std::is_trivially_destructible_v<GameEvent>);

  GameEvents() = default;
  GameEvents(const GameEvents& other) { append(other.begin_, other.end_); }
  GameEvents(GameEvents&& other) noexcept
      : begin_(std::exchange(other.begin_, nullptr)),
        end_(std::exchange(other.end_, nullptr)),
        limit_(std::exchange(other.limit_, nullptr)) {}
  GameEvents& operator=(const GameEvents& other) {
    if (this != &other) {
      clear();
      append(other.begin_, other.end_);
    }
    return *this;
  }
  GameEvents& operator=(GameEvents&& other) noexcept {
    std::swap(begin_, other.begin_);
    std::swap(end_, other.end_);
    std::swap(limit_, other.limit_);
    return *this;
  }
  ~GameEvents() { release(); }

  // A pointer compare, a store of the event made and the end moved, as vector's emplace_back
  // when it does not grow.
  [[gnu::always_inline]] GameEvent& emplace_back() {
    if (end_ == limit_) [[unlikely]]
      grow(size() + 1);
    return *::new (static_cast<void*>(end_++)) GameEvent();
  }

  std::size_t size() const { return std::size_t(end_ - begin_); }
  std::size_t capacity() const { return std::size_t(limit_ - begin_); }
  bool empty() const { return end_ == begin_; }
  GameEvent* data() { return begin_; }
  const GameEvent* data() const { return begin_; }
  GameEvent* begin() { return begin_; }
  GameEvent* end() { return end_; }
  const GameEvent* begin() const { return begin_; }
  const GameEvent* end() const { return end_; }
  GameEvent& operator[](std::size_t i) { return begin_[i]; }
  const GameEvent& operator[](std::size_t i) const { return begin_[i]; }
  GameEvent& front() { return *begin_; }
  const GameEvent& front() const { return *begin_; }
  GameEvent& back() { return end_[-1]; }
  const GameEvent& back() const { return end_[-1]; }

  void clear() { end_ = begin_; }
  void reserve(std::size_t n) {
    if (n > capacity()) reallocate(n);
  }
  // Cut to `n` events, or made of `n` with default events added.
  void resize(std::size_t n) {
    if (n <= size()) {
      end_ = begin_ + n;
      return;
    }
    reserve(n);
    while (end_ != begin_ + n) ::new (static_cast<void*>(end_++)) GameEvent();
  }

 private:
  void append(const GameEvent* first, const GameEvent* last) {
    const std::size_t n = std::size_t(last - first);
    if (n == 0) return;
    reserve(size() + n);
    std::memcpy(static_cast<void*>(end_), first, n * sizeof(GameEvent));
    end_ += n;
  }
  [[gnu::noinline]] void grow(std::size_t needed) {
    reallocate(std::max<std::size_t>({needed, 2 * capacity(), 64}));
  }
  void reallocate(std::size_t capacity) {
    GameEvent* fresh = std::allocator<GameEvent>().allocate(capacity);
    const std::size_t n = size();
    if (n != 0) std::memcpy(static_cast<void*>(fresh), begin_, n * sizeof(GameEvent));
    release();
    begin_ = fresh;
    end_ = fresh + n;
    limit_ = fresh + capacity;
  }
  void release() {
    if (begin_ != nullptr) std::allocator<GameEvent>().deallocate(begin_, capacity());
  }

  GameEvent* begin_ = nullptr;
  GameEvent* end_ = nullptr;    // after the last event
  GameEvent* limit_ = nullptr;  // after the room allocated
};

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // input order, values unescaped
  Position start;  // the position before the first move (FEN tag or standard)
  bool from_fen = false;
  bool chess960 = false;
  GameEvents events;
  // The texts too long for their events, one after another: one string for the record instead
  // of one per event (a string per comment cost an allocation, or a copy into a recycled one).
  std::string texts;
  // The termination marker, else the Result tag; none when the game gives neither.
  std::optional<GameResult> result;
  bool complete = true;         // false: a move could not be replayed; events stop before it
  std::string problem;          // when !complete: the message of the first error
  std::string notation = "en";  // the notation the game was read in

  // The SAN of a move event, the text of a comment event (empty for the others). A view of
  // the event or of `texts`: valid while both stay as they are.
  std::string_view text(const GameEvent& e) const {
    if (e.text_size != GameEvent::kInTexts) return {e.text.bytes, e.text_size};
    return {texts.data() + e.text.far.begin, e.text.far.size};
  }
  // Inlined: the replay records every move (a call was half of what recording cost).
  [[gnu::always_inline]] GameEvent& add_move(Move move, std::string_view san) {
    GameEvent& e = add_text(GameEvent::MoveEvent, san);
    e.move = move;
    return e;
  }
  // `plain_clock`: the text is one that detail::is_plain_clock_comment accepts
  // (GameEvent::kPlainClock).
  GameEvent& add_comment(std::string_view text, bool plain_clock = false) {
    GameEvent& e = add_text(GameEvent::Comment, text);
    e.nag = plain_clock ? GameEvent::kPlainClock : 0;
    return e;
  }
  // A Nag, VariationBegin or VariationEnd event.
  void add(GameEvent::Kind kind, std::uint16_t nag = 0) {
    GameEvent& e = events.emplace_back();
    e.kind = kind;
    e.nag = nag;
  }
  // `more` at the end of the text of `e`, the event added last (a move's check sign).
  void extend_text(GameEvent& e, std::string_view more) {
    if (e.text_size != GameEvent::kInTexts) {
      const std::size_t size = e.text_size + more.size();
      if (size <= GameEvent::kInPlace) {
        std::memcpy(e.text.bytes + e.text_size, more.data(), more.size());
        e.text_size = std::uint8_t(size);
        return;
      }
      const std::size_t begin = texts.size();
      texts.append(e.text.bytes, e.text_size);  // before the bytes are written over
      e.text.far.begin = begin;
      e.text.far.size = texts.size() - begin;
      e.text_size = GameEvent::kInTexts;
    }
    texts.append(more);
    e.text.far.size += more.size();
  }

  void clear() {
    tags.clear();
    start = Position();
    from_fen = chess960 = false;
    events.clear();
    texts.clear();
    result.reset();
    complete = true;
    problem.clear();
    notation = "en";
  }

 private:
  [[gnu::always_inline]] GameEvent& add_text(GameEvent::Kind kind, std::string_view text) {
    GameEvent& e = events.emplace_back();
    e.kind = kind;
    if (text.size() <= GameEvent::kInPlace) [[likely]] {
      detail::copy_text(e.text.bytes, text.data(), text.size());
      e.text_size = std::uint8_t(text.size());
    } else {
      e.text_size = GameEvent::kInTexts;
      e.text.far.begin = texts.size();
      e.text.far.size = text.size();
      texts.append(text);
    }
    return e;
  }
};

// Plays a recorded move as the writers play it: a null move as one, a variant's moves by its
// rules.
inline void play_recorded_move(Position& position, Move move) {
  if (move.is_null())
    position.play_null();
  else if (position.variant() != Variant::Standard)
    position.play_variant(move);
  else
    position.play(move);
}

// The main line of a record: calls f(event, ply) for each of its events outside variations, in
// order, a variation of the main line given as its VariationBegin alone; `ply` counts the
// main-line moves up to this event (the event's own, for a move). The one walk over a record's
// main line (the game model, pgn select and dedupe, the Python module).
template <class F>
void for_each_main_line_event(const GameRecord& record, F&& f) {
  int depth = 0;
  std::uint32_t ply = 0;
  for (const GameEvent& e : record.events) {
    if (e.kind == GameEvent::VariationBegin) {
      if (depth++ == 0) f(e, ply);
    } else if (e.kind == GameEvent::VariationEnd) {
      --depth;
    } else if (depth == 0) {
      if (e.kind == GameEvent::MoveEvent) ++ply;
      f(e, ply);
    }
  }
}

// The tags and main-line SAN of one game and nothing else, for a reader that wants only those
// (GameValidator::validate with a MainLineRecord): no events, comments or variations, and,
// once its buffers have grown, nothing allocated per tag or move. Each SAN (its check sign
// included) is one number.
struct MainLineRecord {
  struct Tag {
    std::uint32_t name_begin, name_size, value_begin, value_size;  // in text
  };
  std::vector<Tag> tags;  // input order, values unescaped
  // Each move's SAN: of 1 to 7 bytes, pack()ed; a longer one (variants' notations may write
  // them) has the top bit set, its size in bits 48-62 and its offset in `text` below them.
  // The game's are the first `plies` (sans()): grown ahead rather than pushed, so that the
  // per-move path writes in place, where a vector's push_back was left a call.
  std::vector<std::uint64_t> moves;
  std::size_t plies = 0;
  std::span<const std::uint64_t> sans() const { return {moves.data(), plies}; }
  std::string text;  // the tags' names and values, the longer SANs and the comments
  // For the game model (libpgn/games.hpp), kept beside the SAN: each move of `moves` as
  // played, the main line's comments as far as a whole record keeps them (after `ply` moves:
  // 0 before the first), the start position, and whether every main-line move was played.
  struct Comment {
    std::uint32_t ply, begin, size;  // in text
  };
  std::vector<Move> played;  // its first `plies` (grown with `moves`)
  std::vector<Comment> comments;
  // False for a reader of the tags and SAN alone (Python's read_games, which makes a game's
  // model again when its comments are asked for): copying lichess's clock comments was a
  // twentieth of what iterating its games cost. Kept by clear().
  bool keeps_comments = true;
  Position start;
  bool complete = true;
  static_assert(std::endian::native == std::endian::little, "a packed SAN's first byte is lowest");

  // A SAN of 1 to 7 bytes as one number: its bytes (little-endian, the first lowest), its size
  // in the top byte (so never 0 and never with the top bit set). Two loads that overlap
  // instead of a loop over the bytes: a byte at a time was a third of what keeping the SAN
  // cost.
  [[gnu::always_inline]] static std::uint64_t pack(std::string_view san) {
    const std::size_t n = san.size();
    const char* p = san.data();
    std::uint64_t bytes = 0;
    if (n >= 4) {
      bytes = detail::load_bytes<std::uint32_t>(p) |
              (std::uint64_t(detail::load_bytes<std::uint32_t>(p + n - 4)) << (8 * (n - 4)));
    } else if (n >= 2) {
      bytes = detail::load_bytes<std::uint16_t>(p) |
              (std::uint64_t(detail::load_bytes<std::uint16_t>(p + n - 2)) << (8 * (n - 2)));
    } else if (n == 1) {
      bytes = static_cast<unsigned char>(p[0]);
    }
    return bytes | (std::uint64_t(n) << 56);
  }
  // A packed SAN of at most 6 bytes with one more byte at its end.
  static std::uint64_t pack_one_more(std::uint64_t packed, char c) {
    const std::uint64_t size = packed >> 56;
    return (packed & ~(std::uint64_t(0xFF) << 56)) |
           (std::uint64_t(static_cast<unsigned char>(c)) << (8 * size)) | ((size + 1) << 56);
  }
  static bool is_packed(std::uint64_t move) { return (move >> 63) == 0; }
  // The offset in `text` of a SAN that is not packed, and its size.
  static std::size_t long_offset(std::uint64_t move) { return move & kOffsetMask; }
  static std::size_t long_size(std::uint64_t move) { return std::size_t(move >> 48 & 0x7FFF); }
  static std::uint64_t long_move(std::size_t offset, std::size_t size) {
    return (std::uint64_t(1) << 63) | (std::uint64_t(size & 0x7FFF) << 48) | offset;
  }

  // The SAN of a move of `moves`; a packed one is unpacked into `buffer`.
  std::string_view san(const std::uint64_t& move, char (&buffer)[8]) const {
    if (!is_packed(move)) return {text.data() + long_offset(move), long_size(move)};
    std::memcpy(buffer, &move, 8);
    return {buffer, std::size_t(move >> 56)};
  }
  std::string_view tag_name(const Tag& t) const {
    return {text.data() + t.name_begin, t.name_size};
  }
  std::string_view tag_value(const Tag& t) const {
    return {text.data() + t.value_begin, t.value_size};
  }

  void add_tag(std::string_view name, std::string_view value) {
    Tag& t = tags.emplace_back();
    t.name_begin = std::uint32_t(text.size());
    t.name_size = std::uint32_t(name.size());
    text.append(name);
    t.value_begin = std::uint32_t(text.size());
    t.value_size = std::uint32_t(value.size());
    text.append(value);
  }
  void add_move(std::string_view san) {
    if (san.size() - 1 < 7) {
      add_packed(pack(san));
      return;
    }
    add_packed(long_move(text.size(), san.size()));
    text.append(san);
  }
  // A SAN pack()ed (or a long_move), written in place.
  [[gnu::always_inline]] void add_packed(std::uint64_t san) {
    if (plies == moves.size()) [[unlikely]]
      grow();
    moves[plies++] = san;
  }
  // The Move of the SAN just added.
  [[gnu::always_inline]] void add_played(Move m) { played[plies - 1] = m; }
  // The standard replay packs '+' for any check (a mate can only be the main line's last
  // move): the number of moves when it last did, and, once the main line is read to `final`
  // (the position after its last move), that move's sign made '#' if it mates.
  std::size_t check_signed_at = 0;
  void add_packed_check(std::uint64_t san) {
    add_packed(pack_one_more(san, '+'));
    check_signed_at = plies;
  }
  void mark_mate(const Position& final) {
    if (check_signed_at == 0 || check_signed_at != plies || !final.is_checkmate()) return;
    std::uint64_t& last = moves[plies - 1];
    last ^= std::uint64_t('+' ^ '#') << (8 * ((last >> 56) - 1));
  }
  void add_comment(std::uint32_t ply, std::string_view comment) {
    comments.push_back({ply, std::uint32_t(text.size()), std::uint32_t(comment.size())});
    text.append(comment);
  }
  std::string_view comment_text(const Comment& c) const { return {text.data() + c.begin, c.size}; }
  void clear() {
    tags.clear();
    plies = 0;  // `moves` and `played` keep their size: room written over
    text.clear();
    comments.clear();
    start = Position();
    complete = true;
    check_signed_at = 0;
  }

 private:
  static constexpr std::uint64_t kOffsetMask = (std::uint64_t(1) << 48) - 1;
  [[gnu::noinline]] void grow() {
    moves.resize(2 * plies + 64);
    played.resize(moves.size());
  }
};

}  // namespace pgn
