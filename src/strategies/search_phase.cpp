#include "search_phase.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "mastermind/random.hpp"

namespace mastermind::strategies {

namespace {

std::uint64_t fingerprint(std::span<const TestRecord> history) {
    std::uint64_t h = history.size();
    for (const auto& r : history) {
        for (const auto& s : r.strings) h = derive_seed(h, s.nibbles());
        for (const auto& a : r.answers) h = derive_seed(h, std::uint64_t{a.hit} << 8 | a.blow);
    }
    return h;
}

}  // namespace

std::vector<PackedCode> search_candidates(const Knowledge& k, std::span<const TestRecord> history,
                                          std::span<const std::uint32_t> consistent,
                                          const BatchParams& params) {
    std::vector<PackedCode> out;
    if (!consistent.empty()) {
        out.reserve(consistent.size());
        for (auto index : consistent) out.push_back(PackedCode::from_index(index, params));
        return out;
    }
    std::vector<std::uint8_t> digits;
    for (int d = 0; d < k.colours; ++d) {
        for (int i = 0; i < k.count[static_cast<std::size_t>(d)]; ++i) digits.push_back(static_cast<std::uint8_t>(d));
    }
    if (static_cast<int>(digits.size()) != k.pegs) return out;
    // Total hits per test is order-free: a cheap first filter before the full multiset check.
    std::vector<int> total_hits;
    for (const auto& r : history) {
        int h = 0;
        for (const auto& a : r.answers) h += a.hit;
        total_hits.push_back(h);
    }
    do {
        const auto code = PackedCode::from_pegs(digits.data(), k.pegs);
        bool fits = true;
        for (std::size_t t = 0; t < history.size() && fits; ++t) {
            int h = 0;
            for (const auto& s : history[t].strings) h += code.score(s, k.pegs).hit;
            fits = h == total_hits[t];
        }
        for (std::size_t t = 0; t < history.size() && fits; ++t) fits = consistent_with(code, history[t], k.pegs);
        if (fits) out.push_back(code);
    } while (std::next_permutation(digits.begin(), digits.end()));
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
    Rng rng(derive_seed(seed, fingerprint(history)));
    Move m;
    while (static_cast<int>(m.strings.size()) < params.batch) {
        const auto code = PackedCode::from_index(rng.below(params.secret_count()), params);
        if (used.contains(code) || std::find(m.strings.begin(), m.strings.end(), code) != m.strings.end()) continue;
        m.strings.push_back(code);
    }
    return m;
}

}  // namespace mastermind::strategies
