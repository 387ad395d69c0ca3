#include "mastermind/strategy.hpp"

#include <algorithm>
#include <array>

#include "strategies/consistent.hpp"

namespace mastermind {

bool consistent_with(const PackedCode& code, const TestRecord& record, int pegs) {
    std::array<HitBlow, BatchParams::kMaxBatch> got;
    const std::size_t n = record.strings.size();
    for (std::size_t i = 0; i < n; ++i) got[i] = code.score(record.strings[i], pegs);
    std::sort(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n));
    return std::equal(got.begin(), got.begin() + static_cast<std::ptrdiff_t>(n),
                      record.answers.begin(), record.answers.end());
}

std::span<const StrategyInfo> all_strategies() {
    static const std::array<StrategyInfo, 1> all{{
        {"consistent",
         "keep every secret consistent with the answers; test B of them, chosen by the seed "
         "(small games: K^P up to 4M)",
         strategies::make_consistent},
    }};
    return all;
}

const StrategyInfo* find_strategy(std::string_view name) {
    for (const auto& s : all_strategies()) {
        if (s.name == name) return &s;
    }
    return nullptr;
}

}  // namespace mastermind
