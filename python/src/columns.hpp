// Column builders of to_dataframe: objects handed to numpy, categorical codes, and the typing
// of integer and date tags.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "libpgn/tags.hpp"

namespace pgn::python {

namespace py = pybind11;

// A column of Python objects (new references), handed over as a numpy object array.
class ObjectColumn {
 public:
  ObjectColumn() = default;
  ObjectColumn(const ObjectColumn&) = delete;
  ObjectColumn(ObjectColumn&& o) noexcept : items_(std::move(o.items_)) {}
  ~ObjectColumn() {
    for (PyObject* o : items_) Py_XDECREF(o);
  }
  void push(py::object o) { items_.push_back(o.release().ptr()); }
  py::array array() {
    py::array out(py::dtype("O"), std::vector<py::ssize_t>{py::ssize_t(items_.size())});
    auto** data = static_cast<PyObject**>(out.mutable_data());
    for (std::size_t i = 0; i < items_.size(); ++i) {
      Py_XDECREF(data[i]);  // numpy filled it with None
      data[i] = items_[i];
    }
    items_.clear();
    return out;
  }

 private:
  std::vector<PyObject*> items_;
};

// Codes of a categorical column, the categories in order of first appearance.
class CategoryColumn {
 public:
  void push(std::string_view value, bool missing = false) {
    if (missing) {
      codes_.push_back(-1);
      return;
    }
    for (std::size_t i = 0; i < categories_.size(); ++i)
      if (categories_[i] == value) {
        codes_.push_back(std::int32_t(i));
        return;
      }
    codes_.push_back(std::int32_t(categories_.size()));
    categories_.emplace_back(value);
  }
  py::tuple pair() const {
    py::list categories;
    for (const std::string& c : categories_) categories.append(py::str(c));
    return py::make_tuple(py::array_t<std::int32_t>(py::ssize_t(codes_.size()), codes_.data()),
                          categories);
  }

 private:
  std::vector<std::int32_t> codes_;
  std::vector<std::string> categories_;
};

// An integer tag ("2706", "+12", " 2706 "): its value, or nothing (missing, "?", anything
// else). Read with the tags layer's signed reading, more lenient than read_elo: the columns
// hold rating changes and ply counts too, and a five-digit rating is still a number.
inline std::optional<std::int64_t> integer_tag(std::string_view v) {
  return read_tag_number(v, NumberReading::Signed);
}

// A PGN date "2012.06.20" as yyyymmdd, or nothing when a part is unknown ("2012.??.??"), the
// date does not exist (read_date's one rule, as validate has it) or has no datetime.date
// (year 0).
inline std::optional<int> date_tag(std::string_view v) {
  const std::optional<Date> date = read_date(v);
  if (!date || !date->complete() || date->year < 1) return std::nullopt;
  return int(date->number());
}

// The parts of a PGN date that are known: "1922.??.??" has its year alone, "2012.06.??" its
// year and month. A value that is no date by the tags layer's one rule (read_date:
// "2023.02.30", "2023-02-03") has no part known, as it has no date in the Date column; year 0,
// which no date column can hold, is unknown as there.
inline std::array<std::optional<int>, 3> date_parts(std::string_view v) {
  std::array<std::optional<int>, 3> parts;
  const std::optional<Date> date = read_date(v);
  if (!date) return parts;
  if (date->year >= 1) parts[0] = date->year;
  if (date->month != Date::kUnknown) parts[1] = date->month;
  if (date->day != Date::kUnknown) parts[2] = date->day;
  return parts;
}

}  // namespace pgn::python
