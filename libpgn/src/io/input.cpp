// Byte sources for the reader: plain files, stdin and memory, with zstd / gzip / bzip2
// streams recognised by their magic bytes and decompressed on the fly.
#include "libpgn/input.hpp"

#include <bzlib.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

#include "io/source_open.hpp"

namespace pgn {
namespace {

constexpr std::size_t kRawChunk = 1u << 20;  // large reads keep syscalls off the profile

bool stop_requested(const std::atomic<bool>* stop) {
  return stop && stop->load(std::memory_order_relaxed);
}

std::string io_error_message(const std::string& what, std::uint64_t offset, int error_number) {
  return "read error in " + what + " at byte " + std::to_string(offset) + ": " +
         std::strerror(error_number);
}

// Where compressed (or plain) bytes come from: a file descriptor, a block of memory or a
// reading function. `prefix` holds bytes already read while sniffing the magic number.
// `size`: a regular file's size when it was opened (0: not known), so that a file cut while
// it is read ends in a fault rather than quietly early. `stop` (set by SIGINT) ends a pipe or
// terminal that waits for input: what was read so far is the whole input.
class RawBytes {
 public:
  RawBytes(int fd, bool owns_fd, std::string prefix, std::uint64_t size,
           const std::atomic<bool>* stop)
      : fd_(fd),
        owns_fd_(owns_fd),
        prefix_(std::move(prefix)),
        size_(size),
        got_(prefix_.size()),
        stop_(stop) {}
  explicit RawBytes(std::string memory) : fd_(-1), owns_fd_(false), prefix_(std::move(memory)) {}
  RawBytes(ByteReader read, std::string prefix)
      : fd_(-1), owns_fd_(false), prefix_(std::move(prefix)), read_(std::move(read)) {}
  ~RawBytes() {
    if (owns_fd_) ::close(fd_);
  }
  RawBytes(const RawBytes&) = delete;
  RawBytes& operator=(const RawBytes&) = delete;

  // Fills up to `size` bytes; returns 0 at the end, -1 on an I/O error (errno kept).
  long read(char* buffer, std::size_t size) {
    if (prefix_pos_ < prefix_.size()) {
      std::size_t n = std::min(size, prefix_.size() - prefix_pos_);
      std::memcpy(buffer, prefix_.data() + prefix_pos_, n);
      prefix_pos_ += n;
      return static_cast<long>(n);
    }
    if (read_) {
      const std::size_t n = read_(buffer, size, reader_error_);
      return reader_error_.empty() ? static_cast<long>(n) : -1;
    }
    if (fd_ < 0) return 0;
    for (;;) {
      // Checked before each read too: the signal may have come while no read was waiting.
      if (stop_requested(stop_)) {
        stopped_ = true;
        return 0;
      }
      ssize_t n = ::read(fd_, buffer, size);
      if (n > 0) got_ += static_cast<std::uint64_t>(n);
      if (n == 0 && got_ < size_) {
        cut_ = true;
        return -1;
      }
      if (n >= 0) return static_cast<long>(n);
      if (errno != EINTR) return -1;
    }
  }

  // Whether the input ended because the run was asked to stop, not at its end.
  bool stopped() const { return stopped_; }

  // What the last read() returning -1 means, for the input called `name`.
  std::string failure(const std::string& name, std::uint64_t offset) const {
    if (cut_) return cut_while_read_message(name, got_, size_);
    return reader_error_.empty() ? io_error_message(name, offset, errno) : reader_error_;
  }

 private:
  int fd_;
  bool owns_fd_;
  std::string prefix_;
  std::size_t prefix_pos_ = 0;
  ByteReader read_;
  std::string reader_error_;
  std::uint64_t size_ = 0;
  std::uint64_t got_ = 0;  // bytes of the file read, prefix included
  bool cut_ = false;
  bool stopped_ = false;
  const std::atomic<bool>* stop_ = nullptr;  // only where a read can wait: not for a file
};

class PlainSource final : public InputSource {
 public:
  PlainSource(std::unique_ptr<RawBytes> raw, std::string name)
      : raw_(std::move(raw)), name_(std::move(name)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (done_ || size == 0) return 0;
    long n = raw_->read(buffer, std::min(size, kInputPieceBytes));
    if (n < 0) {
      error_ = raw_->failure(name_, raw_offset_);
      done_ = true;
      return 0;
    }
    if (n == 0) done_ = true;
    raw_offset_ += static_cast<std::uint64_t>(n);
    return static_cast<std::size_t>(n);
  }

