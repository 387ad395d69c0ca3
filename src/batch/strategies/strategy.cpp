#include "mastermind/batch/strategy.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "case_analysis.hpp"
#include "consistent.hpp"
#include "counts_then_locate.hpp"
#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "search_strategies.hpp"

namespace mastermind {

std::vector<PackedCode> random_distinct_strings(Rng& rng, const BatchParams& params) {
    std::vector<PackedCode> strings;
    while (static_cast<int>(strings.size()) < params.batch) {
        const auto code = PackedCode::from_index(rng.below(params.secret_count()), params);
        if (std::find(strings.begin(), strings.end(), code) == strings.end())
            strings.push_back(code);
    }
    return strings;
}

std::span<const StrategyInfo> all_strategies() {
    static const std::array<StrategyInfo, 6> all{{
        {"adaptive-split",
         "record: a fixed first test, then per answer class a second test from a table found "
         "offline or annealed to leave every secret alone; at most 3 tests on 9/10/9, 2 for all "
         "but a few thousand of the 10^9 secrets (the count: docs/results.md)",
         [](const BatchParams& p, std::uint64_t seed) {
             return strategies::make_adaptive_split(p, seed);
         }},
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
         "(small games: K^P up to 4M; classic or adjacent rules)",
         strategies::make_consistent, true},
    }};
    return all;
}

std::string strategy_refuses(const StrategyInfo& info, const BatchParams& params) {
    if (auto why = params.validate(); !why.empty()) return why;
    if (params.rules == Rules::adjacent && !info.adjacent_rules) {
        return fmt::format(
            "{} plays the batch game with classic rules only (consistent plays adjacent rules)",
            info.name);
    }
    // The factory is the one place that knows the games a strategy plays: it throws for the
    // others, before any work (tables and sets are built on the first move).
    try {
        info.make(params, 1);
    } catch (const std::invalid_argument& e) {
        return e.what();
    }
    return {};
}

const StrategyInfo* best_strategy_for(const BatchParams& params) {
    if (params.rules == Rules::adjacent) return find_strategy("consistent");
    if (params.pegs == 9 && params.colours == 10 && params.batch == 9)
        return find_strategy("adaptive-split");
    if (params.secret_count() > strategies::kConsistentMaxSecrets && params.batch == params.pegs &&
        params.colours == params.pegs + 1) {
        return find_strategy("counts-then-locate");
    }
    // Too many secrets to keep them all (10/10/10...): the record strategy plays any classic game
    // of at most 15 strings a test; beyond that consistent's refusal says why.
    if (params.secret_count() > strategies::kConsistentMaxSecrets && params.batch <= 15)
        return find_strategy("adaptive-split");
    return find_strategy("consistent");
}

const StrategyInfo* find_strategy(std::string_view name) {
    for (const auto& s : all_strategies()) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

std::string strategy_names() {
    return names_of(all_strategies());
}

const StrategyInfo* hint_strategy(std::string_view name, const BatchParams& params,
                                  std::string& why) {
    const StrategyInfo* info =
        name.empty() || name == "auto" ? best_strategy_for(params) : find_strategy(name);
    if (!info) {
        why = fmt::format("'{}' is not a strategy ({})", name, strategy_names());
        return nullptr;
    }
    why = strategy_refuses(*info, params);
    return why.empty() ? info : nullptr;
}

}  // namespace mastermind
