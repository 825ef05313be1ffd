// The libpgn Python module: reading games, validating and converting through libpgn's
// pipeline (stream.hpp), and the legality core as libpgn.Position. Python-side helpers
// (exceptions, to_dataframe, the Dask functions) are in the libpgn package around it.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include "columns.hpp"
#include "errors.hpp"
#include "interned.hpp"
#include "libpgn/notation.hpp"
#include "libpgn/position.hpp"
#include "libpgn/report.hpp"
#include "sources.hpp"
#include "stream.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace pgn::python {
namespace {

// ---- problems and games ----------------------------------------------------------------

struct Problem {
  std::string file;
  Diagnostic d;
};

py::object none_if_empty(const std::string& s) {
  return s.empty() ? py::object(py::none()) : py::str(s);
}

py::dict problem_dict(const Problem& p) {
  py::dict r;
  r["file"] = p.file;
  r["game"] = p.d.game;
  r["line"] = p.d.line;
  r["column"] = p.d.column;
  r["offset"] = p.d.offset;
  r["ply"] = p.d.ply ? py::object(py::int_(p.d.ply)) : py::object(py::none());
  r["variation"] = none_if_empty(p.d.variation);
  r["severity"] = severity_name(p.d.severity);
  r["code"] = code_info(p.d.code).name;
  r["message"] = p.d.message;
  r["written"] = none_if_empty(p.d.written);
  r["san"] = none_if_empty(p.d.san);
  r["fen"] = none_if_empty(p.d.fen);
  return r;
}

// Values of lichess comment commands: "[%clk 0:03:00]" (seconds), "[%eval 0.25]" (pawns) or
// "[%eval #-3]" (mate in 3 for Black).
bool command_value(std::string_view comment, std::string_view command, std::string_view& value) {
  const std::size_t at = comment.find(command);
  if (at == std::string_view::npos) return false;
  std::size_t begin = at + command.size();
  while (begin < comment.size() && comment[begin] == ' ') ++begin;
  std::size_t end = comment.find(']', begin);
  if (end == std::string_view::npos) return false;
  value = comment.substr(begin, end - begin);
  while (!value.empty() && value.back() == ' ') value.remove_suffix(1);
  return !value.empty();
}

std::optional<double> parse_clock(std::string_view comment) {
  std::string_view v;
  if (!command_value(comment, "[%clk", v)) return std::nullopt;
  double total = 0;
  std::string part;
  for (std::size_t i = 0; i <= v.size(); ++i) {
    if (i == v.size() || v[i] == ':') {
      char* end = nullptr;
      const double x = std::strtod(part.c_str(), &end);
      if (part.empty() || *end) return std::nullopt;
      total = total * 60 + x;
      part.clear();
    } else {
      part += v[i];
    }
  }
  return total;
}

struct Evaluation {
  std::optional<double> pawns;
  std::optional<long> mate;
};

Evaluation parse_eval(std::string_view comment) {
  std::string_view v;
  Evaluation e;
  if (!command_value(comment, "[%eval", v)) return e;
  const std::string text(v.substr(0, v.find(',')));
  char* end = nullptr;
  if (!text.empty() && text[0] == '#') {
    const long m = std::strtol(text.c_str() + 1, &end, 10);
    if (*end == 0 && end != text.c_str() + 1) e.mate = m;
  } else {
    const double x = std::strtod(text.c_str(), &end);
    if (*end == 0 && end != text.c_str()) e.pawns = x;
  }
  return e;
}

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

py::object tag_value_str(std::string_view value) {
  PyObject* object = tag_value_object(interned_tag_values(), value);
  if (!object) throw py::error_already_set();
  return py::reinterpret_steal<py::object>(object);
}

// What the games of one batch share: its records and the input's name. Counted by the games
// made of it and by the iterator, always with the GIL held: a plain count, where a shared_ptr
// per game cost two atomic operations.
struct Batch {
  std::shared_ptr<const Chunk> chunk;
  std::shared_ptr<const std::string> file;
  std::size_t references = 1;