 private:
  std::unique_ptr<RawBytes> raw_;
  std::string name_;
  bool done_ = false;
};

// Shared plumbing of the three decompressors: a raw input window that is refilled from
// RawBytes, and fault reporting with the raw offset where decoding stopped.
class DecompressingSource : public InputSource {
 public:
  DecompressingSource(std::unique_ptr<RawBytes> raw, std::string name, Compression kind)
      : raw_(std::move(raw)), name_(std::move(name)), input_(new char[kRawChunk]) {
    compression_ = kind;
  }

  std::size_t read(char* buffer, std::size_t size) override {
    if (failed_ || finished_ || size == 0) return 0;
    size = std::min(size, kInputPieceBytes);
    std::size_t produced = 0;
    int idle_rounds = 0;
    // Loop until something is produced: a decoder may consume input without output.
    while (produced == 0 && !failed_ && !finished_) {
      if (input_pos_ == input_end_ && !raw_eof_) refill();
      if (failed_) break;
      const std::uint64_t before = raw_offset_;
      produced = decode(buffer, size);
      // A decoder that neither reads nor writes twice in a row would spin forever.
      idle_rounds = (produced == 0 && raw_offset_ == before) ? idle_rounds + 1 : 0;
      if (idle_rounds > 2 && !failed_ && !finished_) fail(format_name(), "decoder stalled");
    }
    return produced;
  }

 protected:
  // Decodes from input_[input_pos_, input_end_) into `out`; returns bytes produced and
  // advances input_pos_ / raw_offset_. Calls fail() or sets finished_ as needed.
  virtual std::size_t decode(char* out, std::size_t size) = 0;

  void refill() {
    long n = raw_->read(input_.get(), kRawChunk);
    if (n < 0) {
      error_ = raw_->failure(name_, raw_offset_);
      failed_ = true;
      return;
    }
    input_pos_ = 0;
    input_end_ = static_cast<std::size_t>(n);
    if (n == 0) raw_eof_ = true;
  }

  void consumed(std::size_t n) {
    input_pos_ += n;
    raw_offset_ += n;
  }

  std::string_view format_name() const {
    switch (compression_) {
      case Compression::Zstd:
        return "zstd";
      case Compression::Gzip:
        return "gzip";
      case Compression::Bzip2:
        return "bzip2";
      case Compression::None:
        break;
    }
    return "plain";
  }

  void fail(std::string_view format, std::string_view detail) {
    error_ = "corrupt " + std::string(format) + " data in " + name_ + " at compressed byte " +
             std::to_string(raw_offset_);
    if (!detail.empty()) error_ += ": " + std::string(detail);
    failed_ = true;
  }

  void fail_truncated(std::string_view format) {
    // Cut by a stop request, not by its writer: what was decoded is the input.
    if (raw_->stopped()) {
      finished_ = true;
      return;
    }
    error_ = "truncated " + std::string(format) + " data in " + name_ +
             ": the stream ends at byte " + std::to_string(raw_offset_) +
             " in the middle of a compressed block";
    failed_ = true;
  }

  bool input_empty() const { return input_pos_ == input_end_; }
  std::size_t input_left() const { return input_end_ - input_pos_; }
  char* input_data() { return input_.get() + input_pos_; }

  std::unique_ptr<RawBytes> raw_;
  std::string name_;
  std::unique_ptr<char[]> input_;
  std::size_t input_pos_ = 0;
  std::size_t input_end_ = 0;
  bool raw_eof_ = false;
  bool failed_ = false;
  bool finished_ = false;
};

class ZstdSource final : public DecompressingSource {
 public:
  ZstdSource(std::unique_ptr<RawBytes> raw, std::string name)
      : DecompressingSource(std::move(raw), std::move(name), Compression::Zstd),
        stream_(ZSTD_createDStream()) {
    if (!stream_) fail("zstd", "out of memory");
  }
  ~ZstdSource() override { ZSTD_freeDStream(stream_); }

 private:
  std::size_t decode(char* out, std::size_t size) override {
    // Between frames the end of input is a clean end.
    if (input_empty() && !in_frame_) {
      finished_ = true;
      return 0;
    }
    const bool no_input = input_empty();  // only at the raw end: read() refills first
    ZSTD_inBuffer in{input_data(), input_left(), 0};
    ZSTD_outBuffer output{out, size, 0};
    std::size_t hint = ZSTD_decompressStream(stream_, &output, &in);
    consumed(in.pos);
    if (ZSTD_isError(hint)) {
      fail("zstd", ZSTD_getErrorName(hint));
      return output.pos;
    }
    // 0 means a frame just ended; the next bytes (if any) start another frame.
    in_frame_ = hint != 0;
    // No input left, no progress, frame unfinished: the file was cut short.
    if (output.pos == 0 && no_input && in_frame_) fail_truncated("zstd");
    return output.pos;
  }

