// Scores a secret against all B strings of one test at once, for the evaluator and the solvers
// that enumerate secrets. Per position and digit, a 64-bit word holds in its 4-bit lane i whether
// string i has that digit there: the hits of all strings are P additions of such words (lane sums
// stay below 16 as P <= 12). Likewise the common colours: per digit d and count k, lane i holds
// min(k, count of d in string i), and the secret's present digits add up to every string's
// hit + blow at once.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

// The answers of one test as a multiset, exactly and whatever their order: for games with
// P <= 9 and B <= 15, 4-bit counts of each of the 55 possible (hit, blow) pairs; otherwise the
// pairs' bytes sorted; under adjacent rules the (black, grey, white) triples as sorted 16-bit
// numbers. Equal keys <=> equal multisets. (QueryScorer itself scores classic rules only.)
struct AnswerKey {
    std::array<std::uint64_t, 4> words{};
    friend bool operator==(const AnswerKey&, const AnswerKey&) = default;
    // Word by word (written out: the browser build's standard library compares no std::array
    // by <=>).
    friend std::strong_ordering operator<=>(const AnswerKey& a, const AnswerKey& b) {
        for (std::size_t i = 0; i < a.words.size(); ++i) {
            if (a.words[i] != b.words[i]) return a.words[i] <=> b.words[i];
        }
        return std::strong_ordering::equal;
    }
};

struct AnswerKeyHash {
    std::size_t operator()(const AnswerKey& k) const {
        std::uint64_t h = 0x9E3779B97F4A7C15ULL;
        for (auto w : k.words) h = (h ^ w) * 0xBF58476D1CE4E5B9ULL, h ^= h >> 29;
        return static_cast<std::size_t>(h);
    }
};

// For games with P <= 9 and B <= 10, the same multiset in one exact word (the B pair numbers,
// sorted, 6 bits each): tables with one word per class of a huge group.
bool has_compact_key(const BatchParams& params, int batch);
std::uint64_t compact_key(const AnswerKey& key);
AnswerKey expand_compact_key(std::uint64_t compact, int batch);

// The key of a multiset of answers, and back (sorted). `batch` answers of a game with `params`.
AnswerKey make_answer_key(std::span<const HitBlow> answers, const BatchParams& params);
std::vector<HitBlow> answers_from_key(const AnswerKey& key, const BatchParams& params, int batch);
// The same into `out` (its storage reused: the walker decodes a key per tree node).
void answers_from_key(const AnswerKey& key, const BatchParams& params, int batch,
                      std::vector<HitBlow>& out);

class QueryScorer {
  public:
    QueryScorer(std::span<const PackedCode> strings, const BatchParams& params);

    // Hits (low nibble lanes) and hit+blow of every string for the secret with these digits.
    void lanes(const std::uint8_t* digits, std::uint64_t& hits, std::uint64_t& common) const {
        hits = 0;
        std::array<std::uint8_t, BatchParams::kMaxColours> count{};
        for (int p = 0; p < pegs_; ++p) {
            hits += hit_[static_cast<std::size_t>(p)][digits[p]];
            ++count[digits[p]];
        }
        common = 0;
        for (int d = 0; d < colours_; ++d)
            common += common_[static_cast<std::size_t>(d)][count[static_cast<std::size_t>(d)]];
    }

    AnswerKey key(const std::uint8_t* digits) const;
    AnswerKey key(const PackedCode& secret) const;

    // The tables themselves, for enumerators that add them up one position or digit at a time:
    // lane i of hit_lanes(p, d) is 1 if string i has d at p; of common_lanes(d, k), min(k, count
    // of d in string i).
    std::uint64_t hit_lanes(int position, int digit) const {
        return hit_[static_cast<std::size_t>(position)][static_cast<std::size_t>(digit)];
    }
    std::uint64_t common_lanes(int digit, int count) const {
        return common_[static_cast<std::size_t>(digit)][static_cast<std::size_t>(count)];
    }

  private:
    BatchParams params_;
    int pegs_, colours_, batch_;
    std::array<std::array<std::uint64_t, BatchParams::kMaxColours>, BatchParams::kMaxPegs> hit_{};
    std::array<std::array<std::uint64_t, BatchParams::kMaxPegs + 1>, BatchParams::kMaxColours>
        common_{};
};

}  // namespace mastermind
