// Plays a Strategy against a judge over the protocol (docs/protocol.md): the client side that
// `mastermind solve` runs on stdin/stdout.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/line_channel.hpp"
#include "mastermind/engine/solve.hpp"

namespace mastermind {

using StrategyFactory = std::function<std::unique_ptr<Strategy>(const BatchParams&)>;

// Plays the batch game announced by `header`.
SolveReport run_solver(LineChannel& channel, std::string_view header,
                       const StrategyFactory& make_strategy,
                       std::optional<std::chrono::milliseconds> timeout);

}  // namespace mastermind
