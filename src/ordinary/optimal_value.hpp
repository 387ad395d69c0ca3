// The value the exact search minimises (optimal_search.cpp) and the arithmetic its bars need,
// shared with the search's jobs (optimal_jobs.cpp). A value packs the total number of guesses in
// the high 32 bits and the sum of the squared game lengths in the low 32; compared as integers,
// values order by total first, then by the spread of the game lengths. Both parts add up over the
// parts of a set once each part's games are made one guess longer (lift()).
#pragma once

#include <cstdint>

#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind::optimal_value {

using Value = std::uint64_t;

constexpr Value value_of(std::uint64_t total, std::uint64_t squares) {
    return total << 32 | squares;
}
constexpr std::uint64_t total_of(Value v) {
    return v >> 32;
}
constexpr std::uint64_t squares_of(Value v) {
    return v & 0xffffffffu;
}

// A value no strategy reaches: "cannot be done within the guesses left". Small enough that the
// sum of one per answer does not overflow.
constexpr Value kInfinite = Value{1} << 56;
static_assert(kInfinite == value_of(OptimalSearch::kImpossible.total, 0));

constexpr Value pack(OptimalSearch::Optimum o) {
    return o.total >= OptimalSearch::kImpossible.total ? kInfinite : value_of(o.total, o.squares);
}
constexpr OptimalSearch::Optimum unpack(Value v) {
    return v >= kInfinite ? OptimalSearch::kImpossible
                          : OptimalSearch::Optimum{total_of(v), squares_of(v)};
}

// The value of a part's games when each takes one more guess (the guess that made the part):
// every length d becomes d + 1, so the total grows by m and the squares by 2 * total + m.
constexpr Value lift(Value v, std::uint64_t m) {
    return v >= kInfinite ? kInfinite : v + (m << 32) + 2 * total_of(v) + m;
}

// The least value v of a part of m secrets with lift(v, m) >= budget: the beta of a child.
inline Value child_beta(Value budget, std::uint64_t m) {
    const std::uint64_t t = total_of(budget);
    Value v = budget > (m << 32) + 2 * t + m + 4 ? budget - (m << 32) - 2 * t - m - 4 : 0;
    while (lift(v, m) < budget) ++v;
    return v;
}

}  // namespace mastermind::optimal_value
