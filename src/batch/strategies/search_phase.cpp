#include "search_phase.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <utility>

#include "mastermind/core/random.hpp"

namespace mastermind::strategies {

Move search_move(const Position& position, const UsedStrings& used, std::uint64_t seed) {
    // How many candidates are left, and the least of them.
    const auto [left, least] = position.visit_consistent([](auto candidates) {
        return std::pair<std::size_t, std::uint64_t>(candidates.size(),
                                                     candidates.empty() ? 0 : candidates.front());
    });
    const auto history = position.history();
    const auto& params = position.params();
    if (left == 0) {
        throw InconsistentAnswers(
            fmt::format("no arrangement of the counted digits fits the {} tests", history.size()));
    }
    if (left == 1 || static_cast<int>(history.size()) >= params.max_tests) {
        return {true, {PackedCode::from_index(least, params)}};
    }
    Rng rng(derive_seed(seed, history_fingerprint(history)));
    Move m;
    while (static_cast<int>(m.strings.size()) < params.batch) {
        const auto code = PackedCode::from_index(rng.below(params.secret_count()), params);
        if (used.contains(code) ||
            std::find(m.strings.begin(), m.strings.end(), code) != m.strings.end())
            continue;
        m.strings.push_back(code);
    }
    return m;
}

}  // namespace mastermind::strategies
