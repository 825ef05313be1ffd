// Text gathered in a fixed buffer and appended to a string a block at a time. Many small
// appends to a std::string (a capacity check and a copy each) cost more than the work that
// makes the text: the move writer gathers a move, the line breaker a game's movetext, the
// JSON writer (json_writer.hpp) a record. Part of the ground floor of text that every stage
// may use (libpgn/src/text/).
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace pgn {
namespace detail {

// Most texts copied are a few bytes (a move, a clock comment): two fixed-size copies that may
// overlap cost a few moves, where a call to memcpy or a loop per byte costs more than the rest
// of the append.
[[gnu::always_inline]] inline void copy_text(char* to, const char* from, std::size_t size) {
  if (size >= 8) {
    if (size > 32) {
      std::memcpy(to, from, size);
    } else if (size >= 16) {
      std::memcpy(to, from, 16);
      std::memcpy(to + size - 16, from + size - 16, 16);
    } else {
      std::memcpy(to, from, 8);
      std::memcpy(to + size - 8, from + size - 8, 8);
    }
  } else if (size >= 4) {
    std::memcpy(to, from, 4);
    std::memcpy(to + size - 4, from + size - 4, 4);
  } else if (size > 0) {
    to[0] = from[0];
    to[size / 2] = from[size / 2];
    to[size - 1] = from[size - 1];
  }
}

}  // namespace detail

template <std::size_t Size>
class AppendBuffer {
 public:
  AppendBuffer() = default;
  explicit AppendBuffer(std::string& out) : out_(&out) {}

  void start(std::string& out) {
    out_ = &out;
    used_ = 0;
  }
  // Inlined: most pieces are a constant ("{", "...") that then costs a store or two.
  [[gnu::always_inline]] AppendBuffer& operator+=(char c) {
    if (used_ == Size) flush();
    block_[used_++] = c;
    return *this;
  }
  [[gnu::always_inline]] AppendBuffer& operator+=(std::string_view text) {
    if (text.size() > Size - used_) {
      flush();
      if (text.size() > Size) {
        out_->append(text);
        return *this;
      }
    }
    detail::copy_text(block_ + used_, text.data(), text.size());
    used_ += text.size();
    return *this;
  }
  void append(const char* text, std::size_t size) { *this += std::string_view(text, size); }
  // Pieces known to fit together: one check for all of them. make_room(n) (n <= Size) lets
  // n bytes of put() follow without a check each.
  [[gnu::always_inline]] void make_room(std::size_t size) {
    if (size > Size - used_) flush();
  }
  [[gnu::always_inline]] void put(char c) { block_[used_++] = c; }
  [[gnu::always_inline]] void put(std::string_view text) {
    detail::copy_text(block_ + used_, text.data(), text.size());
    used_ += text.size();
  }
  // Writing through a pointer: after make_room(n), up to n bytes from cursor() on, each piece
  // by put_at(), then set_cursor() at their end. A byte stored through the buffer's own
  // members may be one of them as far as the compiler knows, so each put() reloads the fill
  // level; a pointer held by the caller is not reloaded.
  [[gnu::always_inline]] char* cursor() { return block_ + used_; }
  [[gnu::always_inline]] void set_cursor(char* end) { used_ = std::size_t(end - block_); }
  // The end of the block: a cursor may go up to it.
  [[gnu::always_inline]] char* limit() { return block_ + Size; }
  [[gnu::always_inline]] static char* put_at(char* to, std::string_view text) {
    detail::copy_text(to, text.data(), text.size());
    return to + text.size();
  }
  // The size of the string once the gathered text is handed to it.
  std::size_t size() const { return out_->size() + used_; }
  // Hands the gathered text to the string: before anything else reads or writes it.
  void flush() {
    // Nothing gathered: the block is not read (GCC would warn that it may be uninitialized).
    if (used_ != 0) out_->append(block_, used_);
    used_ = 0;
  }

 private:
  std::string* out_ = nullptr;
  std::size_t used_ = 0;
  char block_[Size];
};

}  // namespace pgn
