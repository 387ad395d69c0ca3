// SplitSearch: its exact count against a count by hand, and the annealing's promises (never
// worse than the start, only legal tests, the seed fixes the result, a hard class split).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"
#include "helpers/batch_sets.hpp"

namespace mastermind {
namespace {

std::vector<PackedCode> random_test(Rng& rng, const BatchParams& params) {
    return random_distinct_strings(rng, params);
}

using batch_sets::not_alone_by_hand;
using batch_sets::random_secret_set;

void expect_legal(const std::vector<PackedCode>& test, const std::vector<PackedCode>& avoid,
                  const BatchParams& params) {
    ASSERT_EQ(static_cast<int>(test.size()), params.batch);
    for (std::size_t i = 0; i < test.size(); ++i) {
        EXPECT_LT(test[i].index(params), params.secret_count());
        EXPECT_EQ(std::find(avoid.begin(), avoid.end(), test[i]), avoid.end())
            << "sent before: " << test[i].to_string(params.pegs);
        for (std::size_t j = 0; j < i; ++j)
            EXPECT_NE(test[i], test[j]) << "twice: " << test[i].to_string(params.pegs);
    }
}

TEST(SplitSearch, CountsTheSecretsNotAloneExactly) {
    Rng rng(11);
    for (const BatchParams params :
         {BatchParams{4, 5, 3, 20}, BatchParams{6, 7, 6, 20}, BatchParams{}}) {
        for (int round = 0; round < 6; ++round) {
            const auto set = random_secret_set(rng, params, 1 + rng.below(400));
            const SplitSearch search(params, set, {});
            const auto test = random_test(rng, params);
            EXPECT_EQ(search.not_alone(test), not_alone_by_hand(set, test, params))
                << "P=" << params.pegs;
        }
    }
}

TEST(SplitSearch, NeverWorseThanItsStartAndAlwaysLegal) {
    Rng rng(12);
    for (const BatchParams params : {BatchParams{4, 5, 3, 20}, BatchParams{5, 6, 5, 20}}) {
        for (int round = 0; round < 8; ++round) {
            const auto set = random_secret_set(rng, params, 30 + rng.below(300));
            const auto avoid = random_test(rng, params);
            SplitSearch search(params, set, avoid);
            auto start = random_test(rng, params);
            start.erase(std::remove_if(start.begin(), start.end(),
                                       [&](const PackedCode& c) {
                                           return std::find(avoid.begin(), avoid.end(), c) !=
                                                  avoid.end();
                                       }),
                        start.end());
            if (static_cast<int>(start.size()) != params.batch) continue;
            const auto before = search.not_alone(start);
            const auto r = search.improve(start, rng, 3000, 1);
            EXPECT_LE(r.not_alone, before);
            EXPECT_EQ(r.not_alone, not_alone_by_hand(set, r.test, params));
            EXPECT_LE(r.steps, 3000u);
            expect_legal(r.test, avoid, params);
            if (r.not_alone > 0) {
                EXPECT_EQ(r.steps, 3000u) << "stopped before the budget without splitting";
            }
        }
    }
}

TEST(SplitSearch, StopsAtOnceOnASplitSet) {
    const BatchParams params{5, 6, 5, 20};
    const std::vector<std::uint32_t> set{3, 777, 4000};
    SplitSearch search(params, set, {});
    Rng rng(1);
    std::vector<PackedCode> start;
    for (auto i : set)
        start.push_back(PackedCode::from_index(i, params));  // each secret answers (5, 0) alone
    start.push_back(PackedCode::from_index(1, params));
    start.push_back(PackedCode::from_index(2, params));
    const auto r = search.improve(start, rng, 1000);
    EXPECT_EQ(r.not_alone, 0u);
    EXPECT_EQ(r.steps, 0u);
    EXPECT_EQ(r.test, start);
}

// The second test of the default game: a class of the record strategy's first test that random
// tests leave far from split (about 10% of its secrets not alone), split by the annealing; and
// the same seed gives the same test.
TEST(SplitSearch, SplitsAClassOfTheDefaultGameAndTheSeedFixesTheResult) {
    const BatchParams params;
    const auto first = strategies::adaptive_split_first_test(params, 1);
    const auto members = secrets_answering(
        answered_record(first, *PackedCode::parse("277842684", params), params.pegs), params);
    ASSERT_GT(members.size(), 500u);
    SplitSearch search(params, members, first);
    Rng start_rng(3);
    std::vector<PackedCode> start;
    for (std::size_t i = 0; static_cast<int>(start.size()) < params.batch; ++i) {
        const auto code = PackedCode::from_index(members[i], params);
        if (std::find(first.begin(), first.end(), code) == first.end()) start.push_back(code);
    }
    const auto before = search.not_alone(start);
    EXPECT_GT(before, 20u);
    Rng a(5), b(5);
    const auto ra = search.improve(start, a, 60000);
    const auto rb = search.improve(start, b, 60000);
    EXPECT_EQ(ra.not_alone, 0u) << "from " << before << " not alone, after " << ra.steps
                                << " steps";
    EXPECT_EQ(ra.test, rb.test);
    EXPECT_EQ(ra.steps, rb.steps);
    expect_legal(ra.test, first, params);
}

}  // namespace
}  // namespace mastermind
