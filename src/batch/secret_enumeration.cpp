#include "mastermind/batch/secret_enumeration.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <stdexcept>

#include <fmt/format.h>

#include "mastermind/batch/query_scorer.hpp"

namespace mastermind {

namespace {

int lane(std::uint64_t lanes, int i) {
    return static_cast<int>(lanes >> (4 * i) & 0xF);
}

// Every record of a history constrains the secret at once: its answers' sums (hit + blow) pin
// the count vector, its answers' hits bound each string's hits and their total.
struct RecordConstraint {
    RecordConstraint(const QueryRecord& record, const BatchParams& params)
        : scorer(record.strings, params),
          batch(static_cast<int>(record.strings.size())),
          target(make_answer_key(record.answers, params)) {
        hit_range.fill({BatchParams::kMaxPegs + 1, -1});
        for (const auto& a : record.answers) {
            const int sum = a.hit + a.blow;
            sum_histogram += std::uint64_t{1} << (4 * sum);
            auto& [lo, hi] = hit_range[static_cast<std::size_t>(sum)];
            lo = std::min<int>(lo, a.hit);
            hi = std::max<int>(hi, a.hit);
            total_hits += a.hit;
            min_sum = std::min(min_sum, sum);
            max_sum = std::max(max_sum, sum);
            sums |= 1u << sum;
        }
        for (std::size_t i = 0; i < record.strings.size(); ++i) {
            for (int p = 0; p < params.pegs; ++p) {
                const int d = record.strings[i].peg(p);
                digit[i][static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(d);
                ++strings_with[static_cast<std::size_t>(p)][static_cast<std::size_t>(d)];
                for (int e = 0; e <= d; ++e) ++rest[static_cast<std::size_t>(e)][i];
            }
        }
    }

    QueryScorer scorer;
    int batch;
    AnswerKey target;
    std::uint64_t sum_histogram = 0;
    int total_hits = 0;
    int min_sum = BatchParams::kMaxPegs + 1, max_sum = -1;
    std::uint32_t sums = 0;  // bit s: some answer has hit + blow = s
    // rest[d][i]: pegs of string i with a digit d or above (the common colours still to come).
    std::array<std::array<int, BatchParams::kMaxBatch>, BatchParams::kMaxColours + 1> rest{};
    // strings_with[p][d]: strings with digit d at position p (at most that many hit there at once).
    std::array<std::array<int, BatchParams::kMaxColours>, BatchParams::kMaxPegs> strings_with{};
    std::array<std::pair<int, int>, BatchParams::kMaxPegs + 1> hit_range{};
    std::array<std::array<std::uint8_t, BatchParams::kMaxPegs>, BatchParams::kMaxBatch> digit{};
    // Set per count vector: each string's hit bounds, and reach[p][i], the positions p.. where
    // string i's digit occurs in the secret at all (the hits it can still gain).
    std::array<int, BatchParams::kMaxBatch> low{}, high{};
    std::array<std::array<int, BatchParams::kMaxBatch>, BatchParams::kMaxPegs + 1> reach{};
    std::array<int, BatchParams::kMaxPegs + 1> reach_total{};
};

template <class Index>
class Enumeration {
  public:
    Enumeration(std::span<const QueryRecord> history, const BatchParams& params) : params_(params) {
        for (const auto& r : history) records_.emplace_back(r, params);
        commons_.resize(records_.size() * static_cast<std::size_t>(params.colours + 1));
        hits_.resize(records_.size() * static_cast<std::size_t>(params.pegs + 1));
    }

    // Every member, increasing; asks the thread's budget (ambient_budget()), when it has one,
    // as count() asks its own.
    std::vector<Index> run() {
        if (ambient_budget().limited()) budget_ = &ambient_budget();
        std::fill(commons_.begin(), commons_.end(), 0);
        counts_recurse(0, params_.pegs);
        std::sort(out_.begin(), out_.end());
        return std::move(out_);
    }

    // Counts instead of listing: stops at `limit` + 1 members (nothing is kept), and asks
    // `budget` at every count vector and every kBudgetMembers members.
    SecretCount count(const Budget& budget, std::uint64_t limit) {
        counting_ = true;
        budget_ = &budget;
        limit_ = limit;
        std::fill(commons_.begin(), commons_.end(), 0);
        try {
            counts_recurse(0, params_.pegs);
        } catch (const LimitReached&) {
            return {limit, true};
        }
        return {counted_, false};
    }

