// The first test's statistics against a count by hand over every secret of a small game (stride 1),
// and a sample (stride > 1) estimating the same figures.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

TEST(ClassStatistics, EveryFigureMatchesACountByHand) {
    const BatchParams params{5, 6, 4, 20};
    Rng rng(3);
    const auto test = random_distinct_strings(rng, params);
    std::map<std::vector<HitBlow>, std::uint64_t> sizes;
    for (std::uint64_t i = 0; i < params.secret_count(); ++i) {
        ++sizes[answered_record(test, PackedCode::from_index(i, params), params.pegs).answers];
    }
    std::uint64_t largest = 0;
    double squares = 0;
    std::vector<std::uint64_t> all;
    for (const auto& [answers, n] : sizes) {
        largest = std::max(largest, n);
        squares += static_cast<double>(n) * static_cast<double>(n);
        all.push_back(n);
    }
    std::sort(all.begin(), all.end());
    const auto hard_size = all[all.size() * 9 / 10];  // the largest tenth of the classes are "hard"
    std::uint64_t in_hard = 0;
    for (auto n : all) in_hard += n >= hard_size ? n : 0;
    const auto total = static_cast<double>(params.secret_count());

    const auto s = class_statistics(test, params, 1, hard_size);
    EXPECT_EQ(s.sampled, params.secret_count());
    EXPECT_EQ(s.classes, sizes.size());
    EXPECT_EQ(s.largest, largest);
    EXPECT_NEAR(s.expected_class, squares / total, 1e-9);
    EXPECT_NEAR(s.hard_share, static_cast<double>(in_hard) / total, 1e-12);
    EXPECT_GT(s.hard_share, 0.0);
    EXPECT_EQ(class_statistics(test, params, 1).hard_share, 0.0);  // no hard size: not computed

    // The power means: 1 + (mean over secrets of (N - 1) ... (N - K))^(1/K) for their class of N;
    // K = 1 is the expected class.
    for (int power = 1; power <= 5; ++power) {
        double falling = 0;
        for (auto n : all) falling += static_cast<double>(n) * falling_factorial(n - 1, power);
        const double want = 1 + std::pow(falling / total, 1.0 / power);
        EXPECT_NEAR(class_statistics(test, params, 1, 0, power).power_mean, want, 1e-9 * want)
            << "power " << power;
    }
    EXPECT_NEAR(class_statistics(test, params, 1, 0, 1).power_mean, s.expected_class, 1e-9);
    EXPECT_GT(class_statistics(test, params, 1, 0, 4).power_mean,
              class_statistics(test, params, 1, 0, 2).power_mean);
    EXPECT_EQ(s.power_mean, 0.0);  // no power: not computed

    // Every 7th secret estimates the same figures.
    const auto sample = class_statistics(test, params, 7, hard_size);
    EXPECT_EQ(sample.sampled, (params.secret_count() + 6) / 7);
    EXPECT_NEAR(sample.expected_class, s.expected_class, 0.25 * s.expected_class);
}

// 10 pegs of 10 colours: 10^10 secrets, past 2^32. The sample (every 499,979th secret, 20,001 of
// them) reaches indices up to 10^10, which 32 bits would wrap to other secrets.
TEST(ClassStatistics, GamesPast2To32SecretsAreSampledByTheirTrueIndices) {
    const BatchParams params{10, 10, 3, 20};
    const std::uint64_t stride = 499'979;
    Rng rng(5);
    const auto test = random_distinct_strings(rng, params);
    auto count_by_hand = [&](bool wrap) {
        std::map<std::vector<HitBlow>, std::uint64_t> sizes;
        for (std::uint64_t index = 0; index < params.secret_count(); index += stride) {
            const auto used = wrap ? static_cast<std::uint32_t>(index) : index;
            ++sizes[answered_record(test, PackedCode::from_index(used, params), params.pegs)
                        .answers];
        }
        return sizes;
    };
    const auto sizes = count_by_hand(false);
    std::uint64_t largest = 0, sampled = 0;
    double pairs = 0;
    for (const auto& [answers, n] : sizes) {
        largest = std::max(largest, n);
        sampled += n;
        pairs += static_cast<double>(n) * static_cast<double>(n - 1);
    }
    ASSERT_GT((sampled - 1) * stride, std::uint64_t{UINT32_MAX});
    ASSERT_NE(count_by_hand(true), sizes);  // wrapped indices would be seen

    const auto s = class_statistics(test, params, stride);
    EXPECT_EQ(s.sampled, sampled);
    EXPECT_EQ(s.classes, sizes.size());
    EXPECT_EQ(s.largest, largest);
    EXPECT_NEAR(s.expected_class,
                1 + pairs / static_cast<double>(sampled) * static_cast<double>(stride), 1e-6);
}

}  // namespace
}  // namespace mastermind
