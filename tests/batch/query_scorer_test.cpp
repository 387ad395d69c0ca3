// The all-strings-at-once scorer against one-string-at-a-time scoring, and the answer keys.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

void check_random_tests(const BatchParams& params, int tests, int secrets_per_test) {
    Rng rng(params.pegs * 100 + params.batch);
    for (int t = 0; t < tests; ++t) {
        std::vector<PackedCode> strings;
        for (int i = 0; i < params.batch; ++i)
            strings.push_back(PackedCode::from_index(rng.below(params.secret_count()), params));
        const QueryScorer scorer(strings, params);
        for (int s = 0; s < secrets_per_test; ++s) {
            auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
            if (s == 0) secret = strings[0];  // a hit of every peg too
            std::vector<HitBlow> expected;
            for (const auto& str : strings) expected.push_back(secret.score(str, params.pegs));
            std::uint64_t hits = 0, common = 0;
            std::vector<std::uint8_t> digits;
            for (int p = 0; p < params.pegs; ++p)
                digits.push_back(static_cast<std::uint8_t>(secret.peg(p)));
            scorer.lanes(digits.data(), hits, common);
            for (int i = 0; i < params.batch; ++i) {
                ASSERT_EQ(static_cast<int>(hits >> (4 * i) & 0xF),
                          expected[static_cast<std::size_t>(i)].hit);
                ASSERT_EQ(static_cast<int>(common >> (4 * i) & 0xF),
                          expected[static_cast<std::size_t>(i)].hit +
                              expected[static_cast<std::size_t>(i)].blow);
            }
            const auto key = scorer.key(secret);
            ASSERT_EQ(key, make_answer_key(expected, params));
            std::sort(expected.begin(), expected.end());
            ASSERT_EQ(answers_from_key(key, params, params.batch), expected);
        }
    }
}

TEST(QueryScorer, MatchesOneStringAtATimeOnTheDefaultGame) {
    check_random_tests(BatchParams{}, 200, 500);
}
TEST(QueryScorer, MatchesOnTheLargestGames) {
    check_random_tests(BatchParams{12, 16, 16, 20}, 100, 300);
}
TEST(QueryScorer, MatchesOnSmallGames) {
    check_random_tests(BatchParams{4, 6, 4, 20}, 100, 300);
}
// 10 pegs: the counting key without lanes for (9, 1) and (10, 0) (a secret that is one of the
// strings answers (10, 0) to it: the first secret of every test).
TEST(QueryScorer, MatchesOnTenPegs) {
    check_random_tests(BatchParams{10, 10, 10, 20}, 200, 300);
    check_random_tests(BatchParams{10, 4, 15, 20}, 100, 300);
}

TEST(AnswerKey, TenPegKeysAreExactWithoutALaneFor10Hits) {
    const BatchParams p{10, 10, 3, 20};
    const std::vector<HitBlow> all{{10, 0}, {10, 0}, {10, 0}}, none{{0, 0}, {0, 0}, {0, 0}},
        one{{10, 0}, {0, 0}, {0, 0}}, two{{10, 0}, {10, 0}, {0, 0}},
        mixed{{8, 2}, {10, 0}, {0, 10}};
    const std::vector<std::vector<HitBlow>> sets{all, none, one, two, mixed};
    for (std::size_t i = 0; i < sets.size(); ++i) {
        auto sorted = sets[i];
        std::sort(sorted.begin(), sorted.end());
        EXPECT_EQ(answers_from_key(make_answer_key(sets[i], p), p, 3), sorted) << i;
        for (std::size_t j = 0; j < i; ++j)
            EXPECT_NE(make_answer_key(sets[i], p), make_answer_key(sets[j], p)) << i << " " << j;
    }
    EXPECT_THROW(make_answer_key(std::vector<HitBlow>{{9, 1}, {0, 0}, {0, 0}}, p),
                 std::invalid_argument);
}

TEST(AnswerKey, IgnoresOrderAndSeparatesMultisets) {
    const BatchParams p{4, 6, 3, 20};
    const std::vector<HitBlow> a{{1, 0}, {0, 2}, {1, 0}}, b{{0, 2}, {1, 0}, {1, 0}},
        c{{0, 2}, {0, 2}, {1, 0}};
    EXPECT_EQ(make_answer_key(a, p), make_answer_key(b, p));
    EXPECT_NE(make_answer_key(a, p), make_answer_key(c, p));
}

}  // namespace
}  // namespace mastermind
