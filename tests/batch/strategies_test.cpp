// The editorial's strategies through the evaluator: every secret of small games for the ones
// that generalise, and a fixed sample with the edge cases for the ones written for 9/10/9.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

EvaluationOptions options_for(const std::string& strategy, BatchParams params,
                              std::uint64_t seed = 1) {
    EvaluationOptions o;
    o.params = params;
    o.strategy = find_strategy(strategy);
    o.seed = seed;
    return o;
}

BatchParams digit_game(int pegs) {
    return {pegs, pegs + 1, pegs, 20};
}

TEST(Strategies, CountsThenLocateNeedsExactly2PMinus1TestsAtWorst) {
    // P = 6 (10^6 secrets) in the release flavour only: ten times slower under the sanitizers.
    for (int pegs = 4; pegs <= (test_support::kSanitized ? 5 : 6); ++pegs) {
        const auto r = evaluate_all(options_for("counts-then-locate", digit_game(pegs)));
        EXPECT_EQ(r.games, digit_game(pegs).secret_count());
        EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
        EXPECT_EQ(r.worst, 2 * pegs - 1) << "P=" << pegs;
    }
}

TEST(Strategies, SearchAfterCountsWinsEveryGameOfSmallGames) {
    for (int pegs = 4; pegs <= (test_support::kSanitized ? 5 : 6); ++pegs) {  // as above
        const auto r = evaluate_all(options_for("search-after-counts", digit_game(pegs), 7));
        EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
        EXPECT_GE(r.worst, pegs);  // the counting tests alone
        EXPECT_LE(r.worst, 20);
    }
}

// The exhaustive walk hands search strategies their candidates; a walk over the same secrets
// without that help (the strategy enumerates, as in a real game) must make the same moves.
TEST(Evaluator, CandidatesFromTheGroupChangeNoMove) {
    const auto params = digit_game(5);
    const auto options = options_for("search-after-counts", params, 3);
    std::vector<std::uint64_t> every(params.secret_count());
    for (std::uint64_t i = 0; i < every.size(); ++i) every[i] = i;
    const auto walked = evaluate_all(options);
    const auto played = evaluate_secrets(options, every);
    EXPECT_EQ(walked.histogram, played.histogram);
    EXPECT_EQ(walked.worst_examples, played.worst_examples);
    EXPECT_EQ(walked.failures, 0u);
}

// A strategy that guesses blindly: the evaluator must count its failures, not trust it.
class Blind final : public Strategy {
  public:
    Move next(const Position& position) override {
        if (position.history().empty())
            return {false,
                    {PackedCode::from_index(1, params_), PackedCode::from_index(2, params_),
                     PackedCode::from_index(3, params_), PackedCode::from_index(4, params_)}};
        return {true, {PackedCode::from_index(5, params_)}};
    }
    BatchParams params_ = digit_game(4);
};

TEST(Evaluator, CountsWrongChallengesAndBrokenRules) {
    const StrategyInfo blind{
        "blind", "", [](const BatchParams&, std::uint64_t) { return std::make_unique<Blind>(); }};
    EvaluationOptions o;
    o.params = digit_game(4);
    o.strategy = &blind;
    const auto r = evaluate_all(o);
    EXPECT_EQ(r.games, 625u);
    EXPECT_EQ(r.failures, 624u);  // only secret 5 is challenged right
    EXPECT_EQ(r.histogram.at(1), 1u);
    ASSERT_FALSE(r.failure_examples.empty());
    EXPECT_EQ(r.failure_examples[0].find("after 1 tests"), std::string::npos)
        << r.failure_examples[0];
    EXPECT_NE(r.failure_examples[0].find("challenged 0010 after 1 test"), std::string::npos)
        << r.failure_examples[0];
}

