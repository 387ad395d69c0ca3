// The record strategy: one fixed first test; then, for the answer class it leaves, a second test
// from the table found offline (second_tests.hpp) or searched at play time (seeded candidates,
// then SplitSearch's annealing) to leave every secret alone; later tests among seeded candidates.
// On the 9/10/9 game every game ends after at most 3 tests (docs/strategies.md).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "mastermind/batch/second_tests.hpp"
#include "mastermind/batch/strategy.hpp"

namespace mastermind::strategies {

// How hard the search for each test tries.
struct SplitBudget {
    // Candidates tried for the second test (the one that settles the most secrets is sent).
    int second_tries = 8;
    // Then moves of the annealing search (SplitSearch) from the best of them, at most this many:
    // the balance of time against secrets left for a third test. On one shard of the 10^9
    // secrets, 20,000 moves leave fewer of them but take half as long again, and a climb that
    // scores the whole test at each step leaves over ten times as many in more time
    // (docs/strategies.md, "The second test").
    std::uint64_t second_steps = 5000;
    // ... and at most this many member scorings in all (a move scores every member of the set
    // against one string): classes of more than 40,000 secrets get fewer moves. Those of 9/10/9
    // (at most 5,420) and of 10/10/10 (about 18,000 at most) never meet it; a random first test
    // on a game like 12/16/15 leaves classes of millions, whose 5,000 moves would take many
    // minutes.
    std::uint64_t second_work = 200'000'000;
    // Later tests: candidates tried until one separates every secret left, at most this many.
    int last_tries = 4096;
};

// The offline pass (`mastermind second-tests`): when the play-time search leaves secrets of a
// class not alone, search on for `steps` more moves (`restarts` + 1 runs), play the better test
// and tell `found`. The compiled table is not consulted then (the pass remakes it).
struct OfflineSecondTests {
    std::uint64_t steps = 0;
    int restarts = 0;
    std::function<void(const SecondTestEntry& found, std::size_t play_not_alone)> found;
    // When not empty, it replaces the strategy's own first test: the pass for a candidate first
    // test runs before that test is compiled in.
    std::vector<PackedCode> first_test;
};

// `offline`, when given, must outlive the strategy; so must `table` (second tests found offline,
// sorted by class key), which by default is the compiled one on the 9/10/9 game and none
// elsewhere (or when `offline` is given).
std::unique_ptr<Strategy> make_adaptive_split(
    const BatchParams& params, std::uint64_t seed, const SplitBudget& budget = {},
    const OfflineSecondTests* offline = nullptr,
    std::optional<std::span<const SecondTestEntry>> table = std::nullopt);

// The first test: compiled in for the 9/10/9 and 10/10/10 games (see docs/strategies.md and
// docs/results.md for how they were chosen), seeded random strings for other games.
std::vector<PackedCode> adaptive_split_first_test(const BatchParams& params, std::uint64_t seed);

}  // namespace mastermind::strategies
