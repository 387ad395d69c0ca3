// The column scorer against the scalar score of each code, on random codes of several games, over
// any range of the columns; the pair bytes are one per answer.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <vector>

#include "mastermind/batch/code_columns.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

std::uint8_t expected_pair(HitBlow a) {
    const int common = a.hit + a.blow;
    return static_cast<std::uint8_t>(common * (common + 1) / 2 + a.hit);
}

TEST(CodeColumns, AnswersAreEachCodesScoreAsOnePairByte) {
    for (const BatchParams params :
         {BatchParams{4, 6, 4, 20}, BatchParams{9, 10, 9, 20}, BatchParams{12, 16, 12, 20}}) {
        Rng rng(7);
        const std::size_t n = 150;  // not a multiple of 64: the padding is scored too
        CodeColumns columns(params, n);
        std::vector<PackedCode> codes;
        for (std::size_t i = 0; i < n; ++i) {
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            for (int p = 0; p < params.pegs; ++p)
                digits[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(
                    rng.below(static_cast<std::uint64_t>(params.colours)));
            if (i % 5 == 0)
                digits.fill(static_cast<std::uint8_t>(
                    i % static_cast<std::size_t>(params.colours)));  // repeated colours
            columns.set(i, digits.data());
            codes.push_back(PackedCode::from_pegs(digits.data(), params.pegs));
            for (int p = 0; p < params.pegs; ++p)
                ASSERT_EQ(columns.peg(i, p), digits[static_cast<std::size_t>(p)]);
        }
        ASSERT_EQ(columns.padded(), 192u);
        for (int t = 0; t < 20; ++t) {
            const auto guess = codes[rng.below(n)];
            const auto other = PackedCode::from_index(rng.below(params.secret_count()), params);
            for (const auto& code : {guess, other}) {
                std::vector<std::uint8_t> all(columns.padded(), 0xFF), part(columns.padded(), 0xFF);
                columns.answers(code, all.data());
                columns.answers(code, part.data(), 33, 101);
                const auto zero = PackedCode::from_index(0, params);
                for (std::size_t i = 0; i < columns.padded(); ++i) {
                    const auto want = expected_pair(i < n ? codes[i].score(code, params.pegs)
                                                          : zero.score(code, params.pegs));
                    ASSERT_EQ(all[i], want) << "code " << i;
                    if (i >= 33 && i < 101)
                        ASSERT_EQ(part[i], want);
                    else
                        ASSERT_EQ(part[i], 0xFF) << "written outside the range at " << i;
                }
            }
        }
    }
}

TEST(CodeColumns, PairBytesAreOnePerAnswerAndTheirWordsDiffer) {
    std::set<int> bytes;
    for (int common = 0; common <= 12; ++common) {
        for (int hit = 0; hit <= common; ++hit)
            bytes.insert(expected_pair(HitBlow{static_cast<std::uint8_t>(hit),
                                               static_cast<std::uint8_t>(common - hit), 0}));
    }
    EXPECT_EQ(bytes.size(), kPairBytes);
    EXPECT_EQ(*bytes.rbegin(), static_cast<int>(kPairBytes) - 1);
    const auto& words = pair_words();
    EXPECT_EQ(std::set<std::uint64_t>(words.begin(), words.end()).size(), kPairBytes);
}

TEST(CodeColumns, RefusesAdjacentRules) {
    BatchParams params{4, 6, 4, 20};
    params.rules = Rules::adjacent;
    EXPECT_THROW(CodeColumns(params, 10), std::invalid_argument);
}

}  // namespace
}  // namespace mastermind