  ZSTD_DStream* stream_;
  bool in_frame_ = false;
};

class GzipSource final : public DecompressingSource {
 public:
  GzipSource(std::unique_ptr<RawBytes> raw, std::string name)
      : DecompressingSource(std::move(raw), std::move(name), Compression::Gzip) {
    std::memset(&stream_, 0, sizeof stream_);
    if (inflateInit2(&stream_, 15 + 16) != Z_OK) fail("gzip", "cannot initialise zlib");
    initialised_ = !failed_;
  }
  ~GzipSource() override {
    if (initialised_) inflateEnd(&stream_);
  }

 private:
  std::size_t decode(char* out, std::size_t size) override {
    if (!in_member_) {
      if (input_empty()) {
        finished_ = true;
        return 0;
      }
      // Padding zeros after the last member are tolerated, as gzip itself does.
      std::size_t zeros = 0;
      while (zeros < input_left() && input_data()[zeros] == 0) ++zeros;
      if (zeros > 0) {
        consumed(zeros);
        return 0;
      }
      in_member_ = true;
    }
    const bool no_input = input_empty();  // only at the raw end: read() refills first
    stream_.next_in = reinterpret_cast<Bytef*>(input_data());
    stream_.avail_in = static_cast<uInt>(std::min<std::size_t>(input_left(), 1u << 30));
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = static_cast<uInt>(std::min<std::size_t>(size, 1u << 30));
    uInt avail_in_before = stream_.avail_in;
    uInt avail_out_before = stream_.avail_out;
    int status = inflate(&stream_, Z_NO_FLUSH);
    consumed(avail_in_before - stream_.avail_in);
    std::size_t produced = avail_out_before - stream_.avail_out;
    if (status == Z_STREAM_END) {
      // A multi-member file (concatenated .gz) continues with the next member.
      in_member_ = false;
      inflateReset(&stream_);
    } else if (status != Z_OK && status != Z_BUF_ERROR) {
      fail("gzip", stream_.msg ? stream_.msg : zError(status));
    } else if (produced == 0 && no_input) {
      fail_truncated("gzip");
    }
    return produced;
  }

  z_stream stream_;
  bool initialised_ = false;
  bool in_member_ = false;
};

class Bzip2Source final : public DecompressingSource {
 public:
  Bzip2Source(std::unique_ptr<RawBytes> raw, std::string name)
      : DecompressingSource(std::move(raw), std::move(name), Compression::Bzip2) {
    std::memset(&stream_, 0, sizeof stream_);
  }
  ~Bzip2Source() override {
    if (initialised_) BZ2_bzDecompressEnd(&stream_);
  }

 private:
  std::size_t decode(char* out, std::size_t size) override {
    if (input_empty() && !initialised_) {
      finished_ = true;
      return 0;
    }
    if (!initialised_) {
      // Each stream of a concatenated file (pbzip2, cat a.bz2 b.bz2) gets a fresh decoder.
      if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK) {
        fail("bzip2", "cannot initialise libbz2");
        return 0;
      }
      initialised_ = true;
    }
    const bool no_input = input_empty();  // only at the raw end: read() refills first
    stream_.next_in = input_data();
    stream_.avail_in = static_cast<unsigned>(std::min<std::size_t>(input_left(), 1u << 30));
    stream_.next_out = out;
    stream_.avail_out = static_cast<unsigned>(std::min<std::size_t>(size, 1u << 30));
    unsigned avail_in_before = stream_.avail_in;
    unsigned avail_out_before = stream_.avail_out;
    int status = BZ2_bzDecompress(&stream_);
    consumed(avail_in_before - stream_.avail_in);
    std::size_t produced = avail_out_before - stream_.avail_out;
    if (status == BZ_STREAM_END) {
      BZ2_bzDecompressEnd(&stream_);
      initialised_ = false;
    } else if (status != BZ_OK) {
      fail("bzip2", status == BZ_DATA_ERROR_MAGIC ? "not a bzip2 stream" : "data error");
    } else if (produced == 0 && no_input) {
      fail_truncated("bzip2");
    }
    return produced;
  }

