// The optimal search against a plain exhaustive minimax (every code as a guess at every node, no
// bound, no symmetry, no table but a memo of exact values), on every game up to 3 pegs and 4
// colours under both rules, with and without a limit on the guesses; the strategy it plays against
// the value it reports; decision-tree files written, read back and refused when malformed.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <unordered_map>

#include "helpers/sanitized.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/decision_tree.hpp"
#include "mastermind/ordinary/evaluation.hpp"
#include "mastermind/ordinary/optimal_search.hpp"
#include "ordinary/minimax_reference.hpp"

namespace mastermind {
namespace {

// The search checked against the reference bounds every set it can by the parts its guesses can
// make (answer_bound_from 0): the bound is what could be wrong.
OptimalSearchOptions checked() {
    OptimalSearchOptions options;
    options.answer_bound_from = 0;
    return options;
}

std::optional<std::uint64_t> searched(const CodeSpace& space, int left) {
    OptimalSearch search(space, checked());
    const auto all = all_codes(space);
    const auto optimum = search.solve({}, all, left);
    return optimum ? std::optional<std::uint64_t>(optimum->total) : std::nullopt;
}

TEST(OptimalSearch, EqualsPlainMinimaxOnEveryGameUpTo3PegsAnd4Colours) {
    int games = 0;
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (int p = 1; p <= 3; ++p) {
            for (int k = 2; k <= 4; ++k) {
                const CodeSpace space(rules, p, k);
                Minimax reference(space);
                const auto all = all_codes(space);
                const auto free_pair = reference.pair(all, OptimalSearch::kUnbounded);
                ASSERT_NE(free_pair, kImpossible);
                OptimalSearch search(space, checked());
                const auto got = search.solve({}, all, OptimalSearch::kUnbounded);
                ASSERT_TRUE(got);
                EXPECT_EQ(got->total, free_pair.total) << to_string(rules) << " " << p << "x" << k;
                EXPECT_EQ(got->squares, free_pair.squares)
                    << to_string(rules) << " " << p << "x" << k;
                // Every limit from one that cannot be met up to one that does not bind (the
                // optimal strategies of these games take at most 4 guesses).
                for (int left = 1; left <= 4; ++left) {
                    // Under the sanitizers, limits 2 and 4 (the release flavour checks all four).
                    if (test_support::kSanitized && left % 2 == 1) continue;
                    const auto want = reference.value(all, left);
                    const auto capped = searched(space, left);
                    if (want == UINT64_MAX) {
                        EXPECT_FALSE(capped)
                            << to_string(rules) << " " << p << "x" << k << " within " << left;
                    } else {
                        EXPECT_EQ(capped, want)
                            << to_string(rules) << " " << p << "x" << k << " within " << left;
                    }
                }
                ++games;
            }
        }
    }
    EXPECT_EQ(games, 18);
}

// After each of `firsts` and each of its answers, the search's optimum of the secrets left equals
// plain minimax's: positions inside a game, where the symmetry of the guesses so far is partial.
void expect_parts_equal_minimax(const CodeSpace& space, Minimax& reference,
                                std::initializer_list<std::uint32_t> firsts) {
    const auto all = all_codes(space);
    for (std::uint32_t first : firsts) {
        const auto parts = split_by_feedback(space, all, first);
        for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
            if (parts.feedback[i] == space.win()) continue;
            const auto part = parts.part(i);
            const std::vector<Guess> history{{first, parts.feedback[i]}};
            OptimalSearch search(space, checked());
            EXPECT_EQ(search.solve(history, part, OptimalSearch::kUnbounded)->total,
                      reference.value({part.begin(), part.end()}, OptimalSearch::kUnbounded))
                << space.to_string(first) << " " << space.format_feedback(parts.feedback[i]);
        }
    }
}

