// evaluate_all divided into shards and merged back: for every strategy that plays the game, under
// both rules, any number of shards gives exactly the report of one run (games, worst case, mean,
// histogram, failures, decision-tree nodes, the move signature and the examples); each shard holds
// whole answer classes of the first test, and the shards together hold every secret once.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <atomic>
#include <string>
#include <vector>

#include "mastermind/batch/evaluator.hpp"

namespace mastermind {
namespace {

void expect_same_report(const EvaluationResult& merged, const EvaluationResult& whole,
                        const std::string& what) {
    EXPECT_EQ(merged.games, whole.games) << what;
    EXPECT_EQ(merged.failures, whole.failures) << what;
    EXPECT_EQ(merged.worst, whole.worst) << what;
    EXPECT_DOUBLE_EQ(merged.mean, whole.mean) << what;
    EXPECT_EQ(merged.histogram, whole.histogram) << what;
    EXPECT_EQ(merged.worst_examples, whole.worst_examples) << what;
    EXPECT_EQ(merged.failure_examples, whole.failure_examples) << what;
    EXPECT_EQ(merged.nodes, whole.nodes) << what;
    EXPECT_EQ(merged.move_hash, whole.move_hash) << what;
}

EvaluationResult merged_run(EvaluationOptions options, int shards) {
    std::vector<EvaluationResult> parts;
    options.shards = shards;
    for (int shard = shards - 1; shard >= 0; --shard) {  // any order
        options.shard = shard;
        parts.push_back(evaluate_all(options));
    }
    return merge_evaluations(parts, options.params, options.examples);
}

// The run's budget (a caller's Ctrl-C, a deadline) ends a walk with BudgetExhausted.
TEST(Shards, TheRunsBudgetEndsTheRun) {
    std::atomic<bool> stop{true};
    EvaluationOptions options;
    options.params = {4, 4, 4, 20};
    options.strategy = find_strategy("consistent");
    options.budget = Budget::until(stop);
    EXPECT_THROW(evaluate_all(options), BudgetExhausted);
    EXPECT_THROW(evaluate_all_in_shards(options, 3), BudgetExhausted);
    EXPECT_THROW(evaluate_secrets(options, {0, 5}), BudgetExhausted);
    stop = false;
    EXPECT_EQ(evaluate_all(options).games, 256u);
}

TEST(Shards, MergedShardsGiveTheWholeRunsReport) {
    for (Rules rules : {Rules::classic, Rules::adjacent}) {
        BatchParams params{4, 5, 4, 20};
        params.rules = rules;
        for (const auto& info : all_strategies()) {
            if (!strategy_refuses(info, params).empty()) continue;
            try {
                info.make(params, 1);
            } catch (const std::invalid_argument&) {
                continue;  // written for another game (case-analysis: 9/10/9)
            }
            EvaluationOptions options;
            options.params = params;
            options.strategy = &info;
            options.seed = 3;
            options.threads = 2;
            const auto whole = evaluate_all(options);
            for (int shards : {1, 2, 3, 7}) {
                const auto what =
                    fmt::format("{} {} rules, {} shards", info.name, to_string(rules), shards);
                expect_same_report(merged_run(options, shards), whole, what);
                expect_same_report(evaluate_all_in_shards(options, shards), whole,
                                   what + ", in turn");
            }
        }
    }
}

TEST(Shards, FailuresAndSmallMaxTestsMergeToo) {
    // Two tests allowed: most games fail, so the failure examples are merged from every shard.
    EvaluationOptions options;
    options.params = BatchParams{4, 5, 4, 2};
    options.strategy = find_strategy("consistent");
    options.examples = 3;
    const auto whole = evaluate_all(options);
    ASSERT_GT(whole.failures, 0u);
    expect_same_report(merged_run(options, 4), whole, "consistent, 2 tests");
}

TEST(Shards, EachShardHoldsItsOwnSecretsOnly) {
    EvaluationOptions options;
    options.params = BatchParams{4, 5, 4, 20};
    options.strategy = find_strategy("adaptive-split");
    options.shards = 4;
    std::uint64_t games = 0;
    for (int shard = 0; shard < 4; ++shard) {
        options.shard = shard;
        const auto part = evaluate_all(options);
        EXPECT_LT(part.games, options.params.secret_count()) << "shard " << shard;
        games += part.games;
    }
    EXPECT_EQ(games, options.params.secret_count());
    options.shard = 4;
    EXPECT_THROW(evaluate_all(options), std::invalid_argument);
    // A strategy that does not play the game is refused by every shard, not only the first.
    options.strategy = find_strategy("case-analysis");
    for (int shard : {0, 1, 3}) {
        options.shard = shard;
        EXPECT_THROW(evaluate_all(options), std::invalid_argument) << "shard " << shard;
    }
    options.strategy = find_strategy("adaptive-split");
    options.shard = -1;
    EXPECT_THROW(evaluate_all(options), std::invalid_argument);
}

TEST(Shards, AMemoryLimitPicksTheFewestShardsThatFit) {
    constexpr std::uint64_t MiB = 1 << 20;
    // 10^9 secrets need about 9 GB: 3 GiB holds a third of them and the process.
    EXPECT_EQ(shards_for_memory(1'000'000'000, 3072 * MiB), 3u);
    EXPECT_EQ(shards_for_memory(1'000'000'000, 16384 * MiB), 1u);
    EXPECT_EQ(shards_for_memory(1'000'000'000, 1024 * MiB), 9u);
    EXPECT_EQ(shards_for_memory(625, 65 * MiB), 1u);
    // The process alone takes kShardOverheadBytes: nothing fits in it.
    EXPECT_EQ(shards_for_memory(1'000'000'000, kShardOverheadBytes), 0u);
    EXPECT_EQ(shards_for_memory(1'000'000'000, 1), 0u);
    // Each shard's share fits in what is left, and one shard fewer would not.
    const std::uint64_t need = std::uint64_t{1'000'000'000} * 9;
    for (std::uint64_t limit : {100 * MiB, 700 * MiB, 5000 * MiB}) {
        const auto shards = shards_for_memory(1'000'000'000, limit);
        ASSERT_GT(shards, 0u);
        const std::uint64_t room = limit - kShardOverheadBytes;
        EXPECT_LE(need, shards * room) << limit / MiB << " MiB";
        EXPECT_GT(need, (shards - 1) * room) << limit / MiB << " MiB: not the fewest";
    }
}

}  // namespace
}  // namespace mastermind
