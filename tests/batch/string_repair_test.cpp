// StringRepair: its verdict against every string tried by hand on small games (a string found
// exactly when one exists, and that string splits the class; with a bound, exactly when one
// leaves at most that many not alone), and a budget that ends it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <utility>
#include <vector>

#include "helpers/batch_sets.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/batch/string_repair.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

using batch_sets::random_secret_set;

bool splits(const std::vector<std::uint32_t>& set, const std::vector<PackedCode>& test,
            const BatchParams& params) {
    return batch_sets::not_alone_by_hand(set, test, params) == 0;
}

// Every string of the game allowed in place of string j (not avoided, not one of the test's
// others): `visit` sees the test with it in place and returns true to stop; whether one did.
template <class Visit>
bool any_replacement(std::vector<PackedCode> test, std::size_t j,
                     const std::vector<PackedCode>& avoid, const BatchParams& params, Visit visit) {
    for (std::uint64_t i = 0; i < params.secret_count(); ++i) {
        const auto x = PackedCode::from_index(i, params);
        if (std::find(avoid.begin(), avoid.end(), x) != avoid.end()) continue;
        bool repeated = false;
        for (std::size_t k = 0; k < test.size(); ++k) repeated |= k != j && test[k] == x;
        if (repeated) continue;
        test[j] = x;
        if (visit(test)) return true;
    }
    return false;
}

// Whether some string splits the set in place of string j.
bool some_string_splits(const std::vector<std::uint32_t>& set, std::vector<PackedCode> test,
                        std::size_t j, const std::vector<PackedCode>& avoid,
                        const BatchParams& params) {
    return any_replacement(
        std::move(test), j, avoid, params,
        [&](const std::vector<PackedCode>& t) { return splits(set, t, params); });
}

// A random class of `size` secrets, a test of B distinct strings, one avoided string and a string
// j to replace.
struct RepairCase {
    std::vector<std::uint32_t> set;
    std::vector<PackedCode> test, avoid;
    std::size_t j = 0;
};
RepairCase random_case(Rng& rng, const BatchParams& params, std::uint64_t size) {
    RepairCase c;
    c.set = random_secret_set(rng, params, size);
    c.test = random_distinct_strings(rng, params);
    c.avoid = {PackedCode::from_index(rng.below(params.secret_count()), params)};
    c.j = static_cast<std::size_t>(rng.below(c.test.size()));
    return c;
}

TEST(StringRepair, FindsAStringExactlyWhenOneExists) {
    Rng rng(5);
    int found = 0, refuted = 0, lazy = 0;
    for (const BatchParams params : {BatchParams{4, 5, 3, 20}, BatchParams{3, 6, 4, 20}}) {
        for (int round = 0; round < 24; ++round) {
            const auto [set, test, avoid, j] = random_case(rng, params, 10 + rng.below(30));
            const StringRepair repair(params, set, avoid);
            const auto outcome = repair.replace(test, j);
            const bool exists = some_string_splits(set, test, j, avoid, params);
            ASSERT_NE(outcome.verdict, RepairOutcome::Verdict::unknown);
            EXPECT_EQ(outcome.verdict == RepairOutcome::Verdict::split, exists)
                << "set of " << set.size() << ", string " << j;
            lazy += outcome.rounds > 1;
            if (outcome.verdict == RepairOutcome::Verdict::split) {
                ++found;
                auto repaired = test;
                repaired[j] = outcome.string;
                EXPECT_TRUE(splits(set, repaired, params));
                EXPECT_EQ(std::find(avoid.begin(), avoid.end(), outcome.string), avoid.end());
            } else {
                ++refuted;
            }
        }
    }
    // Both verdicts were put to the test, and sets added after a model broke them.
    EXPECT_GT(found, 5);
    EXPECT_GT(refuted, 5);
    EXPECT_GT(lazy, 5);
}

// Whether some pair of strings splits the set in place of strings j and k: every pair tried.
bool some_pair_splits(const std::vector<std::uint32_t>& set, std::vector<PackedCode> test,
                      std::size_t j, std::size_t k, const std::vector<PackedCode>& avoid,
                      const BatchParams& params) {
    auto allowed = [&](const PackedCode& x) {
        if (std::find(avoid.begin(), avoid.end(), x) != avoid.end()) return false;
        for (std::size_t i = 0; i < test.size(); ++i)
            if (i != j && i != k && test[i] == x) return false;
        return true;
    };
    for (std::uint64_t a = 0; a < params.secret_count(); ++a) {
        test[j] = PackedCode::from_index(a, params);
        if (!allowed(test[j])) continue;
        for (std::uint64_t b = 0; b < params.secret_count(); ++b) {
            test[k] = PackedCode::from_index(b, params);
            if (a == b || !allowed(test[k])) continue;
            if (splits(set, test, params)) return true;
        }
    }
    return false;
}

