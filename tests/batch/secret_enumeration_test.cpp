// The class enumerator against brute force: every secret of small games scanned, and on the
// default game every member checked and the secret itself found.
#include <gtest/gtest.h>

#include <atomic>

#include <algorithm>
#include <vector>

#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

TEST(SecretEnumeration, MatchesAScanOfEverySecret) {
    for (const BatchParams params :
         {BatchParams{4, 5, 4, 20}, BatchParams{5, 6, 5, 20}, BatchParams{6, 4, 3, 20}}) {
        Rng rng(params.pegs * 100 + params.colours);
        for (int round = 0; round < 6; ++round) {
            const auto test = random_distinct_strings(rng, params);
            const auto record = answered_record(
                test, PackedCode::from_index(rng.below(params.secret_count()), params),
                params.pegs);
            std::vector<std::uint32_t> scanned;
            for (std::uint32_t i = 0; i < params.secret_count(); ++i) {
                if (consistent_with(PackedCode::from_index(i, params), record, params.pegs))
                    scanned.push_back(i);
            }
            EXPECT_EQ(secrets_answering(record, params), scanned)
                << "P=" << params.pegs << " round " << round;
        }
    }
}

TEST(SecretEnumeration, FindsTheSecretAndOnlyConsistentOnesOnTheDefaultGame) {
    const BatchParams params;
    Rng rng(20261130);
    for (int round = 0; round < 4; ++round) {
        const auto test = random_distinct_strings(rng, params);
        const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
        const auto record = answered_record(test, secret, params.pegs);
        const auto found = secrets_answering(record, params);
        EXPECT_TRUE(std::is_sorted(found.begin(), found.end()));
        EXPECT_TRUE(std::binary_search(found.begin(), found.end(),
                                       static_cast<std::uint32_t>(secret.index(params))));
        for (auto i : found)
            ASSERT_TRUE(consistent_with(PackedCode::from_index(i, params), record, params.pegs));
        // The filter keeps exactly the members that also answer a second test alike.
        const auto second =
            answered_record(random_distinct_strings(rng, params), secret, params.pegs);
        const auto kept = filter_secrets(found, second, params);
        std::vector<std::uint32_t> expected;
        for (auto i : found) {
            if (consistent_with(PackedCode::from_index(i, params), second, params.pegs))
                expected.push_back(i);
        }
        EXPECT_EQ(kept, expected);
    }
}

// The listing answers to the thread's budget (BudgetScope): a stopped run ends it, whatever the
// strategy that asked; with none set it lists as before.
TEST(SecretEnumeration, TheThreadsBudgetEndsTheListing) {
    const BatchParams params;  // 9/10/9: one test leaves tens of millions
    Rng rng(4);
    const std::vector<QueryRecord> history{answered_record(
        random_distinct_strings(rng, params), PackedCode::from_index(4242, params), params.pegs)};
    std::atomic<bool> stop{true};
    const Budget stopped = Budget::until(stop);
    {
        const BudgetScope scope(stopped);
        EXPECT_THROW(secrets_consistent<std::uint32_t>(history, params), BudgetExhausted);
    }
    // Scoped: out of it, the same thread lists without a budget (a small game, to stay quick).
    const BatchParams small{4, 4, 4, 20};
    const std::vector<QueryRecord> few{answered_record(
        random_distinct_strings(rng, small), PackedCode::from_index(7, small), small.pegs)};
    EXPECT_FALSE(secrets_consistent<std::uint32_t>(few, small).empty());
    EXPECT_FALSE(ambient_budget().limited());
}

TEST(SecretEnumeration, RejectsRecordsItCannotRead) {
    const BatchParams params;
    QueryRecord r{{PackedCode::from_index(1, params)}, {}};
    EXPECT_THROW(secrets_answering(r, params), std::invalid_argument);
}

// Counting without listing: the same number as the list, in both rules and with 16 strings; a
// limit stops it, a spent budget ends it, a scan too large is refused.
TEST(SecretCount, EqualsTheListInBothRulesAndWithSixteenStrings) {
    for (const BatchParams params :
         {BatchParams{4, 5, 4, 20}, BatchParams{5, 4, 3, 20, Rules::adjacent},
          BatchParams{4, 4, 16, 20}}) {
        Rng rng(params.pegs * 10 + params.batch);
        std::vector<QueryRecord> history;
        for (int round = 0; round < 3; ++round) {
            const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
            history.push_back(answered_record(random_distinct_strings(rng, params), secret,
                                              params.pegs, params.rules));
            const auto listed = secrets_consistent(history, params);
            const auto counted = count_consistent(history, params, Budget{}, 1'000'000);
            EXPECT_EQ(counted.count, listed.size())
                << "P=" << params.pegs << " B=" << params.batch << " round " << round;
            EXPECT_FALSE(counted.at_least);
            if (listed.size() > 1) {
                const auto limited = count_consistent(history, params, Budget{}, listed.size() - 1);
                EXPECT_TRUE(limited.at_least);
                EXPECT_EQ(limited.count, listed.size() - 1);
            }
        }
    }
    EXPECT_EQ(count_consistent({}, BatchParams{}, Budget{}, 5).count, 1'000'000'000u);
}

TEST(SecretCount, ASpentBudgetEndsItAndALargeScanIsRefused) {
    const BatchParams params;  // 9/10/9
    Rng rng(3);
    const std::vector<QueryRecord> history{answered_record(
        random_distinct_strings(rng, params), PackedCode::from_index(12345, params), params.pegs)};
    EXPECT_THROW(count_consistent(history, params, Budget::of_seconds(0), 1'000'000'000),
                 BudgetExhausted);
    BatchParams adjacent = params;
    adjacent.rules = Rules::adjacent;
    EXPECT_FALSE(why_not_countable(history, adjacent).empty());
    EXPECT_THROW(count_consistent(history, adjacent, Budget{}, 10), std::invalid_argument);
    EXPECT_THROW(secrets_consistent(history, adjacent), std::invalid_argument);
    EXPECT_TRUE(why_not_countable(history, params).empty());
}

}  // namespace
}  // namespace mastermind
