// What every command shares without the command-line parser (CLI11): exit statuses, messages on
// stderr that never throw, checked flushes of stdout, and run_cli, which `mastermind` and the MPI
// front end call from their main().
#pragma once

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>
#include <system_error>

#include <fmt/format.h>

namespace mastermind::app {

// Exit statuses shared by the filters.
inline constexpr int kExitOk = 0;
inline constexpr int kExitBadInput = 1;  // some input line was rejected
inline constexpr int kExitFailure = 2;   // usage error, unreadable file, unwritable output

// Writes all of `text` to `fd` (again after an interrupted write); false if it could not.
inline bool write_all(int fd, std::string_view text) noexcept {
    while (!text.empty()) {
        const ssize_t n = ::write(fd, text.data(), text.size());
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        text.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

// Writes a message to stderr; false if it could not be written. Never throws: stderr may be a
// closed pipe as well, and a message that cannot be shown must not turn an exit status into an
// abort. A command that writes many messages (score --keep-going) stops when this fails.
template <typename... T>
bool complain(fmt::format_string<T...> format, T&&... args) noexcept {
    try {
        return write_all(STDERR_FILENO, fmt::format(format, std::forward<T>(args)...));
    } catch (...) {
        return false;
    }
}

// Whether stdout is closed (`>&-`): a command whose result goes there after minutes of work
// refuses to start rather than lose it.
inline bool stdout_closed() noexcept {
    return ::fcntl(STDOUT_FILENO, F_GETFD) < 0 && errno == EBADF;
}

// Why the output could not be written, from its errno: "standard output is closed" for EBADF
// (`>&-`), where strerror's "Bad file descriptor" names no file the user gave.
inline std::string output_error(int error) {
    return error == EBADF ? "standard output is closed" : std::strerror(error);
}
inline std::string output_error(const std::system_error& e) {
    return e.code().category() == std::generic_category() ||
                   e.code().category() == std::system_category()
               ? output_error(e.code().value())
               : e.code().message();
}

// Flushes stdout so that a reader sees progress now; a failed write (a closed pipe) throws
// std::system_error, which main reports with status 2.
inline void flush_stdout() {
    if (std::fflush(stdout) != 0)
        throw std::system_error(errno, std::generic_category(), "write error");
}

// Parses the command line and runs one subcommand (cli.cpp); its exit status.
int run_cli(int argc, char** argv);

// The arguments run_cli() was given, the program's name first: for a command that hands its own
// command line on to another program (serve_launch.cpp). Empty outside run_cli().
std::span<char* const> command_line();

}  // namespace mastermind::app
