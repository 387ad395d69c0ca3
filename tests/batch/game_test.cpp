// The rules the judge enforces, one breach at a time, and the seeded shuffle.
#include <gtest/gtest.h>

#include <algorithm>
#include <string_view>
#include <vector>

#include "mastermind/batch/game.hpp"

namespace mastermind {
namespace {

const BatchParams kSmall{4, 6, 4, 3};

BatchGame small_game(std::uint64_t seed = 1) {
    return BatchGame(kSmall, *PackedCode::parse("2451", kSmall), seed);
}

QueryResult test(BatchGame& g, std::vector<std::string_view> strings) {
    return g.test(strings);
}

TEST(BatchGame, AnswersEachStringAndShufflesThem) {
    auto g = small_game();
    const auto r = test(g, {"2451", "0000", "1245", "2450"});
    ASSERT_EQ(r.breach, RuleBreach::none);
    const std::vector<HitBlow> expected{{4, 0}, {0, 0}, {0, 4}, {3, 0}};
    EXPECT_EQ(r.answers, expected);
    auto a = r.answers, b = r.shuffled;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    EXPECT_EQ(a, b);  // a permutation of the answers
    EXPECT_EQ(g.tests_used(), 1);
}

TEST(BatchGame, TheShuffleIsSeeded) {
    int differing = 0;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        auto g1 = small_game(seed), g2 = small_game(seed), g3 = small_game(seed + 100);
        const std::vector<std::string_view> s{"2451", "0000", "1245", "2450"};
        EXPECT_EQ(g1.test(s).shuffled, g2.test(s).shuffled);
        differing +=
            g1.test(std::vector<std::string_view>{"1111", "2222", "3333", "4444"}).shuffled !=
            g3.test(std::vector<std::string_view>{"1111", "2222", "3333", "4444"}).shuffled;
    }
    EXPECT_GT(differing, 0);
}

TEST(BatchGame, EachBreachEndsTheGame) {
    struct Case {
        std::vector<std::string_view> strings;
        RuleBreach breach;
        std::string_view reason;
    };
    const std::vector<Case> cases{
        {{"0000", "1111", "2222"}, RuleBreach::wrong_count, "test has 3 strings, expected 4"},
        {{"0000", "1111", "2222", "333"},
         RuleBreach::bad_string,
         "string 4 '333' has 3 symbols, expected 4"},
        {{"0000", "1111", "2222", "3336"}, RuleBreach::bad_string, "symbol '6' at position 4"},
        {{"0000", "1111", "0000", "3333"},
         RuleBreach::repeated_in_test,
         "string 3 '0000' repeats string 1"},
    };
    for (const auto& c : cases) {
        auto g = small_game();
        const auto r = g.test(c.strings);
        EXPECT_EQ(r.breach, c.breach);
        EXPECT_NE(r.reason.find(c.reason), std::string::npos) << r.reason;
        EXPECT_TRUE(g.over());
        EXPECT_EQ(g.test(std::vector<std::string_view>{"0001", "0002", "0003", "0004"}).breach,
                  RuleBreach::game_over);
    }
}

TEST(BatchGame, AStringMayNotBeSentTwiceInAGame) {
    auto g = small_game();
    ASSERT_EQ(test(g, {"0000", "1111", "2222", "3333"}).breach, RuleBreach::none);
    const auto r = test(g, {"4444", "5555", "0001", "2222"});
    EXPECT_EQ(r.breach, RuleBreach::repeated_earlier);
    EXPECT_EQ(r.reason, "string 4 '2222' was sent in an earlier test");
}

TEST(BatchGame, TheTestLimitHolds) {
    auto g = small_game();
    ASSERT_EQ(test(g, {"0000", "1111", "2222", "3333"}).breach, RuleBreach::none);
    ASSERT_EQ(test(g, {"0001", "1112", "2223", "3334"}).breach, RuleBreach::none);
    ASSERT_EQ(test(g, {"0002", "1113", "2224", "3335"}).breach, RuleBreach::none);
    const auto r = test(g, {"0003", "1114", "2225", "3330"});
    EXPECT_EQ(r.breach, RuleBreach::too_many_tests);
    EXPECT_EQ(r.reason, "test 4 is past the limit of 3 tests");
}

TEST(BatchGame, OneChallengeEndsTheGame) {
    auto g = small_game();
    EXPECT_TRUE(g.challenge("2451").accepted);
    EXPECT_EQ(g.challenge("2451").breach, RuleBreach::game_over);
    auto h = small_game();
    const auto wrong = h.challenge("2450");
    EXPECT_EQ(wrong.breach, RuleBreach::none);
    EXPECT_FALSE(wrong.accepted);
    auto k = small_game();
    EXPECT_EQ(k.challenge("24510").breach, RuleBreach::bad_string);
}

}  // namespace
}  // namespace mastermind
