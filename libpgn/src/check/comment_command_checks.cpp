// The validator's check of comment commands: a known command ([%clk], [%emt], [%eval],
// [%timestamp]) whose value does not read is a bad-comment-command warning at the command's
// place (DiagnosticsBuilder::add leaves out an ignored code). The comment is reported, never
// changed.
#include "check/validator_impl.hpp"

namespace pgn {

void GameValidator::Impl::check_comment_commands(std::string_view text, TextPos pos) {
  // The caller has ruled out the 16-byte clock form: only the evaluation form is left to
  // test (is_plain_lichess_comment would test the clock form again for 16 bytes).
  if (text.size() != 16 && detail::is_plain_lichess_comment(text))
    return;  // an analysed game's " [%eval ...] [%clk ...] "
  read_comment_commands(text, comment_commands, &comment_command_warnings);
  if (!comment_command_warnings.empty()) [[unlikely]]
    report_comment_commands(text, pos);
}

void GameValidator::Impl::report_comment_commands(std::string_view text, TextPos pos) {
  // `pos` is the comment's opening "{" or ";": its text starts one byte after it.
  const char* const begin = text.data();
  std::size_t counted = 0;
  TextPos at = pos;
  at.column = 0;  // counted by the diagnostics for the few places reported
  for (const CommentCommandWarning& w : comment_command_warnings) {
    // Line breaks before the command, as the parser counts them ("\r\n", "\n" or "\r").
    for (; counted < w.offset; ++counted) {
      const char c = begin[counted];
      if (c == '\n' || (c == '\r' && (counted + 1 >= text.size() || begin[counted + 1] != '\n')))
        ++at.line;
    }
    at.offset = pos.offset + 1 + w.offset;
    Diagnostic* d = diagnostics.add(Code::BadCommentCommand, at, w.message);
    if (!d) continue;
    const std::size_t close = text.find(']', w.offset);
    d->written = text.substr(
        w.offset, close == std::string_view::npos ? text.size() - w.offset : close + 1 - w.offset);
    replay.place_comment_problem(*d);
  }
  comment_command_warnings.clear();
}

}  // namespace pgn
