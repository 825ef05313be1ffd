// Code pages (decoding tables built with iconv) and the choice of a game's code page
// (uchardet's answers combined with the decoded text's plausibility and chess content).
#include "libpgn/encoding.hpp"

#include <iconv.h>
#include <locale.h>
#include <uchardet/uchardet.h>
#include <wctype.h>

#include <algorithm>
#include <cerrno>
#include <memory>
#include <mutex>
#include <set>
#include <vector>

#include "libpgn/notation.hpp"
#include "text/text_scan.hpp"

namespace pgn {
namespace {

// The code pages tried by detection, in order of preference on a tie: Windows-1252 first (it
// was the only reading before and stands for ISO-8859-1 too), then the Cyrillic and Central
// European ones. iconv's name, and the name reported.
struct KnownPage {
  const char* iconv_name;
  const char* name;
};
constexpr KnownPage kDetected[] = {
    {"WINDOWS-1252", "Windows-1252"},
    {"WINDOWS-1251", "Windows-1251"},
    {"KOI8-R", "KOI8-R"},
    {"IBM866", "CP866"},
    {"WINDOWS-1250", "Windows-1250"},
    {"ISO-8859-2", "ISO-8859-2"},
    {"KOI8-U", "KOI8-U"},
};
constexpr std::size_t kMaxPages = 31;  // GamePlace keeps the id in 5 bits

void append_utf8(char32_t c, std::array<char, 4>& out, std::uint8_t& size) {
  if (c < 0x80) {
    out[0] = char(c);
    size = 1;
  } else if (c < 0x800) {
    out[0] = char(0xC0 | (c >> 6));
    out[1] = char(0x80 | (c & 0x3F));
    size = 2;
  } else {
    out[0] = char(0xE0 | (c >> 12));
    out[1] = char(0x80 | ((c >> 6) & 0x3F));
    out[2] = char(0x80 | (c & 0x3F));
    size = 3;
  }
}

// The table of `iconv_name`; false with `error` when iconv does not know it or it is not a
// single-byte ASCII-compatible character set.
bool build_table(const std::string& iconv_name, CodePage& page, std::string& error) {
  iconv_t cd = ::iconv_open("UTF-32LE", iconv_name.c_str());
  if (cd == iconv_t(-1)) {
    error = "unknown encoding '" + iconv_name + "'";
    return false;
  }
  bool ok = true;
  for (unsigned byte = 0; byte < 256 && ok; ++byte) {
    char in = char(byte);
    char out[16];
    char* in_p = &in;
    char* out_p = out;
    std::size_t in_left = 1, out_left = sizeof out;
    ::iconv(cd, nullptr, nullptr, nullptr, nullptr);
    const std::size_t done = ::iconv(cd, &in_p, &in_left, &out_p, &out_left);
    const std::size_t produced = sizeof out - out_left;
    char32_t c = byte;
    bool defined = false;
    if (done != std::size_t(-1) && produced == 4) {
      c = char32_t(std::uint8_t(out[0])) | char32_t(std::uint8_t(out[1])) << 8 |
          char32_t(std::uint8_t(out[2])) << 16 | char32_t(std::uint8_t(out[3])) << 24;
      defined = c < 0x10000;
      if (!defined) c = byte;
    } else if (done != std::size_t(-1) || errno == EINVAL) {
      ok = false;  // a byte that starts a longer sequence, or maps to several characters
    }
    if (byte < 0x80 && (!defined || c != byte)) ok = false;
    page.code_point[byte] = c;
    page.defined[byte] = defined;
    append_utf8(c, page.utf8[byte], page.utf8_size[byte]);
  }
  ::iconv_close(cd);
  if (!ok)
    error = "encoding '" + iconv_name +
            "' is not a single-byte ASCII-compatible one (UTF-8 input needs no --encoding)";
  return ok;
}

// What detection needs to know of a byte in one code page.
enum Trait : std::uint8_t {
  kLetter = 1,
  kUpper = 2,
  kLower = 4,
  kCyrillic = 8,
  kControl = 16,   // undefined or a C1 control
  kNotation = 32,  // a character of some built-in notation table (К, Ф, ×, –, ...)
};

struct Registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<CodePage>> pages;
  // By id - 1; each on its own so that a detector can use it unlocked while pages are added.
  std::vector<std::unique_ptr<const std::array<std::uint8_t, 256>>> traits;
  bool detected_built = false;
  std::size_t detected = 0;  // the first pages are those of kDetected that iconv has
};
Registry& registry() {
  static Registry r;
  return r;
}

// The UTF-8 characters of the built-in notation tables that are not ASCII.
const std::set<std::string>& notation_characters() {
  static const std::set<std::string> characters = [] {
    std::set<std::string> out;
    auto add = [&](const std::string& s) {
      for (std::size_t i = 0; i < s.size();) {
        std::size_t n = 1;
        while (i + n < s.size() && (std::uint8_t(s[i + n]) & 0xC0) == 0x80) ++n;
        if (std::uint8_t(s[i]) >= 0x80) out.insert(s.substr(i, n));
        i += n;
      }
    };
    for (const Notation* n : builtin_notations()) {
      if (n->spoken) continue;
      for (const auto& list : n->pieces)
        for (const auto& s : list) add(s);
      for (const auto* list : {&n->castle_short, &n->castle_long, &n->capture, &n->move_dash,
                               &n->mate, &n->double_check, &n->promotion, &n->en_passant})
        for (const auto& s : *list) add(s);
      for (const auto& list : n->file_aliases)
        for (const auto& s : list) add(s);
      for (const auto& list : n->results)
        for (const auto& s : list) add(s);
    }
    return out;
  }();
  return characters;
}

std::array<std::uint8_t, 256> traits_of(const CodePage& page) {
  static const locale_t utf8 = ::newlocale(LC_CTYPE_MASK, "C.UTF-8", locale_t(nullptr));
  std::array<std::uint8_t, 256> traits{};
  for (unsigned byte = 0x80; byte < 256; ++byte) {
    const char32_t c = page.code_point[byte];
    std::uint8_t t = 0;
    if (!page.defined[byte] || c < 0xA0) {
      t = kControl;
    } else if (utf8 && ::iswalpha_l(wint_t(c), utf8)) {
      t = kLetter;
      if (::iswupper_l(wint_t(c), utf8)) t |= kUpper;
      if (::iswlower_l(wint_t(c), utf8)) t |= kLower;
      if (c >= 0x400 && c < 0x530) t |= kCyrillic;
    }
    if (notation_characters().count(std::string(page.utf8[byte].data(), page.utf8_size[byte])))
      t |= kNotation;
    traits[byte] = t;
  }
  return traits;
}

// Registers `page` (the lock held) unless a page with the same table is there: that one.
const CodePage* add_page(Registry& r, std::unique_ptr<CodePage> page) {
  for (const auto& p : r.pages)
    if (p->code_point == page->code_point && p->defined == page->defined) return p.get();
  if (r.pages.size() >= kMaxPages) return nullptr;
  page->id = std::uint8_t(r.pages.size() + 1);
  r.traits.push_back(std::make_unique<const std::array<std::uint8_t, 256>>(traits_of(*page)));
  r.pages.push_back(std::move(page));
  return r.pages.back().get();
}

void build_detected(Registry& r) {
  if (r.detected_built) return;
  r.detected_built = true;
  for (const KnownPage& known : kDetected) {
    auto page = std::make_unique<CodePage>();
    std::string error;
    if (!build_table(known.iconv_name, *page, error)) continue;
    page->name = known.name;
    if (add_page(r, std::move(page))) r.detected = r.pages.size();
  }
}

const CodePage* lookup(std::string_view name) {
  std::string error;
  return find_code_page(name, error);
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = char(c - 'a' + 'A');
  return out;
}

// uchardet's answer for `bytes`, as one of the code pages detection tries (nullptr for any
// other answer). It names ISO-8859-1 where Windows-1252 reads the same letters and more.
const CodePage* uchardet_guess(uchardet_t& detector, std::string_view bytes) {
  if (!detector) detector = ::uchardet_new();
  if (!detector) return nullptr;
  ::uchardet_reset(detector);
  ::uchardet_handle_data(detector, bytes.data(), bytes.size());
  ::uchardet_data_end(detector);
  std::string name = upper(::uchardet_get_charset(detector));
  if (name == "ISO-8859-1") name = "WINDOWS-1252";
  for (const KnownPage& known : kDetected)
    if (name == known.iconv_name) return lookup(known.name);
  return nullptr;
}

// uchardet's answer for the lines of `window` that are not UTF-8: in a file that is mostly
// UTF-8 (or ASCII), those are the evidence of the other encoding.
const CodePage* file_guess(uchardet_t& detector, std::string_view window) {
  std::string lines;
  for (std::size_t at = 0; at < window.size();) {
    std::size_t end = window.find('\n', at);
    end = end == std::string_view::npos ? window.size() : end + 1;
    const std::string_view line = window.substr(at, end - at);
    if (detail::classify_text(line) == detail::TextKind::Invalid) lines.append(line);
    at = end;
  }
  return uchardet_guess(detector, lines);
}

bool reads_the_same(const CodePage& a, const CodePage& b, std::string_view bytes) {
  return std::all_of(bytes.begin(), bytes.end(), [&](char c) {
    return a.code_point[std::uint8_t(c)] == b.code_point[std::uint8_t(c)];
  });
}

bool is_ascii_letter(unsigned char b) {
  return (b | 0x20) >= 'a' && (b | 0x20) <= 'z';
}

// How plausible the decoding of `bytes` by a code page with `traits` is: text (tags and
// comments) earns for letters and loses for control characters, symbols inside words, a
// capital after a lower-case letter and two scripts in one word; movetext earns for each
// character of a notation table and loses for any other that is not ASCII.
int plausibility(const std::array<std::uint8_t, 256>& traits, std::string_view bytes) {
  enum class Region { Movetext, Tag, Comment, LineComment } region = Region::Movetext;
  int score = 0;
  std::uint8_t word_scripts = 0;  // 1: Latin letters not ASCII, 2: Cyrillic
  auto letter_class = [&](std::size_t i) -> std::uint8_t {  // kLetter|kUpper|kLower or 0
    if (i >= bytes.size()) return 0;
    const unsigned char b = std::uint8_t(bytes[i]);
    if (b < 0x80)
      return is_ascii_letter(b) ? std::uint8_t(kLetter | (b < 'a' ? kUpper : kLower)) : 0;
    return traits[b] & (kLetter | kUpper | kLower);
  };
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    const unsigned char b = std::uint8_t(bytes[i]);
    if (b < 0x80) {
      if (!is_ascii_letter(b)) word_scripts = 0;
      switch (region) {
        case Region::Movetext:
          if (b == '{') region = Region::Comment;
          if (b == ';') region = Region::LineComment;
          if (b == '[') region = Region::Tag;
          break;
        case Region::Tag:
          if (b == ']' || b == '\n') region = Region::Movetext;
          break;
        case Region::Comment:
          if (b == '}') region = Region::Movetext;
          break;
        case Region::LineComment:
          if (b == '\n') region = Region::Movetext;
          break;
      }
      continue;
    }
    const std::uint8_t t = traits[b];
    if (region == Region::Movetext) {
      // A piece letter is followed by a square, a capture sign or another letter of its own.
      const unsigned char next = i + 1 < bytes.size() ? std::uint8_t(bytes[i + 1]) : ' ';
      const bool in_move = (next >= 'a' && next <= 'h') || next == ':' || next == 'x' ||
                           next == '-' || (next >= '1' && next <= '8') ||
                           (next >= 0x80 && (traits[next] & kNotation));
      score += (t & kNotation) && in_move ? 3 : -3;
      continue;
    }
    if (t & kControl) {
      score -= 4;
      word_scripts = 0;
    } else if (!(t & kLetter)) {
      score -= (letter_class(i - 1) || letter_class(i + 1)) ? 3 : 1;
      word_scripts = 0;
    } else {
      score += 1;
      if ((t & kUpper) && i > 0 && (letter_class(i - 1) & kLower)) score -= 2;
      const std::uint8_t script = t & kCyrillic ? 2 : 1;
      if (word_scripts && word_scripts != script) score -= 3;
      word_scripts |= script;
    }
  }
  return score;
}

}  // namespace

