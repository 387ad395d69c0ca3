#include "mastermind/batch/class_statistics.hpp"

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <unordered_map>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"

namespace mastermind {

ClassStatistics class_statistics(std::span<const PackedCode> test, const BatchParams& params,
                                 std::uint64_t stride, std::uint64_t hard_size, int power) {
    if (power < 0 || power > kMaxPower)
        throw std::invalid_argument("class_statistics: the power is out of range");
    const QueryScorer scorer(test, params);
    const std::uint64_t total = params.secret_count();
    const std::uint64_t samples = sample_size(params, stride);
    using Counts = std::unordered_map<AnswerKey, std::uint64_t, AnswerKeyHash>;
    tbb::enumerable_thread_specific<Counts> local;
    // Secret indices in 32 bits where they fit (the faster division), else in 64.
    const bool wide = total > UINT32_MAX;
    tbb::parallel_for(
        tbb::blocked_range<std::uint64_t>(0, samples, 1 << 14), [&](const auto& range) {
            auto& counts = local.local();
            std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
            for (auto i = range.begin(); i != range.end(); ++i) {
                if (wide)
                    digits_of_index(i * stride, params, digits.data());
                else
                    digits_of_index(static_cast<std::uint32_t>(i * stride), params, digits.data());
                ++counts[scorer.key(digits.data())];
            }
        });
    Counts all;
    for (auto& counts : local) {
        for (const auto& [key, n] : counts) all[key] += n;
    }
    ClassSums sums;
    for (const auto& [key, n] : all) {
        ++sums.classes;
        sums.largest = std::max(sums.largest, n);
        sums.pairs += n * (n - 1);
        if (hard_size > 0 && n * stride >= hard_size) sums.in_hard += n;
        if (power > 0) sums.falling += falling_factorial(n, power + 1);
    }
    return statistics_from(sums, samples, stride, power);
}

ClassStatistics statistics_from(const ClassSums& sums, std::uint64_t samples, std::uint64_t stride,
                                int power) {
    ClassStatistics s;
    s.sampled = samples;
    s.classes = sums.classes;
    s.largest = sums.largest;
    if (samples == 0) return s;
    const auto n = static_cast<double>(samples);
    s.expected_class = 1 + static_cast<double>(sums.pairs) / n * static_cast<double>(stride);
    s.hard_share = static_cast<double>(sums.in_hard) / n;
    if (power > 0)
        s.power_mean = 1 + std::pow(sums.falling / n * std::pow(static_cast<double>(stride), power),
                                    1.0 / power);
    return s;
}

std::vector<double> same_count_shares(std::span<const std::uint64_t> class_keys,
                                      std::span<const PackedCode> test, const BatchParams& params,
                                      int threads) {
    std::vector<double> shares(class_keys.size());
    const int batch = static_cast<int>(test.size());
    tbb::task_arena arena(threads == 0 ? tbb::task_arena::automatic : threads);
    arena.execute([&] {
        tbb::parallel_for(std::size_t{0}, class_keys.size(), [&](std::size_t i) {
            const QueryRecord record{
                std::vector<PackedCode>(test.begin(), test.end()),
                answers_from_key(expand_compact_key(class_keys[i], batch), params, batch)};
            std::map<std::array<int, BatchParams::kMaxColours>, std::size_t> groups;
            std::size_t largest = 0;
            const auto members = secrets_answering(record, params);
            for (auto m : members) {
                const auto code = PackedCode::from_index(m, params);
                std::array<int, BatchParams::kMaxColours> counts{};
                for (int c = 0; c < params.colours; ++c)
                    counts[static_cast<std::size_t>(c)] = code.count(c);
                largest = std::max(largest, ++groups[counts]);
            }
            shares[i] = members.empty()
                            ? 0
                            : static_cast<double>(largest) / static_cast<double>(members.size());
        });
    });
    return shares;
}

}  // namespace mastermind
