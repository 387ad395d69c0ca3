#include "adjacent_brute_force.hpp"

#include <cstdlib>
#include <functional>

namespace mastermind::testing {

namespace {

// Maximum matching between guess pegs and target pegs among the allowed pairs; marks the matched
// pegs of both sides in `used_guess` / `used_target`.
int max_matching(std::size_t n, const std::function<bool(std::size_t, std::size_t)>& allowed,
                 std::vector<bool>& used_guess, std::vector<bool>& used_target) {
    std::vector<int> owner(n, -1);  // target -> guess
    std::function<bool(std::size_t, std::vector<bool>&)> augment = [&](std::size_t g,
                                                                       std::vector<bool>& seen) {
        for (std::size_t t = 0; t < n; ++t) {
            if (!allowed(g, t) || seen[t]) continue;
            seen[t] = true;
            if (owner[t] < 0 || augment(static_cast<std::size_t>(owner[t]), seen)) {
                owner[t] = static_cast<int>(g);
                return true;
            }
        }
        return false;
    };
    int size = 0;
    for (std::size_t g = 0; g < n; ++g) {
        std::vector<bool> seen(n, false);
        if (augment(g, seen)) ++size;
    }
    for (std::size_t t = 0; t < n; ++t) {
        if (owner[t] >= 0) {
            used_target[t] = true;
            used_guess[static_cast<std::size_t>(owner[t])] = true;
        }
    }
    return size;
}

}  // namespace

BruteScore brute_force_adjacent(const std::vector<std::uint8_t>& target,
                                const std::vector<std::uint8_t>& guess) {
    const std::size_t n = target.size();
    BruteScore s;
    std::vector<bool> black(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        if (target[i] == guess[i]) {
            black[i] = true;
            ++s.black;
        }
    }
    auto distance = [](std::size_t a, std::size_t b) { return a > b ? a - b : b - a; };
    std::vector<bool> grey_guess(n, false), grey_target(n, false);
    s.grey = max_matching(
        n,
        [&](std::size_t g, std::size_t t) {
            return !black[g] && !black[t] && distance(g, t) == 1 && guess[g] == target[t];
        },
        grey_guess, grey_target);
    std::vector<bool> white_guess(n, false), white_target(n, false);
    s.white = max_matching(
        n,
        [&](std::size_t g, std::size_t t) {
            return !black[g] && !black[t] && !grey_guess[g] && !grey_target[t] &&
                   distance(g, t) >= 2 && guess[g] == target[t];
        },
        white_guess, white_target);
    return s;
}

BruteScore brute_force_classic(const std::vector<std::uint8_t>& target,
                               const std::vector<std::uint8_t>& guess) {
    const std::size_t n = target.size();
    BruteScore s;
    std::vector<bool> used_target(n, false), used_guess(n, false);
    for (std::size_t i = 0; i < n; ++i) {
        if (target[i] == guess[i]) {
            ++s.black;
            used_target[i] = used_guess[i] = true;
        }
    }
    for (std::size_t g = 0; g < n; ++g) {
        for (std::size_t t = 0; t < n && !used_guess[g]; ++t) {
            if (!used_target[t] && target[t] == guess[g]) {
                used_target[t] = used_guess[g] = true;
                ++s.white;
            }
        }
    }
    return s;
}

}  // namespace mastermind::testing
