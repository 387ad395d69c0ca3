#include "mastermind/engine/protocol.hpp"

#include <fmt/format.h>

#include <charconv>

namespace mastermind::protocol {

std::string_view without_cr(std::string_view line) {
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    return line;
}

// A decimal integer 0..999999 with no sign and no leading zeros; -1 if not.
int parse_small(std::string_view token) {
    if (token.empty() || token.size() > 6 || (token.size() > 1 && token[0] == '0')) return -1;
    int value = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
    if (ec != std::errc() || end != token.data() + token.size()) return -1;
    return value;
}

std::string printable(std::string_view text) {
    std::string out;
    for (char c : text.substr(0, 40)) {
        const auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7f) ? std::string(1, c) : fmt::format("\\x{:02X}", u);
    }
    return text.size() > 40 ? out + "..." : out;
}

std::vector<std::string_view> split_tokens(std::string_view line, std::size_t& bad_column) {
    std::vector<std::string_view> tokens;
    std::size_t start = 0;
    for (std::size_t i = 0; i <= line.size(); ++i) {
        if (i == line.size() || line[i] == ' ') {
            if (i == start) {
                bad_column = i + 1 - (i == line.size() && i > 0);
                return {};
            }
            tokens.push_back(line.substr(start, i - start));
            start = i + 1;
        }
    }
    return tokens;
}

SolverMessage parse_solver_line(std::string_view raw, bool ordinary) {
    SolverMessage m;
    const std::string_view line = without_cr(raw);
    if (line.empty()) {
        m.error = ordinary ? "empty line, expected 'guess ...'"
                           : "empty line, expected 'test ...' or 'challenge ...'";
        return m;
    }
    for (std::size_t i = 0; i < line.size(); ++i) {
        const auto u = static_cast<unsigned char>(line[i]);
        if (u < 0x20 || u >= 0x7f) {
            m.error = fmt::format("byte 0x{:02X} at column {}, expected printable ASCII", u, i + 1);
            return m;
        }
    }
    std::size_t bad_column = 0;
    auto tokens = split_tokens(line, bad_column);
    if (tokens.empty()) {
        m.error = fmt::format("unexpected space at column {}, expected single spaces between words",
                              bad_column);
        return m;
    }
    const std::string_view keyword = tokens.front();
    tokens.erase(tokens.begin());
    if (ordinary) {
        if (keyword != "guess") {
            m.error = fmt::format("unknown command '{}', expected 'guess'", printable(keyword));
            return m;
        }
        if (tokens.size() != 1) {
            m.error = fmt::format("'guess' takes one code, got {}", tokens.size());
            return m;
        }
        m.kind = SolverMessage::Kind::guess;
    } else if (keyword == "test") {
        if (tokens.empty()) {
            m.error = "'test' without strings";
            return m;
        }
        m.kind = SolverMessage::Kind::test;
    } else if (keyword == "challenge") {
        if (tokens.size() != 1) {
            m.error = fmt::format("'challenge' takes one string, got {}", tokens.size());
            return m;
        }
        m.kind = SolverMessage::Kind::challenge;
    } else {
        m.error =
            fmt::format("unknown command '{}', expected 'test' or 'challenge'", printable(keyword));
        return m;
    }
    m.strings = std::move(tokens);
    return m;
}

}  // namespace mastermind::protocol
