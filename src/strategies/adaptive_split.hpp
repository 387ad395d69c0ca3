// The record strategy: one fixed first test, then for every set of secrets still possible the
// test (searched among seeded candidates) that leaves the most of them alone in their answer
// class. On the 9/10/9 game every game ends after at most 3 tests (docs/strategies.md).
#pragma once

#include <memory>

#include "mastermind/strategies/strategy.hpp"

namespace mastermind::strategies {

// How hard the search for each test tries.
struct SplitBudget {
    // Candidates tried for the second test (the one that settles the most secrets is sent).
    int second_tries = 8;
    // Then single-string changes tried on the best of them (kept when better): on a sample of
    // 20,000 secrets, 8 + 88 left 67 secrets for a third test where 96 candidates left 175.
    int second_climb = 120;
    // Later tests: candidates tried until one separates every secret left, at most this many.
    int last_tries = 4096;
};

std::unique_ptr<Strategy> make_adaptive_split(const BatchParams& params, std::uint64_t seed,
                                              const SplitBudget& budget = {});

// The first test: compiled in for the 9/10/9 game (see docs/strategies.md for how it was
// chosen), seeded random strings for other games.
std::vector<PackedCode> adaptive_split_first_test(const BatchParams& params, std::uint64_t seed);

}  // namespace mastermind::strategies
