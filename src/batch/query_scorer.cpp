#include "mastermind/batch/query_scorer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <stdexcept>

#include <fmt/format.h>

namespace mastermind {

namespace {

// (hit, blow) with hit + blow = s is pair number s(s+1)/2 + hit: 0..54 for P <= 9, 0..65 for P
// = 10.
constexpr int pair_number(int hit, int blow) {
    const int s = hit + blow;
    return s * (s + 1) / 2 + hit;
}

// The counting key: a 4-bit count per pair number in 64 lanes (256 bits), for B <= 15 (counts
// below 16). P <= 9 has 55 pairs. P = 10 has 66, of which two need no lane: (9, 1) is no
// secret's answer (9 hits leave one peg of each, and they differ), and the count of (10, 0) is B
// minus the others', so the key stays exact without it.
constexpr int kLanes = 64;
bool counted(const BatchParams& params, std::size_t batch) {
    return params.pegs <= 10 && batch <= 15;
}

// The counting key's increment for one string's answer, by hit * 16 + (hit + blow), as a whole
// 256-bit key: a key from lanes is then one table look-up and one vector addition per string.
typedef std::uint64_t KeyVector __attribute__((vector_size(32)));
struct alignas(32) KeyIncrement {
    std::uint64_t words[4];
};
constexpr std::array<KeyIncrement, 256> make_increments() {
    std::array<KeyIncrement, 256> table{};
    for (int h = 0; h <= 10; ++h) {
        for (int c = h; c <= 10; ++c) {
            const int q = pair_number(h, c - h);
            if (q < kLanes)
                table[static_cast<std::size_t>(h * 16 + c)].words[q >> 4] = std::uint64_t{1}
                                                                            << (4 * (q & 15));
        }
    }
    return table;
}
constexpr std::array<KeyIncrement, 256> kIncrements = make_increments();

// The (hit, blow) pair of each lane of the counting key.
constexpr std::array<HitBlow, kLanes> make_pairs_of_lanes() {
    std::array<HitBlow, kLanes> table{};
    for (int s = 0; s <= 10; ++s) {
        for (int h = 0; h <= s; ++h) {
            const int q = pair_number(h, s - h);
            if (q < kLanes)
                table[static_cast<std::size_t>(q)] = {static_cast<std::uint8_t>(h),
                                                      static_cast<std::uint8_t>(s - h), 0};
        }
    }
    return table;
}
constexpr std::array<HitBlow, kLanes> kPairOfLane = make_pairs_of_lanes();

// Calls f(lane, count) for each lane of a counting key that holds a count, lane by lane.
template <class F>
void for_each_count(const AnswerKey& key, F f) {
    for (std::size_t w = 0; w < key.words.size(); ++w) {
        for (std::uint64_t bits = key.words[w]; bits != 0;) {
            const int nibble = __builtin_ctzll(bits) / 4;
            f(w * 16 + static_cast<std::size_t>(nibble), bits >> (4 * nibble) & 0xF);
            bits &= ~(std::uint64_t{0xF} << (4 * nibble));
        }
    }
}

}  // namespace

bool has_compact_key(const BatchParams& params, int batch) {
    return params.rules == Rules::classic && params.pegs <= 9 && batch <= 10;
}

std::uint64_t compact_key(const AnswerKey& key) {
    std::uint64_t out = 0;
    for_each_count(key, [&](std::size_t q, std::uint64_t n) {
        for (; n > 0; --n) out = out << 6 | q;
    });
    return out;
}

AnswerKey expand_compact_key(std::uint64_t compact, int batch) {
    AnswerKey key;
    for (int i = 0; i < batch; ++i) {
        const auto q = compact >> (6 * i) & 63;
        key.words[q >> 4] += std::uint64_t{1} << (4 * (q & 15));
    }
    return key;
}

AnswerKey make_answer_key(std::span<const HitBlow> answers, const BatchParams& params) {
    AnswerKey key;
    if (params.rules == Rules::adjacent) {  // (black, grey, white) as 12-bit numbers, sorted
        std::array<std::uint16_t, BatchParams::kMaxBatch> codes{};
        for (std::size_t i = 0; i < answers.size(); ++i) {
            codes[i] = static_cast<std::uint16_t>(answers[i].hit << 8 | answers[i].grey << 4 |
                                                  answers[i].blow);
        }
        std::sort(codes.begin(), codes.begin() + static_cast<std::ptrdiff_t>(answers.size()));
        for (std::size_t i = 0; i < answers.size(); ++i)
            key.words[i / 4] |= std::uint64_t{codes[i]} << (16 * (i % 4));
        return key;
    }
    if (counted(params, answers.size())) {
        for (const auto& a : answers) {
            const int q = pair_number(a.hit, a.blow);
            if (q < kLanes) {
                key.words[static_cast<std::size_t>(q >> 4)] += std::uint64_t{1} << (4 * (q & 15));
            } else if (a.hit != params.pegs) {  // P = 10: (9, 1), which the protocol refuses
                throw std::invalid_argument(
                    fmt::format("({}, {}) is no secret's answer", a.hit, a.blow));
            }
        }
        return key;
    }
    std::array<std::uint8_t, BatchParams::kMaxBatch> codes{};
    for (std::size_t i = 0; i < answers.size(); ++i)
        codes[i] = static_cast<std::uint8_t>(answers[i].hit * 16 + answers[i].blow);
    std::sort(codes.begin(), codes.begin() + static_cast<std::ptrdiff_t>(answers.size()));
    for (std::size_t i = 0; i < answers.size(); ++i)
        key.words[i / 8] |= std::uint64_t{codes[i]} << (8 * (i % 8));
    return key;
}

std::vector<HitBlow> answers_from_key(const AnswerKey& key, const BatchParams& params, int batch) {
    std::vector<HitBlow> out;
    answers_from_key(key, params, batch, out);
    return out;
}

void answers_from_key(const AnswerKey& key, const BatchParams& params, int batch,
                      std::vector<HitBlow>& out) {
    out.clear();
    if (params.rules == Rules::adjacent) {
        for (int i = 0; i < batch; ++i) {
            const auto code = static_cast<unsigned>(
                key.words[static_cast<std::size_t>(i / 4)] >> (16 * (i % 4)) & 0xFFF);
            out.push_back({static_cast<std::uint8_t>(code >> 8),
                           static_cast<std::uint8_t>(code & 15),
                           static_cast<std::uint8_t>(code >> 4 & 15)});
        }
    } else if (counted(params, static_cast<std::size_t>(batch))) {
        // The lanes that hold a count (at most B of the 64), then a sort of the few answers.
        for_each_count(
            key, [&](std::size_t q, std::uint64_t n) { out.insert(out.end(), n, kPairOfLane[q]); });
        // The pair without a lane (P = 10: (10, 0)) takes the rest of the B answers.
        while (out.size() < static_cast<std::size_t>(batch))
            out.push_back({static_cast<std::uint8_t>(params.pegs), 0});
        for (std::size_t i = 1; i < out.size(); ++i) {  // insertion sort: B <= 15
            const auto a = out[i];
            std::size_t j = i;
            for (; j > 0 && a < out[j - 1]; --j) out[j] = out[j - 1];
            out[j] = a;
        }
        return;
    } else {
        for (int i = 0; i < batch; ++i) {
            const auto code = static_cast<std::uint8_t>(
                key.words[static_cast<std::size_t>(i / 8)] >> (8 * (i % 8)));
            out.push_back(
                {static_cast<std::uint8_t>(code / 16), static_cast<std::uint8_t>(code % 16)});
        }
    }
    std::sort(out.begin(), out.end());
}

QueryScorer::QueryScorer(std::span<const PackedCode> strings, const BatchParams& params)
    : params_(params),
      pegs_(params.pegs),
      colours_(params.colours),
      batch_(static_cast<int>(strings.size())) {
    for (std::size_t i = 0; i < strings.size(); ++i) {
        const std::uint64_t lane = std::uint64_t{1} << (4 * i);
        for (int p = 0; p < pegs_; ++p) {
            hit_[static_cast<std::size_t>(p)][static_cast<std::size_t>(strings[i].peg(p))] += lane;
        }
        for (int d = 0; d < colours_; ++d) {
            for (int k = 0; k <= pegs_; ++k) {
                common_[static_cast<std::size_t>(d)][static_cast<std::size_t>(k)] +=
                    lane * static_cast<std::uint64_t>(std::min(k, strings[i].count(d)));
            }
        }
    }
}

AnswerKey QueryScorer::key(const std::uint8_t* digits) const {
    std::uint64_t hits, common;
    lanes(digits, hits, common);
    if (counted(params_, static_cast<std::size_t>(batch_))) {
        KeyVector sum{0, 0, 0, 0};
        for (int i = 0; i < batch_; ++i) {
            KeyVector add;
            std::memcpy(&add,
                        kIncrements[(hits >> (4 * i) & 0xF) << 4 | (common >> (4 * i) & 0xF)].words,
                        sizeof add);
            sum += add;
        }
        AnswerKey key;
        std::memcpy(key.words.data(), &sum, sizeof sum);
        return key;
    }
    std::array<HitBlow, BatchParams::kMaxBatch> answers{};
    for (int i = 0; i < batch_; ++i) {
        const auto h = static_cast<std::uint8_t>(hits >> (4 * i) & 0xF);
        const auto c = static_cast<std::uint8_t>(common >> (4 * i) & 0xF);
        answers[static_cast<std::size_t>(i)] = {h, static_cast<std::uint8_t>(c - h)};
    }
    return make_answer_key(
        std::span<const HitBlow>(answers.data(), static_cast<std::size_t>(batch_)), params_);
}

AnswerKey QueryScorer::key(const PackedCode& secret) const {
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    for (int p = 0; p < pegs_; ++p)
        digits[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(secret.peg(p));
    return key(digits.data());
}

}  // namespace mastermind
