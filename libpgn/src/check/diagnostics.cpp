#include "libpgn/diagnostics.hpp"

#include <utility>

namespace pgn {
namespace {
constexpr CodeInfo kCodes[] = {
    {Code::Syntax, "syntax", Severity::Error, "Unparsable tags or movetext"},
    {Code::IllegalMove, "illegal-move", Severity::Error,
     "A move that is not legal in the position, or text that is no move"},
    {Code::AmbiguousMove, "ambiguous-move", Severity::Error,
     "A move that more than one piece could make, written without enough disambiguation"},
    {Code::ResultMismatch, "result-mismatch", Severity::Error,
     "The Result tag and the termination marker differ, or one of them is missing"},
    {Code::WrongResult, "wrong-result", Severity::Error,
     "The result contradicts the final position (checkmate, stalemate, no mating material)"},
    {Code::AutomaticDraw, "automatic-draw", Severity::Warning,
     "The 75-move rule or fivefold repetition drew the game, yet play went on or the result "
     "is decisive"},
    {Code::MissingTag, "missing-tag", Severity::Warning,
     "A tag of the Seven Tag Roster is missing"},
    {Code::BadTag, "bad-tag", Severity::Warning,
     "A tag value that breaks the PGN standard's format"},
    {Code::BadFen, "bad-fen", Severity::Error, "The FEN tag is not a legal position"},
    {Code::CheckSuffix, "check-suffix", Severity::Warning,
     "A check or mate sign that is missing, wrong, or on a move that gives no check"},
    {Code::NullMove, "null-move", Severity::Warning,
     "A null move (--, Z0, 0000 or @@@@) in a variation"},
    {Code::Encoding, "encoding", Severity::Warning,
     "The game is not UTF-8; it was decoded from the code page its content shows, or --encoding"},
    {Code::LimitExceeded, "limit-exceeded", Severity::Error,
     "A game exceeded a size budget (plies, variation depth, comment or game size)"},
    {Code::AmbiguousNotation, "ambiguous-notation", Severity::Warning,
     "Two notations read the game as different legal games; the first was used"},
    {Code::UnsupportedVariant, "unsupported-variant", Severity::Warning,
     "The game is a chess variant whose rules libpgn does not replay"},
    {Code::Io, "io", Severity::Error, "The input could not be read or decompressed"},
    {Code::DeadPosition, "dead-position", Severity::Warning,
     "Play went on after a dead position (no sequence of legal moves mates) ended the game"},
    {Code::BadCommentCommand, "bad-comment-command", Severity::Warning,
     "A comment command ([%clk], [%emt], [%eval], [%timestamp]) whose value does not read; "
     "the comment is kept as written"},
};
static_assert(sizeof(kCodes) / sizeof(kCodes[0]) == kCodeCount);
}  // namespace

const char* severity_name(Severity s) {
  return s == Severity::Error ? "error" : "warning";
}

std::span<const CodeInfo> all_codes() {
  return kCodes;
}

const CodeInfo& code_info(Code c) {
  return kCodes[int(c)];
}

bool code_from_name(std::string_view name, Code& out) {
  for (const auto& info : kCodes) {
    if (name == info.name) {
      out = info.code;
      return true;
    }
  }
  return false;
}

Diagnostic input_problem(std::string message, std::uint64_t games_read) {
  Diagnostic d;
  d.code = Code::Io;
  d.severity = Severity::Error;
  d.message = std::move(message);
  if (games_read) d.message += " (" + std::to_string(games_read) + " games before it were read)";
  return d;
}

}  // namespace pgn
