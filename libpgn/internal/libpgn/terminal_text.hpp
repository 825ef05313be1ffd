// Text taken from the input, written for a terminal. Part of the ground floor of text that
// every stage may use (libpgn/src/text/); the text report format and the commands' messages
// use it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace pgn {

// Appends text taken from the input (a tag value, a move, a line excerpt, a file name) to a
// report meant for a terminal, so that it cannot drive the terminal: C0 control characters
// but tab, and DEL, are written as \x1b, C1 controls (U+0080 to U+009F) as \u009b, and
// bytes that are not well-formed UTF-8 as \xff. Everything else, backslashes included, is
// kept as it is.
void append_terminal_text(std::string& out, std::string_view text);
std::string terminal_text(std::string_view text);
// The columns `text` takes once written by append_terminal_text, one per character: where
// a caret goes under an excerpt.
std::size_t terminal_columns(std::string_view text);

}  // namespace pgn
