// Reading what a person types: spaces around a line trimmed, a command word split off its
// argument (`mastermind play`, `mastermind assist`).
#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "commands.hpp"

namespace mastermind::app {

inline std::string trim(std::string_view text) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos) return {};
    const auto last = text.find_last_not_of(" \t\r\n");
    return std::string(text.substr(first, last - first + 1));
}

// "hint entropy" -> {"hint", "entropy"}; "hint" -> {"hint", ""}.
inline std::pair<std::string, std::string> split_first(std::string_view text) {
    const auto space = text.find(' ');
    if (space == std::string_view::npos) return {std::string(text), {}};
    return {std::string(text.substr(0, space)), trim(text.substr(space + 1))};
}

// The longest line a person's input may hold: a batch test of 16 strings of 12 symbols is 208.
inline constexpr std::size_t kLongestTypedLine = 4096;

// Whether the input ended for a reason other than its end (a line too long, a read error):
// the command then exits with status 2 after the message.
inline bool& typed_input_broken() {
    static bool broken = false;
    return broken;
}

// The command whose person types ("mastermind play", "mastermind assist"), for messages: set by
// the command before it reads.
inline std::string& typed_command() {
    static std::string command = "mastermind";
    return command;
}

// The next line a person typed, trimmed, after showing `prompt` when standard input is a terminal
// (a script gets no prompts); nothing at the end of the input. A line longer than
// kLongestTypedLine (a file that is no typing, /dev/zero) ends the input with a message.
inline std::optional<std::string> next_typed_line(std::string_view prompt) {
    static const bool terminal = ::isatty(STDIN_FILENO) == 1;
    // A directory reads as an empty input: said once, as the error it is.
    static const bool directory = [] {
        struct stat st {};
        return ::fstat(STDIN_FILENO, &st) == 0 && S_ISDIR(st.st_mode);
    }();
    if (directory) {
        if (!typed_input_broken())
            complain("{}: standard input is a directory, not typed input; stopping\n",
                     typed_command());
        typed_input_broken() = true;
        return std::nullopt;
    }
    if (terminal) fmt::print("{}", prompt);
    flush_stdout();
    std::string line;
    for (int c; (c = std::cin.get()) != '\n';) {
        if (c == std::char_traits<char>::eof()) {
            if (std::cin.bad()) {
                complain("{}: standard input cannot be read; stopping\n", typed_command());
                typed_input_broken() = true;
                return std::nullopt;
            }
            if (line.empty()) return std::nullopt;
            break;
        }
        if (line.size() >= kLongestTypedLine) {
            complain(
                "{}: a line of the input is longer than {} bytes: not typed input; "
                "stopping\n",
                typed_command(), kLongestTypedLine);
            typed_input_broken() = true;
            return std::nullopt;
        }
        line.push_back(static_cast<char>(c));
    }
    return trim(line);
}

}  // namespace mastermind::app
