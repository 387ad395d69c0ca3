#include "knowledge.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>

namespace mastermind::strategies {

Knowledge Knowledge::start(const BatchParams& params) {
    Knowledge k;
    k.pegs = params.pegs;
    k.colours = params.colours;
    const auto all = static_cast<std::uint16_t>((1u << params.colours) - 1);
    for (int p = 0; p < params.pegs; ++p) k.allowed[static_cast<std::size_t>(p)] = all;
    k.count.fill(-1);
    return k;
}

int Knowledge::known_positions() const {
    int n = 0;
    for (int p = 0; p < pegs; ++p) n += known(p);
    return n;
}

int Knowledge::placed(int digit) const {
    int n = 0;
    for (int p = 0; p < pegs; ++p) n += allowed[static_cast<std::size_t>(p)] == (1u << digit);
    return n;
}

void Knowledge::place(int position, int digit) {
    allowed[static_cast<std::size_t>(position)] = static_cast<std::uint16_t>(1u << digit);
    if (count[static_cast<std::size_t>(digit)] >= 0)
        set_count(digit, count[static_cast<std::size_t>(digit)]);
}

void Knowledge::exclude(int position, int digit) {
    allowed[static_cast<std::size_t>(position)] &= static_cast<std::uint16_t>(~(1u << digit));
}

void Knowledge::set_count(int digit, int value) {
    count[static_cast<std::size_t>(digit)] = static_cast<std::int8_t>(value);
    if (placed(digit) == value) {
        for (int p = 0; p < pegs; ++p) {
            if (allowed[static_cast<std::size_t>(p)] != (1u << digit)) exclude(p, digit);
        }
    }
}

int Knowledge::absent_digit() const {
    for (int d = 0; d < colours; ++d) {
        if (count[static_cast<std::size_t>(d)] == 0) return d;
    }
    return -1;
}

void Knowledge::infer_last_count() {
    int unknown = -1, total = 0;
    for (int d = 0; d < colours; ++d) {
        if (count[static_cast<std::size_t>(d)] < 0) {
            if (unknown >= 0) return;  // two unknown
            unknown = d;
        } else {
            total += count[static_cast<std::size_t>(d)];
        }
    }
    if (unknown >= 0) set_count(unknown, pegs - total);
}

PackedCode code_from_digits(std::span<const int> digits) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
    for (std::size_t i = 0; i < digits.size(); ++i) pegs[i] = static_cast<std::uint8_t>(digits[i]);
    return PackedCode::from_pegs(pegs.data(), static_cast<int>(digits.size()));
}

PackedCode prefix_string(int digit, int rest, int length, int pegs) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> d{};
    for (int i = 0; i < pegs; ++i)
        d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i < length ? digit : rest);
    return PackedCode::from_pegs(d.data(), pegs);
}

PackedCode repeated(int digit, int pegs) {
    return prefix_string(digit, digit, pegs, pegs);
}

std::uint64_t prefix_nibbles(int digit, int rest, int length, int pegs) {
    const auto lanes = [](int n) { return n >= 16 ? ~0ULL : (std::uint64_t{1} << (4 * n)) - 1; };
    constexpr std::uint64_t kOnes = 0x1111'1111'1111'1111ULL;  // 1 in every nibble
    const std::uint64_t head = lanes(length), all = lanes(pegs);
    return (std::uint64_t(digit) * kOnes & head) | (std::uint64_t(rest) * kOnes & all & ~head);
}

bool UsedStrings::contains(std::uint64_t nibbles) const {
    return std::binary_search(sorted_.begin(), sorted_.end(), nibbles);
}

void UsedStrings::add(std::span<const PackedCode> strings) {
    // The new strings sorted, then merged in from the back: no buffer (std::inplace_merge
    // allocates one on every call, and the evaluator calls this once per node of its walk).
    std::array<std::uint64_t, BatchParams::kMaxBatch> fresh{};
    if (strings.size() > fresh.size()) {
        for (const auto& s : strings)
            sorted_.insert(std::upper_bound(sorted_.begin(), sorted_.end(), s.nibbles()),
                           s.nibbles());
        return;
    }
    const std::size_t n = strings.size();
    for (std::size_t i = 0; i < n; ++i) fresh[i] = strings[i].nibbles();
    std::sort(fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(n));
    std::size_t old = sorted_.size(), out = old + n, next = n;
    sorted_.resize(out);
    while (next > 0) {
        if (old > 0 && sorted_[old - 1] > fresh[next - 1])
            sorted_[--out] = sorted_[--old];
        else
            sorted_[--out] = fresh[--next];
    }
}

