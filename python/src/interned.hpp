// Python strings for texts that repeat from game to game (SAN moves, tag names, common tag
// values): one str object per text, handed out again with a new reference, instead of a new
// str per move. A game's move list then costs a reference count per move, not an allocation
// and a UTF-8 decode (that was a third of the time of iterating games' moves).
//
// The table is a cache of fixed size: a table that grew to hold every distinct text
// (lichess's UTCTime and Elo values) spread over megabytes, and its lookups were cache misses
// costing more than making the str. Each text has two slots, side by side: the one texts that
// were asked for again are promoted to, and the one a new text takes. A run of texts that come
// once (player names, game links) then only replaces each other, not the frequent ones (a
// table of one slot per text lost one move in twenty to such collisions). Used with the GIL
// held.
#pragma once

#include <Python.h>

#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "main_lines.hpp"  // MainLineRecords::pack, the packed texts' layout

namespace pgn::python {

class InternedStrings {
 public:
  // `slots`: a power of two. `intern`: the strs are Python's interned ones (tag names, so that
  // looking a tag up with a literal compares pointers).
  explicit InternedStrings(std::size_t slots, bool intern = false)
      : slots_(slots), mask_(slots - 2), intern_(intern) {
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
    // (MainLineRecords::pack): one compare, no key bytes to fetch. Longer ones are hashed (top
    // bit set, so that they never equal a packed text) and compared with the str's bytes.
    if (text.size() - 1 < 7) return get_packed(pack(text));
    const std::uint64_t key = hash_of(text) | (std::uint64_t(1) << 63);
    Entry* pair = pair_of(key);
    for (int k = 0; k < 2; ++k)
      if (pair[k].key == key && same_text(pair[k].object, text)) return hit(pair, k);
    return miss(pair, text, key);
  }

  // The str of a text MainLineRecords::pack() gave: the text itself is not needed.
  PyObject* get_packed(std::uint64_t packed) {
    Entry* pair = pair_of(packed);
    if (pair[0].key == packed) {
      Py_INCREF(pair[0].object);
      return pair[0].object;
    }
    if (pair[1].key == packed) return hit(pair, 1);
    char text[8];
    std::memcpy(text, &packed, 8);
    return miss(pair, std::string_view(text, std::size_t(packed >> 56)), packed);
  }

 private:
  struct Entry {
    std::uint64_t key = 0;  // the packed text when it is 7 bytes or less, else its hash; 0: empty
    PyObject* object = nullptr;
  };

  Entry* pair_of(std::uint64_t key) {
    return &slots_[std::size_t((key * 0x9E3779B97F4A7C15ull) >> shift_) & mask_];
  }

  // pair[k] holds the text: a text found in the second slot moves to the first.
  static PyObject* hit(Entry* pair, int k) {
    if (k == 1) std::swap(pair[0], pair[1]);
    Py_INCREF(pair[0].object);
    return pair[0].object;
  }

  // A new text takes the second slot. Out of line, so that the lookups that find their text
  // (nearly all) do not save the registers the decoding needs.
  [[gnu::noinline, gnu::cold]] PyObject* miss(Entry* pair, std::string_view text,
                                              std::uint64_t key) {
    PyObject* object = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "strict");
    if (object == nullptr) return nullptr;
    if (intern_) PyUnicode_InternInPlace(&object);
    Entry& e = pair[1];
    Py_XDECREF(e.object);
    Py_INCREF(object);
    e.object = object;
    e.key = key;
    return object;
  }

  // MainLineRecords::pack(text) of a text of 1 to 7 bytes, from two loads that overlap rather
  // than byte by byte (tag names and values are looked up by their text).
  static std::uint64_t pack(std::string_view text) {
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    std::uint64_t packed;
    if (n >= 4) {
      std::uint32_t low, high;
      std::memcpy(&low, p, 4);
      std::memcpy(&high, p + n - 4, 4);
      packed = low | (std::uint64_t(high) << (8 * (n - 4)));
    } else {
      packed = p[0] | (std::uint64_t(p[n / 2]) << (8 * (n / 2))) |
               (std::uint64_t(p[n - 1]) << (8 * (n - 1)));
    }
    return packed | (std::uint64_t(n) << 56);
  }

  static bool same_text(PyObject* str, std::string_view text) {
    const char* bytes;
    std::size_t size;
    if (PyUnicode_IS_COMPACT_ASCII(str)) {  // most texts: their bytes follow the header
      bytes = static_cast<const char*>(PyUnicode_DATA(str));
      size = std::size_t(PyUnicode_GET_LENGTH(str));
    } else {
      Py_ssize_t n = 0;
      bytes = PyUnicode_AsUTF8AndSize(str, &n);  // kept in the str: no copy
      if (!bytes) {
        PyErr_Clear();
        return false;
      }
      size = std::size_t(n);
    }
    if (size != text.size()) return false;
    if (size < 8) return std::memcmp(bytes, text.data(), size) == 0;
    // Eight bytes at a time, the last eight overlapping: no call for the short texts here.
    std::uint64_t a, b;
    for (std::size_t i = 0; i + 8 < size; i += 8) {
      std::memcpy(&a, bytes + i, 8);
      std::memcpy(&b, text.data() + i, 8);
      if (a != b) return false;
    }
    std::memcpy(&a, bytes + size - 8, 8);
    std::memcpy(&b, text.data() + size - 8, 8);
    return a == b;
  }

  // Of a text of 8 bytes or more, eight bytes at a time (the last eight overlapping).
  static std::uint64_t hash_of(std::string_view text) {
    const char* p = text.data();
    const std::size_t n = text.size();
    std::uint64_t h = n * 0x9E3779B97F4A7C15ull;
    std::uint64_t word;
    for (std::size_t i = 0; i + 8 < n; i += 8) {
      std::memcpy(&word, p + i, 8);
      h = (h ^ word) * 0xFF51AFD7ED558CCDull;
      h ^= h >> 29;
    }
    std::memcpy(&word, p + n - 8, 8);
    h = (h ^ word) * 0xC4CEB9FE1A85EC53ull;
    return h ^ (h >> 32);
  }

  std::vector<Entry> slots_;
  std::size_t mask_;  // of a pair's first slot
  int shift_ = 64;    // a slot is the top bits of the mixed key
  bool intern_;
};

}  // namespace pgn::python
