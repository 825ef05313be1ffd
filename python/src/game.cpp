// The Game Python type: one game of a batch, its tags and moves made with the C API from the
// batch's compact store (main_lines.hpp), the rest from its model made again on first need;
// and the iterator read_games returns.
#include "game.hpp"

#include <pybind11/pybind11.h>
#include <structmember.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "interned.hpp"
#include "libpgn/comment_commands.hpp"
#include "libpgn/game_record.hpp"
#include "libpgn/games.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/writers.hpp"

namespace pgn::python {
namespace {

// Tables of the texts that repeat: SAN moves, tag names (few, Python's interned strs) and
// short tag values (Elo, dates, results, time controls, openings' ECO codes), small enough to
// stay in the cache (128, 8 and 64 kB). Values longer than kInternedValue are mostly unique
// (URLs, long opening names are the exception) and are made each time.
constexpr std::size_t kInternedValue = 24;
InternedStrings& interned_moves() {
  static auto* table = new InternedStrings(1 << 13);
  return *table;
}
InternedStrings& interned_tag_names() {
  static auto* table = new InternedStrings(1 << 9, true);
  return *table;
}
InternedStrings& interned_tag_values() {
  static auto* table = new InternedStrings(1 << 12);
  return *table;
}

// A new reference to the str of a tag value; nullptr with a Python error set.
PyObject* tag_value_object(InternedStrings& values, std::string_view value) {
  if (value.size() <= kInternedValue) return values.get(value);
  return PyUnicode_DecodeUTF8(value.data(), Py_ssize_t(value.size()), "strict");
}

// One game of a batch. The batch's store stays alive as long as one of its games does; the
// Python values (tags, moves) are made on first use, once. What the store does not hold
// (comments, the moves as Move values, the positions) comes from the game's model, made on
// first need by reading the game again; the normalized text (pgn()), from its whole record.
class Game {
 public:
  Game(Batch* batch, std::size_t i) : batch_(batch), i_(i) { ++batch->references; }
  ~Game() { Batch::release(batch_); }
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  py::dict tags() const {
    if (!tags_) tags_ = make_tags();
    return py::reinterpret_borrow<py::dict>(tags_);
  }
  std::optional<std::string_view> tag(std::string_view name) const {
    const MainLineRecords& s = lines();
    for (const MainLineRecords::Tag* t = s.tags_begin(i_); t != s.tags_end(i_); ++t)
      if (s.tag_name(*t) == name) return s.tag_value(*t);
    return std::nullopt;
  }

  py::list moves() const {
    if (!moves_) moves_ = make_moves();
    return py::reinterpret_borrow<py::list>(moves_);
  }

  // What the store does not hold comes from the game model of the public reading API
  // (libpgn/games.hpp), made on first need.
  py::list uci() const {
    const PlayedGame& g = played();
    py::list list(g.moves.size());
    for (MainLineCursor cursor(g); !cursor.at_end(); cursor.advance()) {
      const PlayedMove& m = cursor.next_move();
      // A bughouse move as in `moves`: its board's letter, in the case of the side that moved.
      const std::string uci = cursor.next_uci();
      list[cursor.ply()] =
          g.start_b ? py::str(MainLineRecords::board_prefix(g, m) + uci) : py::str(uci);
    }
    return list;
  }

  std::string fen_at(long ply) const {
    const PlayedGame& g = played();
    if (ply < 0) ply += long(g.moves.size()) + 1;
    if (ply < 0 || std::size_t(ply) > g.moves.size())
      throw py::index_error("ply " + std::to_string(ply) + " is outside 0.." +
                            std::to_string(g.moves.size()));
    // One cursor per game: the FEN of each ply in turn plays one move each.
    if (!cursor_) cursor_ = std::make_unique<MainLineCursor>(g);
    cursor_->seek(std::size_t(ply));
    return cursor_->fen();
  }

  py::list comments() const {
    const PlayedGame& g = played();
    py::list list;
    for (const PlayedComment c : g.comments()) list.append(py::make_tuple(c.ply, c.text));
    return list;
  }

  // One value per main-line ply, None where the move's comments give none.
  template <typename T, typename Python = py::float_>
  py::list per_ply(std::optional<T> MoveCommands::*value) const {
    const PlayedGame& g = played();
    py::list list(g.moves.size());
    for (std::size_t k = 0; k < g.moves.size(); ++k) {
      const std::optional<T> v = g.commands_of(k + 1).*value;
      list[k] = v ? py::object(Python(*v)) : py::object(py::none());
    }
    return list;
  }
  py::list clocks() const { return per_ply(&MoveCommands::clock); }
  py::list emts() const { return per_ply(&MoveCommands::emt); }
  py::list evals() const { return per_ply(&MoveCommands::eval); }
  py::list mates() const { return per_ply<long, py::int_>(&MoveCommands::mate); }