TEST(OptimalSearch, EqualsPlainMinimaxOnGamesWithoutRepeatedColours) {
    // The symmetry differs there: zero colours cannot all become one (a code holds each once).
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto [p, k] : {std::pair{2, 4}, std::pair{3, 4}, std::pair{3, 5}, std::pair{4, 4}}) {
            if (test_support::kSanitized && p * k > 12) continue;
            const CodeSpace space(rules, CodeShape{p, k, true});
            Minimax reference(space);
            const auto all = all_codes(space);
            for (int left : {OptimalSearch::kUnbounded, 4, 3}) {
                const auto want = reference.pair(all, left);
                OptimalSearch search(space, checked());
                const auto got = search.solve({}, all, left);
                const std::string game =
                    fmt::format("{} {}x{} within {}", to_string(rules), p, k, left);
                if (want == kImpossible) {
                    EXPECT_FALSE(got) << game;
                    continue;
                }
                ASSERT_TRUE(got) << game;
                EXPECT_EQ(got->total, want.total) << game;
                EXPECT_EQ(got->squares, want.squares) << game;
            }
            // Inside the game, after each canonical first guess's answers.
            expect_parts_equal_minimax(space, reference, {0u, space.size() - 1});
        }
    }
}

TEST(OptimalSearch, SubsetsAfterAGuessEqualPlainMinimax) {
    // Positions inside a game, where the symmetry of the guesses so far is only partial.
    const CodeSpace space(Rules::classic, 3, 4);
    Minimax reference(space);
    expect_parts_equal_minimax(space, reference, {0u, 1u, 5u, 6u});  // 000, 001, 011, 012
}

TEST(OptimalSearch, ProgressOfTheWholeGameLineByLineAfterAGuessSparse) {
    // The whole game's search tells every first guess it tries; the searches of the parts after
    // a first guess (one per part, as a strategy's walk asks them) tell at most a line every 10 s
    // over all of them, naming the position: not two or more lines a part.
    const CodeSpace space(Rules::classic, 4, 5);
    std::vector<std::string> lines;
    OptimalSearchOptions options;
    options.progress = [&](const std::string& line) { lines.push_back(line); };
    OptimalSearch whole(space, options);
    ASSERT_TRUE(whole.solve({}, all_codes(space), OptimalSearch::kUnbounded));
    EXPECT_GT(lines.size(), 2u);
    for (const auto& line : lines) EXPECT_TRUE(line.starts_with("optimal: ")) << line;

    lines.clear();
    OptimalSearch after(space, options);
    const std::uint32_t first = *space.parse("0011");
    const auto parts = split_by_feedback(space, all_codes(space), first);
    std::size_t solved = 0;
    for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
        if (parts.feedback[i] == space.win()) continue;
        const auto part = parts.part(i);
        const Guess history[] = {{first, parts.feedback[i]}};
        ASSERT_TRUE(after.solve(history, {part.begin(), part.end()}, OptimalSearch::kUnbounded));
        ++solved;
    }
    ASSERT_GT(solved, 5u);
    ASSERT_FALSE(lines.empty());
    EXPECT_LT(lines.size(), solved) << "a line or more for every part";
    for (const auto& line : lines)
        EXPECT_TRUE(line.starts_with("optimal: after 0011 answered ")) << line;
    // The callback is the search's again afterwards: the whole game is told line by line.
    lines.clear();
    ASSERT_TRUE(after.solve({}, all_codes(space), OptimalSearch::kUnbounded));
    EXPECT_GT(lines.size(), 2u);
}

// The total of the strategy a search holds, followed from `set` move by move: every position it
// reaches must be known to the search (nullopt if one is not).
std::optional<std::uint64_t> strategy_total(const CodeSpace& space, const OptimalSearch& search,
                                            const std::vector<std::uint32_t>& set, int left) {
    const auto move = search.move(set, left);
    if (!move) return std::nullopt;
    std::uint64_t total = set.size();
    const auto parts = split_by_feedback(space, set, move->guess);
    for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
        if (parts.feedback[i] == space.win()) continue;
        const auto part = parts.part(i);
        const auto below = strategy_total(space, search, {part.begin(), part.end()},
                                          left == OptimalSearch::kUnbounded ? left : left - 1);
        if (!below) return std::nullopt;
        total += *below;
    }
    return total;
}

