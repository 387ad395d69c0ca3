// How finely one test splits the secrets, estimated on an evenly spaced sample: what the choice
// of a first test is judged by.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/games/batch_params.hpp"
#include "mastermind/games/packed_code.hpp"

namespace mastermind {

struct ClassStatistics {
    std::uint64_t sampled = 0;   // secrets looked at: indices 0, stride, 2*stride, ...
    std::uint64_t classes = 0;   // distinct answer multisets among them
    std::uint64_t largest = 0;   // most sampled secrets sharing one
    // Mean, over the sampled secrets, of how many other sampled secrets share their answers,
    // scaled by the stride: an estimate of the size of a random secret's class among all K^P.
    double expected_class = 0;
    // Share of the sampled secrets whose class holds, estimated among all K^P (sampled members
    // times the stride), at least `hard_size` secrets: the classes a second test struggles to
    // split into singletons (docs/strategies.md, "The second test"). 0 when hard_size is 0.
    double hard_share = 0;
};

// How many secrets the sample of every `stride`-th one holds (indices 0, stride, 2*stride, ...).
inline std::uint64_t sample_size(const BatchParams& params, std::uint64_t stride) {
    return (params.secret_count() + stride - 1) / stride;
}

ClassStatistics class_statistics(std::span<const PackedCode> test, const BatchParams& params, std::uint64_t stride,
                                 std::uint64_t hard_size = 0);

// For each class of `test`'s answers, given by its compact key (test_scorer.hpp): the share of its
// members held by its largest group of members with the same colour counts (such members get the
// same hit + blow from every string, so only hits tell them apart). Each class is enumerated from
// its answers (secret_enumeration.hpp); `threads` as the evaluator's (0: all cores). K^P < 2^32.
std::vector<double> same_count_shares(std::span<const std::uint64_t> class_keys, std::span<const PackedCode> test,
                                      const BatchParams& params, int threads = 0);

}  // namespace mastermind
