// Plays a codebreaker of the ordinary game against a judge over the protocol (docs/protocol.md):
// `mastermind solve` after the judge's header said "ordinary ...".
#pragma once

#include <chrono>
#include <optional>

#include "mastermind/core/line_channel.hpp"
#include "mastermind/engine/solve.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind {

// `info` nullptr: the best codebreaker for the game. `options.first` unset: the codebreaker's
// default first guess; options.max_guesses is set from the game. Throws std::invalid_argument if
// the game is too large for the codebreakers (CodeSpace::check) or the codebreaker refuses it.
SolveReport run_ordinary_solver(LineChannel& channel, const OrdinaryParams& params,
                                const CodebreakerInfo* info, CodebreakerOptions options,
                                std::optional<std::chrono::milliseconds> timeout);

}  // namespace mastermind
