#include "mastermind/secret_enumeration.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "mastermind/test_scorer.hpp"

namespace mastermind {

namespace {

int lane(std::uint64_t lanes, int i) { return static_cast<int>(lanes >> (4 * i) & 0xF); }

class Enumeration {
public:
    Enumeration(const TestRecord& record, const BatchParams& params)
        : params_(params), scorer_(record.strings, params), batch_(static_cast<int>(record.strings.size())),
          target_(make_answer_key(record.answers, params)) {
        for (const auto& a : record.answers) {
            const int sum = a.hit + a.blow;
            sum_histogram_ += std::uint64_t{1} << (4 * sum);
            auto& [lo, hi] = hit_range_[static_cast<std::size_t>(sum)];
            lo = std::min<int>(lo, a.hit);
            hi = std::max<int>(hi, a.hit);
        }
        for (std::size_t i = 0; i < record.strings.size(); ++i) {
            for (int p = 0; p < params.pegs; ++p) string_digit_[i][static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(record.strings[i].peg(p));
        }
    }

    std::vector<std::uint32_t> run() {
        counts_recurse(0, params_.pegs, 0);
        std::sort(out_.begin(), out_.end());
        return std::move(out_);
    }

private:
    // Digit `d` onwards share the `left` pegs not yet counted; `common` holds the lanes so far.
    void counts_recurse(int d, int left, std::uint64_t common) {
        if (d == params_.colours - 1) {
            count_[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(left);
            common += scorer_.common_lanes(d, left);
            std::uint64_t histogram = 0;
            for (int i = 0; i < batch_; ++i) histogram += std::uint64_t{1} << (4 * lane(common, i));
            if (histogram == sum_histogram_) arrange(common);
            return;
        }
        for (int k = 0; k <= left; ++k) {
            count_[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(k);
            counts_recurse(d + 1, left - k, common + scorer_.common_lanes(d, k));
        }
    }

    // The count vector fits the sums: bound each string's hits, then place the digits.
    void arrange(std::uint64_t common) {
        const int pegs = params_.pegs;
        for (int i = 0; i < batch_; ++i) {
            const auto [lo, hi] = hit_range_[static_cast<std::size_t>(lane(common, i))];
            low_[static_cast<std::size_t>(i)] = lo;
            high_[static_cast<std::size_t>(i)] = hi;
            // reach_[p][i]: positions p.. where string i's digit occurs in the secret at all.
            reach_[static_cast<std::size_t>(pegs)][static_cast<std::size_t>(i)] = 0;
            for (int p = pegs - 1; p >= 0; --p) {
                reach_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)] =
                    reach_[static_cast<std::size_t>(p) + 1][static_cast<std::size_t>(i)] +
                    (count_[string_digit_[static_cast<std::size_t>(i)][static_cast<std::size_t>(p)]] > 0 ? 1 : 0);
            }
        }
        left_ = count_;
        place(0, 0, 0);
    }

    void place(int p, std::uint64_t hits, std::uint32_t index) {
        for (int i = 0; i < batch_; ++i) {
            const int h = lane(hits, i);
            if (h > high_[static_cast<std::size_t>(i)] || h + reach_[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)] < low_[static_cast<std::size_t>(i)]) return;
        }
        if (p == params_.pegs) {
            if (scorer_.key(digits_.data()) == target_) out_.push_back(index);
            return;
        }
        const auto k = static_cast<std::uint32_t>(params_.colours);
        for (int d = 0; d < params_.colours; ++d) {
            auto& left = left_[static_cast<std::size_t>(d)];
            if (left == 0) continue;
            --left;
            digits_[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(d);
            place(p + 1, hits + scorer_.hit_lanes(p, d), index * k + static_cast<std::uint32_t>(d));
            ++left;
        }
    }

    BatchParams params_;
    TestScorer scorer_;
    int batch_;
    AnswerKey target_;
    std::uint64_t sum_histogram_ = 0;
    std::array<std::pair<int, int>, BatchParams::kMaxPegs + 1> hit_range_ = [] {
        std::array<std::pair<int, int>, BatchParams::kMaxPegs + 1> r{};
        r.fill({BatchParams::kMaxPegs + 1, -1});
        return r;
    }();
    std::array<std::array<std::uint8_t, BatchParams::kMaxPegs>, BatchParams::kMaxBatch> string_digit_{};
    std::array<std::uint8_t, BatchParams::kMaxColours> count_{}, left_{};
    std::array<int, BatchParams::kMaxBatch> low_{}, high_{};
    std::array<std::array<int, BatchParams::kMaxBatch>, BatchParams::kMaxPegs + 1> reach_{};
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits_{};
    std::vector<std::uint32_t> out_;
};

}  // namespace

void digits_of_index(std::uint32_t index, const BatchParams& params, std::uint8_t* digits) {
    const auto k = static_cast<std::uint32_t>(params.colours);
    for (int p = params.pegs - 1; p >= 0; --p) {
        digits[p] = static_cast<std::uint8_t>(index % k);
        index /= k;
    }
}

std::vector<std::uint32_t> secrets_answering(const TestRecord& record, const BatchParams& params) {
    if (params.secret_count() > UINT32_MAX) throw std::invalid_argument("more than 2^32 secrets");
    if (record.strings.size() > 15 || record.strings.size() != record.answers.size()) {
        throw std::invalid_argument("a test of at most 15 strings, one answer each");
    }
    return Enumeration(record, params).run();
}

std::vector<std::uint32_t> filter_secrets(std::span<const std::uint32_t> secrets, const TestRecord& record,
                                          const BatchParams& params) {
    const TestScorer scorer(record.strings, params);
    const auto target = make_answer_key(record.answers, params);
    std::vector<std::uint32_t> out;
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    for (auto s : secrets) {
        digits_of_index(s, params, digits.data());
        if (scorer.key(digits.data()) == target) out.push_back(s);
    }
    return out;
}

}  // namespace mastermind