TEST(OptimalSearch, ProgressTellsTheOneLevelBoundWhenTwoLevelsTakeTooLong) {
    // The bound told before the search, from two levels of guesses, gives up after
    // prelude_seconds for the one-level bound; the search after it is the same either way.
    const CodeSpace space(Rules::adjacent, 4, 5);
    const auto all = all_codes(space);
    const auto quiet = OptimalSearch(space).solve({}, all, OptimalSearch::kUnbounded);
    ASSERT_TRUE(quiet);
    for (const double seconds : {0.0, 60.0}) {
        std::vector<std::string> lines;
        OptimalSearchOptions options;
        options.progress = [&](const std::string& line) { lines.push_back(line); };
        options.prelude_seconds = seconds;
        OptimalSearch search(space, options);
        const auto told = search.solve({}, all, OptimalSearch::kUnbounded);
        ASSERT_TRUE(told);
        EXPECT_EQ(*told, *quiet) << seconds;
        ASSERT_FALSE(lines.empty());
        EXPECT_NE(lines.front().find(seconds == 0 ? "from one level of guesses"
                                                  : "from two levels of guesses"),
                  std::string::npos)
            << lines.front();
        // The strategy it holds is the one it reports.
        EXPECT_EQ(strategy_total(space, search, all, OptimalSearch::kUnbounded), told->total);
    }
}

TEST(OptimalSearch, ProgressAccountsForEveryFirstGuess) {
    // The first guesses a search never needs to open (their bounds reach the best) get a line
    // of their own at the end, on one thread and on two (the first level shared from 100
    // secrets): searched and cut add up to the first guesses the lines count, and the least
    // bound of the cut ones is no better than the optimum.
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        const CodeSpace space(rules, 4, 5);
        const auto all = all_codes(space);
        for (int threads : {1, 2}) {
            std::vector<std::string> lines;
            OptimalSearchOptions options;
            options.progress = [&](const std::string& line) { lines.push_back(line); };
            options.threads = threads;
            options.parallel_from = 100;
            OptimalSearch search(space, options);
            const auto told = search.solve({}, all, OptimalSearch::kUnbounded);
            ASSERT_TRUE(told);
            const std::string what = fmt::format("{} on {} thread(s)", to_string(rules), threads);
            std::size_t of = 0, searched = 0, cut = 0, least = 0, guess_of = 0;
            for (const auto& line : lines) {
                unsigned long a = 0, b = 0, c = 0, d = 0;
                if (std::sscanf(line.c_str(), "optimal: of %lu first guesses %lu searched, %lu "
                                              "cannot beat it by %*s bound alone (at least total %lu)",
                                &a, &b, &c, &d) == 4)
                    of = a, searched = b, cut = c, least = d;
                if (std::sscanf(line.c_str(), "optimal: guess %lu of %lu", &a, &b) == 2) guess_of = b;
            }
            ASSERT_GT(cut, 0u) << what;  // 4x5 leaves some first guesses to their bounds
            EXPECT_EQ(of, guess_of) << what;
            EXPECT_EQ(searched + cut, of) << what;
            EXPECT_GE(least, told->total) << what;
        }
    }
}

TEST(OptimalSearch, TwoThreadsFindTheSameOptimumAsOne) {
    // 4x5 (625 secrets) and 3x6 without repetition (120), with the threads sharing the first level
    // from 100 secrets and searching a part together from 30: every way the work is handed out
    // (a first guess's parts, one guess per thread, help with a guess under way, a part searched
    // together one level down) is taken.
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto shape : {CodeShape{4, 5}, CodeShape{3, 6, true}}) {
            const CodeSpace space(rules, shape);
            const auto all = all_codes(space);
            // The first guesses tried in the order of their own bound and of two levels'.
            for (int left : {OptimalSearch::kUnbounded, 5}) {
                for (int order_levels : {1, 2}) {
                    const std::string what =
                        fmt::format("{} {} within {}, first guesses ordered by {} level(s)",
                                    to_string(rules), shape.name(), left, order_levels);
                    OptimalSearch one(space);
                    OptimalSearchOptions options;
                    options.threads = 2;
                    options.parallel_from = 100;
                    options.parallel_part = 30;
                    options.order_levels = order_levels;
                    OptimalSearch two(space, options);
                    const auto a = one.solve({}, all, left), b = two.solve({}, all, left);
                    ASSERT_TRUE(a && b) << what;
                    EXPECT_EQ(a->total, b->total) << what;
                    EXPECT_EQ(a->squares, b->squares) << what;
                    // The same first guess, and a whole strategy of that total in the shared
                    // table.
                    EXPECT_EQ(one.move(all, left)->guess, two.move(all, left)->guess) << what;
                    EXPECT_EQ(strategy_total(space, two, all, left), a->total) << what;
                }
            }
        }
    }
}

