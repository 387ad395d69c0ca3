// Batch Style Mastermind: the parameters of a game and how its codes are written.
//
// A secret is P pegs over K colours written with the symbols 0-9 then A-F; each test sends B
// distinct strings at once and gets their B (hit, blow) pairs back shuffled; at most M tests, then
// one challenge. The original problem is P=9, K=10, B=9, M=20.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "mastermind/core/scoring.hpp"

namespace mastermind {

struct BatchParams {
    int pegs = 9;        // P
    int colours = 10;    // K
    int batch = 9;       // B
    int max_tests = 20;  // M
    // classic: (hit, blow) answers; adjacent: (black, grey, white), grey as in scoring.hpp.
    Rules rules = Rules::classic;

    static constexpr int kMaxPegs = 12;
    static constexpr int kMaxColours = 16;
    static constexpr int kMaxBatch = 16;
    static constexpr int kMaxTests = 1000;
    static constexpr std::string_view kSymbols = "0123456789ABCDEF";

    // Empty if the parameters are supported, else what is wrong.
    std::string validate() const;
    // K^P, the number of possible secrets.
    std::uint64_t secret_count() const;

    friend bool operator==(const BatchParams&, const BatchParams&) = default;
};

}  // namespace mastermind