  private:
    // commons_[d * R + r]: record r's common lanes from the counts of digits below d.
    std::uint64_t& common(int d, std::size_t r) {
        return commons_[static_cast<std::size_t>(d) * records_.size() + r];
    }
    std::uint64_t& hits(int p, std::size_t r) {
        return hits_[static_cast<std::size_t>(p) * records_.size() + r];
    }

    // Digit `d` onwards share the `left` pegs not yet counted.
    void counts_recurse(int d, int left) {
        const std::size_t n = records_.size();
        // Each string's hit + blow only grows with the digits still to count, and must end
        // within its record's sums: drop the branch as soon as one cannot.
        for (std::size_t r = 0; r < n; ++r) {
            const auto& rec = records_[r];
            const std::uint64_t lanes = common(d, r);
            for (int i = 0; i < rec.batch; ++i) {
                // It ends in [now, now + reach]: some answer's sum must lie there.
                const int now = lane(lanes, i);
                const int reach = std::min(
                    left, rec.rest[static_cast<std::size_t>(d)][static_cast<std::size_t>(i)]);
                if (((rec.sums >> now) & ((2u << reach) - 1)) == 0) return;
            }
        }
        if (d == params_.colours - 1) {
            count_[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(left);
            for (std::size_t r = 0; r < n; ++r) {
                const auto& rec = records_[r];
                const std::uint64_t lanes = common(d, r) + rec.scorer.common_lanes(d, left);
                std::uint64_t histogram = 0;
                for (int i = 0; i < rec.batch; ++i)
                    histogram += std::uint64_t{1} << (4 * lane(lanes, i));
                if (histogram != rec.sum_histogram) return;
                common(d + 1, r) = lanes;
            }
            arrange();
            return;
        }
        for (int k = 0; k <= left; ++k) {
            count_[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(k);
            for (std::size_t r = 0; r < n; ++r)
                common(d + 1, r) = common(d, r) + records_[r].scorer.common_lanes(d, k);
            counts_recurse(d + 1, left - k);
        }
    }

    // The count vector fits every record's sums: bound the hits, then place the digits.
    void arrange() {
        if (budget_)
            budget_->check(counting_ ? "counting the secrets" : "listing the consistent secrets");
        const int pegs = params_.pegs;
        for (std::size_t r = 0; r < records_.size(); ++r) {
            auto& rec = records_[r];
            const std::uint64_t lanes = common(params_.colours, r);
            rec.reach_total[static_cast<std::size_t>(pegs)] = 0;
            for (int i = 0; i < rec.batch; ++i) {
                const auto [lo, hi] = rec.hit_range[static_cast<std::size_t>(lane(lanes, i))];
                rec.low[static_cast<std::size_t>(i)] = lo;
                rec.high[static_cast<std::size_t>(i)] = hi;
                rec.reach[static_cast<std::size_t>(pegs)][static_cast<std::size_t>(i)] = 0;
            }
            int most = 0;  // the most hits positions p.. can add: per position, the strings sharing
                           // one present digit
            for (int p = pegs - 1; p >= 0; --p) {
                int total = 0;
                for (int i = 0; i < rec.batch; ++i) {
                    auto& reach =
                        rec.reach[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)];
                    reach =
                        rec.reach[static_cast<std::size_t>(p) + 1][static_cast<std::size_t>(i)] +
                        (count_[rec.digit[static_cast<std::size_t>(i)]
                                         [static_cast<std::size_t>(p)]] > 0
                             ? 1
                             : 0);
                    total += reach;
                }
                int best = 0;
                for (int d = 0; d < params_.colours; ++d) {
                    if (count_[static_cast<std::size_t>(d)] > 0)
                        best = std::max(best, rec.strings_with[static_cast<std::size_t>(p)]
                                                              [static_cast<std::size_t>(d)]);
                }
                most += best;
                rec.reach_total[static_cast<std::size_t>(p)] = std::min(total, most);
            }
            hits(0, r) = 0;
        }
        left_ = count_;
        place(0, 0);
    }

    // The sum of the 4-bit lanes (each at most 12, at most 16 lanes).
    static int lane_sum(std::uint64_t h) {
        constexpr std::uint64_t kLow = 0x0F0F0F0F0F0F0F0FULL;
        const std::uint64_t bytes = (h & kLow) + ((h >> 4) & kLow);
        return static_cast<int>((bytes * 0x0101010101010101ULL) >> 56);
    }

    void place(int p, Index index) {
        const std::size_t n = records_.size();
        // Every record's total of hits first (cheap), then each string's.
        for (std::size_t r = 0; r < n; ++r) {
            const auto& rec = records_[r];
            const int total = lane_sum(hits(p, r));
            if (total > rec.total_hits ||
                total + rec.reach_total[static_cast<std::size_t>(p)] < rec.total_hits)
                return;
        }
        for (std::size_t r = 0; r < n; ++r) {
            const auto& rec = records_[r];
            const std::uint64_t h = hits(p, r);
            for (int i = 0; i < rec.batch; ++i) {
                const int hi = lane(h, i);
                if (hi > rec.high[static_cast<std::size_t>(i)] ||
                    hi + rec.reach[static_cast<std::size_t>(p)][static_cast<std::size_t>(i)] <
                        rec.low[static_cast<std::size_t>(i)]) {
                    return;
                }
            }
        }
        if (p == params_.pegs) {
            for (const auto& rec : records_) {
                if (rec.scorer.key(digits_.data()) != rec.target) return;
            }
            if (!counting_) {
                out_.push_back(index);
                if (budget_ && out_.size() % kBudgetMembers == 0)
                    budget_->check("listing the consistent secrets");
            } else if (++counted_ > limit_) {
                throw LimitReached{};
            } else if (counted_ % kBudgetMembers == 0) {
                budget_->check("counting the secrets");
            }
            return;
        }
        const auto k = static_cast<Index>(params_.colours);
        for (int d = 0; d < params_.colours; ++d) {
            auto& left = left_[static_cast<std::size_t>(d)];
            if (left == 0) continue;
            --left;
            digits_[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(d);
            for (std::size_t r = 0; r < n; ++r)
                hits(p + 1, r) = hits(p, r) + records_[r].scorer.hit_lanes(p, d);
            place(p + 1, index * k + static_cast<Index>(d));
            ++left;
        }
    }

    struct LimitReached {};
    static constexpr std::uint64_t kBudgetMembers = std::uint64_t{1} << 16;

    BatchParams params_;
    bool counting_ = false;
    const Budget* budget_ = nullptr;
    std::uint64_t limit_ = 0, counted_ = 0;
    std::vector<RecordConstraint> records_;
    std::vector<std::uint64_t> commons_, hits_;
    std::array<std::uint8_t, BatchParams::kMaxColours> count_{}, left_{};
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits_{};
    std::vector<Index> out_;
};

}  // namespace

namespace {

template <class Index>
void digits_in(Index index, const BatchParams& params, std::uint8_t* digits) {
    const auto k = static_cast<Index>(params.colours);
    for (int p = params.pegs - 1; p >= 0; --p) {
        digits[p] = static_cast<std::uint8_t>(index % k);
        index /= k;
    }
}

}  // namespace

void digits_of_index(std::uint32_t index, const BatchParams& params, std::uint8_t* digits) {
    digits_in(index, params, digits);
}

void digits_of_index(std::uint64_t index, const BatchParams& params, std::uint8_t* digits) {
    digits_in(index, params, digits);
}

std::vector<std::uint32_t> secrets_answering(const QueryRecord& record, const BatchParams& params) {
    return secrets_consistent(std::span<const QueryRecord>(&record, 1), params);
}

namespace {

// Lanes of 4 bits hold 15 strings, and the count vectors know hit and blow only: histories with a
// test of 16 strings, and adjacent answers, are scanned secret by secret instead.
bool has_wide_test(std::span<const QueryRecord> history) {
    return std::any_of(history.begin(), history.end(),
                       [](const QueryRecord& r) { return r.strings.size() > 15; });
}
bool enumerable(std::span<const QueryRecord> history, const BatchParams& params) {
    for (const auto& record : history) {
        if (record.strings.size() != record.answers.size())
            throw std::invalid_argument("one answer per string");
    }
    return !has_wide_test(history) && params.rules == Rules::classic;
}

// The scan: `visit(index)` for every secret consistent with `history`, in increasing order, until
// it returns false; `budget` asked every 65,536 secrets.
template <class Index, class Visit>
void scan_consistent(std::span<const QueryRecord> history, const BatchParams& params,
                     const Budget& budget, Visit visit) {
    if (auto why = why_not_countable(history, params); !why.empty())
        throw std::invalid_argument(why);
    for (Index i = 0; i < params.secret_count(); ++i) {
        if (i % (Index{1} << 16) == 0) budget.check("counting the secrets");
        if (consistent_with_all(PackedCode::from_index(i, params), history, params.pegs,
                                params.rules) &&
            !visit(i))
            return;
    }
}

}  // namespace

template <class Index>
std::vector<Index> secrets_consistent(std::span<const QueryRecord> history,
                                      const BatchParams& params) {
    if (params.secret_count() > std::numeric_limits<Index>::max()) {
        throw std::invalid_argument(
            fmt::format("{}^{} secrets need 64-bit indices", params.colours, params.pegs));
    }
    if (enumerable(history, params)) return Enumeration<Index>(history, params).run();
    std::vector<Index> out;
    scan_consistent<Index>(history, params, ambient_budget(), [&](Index i) {
        out.push_back(i);
        return true;
    });
    return out;
}

std::string why_not_countable(std::span<const QueryRecord> history, const BatchParams& params) {
    const bool wide = has_wide_test(history);
    if ((wide || params.rules != Rules::classic) && params.secret_count() > kLargestScan) {
        return fmt::format(
            "{} scans every secret, at most {} of them, and this game has {}",
            wide ? "a count after a test of 16 strings" : "a count under adjacent rules",
            kLargestScan, params.secret_count());
    }
    return {};
}

SecretCount count_consistent(std::span<const QueryRecord> history, const BatchParams& params,
                             const Budget& budget, std::uint64_t limit) {
    if (history.empty()) return {params.secret_count(), false};
    if (enumerable(history, params)) {
        if (params.secret_count() > std::numeric_limits<std::uint32_t>::max()) {
            return Enumeration<std::uint64_t>(history, params).count(budget, limit);
        }
        return Enumeration<std::uint32_t>(history, params).count(budget, limit);
    }
    SecretCount counted;
    scan_consistent<std::uint64_t>(history, params, budget, [&](std::uint64_t) {
        if (counted.count == limit) {
            counted.at_least = true;
            return false;
        }
        ++counted.count;
        return true;
    });
    return counted;
}

template std::vector<std::uint32_t> secrets_consistent<std::uint32_t>(std::span<const QueryRecord>,
                                                                      const BatchParams&);
template std::vector<std::uint64_t> secrets_consistent<std::uint64_t>(std::span<const QueryRecord>,
                                                                      const BatchParams&);

namespace {

template <class Index>
std::vector<Index> filter_in(std::span<const Index> secrets, const QueryRecord& record,
                             const BatchParams& params) {
    std::vector<Index> out;
    if (params.rules != Rules::classic) {
        for (auto s : secrets) {
            if (consistent_with(PackedCode::from_index(s, params), record, params.pegs,
                                params.rules))
                out.push_back(s);
        }
        return out;
    }
    const QueryScorer scorer(record.strings, params);
    const auto target = make_answer_key(record.answers, params);
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    for (auto s : secrets) {
        digits_in(s, params, digits.data());
        if (scorer.key(digits.data()) == target) out.push_back(s);
    }
    return out;
}

}  // namespace

std::vector<std::uint32_t> filter_secrets(std::span<const std::uint32_t> secrets,
                                          const QueryRecord& record, const BatchParams& params) {
    return filter_in(secrets, record, params);
}

std::vector<std::uint64_t> filter_secrets(std::span<const std::uint64_t> secrets,
                                          const QueryRecord& record, const BatchParams& params) {
    return filter_in(secrets, record, params);
}

}  // namespace mastermind