// The search with fewest_at_limit, checked against the reference with every set bounded by the
// parts its guesses can make.
OptimalSearchOptions fewest_checked(int threads = 1) {
    OptimalSearchOptions options = checked();
    options.fewest_at_limit = true;
    options.threads = threads;
    options.parallel_from = 100;
    options.parallel_part = 30;
    return options;
}

TEST(OptimalSearch, FewestAtTheLimitEqualsPlainMinimax) {
    // The games at the limit, then the total, on every game up to 3 pegs and 4 colours and three
    // without repeated colours, under both rules, from a limit that cannot be met to one that
    // does not bind; then inside the game, after each answer to two first guesses.
    int compared = 0;
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        std::vector<CodeShape> shapes{{3, 4, true}, {4, 4, true}, {3, 5, true}};
        for (int p = 1; p <= 3; ++p) {
            for (int k = 2; k <= 4; ++k) shapes.push_back({p, k});
        }
        for (const auto& shape : shapes) {
            if (test_support::kSanitized && shape.count() > 30) continue;
            const CodeSpace space(rules, shape);
            Minimax reference(space);
            const auto all = all_codes(space);
            for (int left = 1; left <= 5; ++left) {
                const auto want = reference.fewest(all, left);
                OptimalSearch search(space, fewest_checked());
                const auto got = search.solve({}, all, left);
                const std::string game =
                    fmt::format("{} {} within {}", to_string(rules), shape.name(), left);
                ++compared;
                if (want == kNever) {
                    EXPECT_FALSE(got) << game;
                    continue;
                }
                ASSERT_TRUE(got) << game;
                EXPECT_EQ(got->at_limit, want.games) << game;
                EXPECT_EQ(got->total, want.total) << game;
                EXPECT_EQ(got->squares, 0u) << game;
            }
            // Inside the game: each part after the first and the last code, with the limit one
            // above the least that wins every game from the start.
            int least = 1;
            while (reference.fewest(all, least) == kNever) ++least;
            for (std::uint32_t first : {0u, space.size() - 1}) {
                const auto parts = split_by_feedback(space, all, first);
                for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
                    if (parts.feedback[i] == space.win()) continue;
                    const auto part = parts.part(i);
                    const std::vector<Guess> history{{first, parts.feedback[i]}};
                    OptimalSearch search(space, fewest_checked());
                    const auto got = search.solve(history, part, least);
                    const auto want = reference.fewest({part.begin(), part.end()}, least);
                    const std::string where =
                        fmt::format("{} {} after {} {}", to_string(rules), shape.name(),
                                    space.to_string(first), space.format_feedback(parts.feedback[i]));
                    if (want == kNever) {
                        EXPECT_FALSE(got) << where;
                        continue;
                    }
                    ASSERT_TRUE(got) << where;
                    EXPECT_EQ(got->at_limit, want.games) << where;
                    EXPECT_EQ(got->total, want.total) << where;
                }
            }
        }
    }
    EXPECT_GE(compared, test_support::kSanitized ? 30 : 110);
}

TEST(OptimalSearch, FewestAtTheLimitOnTwoThreadsEqualsOne) {
    // Every way the threads hand out work (TwoThreadsFindTheSameOptimumAsOne), under the other
    // objective: the same games at the limit, total and first guess.
    for (auto shape : {CodeShape{4, 5}, CodeShape{3, 6, true}}) {
        if (test_support::kSanitized && shape.count() > 200) continue;
        const CodeSpace space(Rules::classic, shape);
        const auto all = all_codes(space);
        for (int left : {5, 4}) {
            OptimalSearch one(space, fewest_checked(1)), two(space, fewest_checked(2));
            const auto a = one.solve({}, all, left), b = two.solve({}, all, left);
            ASSERT_EQ(a.has_value(), b.has_value()) << shape.name() << " within " << left;
            if (!a) continue;
            EXPECT_EQ(*a, *b) << shape.name() << " within " << left;
            EXPECT_EQ(one.move(all, left)->guess, two.move(all, left)->guess);
        }
    }
}

