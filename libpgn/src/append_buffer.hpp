// Text gathered in a fixed buffer and appended to a string a block at a time. Many small
// appends to a std::string (a capacity check and a copy each) cost more than the work that
// makes the text: the move writer gathers a move, the line breaker a game's movetext.
#pragma once

#include <cstddef>
#include <cstring>
#include <string>
#include <string_view>

namespace pgn::detail {

template <std::size_t Size>
class AppendBuffer {
 public:
  AppendBuffer() = default;
  explicit AppendBuffer(std::string& out) : out_(&out) {}

  void start(std::string& out) {
    out_ = &out;
    used_ = 0;
  }
  AppendBuffer& operator+=(char c) {
    if (used_ == Size) flush();
    block_[used_++] = c;
    return *this;
  }
  AppendBuffer& operator+=(std::string_view text) {
    if (text.size() > Size - used_) {
      flush();
      if (text.size() > Size) {
        out_->append(text);
        return *this;
      }
    }
    if (text.size() >= 16) {
      std::memcpy(block_ + used_, text.data(), text.size());
      used_ += text.size();
    } else {
      for (char c : text) block_[used_++] = c;  // a few bytes: no call to memcpy
    }
    return *this;
  }
  void append(const char* text, std::size_t size) { *this += std::string_view(text, size); }
  // Hands the gathered text to the string: before anything else reads or writes it.
  void flush() {
    out_->append(block_, used_);
    used_ = 0;
  }

 private:
  std::string* out_ = nullptr;
  std::size_t used_ = 0;
  char block_[Size];
};

}  // namespace pgn::detail
