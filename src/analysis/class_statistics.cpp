#include "mastermind/analysis/class_statistics.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdint>
#include <unordered_map>

#include "mastermind/games/secret_enumeration.hpp"
#include "mastermind/games/test_scorer.hpp"

namespace mastermind {

ClassStatistics class_statistics(std::span<const PackedCode> test, const BatchParams& params, std::uint64_t stride,
                                 std::uint64_t hard_size) {
    const TestScorer scorer(test, params);
    const std::uint64_t total = params.secret_count();
    const std::uint64_t samples = sample_size(params, stride);
    using Counts = std::unordered_map<AnswerKey, std::uint64_t, AnswerKeyHash>;
    tbb::enumerable_thread_specific<Counts> local;
    // Secret indices in 32 bits where they fit (the faster division), else in 64.
    const bool wide = total > UINT32_MAX;
    tbb::parallel_for(tbb::blocked_range<std::uint64_t>(0, samples, 1 << 14), [&](const auto& range) {
        auto& counts = local.local();
        std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
        for (auto i = range.begin(); i != range.end(); ++i) {
            if (wide) digits_of_index(i * stride, params, digits.data());
            else digits_of_index(static_cast<std::uint32_t>(i * stride), params, digits.data());
            ++counts[scorer.key(digits.data())];
        }
    });
    Counts all;
    for (auto& counts : local) {
        for (const auto& [key, n] : counts) all[key] += n;
    }
    ClassStatistics s;
    s.sampled = samples;
    s.classes = all.size();
    double others = 0;
    std::uint64_t in_hard = 0;
    for (const auto& [key, n] : all) {
        s.largest = std::max(s.largest, n);
        others += static_cast<double>(n) * static_cast<double>(n - 1);
        if (hard_size > 0 && n * stride >= hard_size) in_hard += n;
    }
    s.hard_share = static_cast<double>(in_hard) / static_cast<double>(samples);
    s.expected_class = 1 + others / static_cast<double>(samples) * static_cast<double>(stride);
    return s;
}

}  // namespace mastermind