  bz_stream stream_;
  bool initialised_ = false;
};

Compression sniff(std::string_view head) {
  auto starts = [&](std::string_view magic) { return head.substr(0, magic.size()) == magic; };
  if (starts("\x28\xB5\x2F\xFD")) return Compression::Zstd;
  if (starts("\x1F\x8B")) return Compression::Gzip;
  // "BZh" plus a block size digit: checking the digit keeps a PGN starting "BZh" plain.
  if (head.size() >= 4 && starts("BZh") && head[3] >= '1' && head[3] <= '9') {
    return Compression::Bzip2;
  }
  return Compression::None;
}

std::unique_ptr<InputSource> make_source(std::unique_ptr<RawBytes> raw, std::string name,
                                         std::string_view head) {
  switch (sniff(head)) {
    case Compression::Zstd:
      return std::make_unique<ZstdSource>(std::move(raw), std::move(name));
    case Compression::Gzip:
      return std::make_unique<GzipSource>(std::move(raw), std::move(name));
    case Compression::Bzip2:
      return std::make_unique<Bzip2Source>(std::move(raw), std::move(name));
    case Compression::None:
      break;
  }
  return std::make_unique<PlainSource>(std::move(raw), std::move(name));
}

}  // namespace

std::string cut_while_read_message(const std::string& name, std::uint64_t at, std::uint64_t size) {
  return "read error in " + name + " at byte " + std::to_string(at) +
         ": the file was cut while it was read (it had " + std::to_string(size) +
         " bytes when opened)";
}

std::unique_ptr<InputSource> InputSource::open(const std::string& path, std::string& error) {
  return open_path(path, error, nullptr);
}

std::unique_ptr<InputSource> open_path(const std::string& path, std::string& error,
                                       const std::atomic<bool>* stop) {
  const bool is_stdin = path == "-";
  const std::string name = is_stdin ? std::string("standard input") : path;
  // Opening a named pipe waits for its writer; a signal then either stops the run (the input
  // is empty) or is one to wait on through.
  int fd = STDIN_FILENO;
  while (!is_stdin && (fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC)) < 0 && errno == EINTR) {
    if (stop_requested(stop))
      return std::make_unique<PlainSource>(std::make_unique<RawBytes>(std::string()), name);
  }
  if (fd < 0) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return nullptr;
  }
  struct stat info {};
  const bool known = ::fstat(fd, &info) == 0;
  if (known && S_ISDIR(info.st_mode)) {
    if (!is_stdin) ::close(fd);
    error = "cannot open " + path + ": " + std::strerror(EISDIR);
    return nullptr;
  }
  const bool regular = known && S_ISREG(info.st_mode);
  if (regular) stop = nullptr;  // reading a file never waits: it is read to the end of the batch
#ifdef POSIX_FADV_SEQUENTIAL
  if (!is_stdin) ::posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
  // Sniff the magic number; pipes may deliver it in pieces.
  std::string head(4, '\0');
  std::size_t got = 0;
  while (got < head.size() && !stop_requested(stop)) {
    ssize_t n = ::read(fd, head.data() + got, head.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = "cannot read " + name + ": " + std::strerror(errno);
      if (!is_stdin) ::close(fd);
      return nullptr;
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  head.resize(got);
  auto raw = std::make_unique<RawBytes>(
      fd, !is_stdin, head, regular ? static_cast<std::uint64_t>(info.st_size) : 0, stop);
  return make_source(std::move(raw), name, head);
}

std::unique_ptr<InputSource> InputSource::from_memory(std::string_view bytes) {
  return std::make_unique<PlainSource>(std::make_unique<RawBytes>(std::string(bytes)), "memory");
}

std::unique_ptr<InputSource> open_reader_input(const std::string& name, const ByteReader& read,
                                               std::string& error) {
  // The magic number may come in pieces, as from a pipe.
  std::string head(4, '\0');
  std::size_t got = 0;
  while (got < head.size()) {
    const std::size_t n = read(head.data() + got, head.size() - got, error);
    if (!error.empty()) return nullptr;
    if (n == 0) break;
    got += n;
  }
  head.resize(got);
  auto raw = std::make_unique<RawBytes>(read, head);
  return make_source(std::move(raw), name, head);
}

std::unique_ptr<InputSource> InputSource::from_memory_detect(std::string_view bytes) {
  return make_source(std::make_unique<RawBytes>(std::string(bytes)), "memory", bytes.substr(0, 4));
}

}  // namespace pgn