  std::string result() const { return std::string(result_text(header().result)); }
  // The variant the game was replayed in, as `pgn validate --format json --list-games` names
  // it, in lower case; a game whose variant is not known keeps its Variant tag's.
  std::string variant() const {
    std::string_view name = lines().variant(i_);
    if (name.empty() && !header().replayed)
      if (auto v = tag("Variant")) name = *v;
    if (name.empty()) return "standard";
    // A bughouse report names the result's reading after the rules: "Bughouse (result: team)".
    name = name.substr(0, name.find(" ("));
    std::string s;
    for (char c : name) s += char(std::tolower((unsigned char)c));
    return s;
  }
  py::list problems() const {
    py::list list;
    for (const Diagnostic& d : lines().problems(i_)) list.append(Problem{file(), d});
    return list;
  }
  std::string pgn() const {
    static GameWriter writer{WriterOptions{}};
    std::string out;
    writer.write(record(), out);
    return out;
  }
  py::dict to_dict() const {
    const MainLineRecords::Game& r = header();
    py::dict d;
    d["file"] = file();
    d["index"] = r.index;
    d["offset"] = r.start.offset;
    d["line"] = r.start.line;
    d["tags"] = tags();
    d["moves"] = moves();
    d["result"] = result();
    d["variant"] = variant();
    d["notation"] = notation();
    d["plies"] = r.plies;
    d["valid"] = valid();
    d["errors"] = r.errors;
    d["warnings"] = r.warnings;
    py::list problems;
    for (const Diagnostic& diag : lines().problems(i_))
      problems.append(problem_dict(Problem{file(), diag}));
    d["problems"] = problems;
    return d;
  }
  bool valid() const { return header().errors == 0 && header().replayed; }
  std::string notation() const { return std::string(lines().notation(i_)); }

  const MainLineRecords::Game& header() const { return lines().game(i_); }
  const MainLineRecords& lines() const { return batch_->chunk->games.main_lines; }
  const std::string& file() const { return *batch_->file; }

  // The game model: the batch's games are read again, as the worker read them.
  const PlayedGame& played() const {
    if (!played_) {
      const Chunk& chunk = *batch_->chunk;
      if (!chunk.reader) {
        chunk.reader = std::make_unique<PlayedGameReader>(*chunk.options);
        chunk.reader->set_neighbours(chunk.games.games);
      }
      auto game = std::make_shared<PlayedGame>();
      chunk.reader->read(chunk.games.games[i_], *game);
      played_ = std::move(game);
    }
    return *played_;
  }
  // The game's whole record, for the writer (pgn()): the game is validated again. pgn() writes
  // the variations, which the game model of the public reading API does not hold: the
  // validator's record, internal, is made for it alone.
  const GameRecord& record() const {
    if (!record_) {
      const Chunk& chunk = *batch_->chunk;
      if (!chunk.revalidator) {
        chunk.revalidator = std::make_unique<GameValidator>(*chunk.options);
        chunk.revalidator->set_neighbours(chunk.games.games);
      }
      auto record = std::make_shared<GameRecord>();
      GameReport again;
      chunk.revalidator->validate(chunk.games.games[i_], again, record.get());
      record_ = std::move(record);
    }
    return *record_;
  }

  // Built with the C API, a str of the tables per text: the two are most of the cost of
  // iterating games from Python.
  py::object make_tags() const {
    const MainLineRecords& s = lines();
    const MainLineRecords::Tag* begin = s.tags_begin(i_);
    const MainLineRecords::Tag* end = s.tags_end(i_);
    auto dict = py::reinterpret_steal<py::object>(_PyDict_NewPresized(end - begin));
    if (!dict) throw py::error_already_set();
    InternedStrings& names = interned_tag_names();
    InternedStrings& values = interned_tag_values();
    for (const MainLineRecords::Tag* t = begin; t != end; ++t) {
      PyObject* name = names.get(s.tag_name(*t));
      if (!name) throw py::error_already_set();
      PyObject* value = tag_value_object(values, s.tag_value(*t));
      const int failed = value ? PyDict_SetItem(dict.ptr(), name, value) : -1;
      Py_DECREF(name);
      Py_XDECREF(value);
      if (failed) throw py::error_already_set();
    }
    return dict;
  }
  py::object make_moves() const {
    const MainLineRecords& s = lines();
    const std::uint64_t* begin = s.moves_begin(i_);
    const std::uint64_t* end = s.moves_end(i_);
    auto list = py::reinterpret_steal<py::object>(PyList_New(end - begin));
    if (!list) throw py::error_already_set();
    InternedStrings& table = interned_moves();
    PyObject** items = reinterpret_cast<PyListObject*>(list.ptr())->ob_item;
    for (const std::uint64_t* m = begin; m != end; ++m) {
      PyObject* o;
      if (MainLineRecords::is_packed(*m)) {
        o = table.get_packed(*m);
      } else {
        char buffer[8];
        o = table.get(s.san(*m, buffer));
      }
      if (!o) throw py::error_already_set();  // the list's empty items are NULL: it can go
      items[m - begin] = o;
    }
    return list;
  }

