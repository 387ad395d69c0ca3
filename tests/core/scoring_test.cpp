// The reference scorer and the filter's letter kernels against the brute force, and against
// hand-checked cases.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "adjacent_brute_force.hpp"
#include "filter/letter_kernel.hpp"
#include "helpers/sanitized.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/scoring.hpp"

namespace mastermind {
namespace {

std::vector<std::uint8_t> pegs(std::string_view letters) {
    std::vector<std::uint8_t> out;
    for (char c : letters) out.push_back(static_cast<std::uint8_t>(c - 'A'));
    return out;
}

Score adjacent(std::string_view target, std::string_view guess) {
    return score_adjacent(pegs(target), pegs(guess));
}

TEST(AdjacentScoring, SampleCases) {
    EXPECT_EQ(adjacent("ABCD", "AAAA"), (Score{1, 0, 0}));
    EXPECT_EQ(adjacent("ABCD", "ACEB"), (Score{1, 1, 1}));
    EXPECT_EQ(adjacent("ABCD", "EFBB"), (Score{0, 1, 0}));
    EXPECT_EQ(adjacent("ABCD", "ACBC"), (Score{1, 2, 0}));
    EXPECT_EQ(adjacent("ABCD", "BEAA"), (Score{0, 1, 1}));
    EXPECT_EQ(adjacent("ABCD", "ABCD"), (Score{4, 0, 0}));
    EXPECT_EQ(adjacent("ABABAA", "BCBCAA"), (Score{2, 2, 0}));
}

// A scan that offers each guess peg its right neighbour first gets 1 grey here: guess 0 takes
// target 1, and guess 2 then finds target 1 taken and target 3 not a B. The maximum is 2.
TEST(AdjacentScoring, GreyIsAMaximumMatchingNotARightFirstScan) {
    EXPECT_EQ(adjacent("ABAB", "BCBC"), (Score{0, 2, 0}));
    EXPECT_EQ(adjacent("ABAA", "BCBC"), (Score{0, 1, 0}));
    // Chains where a left-first choice must be undone by nobody: alternating runs.
    EXPECT_EQ(adjacent("ABABABAB", "BABABABA"), (Score{0, 8, 0}));
    EXPECT_EQ(adjacent("AABB", "ABAB"), (Score{2, 2, 0}));
}

TEST(AdjacentScoring, WhiteCountsDistantPegsOnly) {
    EXPECT_EQ(adjacent("ABCDE", "EXXXA"), (Score{0, 0, 2}));
    EXPECT_EQ(adjacent("AXXA", "XAAX"), (Score{0, 4, 0}));
}

TEST(ClassicScoring, HitAndBlowExamplesOfTheBatchProblem) {
    auto classic = [](std::string_view t, std::string_view g) {
        return score_classic(pegs(t), pegs(g));
    };
    // The seeds' digit examples, with digits written as letters A=0, B=1, ...
    EXPECT_EQ(classic("ABCD", "ABDE"), (Score{2, 0, 1}));  // 0123 0134 -> 2 1
    EXPECT_EQ(classic("ABCD", "BBJJ"), (Score{1, 0, 0}));  // 0123 1199 -> 1 0
    EXPECT_EQ(classic("ABCD", "JJBB"), (Score{0, 0, 1}));  // 0123 9911 -> 0 1
    EXPECT_EQ(classic("BBCD", "JJBB"), (Score{0, 0, 2}));  // 1123 9911 -> 0 2
    EXPECT_EQ(classic("ABBD", "DJBB"), (Score{1, 0, 2}));  // 0113 3911 -> 1 2
}

struct RandomCase {
    std::vector<std::uint8_t> target, guess;
};

RandomCase random_case(Rng& rng, int max_pegs, int max_colours) {
    const auto n = static_cast<std::size_t>(rng.between(1, max_pegs));
    const auto colours = static_cast<std::uint64_t>(rng.between(1, max_colours));
    RandomCase c;
    for (std::size_t i = 0; i < n; ++i)
        c.target.push_back(static_cast<std::uint8_t>(rng.below(colours)));
    c.guess = c.target;
    for (auto& p : c.guess) {  // near-copies and random pairs, so that grey is common
        if (rng.chance(1, 2)) p = static_cast<std::uint8_t>(rng.below(colours));
    }
    for (std::size_t i = 0; i + 1 < n; ++i) {
        if (rng.chance(1, 4)) std::swap(c.guess[i], c.guess[i + 1]);
    }
    return c;
}

Score to_score(testing::BruteScore b) {
    return {b.black, b.grey, b.white};
}

// A fifth of the draws under the sanitizers (the release flavour runs them all).
constexpr int kDifferentialCases = test_support::kSanitized ? 20'000 : 100'000;

TEST(AdjacentScoring, MatchesBruteForceOnRandomCases) {
    Rng rng(20261130);
    for (int i = 0; i < kDifferentialCases; ++i) {
        const auto c = random_case(rng, i % 2 ? 12 : kMaxPegs, i % 3 ? 4 : kMaxColours);
        const Score expected = to_score(testing::brute_force_adjacent(c.target, c.guess));
        ASSERT_EQ(score_adjacent(c.target, c.guess), expected) << "case " << i;
    }
}

TEST(ClassicScoring, MatchesBruteForceOnRandomCases) {
    Rng rng(7);
    for (int i = 0; i < kDifferentialCases / 10; ++i) {
        const auto c = random_case(rng, kMaxPegs, i % 2 ? 3 : kMaxColours);
        const auto b = testing::brute_force_classic(c.target, c.guess);
        ASSERT_EQ(score_classic(c.target, c.guess), (Score{b.black, 0, b.white})) << "case " << i;
    }
}

// The kernels read around the strings; lay them out as in the filter's buffer, with padding.
Score run_kernel(detail::LetterKernel kernel, const RandomCase& c, Rules rules, bool& ok) {
    std::string buffer(64, 'Q');
    const std::size_t target_at = buffer.size();
    for (auto p : c.target) buffer.push_back(static_cast<char>('A' + p));
    buffer.push_back(' ');
    const std::size_t guess_at = buffer.size();
    for (auto p : c.guess) buffer.push_back(static_cast<char>('A' + p));
    buffer.append(128, 'Q');
    Score s;
    ok = kernel(buffer.data() + target_at, buffer.data() + guess_at,
                static_cast<int>(c.target.size()), rules, s);
    return s;
}

class LetterKernelTest : public ::testing::TestWithParam<detail::LetterKernel> {};

TEST_P(LetterKernelTest, MatchesReferenceScorersOnRandomCases) {
    Rng rng(99);
    for (int i = 0; i < kDifferentialCases; ++i) {
        const auto c = random_case(rng, detail::kKernelMaxPegs, i % 3 ? 5 : kMaxColours);
        const Rules rules = i % 4 ? Rules::adjacent : Rules::classic;
        bool ok = false;
        const Score got = run_kernel(GetParam(), c, rules, ok);
        ASSERT_TRUE(ok) << "case " << i;
        ASSERT_EQ(got, score(rules, c.target, c.guess)) << "case " << i;
    }
}

TEST_P(LetterKernelTest, RejectsAnyByteOutsideAToZ) {
    for (int bad : std::initializer_list<int>{0, ' ', '@', '[', 'a', 'z', 0x80, 0xC1, 0xFF}) {
        for (int position = 0; position < 2 * 50; ++position) {
            std::string buffer(64, 'A');
            std::string target(50, 'B'), guess(50, 'C');
            (position < 50 ? target[position] : guess[position - 50]) = static_cast<char>(bad);
            buffer += target + " " + guess + std::string(128, 'A');
            Score s;
            EXPECT_FALSE(
                GetParam()(buffer.data() + 64, buffer.data() + 64 + 51, 50, Rules::adjacent, s))
                << "byte " << bad << " at " << position;
        }
    }
}

// Every kernel this processor runs; a kernel it cannot run is named on stderr, not silently left
// out (the avx512 kernel needs AVX-512 VBMI, VPOPCNTDQ and GFNI).
std::vector<detail::LetterKernel> kernels_here() {
    std::vector<detail::LetterKernel> k;
    for (ScoreKernel kind : {ScoreKernel::portable, ScoreKernel::avx2, ScoreKernel::avx512}) {
        if (score_kernel_supported(kind)) {
            k.push_back(detail::kernel_pair(kind).letters);
        } else {
            fmt::print(stderr,
                       "note: the {} letter kernel is not tested: this processor lacks it\n",
                       score_kernel_name(kind));
        }
    }
    return k;
}

std::string kernel_name(const ::testing::TestParamInfo<detail::LetterKernel>& info) {
    for (ScoreKernel kind : {ScoreKernel::portable, ScoreKernel::avx2, ScoreKernel::avx512}) {
        if (detail::kernel_pair(kind).letters == info.param) {
            return std::string(score_kernel_name(kind));
        }
    }
    return "unknown";
}

INSTANTIATE_TEST_SUITE_P(Kernels, LetterKernelTest, ::testing::ValuesIn(kernels_here()),
                         kernel_name);

}  // namespace
}  // namespace mastermind