TEST(OptimalSearch, PositionSymmetryChangesNothingUpToEightPegs) {
    // 8! permutations of the positions at the root: the same optimum, squares and first guess
    // as the search that tries every guess of each colour pattern.
    for (auto shape : {CodeShape{7, 2}, CodeShape{6, 2}, CodeShape{5, 3}}) {
        if (test_support::kSanitized && shape.count() > 200) continue;
        const CodeSpace space(Rules::classic, shape);
        const auto all = all_codes(space);
        OptimalSearchOptions plain;
        plain.position_symmetry = false;
        OptimalSearch with(space), without(space, plain);
        const auto a = with.solve({}, all, OptimalSearch::kUnbounded);
        const auto b = without.solve({}, all, OptimalSearch::kUnbounded);
        ASSERT_TRUE(a && b) << shape.name();
        EXPECT_EQ(a->total, b->total) << shape.name();
        EXPECT_EQ(a->squares, b->squares) << shape.name();
        EXPECT_LT(with.stats().guesses_scored, without.stats().guesses_scored) << shape.name();
    }
}

TEST(OptimalSearch, ReversalUnderAdjacentRulesChangesNothingButTheWork) {
    // Reversing the positions keeps neighbours neighbours, so under adjacent rules a guess and
    // its mirror image split a set alike: the search tries one of each pair and must play the
    // very same strategy as the search that tries both (the lower code of a pair is tried first
    // and kept on a tie), on games with and without repeated colours and under a limit.
    for (auto shape : {CodeShape{4, 4}, CodeShape{5, 3}, CodeShape{3, 6}, CodeShape{4, 5, true}}) {
        if (test_support::kSanitized && shape.count() > 150) continue;
        const CodeSpace space(Rules::adjacent, shape);
        const auto all = all_codes(space);
        for (int left : {OptimalSearch::kUnbounded, 5}) {
            const std::string game = fmt::format("{} within {}", shape.name(), left);
            OptimalSearchOptions plain;
            plain.position_symmetry = false;
            OptimalSearch with(space), without(space, plain);
            const auto a = with.solve({}, all, left), b = without.solve({}, all, left);
            ASSERT_TRUE(a && b) << game;
            EXPECT_EQ(*a, *b) << game;
            std::ostringstream tree_with, tree_without;
            write_decision_tree(tree_with, space, with.strategy(all, left));
            write_decision_tree(tree_without, space, without.strategy(all, left));
            EXPECT_EQ(tree_with.str(), tree_without.str()) << game;
            EXPECT_LT(with.stats().guesses_scored, without.stats().guesses_scored) << game;
        }
    }
}

TEST(OptimalSearch, AnswerBoundChangesNothingButTheWork) {
    // Bounding sets by the parts their guesses can make, on every set, on the large ones only
    // (the default) or nowhere: the same optimum, squares and first guess, under both rules and a
    // limit, with less work where it is on.
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto shape : {CodeShape{4, 5}, CodeShape{5, 3}, CodeShape{3, 7, true}}) {
            if (test_support::kSanitized && shape.count() > 300) continue;
            const CodeSpace space(rules, shape);
            const auto all = all_codes(space);
            for (int left : {OptimalSearch::kUnbounded, 5}) {
                const std::string game =
                    fmt::format("{} {} within {}", to_string(rules), shape.name(), left);
                OptimalSearchOptions off;
                off.answer_bound_from = SIZE_MAX;
                OptimalSearch everywhere(space, checked()), large(space), nowhere(space, off);
                const auto a = everywhere.solve({}, all, left), b = large.solve({}, all, left),
                           c = nowhere.solve({}, all, left);
                ASSERT_TRUE(a && b && c) << game;
                EXPECT_EQ(*a, *c) << game;
                EXPECT_EQ(*b, *c) << game;
                EXPECT_EQ(everywhere.move(all, left)->guess, nowhere.move(all, left)->guess)
                    << game;
            }
        }
    }
    // Where it pays: 4x5 classic searches fewer sets.
    const CodeSpace space(Rules::classic, 4, 5);
    const auto all = all_codes(space);
    OptimalSearchOptions off;
    off.answer_bound_from = SIZE_MAX;
    OptimalSearch with(space, checked()), without(space, off);
    with.solve({}, all, OptimalSearch::kUnbounded);
    without.solve({}, all, OptimalSearch::kUnbounded);
    EXPECT_LT(with.stats().nodes, without.stats().nodes);
}

