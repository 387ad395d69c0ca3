// The search for a first test (batch/first_test_search.hpp): repeatable from its seed, a climb
// that only keeps better tests (without a temperature) and so ends no worse than the best
// candidate, a test given alone judged by its exact figures, and the searches it cannot run.
#include <gtest/gtest.h>

#include <stdexcept>
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

TEST(FirstTestSearch, AClimbResumedFromItsCheckpointEndsAsOneNeverStopped) {
    auto s = small_search(4);
    s.temperature = 0.2;
    s.string_moves = 0.3;
    std::vector<FirstTestClimbState> states;
    FirstTestEvents events;
    events.checkpoint_every = 100;
    events.checkpoint = [&](const FirstTestClimbState& state) { states.push_back(state); };
    const auto whole = search_first_test(s, events);
    ASSERT_EQ(states.size(), 3u);  // at steps 100 and 200, and the end
    EXPECT_EQ(states[0].step, 100);
    EXPECT_EQ(states[2].step, 300);
    EXPECT_EQ(states[2].best, whole.best);
    EXPECT_EQ(states[2].kept, whole.kept);
    ASSERT_GT(whole.kept_worse, 0u);  // the draws of the annealing were put to the test
    for (const auto& state : {states[0], states[1]}) {
        std::vector<FirstTestClimbState> later;
        FirstTestEvents resumed_events = events;
        resumed_events.checkpoint = [&](const FirstTestClimbState& st) { later.push_back(st); };
        const auto resumed = search_first_test(s, resumed_events, &state);
        EXPECT_EQ(resumed.best, whole.best) << "from step " << state.step;
        EXPECT_EQ(resumed.kept, whole.kept);
        EXPECT_EQ(resumed.kept_worse, whole.kept_worse);
        EXPECT_EQ(resumed.score.primary, whole.score.primary);
        ASSERT_FALSE(later.empty());
        EXPECT_EQ(later.back(), states.back());
    }
    // A state whose generator is not one is refused.
    auto broken = states[0];
    broken.rng = "not a state";
    EXPECT_THROW(search_first_test(s, events, &broken), std::invalid_argument);
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
