#include "mastermind/ordinary/protocol.hpp"

#include <fmt/format.h>

namespace mastermind::protocol {

std::string format_ordinary_header(const OrdinaryParams& p) {
    return fmt::format("ordinary {} {} {} {}{}", p.pegs, p.colours, p.max_guesses,
                       to_string(p.rules), p.distinct ? " distinct" : "");
}

bool is_ordinary_header(std::string_view line) {
    return line.starts_with("ordinary");
}

std::string parse_ordinary_header(std::string_view raw, OrdinaryParams& params) {
    std::size_t bad_column = 0;
    const auto tokens = split_tokens(without_cr(raw), bad_column);
    if (tokens.size() < 5 || tokens.size() > 6 || tokens[0] != "ordinary" ||
        (tokens.size() == 6 && tokens[5] != "distinct")) {
        return fmt::format("header '{}' is not 'ordinary P K M RULES [distinct]'", printable(raw));
    }
    OrdinaryParams p;
    int* fields[] = {&p.pegs, &p.colours, &p.max_guesses};
    for (std::size_t i = 0; i < 3; ++i) {
        *fields[i] = parse_small(tokens[i + 1]);
        if (*fields[i] < 0)
            return fmt::format("header field {} '{}' is not a number", i + 2,
                               printable(tokens[i + 1]));
    }
    const auto rules = parse_rules(tokens[4]);
    if (!rules)
        return fmt::format("header rules '{}' are not 'classic' or 'adjacent'",
                           printable(tokens[4]));
    p.rules = *rules;
    p.distinct = tokens.size() == 6;
    if (auto why = p.validate(); !why.empty()) return "header: " + why;
    params = p;
    return {};
}

std::string format_score(const Score& s, Rules rules) {
    return rules == Rules::classic ? fmt::format("{} {}", s.black, s.white)
                                   : fmt::format("{} {} {}", s.black, s.grey, s.white);
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
    if (v[0] < 0 || v[1] < 0 || v[2] < 0 || sum > params.pegs ||
        (s.black == params.pegs - 1 && sum == params.pegs)) {
        return fmt::format("answer '{}' is not a possible score of {} pegs", printable(raw),
                           params.pegs);
    }
    score = s;
    return {};
}

}  // namespace mastermind::protocol