  // The Python type's garbage collection sees the values it holds (a user may put the game
  // in its own tags dict).
  int visit(visitproc visit, void* arg) const {
    Py_VISIT(tags_.ptr());
    Py_VISIT(moves_.ptr());
    return 0;
  }
  void clear() {
    tags_ = py::object();
    moves_ = py::object();
  }

 private:
  Batch* batch_;
  std::size_t i_;
  mutable py::object tags_, moves_;                 // made on first use
  mutable std::shared_ptr<PlayedGame> played_;      // made on first need
  mutable std::unique_ptr<MainLineCursor> cursor_;  // fen_at's, made on first use
  mutable std::shared_ptr<GameRecord> record_;      // made on first need
};

// ---- Game and GameIterator as Python types ------------------------------------------------
// Made with the C API rather than py::class_: a game is made for every game read, and
// pybind11's instance registry, holder and argument dispatch cost more per game than building
// its tags and moves. The C++ calls below translate their exceptions as pybind11 does.

PyObject* python_error() {
  py::detail::translate_exception(std::current_exception());
  return nullptr;
}

// A Game value: the C++ game in the object's storage.
struct GameObject {
  PyObject ob_base;
  PyObject* weak_references;  // as pybind11's instances, games can be referred to weakly
  alignas(Game) unsigned char storage[sizeof(Game)];
  Game& game() { return *std::launder(reinterpret_cast<Game*>(storage)); }
};
PyTypeObject* game_type = nullptr;

Game& game_of(PyObject* self) {
  return reinterpret_cast<GameObject*>(self)->game();
}

PyObject* new_game(Batch* batch, std::size_t i) {
  GameObject* self = PyObject_GC_New(GameObject, game_type);
  if (!self) return nullptr;
  self->weak_references = nullptr;
  new (self->storage) Game(batch, i);
  PyObject_GC_Track(self);
  return reinterpret_cast<PyObject*>(self);
}

void game_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
  if (reinterpret_cast<GameObject*>(self)->weak_references) PyObject_ClearWeakRefs(self);
  game_of(self).~Game();
  PyObject_GC_Del(self);
  Py_DECREF(type);  // a heap type: each instance holds a reference to it
}
int game_traverse(PyObject* self, visitproc visit, void* arg) {
  Py_VISIT(Py_TYPE(self));
  return game_of(self).visit(visit, arg);
}
int game_clear(PyObject* self) {
  game_of(self).clear();
  return 0;
}

template <typename T>
PyObject* to_python(T&& value) {
  if constexpr (std::is_base_of_v<py::handle, std::decay_t<T>>)
    return value.release().ptr();
  else
    return py::cast(std::forward<T>(value)).release().ptr();
}

// A getter of the Python type calling f(game).
template <auto f>
PyObject* get(PyObject* self, void*) noexcept {
  try {
    return to_python(f(game_of(self)));
  } catch (...) {
    return python_error();
  }
}
template <auto f>
PyObject* call(PyObject* self, PyObject*) noexcept {
  try {
    return to_python(f(game_of(self)));
  } catch (...) {
    return python_error();
  }
}

PyObject* game_fen_at(PyObject* self, PyObject* args, PyObject* kwargs) noexcept {
  static const char* keywords[] = {"ply", nullptr};
  long ply = 0;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "l:fen_at", const_cast<char**>(keywords), &ply))
    return nullptr;
  try {
    return to_python(game_of(self).fen_at(ply));
  } catch (...) {
    return python_error();
  }
}

