#include "search_phase.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "mastermind/random.hpp"

namespace mastermind::strategies {

std::vector<PackedCode> search_candidates(const Knowledge& k, std::span<const TestRecord> history,
                                          std::span<const std::uint32_t> consistent,
                                          const BatchParams& params) {
    std::vector<PackedCode> out;
    if (!consistent.empty()) {
        out.reserve(consistent.size());
        for (auto index : consistent) out.push_back(PackedCode::from_index(index, params));
        return out;
    }
    // Depth-first over positions with the counts as a budget. Each test's total of hits is
    // order-free, so a partial arrangement is dropped as soon as some test's hits so far exceed
    // its total, or cannot reach it even if every remaining position hit as often as it could.
    const int pegs = k.pegs;
    std::array<int, BatchParams::kMaxColours> left{};
    int placed = 0;
    for (int d = 0; d < k.colours; ++d) {
        left[static_cast<std::size_t>(d)] = k.count[static_cast<std::size_t>(d)];
        placed += std::max(0, left[static_cast<std::size_t>(d)]);
        if (left[static_cast<std::size_t>(d)] < 0) return out;
    }
    if (placed != pegs) return out;
    const std::size_t tests = history.size();
    std::vector<int> target(tests), partial(tests, 0);
    // hits_at[t][p][d]: strings of test t with digit d at position p; best_rest[t][p]: the most
    // hits positions p.. can still add.
    std::vector<std::array<std::array<std::uint8_t, BatchParams::kMaxColours>, BatchParams::kMaxPegs>> hits_at(tests);
    std::vector<std::array<int, BatchParams::kMaxPegs + 1>> best_rest(tests);
    for (std::size_t t = 0; t < tests; ++t) {
        for (const auto& a : history[t].answers) target[t] += a.hit;
        hits_at[t] = {};
        for (const auto& str : history[t].strings) {
            for (int p = 0; p < pegs; ++p) ++hits_at[t][static_cast<std::size_t>(p)][static_cast<std::size_t>(str.peg(p))];
        }
        best_rest[t][static_cast<std::size_t>(pegs)] = 0;
        for (int p = pegs - 1; p >= 0; --p) {
            int best = 0;
            for (int d = 0; d < k.colours; ++d) best = std::max<int>(best, hits_at[t][static_cast<std::size_t>(p)][static_cast<std::size_t>(d)]);
            best_rest[t][static_cast<std::size_t>(p)] = best_rest[t][static_cast<std::size_t>(p) + 1] + best;
        }
    }
    std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
    auto recurse = [&](auto&& self, int p) -> void {
        for (std::size_t t = 0; t < tests; ++t) {
            if (partial[t] > target[t] || partial[t] + best_rest[t][static_cast<std::size_t>(p)] < target[t]) return;
        }
        if (p == pegs) {
            const auto code = PackedCode::from_pegs(digits.data(), pegs);
            if (consistent_with_all(code, history, pegs)) out.push_back(code);
            return;
        }
        for (int d = 0; d < k.colours; ++d) {
            if (left[static_cast<std::size_t>(d)] == 0) continue;
            --left[static_cast<std::size_t>(d)];
            digits[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(d);
            for (std::size_t t = 0; t < tests; ++t) partial[t] += hits_at[t][static_cast<std::size_t>(p)][static_cast<std::size_t>(d)];
            self(self, p + 1);
            for (std::size_t t = 0; t < tests; ++t) partial[t] -= hits_at[t][static_cast<std::size_t>(p)][static_cast<std::size_t>(d)];
            ++left[static_cast<std::size_t>(d)];
        }
    };
    recurse(recurse, 0);
    return out;
}

Move search_move(const std::vector<PackedCode>& candidates, std::span<const TestRecord> history,
                 const UsedStrings& used, std::uint64_t seed, const BatchParams& params) {
    if (candidates.empty()) {
        throw InconsistentAnswers(fmt::format("no arrangement of the counted digits fits the {} tests", history.size()));
    }
    if (candidates.size() == 1 || static_cast<int>(history.size()) >= params.max_tests) {
        return {true, {candidates.front()}};
    }
    Rng rng(derive_seed(seed, history_fingerprint(history)));
    Move m;
    while (static_cast<int>(m.strings.size()) < params.batch) {
        const auto code = PackedCode::from_index(rng.below(params.secret_count()), params);
        if (used.contains(code) || std::find(m.strings.begin(), m.strings.end(), code) != m.strings.end()) continue;
        m.strings.push_back(code);
    }
    return m;
}

}  // namespace mastermind::strategies
