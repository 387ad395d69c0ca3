// The tally both evaluators share: whatever order the games are counted in and however they are
// divided between threads or shards, the absorbed tally reports the same counts and the same
// examples (the smallest secrets); and both evaluators' reports, failures included, are the same
// with 1 and 2 threads.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <string>
#include <vector>

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/engine/tally.hpp"
#include "mastermind/ordinary/evaluation.hpp"

namespace mastermind {
namespace {

std::string name(std::uint64_t secret) {
    return fmt::format("s{}", secret);
}

// Game g of a made-up run: won in g % 7 moves, or failed when g % 5 == 0.
void count(Tally& t, std::uint64_t g) {
    if (g % 5 == 0)
        t.fail(g, fmt::format("why {}", g % 3));
    else
        t.win(g, static_cast<int>(g % 7));
    t.node();
    t.move(g * 0x9E3779B97F4A7C15ULL);
}

TEST(Tally, KeepsTheSmallestExamplesWhateverTheOrderAndDivision) {
    std::vector<std::uint64_t> games(2000);
    std::iota(games.begin(), games.end(), 0);
    Tally reference(5);
    for (auto g : games) count(reference, g);
    const Report expected = reference.report(name);
    EXPECT_EQ(expected.games, 2000u);
    EXPECT_EQ(expected.failures, 400u);
    EXPECT_EQ(expected.worst, 6);
    EXPECT_EQ(expected.worst_examples,
              (std::vector<std::string>{"s6", "s13", "s27", "s34",
                                        "s41"}));  // 20 % 7 == 6, but 20 failed
    EXPECT_EQ(expected.failure_examples,
              (std::vector<std::string>{"s0: why 0", "s5: why 2", "s10: why 1", "s15: why 0",
                                        "s20: why 2"}));
    Rng rng(20261203);
    for (int trial = 0; trial < 20; ++trial) {
        for (std::size_t i = games.size(); i > 1; --i) std::swap(games[i - 1], games[rng.below(i)]);
        const std::size_t parts = 1 + rng.below(6);
        std::vector<Tally> tallies(parts, Tally(5));
        for (auto g : games) count(tallies[rng.below(parts)], g);
        Tally all(5);
        for (const auto& t : tallies) all.absorb(t);
        const Report r = all.report(name);
        EXPECT_EQ(r.games, expected.games);
        EXPECT_EQ(r.failures, expected.failures);
        EXPECT_EQ(r.histogram, expected.histogram);
        EXPECT_EQ(r.nodes, expected.nodes);
        EXPECT_EQ(r.move_hash, expected.move_hash);
        EXPECT_EQ(r.worst_examples, expected.worst_examples);
        EXPECT_EQ(r.failure_examples, expected.failure_examples);
        // Reports absorbed back (a merge of shards) give the same again.
        Tally merged(5);
        for (const auto& t : tallies) merged.absorb(t.report(name));
        EXPECT_EQ(merged.report(name).failure_examples, expected.failure_examples);
        EXPECT_EQ(merged.report(name).worst_examples, expected.worst_examples);
    }
}

TEST(Tally, NoExamplesWhenNoneAreAsked) {
    Tally t(0);
    count(t, 5);
    count(t, 6);
    const Report r = t.report(name);
    EXPECT_EQ(r.games, 2u);
    EXPECT_TRUE(r.failure_examples.empty());
    EXPECT_TRUE(r.worst_examples.empty());
}

// The ordinary game's walk splits sets of 512 codes and more in parallel: with a guess limit too
// small for most games, each thread meets failures in its own order.
TEST(Tally, OrdinaryFailureExamplesAreTheSameWithOneAndTwoThreads) {
    const CodeSpace space(Rules::classic, 4, 6);
    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("knuth");
    ASSERT_NE(options.codebreaker, nullptr);
    options.max_guesses = 3;
    options.examples = 8;
    std::vector<OrdinaryEvaluation> runs;
    for (int threads : {1, 2, 2, 1, 2}) {
        options.threads = threads;
        runs.push_back(evaluate_ordinary_all(space, options));
    }
    ASSERT_GT(runs[0].failures, 1000u);
    ASSERT_EQ(runs[0].failure_examples.size(), 8u);
    for (const auto& r : runs) {
        EXPECT_EQ(r.failure_examples, runs[0].failure_examples);
        EXPECT_EQ(r.worst_examples, runs[0].worst_examples);
        EXPECT_EQ(r.histogram, runs[0].histogram);
    }
    // The smallest failed secrets: every failure listed (examples above their number) begins
    // with the eight.
    options.examples = 2000;
    options.threads = 2;
    const auto all = evaluate_ordinary_all(space, options);
    ASSERT_EQ(all.failure_examples.size(), all.failures);
    EXPECT_TRUE(std::equal(runs[0].failure_examples.begin(), runs[0].failure_examples.end(),
                           all.failure_examples.begin()));
    EXPECT_TRUE(std::is_sorted(all.failed_secrets.begin(), all.failed_secrets.end()));
    // Real play of given secrets (one game each, in parallel) too.
    std::vector<std::uint32_t> secrets(space.size());
    std::iota(secrets.begin(), secrets.end(), 0u);
    std::reverse(secrets.begin(), secrets.end());
    options.examples = 8;
    for (int threads : {1, 2}) {
        options.threads = threads;
        EXPECT_EQ(evaluate_ordinary_games(space, options, secrets).failure_examples,
                  runs[0].failure_examples)
            << threads;
    }
}

// The batch walk splits groups of 2^16 secrets and more in parallel: 8^6 secrets, and tests left
// for few of the games.
TEST(Tally, BatchFailureExamplesAreTheSameWithOneAndTwoThreads) {
    EvaluationOptions options;
    options.params = BatchParams{6, 8, 2, 2};
    options.strategy = find_strategy("consistent");
    ASSERT_NE(options.strategy, nullptr);
    options.examples = 8;
    std::vector<EvaluationResult> runs;
    for (int threads : {1, 2, 2}) {
        options.threads = threads;
        runs.push_back(evaluate_all(options));
    }
    ASSERT_GT(runs[0].failures, 100000u);
    for (const auto& r : runs) {
        EXPECT_EQ(r.failure_examples, runs[0].failure_examples);
        EXPECT_EQ(r.worst_examples, runs[0].worst_examples);
        EXPECT_EQ(r.move_hash, runs[0].move_hash);
    }
    EXPECT_TRUE(std::is_sorted(runs[0].failed_secrets.begin(), runs[0].failed_secrets.end()));
    ASSERT_EQ(runs[0].failed_secrets.size(), 8u);
}

}  // namespace
}  // namespace mastermind
