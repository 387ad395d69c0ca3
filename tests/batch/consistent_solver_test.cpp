// The reference solver, played in process against the game rules: every secret of small games.
#include <gtest/gtest.h>

#include <algorithm>

#include "mastermind/batch/game.hpp"
#include "mastermind/batch/strategy.hpp"

namespace mastermind {
namespace {

// Plays `strategy` against `secret` with the judge's rules; returns the tests used, or -1 if the
// challenge was wrong or a rule was broken.
int play(Strategy& strategy, const BatchParams& params, const PackedCode& secret,
         std::uint64_t seed) {
    BatchGame game(params, secret, seed);
    std::vector<QueryRecord> history;
    for (;;) {
        const Move move = strategy.next(Position::lazy(params, history));
        if (move.challenge)
            return game.challenge(move.strings.front().to_string(params.pegs)).accepted
                       ? game.tests_used()
                       : -1;
        std::vector<std::string> texts;
        for (const auto& s : move.strings) texts.push_back(s.to_string(params.pegs));
        std::vector<std::string_view> views(texts.begin(), texts.end());
        auto result = game.test(views);
        if (result.breach != RuleBreach::none) return -1;
        std::sort(result.shuffled.begin(), result.shuffled.end());
        history.push_back({move.strings, result.shuffled});
    }
}

TEST(ConsistentSolver, SolvesEverySecretOfSmallGames) {
    for (const BatchParams params :
         {BatchParams{3, 4, 3, 20}, BatchParams{4, 4, 4, 20}, BatchParams{3, 6, 2, 20}}) {
        const auto* info = find_strategy("consistent");
        ASSERT_NE(info, nullptr);
        int worst = 0;
        for (std::uint64_t i = 0; i < params.secret_count(); ++i) {
            auto strategy = info->make(params, 7);
            const int tests = play(*strategy, params, PackedCode::from_index(i, params), i);
            ASSERT_GE(tests, 0) << "secret "
                                << PackedCode::from_index(i, params).to_string(params.pegs);
            worst = std::max(worst, tests);
        }
        EXPECT_LE(worst, params.max_tests);
    }
}

TEST(ConsistentSolver, TheMoveIsAFunctionOfTheHistory) {
    const BatchParams params{4, 6, 4, 20};
    auto at = [&](std::span<const QueryRecord> h) { return Position::lazy(params, h); };
    auto a = find_strategy("consistent")->make(params, 3);
    auto b = find_strategy("consistent")->make(params, 3);
    const auto first = a->next(at({}));
    EXPECT_EQ(first.strings, b->next(at({})).strings);
    // b sees another history first; its answer for the empty history must not change.
    std::vector<QueryRecord> other{{first.strings, {{0, 0}, {0, 1}, {1, 0}, {0, 2}}}};
    std::sort(other[0].answers.begin(), other[0].answers.end());
    (void)b->next(at(other));
    EXPECT_EQ(b->next(at({})).strings, first.strings);
}

TEST(ConsistentSolver, AnswersThatFitNoSecretThrow) {
    const BatchParams params{4, 6, 4, 20};
    auto s = find_strategy("consistent")->make(params, 1);
    const auto first = s->next(Position::lazy(params, {}));
    // Every string scores 4 hits: impossible for distinct strings.
    std::vector<QueryRecord> lie{{first.strings, {{4, 0}, {4, 0}, {4, 0}, {4, 0}}}};
    EXPECT_THROW(s->next(Position::lazy(params, lie)), InconsistentAnswers);
}

}  // namespace
}  // namespace mastermind
