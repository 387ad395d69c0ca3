// Scoring rules as values: how a guess is marked against a target.
//
// classic  (black/white, also hit/blow): black = same colour in the same position; white = the
//          remaining common colours, sum over colours of min(count in target, count in guess)
//          minus black.
// adjacent (black/grey/white): black as above; grey = size of a maximum matching between the
//          non-black guess pegs and the non-black target pegs exactly one position away with the
//          same colour; white = among pegs still unmatched, same colour at distance >= 2, each peg
//          used once. White needs no matching of its own: a maximum grey matching leaves no
//          unmatched same-colour neighbours, and black and grey remove equal numbers of each colour
//          from both sides, so white = common - black - grey.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "mastermind/core/code.hpp"

namespace mastermind {

enum class Rules { classic, adjacent };

std::string_view to_string(Rules rules);
std::optional<Rules> parse_rules(std::string_view name);

struct Score {
    int black = 0;
    int grey = 0;  // always 0 under classic rules
    int white = 0;
    friend bool operator==(const Score&, const Score&) = default;
};

// The pegs are colour indices below kMaxColours; both spans have the same length, at most
// kMaxPegs. These are the reference scorers: the fast kernels of the filter and of the batch game
// are tested against them.
Score score_classic(std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess);
Score score_adjacent(std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess);
Score score(Rules rules, std::span<const std::uint8_t> target, std::span<const std::uint8_t> guess);

inline Score score(Rules rules, const Code& target, const Code& guess) {
    return score(rules, target.pegs(), guess.pegs());
}

// Grey count from position masks (bit i = position i), shared by every adjacent scorer:
//   black: target[i] == guess[i]
//   left:  guess[i] == target[i-1]   (bit 0 clear)
//   right: guess[i] == target[i+1]   (bit n-1 clear)
// A left-to-right scan that gives each guess peg its left neighbour when free, else its right one,
// attains the maximum matching: target i-1 can only still be wanted by guess i once guess i-2 is
// done. "Right taken at i" obeys R[i] = r[i] & (!l[i] | R[i-2]), a carry chain with stride 2 that
// is resolved in log steps (Kogge-Stone) instead of a loop over positions.
constexpr int adjacent_grey(std::uint64_t black, std::uint64_t left, std::uint64_t right) {
    const std::uint64_t l = left & ~black & ~(black << 1);   // guess and target i-1 free of black
    const std::uint64_t r = right & ~black & ~(black >> 1);  // guess and target i+1 free of black
    std::uint64_t taken_right = r & ~l;                      // generate
    std::uint64_t propagate = r & l;
    taken_right |= propagate & (taken_right << 2);
    propagate &= propagate << 2;
    taken_right |= propagate & (taken_right << 4);
    propagate &= propagate << 4;
    taken_right |= propagate & (taken_right << 8);
    propagate &= propagate << 8;
    taken_right |= propagate & (taken_right << 16);
    propagate &= propagate << 16;
    taken_right |= propagate & (taken_right << 32);
    const std::uint64_t taken_left = l & ~(taken_right << 2);
    return __builtin_popcountll(taken_left) + __builtin_popcountll(taken_right);
}

}  // namespace mastermind
