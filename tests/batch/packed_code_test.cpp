// The packed hit/blow scorer of the batch game against the generic classic scorer.
#include <gtest/gtest.h>

#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/scoring.hpp"

namespace mastermind {
namespace {

HitBlow hb(int hit, int blow) {
    return {static_cast<std::uint8_t>(hit), static_cast<std::uint8_t>(blow)};
}

TEST(PackedCode, ScoresTheProblemStatementExamples) {
    BatchParams p{4, 10, 4, 20};
    auto code = [&](const char* s) { return *PackedCode::parse(s, p); };
    EXPECT_EQ(code("0123").score(code("0134"), 4), hb(2, 1));
    EXPECT_EQ(code("0123").score(code("1199"), 4), hb(1, 0));
    EXPECT_EQ(code("0123").score(code("9911"), 4), hb(0, 1));
    EXPECT_EQ(code("1123").score(code("9911"), 4), hb(0, 2));
    EXPECT_EQ(code("0113").score(code("3911"), 4), hb(1, 2));
}

TEST(PackedCode, MatchesTheGenericScorerOnRandomCodes) {
    Rng rng(3);
    for (int i = 0; i < 200'000; ++i) {
        const int pegs = static_cast<int>(rng.between(1, BatchParams::kMaxPegs));
        const int colours = static_cast<int>(rng.between(2, BatchParams::kMaxColours));
        std::vector<std::uint8_t> a(static_cast<std::size_t>(pegs)), b(a.size());
        for (auto& x : a)
            x = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(colours)));
        for (auto& x : b)
            x = static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(colours)));
        if (rng.chance(1, 3)) b = a;  // many hits too
        if (rng.chance(1, 2))
            b[rng.below(b.size())] =
                static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(colours)));
        const Score expected = score_classic(a, b);
        const HitBlow got = PackedCode::from_pegs(a.data(), pegs)
                                .score(PackedCode::from_pegs(b.data(), pegs), pegs);
        ASSERT_EQ(got, hb(expected.black, expected.white)) << "case " << i;
    }
}

TEST(PackedCode, CountsEveryColourUpToAWholeCodeOfOne) {
    // from_pegs gathers the counts as nibbles: the extremes are 12 pegs of one colour and
    // colour 15.
    for (int pegs = 1; pegs <= BatchParams::kMaxPegs; ++pegs) {
        for (int colour = 0; colour < BatchParams::kMaxColours; ++colour) {
            const std::vector<std::uint8_t> same(static_cast<std::size_t>(pegs),
                                                 static_cast<std::uint8_t>(colour));
            const auto code = PackedCode::from_pegs(same.data(), pegs);
            for (int c = 0; c < BatchParams::kMaxColours; ++c)
                ASSERT_EQ(code.count(c), c == colour ? pegs : 0) << pegs << " x " << colour;
            EXPECT_EQ(code.score(code, pegs), hb(pegs, 0));
        }
    }
    Rng rng(5);
    for (int i = 0; i < 10'000; ++i) {
        std::vector<std::uint8_t> pegs(BatchParams::kMaxPegs);
        std::vector<int> expected(BatchParams::kMaxColours, 0);
        for (auto& x : pegs)
            ++expected[x = static_cast<std::uint8_t>(rng.below(BatchParams::kMaxColours))];
        const auto code = PackedCode::from_pegs(pegs.data(), BatchParams::kMaxPegs);
        for (int c = 0; c < BatchParams::kMaxColours; ++c)
            ASSERT_EQ(code.count(c), expected[static_cast<std::size_t>(c)]) << "case " << i;
    }
}

TEST(PackedCode, IndexParseAndPrintRoundTrip) {
    const BatchParams p{5, 7, 3, 20};
    for (std::uint64_t i = 0; i < p.secret_count(); i += 7) {
        const auto code = PackedCode::from_index(i, p);
        ASSERT_EQ(code.index(p), i);
        const auto text = code.to_string(p.pegs);
        ASSERT_EQ(PackedCode::parse(text, p), code) << text;
    }
    EXPECT_EQ(PackedCode::from_index(0, BatchParams{}).to_string(9), "000000000");
    EXPECT_EQ(PackedCode::from_index(123045607, BatchParams{}).to_string(9), "123045607");
    const BatchParams hex{12, 16, 16, 20};
    EXPECT_EQ(PackedCode::parse("0123456789AB", hex)->to_string(12), "0123456789AB");
}

TEST(PackedCode, RejectsBadStrings) {
    const BatchParams p{4, 6, 4, 20};
    EXPECT_FALSE(PackedCode::parse("012", p));
    EXPECT_FALSE(PackedCode::parse("01234", p));
    EXPECT_FALSE(PackedCode::parse("0126", p));  // 6 is outside K=6
    EXPECT_FALSE(PackedCode::parse("01a3", p));
    EXPECT_FALSE(PackedCode::parse("01 3", p));
    EXPECT_TRUE(PackedCode::parse("5555", p));
}

}  // namespace
}  // namespace mastermind