const CodePage* find_code_page(std::string_view name, std::string& error) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  build_detected(r);
  const std::string wanted = upper(name);
  for (const auto& p : r.pages)
    if (upper(p->name) == wanted) return p.get();
  auto page = std::make_unique<CodePage>();
  if (!build_table(std::string(name), *page, error)) return nullptr;
  page->name = wanted;
  const CodePage* added = add_page(r, std::move(page));
  if (!added) error = "too many encodings";
  return added;
}

bool encoding_option(std::string_view name, const CodePage*& out, std::string& error) {
  out = nullptr;
  const std::string wanted = upper(name);
  if (wanted == "AUTO" || wanted == "UTF-8" || wanted == "UTF8") return true;
  out = find_code_page(name, error);
  return out != nullptr;
}

std::vector<std::string> detected_encoding_names() {
  std::vector<std::string> names;
  for (const KnownPage& known : kDetected) {
    std::string name(known.iconv_name);
    for (char& c : name)
      if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    names.push_back(std::move(name));
  }
  return names;
}

const CodePage* code_page_by_id(unsigned id) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return id >= 1 && id <= r.pages.size() ? r.pages[id - 1].get() : nullptr;
}

void decode_code_page(const CodePage& page, std::string_view bytes, std::string& out) {
  out.clear();
  out.reserve(bytes.size() + bytes.size() / 2 + 16);
  for (const char ch : bytes) {
    const unsigned char byte = std::uint8_t(ch);
    if (byte < 0x80)
      out.push_back(ch);
    else
      out.append(page.utf8[byte].data(), page.utf8_size[byte]);
  }
}

