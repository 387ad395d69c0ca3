#include "mastermind/games/protocol.hpp"

#include <fmt/format.h>

#include <charconv>

namespace mastermind::protocol {

namespace {

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

}  // namespace

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
        m.error = ordinary ? "empty line, expected 'guess ...'" : "empty line, expected 'test ...' or 'challenge ...'";
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
        m.error = fmt::format("unknown command '{}', expected 'test' or 'challenge'",
                              printable(keyword));
        return m;
    }
    m.strings = std::move(tokens);
    return m;
}

std::string format_header(const BatchParams& p) {
    const std::string line = fmt::format("{} {} {} {}", p.pegs, p.colours, p.batch, p.max_tests);
    return p.rules == Rules::classic ? line : line + " adjacent";
}

std::string parse_header(std::string_view raw, BatchParams& params) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    if (tokens.size() != 4 && tokens.size() != 5) {
        return fmt::format("header '{}' is not 'P K B M' or 'P K B M adjacent'", printable(raw));
    }
    BatchParams p;
    if (tokens.size() == 5) {
        if (tokens[4] != "adjacent") return fmt::format("header word '{}' is not 'adjacent'", printable(tokens[4]));
        p.rules = Rules::adjacent;
    }
    int* fields[] = {&p.pegs, &p.colours, &p.batch, &p.max_tests};
    for (std::size_t i = 0; i < 4; ++i) {
        *fields[i] = parse_small(tokens[i]);
        if (*fields[i] < 0) return fmt::format("header field {} '{}' is not a number", i + 1, printable(tokens[i]));
    }
    if (auto why = p.validate(); !why.empty()) return "header: " + why;
    params = p;
    return {};
}

std::string format_ordinary_header(const OrdinaryParams& p) {
    return fmt::format("ordinary {} {} {} {}", p.pegs, p.colours, p.max_guesses, to_string(p.rules));
}

bool is_ordinary_header(std::string_view line) { return line.starts_with("ordinary"); }

std::string parse_ordinary_header(std::string_view raw, OrdinaryParams& params) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    if (tokens.size() != 5 || tokens[0] != "ordinary") {
        return fmt::format("header '{}' is not 'ordinary P K M RULES'", printable(raw));
    }
    OrdinaryParams p;
    int* fields[] = {&p.pegs, &p.colours, &p.max_guesses};
    for (std::size_t i = 0; i < 3; ++i) {
        *fields[i] = parse_small(tokens[i + 1]);
        if (*fields[i] < 0) return fmt::format("header field {} '{}' is not a number", i + 2, printable(tokens[i + 1]));
    }
    const auto rules = parse_rules(tokens[4]);
    if (!rules) return fmt::format("header rules '{}' are not 'classic' or 'adjacent'", printable(tokens[4]));
    p.rules = *rules;
    if (auto why = p.validate(); !why.empty()) return "header: " + why;
    params = p;
    return {};
}

std::string format_score(const Score& s, Rules rules) {
    return rules == Rules::classic ? fmt::format("{} {}", s.black, s.white) : fmt::format("{} {} {}", s.black, s.grey, s.white);
}

std::string parse_score(std::string_view raw, const OrdinaryParams& params, Score& score) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    const std::size_t expected = params.rules == Rules::classic ? 2 : 3;
    if (tokens.size() != expected) {
        return fmt::format("answer '{}' does not hold {} numbers", printable(raw), expected);
    }
    int v[3] = {0, 0, 0};
    for (std::size_t i = 0; i < expected; ++i) v[i] = parse_small(tokens[i]);
    Score s = params.rules == Rules::classic ? Score{v[0], 0, v[1]} : Score{v[0], v[1], v[2]};
    const int sum = s.black + s.grey + s.white;
    if (v[0] < 0 || v[1] < 0 || v[2] < 0 || sum > params.pegs || (s.black == params.pegs - 1 && sum == params.pegs)) {
        return fmt::format("answer '{}' is not a possible score of {} pegs", printable(raw), params.pegs);
    }
    score = s;
    return {};
}

std::string format_test(std::span<const PackedCode> strings, int pegs) {
    std::string line = "test";
    for (const auto& s : strings) {
        line += ' ';
        line += s.to_string(pegs);
    }
    return line;
}

std::string format_challenge(const PackedCode& guess, int pegs) {
    return "challenge " + guess.to_string(pegs);
}

std::string format_answers(std::span<const HitBlow> answers, Rules rules) {
    std::string line;
    for (const auto& a : answers) {
        if (!line.empty()) line += ' ';
        line += rules == Rules::classic ? fmt::format("{} {}", a.hit, a.blow) : fmt::format("{} {} {}", a.hit, a.grey, a.blow);
    }
    return line;
}

std::string parse_answers(std::string_view raw, const BatchParams& params,
                          std::vector<HitBlow>& answers) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    if (params.rules == Rules::adjacent) {
        if (tokens.size() != static_cast<std::size_t>(3 * params.batch)) {
            return fmt::format("answer '{}' does not hold {} numbers", printable(raw), 3 * params.batch);
        }
        answers.clear();
        for (std::size_t i = 0; i < tokens.size(); i += 3) {
            const int b = parse_small(tokens[i]), g = parse_small(tokens[i + 1]), w = parse_small(tokens[i + 2]);
            if (b < 0 || g < 0 || w < 0 || b + g + w > params.pegs || (b == params.pegs - 1 && g + w == 1)) {
                return fmt::format("answer triple {} '{} {} {}' is not a possible (black, grey, white) of {} pegs", i / 3 + 1,
                                   printable(tokens[i]), printable(tokens[i + 1]), printable(tokens[i + 2]), params.pegs);
            }
            answers.push_back({static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(w), static_cast<std::uint8_t>(g)});
        }
        return {};
    }
    if (tokens.size() != static_cast<std::size_t>(2 * params.batch)) {
        return fmt::format("answer '{}' does not hold {} numbers", printable(raw), 2 * params.batch);
    }
    answers.clear();
    for (std::size_t i = 0; i < tokens.size(); i += 2) {
        const int hit = parse_small(tokens[i]), blow = parse_small(tokens[i + 1]);
        if (hit < 0 || blow < 0 || hit + blow > params.pegs || (hit == params.pegs - 1 && blow == 1)) {
            return fmt::format("answer pair {} '{} {}' is not a possible (hit, blow) of {} pegs",
                               i / 2 + 1, printable(tokens[i]), printable(tokens[i + 1]),
                               params.pegs);
        }
        answers.push_back({static_cast<std::uint8_t>(hit), static_cast<std::uint8_t>(blow)});
    }
    return {};
}

}  // namespace mastermind::protocol
