#include "mastermind/batch/protocol.hpp"

#include <fmt/format.h>

namespace mastermind::protocol {

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
    // The numbers first: a header whose first word is wrong is named by that word.
    int* fields[] = {&p.pegs, &p.colours, &p.batch, &p.max_tests};
    for (std::size_t i = 0; i < 4; ++i) {
        *fields[i] = parse_small(tokens[i]);
        if (*fields[i] < 0)
            return fmt::format("header field {} '{}' is not a number", i + 1, printable(tokens[i]));
    }
    if (tokens.size() == 5) {
        if (tokens[4] != "adjacent")
            return fmt::format("header word '{}' is not 'adjacent'", printable(tokens[4]));
        p.rules = Rules::adjacent;
    }
    if (auto why = p.validate(); !why.empty()) return "header: " + why;
    params = p;
    return {};
}

std::string format_test(std::span<const PackedCode> strings, int pegs) {
    return strings.empty() ? std::string("test") : "test " + strings_text(strings, pegs);
}

std::string format_challenge(const PackedCode& guess, int pegs) {
    return "challenge " + guess.to_string(pegs);
}

std::string format_answers(std::span<const HitBlow> answers, Rules rules) {
    std::string line;
    for (const auto& a : answers) {
        if (!line.empty()) line += ' ';
        line += rules == Rules::classic ? fmt::format("{} {}", a.hit, a.blow)
                                        : fmt::format("{} {} {}", a.hit, a.grey, a.blow);
    }
    return line;
}

std::string parse_answers(std::string_view raw, const BatchParams& params,
                          std::vector<HitBlow>& answers) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    if (params.rules == Rules::adjacent) {
        if (tokens.size() != static_cast<std::size_t>(3 * params.batch)) {
            return fmt::format("answer '{}' does not hold {} numbers", printable(raw),
                               3 * params.batch);
        }
        answers.clear();
        for (std::size_t i = 0; i < tokens.size(); i += 3) {
            const int b = parse_small(tokens[i]), g = parse_small(tokens[i + 1]),
                      w = parse_small(tokens[i + 2]);
            if (b < 0 || g < 0 || w < 0 || b + g + w > params.pegs ||
                (b == params.pegs - 1 && g + w == 1)) {
                return fmt::format(
                    "answer triple {} '{} {} {}' is not a possible (black, grey, white) of {} pegs",
                    i / 3 + 1, printable(tokens[i]), printable(tokens[i + 1]),
                    printable(tokens[i + 2]), params.pegs);
            }
            answers.push_back({static_cast<std::uint8_t>(b), static_cast<std::uint8_t>(w),
                               static_cast<std::uint8_t>(g)});
        }
        return {};
    }
    if (tokens.size() != static_cast<std::size_t>(2 * params.batch)) {
        return fmt::format("answer '{}' does not hold {} numbers", printable(raw),
                           2 * params.batch);
    }
    answers.clear();
    for (std::size_t i = 0; i < tokens.size(); i += 2) {
        const int hit = parse_small(tokens[i]), blow = parse_small(tokens[i + 1]);
        if (hit < 0 || blow < 0 || hit + blow > params.pegs ||
            (hit == params.pegs - 1 && blow == 1)) {
            return fmt::format("answer pair {} '{} {}' is not a possible (hit, blow) of {} pegs",
                               i / 2 + 1, printable(tokens[i]), printable(tokens[i + 1]),
                               params.pegs);
        }
        answers.push_back({static_cast<std::uint8_t>(hit), static_cast<std::uint8_t>(blow)});
    }
    return {};
}

}  // namespace mastermind::protocol
