// Code pages: how a game that is not UTF-8 is read. A file saved by an older program is in a
// single-byte code page (Windows-1251, KOI8-R, CP866, Windows-1250, ISO-8859-2,
// Windows-1252, ...); the splitter finds which one by content (or is told) and hands the game
// on decoded to UTF-8. Each input byte becomes exactly one character, so the input's byte
// offsets and the decoded text's character counts stay the same numbers. Defined in
// read/encoding.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

struct uchardet;  // uchardet's detector (uchardet/uchardet.h)

namespace pgn {

// A single-byte, ASCII-compatible character set, with its decoding table (built once with
// iconv). Code pages live as long as the program; compare them by address.
struct CodePage {
  std::string name;     // as reported: "Windows-1251", "KOI8-R", ...
  std::uint8_t id = 0;  // 1-based, small: GamePlace keeps it in a few bits
  // The UTF-8 form of each byte; a byte the code page leaves undefined stands for the code
  // point with its own number (as in ISO-8859-1), so that nothing is lost.
  std::array<std::array<char, 4>, 256> utf8{};
  std::array<std::uint8_t, 256> utf8_size{};
  std::array<char32_t, 256> code_point{};
  std::array<bool, 256> defined{};
};

// The code page called `name` (any name iconv knows: "cp1251", "KOI8-R", "latin2", ...), or
// nullptr with `error` when it is unknown or not a single-byte ASCII-compatible one.
const CodePage* find_code_page(std::string_view name, std::string& error);
// The value of an encoding option (--encoding, Python's encoding=): "auto" or "UTF-8" (any
// case) is nullptr, the default (UTF-8, and detection for games that are not); any other is
// find_code_page's. False with `error` for a name that is no single-byte code page.
bool encoding_option(std::string_view name, const CodePage*& out, std::string& error);
// The code pages detection chooses from, in lower case as --encoding takes them ("koi8-r");
// any other name iconv knows is taken too.
std::vector<std::string> detected_encoding_names();
// The code page with this id (from CodePage::id), nullptr for 0 or an unknown id.
const CodePage* code_page_by_id(unsigned id);

// Decodes `bytes` from `page` into UTF-8 `out` (replacing its contents).
void decode_code_page(const CodePage& page, std::string_view bytes, std::string& out);

// Chooses the code page of the games of one input that are not UTF-8. The evidence is
// combined: uchardet's answer for the file (from a window of it, once) and for the game,
// how plausible each candidate's decoded text is (letters rather than symbols and control
// characters, no lower-case letter followed by a capital inside a word, one script per
// word), and the game's chess content: in a decoding that is right, the non-ASCII letters of
// the movetext are piece letters of a known notation table (Cyrillic К Ф Л С Кр) rather
// than mojibake. The previous game's choice breaks ties, so a file keeps one code page
// unless a game's own evidence says otherwise (archives concatenated from several sources).
class EncodingDetector {
 public:
  // `forced` (from --encoding) is used for every game that is not ASCII when set.
  explicit EncodingDetector(const CodePage* forced = nullptr) : forced_(forced) {}
  ~EncodingDetector();
  EncodingDetector(const EncodingDetector&) = delete;
  EncodingDetector& operator=(const EncodingDetector&) = delete;
  // `game`: the game's bytes, not valid UTF-8; `file_window`: the input from this game on,
  // as far as it is in memory (looked at for the first such game only).
  const CodePage& choose(std::string_view game, std::string_view file_window);
  const CodePage* forced() const { return forced_; }

 private:
  const CodePage* forced_ = nullptr;
  const CodePage* file_guess_ = nullptr;
  bool file_seen_ = false;
  const CodePage* previous_ = nullptr;
  ::uchardet* uchardet_ = nullptr;  // made once, reset for each text
};

}  // namespace pgn