// A strategy that sends the test {0, 1, 2}, then `second` (indices), then challenges 0.
class Resender final : public Strategy {
  public:
    explicit Resender(std::vector<std::uint64_t> second) : second_(std::move(second)) {}
    Move next(const Position& position) override {
        auto test = [&](const std::vector<std::uint64_t>& indices) {
            Move m;
            for (auto i : indices) m.strings.push_back(PackedCode::from_index(i, params_));
            return m;
        };
        if (position.history().empty()) return test({0, 1, 2});
        if (position.history().size() == 1) return test(second_);
        return {true, {PackedCode::from_index(0, params_)}};
    }
    BatchParams params_{3, 3, 3, 20};
    std::vector<std::uint64_t> second_;
};

// A string sent twice, or twice in one test, loses the game; the message names the first
// offence in the test's order (string 1 = "001", sent in the first test).
TEST(Evaluator, AStringSentAgainIsAFailureNamingTheFirst) {
    for (const auto& [test, why] : std::vector<std::pair<std::vector<std::uint64_t>, std::string>>{
             {{5, 1, 7}, "001 sent twice"},
             {{5, 7, 2}, "002 sent twice"},
             {{5, 1, 5}, "001 sent twice"},  // the string sent before comes first
             {{5, 5, 1}, "a string twice in one test"},
             {{5, 7, 8}, ""}}) {
        const std::vector<std::uint64_t> second =
            test;  // a copy to capture (clang 14 cannot capture a binding)
        const StrategyInfo info{"resender", "", [second](const BatchParams&, std::uint64_t) {
                                    return std::make_unique<Resender>(second);
                                }};
        EvaluationOptions o;
        o.params = BatchParams{3, 3, 3, 20};
        o.strategy = &info;
        const auto r = evaluate_all(o);
        EXPECT_EQ(r.games, 27u);
        if (why.empty()) {  // a lawful second test: the games end at the challenge
            for (const auto& f : r.failure_examples)
                EXPECT_NE(f.find("challenged 000 after 2 tests"), std::string::npos) << f;
            continue;
        }
        ASSERT_FALSE(r.failure_examples.empty());
        EXPECT_NE(r.failure_examples[0].find(why), std::string::npos) << r.failure_examples[0];
    }
}

// Edge cases of the 9/10/9 game, and a seeded sample.
std::vector<std::uint64_t> default_game_sample() {
    const BatchParams p;
    std::vector<std::string> texts{
        "123456789", "987654321", "012345678", "876543210", "102030405", "999999998",
        "011111111", "111111110", "000000001", "100000000", "000011112", "001122336",
        "001122337", "001122338", "001122339", "630022110", "913322001", "000022226",
        "111133337", "012301239", "123045607", "555555554", "456456456", "989898989",
        "000000009", "900000000", "123123123", "112233445", "667788990", "099999999",
    };
    for (int d = 0; d <= 9; ++d) texts.push_back(std::string(9, static_cast<char>('0' + d)));
    std::vector<std::uint64_t> out;
    for (const auto& t : texts) out.push_back(PackedCode::parse(t, p)->index(p));
    Rng rng(20261130);
    for (int i = 0; i < 3000; ++i) out.push_back(rng.below(p.secret_count()));
    return out;
}

TEST(Strategies, CaseAnalysisNeedsAtMost9TestsOnTheEdgeCases) {
    const auto r =
        evaluate_secrets(options_for("case-analysis", BatchParams{}), default_game_sample());
    EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
    EXPECT_LE(r.worst, 9);
}

TEST(Strategies, TheExceptionCaseTakes8Tests) {
    const BatchParams p;
    for (const char* secret : {"001122336", "001122337", "001122338", "001122339", "601132320"}) {
        const auto r =
            evaluate_secrets(options_for("case-analysis", p),
                             {static_cast<std::uint32_t>(PackedCode::parse(secret, p)->index(p))});
        EXPECT_EQ(r.failures, 0u) << secret;
        EXPECT_EQ(r.worst, 8) << secret;
    }
}

TEST(Strategies, CountsThenLocateOnTheDefaultGame) {
    const auto r =
        evaluate_secrets(options_for("counts-then-locate", BatchParams{}), default_game_sample());
    EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
    EXPECT_LE(r.worst, 17);
}

