// The answer classes of a test on a fixed sample of the secrets (every stride-th), kept up to
// date one string at a time: the climb of `mastermind first-test`. The sample's answers to each
// string are kept (one byte per secret and string, code_columns.hpp) with a 64-bit multiset hash
// per secret, so that changing one string scores the sample against that string only; the
// classes are then counted from the hashes (partitioned by their top bits, each part counted in
// a small table that stays in cache), in parallel, on all cores. About 50 bytes per sampled
// secret: at most kMaxSamples. The statistics are those of class_statistics() on the same sample
// (equal unless two of the 64-bit hashes collide, which is a matter of chance of about 2^-64 per
// pair of classes); docs/performance.md, "first-test's climb".
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/batch/class_statistics.hpp"
#include "mastermind/batch/code_columns.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

class ClassSample {
  public:
    static constexpr std::uint64_t kMaxSamples = std::uint64_t{1} << 26;

    // The sample of every `stride`-th secret of `params`' game (classic rules; at most
    // kMaxSamples secrets), with `hard_size` and `power` as in class_statistics().
    ClassSample(const BatchParams& params, std::uint64_t stride, std::uint64_t hard_size,
                int power = 0);

    std::uint64_t samples() const { return columns_.size(); }

    // Makes `test` (B distinct strings) the current test; its statistics.
    ClassStatistics reset(std::span<const PackedCode> test);
    // The statistics if string `j` of the current test became `code`; accept() makes it so.
    ClassStatistics propose(std::size_t j, const PackedCode& code);
    void accept();

    const std::vector<PackedCode>& test() const { return test_; }

  private:
    ClassStatistics tally(const std::vector<std::uint64_t>& keys);

    std::uint64_t stride_ = 1, hard_size_ = 0;
    int power_ = 0;
    CodeColumns columns_;
    std::vector<PackedCode> test_;
    std::vector<std::uint8_t> answers_;        // [string][secret]: pair bytes
    std::vector<std::uint64_t> keys_;          // each secret's multiset hash
    std::vector<std::uint8_t> trial_answers_;  // the proposal's
    std::vector<std::uint64_t> trial_keys_;
    std::size_t trial_string_ = SIZE_MAX;
    PackedCode trial_code_;
    std::vector<std::uint64_t> parted_;  // tally's scratch: the hashes by their top bits
    std::vector<double> part_falling_;   // and each part's sum of falling factorials
};

}  // namespace mastermind
