// The HTML report format of validate (ReportFormat::Html): see html_report.cpp.
#pragma once

#include <cstdio>
#include <memory>

#include "libpgn/report.hpp"

namespace pgn {

std::unique_ptr<ReportWriter> make_html_report_writer(std::FILE* out);

}  // namespace pgn
