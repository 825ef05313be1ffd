// Python strings for texts that repeat from game to game (SAN moves, tag names, common tag
// values): one str object per text, handed out again with a new reference, instead of a new
// str per move. A game's move list then costs a reference count per move, not an allocation
// and a UTF-8 decode (that was a third of the time of iterating games' moves).
//
// The table is a cache of fixed size, one entry per slot, a new text taking the place of the
// one in its slot: a table that grew to hold every distinct text (lichess's UTCTime and Elo
// values) spread over megabytes, and its lookups were cache misses costing more than making
// the str. Used with the GIL held.
#pragma once

#include <Python.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

#include "stream.hpp"  // pack_short_text

namespace pgn::python {

class InternedStrings {
 public:
  // `slots`: a power of two.
  explicit InternedStrings(std::size_t slots) : slots_(slots), mask_(slots - 1) {
    while ((std::size_t(1) << (64 - shift_)) < slots) --shift_;
  }
  InternedStrings(const InternedStrings&) = delete;
  InternedStrings& operator=(const InternedStrings&) = delete;
  // Never destroyed: the module's tables live until the interpreter ends, and releasing their
  // strings after it has finalized would touch freed memory.

  // A new reference to the str of `text` (UTF-8); nullptr with a Python error set when the
  // bytes are not UTF-8.
  PyObject* get(std::string_view text) {
    // Texts of up to 7 bytes (SAN moves, most tag names, Elo, results) are their own key
    // (pack_short_text): one compare, no key bytes to fetch. Longer ones are hashed (top bit
    // set, so that they never equal a packed text) and compared with the str's bytes.
    if (const std::uint64_t packed = pack_short_text(text)) return get(text, packed, true);
    return get(text, hash_of(text) | (std::uint64_t(1) << 63), false);
  }

  // The str of a text pack_short_text() gave: the text itself is not needed.
  PyObject* get_packed(std::uint64_t packed) {
    char text[8];
    std::memcpy(text, &packed, 8);
    return get(std::string_view(text, std::size_t(packed >> 56)), packed, true);
  }

 private:
  PyObject* get(std::string_view text, std::uint64_t key, bool exact) {
    Entry& e = slots_[std::size_t((key * 0x9E3779B97F4A7C15ull) >> shift_) & mask_];
    if (e.key == key && e.object && (exact || same_text(e.object, text))) {
      Py_INCREF(e.object);
      return e.object;
    }
    PyObject* object = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "strict");
    if (object == nullptr) return nullptr;
    Py_XDECREF(e.object);
    Py_INCREF(object);
    e.object = object;
    e.key = key;
    return object;
  }

  static bool same_text(PyObject* str, std::string_view text) {
    Py_ssize_t size = 0;
    const char* bytes = PyUnicode_AsUTF8AndSize(str, &size);  // kept in the str: no copy
    return bytes && std::size_t(size) == text.size() &&
           std::memcmp(bytes, text.data(), text.size()) == 0;
  }

  static std::uint64_t hash_of(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ull ^ text.size();
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
    return h >> 1;
  }

  struct Entry {
    std::uint64_t key = 0;  // the packed text when it is 7 bytes or less, else its hash
    PyObject* object = nullptr;
  };
  std::vector<Entry> slots_;
  std::size_t mask_;
  int shift_ = 64;  // a slot is the top bits of the mixed key
};

}  // namespace pgn::python