  static void release(Batch* batch) {
    if (batch && --batch->references == 0) delete batch;
  }
};

// One game of a batch. The batch's records stay alive as long as one of its games does; the
// Python values (tags, moves) are made on first use, once. What the compact records do not
// hold (comments, the moves as Move values, the start position, the normalized text) comes
// from the game's whole record, made on first need by validating the game again.
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

  // Calls f(event, ply) for the main line's events (variations skipped).
  template <typename F>
  void main_line(F&& f) const {
    int depth = 0;
    std::size_t ply = 0;
    for (const GameEvent& e : record().events) {
      if (e.kind == GameEvent::VariationBegin)
        ++depth;
      else if (e.kind == GameEvent::VariationEnd)
        --depth;
      else if (depth == 0) {
        if (e.kind == GameEvent::MoveEvent) ++ply;
        f(e, ply);
      }
    }
  }
  std::string_view text(const GameEvent& e) const { return record().text(e); }

  py::list moves() const {
    if (!moves_) moves_ = make_moves();
    return py::reinterpret_borrow<py::list>(moves_);
  }
  std::vector<Move> main_moves() const {
    std::vector<Move> moves;
    main_line([&](const GameEvent& e, std::size_t) {
      if (e.kind == GameEvent::MoveEvent) moves.push_back(e.move);
    });
    return moves;
  }

  // A recorded move played as the writers play it: a null move as one, a variant's moves by
  // its rules (a crazyhouse drop played by the standard rules crashed the interpreter).
  static void play_recorded(Position& pos, Move m) {
    if (m.is_null())
      pos.play_null();
    else if (pos.variant() != Variant::Standard)
      pos.play_variant(m);
    else
      pos.play(m);
  }

  py::list uci() const {
    py::list list;
    Position pos = record().start;
    for (Move m : main_moves()) {
      list.append(py::str(to_uci(pos, m)));
      play_recorded(pos, m);
    }
    return list;
  }

  std::string fen_at(long ply) const {
    const std::vector<Move> moves = main_moves();
    if (ply < 0) ply += long(moves.size()) + 1;
    if (ply < 0 || std::size_t(ply) > moves.size())
      throw py::index_error("ply " + std::to_string(ply) + " is outside 0.." +
                            std::to_string(moves.size()));
    Position pos = record().start;
    for (long i = 0; i < ply; ++i) play_recorded(pos, moves[std::size_t(i)]);
    return pos.fen();
  }

  py::list comments() const {
    py::list list;
    main_line([&](const GameEvent& e, std::size_t ply) {
      if (e.kind == GameEvent::Comment) {
        const std::string_view t = text(e);
        list.append(py::make_tuple(ply, py::str(t.data(), t.size())));
      }
    });
    return list;
  }

  // One value per main-line ply: what the comments after that move say, else None.
  template <typename Parse>
  py::list per_ply(Parse&& parse) const {
    std::vector<py::object> values;
    main_line([&](const GameEvent& e, std::size_t ply) {
      if (e.kind == GameEvent::MoveEvent) values.push_back(py::none());
      if (e.kind == GameEvent::Comment && ply > 0) {
        py::object v = parse(text(e));
        if (!v.is_none()) values[ply - 1] = v;
      }
    });
    py::list list(values.size());
    for (std::size_t k = 0; k < values.size(); ++k) list[k] = values[k];
    return list;
  }
  py::list clocks() const {
    return per_ply([](std::string_view c) {
      auto v = parse_clock(c);
      return v ? py::object(py::float_(*v)) : py::object(py::none());
    });
  }
  py::list evals() const {
    return per_ply([](std::string_view c) {
      auto v = parse_eval(c).pawns;
      return v ? py::object(py::float_(*v)) : py::object(py::none());
    });
  }
  py::list mates() const {
    return per_ply([](std::string_view c) {
      auto v = parse_eval(c).mate;
      return v ? py::object(py::int_(*v)) : py::object(py::none());
    });
  }

