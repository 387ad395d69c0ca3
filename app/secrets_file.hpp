// Files of secrets, read the same way by `arena --secrets` and `evaluate --secrets`: one secret a
// line ("-": standard input), blank lines and '#' comments skipped, CRLF tolerated. A directory, an unreadable file, or a
// file with no secret in it is refused with a message naming the path: a run must never fall back
// to other secrets than the ones asked for. What is read is bounded: a line of at most 1 KiB, at
// most kMaxGames (10^7, the commands' limit on games) secrets, at most 256 MiB in all, so
// /dev/zero or an endless pipe is refused instead of filling the memory.
#pragma once

#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "option_checks.hpp"

namespace mastermind::app {

// Where secrets were read from, for a report: the path, or "standard input" for "-".
inline std::string secrets_source(const std::string& path) {
    return path == "-" ? "standard input" : path;
}

struct SecretLine {
    int number;        // 1-based line number in the file
    std::string text;  // the secret as written
};

// The secret lines of `path` ("-": standard input); nullopt after a message on stderr that starts
// with `command`.
inline std::optional<std::vector<SecretLine>> read_secret_lines(const std::string& command,
                                                                const std::string& path) {
    std::error_code error;
    if (std::filesystem::is_directory(path, error)) {
        complain("{}: --secrets '{}' is a directory, expected a file of secrets\n", command, path);
        return std::nullopt;
    }
    std::ifstream file;
    if (path != "-") {
        file.open(path);
        if (!file) {
            complain("{}: --secrets '{}' cannot be read: {}\n", command, path,
                     std::generic_category().message(errno));
            return std::nullopt;
        }
    }
    std::istream& in = path == "-" ? std::cin : file;
    std::vector<SecretLine> lines;
    std::string line;
    BoundedLines reader(in, 1024, std::uint64_t{256} << 20);
    for (;;) {
        const auto read = reader.next(line);
        if (read == BoundedLines::Read::end) break;
        if (read != BoundedLines::Read::line) {
            complain("{}: --secrets '{}':{}: {}\n", command, path, reader.number() + 1,
                     reader.why(read));
            return std::nullopt;
        }
        if (line.empty() || line[0] == '#') continue;
        if (lines.size() == static_cast<std::size_t>(kMaxGames)) {
            complain("{}: --secrets '{}':{}: more than {} secrets, the most one run plays\n",
                     command, path, reader.number(), kMaxGames);
            return std::nullopt;
        }
        lines.push_back({static_cast<int>(reader.number()), line});
    }
    if (in.bad()) {
        complain("{}: --secrets '{}': read error\n", command, path);
        return std::nullopt;
    }
    if (lines.empty()) {
        complain("{}: --secrets '{}' holds no secret\n", command, path);
        return std::nullopt;
    }
    return lines;
}

}  // namespace mastermind::app
