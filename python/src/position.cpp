// libpgn.Position: the legality core for scripts that build positions, under any variant's
// rules (crazyhouse pockets, three-check counters, atomic explosions...).
#include "libpgn/position.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "libpgn/movegen.hpp"
#include "libpgn/san.hpp"
#include "libpgn/variant.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {
namespace {

class PyPosition {
 public:
  // `variant`: a name the Variant tag takes ("crazyhouse", "Three-check", "chess960"); no FEN
  // is the variant's start position.
  PyPosition(const std::optional<std::string>& fen, bool chess960, const std::string& variant) {
    const VariantName name = parse_variant_name(variant);
    if (!name.known) throw py::value_error("unknown variant '" + variant + "'");
    const std::string text = fen ? *fen : std::string(variant_start_fen(name.variant));
    FenResult r = Position::from_fen(text, name.variant, chess960 || name.chess960);
    if (!r.ok()) raise("FenError", fen_error_code(r.error), r.message + " in FEN \"" + text + "\"");
    pos_ = r.position;
    rules_ = &rules_for(name.variant);
  }
  std::string fen() const { return pos_.fen(); }
  bool standard() const { return pos_.variant() == Variant::Standard; }
  // The rules as --variant names them: "standard", "chess960", "crazyhouse", ...
  std::string variant() const {
    return variant_option_name({pos_.variant(), pos_.is_chess960(), true});
  }
  std::string san_of(Move m) const {
    if (standard()) return to_san(pos_, m);
    std::string san;
    append_variant_san(pos_, m, san);
    return san;
  }
  std::vector<std::string> legal_moves() const {
    MoveList list;
    rules_->generate_legal(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(to_uci(pos_, m));
    return out;
  }
  std::vector<std::string> legal_san() const {
    MoveList list;
    rules_->generate_legal(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(san_of(m));
    return out;
  }
  Move parse_uci(const std::string& uci) const {
    MoveList list;
    rules_->generate_legal(pos_, list);
    for (Move m : list)
      if (to_uci(pos_, m) == uci) return m;
    raise("IllegalMoveError", "illegal-move", "illegal move " + uci + " in " + pos_.fen());
  }
  Move parse_san(const std::string& san) const {
    MoveText text;
    MoveTextError text_error = MoveTextError::None;
    const std::size_t used = parse_move_text(san, text, text_error);
    if (text_error != MoveTextError::None || used != san.size())
      raise("IllegalMoveError", "syntax", "cannot read \"" + san + "\" as a move");
    MoveResolution r = standard() ? resolve_move(pos_, text) : resolve_variant_move(pos_, text);
    if (!r.ok())
      raise("IllegalMoveError", move_error_code(r.error), describe_move_error(pos_, text, r));
    return r.move;
  }
  std::string san(const std::string& uci) const { return san_of(parse_uci(uci)); }
  std::string push_san(const std::string& san) {
    Move m = parse_san(san);
    std::string uci = to_uci(pos_, m);
    play(m);
    return uci;
  }
  std::string push_uci(const std::string& uci) {
    Move m = parse_uci(uci);
    std::string san = san_of(m);
    play(m);
    return san;
  }
  std::string pop() {
    if (history_.empty()) throw py::index_error("pop from a position without moves");
    auto [m, before] = history_.back();
    history_.pop_back();
    pos_ = before;
    return to_uci(pos_, m);
  }
  const Position& position() const { return pos_; }
  const Rules& rules() const { return *rules_; }
  EndReason end() const { return rules_->outcome(pos_).reason; }
  std::string board() const {
    static const char kLetters[] = " PNBRQK  pnbrqk";
    std::string s;
    for (int rank = 7; rank >= 0; --rank) {
      for (int file = 0; file < 8; ++file) {
        Piece p = pos_.piece_on(make_square(file, rank));
        s += p == NoPiece ? '.' : kLetters[p];
        if (file < 7 || rank > 0) s += file < 7 ? ' ' : '\n';
      }
    }
    return s;
  }

 private:
  // The position before each move is kept whole: a variant's move changes more than the
  // standard undo restores (pockets, check counts, exploded pieces).
  void play(Move m) {
    history_.emplace_back(m, pos_);
    rules_->play(pos_, m);
  }
  Position pos_;
  const Rules* rules_ = nullptr;
  std::vector<std::pair<Move, Position>> history_;
};

}  // namespace

void bind_position(py::module_& m) {
  py::class_<PyPosition>(m, "Position", "A chess position on libpgn's legality core.")
      .def(py::init<const std::optional<std::string>&, bool, const std::string&>(),
           "fen"_a = py::none(), "chess960"_a = false, "variant"_a = "standard",
           "A position from FEN (the variant's start by default); FenError when it is not valid. "
           "Fields left out are read at their defaults (\"8/8/8/8/8/8/Q7/K6k w\"), and castling "
           "rights only Chess960 has make a Chess960 position without chess960=True. `variant` "
           "is a name the Variant tag takes (\"crazyhouse\", \"three-check\"): the FEN is read "
           "with its fields (pockets, check counters) and moves follow its rules.")
      .def("fen", &PyPosition::fen, "The position in FEN.")
      .def_property_readonly("variant", &PyPosition::variant,
                             "The rules, as --variant names them (\"standard\", \"crazyhouse\").")
      .def_property_readonly("legal_moves", &PyPosition::legal_moves,
                             "Legal moves in UCI notation.")
      .def("legal_san", &PyPosition::legal_san, "Legal moves in SAN.")
      .def("san", &PyPosition::san, "uci"_a, "The SAN of a legal move given in UCI.")
      .def("push_san", &PyPosition::push_san, "san"_a,
           "Plays a move given in SAN; returns it in UCI. IllegalMoveError says why a move cannot "
           "be played.")
      .def("push_uci", &PyPosition::push_uci, "uci"_a,
           "Plays a move given in UCI; returns it in SAN.")
      .def("pop", &PyPosition::pop, "Takes back the last move played; returns it in UCI.")
      .def_property_readonly(
          "turn", [](const PyPosition& p) { return p.position().side_to_move() == pgn::White; },
          "True when White is to move.")
      .def("is_check", [](const PyPosition& p) { return p.position().in_check(); })
      .def("is_checkmate",
           [](const PyPosition& p) {
             return p.standard() ? p.position().is_checkmate() : p.end() == EndReason::Checkmate;
           })
      .def("is_stalemate",
           [](const PyPosition& p) {
             return p.standard() ? p.position().is_stalemate() : p.end() == EndReason::Stalemate;
           })
      .def(
          "outcome",
          [](const PyPosition& p) -> py::object {
            const Outcome o = p.rules().outcome(p.position());
            if (o.reason == EndReason::Unknown) return py::none();
            return py::make_tuple(result_text(o.result), game_end_code(o.reason));
          },
          "None while the game goes on; else (result, how it ended): (\"1-0\", \"checkmate\"), "
          "(\"0-1\", \"king-exploded\"), ... under the position's variant.")
      .def("is_insufficient_material",
           [](const PyPosition& p) {
             return p.standard() ? p.position().is_insufficient_material()
                                 : is_variant_insufficient_material(p.position());
           })
      .def_property_readonly("halfmove_clock",
                             [](const PyPosition& p) { return p.position().halfmove_clock(); })
      .def_property_readonly("fullmove_number",
                             [](const PyPosition& p) { return p.position().fullmove_number(); })
      .def(
          "perft",
          [](const PyPosition& p, int depth) {
            if (depth < 0) throw py::value_error("depth must be at least 0");
            pgn::Position pos = p.position();
            py::gil_scoped_release nogil;
            return p.rules().perft(pos, depth);
          },
          "depth"_a, "Leaf nodes at `depth` (move-generation check).")
      .def("copy", [](const PyPosition& p) { return PyPosition(p); })
      .def("__str__", &PyPosition::board)
      .def("__repr__", [](const PyPosition& p) {
        const std::string variant = p.standard() ? "" : ", variant=\"" + p.variant() + "\"";
        return "Position(\"" + p.fen() + "\"" + variant + ")";
      });
}

}  // namespace pgn::python
