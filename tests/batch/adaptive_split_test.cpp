// The record strategy: every secret of small games, the real-play path (enumerating classes)
// against the evaluator's (given classes), and a sample of the default game within 3 tests.
#include <gtest/gtest.h>

#include <numeric>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

EvaluationOptions options_for(BatchParams params, std::uint64_t seed = 1) {
    EvaluationOptions o;
    o.params = params;
    o.strategy = find_strategy("adaptive-split");
    o.seed = seed;
    return o;
}

TEST(AdaptiveSplit, WinsEveryGameOfSmallGamesWithin3Tests) {
    for (const BatchParams params : {BatchParams{5, 6, 5, 20}, BatchParams{6, 7, 6, 20}}) {
        const auto r = evaluate_all(options_for(params));
        EXPECT_EQ(r.games, params.secret_count());
        EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
        EXPECT_LE(r.worst, 3) << "P=" << params.pegs;
        EXPECT_LT(r.mean, 2.1);
    }
}

// The annealing's work cap: a budget of no member scorings anneals nothing (the same tree as no
// moves at all), and one the classes never reach changes nothing.
TEST(AdaptiveSplit, TheSecondTestsWorkCapBoundsTheAnnealing) {
    const BatchParams params{5, 6, 5, 20};
    auto with = [&](strategies::SplitBudget budget) {
        StrategyInfo info{"adaptive-split", "", [budget](const BatchParams& p, std::uint64_t seed) {
                              return strategies::make_adaptive_split(p, seed, budget);
                          }};
        auto o = options_for(params, 3);
        o.strategy = &info;
        return evaluate_all(o);
    };
    strategies::SplitBudget no_work, no_steps, roomy;
    no_work.second_work = 0;
    no_steps.second_steps = 0;
    roomy.second_work = std::uint64_t{1} << 40;
    const auto defaults = with({});
    EXPECT_EQ(with(no_work).move_hash, with(no_steps).move_hash);
    EXPECT_NE(with(no_work).move_hash, defaults.move_hash)
        << "the annealing changed no move: the test shows nothing";
    EXPECT_EQ(with(roomy).move_hash, defaults.move_hash);
    EXPECT_EQ(with(no_work).failures, 0u);
}

// In a real game the strategy enumerates each class itself; the moves must be the ones the
// exhaustive walk (which hands it the class) proved.
TEST(AdaptiveSplit, RealPlayMakesTheMovesTheWalkProved) {
    const BatchParams params{5, 6, 5, 20};
    for (std::uint64_t seed : {1u, 2u}) {
        const auto options = options_for(params, seed);
        std::vector<std::uint64_t> every(params.secret_count());
        std::iota(every.begin(), every.end(), std::uint64_t{0});
        const auto walked = evaluate_all(options);
        const auto played = evaluate_secrets(options, every);
        EXPECT_EQ(walked.histogram, played.histogram);
        EXPECT_EQ(walked.worst_examples, played.worst_examples);
        EXPECT_EQ(played.failures, 0u);
    }
}

TEST(AdaptiveSplit, TheSeedChangesTheTreeButNotTheBound) {
    const BatchParams params{5, 6, 5, 20};
    const auto a = evaluate_all(options_for(params, 1));
    const auto b = evaluate_all(options_for(params, 9));
    EXPECT_NE(a.histogram, b.histogram);
    EXPECT_LE(std::max(a.worst, b.worst), 3);
}

TEST(AdaptiveSplit, DefaultGameSampleWithin3Tests) {
    const BatchParams params;
    auto options = options_for(params);
    Rng rng(20261130);
    std::vector<std::uint64_t> secrets;
    // 20 under the sanitizers: each class anneals its second test, 10x slower there.
    for (int i = 0; i < (test_support::kSanitized ? 20 : 60); ++i)
        secrets.push_back(rng.below(params.secret_count()));
    secrets.push_back(0);          // 000000000
    secrets.push_back(999999999);  // 999999999
    const auto r = evaluate_secrets(options, secrets);
    EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
    EXPECT_LE(r.worst, 3);
    EXPECT_GE(r.worst, 2);
}

// The bucketed split of huge groups must give the tree the per-chunk and small splits give.
TEST(Evaluator, BucketedSplitGivesTheSameTree) {
    for (const char* name : {"adaptive-split", "counts-then-locate"}) {
        EvaluationOptions o;
        o.params = {5, 6, 5, 20};
        o.strategy = find_strategy(name);
        const auto plain = evaluate_all(o);
        o.bucketed_split_from = 2;
        const auto bucketed = evaluate_all(o);
        EXPECT_EQ(plain.histogram, bucketed.histogram) << name;
        EXPECT_EQ(plain.nodes, bucketed.nodes) << name;
        EXPECT_EQ(plain.worst_examples, bucketed.worst_examples) << name;
        EXPECT_EQ(bucketed.failures, 0u) << name;
    }
}

TEST(AnswerKey, CompactFormIsExact) {
    const BatchParams params;
    Rng rng(5);
    for (int round = 0; round < 2000; ++round) {
        const int batch = 1 + static_cast<int>(rng.below(10));
        std::vector<HitBlow> answers;
        for (int i = 0; i < batch; ++i) {
            const auto sum = static_cast<std::uint8_t>(rng.below(10));
            const auto hit = static_cast<std::uint8_t>(rng.below(sum + 1u));
            answers.push_back({hit, static_cast<std::uint8_t>(sum - hit)});
        }
        const auto key = make_answer_key(answers, params);
        ASSERT_EQ(expand_compact_key(compact_key(key), batch), key);
        auto changed = answers;
        changed[0].hit = static_cast<std::uint8_t>((changed[0].hit + 1) % 10);
        if (changed[0].hit + changed[0].blow > 9) changed[0].blow = 0;
        if (make_answer_key(changed, params) != key) {
            ASSERT_NE(compact_key(make_answer_key(changed, params)), compact_key(key));
        }
    }
}

}  // namespace
}  // namespace mastermind
