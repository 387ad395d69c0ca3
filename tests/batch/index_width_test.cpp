// Secret indices at both widths (position.hpp): a walk with 64-bit indices gives exactly the
// report of the 32-bit walk on games that fit both, for every strategy, whole, by shards and on
// given secrets; and the record strategy plays the 10^10 secrets of 10/10/10, whose indices pass
// 2^32, to the right challenge.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <string>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/position.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

void expect_same_walk(const EvaluationResult& wide, const EvaluationResult& narrow,
                      const std::string& what) {
    EXPECT_EQ(wide.games, narrow.games) << what;
    EXPECT_EQ(wide.failures, narrow.failures)
        << what << (wide.failure_examples.empty() ? "" : ": " + wide.failure_examples[0]);
    EXPECT_EQ(wide.histogram, narrow.histogram) << what;
    EXPECT_EQ(wide.worst_examples, narrow.worst_examples) << what;
    EXPECT_EQ(wide.worst_secrets, narrow.worst_secrets) << what;
    EXPECT_EQ(wide.nodes, narrow.nodes) << what;
    EXPECT_EQ(wide.move_hash, narrow.move_hash) << what;
}

TEST(IndexWidth, SixtyFourBitWalksGiveTheThirtyTwoBitReport) {
    // 4/5/4 has B = P and K = P + 1 (the editorial's strategies play it); 5/6/5 is the same kind,
    // larger (release flavour only: the sanitizers make it the suite's longest unit test).
    BatchParams adjacent{4, 5, 4, 20};
    adjacent.rules = Rules::adjacent;
    std::vector<BatchParams> games{BatchParams{4, 5, 4, 20}, adjacent};
    if (!test_support::kSanitized) games.push_back(BatchParams{5, 6, 5, 20});
    for (const BatchParams& params : games) {
        for (const auto& info : all_strategies()) {
            if (!strategy_refuses(info, params).empty()) continue;
            try {
                info.make(params, 1);
            } catch (const std::invalid_argument&) {
                continue;  // written for another game
            }
            EvaluationOptions options;
            options.params = params;
            options.strategy = &info;
            options.seed = 3;
            options.threads = 2;
            const auto narrow = evaluate_all(options);
            ASSERT_GT(narrow.games, 0u);
            auto wide = options;
            wide.wide_indices = true;
            const auto what = fmt::format("{} on {}/{}/{} {}", info.name, params.pegs,
                                          params.colours, params.batch, to_string(params.rules));
            expect_same_walk(evaluate_all(wide), narrow, what);
            expect_same_walk(evaluate_all_in_shards(wide, 3), narrow, what + ", 3 shards");
            // Given secrets (the strategy enumerates its own sets, as in real play).
            std::vector<std::uint64_t> some;
            Rng rng(7);
            for (int i = 0; i < 40; ++i) some.push_back(rng.below(params.secret_count()));
            expect_same_walk(evaluate_secrets(wide, some), evaluate_secrets(options, some),
                             what + ", given secrets");
        }
    }
}

TEST(IndexWidth, EnumerationAtBothWidthsFindsTheSameSets) {
    const BatchParams params;
    Rng rng(20261202);
    for (int round = 0; round < 3; ++round) {
        const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
        std::vector<QueryRecord> history;
        for (int t = 0; t < 2; ++t)
            history.push_back(
                answered_record(random_distinct_strings(rng, params), secret, params.pegs));
        const auto narrow = secrets_consistent(history, params);
        const auto wide = secrets_consistent<std::uint64_t>(history, params);
        EXPECT_EQ(wide, std::vector<std::uint64_t>(narrow.begin(), narrow.end()));
        const auto first32 = secrets_consistent(std::span(history).first(1), params);
        const auto first64 = secrets_consistent<std::uint64_t>(std::span(history).first(1), params);
        const auto kept =
            filter_secrets(std::span<const std::uint64_t>(first64), history[1], params);
        EXPECT_EQ(kept, wide);
        EXPECT_EQ(filter_secrets(std::span<const std::uint32_t>(first32), history[1], params),
                  narrow);
    }
}

// 10 pegs of 10 colours: 10^10 secrets.
TEST(IndexWidth, TheTenPegGameIsEnumeratedAndPlayedPast2To32) {
    const BatchParams params{10, 10, 10, 20};
    ASSERT_TRUE(wide_indices(params));
    Rng rng(20261202);
    const auto first_test = random_distinct_strings(rng, params);
    for (const std::uint64_t index :
         {std::uint64_t{9'999'999'999}, std::uint64_t{4'294'967'296} + 12345,
          rng.below(params.secret_count())}) {
        const auto secret = PackedCode::from_index(index, params);
        std::vector<QueryRecord> history{answered_record(first_test, secret, params.pegs)};
        const auto position = Position::lazy(params, history);
        ASSERT_TRUE(position.wide());
        EXPECT_THROW(position.consistent(), std::logic_error);
        const auto set = position.visit_consistent(
            [](auto s) { return std::vector<std::uint64_t>(s.begin(), s.end()); });
        EXPECT_TRUE(std::is_sorted(set.begin(), set.end()));
        EXPECT_TRUE(std::binary_search(set.begin(), set.end(), index)) << index;
        for (auto i : set)
            ASSERT_TRUE(
                consistent_with(PackedCode::from_index(i, params), history[0], params.pegs));
    }
    // The record strategy, given secrets whose indices need 64 bits: every game won, the
    // examples named by their true indices.
    EvaluationOptions options;
    options.params = params;
    options.strategy = find_strategy("adaptive-split");
    options.threads = 2;
    const std::vector<std::uint64_t> secrets{9'999'999'999, 4'294'967'296, 4'294'967'295, 0,
                                             1'234'567'890};
    const auto r = evaluate_secrets(options, secrets);
    EXPECT_EQ(r.games, secrets.size());
    EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
    EXPECT_GE(r.worst, 2);
    EXPECT_LE(r.worst, 3);
    for (std::size_t i = 0; i < r.worst_secrets.size(); ++i) {
        EXPECT_EQ(PackedCode::from_index(r.worst_secrets[i], params).to_string(params.pegs),
                  r.worst_examples[i]);
    }
    std::uint64_t most = 0;
    for (auto s : r.worst_secrets) most = std::max(most, s);
    if (r.worst_secrets.size() == secrets.size()) {
        EXPECT_EQ(most, 9'999'999'999u);
    }
}

}  // namespace
}  // namespace mastermind
