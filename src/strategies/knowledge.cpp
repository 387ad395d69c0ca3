#include "knowledge.hpp"

#include <fmt/format.h>

#include <algorithm>
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
    if (count[static_cast<std::size_t>(digit)] >= 0) set_count(digit, count[static_cast<std::size_t>(digit)]);
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
    std::array<int, BatchParams::kMaxPegs> d{};
    for (int i = 0; i < pegs; ++i) d[static_cast<std::size_t>(i)] = i < length ? digit : rest;
    return code_from_digits(std::span<const int>(d.data(), static_cast<std::size_t>(pegs)));
}

PackedCode repeated(int digit, int pegs) {
    std::array<int, BatchParams::kMaxPegs> d{};
    d.fill(digit);
    return code_from_digits(std::span<const int>(d.data(), static_cast<std::size_t>(pegs)));
}

bool UsedStrings::contains(const PackedCode& c) const {
    return std::binary_search(sorted_.begin(), sorted_.end(), c.nibbles());
}

void UsedStrings::add(std::span<const PackedCode> strings) {
    const auto old_size = static_cast<std::ptrdiff_t>(sorted_.size());
    for (const auto& s : strings) sorted_.push_back(s.nibbles());
    std::sort(sorted_.begin() + old_size, sorted_.end());
    std::inplace_merge(sorted_.begin(), sorted_.begin() + old_size, sorted_.end());
}

namespace {

// Strings whose answer follows from what is known, in a fixed order of preference.
std::optional<std::pair<PackedCode, HitBlow>> find_filler(const Knowledge& k, int locating,
                                                          const UsedStrings& used) {
    const int pegs = k.pegs;
    auto fresh = [&](const PackedCode& c) { return !used.contains(c); };
    // e^P with a known count e: answer (c_e, 0).
    for (int e = k.colours - 1; e >= 0; --e) {
        if (e == locating || k.count[static_cast<std::size_t>(e)] < 0) continue;
        const auto c = repeated(e, pegs);
        if (fresh(c)) return std::pair{c, HitBlow{static_cast<std::uint8_t>(k.count[static_cast<std::size_t>(e)]), 0}};
    }
    // Strings of two absent digits: answer (0, 0).
    for (int x = 0; x < k.colours; ++x) {
        for (int y = 0; y < k.colours; ++y) {
            if (x == y || k.count[static_cast<std::size_t>(x)] != 0 || k.count[static_cast<std::size_t>(y)] != 0) continue;
            for (int j = 1; j < pegs; ++j) {
                const auto c = prefix_string(y, x, j, pegs);
                if (fresh(c)) return std::pair{c, HitBlow{0, 0}};
            }
        }
    }
    // X^j e X^(P-1-j) for a digit e whose every position is known: (1, 0) or (0, 1).
    const int x = k.absent_digit();
    if (x < 0) return std::nullopt;
    for (int e = 0; e < k.colours; ++e) {
        const int c_e = k.count[static_cast<std::size_t>(e)];
        if (e == locating || e == x || c_e <= 0 || k.placed(e) != c_e) continue;
        for (int j = 0; j < pegs; ++j) {
            std::array<int, BatchParams::kMaxPegs> d{};
            for (int i = 0; i < pegs; ++i) d[static_cast<std::size_t>(i)] = i == j ? e : x;
            const auto c = code_from_digits(std::span<const int>(d.data(), static_cast<std::size_t>(pegs)));
            if (!fresh(c)) continue;
            const bool hit = k.known(j) && k.digit_at(j) == e;
            return std::pair{c, hit ? HitBlow{1, 0} : HitBlow{0, 1}};
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
    plan.full_prefixes = !used.contains(repeated(digit, k.pegs));
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
    for (int length = 1; length < pegs; ++length) m.strings.push_back(prefix_string(plan.digit, plan.absent, length, pegs));
    m.strings.push_back(plan.full_prefixes ? repeated(plan.digit, pegs) : plan.filler);
    return m;
}

void absorb_locate(const LocatePlan& plan, const TestRecord& record, Knowledge& k,
                   std::vector<int>* hits_out) {
    std::vector<HitBlow> pairs = record.answers;  // sorted
    if (!plan.full_prefixes) {
        const auto it = std::find(pairs.begin(), pairs.end(), plan.filler_answer);
        if (it != pairs.end()) pairs.erase(it);
    }
    // Sorted, the prefix answers come in prefix order: hit and hit+blow never decrease.
    std::vector<int> hits;
    for (const auto& p : pairs) hits.push_back(p.hit);
    const int d = plan.digit, pegs = k.pegs;
    int before = 0;
    for (int position = 0; position + 1 < pegs && position < static_cast<int>(hits.size()); ++position) {
        if (hits[static_cast<std::size_t>(position)] > before) k.place(position, d);
        else k.exclude(position, d);
        before = hits[static_cast<std::size_t>(position)];
    }
    int total = -1;
    if (plan.full_prefixes && static_cast<int>(hits.size()) >= pegs) {
        total = hits[static_cast<std::size_t>(pegs - 1)];
    } else if (k.count[static_cast<std::size_t>(d)] >= 0) {
        total = k.count[static_cast<std::size_t>(d)];
    } else if (!pairs.empty() && pairs.size() >= static_cast<std::size_t>(pegs - 1)) {
        const auto& longest = pairs[static_cast<std::size_t>(pegs - 2)];
        if (longest.hit + longest.blow < pegs - 1) total = longest.hit + longest.blow;  // min(c, P-1)
    }
    if (total >= 0) {
        if (total - before == 1) k.place(pegs - 1, d);
        else k.exclude(pegs - 1, d);
        k.set_count(d, total);
    }
    if (hits_out) *hits_out = std::move(hits);
}

Move challenge_from(const Position& position) {
    const auto least = position.visit_consistent([](auto fits) {
        return fits.empty() ? std::nullopt : std::optional<std::uint64_t>(fits.front());
    });
    if (!least) {
        throw InconsistentAnswers(fmt::format("no secret fits the answers of the {} tests", position.history().size()));
    }
    return {true, {PackedCode::from_index(*least, position.params())}};
}

}  // namespace mastermind::strategies
