// Real play on the full 9/10/9 game enumerates each answer class of the record strategy's first
// test with secrets_answering (a pruned search over digit counts and positions). Here sampled
// classes are compared with a plain scan of the secrets: one pass that scores every secret
// against the first test and keeps those whose answers match a sampled class.
//
// MASTERMIND_ENUMERATION_CLASSES=N samples N classes (default 12). The suite scans the secrets
// whose first digit is 0 or 1 (2 x 10^8: all 10^9 would hold both of the suite's cores several
// times as long, beside the sanitize build; docs/performance.md) and compares them with the
// enumerated members of that range; MASTERMIND_ENUMERATION_FIRST_DIGITS=10 scans all 10^9. The run
// over 10^4 classes recorded in docs/results.md is
//   MASTERMIND_ENUMERATION_CLASSES=10000 MASTERMIND_ENUMERATION_FIRST_DIGITS=10
//   build/release/tests/mastermind_tests --gtest_filter='FullGameEnumeration.*'
// The scan is plain code that needs no sanitizer; under the sanitize flavour (where the unit tests
// run, scripts/test.sh) this file alone is built without them (tests/CMakeLists.txt), while
// secrets_answering, the code under test, keeps them.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <thread>
#include <unordered_map>
#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

constexpr int kPegs = 9, kColours = 10;

// A multiset of (hit, blow) answers as one number: each answer as hit * 10 + blow (7 bits), sorted,
// packed. Independent of AnswerKey, which the code under test uses.
std::uint64_t pack(int* answers, int count) {
    std::sort(answers, answers + count);
    std::uint64_t packed = 0;
    for (int i = 0; i < count; ++i) packed = packed << 7 | static_cast<std::uint64_t>(answers[i]);
    return packed;
}

// The scan: every secret, digit by digit (peg 0 most significant, as secret indices count), with
// the test's total hits and total hit + blow as a cheap filter before the exact multiset, which
// comes from the all-strings-at-once lanes (inline, so the scan runs at full speed in every build).
class Scan {
  public:
    Scan(const std::vector<PackedCode>& test, const BatchParams& params,
         const std::unordered_map<std::uint64_t, std::size_t>& classes)
        : scorer_(test, params), classes_(classes), strings_(static_cast<int>(test.size())) {
        for (const auto& s : test) {
            for (int p = 0; p < kPegs; ++p) ++hits_at_[p][s.peg(p)];
            for (int d = 0; d < kColours; ++d) {
                for (int k = 0; k <= kPegs; ++k) common_with_[d][k] += std::min(k, s.count(d));
            }
        }
        for (const auto& [packed, _] : classes) {
            int hits = 0, common = 0;
            for (int i = 0; i < strings_; ++i) {
                const int a = static_cast<int>(packed >> (7 * i) & 127);
                hits += a / 10, common += a / 10 + a % 10;
            }
            wanted_[hits][common] = true;
        }
    }

    // Members of each class among the secrets whose first digit is in `first_digits`.
    std::vector<std::vector<std::uint32_t>> run(const std::vector<int>& first_digits) const {
        std::vector<std::vector<std::uint32_t>> found(classes_.size());
        std::array<std::uint8_t, kPegs> digits{};
        std::array<int, kColours> counts{};
        for (int d : first_digits) {
            digits[0] = static_cast<std::uint8_t>(d);
            ++counts[d];
            walk(1, static_cast<std::uint32_t>(d), hits_at_[0][d], common_with_[d][1], digits,
                 counts, found);
            --counts[d];
        }
        return found;
    }

  private:
    // `common` is the test's total hit + blow so far: each digit added changes one term.
    void walk(int position, std::uint32_t index, int hits, int common,
              std::array<std::uint8_t, kPegs>& digits, std::array<int, kColours>& counts,
              std::vector<std::vector<std::uint32_t>>& found) const {
        if (position == kPegs - 1) {  // the last digit in a loop: 10^9 leaves, no call each
            for (int d = 0; d < kColours; ++d) {
                const int h = hits + hits_at_[position][d];
                const int c = common + common_with_[d][counts[d] + 1] - common_with_[d][counts[d]];
                if (!wanted_[h][c]) continue;
                digits[position] = static_cast<std::uint8_t>(d);
                ++counts[d];
                leaf(index * kColours + static_cast<std::uint32_t>(d), digits, found);
                --counts[d];
            }
            return;
        }
        for (int d = 0; d < kColours; ++d) {
            digits[position] = static_cast<std::uint8_t>(d);
            const int more = common_with_[d][counts[d] + 1] - common_with_[d][counts[d]];
            ++counts[d];
            walk(position + 1, index * kColours + static_cast<std::uint32_t>(d),
                 hits + hits_at_[position][d], common + more, digits, counts, found);
            --counts[d];
        }
    }

