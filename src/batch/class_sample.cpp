#include "mastermind/batch/class_sample.hpp"

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

#include "mastermind/batch/secret_enumeration.hpp"
#include "parallel_partition.hpp"

namespace mastermind {

namespace {

std::size_t checked_samples(const BatchParams& params, std::uint64_t stride) {
    if (stride == 0) throw std::invalid_argument("ClassSample: the stride is 0");
    const auto n = sample_size(params, stride);
    if (n > ClassSample::kMaxSamples) {
        throw std::invalid_argument("ClassSample: a sample of " + std::to_string(n) +
                                    " secrets; at most 2^26");
    }
    return static_cast<std::size_t>(n);
}

// The sample is scored and hashed in blocks of this many secrets (a multiple of 64).
constexpr std::size_t kBlock = 1 << 16;

template <class F>
void for_blocks(std::size_t n, const F& f) {
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, (n + kBlock - 1) / kBlock),
                      [&](const auto& blocks) {
                          for (auto b = blocks.begin(); b != blocks.end(); ++b)
                              f(b * kBlock, std::min(n, (b + 1) * kBlock));
                      });
}

struct ClassSlot {
    std::uint64_t key;
    std::uint32_t stamp, count;
};

struct PartTable {
    std::vector<ClassSlot> slots;
    std::uint32_t stamp = 0;
};

}  // namespace

ClassSample::ClassSample(const BatchParams& params, std::uint64_t stride, std::uint64_t hard_size,
                         int power)
    : stride_(stride),
      hard_size_(hard_size),
      power_(power),
      columns_(params, checked_samples(params, stride)) {
    if (power < 0 || power > kMaxPower)
        throw std::invalid_argument("ClassSample: the power is out of range");
    const bool wide = params.secret_count() > UINT32_MAX;
    for_blocks(columns_.size(), [&](std::size_t begin, std::size_t end) {
        std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
        for (auto i = begin; i < end; ++i) {
            const std::uint64_t index = i * stride_;
            if (wide)
                digits_of_index(index, params, digits.data());
            else
                digits_of_index(static_cast<std::uint32_t>(index), params, digits.data());
            columns_.set(i, digits.data());
        }
    });
    keys_.assign(columns_.size(), 0);
    trial_keys_.assign(columns_.size(), 0);
    trial_answers_.assign(columns_.padded(), 0);
    parted_.assign(columns_.size(), 0);
}

ClassStatistics ClassSample::reset(std::span<const PackedCode> test) {
    test_.assign(test.begin(), test.end());
    const auto n = columns_.padded();
    answers_.assign(test_.size() * n, 0);
    const auto& words = pair_words();
    for_blocks(columns_.size(), [&](std::size_t begin, std::size_t end) {
        std::fill(keys_.begin() + static_cast<std::ptrdiff_t>(begin),
                  keys_.begin() + static_cast<std::ptrdiff_t>(end), 0);
        for (std::size_t j = 0; j < test_.size(); ++j) {
            std::uint8_t* row = &answers_[j * n];
            columns_.answers(test_[j], row, begin, end);
            for (auto i = begin; i < end; ++i) keys_[i] += words[row[i]];
        }
    });
    trial_string_ = SIZE_MAX;
    return tally(keys_);
}

ClassStatistics ClassSample::propose(std::size_t j, const PackedCode& code) {
    if (j >= test_.size()) throw std::out_of_range("ClassSample::propose: no such string");
    const auto& words = pair_words();
    const std::uint8_t* old = &answers_[j * columns_.padded()];
    for_blocks(columns_.size(), [&](std::size_t begin, std::size_t end) {
        columns_.answers(code, trial_answers_.data(), begin, end);
        for (auto i = begin; i < end; ++i)
            trial_keys_[i] = keys_[i] - words[old[i]] + words[trial_answers_[i]];
    });
    trial_string_ = j;
    trial_code_ = code;
    return tally(trial_keys_);
}

