// A plain exhaustive minimax for the ordinary game (every code as a guess at every node, no
// bound, no symmetry, no table but a memo of exact values): the reference the optimal search is
// checked against (optimal_test.cpp). A hot loop of its own, so compiled apart at -O2 while the
// test files build at -O0 (tests/CMakeLists.txt).
#pragma once

#include <compare>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "mastermind/core/code_space.hpp"

namespace mastermind {

// The optimum as a pair: the total number of guesses, then (among strategies with that total) the
// least sum of squared game lengths.
struct Pair {
    std::uint64_t total = 0, squares = 0;
    auto operator<=>(const Pair&) const = default;
};
inline constexpr Pair kImpossible{UINT64_MAX, UINT64_MAX};

// The other objective (OptimalSearchOptions::fewest_at_limit): the number of games that take
// every guess left, then the total.
struct AtLimit {
    std::uint64_t games = 0, total = 0;
    auto operator<=>(const AtLimit&) const = default;
};
inline constexpr AtLimit kNever{UINT64_MAX, UINT64_MAX};

// The least pair over `set` within `left` guesses (OptimalSearch::kUnbounded: no limit): each
// member pays for this guess, and the members of each part not won by it pay for the rest, one
// guess later.
class Minimax {
  public:
    explicit Minimax(const CodeSpace& space) : space_(space) {}

    Pair pair(const std::vector<std::uint32_t>& set, int left);
    // The least (games at the limit, total) over `set` within `left` guesses (a limit).
    AtLimit fewest(const std::vector<std::uint32_t>& set, int left);
    std::uint64_t value(const std::vector<std::uint32_t>& set, int left) {
        const auto p = pair(set, left);
        return p == kImpossible ? UINT64_MAX : p.total;
    }

  private:
    const CodeSpace& space_;
    std::unordered_map<std::string, Pair> memo_;  // the members' bytes and the guesses left
    std::unordered_map<std::string, AtLimit> fewest_memo_;
};

}  // namespace mastermind