TEST(OptimalSearch, LowerBoundNeverPassesTheOptimumAndRisesWithTheLevels) {
    // Every game up to 3 pegs of 4 colours and two without repeated colours, both rules, with
    // and without a limit: the bound of each number of levels is at most the reference's optimum
    // and at least the bound of one level fewer; with the first guess fixed, at most that guess's
    // optimum (the guess, then each part's optimum).
    std::vector<CodeShape> shapes;
    for (int p = 2; p <= 3; ++p) {
        for (int k = 2; k <= 4; ++k) shapes.push_back(CodeShape{p, k});
    }
    shapes.push_back(CodeShape{3, 4, true});
    shapes.push_back(CodeShape{3, 5, true});
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (const auto& shape : shapes) {
            // Under the sanitizers, the games of at most 27 codes (the release flavour: all).
            if (test_support::kSanitized && shape.count() > 27) continue;
            const CodeSpace space(rules, shape);
            Minimax reference(space);
            const auto all = all_codes(space);
            for (int left : {OptimalSearch::kUnbounded, 3}) {
                const std::string game =
                    fmt::format("{} {} within {}", to_string(rules), shape.name(), left);
                const auto want = reference.pair(all, left);
                std::uint64_t below = 0;
                for (int levels = 1; levels <= OptimalSearch::kMaxBoundLevels; ++levels) {
                    OptimalSearch search(space);
                    const auto got = search.lower_bound({}, all, left, levels);
                    EXPECT_LE(got.total, want.total) << game << ", " << levels << " levels";
                    EXPECT_GE(got.total, below) << game << ", " << levels << " levels";
                    below = got.total;
                }
                if (want == kImpossible) continue;
                for (std::uint32_t first : {0u, space.size() / 2, space.size() - 1}) {
                    std::uint64_t with_first = all.size();
                    const auto parts = split_by_feedback(space, all, first);
                    for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
                        if (parts.feedback[i] == space.win()) continue;
                        const auto part = parts.part(i);
                        const auto v =
                            reference.value({part.begin(), part.end()},
                                            left == OptimalSearch::kUnbounded ? left : left - 1);
                        with_first = v == UINT64_MAX ? v : with_first + v;
                        if (v == UINT64_MAX) break;
                    }
                    if (with_first == UINT64_MAX) continue;  // no strategy after that guess
                    OptimalSearch search(space);
                    EXPECT_LE(search.lower_bound({}, all, left, 3, first).total, with_first)
                        << game << ", first guess " << space.to_string(first);
                }
            }
        }
    }
    // The bound rises: on 3x4 classic, one level is below two.
    const CodeSpace space(Rules::classic, 3, 4);
    const auto all = all_codes(space);
    OptimalSearch search(space);
    EXPECT_LT(search.lower_bound({}, all, OptimalSearch::kUnbounded, 1).total,
              search.lower_bound({}, all, OptimalSearch::kUnbounded, 2).total);
    EXPECT_THROW(search.lower_bound({}, all, OptimalSearch::kUnbounded, 0), std::invalid_argument);
    EXPECT_THROW(
        search.lower_bound({}, all, OptimalSearch::kUnbounded, OptimalSearch::kMaxBoundLevels + 1),
        std::invalid_argument);
    EXPECT_THROW(search.lower_bound({}, all, OptimalSearch::kUnbounded, 2, space.size()),
                 std::invalid_argument);
}

