#include "mastermind/strategy.hpp"

#include <algorithm>
#include <array>

#include "mastermind/random.hpp"
#include "strategies/adaptive_split.hpp"
#include "strategies/case_analysis.hpp"
#include "strategies/consistent.hpp"
#include "strategies/counts_then_locate.hpp"
#include "strategies/search_strategies.hpp"

namespace mastermind {

bool consistent_with(const PackedCode& code, const TestRecord& record, int pegs) {
    std::array<HitBlow, BatchParams::kMaxBatch> got;
    const std::size_t n = record.strings.size();
    for (std::size_t i = 0; i < n; ++i) got[i] = code.score(record.strings[i], pegs);
    std::sort(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n));
    return std::equal(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n),
                      record.answers.begin(), record.answers.end());
}

bool consistent_with_all(const PackedCode& code, std::span<const TestRecord> history, int pegs) {
    return std::all_of(history.begin(), history.end(),
                       [&](const TestRecord& r) { return consistent_with(code, r, pegs); });
}

TestRecord answered_record(std::vector<PackedCode> strings, const PackedCode& secret, int pegs) {
    TestRecord r{std::move(strings), {}};
    for (const auto& s : r.strings) r.answers.push_back(secret.score(s, pegs));
    std::sort(r.answers.begin(), r.answers.end());
    return r;
}

std::vector<PackedCode> random_distinct_strings(Rng& rng, const BatchParams& params) {
    std::vector<PackedCode> strings;
    while (static_cast<int>(strings.size()) < params.batch) {
        const auto code = PackedCode::from_index(rng.below(params.secret_count()), params);
        if (std::find(strings.begin(), strings.end(), code) == strings.end()) strings.push_back(code);
    }
    return strings;
}

std::uint64_t history_fingerprint(std::span<const TestRecord> history) {
    std::uint64_t h = history.size();
    for (const auto& r : history) {
        for (const auto& s : r.strings) h = derive_seed(h, s.nibbles());
        for (const auto& a : r.answers) h = derive_seed(h, std::uint64_t{a.hit} << 8 | a.blow);
    }
    return h;
}

std::span<const StrategyInfo> all_strategies() {
    static const std::array<StrategyInfo, 6> all{{
        {"adaptive-split",
         "record: a fixed first test, then per answer class the seeded candidate test that "
         "settles the most secrets; at most 3 tests on 9/10/9 (docs/results.md)",
         [](const BatchParams& p, std::uint64_t seed) { return strategies::make_adaptive_split(p, seed); }},
        {"counts-then-locate",
         "editorial, case analysis easy: count each digit, then locate digits with prefixes "
         "(at most 17 tests; games with B = P, K = P + 1)",
         strategies::make_counts_then_locate},
        {"case-analysis",
         "editorial, case analysis hard: deterministic, at most 9 tests (proven over all 10^9 "
         "secrets; 9/10/9 only)",
         strategies::make_case_analysis},
        {"search-after-counts",
         "editorial, search easy: count each digit, then random tests until one arrangement is "
         "left (about 12 claimed, 15 measured; B = P, K = P + 1)",
         strategies::make_search_after_counts},
        {"search-after-fast-counts",
         "editorial, search hard: counts in 4 tests, then random tests (about 7 claimed, 11 "
         "measured with seed 1; 9/10/9 only)",
         strategies::make_search_after_fast_counts},
        {"consistent",
         "keep every secret consistent with the answers; test B of them, chosen by the seed "
         "(small games: K^P up to 4M)",
         strategies::make_consistent},
    }};
    return all;
}

const StrategyInfo* best_strategy_for(const BatchParams& params) {
    if (params.pegs == 9 && params.colours == 10 && params.batch == 9) return find_strategy("adaptive-split");
    if (params.secret_count() > strategies::kConsistentMaxSecrets && params.batch == params.pegs &&
        params.colours == params.pegs + 1) {
        return find_strategy("counts-then-locate");
    }
    return find_strategy("consistent");
}

const StrategyInfo* find_strategy(std::string_view name) {
    for (const auto& s : all_strategies()) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

}  // namespace mastermind
