// A person's ordinary game against a hidden secret (ordinary/table.hpp), without a user
// interface: the judge's secret for the seed, guesses refused at no cost, the end of the game
// each way, and hints that fit the answers or say why there is none.
#include <gtest/gtest.h>

#include <algorithm>

#include "mastermind/judge/judge.hpp"
#include "mastermind/ordinary/table.hpp"

namespace mastermind {
namespace {

const OrdinaryParams kGame{Rules::classic, 4, 6, 10};

TEST(OrdinaryTable, PlaysTheJudgesGameForTheSeed) {
    for (std::uint64_t seed : {1, 2, 77}) {
        const OrdinaryTable table(kGame, seed);
        EXPECT_EQ(table.space().to_string(table.secret()),
                  secret_text(make_ordinary_judge_config(kGame, std::nullopt, seed)))
            << seed;
    }
}

TEST(OrdinaryTable, ABadGuessCostsNothingAndTheSecretWins) {
    OrdinaryTable table(kGame, 5);
    for (const char* bad : {"", "12", "12345", "1x34", "9999"}) {
        EXPECT_FALSE(table.guess(bad).empty()) << bad;
    }
    EXPECT_TRUE(table.session().history().empty());
    const auto secret = table.space().to_string(table.secret());
    const std::string other = secret == "0000" ? "1111" : "0000";
    EXPECT_EQ(table.guess(other), "");
    EXPECT_EQ(table.session().history().size(), 1u);
    EXPECT_FALSE(table.over());
    // Every code left fits the answer, and the secret is among them.
    const auto left = table.session().consistent();
    EXPECT_TRUE(std::binary_search(left.begin(), left.end(), table.secret()));
    EXPECT_EQ(table.guess(secret), "");
    EXPECT_EQ(table.outcome(), TableOutcome::won);
    EXPECT_EQ(table.guess(other), "the game is over");
    EXPECT_EQ(table.hint("knuth").why_not, "the game is over");
}

TEST(OrdinaryTable, LostAfterTheLastGuessAndGivenUp) {
    OrdinaryTable table(OrdinaryParams{Rules::classic, 4, 6, 2}, 5);
    const auto secret = table.space().to_string(table.secret());
    for (const char* g : {"0000", "1111", "2222"}) {
        if (g != secret && !table.over()) {
            EXPECT_EQ(table.guess(g), "");
        }
    }
    EXPECT_EQ(table.outcome(), TableOutcome::lost);
    OrdinaryTable other(kGame, 6);
    other.give_up();
    EXPECT_EQ(other.outcome(), TableOutcome::gave_up);
    EXPECT_FALSE(other.guess("0000").empty());
}

TEST(OrdinaryTable, HintsFitTheAnswersOrSayWhyNot) {
    OrdinaryTable table(kGame, 9);
    const auto first = table.hint("knuth");
    ASSERT_TRUE(first.code) << first.why_not;
    EXPECT_EQ(first.codebreaker, "knuth");
    EXPECT_EQ(table.space().to_string(*first.code), "0011");  // Knuth's 1122
    const auto best = table.hint("");                         // the best for the game
    EXPECT_TRUE(best.code) << best.why_not;
    EXPECT_FALSE(best.codebreaker.empty());
    EXPECT_EQ(table.guess(table.space().to_string(*first.code)), "");
    if (!table.over()) {
        const auto next = table.hint("most-parts");
        ASSERT_TRUE(next.code) << next.why_not;
        EXPECT_FALSE(next.why_not.size());
    }
    EXPECT_FALSE(table.hint("no-such").why_not.empty());
    EXPECT_FALSE(table.hint("tree").why_not.empty());  // needs a file
    EXPECT_FALSE(table.hint("no-such").code);
}

}  // namespace
}  // namespace mastermind
