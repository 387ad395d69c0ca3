// The search for a first test (batch/first_test_search.hpp): repeatable from its seed, a climb
// that only keeps better tests (without a temperature) and so ends no worse than the best
// candidate, a test given alone judged by its exact figures, and the searches it cannot run.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "mastermind/batch/first_test_search.hpp"

namespace mastermind {
namespace {

FirstTestSearch small_search(std::uint64_t seed) {
    FirstTestSearch s;
    s.params = BatchParams{5, 6, 5, 20};
    s.seed = seed;
    s.candidates = 6;
    s.climb = 300;
    s.stride = 3;
    return s;
}

TEST(FirstTestSearch, IsRepeatableAndClimbsOnlyToBetterTests) {
    std::vector<TestScore> candidates, improved;
    FirstTestEvents events;
    events.candidate = [&](int, const TestScore& s, const std::vector<PackedCode>&) {
        candidates.push_back(s);
    };
    events.improved = [&](int, const TestScore& s, const std::vector<PackedCode>&) {
        improved.push_back(s);
    };
    const auto a = search_first_test(small_search(1), events);
    ASSERT_EQ(candidates.size(), 6u);
    ASSERT_FALSE(improved.empty()) << "300 changes found nothing better";
    TestScore best_candidate = candidates.front();
    for (const auto& c : candidates) {
        if (c.better_than(best_candidate)) best_candidate = c;
    }
    EXPECT_TRUE(improved.front().better_than(best_candidate));
    for (std::size_t i = 1; i < improved.size(); ++i)
        EXPECT_TRUE(improved[i].better_than(improved[i - 1]));
    EXPECT_EQ(a.kept_worse, 0u);  // no temperature: only better tests kept
    EXPECT_EQ(a.best.size(), 5u);
    const auto again = search_first_test(small_search(1));
    EXPECT_EQ(again.best, a.best);
    EXPECT_EQ(again.kept, a.kept);
    EXPECT_NE(search_first_test(small_search(2)).best, a.best);
}

TEST(FirstTestSearch, AnnealingKeepsSomeWorseTests) {
    auto s = small_search(3);
    s.temperature = 0.2;
    s.string_moves = 0.3;
    const auto r = search_first_test(s);
    EXPECT_GT(r.kept_worse, 0u);
    EXPECT_EQ(search_first_test(s).best, r.best);
}

TEST(FirstTestSearch, ATestGivenAloneIsJudgedByItsExactFigures) {
    auto s = small_search(1);
    const auto climbed = search_first_test(s).best;
    s.candidates = 0;
    s.climb = 0;
    s.from = climbed;
    s.criterion = FirstTestCriterion::power;
    TestScore told;
    FirstTestEvents events;
    events.from = [&](const TestScore& score, const std::vector<PackedCode>&) { told = score; };
    const auto r = search_first_test(s, events);
    EXPECT_EQ(r.best, climbed);
    const auto exact = class_statistics(climbed, s.params, s.stride, s.hard_size, s.power);
    EXPECT_EQ(r.exact.classes, exact.classes);
    EXPECT_DOUBLE_EQ(r.score.primary, exact.power_mean);
    EXPECT_DOUBLE_EQ(told.primary, exact.power_mean);
}

TEST(FirstTestSearch, RefusesWhatItCannotRun) {
    auto s = small_search(1);
    EXPECT_EQ(first_test_search_refuses(s), "");
    s.candidates = 0;
    EXPECT_NE(first_test_search_refuses(s).find("--from"), std::string::npos);
    FirstTestSearch big;  // 9/10/9 with stride 1: 10^9 secrets in the sample
    big.stride = 1;
    EXPECT_NE(first_test_search_refuses(big).find("--stride 1"), std::string::npos);
    big.params.batch = 0;
    EXPECT_NE(first_test_search_refuses(big), "");
}

}  // namespace
}  // namespace mastermind
