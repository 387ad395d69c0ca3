// How finely one test splits the secrets, estimated on an evenly spaced sample: what the choice
// of a first test is judged by.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

struct ClassStatistics {
    std::uint64_t sampled = 0;  // secrets looked at: indices 0, stride, 2*stride, ...
    std::uint64_t classes = 0;  // distinct answer multisets among them
    std::uint64_t largest = 0;  // most sampled secrets sharing one
    // Mean, over the sampled secrets, of how many other sampled secrets share their answers,
    // scaled by the stride: an estimate of the size of a random secret's class among all K^P.
    double expected_class = 0;
    // Share of the sampled secrets whose class holds, estimated among all K^P (sampled members
    // times the stride), at least `hard_size` secrets: the classes a second test struggles to
    // split into singletons (docs/strategies.md, "The second test"). 0 when hard_size is 0.
    double hard_share = 0;
    // With a power K > 0: the K-th power mean of a random secret's class size, estimated without
    // bias from the sample (the sampled classes' falling factorials n (n - 1) ... (n - K), times
    // stride^K, summed and divided by the sample, is an unbiased estimate of the mean over all
    // secrets of (N - 1) ... (N - K) for their class of N), plus 1. K = 1 gives the expected class;
    // a larger K weighs the largest classes more, the ones a second test cannot split. 0 when K =
    // 0.
    double power_mean = 0;
};

// The K of ClassStatistics::power_mean: at most this.
inline constexpr int kMaxPower = 8;

// How many secrets the sample of every `stride`-th one holds (indices 0, stride, 2*stride, ...).
inline std::uint64_t sample_size(const BatchParams& params, std::uint64_t stride) {
    return (params.secret_count() + stride - 1) / stride;
}

ClassStatistics class_statistics(std::span<const PackedCode> test, const BatchParams& params,
                                 std::uint64_t stride, std::uint64_t hard_size = 0, int power = 0);

// The falling factorial n (n - 1) ... (n - k + 1), as a double (1 for k = 0).
inline double falling_factorial(std::uint64_t n, int k) {
    double f = 1;
    for (int i = 0; i < k; ++i) f *= static_cast<double>(n) - i;
    return f;
}

// What the figures of ClassStatistics are made of, summed over the sampled classes (of n sampled
// members each): how many classes, the largest n, the sum of n (n - 1), the members of classes
// estimated at `hard_size` or more, and the sum of falling_factorial(n, power + 1). The integers
// add up in any order; class_statistics() and ClassSample fill them, statistics_from() turns them
// into the figures.
struct ClassSums {
    std::uint64_t classes = 0, largest = 0, pairs = 0, in_hard = 0;
    double falling = 0;
    void add(const ClassSums& o) {
        classes += o.classes, pairs += o.pairs, in_hard += o.in_hard, falling += o.falling;
        largest = largest > o.largest ? largest : o.largest;
    }
};

// The figures of a sample of `samples` secrets (every `stride`-th) from its sums.
ClassStatistics statistics_from(const ClassSums& sums, std::uint64_t samples, std::uint64_t stride,
                                int power);

// For each class of `test`'s answers, given by its compact key (query_scorer.hpp): the share of its
// members held by its largest group of members with the same colour counts (such members get the
// same hit + blow from every string, so only hits tell them apart). Each class is enumerated from
// its answers (secret_enumeration.hpp); `threads` as the evaluator's (0: all cores). K^P < 2^32.
std::vector<double> same_count_shares(std::span<const std::uint64_t> class_keys,
                                      std::span<const PackedCode> test, const BatchParams& params,
                                      int threads = 0);

}  // namespace mastermind