EncodingDetector::~EncodingDetector() {
  if (uchardet_) ::uchardet_delete(uchardet_);
}

const CodePage& EncodingDetector::choose(std::string_view game, std::string_view file_window) {
  if (forced_) return *forced_;
  if (!file_seen_) {
    file_seen_ = true;
    file_guess_ = file_guess(uchardet_, file_window);
  }
  const CodePage* game_guess = uchardet_guess(uchardet_, game);
  Registry& r = registry();
  std::vector<std::pair<const CodePage*, const std::array<std::uint8_t, 256>*>> candidates;
  {
    std::lock_guard lock(r.mutex);
    build_detected(r);
    for (std::size_t k = 0; k < r.pages.size(); ++k) {
      const CodePage* p = r.pages[k].get();
      if (k < r.detected) candidates.emplace_back(p, r.traits[k].get());
    }
  }
  // uchardet's answer for one game counts as much as the game has text to go by (up to 6
  // characters that are not ASCII): on a short game it is a guess.
  const int game_weight = int(std::min<std::size_t>(
      6, std::count_if(game.begin(), game.end(), [](char c) { return std::uint8_t(c) >= 0x80; })));
  const CodePage* best = nullptr;
  int best_score = 0;
  for (const auto& [page, traits] : candidates) {
    int score = plausibility(*traits, game);
    if (page == game_guess) score += game_weight;
    if (page == file_guess_) score += 3;
    if (page == previous_) score += 1;
    if (!best || score > best_score) {
      best = page;
      best_score = score;
    }
  }
  // Among code pages that read the game the same, the report names the previous game's (one
  // code page for a run of games from one source), else the first in order of preference.
  if (previous_ && reads_the_same(*previous_, *best, game)) {
    best = previous_;
  } else {
    for (const auto& candidate : candidates)
      if (reads_the_same(*candidate.first, *best, game)) {
        best = candidate.first;
        break;
      }
  }
  previous_ = best;
  return *best;
}

}  // namespace pgn