  std::string result() const { return report().result; }
  // The variant the game was replayed in, as `pgn validate --format json --list-games` names
  // it, in lower case; a game whose variant is not known keeps its Variant tag's.
  std::string variant() const {
    std::string_view name = report().variant;
    if (name.empty() && !report().replayed)
      if (auto v = tag("Variant")) name = *v;
    if (name.empty()) return "standard";
    std::string s;
    for (char c : name) s += char(std::tolower((unsigned char)c));
    return s;
  }
  py::list problems() const {
    py::list list;
    for (const Diagnostic& d : report().problems) list.append(Problem{file(), d});
    return list;
  }
  std::string pgn() const {
    static GameWriter writer{WriterOptions{}};
    std::string out;
    writer.write(record(), out);
    return out;
  }
  py::dict to_dict() const {
    const GameReport& r = report();
    py::dict d;
    d["file"] = file();
    d["index"] = r.index;
    d["offset"] = r.start.offset;
    d["line"] = r.start.line;
    d["tags"] = tags();
    d["moves"] = moves();
    d["result"] = result();
    d["variant"] = variant();
    d["notation"] = r.notation;
    d["plies"] = r.plies;
    d["valid"] = valid();
    d["errors"] = r.errors;
    d["warnings"] = r.warnings;
    py::list problems;
    for (const Diagnostic& diag : r.problems) problems.append(problem_dict(Problem{file(), diag}));
    d["problems"] = problems;
    return d;
  }
  bool valid() const { return report().errors == 0 && report().replayed; }

  const GameReport& report() const { return batch_->chunk->reports[i_]; }
  const MainLineRecords& lines() const { return batch_->chunk->games.main_lines; }
  const std::string& file() const { return *batch_->file; }

  // The game's whole record: the batch's games are validated again, as the worker did.
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
  mutable py::object tags_, moves_;             // made on first use
  mutable std::shared_ptr<GameRecord> record_;  // made on first need
};

// ---- iterators over a stream ---------------------------------------------------------------

class StreamIterator {
 public:
  StreamIterator(const py::handle& source, StreamSettings settings,
                 const ByteRange& range = std::nullopt) {
    Source s = make_source(source, range);
    file_ = std::make_shared<const std::string>(s.name());
    options_ = std::make_shared<const ValidateOptions>(settings.validate);
    stream_ = std::make_unique<GameStream>(std::move(s), std::move(settings));
  }
  // Releasing the GIL does not throw while the interpreter runs.
  ~StreamIterator() { close(); }  // NOLINT(bugprone-exception-escape)

  void close() {
    if (!stream_) return;
    py::gil_scoped_release nogil;
    stream_.reset();
  }

 protected:
  // The next chunk; false at the end, where a read fault is left in end_error_.
  bool next_chunk() {
    if (!stream_) return false;
    auto chunk = std::make_shared<Chunk>();
    bool more;
    {
      py::gil_scoped_release nogil;
      more = stream_->next(*chunk);
    }
    chunk->options = options_;
    chunk_ = std::move(chunk);
    position_ = 0;
    if (!more) {
      chunk_ = std::make_shared<Chunk>();
      end_error_ = stream_->error();
      games_at_end_ = stream_->games_read();
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
    return more;
  }

  std::unique_ptr<GameStream> stream_;
  std::shared_ptr<const std::string> file_;
  std::shared_ptr<const ValidateOptions> options_;
  std::shared_ptr<Chunk> chunk_ = std::make_shared<Chunk>();  // shared with its games
  std::size_t position_ = 0;
  std::string end_error_;
  std::uint64_t games_at_end_ = 0;
};

class GameIterator : public StreamIterator {
 public:
  using StreamIterator::StreamIterator;
  ~GameIterator() { Batch::release(batch_); }  // NOLINT(bugprone-exception-escape)
  GameIterator(const GameIterator&) = delete;
  GameIterator& operator=(const GameIterator&) = delete;