TEST(StringRepair, FindsTwoStringsExactlyWhenTheyExist) {
    Rng rng(6);
    int found = 0, refuted = 0;
    const BatchParams params{3, 4, 3, 20};
    for (int round = 0; round < 30; ++round) {
        const auto set = random_secret_set(rng, params, 16 + rng.below(24));
        const auto test = random_distinct_strings(rng, params);
        const std::vector<PackedCode> avoid{
            PackedCode::from_index(rng.below(params.secret_count()), params)};
        const StringRepair repair(params, set, avoid);
        const std::size_t j = rng.below(test.size()), k = (j + 1 + rng.below(2)) % 3;
        const std::array<std::size_t, 2> free{j, k};
        const auto outcome = repair.replace(test, std::span<const std::size_t>(free));
        ASSERT_NE(outcome.verdict, RepairOutcome::Verdict::unknown);
        EXPECT_EQ(outcome.verdict == RepairOutcome::Verdict::split,
                  some_pair_splits(set, test, j, k, avoid, params))
            << "set of " << set.size() << ", strings " << j << " and " << k;
        if (outcome.verdict == RepairOutcome::Verdict::split) {
            ++found;
            auto repaired = test;
            repaired[j] = outcome.strings[0];
            repaired[k] = outcome.strings[1];
            EXPECT_TRUE(splits(set, repaired, params));
            EXPECT_NE(outcome.strings[0], outcome.strings[1]);
        } else {
            ++refuted;
        }
    }
    EXPECT_GT(found, 5);
    EXPECT_GT(refuted, 5);
}

// The fewest secrets not alone any string leaves in place of string j.
std::size_t fewest_not_alone(const std::vector<std::uint32_t>& set, std::vector<PackedCode> test,
                             std::size_t j, const std::vector<PackedCode>& avoid,
                             const BatchParams& params) {
    std::size_t best = set.size();
    any_replacement(std::move(test), j, avoid, params, [&](const std::vector<PackedCode>& t) {
        best = std::min(best, batch_sets::not_alone_by_hand(set, t, params));
        return false;
    });
    return best;
}

TEST(StringRepair, FindsAStringLeavingFewEnoughExactlyWhenOneExists) {
    // With a bound N, a string is found exactly when some string leaves at most N secrets not
    // alone, and the one found does.
    Rng rng(7);
    int found = 0, refuted = 0, reduced = 0;
    for (const BatchParams params : {BatchParams{4, 5, 3, 20}, BatchParams{3, 6, 4, 20}}) {
        for (int round = 0; round < 24; ++round) {
            const auto [set, test, avoid, j] = random_case(rng, params, 20 + rng.below(40));
            const StringRepair repair(params, set, avoid);
            const auto least = fewest_not_alone(set, test, j, avoid, params);
            // Around the least, so that both verdicts come up.
            const std::size_t bound = std::max<std::size_t>(2, least + rng.below(3)) - 1;
            const auto outcome = repair.replace(test, j, -1, bound);
            ASSERT_NE(outcome.verdict, RepairOutcome::Verdict::unknown);
            EXPECT_EQ(outcome.found(), least <= bound)
                << "set of " << set.size() << ", string " << j << ", at most " << bound;
            if (!outcome.found()) {
                ++refuted;
                continue;
            }
            ++found;
            auto repaired = test;
            repaired[j] = outcome.string;
            const auto crowd = batch_sets::not_alone_by_hand(set, repaired, params);
            EXPECT_EQ(crowd, outcome.not_alone);
            EXPECT_LE(crowd, bound);
            EXPECT_EQ(outcome.verdict == RepairOutcome::Verdict::split, crowd == 0);
            reduced += outcome.verdict == RepairOutcome::Verdict::reduced;
        }
    }
    EXPECT_GT(found, 5);
    EXPECT_GT(refuted, 5);
    EXPECT_GT(reduced, 3);
}

TEST(StringRepair, FindsAStringWhereTheSpoiledOneSplit) {
    // A split class with one string spoiled: the solver finds a string again (the spoiled one's
    // old string is a witness).
    Rng rng(8);
    const BatchParams params{6, 7, 6, 20};
    int tried = 0;
    for (int round = 0; round < 200 && tried < 3; ++round) {
        const auto set = random_secret_set(rng, params, 40);
        auto test = random_distinct_strings(rng, params);
        if (!splits(set, test, params)) continue;
        ++tried;
        const auto spoiled = random_distinct_strings(rng, params)[0];
        if (std::find(test.begin(), test.end(), spoiled) != test.end()) continue;
        test[2] = spoiled;
        const StringRepair repair(params, set, {});
        EXPECT_EQ(repair.replace(test, 2).verdict, RepairOutcome::Verdict::split);
    }
    EXPECT_EQ(tried, 3);
}

TEST(StringRepair, AnExhaustedBudgetEndsIt) {
    Rng rng(9);
    const BatchParams params{6, 7, 6, 20};
    const auto set = random_secret_set(rng, params, 400);
    const auto test = random_distinct_strings(rng, params);
    const StringRepair repair(params, set, {});
    const auto budget = Budget::of_seconds(0);
    const BudgetScope scope(budget);
    EXPECT_EQ(repair.replace(test, 0).verdict, RepairOutcome::Verdict::unknown);
}

}  // namespace
}  // namespace mastermind
