// Games read back by the places a first reading noted: `pgn dedupe`'s second reading copies
// the games of a plain file this way instead of cutting the file into games again.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "libpgn/dedupe.hpp"
#include "libpgn/encoding.hpp"
#include "libpgn/input.hpp"
#include "text/text_scan.hpp"

namespace pgn {

bool place_of(const RawGame& game, GamePlace& place) {
  place.offset = game.start.offset;
  place.line = game.start.line;
  place.size = std::uint32_t(game.original_size & GamePlace::kMaxSize);
  place.code_page = game.code_page ? game.code_page->id : 0;
  // Past a byte order mark the splitter's offsets and the game's text need not agree.
  return !game.truncated && !game.had_bom && game.original_size <= GamePlace::kMaxSize &&
         (game.code_page || game.original_size == game.text.size());
}

bool PlacedGameReader::readable_in_place(const std::string& path) {
  struct stat info {};
  if (::stat(path.c_str(), &info) != 0 || !S_ISREG(info.st_mode)) return false;
  std::string error;
  const auto source = InputSource::open(path, error);
  return source && source->compression() == Compression::None;
}

PlacedGameReader::~PlacedGameReader() {
  if (fd_ >= 0) ::close(fd_);
}

bool PlacedGameReader::open(const std::string& path, std::string& error) {
  if (fd_ >= 0) ::close(fd_);
  path_ = path;
  window_begin_ = window_end_ = 0;
  fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd_ < 0) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return false;
  }
#ifdef POSIX_FADV_SEQUENTIAL
  ::posix_fadvise(fd_, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  return true;
}

bool PlacedGameReader::text(const GamePlace& place, std::string_view& out, std::string& error) {
  const std::uint64_t size = place.size;
  if (place.offset < window_begin_ || place.offset + size > window_end_) {
    // Games come in file order: the window moves on to start at this one.
    if (window_.size() < std::max<std::uint64_t>(size, 4u << 20))
      window_.resize(std::max<std::uint64_t>(size, 4u << 20));
    window_begin_ = window_end_ = place.offset;
    while (window_end_ - window_begin_ < window_.size()) {
      const std::size_t filled = std::size_t(window_end_ - window_begin_);
      const ssize_t got =
          ::pread(fd_, window_.data() + filled, window_.size() - filled, off_t(window_end_));
      if (got < 0 && errno == EINTR) continue;
      if (got < 0) {
        error = "cannot read " + path_ + ": " + std::strerror(errno);
        return false;
      }
      if (got == 0) break;
      window_end_ += std::uint64_t(got);
    }
    if (place.offset + size > window_end_) {
      error = path_ + " is shorter than when it was first read";
      return false;
    }
  }
  out = std::string_view(window_.data() + (place.offset - window_begin_), std::size_t(size));
  if (const CodePage* page = code_page_by_id(place.code_page)) {
    decode_code_page(*page, out, decoded_);
    out = decoded_;
  }
  return true;
}

}  // namespace pgn