void ClassSample::accept() {
    if (trial_string_ == SIZE_MAX) throw std::logic_error("ClassSample::accept: nothing proposed");
    test_[trial_string_] = trial_code_;
    std::copy(trial_answers_.begin(), trial_answers_.end(),
              answers_.begin() + static_cast<std::ptrdiff_t>(trial_string_ * columns_.padded()));
    keys_.swap(trial_keys_);
    trial_string_ = SIZE_MAX;
}

// Partitions the hashes by their top bits (parallel_partition.hpp), then counts each part, of
// about 2,000 hashes, in a table that stays in cache.
ClassStatistics ClassSample::tally(const std::vector<std::uint64_t>& keys) {
    const std::size_t n = keys.size();
    int bits = 0;
    while (bits < 14 && (n >> bits) > 2048) ++bits;
    const std::size_t parts = std::size_t{1} << bits;
    auto part_of = [bits](std::uint64_t key) {
        return bits == 0 ? std::size_t{0} : static_cast<std::size_t>(key >> (64 - bits));
    };
    const auto part_begin =
        detail::parallel_partition<std::uint64_t>(keys, parted_, parts, part_of);

    std::size_t widest = 0;
    for (std::size_t p = 0; p < parts; ++p)
        widest = std::max(widest, part_begin[p + 1] - part_begin[p]);
    std::size_t table_size = 16;
    while (table_size < 2 * widest) table_size *= 2;
    // A class is hard from this many sampled members on (n * stride >= hard size).
    const std::uint64_t hard_from = hard_size_ == 0 ? 0 : (hard_size_ + stride_ - 1) / stride_;
    part_falling_.assign(parts, 0);
    tbb::enumerable_thread_specific<PartTable> tables([&] {
        return PartTable{std::vector<ClassSlot>(table_size, ClassSlot{0, 0, 0}), 0};
    });
    const ClassSums total = tbb::parallel_reduce(
        tbb::blocked_range<std::size_t>(0, parts), ClassSums{},
        [&](const auto& range, ClassSums t) {
            auto& table = tables.local();
            const std::size_t mask = table.slots.size() - 1;
            for (auto p = range.begin(); p != range.end(); ++p) {
                if (++table.stamp == 0) {
                    std::fill(table.slots.begin(), table.slots.end(), ClassSlot{0, 0, 0});
                    table.stamp = 1;
                }
                double falling =
                    0;  // sum over the part's classes of falling_factorial(n, power + 1)
                for (auto i = part_begin[p]; i < part_begin[p + 1]; ++i) {
                    const auto key = parted_[i];
                    for (auto s = static_cast<std::size_t>(key) & mask;; s = (s + 1) & mask) {
                        ClassSlot& slot = table.slots[s];
                        if (slot.stamp != table.stamp) {
                            slot = ClassSlot{key, table.stamp, 1};
                            ++t.classes;
                            t.largest = std::max<std::uint64_t>(t.largest, 1);
                            if (hard_from == 1) ++t.in_hard;
                            break;
                        }
                        if (slot.key == key) {
                            const std::uint64_t had = slot.count++;
                            t.pairs += 2 * had;  // n (n - 1) grows by 2 n
                            t.largest = std::max<std::uint64_t>(t.largest, slot.count);
                            if (hard_from > 0)
                                t.in_hard += slot.count == hard_from  ? hard_from
                                             : slot.count > hard_from ? 1
                                                                      : 0;
                            // (n + 1)^(K+1) falling - n^(K+1) falling = (K + 1) n^K falling
                            if (power_ > 0)
                                falling += (power_ + 1) * falling_factorial(had, power_);
                            break;
                        }
                    }
                }
                part_falling_[p] = falling;
            }
            return t;
        },
        [](ClassSums a, const ClassSums& b) {
            a.add(b);
            return a;
        });

    // The parts' falling factorials, added in the parts' order (the reduce leaves them out: a
    // double's sum would depend on how the threads split the parts).
    ClassSums sums = total;
    for (auto f : part_falling_) sums.falling += f;
    return statistics_from(sums, n, stride_, power_);
}

}  // namespace mastermind