TEST(OptimalSearch, FillBoundIsTheCompleteTreeTotal) {
    EXPECT_EQ(OptimalSearch::fill_bound(1, 13).total, 1u);
    EXPECT_EQ(OptimalSearch::fill_bound(2, 13).total, 3u);
    EXPECT_EQ(OptimalSearch::fill_bound(14, 13).total,
              27u);  // 1 at the first guess, 13 at the second
    EXPECT_EQ(OptimalSearch::fill_bound(15, 13).total, 15u + 14 + 1);  // and one at the third
    EXPECT_EQ(OptimalSearch::fill_bound(0, 13).total, 0u);
}

OrdinaryEvaluation evaluate_optimal(const CodeSpace& space, int max_guesses,
                                    bool record_tree = false) {
    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("optimal");
    options.max_guesses = max_guesses;
    options.record_tree = record_tree;
    return evaluate_ordinary_all(space, options);
}

TEST(WorstCaseCodebreakers, PlayTheLeastWorstCaseThenTheLeastTotalOrTheFewestGamesAtIt) {
    // The reference: the least limit some strategy meets, the least total within it
    // (optimal-worst), and the fewest games that take it, then the least total (optimal-worst-
    // fewest).
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto shape : {CodeShape{3, 4}, CodeShape{2, 5}, CodeShape{4, 3}, CodeShape{3, 5, true},
                           CodeShape{4, 4, true}}) {
            if (test_support::kSanitized && shape.count() > 100) continue;
            const CodeSpace space(rules, shape);
            Minimax reference(space);
            const auto all = all_codes(space);
            int least = 1;
            while (reference.value(all, least) == UINT64_MAX) ++least;
            const auto at = static_cast<std::size_t>(least);
            const std::string game = std::string(to_string(rules)) + " " + shape.name();
            auto played = [&](std::string_view name) {
                OrdinaryEvaluationOptions options;
                options.codebreaker = find_codebreaker(name);
                auto r = evaluate_ordinary_all(space, options);
                EXPECT_EQ(r.failures, 0u) << game << " " << name;
                r.histogram.resize(std::max(r.histogram.size(), at + 1));
                return r;
            };
            const auto worst = played("optimal-worst");
            EXPECT_EQ(worst.worst, least) << game;
            EXPECT_EQ(worst.total, reference.value(all, least)) << game;
            // `optimal` itself never has a smaller worst case.
            EXPECT_GE(played("optimal").worst, least) << game;
            const auto fewest = played("optimal-worst-fewest");
            const auto want = reference.fewest(all, least);
            EXPECT_EQ(fewest.worst, least) << game;
            EXPECT_EQ(fewest.histogram[at], want.games) << game;
            EXPECT_EQ(fewest.total, want.total) << game;
            // Never more games at the worst case than optimal-worst's, never fewer guesses.
            EXPECT_LE(fewest.histogram[at], worst.histogram[at]) << game;
            EXPECT_GE(fewest.total, worst.total) << game;
        }
    }
}

TEST(OptimalCodebreaker, PlaysTheStrategyWhoseTotalTheSearchProves) {
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (auto [p, k] : {std::pair{3, 4}, std::pair{3, 5}, std::pair{4, 3}}) {
            const CodeSpace space(rules, p, k);
            for (int limit : {10, 4, 3}) {
                OptimalSearch search(space);
                const auto want = search.solve({}, all_codes(space), limit);
                const auto r = evaluate_optimal(space, limit);
                if (!want) {
                    EXPECT_GT(r.failures, 0u);
                    continue;
                }
                EXPECT_EQ(r.failures, 0u);
                EXPECT_EQ(r.total, want->total)
                    << to_string(rules) << " " << p << "x" << k << " within " << limit;
                std::uint64_t squares = 0;
                for (std::size_t g = 0; g < r.histogram.size(); ++g)
                    squares += g * g * r.histogram[g];
                EXPECT_EQ(squares, want->squares)
                    << to_string(rules) << " " << p << "x" << k << " within " << limit;
                EXPECT_LE(r.worst, limit);
            }
        }
    }
}

