#include "mastermind/core/scoring.hpp"

#include <algorithm>
#include <array>
#include <cassert>

namespace mastermind {

std::string_view to_string(Rules rules) {
    return rules == Rules::classic ? "classic" : "adjacent";
}

std::optional<Rules> parse_rules(std::string_view name) {
    if (name == "classic") return Rules::classic;
    if (name == "adjacent") return Rules::adjacent;
    return std::nullopt;
}

namespace {

// Sum over colours of min(count in target, count in guess): black + white under classic rules.
int common_colours(std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess) {
    std::array<int, kMaxColours> balance{};
    for (auto c : target) ++balance[c];
    int common = 0;
    for (auto c : guess) {
        if (balance[c] > 0) {
            --balance[c];
            ++common;
        }
    }
    return common;
}

std::uint64_t bit(std::size_t i) {
    return std::uint64_t{1} << i;
}

}  // namespace

Score score_classic(std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess) {
    assert(target.size() == guess.size() && target.size() <= kMaxPegs);
    int black = 0;
    for (std::size_t i = 0; i < target.size(); ++i) black += target[i] == guess[i];
    return {black, 0, common_colours(target, guess) - black};
}

Score score_adjacent(std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess) {
    assert(target.size() == guess.size() && target.size() <= kMaxPegs);
    const std::size_t n = target.size();
    std::uint64_t black = 0, left = 0, right = 0;
    for (std::size_t i = 0; i < n; ++i) {
        if (guess[i] == target[i]) black |= bit(i);
        if (i > 0 && guess[i] == target[i - 1]) left |= bit(i);
        if (i + 1 < n && guess[i] == target[i + 1]) right |= bit(i);
    }
    const int b = __builtin_popcountll(black);
    const int g = adjacent_grey(black, left, right);
    return {b, g, common_colours(target, guess) - b - g};
}

Score score(Rules rules, std::span<const std::uint8_t> target,
            std::span<const std::uint8_t> guess) {
    return rules == Rules::classic ? score_classic(target, guess) : score_adjacent(target, guess);
}

}  // namespace mastermind
