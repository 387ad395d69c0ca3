// The exact search's vector kernel for small sets (src/ordinary/small_scan.hpp) against the
// member-by-member loop it replaces, on random sets of every size it takes under both rules; its
// answers for larger sets against CodeSpace::feedback; and the search with and without it: the
// same optimum, the same sets searched and guesses scored.
#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/optimal_search.hpp"
#include "ordinary/small_scan.hpp"

namespace mastermind {
namespace {

// The masks' layouts at their extremes: 4 to 8 pegs, 3 to 16 colours, codes without repeats,
// masks of up to 32 bits (sixteen members a register: 4x6, 8x3, 5x6, 4x8 at the limit) and over.
const CodeShape kShapes[] = {CodeShape{4, 6}, CodeShape{5, 8}, CodeShape{4, 16}, CodeShape{8, 3},
                             CodeShape{4, 10, true}, CodeShape{5, 6}, CodeShape{4, 8}};
constexpr int kShapeCount = static_cast<int>(std::size(kShapes));

TEST(SmallScan, EqualsTheMemberLoopOnRandomSets) {
    if (!small_scan::supported()) GTEST_SKIP() << "this processor has no AVX-512 (VPOPCNTDQ, CD)";
    std::mt19937_64 random(7);
    int checked = 0;
    for (auto rules : {Rules::classic, Rules::adjacent})
    for (const auto& shape : kShapes) {
        const CodeSpace space(rules, shape);
        const auto game = small_scan::game_of(rules == Rules::adjacent, shape.pegs, shape.colours);
        std::vector<std::uint64_t> step(small_scan::kMaxMembers);
        for (std::uint32_t n = 1; n <= small_scan::kMaxMembers; ++n) {
            for (int trial = 0; trial < 200; ++trial) {
                // Steps of any size (the bound's differences), members with repeats allowed: a
                // set of few distinct answers is the case the conflicts must count right.
                for (auto& s : step) s = random() >> 8;
                small_scan::Members members{};
                std::vector<CodeMasks> masks(n);
                const std::uint32_t range = trial % 2 ? space.size() : 5;
                for (std::uint32_t i = 0; i < n; ++i) {
                    masks[i] = space.masks(static_cast<std::uint32_t>(random() % range));
                    members.positions[i] = masks[i].positions;
                    members.counts[i] = masks[i].counts;
                }
                // Garbage past n must not count.
                for (std::uint32_t i = n; i < small_scan::kMaxMembers; ++i)
                    members.positions[i] = members.counts[i] = random();
                const CodeMasks g = space.masks(static_cast<std::uint32_t>(random() % space.size()));
                std::vector<std::uint32_t> count(space.feedback_slots(), 0);
                std::uint64_t sum = 0;
                std::uint32_t parts = 0, largest = 0;
                for (const auto& m : masks) {
                    const std::uint32_t before = count[space.feedback(g, m)]++;
                    sum += step[before];
                    parts += before == 0 ? 1 : 0;
                    largest = std::max(largest, before + 1);
                }
                const auto got =
                    small_scan::score(game, members, n, g.positions, g.counts, step.data());
                const auto what = std::string(to_string(rules)) + " " + shape.name() + " n " +
                                  std::to_string(n);
                ASSERT_EQ(got.sum, sum) << what;
                ASSERT_EQ(got.parts, parts) << what;
                ASSERT_EQ(got.largest, largest) << what;
                ++checked;
            }
        }
    }
    EXPECT_EQ(checked, 2 * kShapeCount * 16 * 200);
}

TEST(SmallScan, AnswersOfLargerSetsAreTheFeedback) {
    if (!small_scan::supported()) GTEST_SKIP() << "this processor has no AVX-512 (VPOPCNTDQ, CD)";
    std::mt19937_64 random(8);
    int checked = 0;
    for (auto rules : {Rules::classic, Rules::adjacent})
    for (const auto& shape : kShapes) {
        const CodeSpace space(rules, shape);
        const auto game = small_scan::game_of(rules == Rules::adjacent, shape.pegs, shape.colours);
        for (std::uint32_t n : {1u, 7u, 8u, 17u, 63u, 64u, 100u, 1001u}) {
            const std::uint32_t padded =
                (n + small_scan::kAnswersBlock - 1) / small_scan::kAnswersBlock * small_scan::kAnswersBlock;
            std::vector<std::uint64_t> positions(padded), counts(padded);
            std::vector<std::uint32_t> codes(n);
            for (std::uint32_t i = 0; i < padded; ++i) {
                // Garbage in the padding: its answers are never read.
                positions[i] = counts[i] = random();
                if (i >= n) continue;
                codes[i] = static_cast<std::uint32_t>(random() % space.size());
                positions[i] = space.masks(codes[i]).positions;
                counts[i] = space.masks(codes[i]).counts;
            }
            const auto guess = static_cast<std::uint32_t>(random() % space.size());
            const CodeMasks g = space.masks(guess);
            std::vector<std::uint32_t> answers(padded + 1, 0xDEAD);
            small_scan::answers(game, positions.data(), counts.data(), n, g.positions, g.counts,
                                answers.data());
            for (std::uint32_t i = 0; i < n; ++i) {
                ASSERT_EQ(answers[i], space.feedback(guess, codes[i]))
                    << to_string(rules) << " " << shape.name() << " n " << n << " member " << i;
            }
            EXPECT_EQ(answers[padded], 0xDEADu) << "wrote past the padding";
            ++checked;
        }
    }
    EXPECT_EQ(checked, 2 * kShapeCount * 8);
}

TEST(SmallScan, TheSearchWithItDoesExactlyTheSameWork) {
    if (!small_scan::supported()) GTEST_SKIP() << "this processor has no AVX-512 (VPOPCNTDQ, CD)";
    for (auto rules : {Rules::classic, Rules::adjacent})
    for (auto shape : {CodeShape{4, 5}, CodeShape{4, 7, true}, CodeShape{3, 6}}) {
        if (test_support::kSanitized && shape.count() > 400) continue;
        const CodeSpace space(rules, shape);
        const auto all = all_codes(space);
        for (int left : {OptimalSearch::kUnbounded, 5}) {
            OptimalSearchOptions plain;
            plain.vector_scan = false;
            OptimalSearch with(space), without(space, plain);
            const auto a = with.solve({}, all, left), b = without.solve({}, all, left);
            ASSERT_EQ(a.has_value(), b.has_value()) << shape.name();
            if (!a) continue;
            EXPECT_EQ(*a, *b) << shape.name();
            EXPECT_EQ(with.stats().nodes, without.stats().nodes) << shape.name();
            EXPECT_EQ(with.stats().guesses_scored, without.stats().guesses_scored) << shape.name();
            EXPECT_EQ(with.move(all, left)->guess, without.move(all, left)->guess) << shape.name();
        }
    }
}

}  // namespace
}  // namespace mastermind