TEST(OptimalCodebreaker, RealPlayFollowsTheSameTreeAfterAGivenFirstGuess) {
    const CodeSpace space(Rules::adjacent, 3, 5);
    OrdinaryEvaluationOptions options;
    options.codebreaker = find_codebreaker("optimal");
    options.codebreaker_options.first = 0;  // 000: the search starts after it
    const auto walk = evaluate_ordinary_all(space, options);
    const auto games = evaluate_ordinary_games(space, options, all_codes(space));
    EXPECT_EQ(walk.histogram, games.histogram);
    EXPECT_EQ(walk.failures, 0u);
    EXPECT_GE(walk.total, *searched(space, OptimalSearch::kUnbounded));
}

TEST(DecisionTree, WrittenTreeReadsBackAndReplaysToTheSameTotals) {
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (const CodeShape shape : {CodeShape{3, 4}, CodeShape{4, 5, true}}) {
            const CodeSpace space(rules, shape);
            const auto played = evaluate_optimal(space, 10, true);
            ASSERT_TRUE(played.tree);
            std::stringstream file;
            write_decision_tree(file, space, *played.tree);
            const auto tree = std::make_shared<const DecisionTree>(read_decision_tree(file, "t"));
            EXPECT_EQ(tree->nodes.size(), played.tree->nodes.size());
            EXPECT_EQ(tree->mismatch(space), "");
            EXPECT_NE(tree->mismatch(CodeSpace(rules, 4, 5)), "") << "a tree names its repetition";
            OrdinaryEvaluationOptions options;
            options.codebreaker = find_codebreaker("tree");
            options.codebreaker_options.tree = tree;
            const auto replayed = evaluate_ordinary_all(space, options);
            EXPECT_EQ(replayed.histogram, played.histogram);
            EXPECT_EQ(replayed.total, played.total);
            EXPECT_EQ(replayed.failures, 0u);
        }
    }
}

void expect_refused(const std::string& text, const std::string& why) {
    std::istringstream in(text);
    try {
        read_decision_tree(in, "f");
        ADD_FAILURE() << "accepted: " << text;
    } catch (const std::runtime_error& e) {
        EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
}

TEST(DecisionTree, MalformedFilesAreRefusedWithTheLine) {
    expect_refused("", "empty");
    expect_refused("mastermind-tree 2 classic 4 6\n0011\n", "f:1: expected the header");
    expect_refused("mastermind-tree 1 odd 4 6\n", "rules 'odd'");
    expect_refused("mastermind-tree 1 classic 9 9\n", "pegs");
    expect_refused("mastermind-tree 1 classic 4 6\n", "no first guess");
    expect_refused("mastermind-tree 1 classic 4 6\n0016\n",
                   "f:2: guess '0016' has symbol '6' at position 4, expected 0-5");
    expect_refused("mastermind-tree 1 classic 4 10 distinct\n0012\n",
                   "f:2: guess '0012' has '0' twice (positions 1 and 2): colours may not repeat");
    std::string with_nul = "mastermind-tree 1 classic 4 6\n00?1\n";
    with_nul[with_nul.find('?')] = '\0';
    expect_refused(with_nul,
                   "f:2: guess '00\\x001' has symbol '\\x00' at position 3, expected 0-5");
    expect_refused("mastermind-tree 1 classic 4 10 unique\n0123\n", "[distinct]");
    expect_refused("mastermind-tree 1 classic 5 4 distinct\n0123\n", "at least 5 colours");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n0012\n", "f:3: a second first guess");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n    0 0 2222\n",
                   "f:3: indented more than one level");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n  0 0 2222\n  0 0 3333\n",
                   "f:4: the same answer twice");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n  4 0 2222\n", "all-black");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n  3 2 2222\n", "more than 4 pegs");
    expect_refused("mastermind-tree 1 adjacent 4 6\n0011\n  0 0 2222\n",
                   "expected 3 answer numbers");
    expect_refused("mastermind-tree 1 classic 4 6\n0011\n 0 0 2222\n", "multiple of two");
}

}  // namespace
}  // namespace mastermind
