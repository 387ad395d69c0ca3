// The ordinary game's engine: the mask scorer against the reference scorers, the consistent-set
// split, every codebreaker against a brute-force reference of its rule (no symmetry, no pruning),
// and real play against the exhaustive walk.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>

#include "helpers/sanitized.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/evaluation.hpp"

namespace mastermind {
namespace {

void expect_feedback_matches_reference(const CodeSpace& space, std::uint32_t g, std::uint32_t s) {
    const auto d_g = space.digits(g), d_s = space.digits(s);
    const Score want = score(space.rules(), d_s, d_g);
    const auto f = space.feedback(g, s);
    ASSERT_EQ(space.decode(f), want) << space.to_string(s) << " " << space.to_string(g);
    ASSERT_EQ(space.encode(want), f);
    ASSERT_LT(f, space.feedback_slots());
    ASSERT_EQ(f == space.win(), g == s);
}

TEST(CodeSpace, EveryPairOfSmallGamesMatchesTheReferenceScorers) {
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto [p, k] : {std::pair{3, 4}, std::pair{4, 6}, std::pair{5, 3}, std::pair{2, 16}}) {
            const CodeSpace space(rules, p, k);
            for (std::uint32_t g = 0; g < space.size(); ++g) {
                for (std::uint32_t s = 0; s < space.size(); ++s)
                    expect_feedback_matches_reference(space, g, s);
            }
        }
    }
}

TEST(CodeSpace, RandomPairsOfLargeGamesMatchTheReferenceScorers) {
    Rng rng(20261130);
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        // Under the sanitizers 8 x 5 stands for 8 x 8 (16.7 million codes to build, seconds there;
        // docs/performance.md, "Figures behind the suite's sizes and limits"):
        // 4 x 16 keeps the 64-bit masks, 8 x 5 the 8 pegs.
        for (auto [p, k] :
             {std::pair{6, 9}, test_support::kSanitized ? std::pair{8, 5} : std::pair{8, 8},
              std::pair{4, 16}, std::pair{5, 12}, std::pair{8, 2}}) {
            const CodeSpace space(rules, p, k);
            for (int i = 0; i < (test_support::kSanitized ? 4000 : 20000);
                 ++i) {  // a fifth under the sanitizers
                const auto g = static_cast<std::uint32_t>(rng.below(space.size()));
                // Near copies too: neighbours swapped make grey common.
                auto s = static_cast<std::uint32_t>(rng.below(space.size()));
                if (i % 2 == 0) s = g;
                expect_feedback_matches_reference(space, g, s);
            }
        }
    }
}

TEST(CodeSpace, RefusesWhatItCannotHold) {
    EXPECT_NE(CodeSpace::check(9, 4), "");
    EXPECT_NE(CodeSpace::check(8, 9), "");  // 72 bits of masks
    EXPECT_NE(CodeSpace::check(4, 1), "");
    EXPECT_EQ(CodeSpace::check(6, 9), "");
    EXPECT_THROW(CodeSpace(Rules::classic, 0, 6), std::invalid_argument);
    const CodeSpace space(Rules::classic, 4, 6);
    EXPECT_EQ(space.parse("0011"), 7u);
    EXPECT_FALSE(space.parse("0016"));
    EXPECT_FALSE(space.parse("001"));
    EXPECT_EQ(space.describe_bad("00A1"), "has symbol 'A' at position 3, expected 0-5");
}

TEST(ConsistentSet, SplitIsThePartitionByFeedbackAndNarrowIsOnePart) {
    const CodeSpace space(Rules::adjacent, 4, 5);
    const auto all = all_codes(space);
    std::vector<std::uint32_t> subset;
    for (auto c : all) {
        if (c % 3 != 1) subset.push_back(c);
    }
    for (std::uint32_t guess : {0u, 7u, 312u, 624u}) {
        const auto parts = split_by_feedback(space, subset, guess);
        std::size_t seen = 0;
        for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
            const auto part = parts.part(i);
            EXPECT_TRUE(std::is_sorted(part.begin(), part.end()));
            std::vector<std::uint32_t> want;
            for (auto s : subset) {
                if (space.feedback(guess, s) == parts.feedback[i]) want.push_back(s);
            }
            EXPECT_EQ(std::vector<std::uint32_t>(part.begin(), part.end()), want);
            EXPECT_EQ(narrow(space, subset, guess, parts.feedback[i]), want);
            seen += part.size();
        }
        EXPECT_EQ(seen, subset.size());
    }
}