PyObject* game_repr(PyObject* self) noexcept {
  try {
    const Game& g = game_of(self);
    auto white = g.tag("White"), black = g.tag("Black");
    return to_python("<Game " + std::to_string(g.header().index) + ": " +
                     std::string(white ? *white : "?") + " - " + std::string(black ? *black : "?") +
                     " " + g.result() + ", " + std::to_string(g.header().plies) + " plies>");
  } catch (...) {
    return python_error();
  }
}

PyGetSetDef game_attributes[] = {
    {"tags", get<[](const Game& g) { return g.tags(); }>, nullptr,
     "The tags, a dict in file order.", nullptr},
    {"moves", get<[](const Game& g) { return g.moves(); }>, nullptr,
     "The main line's moves in SAN (the moves replayed, up to a first error).", nullptr},
    {"result", get<[](const Game& g) { return g.result(); }>, nullptr,
     "\"1-0\", \"0-1\", \"1/2-1/2\", \"*\" or \"\" when none was given.", nullptr},
    {"variant", get<[](const Game& g) { return g.variant(); }>, nullptr,
     "The Variant tag in lower case, else \"chess960\" or \"standard\".", nullptr},
    {"comments", get<[](const Game& g) { return g.comments(); }>, nullptr,
     "Main-line comments as (ply, text): ply 0 is before the first move.", nullptr},
    {"clocks", get<[](const Game& g) { return g.clocks(); }>, nullptr,
     "Seconds on the clock after each main-line ply ([%clk]), None where not given.", nullptr},
    {"emts", get<[](const Game& g) { return g.emts(); }>, nullptr,
     "Seconds each main-line ply took ([%emt]), None where not given.", nullptr},
    {"evals", get<[](const Game& g) { return g.evals(); }>, nullptr,
     "Evaluation in pawns after each main-line ply ([%eval]), None where not given or a mate.",
     nullptr},
    {"mates", get<[](const Game& g) { return g.mates(); }>, nullptr,
     "Mate in N after each main-line ply ([%eval #N], negative: Black mates), else None.", nullptr},
    {"problems", get<[](const Game& g) { return g.problems(); }>, nullptr,
     "The game's problems (list of Problem).", nullptr},
    {"valid", get<[](const Game& g) { return g.valid(); }>, nullptr,
     "Replayed without errors (warnings allowed).", nullptr},
    {"plies", get<[](const Game& g) { return g.header().plies; }>, nullptr,
     "Main-line half-moves replayed.", nullptr},
    {"notation", get<[](const Game& g) { return g.notation(); }>, nullptr,
     "Code of the notation the movetext was read in.", nullptr},
    {"index", get<[](const Game& g) { return g.header().index; }>, nullptr,
     "1-based game number in its input.", nullptr},
    {"line", get<[](const Game& g) { return g.header().start.line; }>, nullptr,
     "Line of the game's first byte.", nullptr},
    {"offset", get<[](const Game& g) { return g.header().start.offset; }>, nullptr,
     "Byte offset of the game's first byte in the (decompressed) input.", nullptr},
    {"file", get<[](const Game& g) { return g.file(); }>, nullptr,
     "The input's name (its path, or a name for bytes and file objects).", nullptr},
    {nullptr, nullptr, nullptr, nullptr, nullptr},
};

PyMethodDef game_methods[] = {
    {"uci", call<[](const Game& g) { return g.uci(); }>, METH_NOARGS,
     "uci($self, /)\n--\n\nThe main line's moves in UCI notation."},
    {"fen_at", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(game_fen_at)),
     METH_VARARGS | METH_KEYWORDS,
     "fen_at($self, /, ply)\n--\n\nThe FEN after `ply` main-line half-moves (0: the start; "
     "negative counts from the end)."},
    {"pgn", call<[](const Game& g) { return g.pgn(); }>, METH_NOARGS,
     "pgn($self, /)\n--\n\nThe game in PGN export format, as `pgn convert` writes it."},
    {"to_dict", call<[](const Game& g) { return g.to_dict(); }>, METH_NOARGS,
     "to_dict($self, /)\n--\n\nThe game as plain Python values (what the Dask bag holds)."},
    {nullptr, nullptr, 0, nullptr},
};

// The iterator read_games returns.
struct GameIteratorObject {
  PyObject ob_base;
  PyObject* weak_references;
  GameIterator* iterator;
};
PyTypeObject* game_iterator_type = nullptr;

GameIterator& iterator_of(PyObject* self) {
  return *reinterpret_cast<GameIteratorObject*>(self)->iterator;
}

