// libpgn.Position: the legality core for scripts that build positions.
#include "libpgn/position.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <utility>
#include <vector>

#include "errors.hpp"
#include "libpgn/san.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {
namespace {

class PyPosition {
 public:
  explicit PyPosition(const std::string& fen, bool chess960) {
    FenResult r = Position::from_fen(fen, chess960);
    if (!r.ok()) raise("FenError", fen_error_code(r.error), r.message + " in FEN \"" + fen + "\"");
    pos_ = r.position;
  }
  std::string fen() const { return pos_.fen(); }
  std::vector<std::string> legal_moves() const {
    MoveList list;
    generate_legal(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(to_uci(pos_, m));
    return out;
  }
  std::vector<std::string> legal_san() const {
    MoveList list;
    generate_legal(pos_, list);
    std::vector<std::string> out;
    for (Move m : list) out.push_back(to_san(pos_, m));
    return out;
  }
  Move parse_uci(const std::string& uci) const {
    MoveList list;
    generate_legal(pos_, list);
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
    MoveResolution r = resolve_move(pos_, text);
    if (!r.ok())
      raise("IllegalMoveError", move_error_code(r.error), describe_move_error(pos_, text, r));
    return r.move;
  }
  std::string san(const std::string& uci) const { return to_san(pos_, parse_uci(uci)); }
  std::string push_san(const std::string& san) {
    Move m = parse_san(san);
    std::string uci = to_uci(pos_, m);
    play(m);
    return uci;
  }
  std::string push_uci(const std::string& uci) {
    Move m = parse_uci(uci);
    std::string san = to_san(pos_, m);
    play(m);
    return san;
  }
  std::string pop() {
    if (history_.empty()) throw py::index_error("pop from a position without moves");
    auto [m, undo] = history_.back();
    history_.pop_back();
    pos_.undo_move(m, undo);
    return to_uci(pos_, m);
  }
  const Position& position() const { return pos_; }
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
  void play(Move m) {
    UndoInfo undo;
    pos_.do_move(m, undo);
    history_.emplace_back(m, undo);
  }
  Position pos_;
  std::vector<std::pair<Move, UndoInfo>> history_;
};

}  // namespace

void bind_position(py::module_& m) {
  py::class_<PyPosition>(m, "Position", "A chess position on libpgn's legality core.")
      .def(py::init<const std::string&, bool>(), "fen"_a = std::string(pgn::Position::kStartFen),
           "chess960"_a = false,
           "A position from FEN (the standard start by default); FenError when it is not valid. "
           "Fields left out are read at their defaults (\"8/8/8/8/8/8/Q7/K6k w\"), and castling "
           "rights only Chess960 has make a Chess960 position without chess960=True.")
      .def("fen", &PyPosition::fen, "The position in FEN.")
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
      .def("is_checkmate", [](const PyPosition& p) { return p.position().is_checkmate(); })
      .def("is_stalemate", [](const PyPosition& p) { return p.position().is_stalemate(); })
      .def("is_insufficient_material",
           [](const PyPosition& p) { return p.position().is_insufficient_material(); })
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
            return pgn::perft(pos, depth);
          },
          "depth"_a, "Leaf nodes at `depth` (move-generation check).")
      .def("copy", [](const PyPosition& p) { return PyPosition(p); })
      .def("__str__", &PyPosition::board)
      .def("__repr__", [](const PyPosition& p) { return "Position(\"" + p.fen() + "\")"; });
}

}  // namespace pgn::python
