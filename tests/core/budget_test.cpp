// The budget of one piece of work: deadline and stop flag, and the searches that ask it (the exact
// search gives up, and answers the same position afterwards as a search that never gave up).
#include <gtest/gtest.h>

#include <atomic>
#include <string>

#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind {
namespace {

TEST(Budget, UnlimitedByDefault) {
    const Budget b;
    EXPECT_FALSE(b.limited());
    EXPECT_FALSE(b.exhausted());
    EXPECT_NO_THROW(b.check("work"));
}

TEST(Budget, DeadlineAndStopFlag) {
    EXPECT_TRUE(Budget::of_seconds(0).exhausted());
    EXPECT_FALSE(Budget::of_seconds(3600).exhausted());
    EXPECT_EQ(Budget::of_seconds(2).seconds(), 2.0);
    std::atomic<bool> stop{false};
    const Budget flagged = Budget::until(stop);
    EXPECT_FALSE(flagged.exhausted());
    stop = true;
    EXPECT_TRUE(flagged.exhausted());
    EXPECT_TRUE(Budget::of_seconds(3600, &stop).exhausted());
    try {
        Budget::of_seconds(0).check("the search");
        FAIL() << "no throw";
    } catch (const BudgetExhausted& e) {
        EXPECT_STREQ(e.what(), "the search gave up after its budget of 0 s");
    }
    try {
        flagged.check("the search");
        FAIL() << "no throw";
    } catch (const BudgetExhausted& e) {
        EXPECT_STREQ(e.what(), "the search was stopped");
    }
}

TEST(Budget, AtMostKeepsTheFlagAndTheEarlierDeadline) {
    std::atomic<bool> stop{false};
    const Budget flagged = Budget::until(stop);
    const Budget step = flagged.at_most(3600);
    EXPECT_EQ(step.seconds(), 3600.0);
    EXPECT_FALSE(step.exhausted());
    stop = true;
    EXPECT_TRUE(step.exhausted()) << "the flag is kept";
    // The earlier of the two deadlines.
    EXPECT_EQ(Budget::of_seconds(2).at_most(3600).seconds(), 2.0);
    EXPECT_EQ(Budget::of_seconds(3600).at_most(2).seconds(), 2.0);
    EXPECT_TRUE(Budget::of_seconds(3600).at_most(0).exhausted());
    EXPECT_TRUE(Budget::of_seconds(0).at_most(3600).exhausted());
    EXPECT_FALSE(Budget{}.at_most(3600).exhausted());
}

// A search of the whole game whose stop flag is already set gives up at once: it throws, having
// scored fewer guesses than the two-level bound of the game does (which a search that ignored
// the flag until after its first steps would have).
void expect_stops_at_once(const CodeSpace& space, OptimalSearch& search) {
    std::atomic<bool> stop{true};
    EXPECT_THROW(search.solve({}, all_codes(space), OptimalSearch::kUnbounded, Budget::until(stop)),
                 BudgetExhausted);
    OptimalSearch bound_alone(space);
    bound_alone.lower_bound({}, all_codes(space), OptimalSearch::kUnbounded, 2);
    EXPECT_LT(search.stats().guesses_scored, bound_alone.stats().guesses_scored);
}

TEST(OptimalSearch, ABudgetStoppedDuringTheToldBoundStopsTheSearch) {
    // With progress, the bound told before the search runs under the search's budget: a stop
    // flag already set ends the search there, not after a second of bounding.
    const CodeSpace space(Rules::classic, 4, 6);
    OptimalSearchOptions options;
    options.progress = [](const std::string&) {};
    options.prelude_seconds = 3600;
    OptimalSearch search(space, options);
    expect_stops_at_once(space, search);
    // And is right afterwards.
    const auto again = search.solve({}, all_codes(space), OptimalSearch::kUnbounded);
    ASSERT_TRUE(again);
    EXPECT_EQ(again->total, 5625u);
}

TEST(Budget, TheExactSearchGivesUpAndIsRightAfterwards) {
    const CodeSpace space(Rules::classic, 4, 5);
    const auto all = all_codes(space);
    OptimalSearch reference(space);
    const auto expected = reference.solve({}, all, OptimalSearch::kUnbounded);
    ASSERT_TRUE(expected);
    OptimalSearch search(space);
    EXPECT_THROW(search.solve({}, all, OptimalSearch::kUnbounded, Budget::of_seconds(0)),
                 BudgetExhausted);
    const auto after = search.solve({}, all, OptimalSearch::kUnbounded);
    ASSERT_TRUE(after);
    EXPECT_EQ(after->total, expected->total);
    EXPECT_EQ(after->squares, expected->squares);
}

TEST(Budget, TheExactSearchOnTwoThreadsGivesUpToo) {
    const CodeSpace space(Rules::classic, 4, 6);
    OptimalSearchOptions options;
    options.threads = 2;
    options.parallel_from = 100;
    OptimalSearch search(space, options);
    expect_stops_at_once(space, search);
}

TEST(Budget, TheExactSearchOnTwoThreadsGivesUpMidwayAndIsRightAfterwards) {
    // A budget that runs out while both threads are deep in the search (a part searched together,
    // a guess helped with): both stop, nothing waits for ever, and asked again the search finishes.
    // Each budget a fresh search of 4x6 adjacent, which takes several times the longest budget
    // (reused, a search finishes sooner each time from what its table kept).
    const CodeSpace space(Rules::adjacent, 4, 6);
    const auto all = all_codes(space);
    OptimalSearchOptions options;
    options.threads = 2;
    options.parallel_from = 100;
    options.parallel_part = 30;
    // Its progress lines, which the search silences while it bounds the first guesses two levels
    // deep (asked for here: adjacent rules do not by default): back afterwards.
    options.order_levels = 2;
    std::atomic<int> lines{0};
    options.progress = [&](const std::string&) { ++lines; };
    for (double seconds : {0.001, 0.01, 0.03}) {
        OptimalSearch search(space, options);
        EXPECT_THROW(search.solve({}, all, OptimalSearch::kUnbounded, Budget::of_seconds(seconds)),
                     BudgetExhausted)
            << seconds;
        if (seconds == 0.01) continue;  // the earliest stop and the latest are asked again
        lines = 0;
        const auto after = search.solve({}, all, OptimalSearch::kUnbounded);
        ASSERT_TRUE(after) << seconds;
        EXPECT_EQ(after->total, 4839u) << seconds;
        EXPECT_GT(lines.load(), 1) << seconds;  // the bound before the search, each first guess
    }
}

TEST(Budget, EitherOfTwoFlagsStopsIt) {
    // A run stopped by a signal or by its output's reader going, whichever comes first; a step
    // of it (at_most) keeps both flags.
    for (int which : {0, 1}) {
        std::atomic<bool> signal{false}, reader{false};
        const Budget budget = Budget::until(signal).also_until(reader);
        const Budget step = budget.at_most(3600);
        EXPECT_FALSE(budget.exhausted());
        EXPECT_FALSE(step.exhausted());
        (which == 0 ? signal : reader) = true;
        EXPECT_TRUE(budget.exhausted()) << which;
        EXPECT_TRUE(step.exhausted()) << which;
        EXPECT_THROW(budget.check("the work"), BudgetExhausted) << which;
    }
    // On an unlimited budget the flag is the first.
    std::atomic<bool> only{false};
    const Budget budget = Budget{}.also_until(only);
    EXPECT_TRUE(budget.limited());
    only = true;
    EXPECT_TRUE(budget.stopped());
}

TEST(Budget, EveryCodebreakerThatSearchesGivesUp) {
    // After one guess: the first move's symmetry leaves too few guesses to score for a check.
    const CodeSpace space(Rules::classic, 5, 6);
    const std::vector<Guess> history{
        {*space.parse("00112"), space.feedback(*space.parse("00112"), *space.parse("12345"))}};
    const auto consistent = narrow(space, all_codes(space), history[0].code, history[0].feedback);
    for (const char* name :
         {"knuth", "irving", "entropy", "most-parts", "optimal", "entropy-optimal"}) {
        CodebreakerOptions options;
        options.budget = Budget::of_seconds(0);
        options.exact_below = 100000;  // entropy-optimal: the exact search at once
        const auto breaker = find_codebreaker(name)->make(space, options);
        EXPECT_THROW(breaker->next(OrdinaryPosition{space, history, consistent}), BudgetExhausted)
            << name;
    }
}

}  // namespace
}  // namespace mastermind