    // A secret whose totals fit some class: its exact multiset of answers.
    void leaf(std::uint32_t index, const std::array<std::uint8_t, kPegs>& digits,
              std::vector<std::vector<std::uint32_t>>& found) const {
        std::uint64_t hit_lanes = 0, common_lanes = 0;
        scorer_.lanes(digits.data(), hit_lanes, common_lanes);
        std::array<int, 16> answers{};  // no allocation: malloc is slow under the sanitizers
        for (int i = 0; i < strings_; ++i) {
            const int hit = static_cast<int>(hit_lanes >> (4 * i) & 15);
            answers[static_cast<std::size_t>(i)] =
                hit * 10 + static_cast<int>(common_lanes >> (4 * i) & 15) - hit;
        }
        const auto it = classes_.find(pack(answers.data(), strings_));
        if (it != classes_.end()) found[it->second].push_back(index);
    }

    QueryScorer scorer_;
    const std::unordered_map<std::uint64_t, std::size_t>& classes_;
    int strings_;
    int hits_at_[kPegs][kColours] = {};
    int common_with_[kColours][kPegs + 1] = {};
    bool wanted_[kPegs * 16 + 1][kPegs * 16 + 1] = {};
};

TEST(FullGameEnumeration, SampledClassesOfTheRecordFirstTestMatchAPlainScan) {
    const BatchParams params;  // 9/10/9
    ASSERT_EQ(params.pegs, kPegs);
    ASSERT_EQ(params.colours, kColours);
    const auto test = strategies::adaptive_split_first_test(params, 1);
    const char* wanted_text = std::getenv("MASTERMIND_ENUMERATION_CLASSES");
    const std::size_t wanted = wanted_text ? std::strtoull(wanted_text, nullptr, 10) : 12;
    ASSERT_GT(wanted, 0u);
    const char* digits_text = std::getenv("MASTERMIND_ENUMERATION_FIRST_DIGITS");
    const int first_digits = digits_text ? std::atoi(digits_text) : 2;
    ASSERT_TRUE(first_digits >= 1 && first_digits <= kColours)
        << "MASTERMIND_ENUMERATION_FIRST_DIGITS: 1 to 10";
    // The scanned secrets: indices below this (peg 0 is the most significant digit).
    const std::uint32_t end = static_cast<std::uint32_t>(first_digits) * 100'000'000u;

    // Classes of random secrets (so larger classes are likelier), each once.
    Rng rng(20261201);
    std::unordered_map<std::uint64_t, std::size_t> classes;
    std::vector<std::vector<std::uint32_t>> enumerated;
    while (classes.size() < wanted) {
        const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
        const QueryRecord record = answered_record(test, secret, params.pegs);
        std::vector<int> answers;
        for (const auto& a : record.answers) answers.push_back(a.hit * 10 + a.blow);
        if (!classes
                 .emplace(pack(answers.data(), static_cast<int>(answers.size())), enumerated.size())
                 .second)
            continue;
        enumerated.push_back(secrets_answering(record, params));
        ASSERT_TRUE(std::binary_search(enumerated.back().begin(), enumerated.back().end(),
                                       static_cast<std::uint32_t>(secret.index(params))))
            << "the class of " << secret.to_string(params.pegs) << " misses it";
    }

    const Scan scan(test, params, classes);
    const unsigned threads = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
    std::vector<std::vector<std::vector<std::uint32_t>>> parts(threads);
    std::vector<std::thread> workers;
    for (unsigned t = 0; t < threads; ++t) {
        workers.emplace_back([&, t] {
            std::vector<int> mine;
            for (int d = static_cast<int>(t); d < first_digits; d += static_cast<int>(threads))
                mine.push_back(d);
            parts[t] = scan.run(mine);
        });
    }
    for (auto& w : workers) w.join();

    std::size_t members = 0, largest = 0, scanned_members = 0;
    for (std::size_t c = 0; c < enumerated.size(); ++c) {
        std::vector<std::uint32_t> scanned;
        for (const auto& part : parts)
            scanned.insert(scanned.end(), part[c].begin(), part[c].end());
        std::sort(scanned.begin(), scanned.end());
        const std::vector<std::uint32_t> in_range(
            enumerated[c].begin(),
            std::lower_bound(enumerated[c].begin(), enumerated[c].end(), end));
        ASSERT_EQ(in_range, scanned)
            << "class " << c << ": " << in_range.size() << " enumerated below " << end << ", "
            << scanned.size() << " found by the scan";
        members += enumerated[c].size();
        scanned_members += scanned.size();
        largest = std::max(largest, enumerated[c].size());
    }
    ASSERT_GT(scanned_members, 0u)
        << "no enumerated secret in the scanned range: the check compared nothing";
    std::printf(
        "%zu classes of the first test, %zu secrets, the largest %zu: enumeration = scan of the %u "
        "secrets below %u "
        "(%zu of them in these classes)\n",
        enumerated.size(), members, largest, end, end, scanned_members);
}

}  // namespace
}  // namespace mastermind
