// A person's game (OrdinarySession): the codes that still fit, undo and corrections, hints, and
// the fewest corrections that make wrongly entered answers consistent again.
#include "mastermind/ordinary/session.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "mastermind/core/random.hpp"
#include "mastermind/ordinary/consistent_set.hpp"

namespace mastermind {
namespace {

std::vector<std::uint32_t> brute_force_fit(const CodeSpace& space, std::span<const Guess> history) {
    std::vector<std::uint32_t> fit;
    for (std::uint32_t code = 0; code < space.size(); ++code) {
        if (std::all_of(history.begin(), history.end(), [&](const Guess& g) {
                return space.feedback(g.code, code) == g.feedback;
            })) {
            fit.push_back(code);
        }
    }
    return fit;
}

TEST(OrdinarySession, TheCodesThatFitAreExactlyThoseConsistentWithEveryAnswer) {
    for (Rules rules : {Rules::classic, Rules::adjacent}) {
        const CodeSpace space(rules, 4, 5);
        Rng rng(3);
        OrdinarySession session(space);
        const auto secret = static_cast<std::uint32_t>(rng.below(space.size()));
        for (int turn = 0; turn < 4; ++turn) {
            const auto guess = static_cast<std::uint32_t>(rng.below(space.size()));
            session.add(guess, space.feedback(guess, secret));
            const auto expected = brute_force_fit(space, session.history());
            ASSERT_EQ(std::vector<std::uint32_t>(session.consistent().begin(),
                                                 session.consistent().end()),
                      expected);
            ASSERT_TRUE(std::binary_search(expected.begin(), expected.end(), secret));
        }
        const auto before =
            std::vector<std::uint32_t>(session.consistent().begin(), session.consistent().end());
        const auto guess = static_cast<std::uint32_t>(rng.below(space.size()));
        session.add(guess, space.feedback(guess, secret));
        ASSERT_TRUE(session.undo());
        EXPECT_EQ(
            std::vector<std::uint32_t>(session.consistent().begin(), session.consistent().end()),
            before);
        // A corrected answer recomputes every later turn.
        const std::uint32_t first_answer = session.history()[0].feedback;
        session.correct(0, first_answer == 0 ? 1 : 0);
        EXPECT_EQ(
            std::vector<std::uint32_t>(session.consistent().begin(), session.consistent().end()),
            brute_force_fit(space, session.history()));
        session.correct(0, first_answer);
        EXPECT_EQ(
            std::vector<std::uint32_t>(session.consistent().begin(), session.consistent().end()),
            before);
        EXPECT_FALSE(session.correct(9, 0));
    }
}

TEST(OrdinarySession, AHintIsWhatTheCodebreakerPlaysInThatPosition) {
    const CodeSpace space(Rules::classic, 4, 6);
    OrdinarySession session(space);
    const auto* info = find_codebreaker("knuth");
    ASSERT_NE(info, nullptr);
    CodebreakerOptions options;
    EXPECT_EQ(space.to_string(session.hint(*info, options)), "0011");  // Knuth's 1122, from 0
    session.add(*space.parse("1122"), space.feedback(*space.parse("1122"), *space.parse("2345")));
    options.first = default_first_guess(*info, space);
    const auto breaker = info->make(space, options);
    EXPECT_EQ(session.hint(*info, {}),
              breaker->next(OrdinaryPosition{space, session.history(), session.consistent()}));
    session.add(*space.parse("0000"), space.encode({0, 0, 0}));
    session.add(*space.parse("0000"), space.encode({1, 0, 0}));  // no code fits now
    ASSERT_TRUE(session.consistent().empty());
    EXPECT_THROW(session.hint(*info, {}), InconsistentAnswers);
}

// One answer entered wrongly, at random, until it makes the game inconsistent: the fewest
// corrections is one, the true one is among the ways offered, and each way offered does fit.
TEST(OrdinarySession, RepairsNameTheWrongAnswerAndItsRightValue) {
    for (Rules rules : {Rules::classic, Rules::adjacent}) {
        const CodeSpace space(rules, 4, 6);
        Rng rng(rules == Rules::classic ? 5 : 6);
        int inconsistent = 0, first = 0;
        for (int game = 0; game < 200; ++game) {
            const auto secret = static_cast<std::uint32_t>(rng.below(space.size()));
            OrdinarySession session(space);
            std::vector<std::uint32_t> right;
            for (int turn = 0; turn < 5; ++turn) {
                const auto guess = static_cast<std::uint32_t>(rng.below(space.size()));
                right.push_back(space.feedback(guess, secret));
                session.add(guess, right.back());
            }
            const auto turn = static_cast<std::size_t>(rng.below(5));
            const auto wrong = static_cast<std::uint32_t>(rng.below(space.feedback_slots()));
            if (wrong == right[turn]) continue;
            const Score w = space.decode(wrong);
            if (w.black + w.grey + w.white > 4) continue;
            session.correct(turn, wrong);
            if (!session.consistent().empty()) continue;  // the slip is invisible: a code fits
            ++inconsistent;
            const auto ways = session.repairs(1000);
            ASSERT_FALSE(ways.empty());
            EXPECT_EQ(ways.front().corrections.size(), 1u);
            bool found = false;
            for (const auto& way : ways) {
                OrdinarySession fixed = session;
                for (const auto& c : way.corrections) fixed.correct(c.turn, c.correct);
                EXPECT_EQ(fixed.consistent().size(), way.codes);
                found = found || (way.corrections.front().turn == turn &&
                                  way.corrections.front().correct == right[turn]);
            }
            EXPECT_TRUE(found) << "game " << game;
            first += ways.front().corrections.front().turn == turn &&
                     ways.front().corrections.front().correct == right[turn];
        }
        EXPECT_GT(inconsistent, 50);
        // Not a guarantee (several corrections can be equally plausible), but the order is meant
        // to put the true one first most of the time.
        EXPECT_GT(first * 3, inconsistent) << first << " of " << inconsistent;
    }
}

}  // namespace
}  // namespace mastermind
