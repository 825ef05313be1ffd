// A word read from bytes at any address, for the byte-parallel tests of the scanners and
// writers: the one spelling of the memcpy that the compiler turns into a single load.
#pragma once

#include <cstring>
#include <type_traits>

namespace pgn::detail {

template <class T>
[[gnu::always_inline]] inline T load_bytes(const char* p) {
  static_assert(std::is_trivially_copyable_v<T>);
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

}  // namespace pgn::detail