  // The batch of the current game, shared by the games made of it.
  Batch* batch() {
    if (!batch_ || batch_->chunk.get() != chunk_.get()) {
      Batch::release(batch_);
      batch_ = nullptr;
      batch_ = new Batch{chunk_, file_};
    }
    return batch_;
  }

  // Moves to the next game: false at the end; raises PgnError for a read fault.
  bool next_game() {
    ++position_;
    while (position_ >= chunk_->reports.size()) {
      if (!next_chunk()) {
        close();
        if (!end_error_.empty()) {
          std::string message = end_error_;
          if (games_at_end_)
            message += " (" + std::to_string(games_at_end_) + " games before it were read)";
          end_error_.clear();
          raise("PgnError", "io", message, *file_);
        }
        return false;
      }
    }
    return true;
  }
  const Chunk& chunk() const { return *chunk_; }
  std::size_t index() const { return position_; }

 private:
  Batch* batch_ = nullptr;  // the games' batch, made by the first game of a chunk
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
  PyObject_HEAD alignas(Game) unsigned char storage[sizeof(Game)];
  Game& game() { return *std::launder(reinterpret_cast<Game*>(storage)); }
};
PyTypeObject* game_type = nullptr;

Game& game_of(PyObject* self) {
  return reinterpret_cast<GameObject*>(self)->game();
}

PyObject* new_game(Batch* batch, std::size_t i) {
  GameObject* self = PyObject_GC_New(GameObject, game_type);
  if (!self) return nullptr;
  new (self->storage) Game(batch, i);
  PyObject_GC_Track(self);
  return reinterpret_cast<PyObject*>(self);
}

void game_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  PyObject_GC_UnTrack(self);
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
    return to_python("<Game " + std::to_string(g.report().index) + ": " +
                     std::string(white ? *white : "?") + " - " + std::string(black ? *black : "?") +
                     " " + g.result() + ", " + std::to_string(g.report().plies) + " plies>");
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
    {"evals", get<[](const Game& g) { return g.evals(); }>, nullptr,
     "Evaluation in pawns after each main-line ply ([%eval]), None where not given or a mate.",
     nullptr},
    {"mates", get<[](const Game& g) { return g.mates(); }>, nullptr,
     "Mate in N after each main-line ply ([%eval #N], negative: Black mates), else None.", nullptr},
    {"problems", get<[](const Game& g) { return g.problems(); }>, nullptr,
     "The game's problems (list of Problem).", nullptr},
    {"valid", get<[](const Game& g) { return g.valid(); }>, nullptr,
     "Replayed without errors (warnings allowed).", nullptr},
    {"plies", get<[](const Game& g) { return g.report().plies; }>, nullptr,
     "Main-line half-moves replayed.", nullptr},
    {"notation", get<[](const Game& g) { return g.report().notation; }>, nullptr,
     "Code of the notation the movetext was read in.", nullptr},
    {"index", get<[](const Game& g) { return g.report().index; }>, nullptr,
     "1-based game number in its input.", nullptr},
    {"line", get<[](const Game& g) { return g.report().start.line; }>, nullptr,
     "Line of the game's first byte.", nullptr},
    {"offset", get<[](const Game& g) { return g.report().start.offset; }>, nullptr,
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
  PyObject_HEAD GameIterator* iterator;
};
PyTypeObject* game_iterator_type = nullptr;

GameIterator& iterator_of(PyObject* self) {
  return *reinterpret_cast<GameIteratorObject*>(self)->iterator;
}

py::object new_game_iterator(std::unique_ptr<GameIterator> iterator) {
  auto* self = PyObject_New(GameIteratorObject, game_iterator_type);
  if (!self) throw py::error_already_set();
  self->iterator = iterator.release();
  return py::reinterpret_steal<py::object>(reinterpret_cast<PyObject*>(self));
}

void game_iterator_dealloc(PyObject* self) {
  PyTypeObject* type = Py_TYPE(self);
  delete reinterpret_cast<GameIteratorObject*>(self)->iterator;  // stops the threads
  PyObject_Free(self);
  Py_DECREF(type);
}

// The next game; at the end nullptr without an exception set (the end of iteration).
PyObject* game_iterator_next(PyObject* self) noexcept {
  try {
    GameIterator& it = iterator_of(self);
    if (!it.next_game()) return nullptr;
    return new_game(it.batch(), it.index());
  } catch (...) {
    return python_error();
  }
}

PyObject* game_iterator_close(PyObject* self, PyObject*) noexcept {
  try {
    iterator_of(self).close();
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

// Makes the two types and adds them to the module.
void add_game_types(py::module_& m) {
  PyType_Slot game_slots[] = {
      {Py_tp_doc, const_cast<char*>("One game as libpgn read and replayed it.")},
      {Py_tp_dealloc, reinterpret_cast<void*>(game_dealloc)},
      {Py_tp_traverse, reinterpret_cast<void*>(game_traverse)},
      {Py_tp_clear, reinterpret_cast<void*>(game_clear)},
      {Py_tp_repr, reinterpret_cast<void*>(game_repr)},
      {Py_tp_getset, game_attributes},
      {Py_tp_methods, game_methods},
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

py::dict summary_dict(const RunSummary& r) {
  py::dict d;
  d["files"] = r.files;
  d["files_failed"] = r.files_failed;
  d["games"] = r.games;
  d["games_valid"] = r.games_valid;
  d["games_with_errors"] = r.games_with_errors;
  d["games_not_checked"] = r.games_not_checked;
  d["games_with_warnings"] = r.games_with_warnings;
  d["moves"] = r.moves;
  d["errors"] = r.errors;
  d["warnings"] = r.warnings;
  d["input_bytes"] = r.input_bytes;
  py::dict by_code;
  for (const CodeInfo& info : all_codes())
    if (r.by_code[int(info.code)]) by_code[info.name] = r.by_code[int(info.code)];
  d["problems_by_code"] = by_code;
  return d;
}

// Problems as `pgn validate --format jsonl` reports them, the summary counted as they pass
// (every problem counts, shown or not, as on the command line).
class ProblemIterator : public StreamIterator {
 public:
  ProblemIterator(const py::handle& source, StreamSettings settings, Severity min_severity,
                  const ByteRange& range = std::nullopt)
      : StreamIterator(source, std::move(settings), range), min_severity_(min_severity) {}

  Problem next() {
    for (;;) {
      while (problem_ < pending_.size()) {
        Diagnostic& d = pending_[problem_++];
        if (d.severity >= min_severity_ || always_shown_) return Problem{*file_, std::move(d)};
      }
      pending_.clear();
      problem_ = 0;
      if (position_ < chunk_->reports.size()) {
        GameReport& report = chunk_->reports[position_++];
        summary_.add(report);
        pending_ = std::move(report.problems);
        continue;
      }
      if (done_) throw py::stop_iteration();
      if (next_chunk()) {
        summary_.input_bytes += chunk_->input_bytes;
        for (const Diagnostic& d : chunk_->unreadable) summary_.add_unreadable(d);
        pending_ = std::move(chunk_->unreadable);
        continue;
      }
      done_ = true;
      // What the command line writes whatever the filters: warnings about the whole input and
      // a read fault.
      always_shown_ = true;
      const std::vector<Diagnostic> warnings = stream_->file_warnings();
      close();
      ++summary_.files;
      for (const Diagnostic& d : warnings) {
        summary_.add_file_warning(d);
        pending_.push_back(d);
      }
      if (!end_error_.empty()) {
        ++summary_.files_failed;
        Diagnostic d = input_problem(end_error_, games_at_end_);
        ++summary_.errors;
        ++summary_.by_code[int(Code::Io)];
        pending_.push_back(d);
      }
    }
  }
  py::dict summary() {
    try {
      while (true) next();
    } catch (py::stop_iteration&) {
    }
    return summary_dict(summary_);
  }

 private:
  Severity min_severity_;
  bool always_shown_ = false;
  std::vector<Diagnostic> pending_;
  std::size_t problem_ = 0;
  bool done_ = false;
  RunSummary summary_;
};

std::string convert(const py::handle& source, const std::string& to, const std::string& lang,
                    const std::string& to_lang, long threads) {
  StreamSettings settings;
  settings.mode = StreamMode::Convert;
  settings.threads = thread_count(threads);
  settings.validate = validate_options(lang, false);
  if (!output_format_from_name(to, settings.writer.format))
    throw py::value_error("unknown format '" + to +
                          "'; known: pgn, json, jsonl, uci, lan, fen, epd");
  if (!to_lang.empty()) {
    settings.writer.notation = find_notation(to_lang);
    if (!settings.writer.notation) throw py::value_error("unknown notation '" + to_lang + "'");
  }
  const bool json = settings.writer.format == OutputFormat::Json;
  Source s = make_source(source, std::nullopt);
  const std::string name = s.name();
  std::string out, error;
  {
    py::gil_scoped_release nogil;
    GameStream stream(std::move(s), std::move(settings));
    Chunk chunk;
    bool wrote = false;
    if (json) out.append(kJsonArrayOpen);
    while (stream.next(chunk)) {
      if (chunk.output.empty()) continue;
      if (json && wrote) out.append(kJsonArraySeparator);
      out.append(chunk.output);
      wrote = true;
    }
    if (json) out.append(wrote ? kJsonArrayClose : std::string_view("]\n"));
    error = stream.error();
  }
  if (!error.empty()) raise("PgnError", "io", error, name);
  return out;
}

// ---- to_dataframe's columns (helpers in columns.hpp) -----------------------------------

enum class TagKind : std::uint8_t { Text, Integer, Date };

// The columns of to_dataframe, typed here rather than by pandas from lists of strings (which
// cost as much as reading the games): integer tags as values and a mask (pandas' Int64),
// dates as datetime.date objects (one per distinct date) or NaT, other tags as str or None,
// result, termination and notation as categorical codes.
py::dict game_columns(const py::handle& source, const std::vector<std::string>& tags,
                      const std::vector<std::string>& kinds, const std::string& lang, long threads,
                      const ByteRange& range) {
  if (kinds.size() != tags.size()) throw py::value_error("one kind per tag");
  std::vector<TagKind> kind;
  kind.reserve(kinds.size());
  for (const std::string& k : kinds)
    kind.push_back(k == "int" ? TagKind::Integer : k == "date" ? TagKind::Date : TagKind::Text);
  StreamSettings settings;
  settings.mode = StreamMode::Tags;
  settings.threads = thread_count(threads);
  settings.validate = validate_options(lang, false);
  GameIterator it(source, std::move(settings), range);

  const py::object not_a_time = py::module_::import("pandas").attr("NaT");
  const py::object date_type = py::module_::import("datetime").attr("date");
  std::unordered_map<int, py::object> dates;
  std::vector<ObjectColumn> objects(tags.size());
  std::vector<std::vector<std::int64_t>> integers(tags.size());
  std::vector<std::vector<bool>> missing(tags.size());
  std::vector<std::int64_t> offset;
  std::vector<std::int32_t> plies, errors, warnings;
  std::vector<std::uint8_t> valid;
  CategoryColumn result, termination, notation;
  std::vector<std::string_view> values(tags.size());
  while (it.next_game()) {
    const Chunk& chunk = it.chunk();
    const std::size_t i = it.index();
    const MainLineRecords& store = chunk.games.main_lines;
    const GameReport& rep = chunk.reports[i];
    std::fill(values.begin(), values.end(), std::string_view());
    std::string_view term;
    for (const MainLineRecords::Tag* t = store.tags_begin(i); t != store.tags_end(i); ++t) {
      const std::string_view name = store.tag_name(*t);
      if (name == "Termination") term = store.tag_value(*t);
      for (std::size_t k = 0; k < tags.size(); ++k)
        if (name == tags[k]) values[k] = store.tag_value(*t);
    }
    for (std::size_t k = 0; k < tags.size(); ++k) {
      const std::string_view v = values[k];
      switch (kind[k]) {
        case TagKind::Integer: {
          const auto n = v.data() ? integer_tag(v) : std::nullopt;
          integers[k].push_back(n.value_or(0));
          missing[k].push_back(!n);
          break;
        }
        case TagKind::Date: {
          const auto d = v.data() ? date_tag(v) : std::nullopt;
          if (!d) {
            objects[k].push(not_a_time);
            break;
          }
          py::object& date = dates[*d];
          if (!date) date = date_type(*d / 10000, *d / 100 % 100, *d % 100);
          objects[k].push(date);
          break;
        }
        case TagKind::Text:
          objects[k].push(v.data() ? tag_value_str(v) : py::object(py::none()));
          break;
      }
    }
    offset.push_back(std::int64_t(rep.start.offset));
    plies.push_back(std::int32_t(rep.plies));
    result.push(rep.result);
    termination.push(term, term.data() == nullptr);
    valid.push_back(rep.errors == 0 && rep.replayed);
    errors.push_back(std::int32_t(rep.errors));
    warnings.push_back(std::int32_t(rep.warnings));
    notation.push(rep.notation);
  }
  py::dict d;
  for (std::size_t k = 0; k < tags.size(); ++k) {
    if (kind[k] == TagKind::Integer) {
      py::array_t<bool> mask(py::ssize_t(missing[k].size()));
      bool* m = mask.mutable_data();
      for (std::size_t j = 0; j < missing[k].size(); ++j) m[j] = missing[k][j];
      d[py::str(tags[k])] = py::make_tuple(
          py::array_t<std::int64_t>(py::ssize_t(integers[k].size()), integers[k].data()), mask);
    } else {
      d[py::str(tags[k])] = objects[k].array();
    }
  }
  d["offset"] = py::array_t<std::int64_t>(py::ssize_t(offset.size()), offset.data());
  d["plies"] = py::array_t<std::int32_t>(py::ssize_t(plies.size()), plies.data());
  d["result"] = result.pair();
  d["termination"] = termination.pair();
  d["valid"] = py::array_t<bool>(py::ssize_t(valid.size()), reinterpret_cast<bool*>(valid.data()));
  d["errors"] = py::array_t<std::int32_t>(py::ssize_t(errors.size()), errors.data());
  d["warnings"] = py::array_t<std::int32_t>(py::ssize_t(warnings.size()), warnings.data());
  d["notation"] = notation.pair();
  return d;
}

}  // namespace
}  // namespace pgn::python

using namespace pgn::python;

namespace pgn::python {
void bind_position(py::module_& m);  // position.cpp
void bind_cuts(py::module_& m);      // cuts.cpp
}  // namespace pgn::python

PYBIND11_MODULE(_libpgn, m) {
  m.doc() = "libpgn's C++ core: games, validation, conversion and the legality core.";

  py::class_<Problem>(m, "Problem",
                      "A problem found in a game: the fields of `pgn validate --format jsonl`.")
      .def_property_readonly("file", [](const Problem& p) { return p.file; })
      .def_property_readonly(
          "game", [](const Problem& p) { return p.d.game; }, "1-based game number in its input")
      .def_property_readonly("line", [](const Problem& p) { return p.d.line; })
      .def_property_readonly("column", [](const Problem& p) { return p.d.column; })
      .def_property_readonly(
          "offset", [](const Problem& p) { return p.d.offset; },
          "byte offset in the (decompressed) input")
      .def_property_readonly("ply",
                             [](const Problem& p) {
                               return p.d.ply ? py::object(py::int_(p.d.ply))
                                              : py::object(py::none());
                             })
      .def_property_readonly("variation",
                             [](const Problem& p) { return none_if_empty(p.d.variation); })
      .def_property_readonly(
          "severity", [](const Problem& p) { return std::string(severity_name(p.d.severity)); })
      .def_property_readonly("code",
                             [](const Problem& p) { return std::string(code_info(p.d.code).name); })
      .def_property_readonly("message", [](const Problem& p) { return p.d.message; })
      .def_property_readonly("written", [](const Problem& p) { return none_if_empty(p.d.written); })
      .def_property_readonly("san", [](const Problem& p) { return none_if_empty(p.d.san); })
      .def_property_readonly("fen", [](const Problem& p) { return none_if_empty(p.d.fen); })
      .def("to_dict", &problem_dict, "The problem as a dict with the jsonl record's keys.")
      .def("__repr__", [](const Problem& p) {
        return "<Problem " + p.file + ":" + std::to_string(p.d.line) + ":" +
               std::to_string(p.d.column) + " " + code_info(p.d.code).name + ": " + p.d.message +
               ">";
      });

  add_game_types(m);

  py::class_<ProblemIterator>(m, "ProblemIterator",
                              "Problems in input order; `summary` after them.")
      .def("__iter__", [](py::object self) { return self; })
      .def("__next__", &ProblemIterator::next)
      .def_property_readonly(
          "summary", &ProblemIterator::summary,
          "The run's totals (the jsonl summary record); reads what is left first.");

  m.def(
      "read_games",
      [](py::handle source, const std::string& lang, long threads, const ByteRange& byte_range) {
        StreamSettings settings;
        settings.mode = StreamMode::Games;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, false);
        return new_game_iterator(
            std::make_unique<GameIterator>(source, std::move(settings), byte_range));
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "byte_range"_a = py::none(),
      R"(Iterates the games of `source`: a path (plain, .zst, .gz or .bz2, found by content), bytes,
or a binary file object. Games are read and replayed on libpgn's threads (`threads`, 0: one per
core) without the GIL and come out in input order. `lang` is the movetext's notation ("auto"
detects it per game). `byte_range=(start, end)` reads only those bytes of an uncompressed file,
cut at game starts. A file that cannot be read raises PgnError (after the games before the fault).)");

  m.def(
      "validate",
      [](py::handle source, const std::string& lang, long threads, bool strict,
         const std::vector<std::string>& ignore, const std::string& min_severity, bool tag_checks,
         bool check_suffixes, const ByteRange& byte_range) {
        StreamSettings settings;
        settings.mode = StreamMode::Problems;
        settings.threads = thread_count(threads);
        settings.validate = validate_options(lang, strict);
        apply_filters(settings.validate, ignore, tag_checks, check_suffixes);
        return std::make_unique<ProblemIterator>(source, std::move(settings),
                                                 min_severity_from(min_severity), byte_range);
      },
      "source"_a, py::kw_only(), "lang"_a = "auto", "threads"_a = 0, "strict"_a = false,
      "ignore"_a = std::vector<std::string>(), "min_severity"_a = "warning", "tag_checks"_a = true,
      "check_suffixes"_a = true, "byte_range"_a = py::none(),
      R"(Iterates the problems `pgn validate` reports for `source` (Problem records with the jsonl
fields); the iterator's `summary` holds the totals. A read fault is a problem of code "io", as on
the command line. PGN and JSON game records (an array or JSON Lines) are told apart by content.
The options are those of `pgn validate`: `strict` (warnings count as errors), `ignore` (codes not
reported nor counted, e.g. ["missing-tag"]), `min_severity` ("warning" or "error": the problems
shown; the summary counts all), `tag_checks`, `check_suffixes`. `byte_range=(start, end)` reads
only those bytes of an uncompressed PGN file, cut at game starts.)");

  m.def(
      "convert", &convert, "source"_a, py::kw_only(), "to"_a = "pgn", "lang"_a = "auto",
      "to_lang"_a = "", "threads"_a = 0,
      R"(The games of `source` written as `pgn convert --to TO` writes them (pgn, json, jsonl, uci,
lan, fen or epd), in notation `to_lang` (pgn, lan) when given; returns the text.)");

  m.def("_game_columns", &game_columns, "source"_a, "tags"_a, "kinds"_a, "lang"_a = "auto",
        "threads"_a = 0, "byte_range"_a = py::none());

  bind_position(m);
  bind_cuts(m);
}
