// A folder of the test process's own under the system's temporary folder (its name and the
// process id: parallel test shards do not meet), removed with the object; and a file's text.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <string_view>

namespace mastermind::test_support {

class TempDir {
  public:
    explicit TempDir(std::string_view name)
        : dir_(std::filesystem::temp_directory_path() /
               (std::string(name) + "-" + std::to_string(getpid()))) {
        std::filesystem::create_directories(dir_);
    }
    ~TempDir() {
        std::error_code ignored;
        std::filesystem::remove_all(dir_, ignored);
    }
    TempDir(const TempDir&) = delete;
    TempDir& operator=(const TempDir&) = delete;

    const std::filesystem::path& dir() const { return dir_; }
    std::string path(std::string_view name) const { return (dir_ / name).string(); }

  private:
    std::filesystem::path dir_;
};

// The whole text of `file` (empty if it cannot be read).
inline std::string file_text(const std::string& file) {
    std::ifstream in(file, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace mastermind::test_support
