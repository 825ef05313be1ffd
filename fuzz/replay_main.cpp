// A plain driver for a fuzz target: runs LLVMFuzzerTestOneInput once on every file named on
// the command line (directories are read recursively). Built with the normal compiler, so
// the inputs that once broke a target (corpora/regressions/<target>/) are replayed by the
// ordinary test suite, and under the sanitizers by the ASan+UBSan suite.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

bool replay_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    return false;
  }
  const std::vector<char> bytes((std::istreambuf_iterator<char>(in)),
                                std::istreambuf_iterator<char>());
  // A copy of exactly `size` bytes, so that reading past the input is caught by ASan.
  std::vector<std::uint8_t> data(bytes.begin(), bytes.end());
  LLVMFuzzerTestOneInput(data.empty() ? nullptr : data.data(), data.size());
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  namespace fs = std::filesystem;
  std::size_t inputs = 0;
  bool ok = true;
  for (int i = 1; i < argc; ++i) {
    const fs::path root(argv[i]);
    if (fs::is_directory(root)) {
      std::vector<fs::path> files;
      for (const auto& entry : fs::recursive_directory_iterator(root))
        if (entry.is_regular_file()) files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const auto& file : files) ok = replay_file(file) && ok, ++inputs;
    } else if (fs::exists(root)) {
      ok = replay_file(root) && ok;
      ++inputs;
    }
    // A missing directory is no error: not every target has regression inputs.
  }
  std::printf("%zu inputs replayed\n", inputs);
  return ok ? 0 : 1;
}
