#include "libpgn/source.hpp"

#include <algorithm>
#include <cstring>

#include "io/source_open.hpp"

namespace pgn {

Source Source::path(std::string path, InputFormat format) {
  const Kind kind = path == "-" ? Kind::StandardInput : Kind::Path;
  return Source(kind, std::move(path), format);
}

Source Source::standard_input(InputFormat format) {
  return Source(Kind::StandardInput, "-", format);
}

Source Source::bytes(std::string name, std::shared_ptr<const std::string> bytes,
                     InputFormat format) {
  Source s(Kind::Bytes, std::move(name), format);
  s.bytes_ = bytes ? std::move(bytes) : std::make_shared<const std::string>();
  return s;
}

Source Source::bytes(std::string name, std::string bytes, InputFormat format) {
  return Source::bytes(std::move(name), std::make_shared<const std::string>(std::move(bytes)),
                       format);
}

Source Source::reader(std::string name, ByteReader read, InputFormat format) {
  Source s(Kind::Reader, std::move(name), format);
  s.read_ = std::move(read);
  return s;
}

std::unique_ptr<InputSource> open_source(const Source& source, std::string& error,
                                         const std::atomic<bool>* stop) {
  switch (source.kind()) {
    case Source::Kind::Path:
    case Source::Kind::StandardInput:
      return open_path(source.name(), error, stop);
    case Source::Kind::Bytes: {
      // Read in place: the source keeps the bytes alive, the reader shares them.
      const auto& bytes = source.memory();
      std::size_t pos = 0;
      ByteReader read = [bytes, pos](char* buffer, std::size_t size, std::string&) mutable {
        const std::size_t n = std::min(size, bytes->size() - pos);
        std::memcpy(buffer, bytes->data() + pos, n);
        pos += n;
        return n;
      };
      return open_reader_input(source.name(), read, error);
    }
    case Source::Kind::Reader:
      if (!source.read_function()) {
        error = "cannot read " + source.name() + ": no reading function";
        return nullptr;
      }
      return open_reader_input(source.name(), source.read_function(), error);
  }
  return nullptr;
}

}  // namespace pgn