void game_iterator_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  if (reinterpret_cast<GameIteratorObject*>(self)->weak_references) PyObject_ClearWeakRefs(self);
  delete reinterpret_cast<GameIteratorObject*>(self)->iterator;  // stops the threads
  PyObject_Free(self);
  Py_DECREF(type);
}

// The next game; at the end nullptr without an exception set (the end of iteration).
PyObject* game_iterator_next(PyObject* self) noexcept {
  try {
    GameIterator& it = iterator_of(self);
    const GameIterator::InUse in_use(it);
    if (!it.next_game()) return nullptr;
    return new_game(it.batch(), it.index());
  } catch (...) {
    return python_error();
  }
}

PyObject* game_iterator_close(PyObject* self, PyObject*) noexcept {
  try {
    GameIterator& it = iterator_of(self);
    const GameIterator::InUse in_use(it);
    it.close();
    Py_RETURN_NONE;
  } catch (...) {
    return python_error();
  }
}
PyObject* game_iterator_enter(PyObject* self, PyObject*) noexcept {
  Py_INCREF(self);
  return self;
}

PyMethodDef game_iterator_methods[] = {
    {"close", game_iterator_close, METH_NOARGS, "close($self, /)\n--\n\nStops reading."},
    {"__enter__", game_iterator_enter, METH_NOARGS, nullptr},
    {"__exit__", game_iterator_close, METH_VARARGS, nullptr},
    {nullptr, nullptr, 0, nullptr},
};

}  // namespace

py::object tag_value_str(std::string_view value) {
  PyObject* object = tag_value_object(interned_tag_values(), value);
  if (!object) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

py::object new_game_iterator(std::unique_ptr<GameIterator> iterator) {
  auto* self = PyObject_New(GameIteratorObject, game_iterator_type);
  if (!self) throw py::error_already_set();
  self->weak_references = nullptr;
  self->iterator = iterator.release();
  return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(self));
}

void add_game_types(py::module_& m) {
  static PyMemberDef game_members[] = {
      {"__weaklistoffset__", T_PYSSIZET, offsetof(GameObject, weak_references), READONLY, nullptr},
      {nullptr, 0, 0, 0, nullptr},
  };
  static PyMemberDef iterator_members[] = {
      {"__weaklistoffset__", T_PYSSIZET, offsetof(GameIteratorObject, weak_references), READONLY,
       nullptr},
      {nullptr, 0, 0, 0, nullptr},
  };
  PyType_Slot game_slots[] = {
      {Py_tp_doc, const_cast<char*>("One game as libpgn read and replayed it.")},
      {Py_tp_dealloc, reinterpret_cast<void*>(game_dealloc)},
      {Py_tp_traverse, reinterpret_cast<void*>(game_traverse)},
      {Py_tp_clear, reinterpret_cast<void*>(game_clear)},
      {Py_tp_repr, reinterpret_cast<void*>(game_repr)},
      {Py_tp_getset, game_attributes},
      {Py_tp_methods, game_methods},
      {Py_tp_members, game_members},
      {0, nullptr},
  };
  PyType_Spec game_spec = {
      "libpgn._libpgn.Game", sizeof(GameObject), 0,
      Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC | Py_TPFLAGS_DISALLOW_INSTANTIATION, game_slots};
  PyType_Slot iterator_slots[] = {
      {Py_tp_doc, const_cast<char*>("Games in input order, read on libpgn's threads.")},
      {Py_tp_dealloc, reinterpret_cast<void*>(game_iterator_dealloc)},
      {Py_tp_iter, reinterpret_cast<void*>(PyObject_SelfIter)},
      {Py_tp_iternext, reinterpret_cast<void*>(game_iterator_next)},
      {Py_tp_methods, game_iterator_methods},
      {Py_tp_members, iterator_members},
      {0, nullptr},
  };
  PyType_Spec iterator_spec = {"libpgn._libpgn.GameIterator", sizeof(GameIteratorObject), 0,
                               Py_TPFLAGS_DEFAULT | Py_TPFLAGS_DISALLOW_INSTANTIATION,
                               iterator_slots};
  py::object game = py::reinterpret_steal<py::object>(PyType_FromSpec(&game_spec));
  py::object iterator = py::reinterpret_steal<py::object>(PyType_FromSpec(&iterator_spec));
  if (!game || !iterator) throw py::error_already_set();
  game_type = reinterpret_cast<PyTypeObject*>(game.ptr());
  game_iterator_type = reinterpret_cast<PyTypeObject*>(iterator.ptr());
  m.add_object("Game", game);
  m.add_object("GameIterator", iterator);
}

}  // namespace pgn::python
