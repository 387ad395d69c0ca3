// The project's seeded generator (core/random.hpp): repeatable, its bounded and unit draws in
// range and without a gross bias.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <set>

#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

TEST(Rng, TheSameSeedGivesTheSameDrawsAndAnotherSeedOthers) {
    Rng a(42), b(42), c(43);
    int differ = 0;
    for (int i = 0; i < 100; ++i) {
        const auto x = a.next();
        EXPECT_EQ(x, b.next());
        differ += x != c.next();
    }
    EXPECT_GT(differ, 95);
}

TEST(Rng, BelowStaysInRangeAndIsRoughlyUniform) {
    Rng rng(7);
    std::array<int, 10> counts{};
    const int n = 100'000;
    for (int i = 0; i < n; ++i) {
        const auto x = rng.below(10);
        ASSERT_LT(x, 10u);
        ++counts[x];
    }
    double chi2 = 0;  // 9 degrees of freedom: above 27.9 with probability 0.001
    for (int c : counts) chi2 += (c - n / 10.0) * (c - n / 10.0) / (n / 10.0);
    EXPECT_LT(chi2, 27.9);
    for (int i = 0; i < 1000; ++i) EXPECT_EQ(rng.below(1), 0u);
    const auto top = rng.below(UINT64_MAX);
    EXPECT_LT(top, UINT64_MAX);
}

TEST(Rng, UniformIsInTheUnitIntervalWithMeanOneHalf) {
    Rng rng(11);
    const int n = 100'000;
    double sum = 0, low = 1, high = 0;
    int below_tenth = 0;
    for (int i = 0; i < n; ++i) {
        const double u = rng.uniform();
        ASSERT_GE(u, 0.0);
        ASSERT_LT(u, 1.0);
        sum += u, low = std::min(low, u), high = std::max(high, u);
        below_tenth += u < 0.1;
    }
    EXPECT_NEAR(sum / n, 0.5, 0.005);  // the mean's standard deviation is 0.0009
    EXPECT_NEAR(below_tenth, n / 10, 500);
    EXPECT_LT(low, 0.001);
    EXPECT_GT(high, 0.999);
}

TEST(Rng, AStateRestoredGoesOnWithTheSameDraws) {
    Rng a(17);
    for (int i = 0; i < 1000; ++i) a.next();
    const auto state = a.state();
    Rng b(99);
    ASSERT_TRUE(b.restore(state));
    for (int i = 0; i < 100; ++i) EXPECT_EQ(a.next(), b.next());
    // Text that is not a whole state leaves the generator as it was.
    const auto before = b.state();
    EXPECT_FALSE(b.restore("12 34"));
    EXPECT_FALSE(b.restore(state + " 5"));
    EXPECT_FALSE(b.restore(""));
    EXPECT_EQ(b.state(), before);
}

TEST(Rng, DerivedSeedsDifferByIndexAndBySeed) {
    std::set<std::uint64_t> seen;
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        for (std::uint64_t index = 0; index < 50; ++index) seen.insert(derive_seed(seed, index));
    }
    EXPECT_EQ(seen.size(), 1000u);
    static_assert(derive_seed(1, 2) == derive_seed(1, 2));
}

}  // namespace
}  // namespace mastermind
