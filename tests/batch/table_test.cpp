// A person's batch game against a hidden secret (batch/table.hpp), without a user interface: the
// judge's game for the seed, tests refused at no cost, answers shown shuffled, the count of the
// secrets that fit, hints, and the end of the game each way.
#include <gtest/gtest.h>

#include <algorithm>

#include "mastermind/batch/table.hpp"
#include "mastermind/judge/judge.hpp"

namespace mastermind {
namespace {

const BatchParams kGame{4, 6, 2, 5};

// The secrets of the game that give every answer `table` showed (brute force).
std::uint64_t fitting(const BatchTable& table) {
    std::uint64_t n = 0;
    for (std::uint64_t i = 0; i < kGame.secret_count(); ++i) {
        const auto secret = PackedCode::from_index(i, kGame);
        bool fits = true;
        for (std::size_t t = 0; t < table.turns() && fits; ++t) {
            std::vector<HitBlow> answers;
            for (const auto& s : table.strings(t))
                answers.push_back(secret.score(s, kGame.pegs, kGame.rules));
            auto shown = table.answers(t);
            std::sort(answers.begin(), answers.end());
            std::sort(shown.begin(), shown.end());
            fits = answers == shown;
        }
        n += fits;
    }
    return n;
}

TEST(BatchTable, PlaysTheJudgesGameForTheSeed) {
    for (std::uint64_t seed : {1, 2, 77}) {
        const BatchTable table(kGame, seed);
        EXPECT_EQ(table.secret().to_string(kGame.pegs),
                  secret_text(make_judge_config(kGame, std::nullopt, seed)))
            << seed;
    }
}

TEST(BatchTable, TestsRefusedAtNoCostAndCountsThatFit) {
    BatchTable table(kGame, 3);
    for (const char* bad : {"", "0123", "0123 0123", "0123 01", "0123 4567 0000"}) {
        EXPECT_FALSE(table.test(bad).empty()) << bad;
    }
    EXPECT_EQ(table.turns(), 0u);
    EXPECT_EQ(table.tests_left(), 5);
    EXPECT_EQ(table.count().secrets, std::optional<std::uint64_t>(1296));
    ASSERT_EQ(table.test("0123 4501"), "");
    ASSERT_EQ(table.test("  1111   2345 "), "");  // spaces around and between are fine
    EXPECT_EQ(table.tests_left(), 3);
    const auto count = table.count();
    ASSERT_TRUE(count.secrets) << count.why_not;
    EXPECT_EQ(*count.secrets, fitting(table));
    EXPECT_GE(*count.secrets, 1u);
    EXPECT_EQ(table.strings(1)[0].to_string(kGame.pegs), "1111");
}

TEST(BatchTable, HintsPlayTheGameToTheEnd) {
    for (std::uint64_t seed : {4, 5, 6}) {
        BatchTable table(kGame, seed);
        while (!table.over()) {
            const auto hint = table.hint("");
            ASSERT_TRUE(hint.move) << hint.why_not;
            std::string text;
            for (const auto& s : hint.move->strings) {
                if (!text.empty()) text += ' ';
                text += s.to_string(kGame.pegs);
            }
            ASSERT_EQ(hint.move->challenge ? table.challenge(text) : table.test(text), "") << text;
        }
        EXPECT_EQ(table.outcome(), TableOutcome::won) << seed;
        EXPECT_EQ(table.hint("").why_not, "the game is over");
        EXPECT_EQ(table.test("0123 4501"), "the game is over");
    }
    BatchTable table(kGame, 7);
    EXPECT_FALSE(table.hint("no-such").why_not.empty());
}

TEST(BatchTable, AWrongChallengeLosesAndGivingUpEnds) {
    BatchTable table(kGame, 8);
    const auto secret = table.secret().to_string(kGame.pegs);
    EXPECT_FALSE(table.challenge("01").empty());  // not a string of the game: refused, no cost
    EXPECT_FALSE(table.over());
    EXPECT_EQ(table.challenge(secret == "0000" ? "1111" : "0000"), "");
    EXPECT_EQ(table.outcome(), TableOutcome::lost);
    BatchTable other(kGame, 9);
    other.give_up();
    EXPECT_EQ(other.outcome(), TableOutcome::gave_up);
    EXPECT_EQ(BatchTable(kGame, 9).secret(), other.secret());
}

}  // namespace
}  // namespace mastermind