// The rules as their sources state them, by brute force: every code is a candidate guess, ranked
// by its whole partition; ties go to a consistent code, then to the lowest code number.
std::uint32_t reference_guess(const std::string& rule, const CodeSpace& space,
                              std::span<const std::uint32_t> set) {
    if (rule == "shapiro" || set.size() <= 2) return set.front();
    double best = 0;
    bool best_consistent = false;
    std::uint32_t best_code = UINT32_MAX;
    for (std::uint32_t g = 0; g < space.size(); ++g) {
        std::map<std::uint32_t, double> parts;
        for (auto s : set) parts[space.feedback(g, s)] += 1;
        double rank = 0;
        for (auto [f, c] : parts) {
            if (rule == "knuth") rank = std::max(rank, c);
            if (rule == "irving") rank += c * c;
            if (rule == "entropy") rank += c * std::log2(c);
            if (rule == "most-parts") rank -= 1;
        }
        const bool consistent = std::binary_search(set.begin(), set.end(), g);
        const bool better = best_code == UINT32_MAX || rank < best - 1e-9 ||
                            (std::abs(rank - best) <= 1e-9 && consistent && !best_consistent);
        if (better) best = rank, best_consistent = consistent, best_code = g;
    }
    return best_code;
}

// Walks the codebreaker's tree on every secret and checks each of its moves against the reference.
void expect_same_moves_as_reference(const CodebreakerInfo& info, const CodeSpace& space) {
    auto breaker = info.make(space, {});
    std::size_t nodes = 0;
    auto walk = [&](auto&& self, std::span<const std::uint32_t> set,
                    std::vector<Guess>& history) -> void {
        const auto guess = breaker->next(OrdinaryPosition{space, history, set});
        ASSERT_EQ(guess, reference_guess(std::string(info.name), space, set))
            << info.name << " " << to_string(space.rules()) << " " << space.pegs() << "x"
            << space.colours() << " after " << history.size() << " guesses, " << set.size()
            << " consistent";
        ++nodes;
        const auto parts = split_by_feedback(space, set, guess);
        for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
            if (parts.feedback[i] == space.win()) continue;
            history.push_back({guess, parts.feedback[i]});
            self(self, parts.part(i), history);
            history.pop_back();
        }
    };
    const auto all = all_codes(space);
    std::vector<Guess> history;
    walk(walk, all, history);
    EXPECT_GT(nodes, 10u);
}

// The codebreakers that rank partitions by a published rule (not the exact searches
// or `tree`).
bool ranks_partitions(const CodebreakerInfo& info) {
    return !info.name.starts_with("optimal") &&
           info.name != "entropy-optimal" && info.name != "tree";
}

TEST(Codebreakers, EveryMoveEqualsTheBruteForceRuleOnSmallGames) {
    for (const auto& info : all_codebreakers()) {
        if (!ranks_partitions(info)) continue;
        for (auto rules : {Rules::classic, Rules::adjacent}) {
            for (auto [p, k] : {std::pair{3, 4}, std::pair{3, 6}, std::pair{4, 4}}) {
                expect_same_moves_as_reference(info, CodeSpace(rules, p, k));
            }
        }
    }
}

TEST(Codebreakers, RealPlayEqualsTheExhaustiveWalkOnEverySecret) {
    for (const auto& info : all_codebreakers()) {
        if (info.name == "tree") continue;  // needs a file: tests/ordinary/optimal_test.cpp
        for (auto rules : {Rules::classic, Rules::adjacent}) {
            // 4 pegs of 5 colours (625 games); 4 of 4 under the sanitizers (the same paths).
            const CodeSpace space(rules, 4, test_support::kSanitized ? 4 : 5);
            OrdinaryEvaluationOptions options;
            options.codebreaker = &info;
            const auto tree = evaluate_ordinary_all(space, options);
            const auto games = evaluate_ordinary_games(space, options, all_codes(space));
            EXPECT_EQ(tree.histogram, games.histogram) << info.name;
            EXPECT_EQ(tree.worst_examples, games.worst_examples) << info.name;
            EXPECT_EQ(tree.failures, 0u);
            EXPECT_EQ(tree.games, space.size());
        }
    }
}

