// The value the exact search minimises (optimal_search.cpp) and the arithmetic its bars need,
// shared with the search's jobs (optimal_jobs.cpp). A value packs the total number of guesses in
// the high 32 bits and the sum of the squared game lengths in the low 32; compared as integers,
// values order by total first, then by the spread of the game lengths. Both parts add up over the
// parts of a set once each part's games are made one guess longer (lift()). Measure, at the end,
// is the same arithmetic for either of the search's objectives.
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

// The arithmetic of values for the search's objective (OptimalSearchOptions::fewest_at_limit):
//   - the total (the functions above): (total, squares);
//   - the fewest games at the limit: (games that take every guess left, total), the count in the
//     high 32 bits and the total in the low 32. A game that takes every guess of a part takes
//     every guess of the set (the part has one fewer), so the count adds up over the parts and
//     lift() leaves it as it is; the squares are not kept.
// Values of either kind compare as integers, and kInfinite is "cannot be done" for both.
class Measure {
  public:
    explicit constexpr Measure(bool at_limit) : at_limit_(at_limit) {}
    constexpr bool at_limit() const { return at_limit_; }

    // One game won by the next guess, which is the last one when `left` is 1.
    constexpr Value win(int left) const {
        return at_limit_ ? count(left == 1 ? 1 : 0) | 1 : value_of(1, 1);
    }
    // Two secrets with `left` >= 2 guesses: one guessed at once, the other next.
    constexpr Value pair(int left) const {
        return at_limit_ ? count(left == 2 ? 1 : 0) | 3 : value_of(3, 5);
    }
    // The complete fill (OptimalSearch::fill_bound) as a value, with `left` guesses: a strategy
    // finds at most as many secrets within left - 1 guesses as the fill does, so at least as many
    // take all `left` as the fill's deepest level holds when that level is the last one.
    constexpr Value fill(const OptimalSearch::Fill& f, int left) const {
        if (f.levels > left) return kInfinite;
        if (!at_limit_) return value_of(f.total, f.squares);
        return count(f.levels == left && left != OptimalSearch::kUnbounded ? f.deepest : 0) |
               f.total;
    }
    constexpr Value lift(Value v, std::uint64_t m) const {
        if (!at_limit_) return optimal_value::lift(v, m);
        return v >= kInfinite ? kInfinite : v + m;
    }
    Value child_beta(Value budget, std::uint64_t m) const {
        if (!at_limit_) return optimal_value::child_beta(budget, m);
        return budget > m ? budget - m : 0;
    }
    constexpr std::uint64_t total(Value v) const {
        return at_limit_ ? v & 0xffffffffu : total_of(v);
    }
    constexpr std::uint64_t games_at_limit(Value v) const { return at_limit_ ? v >> 32 : 0; }
    constexpr Value pack(OptimalSearch::Optimum o) const {
        if (!at_limit_) return optimal_value::pack(o);
        return o.total >= OptimalSearch::kImpossible.total ? kInfinite : count(o.at_limit) | o.total;
    }
    constexpr OptimalSearch::Optimum unpack(Value v) const {
        if (!at_limit_) return optimal_value::unpack(v);
        return v >= kInfinite ? OptimalSearch::kImpossible
                              : OptimalSearch::Optimum{total(v), 0, games_at_limit(v)};
    }

  private:
    static constexpr Value count(std::uint64_t games) { return games << 32; }
    bool at_limit_;
};

}  // namespace mastermind::optimal_value
