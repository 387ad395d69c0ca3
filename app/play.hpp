// `mastermind play` for each game: the ordinary game in play_command.cpp, the batch game in
// play_batch.cpp.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/codebreaker.hpp"

namespace mastermind::app {

// How long a person at a terminal waits for one hint or count (`play`, `assist`) before the
// search gives up and says so.
inline constexpr double kPersonSeconds = 10;
inline Budget person_budget() {
    return Budget::of_seconds(kPersonSeconds);
}

// Plays the batch game of `params` from `seed` (the game `mastermind judge --seed` plays), hints
// from the strategy `hints` ("auto": the best for the game). Exit status: 0 won, 1 lost or given
// up, 2 a bad option.
int play_batch(const BatchParams& params, std::uint64_t seed, const std::string& hints);

}  // namespace mastermind::app