TEST(Codebreakers, PublishedFirstGuessesAreTheDefaultsOn4x6) {
    const CodeSpace space(Rules::classic, 4, 6);
    EXPECT_EQ(space.to_string(*default_first_guess(*find_codebreaker("knuth"), space)), "0011");
    EXPECT_EQ(space.to_string(*default_first_guess(*find_codebreaker("entropy"), space)), "0123");
    EXPECT_FALSE(default_first_guess(*find_codebreaker("knuth"), CodeSpace(Rules::classic, 3, 5)));
}

TEST(Codebreakers, AnswersThatFitNoCodeAreReported) {
    const CodeSpace space(Rules::classic, 3, 4);
    auto breaker = find_codebreaker("knuth")->make(space, {});
    std::vector<Guess> history{{0, 0}};
    std::vector<std::uint32_t> empty;
    EXPECT_THROW(breaker->next(OrdinaryPosition{space, history, empty}), InconsistentAnswers);
}

// The run's budget (a caller's Ctrl-C, a deadline) ends the run with BudgetExhausted, whether it
// was spent before the walk or during it, and from the walk or from within a codebreaker; a
// codebreaker's own budget only fails the games below it.
TEST(Evaluation, TheRunsBudgetEndsTheRun) {
    const CodeSpace space(Rules::classic, 4, 6);
    std::atomic<bool> stop{true};
    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("knuth");
    options.budget = Budget::until(stop);
    EXPECT_THROW(evaluate_ordinary_all(space, options), BudgetExhausted);
    EXPECT_THROW(evaluate_ordinary_games(space, options, {0, 1, 2}), BudgetExhausted);

    // Stopped by the codebreaker's tenth move: the walk stops there and throws.
    stop = false;
    int calls = 0;
    CodebreakerInfo stopping = *find_codebreaker("knuth");
    stopping.make = [&](const CodeSpace& s, const CodebreakerOptions& o) {
        struct Stopping : Codebreaker {
            std::unique_ptr<Codebreaker> inner;
            std::atomic<bool>* stop;
            int* calls;
            std::uint32_t next(const OrdinaryPosition& p) override {
                if (++*calls == 10) {
                    *stop = true;
                    throw BudgetExhausted("stopped from the codebreaker");
                }
                return inner->next(p);
            }
        };
        auto b = std::make_unique<Stopping>();
        b->inner = find_codebreaker("knuth")->make(s, o);
        b->stop = &stop;
        b->calls = &calls;
        return b;
    };
    options.codebreaker = &stopping;
    options.threads = 1;
    EXPECT_THROW(evaluate_ordinary_all(space, options), BudgetExhausted);
    EXPECT_EQ(calls, 10);

    // The same exception with the run's budget unspent is the codebreaker's own: games fail.
    std::atomic<bool> other{false};
    calls = 0;
    stopping.make = [&](const CodeSpace& s, const CodebreakerOptions& o) {
        struct OwnBudget : Codebreaker {
            std::unique_ptr<Codebreaker> inner;
            std::uint32_t next(const OrdinaryPosition& p) override {
                if (p.history.size() == 2) throw BudgetExhausted("its own budget");
                return inner->next(p);
            }
        };
        auto b = std::make_unique<OwnBudget>();
        b->inner = find_codebreaker("knuth")->make(s, o);
        return b;
    };
    options.budget = Budget::until(other);
    const auto r = evaluate_ordinary_all(space, options);
    EXPECT_EQ(r.games, 1296u);
    EXPECT_GT(r.failures, 1000u);
    ASSERT_FALSE(r.failure_examples.empty());
    EXPECT_NE(r.failure_examples[0].find("its own budget"), std::string::npos);
}

TEST(Evaluation, AGuessLimitTurnsLongGamesIntoFailures) {
    const CodeSpace space(Rules::classic, 4, 6);
    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("knuth");
    options.codebreaker_options.first = default_first_guess(*options.codebreaker, space);
    options.max_guesses = 4;
    const auto r = evaluate_ordinary_all(space, options);
    EXPECT_EQ(r.games, 1296u);
    EXPECT_GT(r.failures, 0u);
    EXPECT_EQ(r.worst, 4);
    EXPECT_FALSE(r.failure_examples.empty());
}

}  // namespace
}  // namespace mastermind
