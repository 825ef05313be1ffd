// Raising libpgn's Python exceptions (libpgn/_errors.py) from C++.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

namespace pgn::python {

namespace py = pybind11;

[[noreturn]] inline void raise(const char* type, const std::string& code,
                               const std::string& message, const std::string& file = {},
                               std::uint64_t line = 0, std::uint64_t column = 0) {
  py::object cls = py::module_::import("libpgn._errors").attr(type);
  py::object error =
      cls(message, py::arg("code") = code,
          py::arg("file") = file.empty() ? py::object(py::none()) : py::object(py::str(file)),
          py::arg("line") = line ? py::object(py::int_(line)) : py::object(py::none()),
          py::arg("column") = column ? py::object(py::int_(column)) : py::object(py::none()));
  PyErr_SetObject(cls.ptr(), error.ptr());
  throw py::error_already_set();
}

}  // namespace pgn::python