namespace {

// Strings whose answer follows from what is known, in a fixed order of preference.
std::optional<std::pair<PackedCode, HitBlow>> find_filler(const Knowledge& k, int locating,
                                                          const UsedStrings& used) {
    const int pegs = k.pegs;
    // Candidates are tested by their nibbles and built once chosen (this runs at every node of
    // the evaluator's walk below Part 1).
    auto fresh = [&](std::uint64_t nibbles) { return !used.contains(nibbles); };
    // e^P with a known count e: answer (c_e, 0).
    for (int e = k.colours - 1; e >= 0; --e) {
        if (e == locating || k.count[static_cast<std::size_t>(e)] < 0) continue;
        if (fresh(repeated_nibbles(e, pegs))) {
            return std::pair{
                repeated(e, pegs),
                HitBlow{static_cast<std::uint8_t>(k.count[static_cast<std::size_t>(e)]), 0}};
        }
    }
    // Strings of two absent digits: answer (0, 0).
    for (int x = 0; x < k.colours; ++x) {
        for (int y = 0; y < k.colours; ++y) {
            if (x == y || k.count[static_cast<std::size_t>(x)] != 0 ||
                k.count[static_cast<std::size_t>(y)] != 0)
                continue;
            for (int j = 1; j < pegs; ++j) {
                if (fresh(prefix_nibbles(y, x, j, pegs)))
                    return std::pair{prefix_string(y, x, j, pegs), HitBlow{0, 0}};
            }
        }
    }
    // X^j e X^(P-1-j) for a digit e whose every position is known: (1, 0) or (0, 1).
    const int x = k.absent_digit();
    if (x < 0) return std::nullopt;
    for (int e = 0; e < k.colours; ++e) {
        const int c_e = k.count[static_cast<std::size_t>(e)];
        if (e == locating || e == x || c_e <= 0 || k.placed(e) != c_e) continue;
        const std::uint64_t background = repeated_nibbles(x, pegs);
        for (int j = 0; j < pegs; ++j) {
            const int shift = 4 * j;
            if (!fresh((background & ~(0xFULL << shift)) | std::uint64_t(e) << shift)) continue;
            std::array<std::uint8_t, BatchParams::kMaxPegs> d{};
            for (int i = 0; i < pegs; ++i)
                d[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i == j ? e : x);
            const bool hit = k.known(j) && k.digit_at(j) == e;
            return std::pair{PackedCode::from_pegs(d.data(), pegs),
                             hit ? HitBlow{1, 0} : HitBlow{0, 1}};
        }
    }
    return std::nullopt;
}

}  // namespace

std::optional<LocatePlan> plan_locate(int digit, const Knowledge& k, const UsedStrings& used) {
    LocatePlan plan;
    plan.digit = digit;
    plan.absent = k.absent_digit();
    if (plan.absent < 0) return std::nullopt;
    plan.full_prefixes = !used.contains(repeated_nibbles(digit, k.pegs));
    if (!plan.full_prefixes) {
        auto filler = find_filler(k, digit, used);
        if (!filler) return std::nullopt;
        plan.filler = filler->first;
        plan.filler_answer = filler->second;
    }
    return plan;
}

Move locate_move(const LocatePlan& plan, int pegs) {
    Move m;
    m.strings.reserve(static_cast<std::size_t>(pegs));
    for (int length = 1; length < pegs; ++length)
        m.strings.push_back(prefix_string(plan.digit, plan.absent, length, pegs));
    m.strings.push_back(plan.full_prefixes ? repeated(plan.digit, pegs) : plan.filler);
    return m;
}

void absorb_locate(const LocatePlan& plan, const QueryRecord& record, Knowledge& k,
                   std::vector<int>* hits_out) {
    // The answers without the filler's, in arrays on the stack (this runs at every node of the
    // evaluator's walk below Part 1, where two vectors allocated per call would be a measurable
    // share of it).
    std::array<HitBlow, BatchParams::kMaxBatch> pairs{};  // sorted, as record.answers
    std::size_t n = 0;
    bool filler_removed = plan.full_prefixes;
    for (const auto& a : record.answers) {
        if (n == pairs.size()) break;
        if (!filler_removed && a == plan.filler_answer) {
            filler_removed = true;
            continue;
        }
        pairs[n++] = a;
    }
    // Sorted, the prefix answers come in prefix order: hit and hit+blow never decrease.
    std::array<int, BatchParams::kMaxBatch> hits{};
    for (std::size_t i = 0; i < n; ++i) hits[i] = pairs[i].hit;
    const int d = plan.digit, pegs = k.pegs;
    int before = 0;
    for (int position = 0; position + 1 < pegs && position < static_cast<int>(n); ++position) {
        if (hits[static_cast<std::size_t>(position)] > before)
            k.place(position, d);
        else
            k.exclude(position, d);
        before = hits[static_cast<std::size_t>(position)];
    }
    int total = -1;
    if (plan.full_prefixes && static_cast<int>(n) >= pegs) {
        total = hits[static_cast<std::size_t>(pegs - 1)];
    } else if (k.count[static_cast<std::size_t>(d)] >= 0) {
        total = k.count[static_cast<std::size_t>(d)];
    } else if (n > 0 && n >= static_cast<std::size_t>(pegs - 1)) {
        const auto& longest = pairs[static_cast<std::size_t>(pegs - 2)];
        if (longest.hit + longest.blow < pegs - 1)
            total = longest.hit + longest.blow;  // min(c, P-1)
    }
    if (total >= 0) {
        if (total - before == 1)
            k.place(pegs - 1, d);
        else
            k.exclude(pegs - 1, d);
        k.set_count(d, total);
    }
    if (hits_out) hits_out->assign(hits.begin(), hits.begin() + static_cast<std::ptrdiff_t>(n));
}

Move challenge_from(const Position& position) {
    const auto least = position.visit_consistent([](auto fits) {
        return fits.empty() ? std::nullopt : std::optional<std::uint64_t>(fits.front());
    });
    if (!least) {
        throw InconsistentAnswers(
            fmt::format("no secret fits the answers of the {} tests", position.history().size()));
    }
    return {true, {PackedCode::from_index(*least, position.params())}};
}

}  // namespace mastermind::strategies
