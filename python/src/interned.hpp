// Python strings for texts that repeat from game to game (SAN moves, tag names, common tag
// values): one str object per distinct text, handed out again with a new reference, instead of
// a new str per move. A game's move list then costs a reference count per move, not an
// allocation and a UTF-8 decode (that was a third of the time of iterating games' moves).
// Used with the GIL held.
#pragma once

#include <Python.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "stream.hpp"  // pack_short_text

namespace pgn::python {

class InternedStrings {
 public:
  explicit InternedStrings(std::size_t max_entries) : max_entries_(max_entries) { reset(1024); }
  InternedStrings(const InternedStrings&) = delete;
  InternedStrings& operator=(const InternedStrings&) = delete;
  // Never destroyed: the module's tables live until the interpreter ends, and releasing their
  // strings after it has finalized would touch freed memory.

  // A new reference to the str of `text` (UTF-8); nullptr with a Python error set when the
  // bytes are not UTF-8.
  PyObject* get(std::string_view text) {
    // Texts of up to 7 bytes (SAN moves, most tag names, Elo, results) are their own key
    // (pack_short_text): one compare, no key bytes to fetch. Longer ones are hashed (top bit
    // set, so that they never equal a packed text) and compared.
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
  PyObject* get(std::string_view text, std::uint64_t hash, bool exact) {
    const std::uint64_t mixed = hash * 0x9E3779B97F4A7C15ull;
    std::size_t slot = std::size_t(mixed >> shift_);
    for (;;) {
      Entry& e = slots_[slot];
      if (e.object == nullptr) break;
      if (e.hash == hash &&
          (exact || (e.size == text.size() &&
                     std::memcmp(keys_.data() + e.key, text.data(), text.size()) == 0))) {
        Py_INCREF(e.object);
        return e.object;
      }
      slot = (slot + 1) & mask_;
    }
    PyObject* object = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "strict");
    if (object == nullptr) return nullptr;
    if (used_ >= max_entries_) {
      // Full of texts that did not repeat enough: start again rather than grow without end.
      clear();
      return object;
    }
    if (2 * (used_ + 1) > slots_.size()) {
      grow();
      slot = std::size_t(mixed >> shift_);
      while (slots_[slot].object != nullptr) slot = (slot + 1) & mask_;
    }
    Entry& e = slots_[slot];
    e.hash = hash;
    if (!exact) {
      e.key = std::uint32_t(keys_.size());
      e.size = std::uint32_t(text.size());
      keys_.append(text);
    }
    Py_INCREF(object);
    e.object = object;
    ++used_;
    return object;
  }

  struct Entry {
    std::uint64_t hash = 0;           // the packed text when it is 7 bytes or less
    std::uint32_t key = 0, size = 0;  // a longer text: where it is in keys_
    PyObject* object = nullptr;
  };

  static std::uint64_t hash_of(std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325ull ^ text.size();
    for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
    return h >> 1;
  }

  void reset(std::size_t slots) {
    slots_.assign(slots, Entry{});
    mask_ = slots - 1;
    shift_ = 64;
    for (std::size_t n = slots; n > 1; n >>= 1) --shift_;
  }

  void clear() {
    for (Entry& e : slots_) Py_XDECREF(e.object);
    reset(slots_.size());
    keys_.clear();
    used_ = 0;
  }

  void grow() {
    std::vector<Entry> old = std::move(slots_);
    reset(old.size() * 2);
    for (const Entry& e : old) {
      if (e.object == nullptr) continue;
      std::size_t slot = std::size_t((e.hash * 0x9E3779B97F4A7C15ull) >> shift_);
      while (slots_[slot].object != nullptr) slot = (slot + 1) & mask_;
      slots_[slot] = e;
    }
  }

  std::vector<Entry> slots_;
  std::size_t mask_ = 0;
  int shift_ = 64;  // a slot is the top bits of the mixed hash
  std::string keys_;
  std::size_t used_ = 0;
  const std::size_t max_entries_;
};

}  // namespace pgn::python
