// The incremental classes of first-test's climb against class_statistics() on the same sample:
// a test set from scratch, proposals (which leave the test alone until accepted), accepted
// changes, samples of either index width; and the refusals.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "helpers/sanitized.hpp"
#include "mastermind/batch/class_sample.hpp"
#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

void expect_same(const ClassStatistics& got, const ClassStatistics& want) {
    EXPECT_EQ(got.sampled, want.sampled);
    EXPECT_EQ(got.classes, want.classes);
    EXPECT_EQ(got.largest, want.largest);
    EXPECT_DOUBLE_EQ(got.expected_class, want.expected_class);
    EXPECT_DOUBLE_EQ(got.hard_share, want.hard_share);
    // Summed in another order than class_statistics' hash map's: equal to rounding.
    EXPECT_NEAR(got.power_mean, want.power_mean, 1e-12 * want.power_mean);
}

PackedCode changed(const PackedCode& code, Rng& rng, const BatchParams& params) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
    for (int p = 0; p < params.pegs; ++p)
        pegs[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(code.peg(p));
    pegs[rng.below(static_cast<std::uint64_t>(params.pegs))] =
        static_cast<std::uint8_t>(rng.below(static_cast<std::uint64_t>(params.colours)));
    return PackedCode::from_pegs(pegs.data(), params.pegs);
}

TEST(ClassSample, FollowsClassStatisticsThroughProposalsAndAcceptedChanges) {
    // Every secret of 6/7/6 (117,649: several parts of the partition) and every 7th; hard sizes
    // that make some classes hard, all of them, and none.
    const BatchParams params{6, 7, 6, 20};
    for (const std::uint64_t stride : {1, 7}) {
        for (const std::uint64_t hard : {0, 1, 40}) {
            const int power = static_cast<int>(hard % 7);  // 0, 1 and 5
            ClassSample sample(params, stride, hard, power);
            Rng rng(11 + stride + hard);
            auto test = random_distinct_strings(rng, params);
            expect_same(sample.reset(test), class_statistics(test, params, stride, hard, power));
            for (int step = 0; step < (test_support::kSanitized ? 6 : 12);
                 ++step) {  // the same paths, half as many under the sanitizers
                const auto j = static_cast<std::size_t>(rng.below(test.size()));
                auto trial = test;
                trial[j] = changed(test[j], rng, params);
                expect_same(sample.propose(j, trial[j]),
                            class_statistics(trial, params, stride, hard, power));
                if (step % 3 !=
                    2) {  // two in three accepted; the others must leave the test as it was
                    sample.accept();
                    test = trial;
                }
                EXPECT_EQ(sample.test(), test);
            }
            // The current test, proposed unchanged, has the statistics from scratch.
            expect_same(sample.propose(0, test[0]),
                        class_statistics(test, params, stride, hard, power));
        }
    }
}

TEST(ClassSample, SamplesPast32BitIndices) {
    const BatchParams params{10, 10, 10, 20};  // 10^10 secrets
    ClassSample sample(params, 1'000'003, 20'000'000);
    Rng rng(5);
    const auto test = random_distinct_strings(rng, params);
    expect_same(sample.reset(test), class_statistics(test, params, 1'000'003, 20'000'000));
    EXPECT_EQ(sample.samples(), 10'000u);
}

TEST(ClassSample, RefusesSamplesTooLargeAndMisuse) {
    const BatchParams game{9, 10, 9, 20};
    EXPECT_THROW(ClassSample(game, 1, 0), std::invalid_argument);  // 10^9 secrets: too many to keep
    EXPECT_THROW(ClassSample(game, 0, 0), std::invalid_argument);
    EXPECT_THROW(ClassSample(game, 997, 0, kMaxPower + 1), std::invalid_argument);
    ClassSample sample(BatchParams{4, 5, 4, 20}, 1, 0);
    EXPECT_THROW(sample.accept(), std::logic_error);  // nothing proposed
    Rng rng(1);
    const auto test = random_distinct_strings(rng, BatchParams{4, 5, 4, 20});
    sample.reset(test);
    EXPECT_THROW(sample.propose(4, test[0]), std::out_of_range);
}

}  // namespace
}  // namespace mastermind