TEST(Strategies, SearchAfterFastCountsOnTheEdgeCases) {
    auto sample = default_game_sample();
    // Its search enumerates arrangements per game: keep the suite quick (the 40 edge cases come
    // first; under the sanitizers 100 secrets, the release flavour 300).
    sample.resize(test_support::kSanitized ? 100 : 300);
    const auto r =
        evaluate_secrets(options_for("search-after-fast-counts", BatchParams{}, 5), sample);
    EXPECT_EQ(r.failures, 0u) << (r.failure_examples.empty() ? "" : r.failure_examples[0]);
    EXPECT_LE(r.worst, 20);
}

TEST(Strategies, AutoPicksTheBestStrategyForTheGame) {
    EXPECT_EQ(best_strategy_for(BatchParams{})->name, "adaptive-split");
    EXPECT_EQ(best_strategy_for(BatchParams{4, 6, 4, 20})->name, "consistent");
    EXPECT_EQ(best_strategy_for(digit_game(7))->name, "consistent");          // 8^7 = 2M secrets
    EXPECT_EQ(best_strategy_for(digit_game(8))->name, "counts-then-locate");  // 9^8 = 43M
    EXPECT_EQ(best_strategy_for(BatchParams{10, 10, 10, 20})->name, "adaptive-split");  // 10^10
    EXPECT_EQ(best_strategy_for(BatchParams{12, 16, 16, 20})->name,
              "consistent");  // B = 16: none plays it
}

// What strategy_refuses says is what playing says: a strategy it accepts makes its first move,
// one it refuses throws at once, on games of both rules, large and small, and with 16 strings.
// (The rules are the registry's to refuse: the factories of classic strategies do not ask.)
TEST(Strategies, RefusalsAgreeWithTheFirstMove) {
    const BatchParams games[] = {BatchParams{},
                                 BatchParams{4, 6, 4, 20},
                                 digit_game(5),
                                 BatchParams{12, 16, 16, 20},
                                 BatchParams{10, 10, 10, 20},
                                 BatchParams{9, 10, 9, 20, Rules::adjacent},
                                 BatchParams{4, 5, 3, 20, Rules::adjacent},
                                 BatchParams{3, 3, 16, 20}};
    for (const auto& params : games) {
        for (const auto& info : all_strategies()) {
            const std::string why = strategy_refuses(info, params);
            bool played = true;
            try {
                (void)info.make(params, 1)->next(Position::lazy(params, {}));
            } catch (const std::invalid_argument&) {
                played = false;
            }
            if (params.rules == Rules::adjacent && !info.adjacent_rules) {
                EXPECT_NE(why, "") << info.name;
                continue;
            }
            EXPECT_EQ(why.empty(), played)
                << info.name << " on " << params.pegs << "/" << params.colours << "/"
                << params.batch << (params.rules == Rules::adjacent ? " adjacent" : "") << ": "
                << why;
        }
    }
}

TEST(Strategies, AGameNeedsAsManyCodesAsStringsATest) {
    EXPECT_EQ(BatchParams({2, 2, 4, 20}).validate(), "");
    EXPECT_NE(BatchParams({2, 2, 5, 20}).validate().find("needs at least 5 codes"),
              std::string::npos);
    EXPECT_NE(BatchParams({1, 2, 3, 20}).validate(), "");
}

TEST(Strategies, SpecificStrategiesRefuseOtherGames) {
    EXPECT_THROW(find_strategy("case-analysis")->make(digit_game(5), 1), std::invalid_argument);
    EXPECT_THROW(find_strategy("search-after-fast-counts")->make(digit_game(5), 1),
                 std::invalid_argument);
    EXPECT_THROW(find_strategy("counts-then-locate")->make(BatchParams{4, 6, 4, 20}, 1),
                 std::invalid_argument);
}

}  // namespace
}  // namespace mastermind
