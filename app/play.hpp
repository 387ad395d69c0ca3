// `mastermind play` for each game: the ordinary game in play_command.cpp, the batch game in
// play_batch.cpp.
#pragma once

#include <cstdint>
#include <string>

#include "mastermind/games/batch_params.hpp"

namespace mastermind::app {

// Plays the batch game of `params` from `seed` (the game `mastermind judge --seed` plays), hints
// from the strategy `hints` ("auto": the best for the game). Exit status: 0 won, 1 lost or given
// up, 2 a bad option.
int play_batch(const BatchParams& params, std::uint64_t seed, const std::string& hints);

}  // namespace mastermind::app
