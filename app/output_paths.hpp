// Paths a command writes, checked the same way by every command before any work starts: an empty
// path, a directory, a file in a folder that does not exist or cannot be written, a file that
// cannot be written are refused with a message naming the option and the path (CLI11 prefixes the
// option: "--log: '' is an empty path"). Then, for files that must not be left half written or
// emptied by a run that fails, ReplacedFile writes beside the path and renames into place.
#pragma once

#include <fcntl.h>
#include <unistd.h>
#include <CLI/CLI.hpp>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

#include <fmt/format.h>

namespace mastermind::app {

// Why a file cannot be written at `path`, or empty; "-" is standard output where `dash` is true,
// and refused elsewhere.
inline std::string output_file_problem(const std::string& path, bool dash = false) {
    namespace fs = std::filesystem;
    if (path.empty()) return "'' is an empty path, expected a file to write";
    if (path == "-") {
        if (dash) return {};
        // A file named "-" is almost always standard output misread: this option writes a file.
        return "'-': this option writes a file, not standard output (./- names a file called '-')";
    }
    std::error_code error;
    if (fs::is_directory(path, error))
        return fmt::format("'{}' is a directory, expected a file to write", path);
    if (fs::exists(path, error)) {
        if (::access(path.c_str(), W_OK) != 0) return fmt::format("'{}' cannot be written", path);
        // A regular file is opened for appending, which changes nothing, since access() lets root
        // through where writing still fails; other files (a pipe, a device) are not opened here,
        // as that can wait for a reader.
        if (fs::is_regular_file(path, error)) {
            const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
            if (fd < 0)
                return fmt::format("'{}' cannot be written ({})", path, std::strerror(errno));
            ::close(fd);
        }
        return {};
    }
    const auto folder = fs::absolute(path, error).parent_path();
    if (!fs::is_directory(folder, error))
        return fmt::format("'{}': the folder '{}' does not exist", path, folder.string());
    if (::access(folder.c_str(), W_OK) != 0)
        return fmt::format("'{}': the folder '{}' cannot be written", path, folder.string());
    // A file of this process's own is made in the folder and removed again: a folder root may
    // enter but not write in (/proc, a read-only mount seen through access() as root) shows now,
    // not when the work is done. Not the path itself: several processes (MPI ranks) check one
    // path at once.
    const auto probe = (folder / fmt::format(".mastermind-probe-{}", ::getpid())).string();
    const int fd = ::open(probe.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0 && errno != EEXIST)
        return fmt::format("'{}' cannot be made in the folder '{}' ({})", path, folder.string(),
                           std::strerror(errno));
    if (fd >= 0) {
        ::close(fd);
        ::unlink(probe.c_str());
    }
    return {};
}

// Why `path` cannot be a folder to write files in (made if missing, its parent existing), or empty.
inline std::string output_folder_problem(const std::string& path) {
    namespace fs = std::filesystem;
    if (path.empty()) return "'' is an empty path, expected a folder";
    std::error_code error;
    if (fs::exists(path, error)) {
        if (!fs::is_directory(path, error)) return fmt::format("'{}' is not a folder", path);
        if (::access(path.c_str(), W_OK) != 0)
            return fmt::format("'{}': cannot write files in it", path);
        return {};
    }
    const auto parent = fs::absolute(path, error).parent_path();
    if (!fs::is_directory(parent, error))
        return fmt::format("'{}' cannot be made: the folder '{}' does not exist", path,
                           parent.string());
    if (::access(parent.c_str(), W_OK) != 0)
        return fmt::format("'{}' cannot be made in '{}'", path, parent.string());
    return {};
}

// CLI11 checks for the options: a file to write ("-" allowed where `dash`), a folder to write in,
// and any value that must not be empty.
inline CLI::Validator output_file(bool dash = false) {
    return CLI::Validator([dash](std::string& path) { return output_file_problem(path, dash); },
                          dash ? "FILE|-" : "FILE");
}
inline CLI::Validator output_folder() {
    return CLI::Validator([](std::string& path) { return output_folder_problem(path); }, "DIR");
}
inline CLI::Validator not_empty() {
    return CLI::Validator(
        [](std::string& text) {
            return text.empty() ? std::string("must not be empty") : std::string();
        },
        "");
}

// Whether two paths name one file (either may not exist yet).
inline bool same_file(const std::string& a, const std::string& b) {
    namespace fs = std::filesystem;
    std::error_code error;
    if (fs::exists(a, error) && fs::exists(b, error)) return fs::equivalent(a, b, error);
    return fs::weakly_canonical(a, error) == fs::weakly_canonical(b, error);
}

// A file written beside `path` (path + ".partial") and renamed over it by commit(): a run that
// fails before it leaves `path` as it was. A path that is not a regular file (/dev/null, a fifo)
// is written in place: renaming over it would replace the device, and it holds nothing to keep.
class ReplacedFile {
  public:
    explicit ReplacedFile(std::string path)
        : path_(std::move(path)), temporary_(path_ + ".partial") {
        std::error_code error;
        if (std::filesystem::exists(path_, error) &&
            !std::filesystem::is_regular_file(path_, error))
            temporary_ = path_;
        out_.open(temporary_, std::ios::trunc);
    }
    ReplacedFile(const ReplacedFile&) = delete;
    ReplacedFile& operator=(const ReplacedFile&) = delete;
    ~ReplacedFile() {
        if (!committed_ && temporary_ != path_) {
            out_.close();
            std::remove(temporary_.c_str());
        }
    }
    bool is_open() const { return out_.is_open() && out_.good(); }
    std::ostream& stream() { return out_; }
    const std::string& temporary() const { return temporary_; }
    // Flushes and renames into place; false (the temporary removed) if either fails.
    bool commit() {
        out_.flush();
        const bool written = static_cast<bool>(out_);
        out_.close();
        if (!written || out_.fail()) return false;
        if (temporary_ != path_ && std::rename(temporary_.c_str(), path_.c_str()) != 0)
            return false;
        committed_ = true;
        return true;
    }

  private:
    std::string path_, temporary_;
    std::ofstream out_;
    bool committed_ = false;
};

}  // namespace mastermind::app
