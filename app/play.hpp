// `mastermind play` for each game: the ordinary game in play_command.cpp, the batch game in
// play_batch.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/batch/strategy.hpp"

namespace mastermind::app {

// How long a person at a terminal waits for one hint or count (`play`, `assist`) before the
// search gives up and says so.
inline constexpr double kPersonSeconds = 10;
inline Budget person_budget() { return Budget::of_seconds(kPersonSeconds); }

// "knuth, irving, ...": the names of a registry's entries, for messages.
template <class Infos>
std::string names_of(const Infos& infos) {
    std::string names;
    for (const auto& info : infos) names += (names.empty() ? "" : ", ") + std::string(info.name);
    return names;
}
inline std::string codebreaker_names() { return names_of(all_codebreakers()); }
inline std::string strategy_names() { return names_of(all_strategies()); }

// The codebreaker `name` ("auto": the best for the game) that gives hints in `play` and
// suggestions in `assist`, or nullptr and why it cannot here.
inline const CodebreakerInfo* hint_codebreaker(const std::string& name, const CodeSpace& space, std::string& why) {
    const CodebreakerInfo* info = name == "auto" ? best_codebreaker_for(space) : find_codebreaker(name);
    if (!info) {
        why = fmt::format("'{}' is not a codebreaker ({})", name, codebreaker_names());
        return nullptr;
    }
    why = codebreaker_refuses_hints(*info, space.size());
    if (info->name == "tree") why = "the tree codebreaker needs a tree file; name another";
    return why.empty() ? info : nullptr;
}

// The batch strategy `name` ("auto" or empty: the best for the game) that gives hints in `play`
// and `serve`, or nullptr and why not (no such strategy, or it does not play this game).
inline const StrategyInfo* hint_strategy(std::string_view name, const BatchParams& params, std::string& why) {
    const StrategyInfo* info = name.empty() || name == "auto" ? best_strategy_for(params) : find_strategy(name);
    if (!info) {
        why = fmt::format("'{}' is not a strategy ({})", name, strategy_names());
        return nullptr;
    }
    why = strategy_refuses(*info, params);
    return why.empty() ? info : nullptr;
}

// Plays the batch game of `params` from `seed` (the game `mastermind judge --seed` plays), hints
// from the strategy `hints` ("auto": the best for the game). Exit status: 0 won, 1 lost or given
// up, 2 a bad option.
int play_batch(const BatchParams& params, std::uint64_t seed, const std::string& hints);

}  // namespace mastermind::app
