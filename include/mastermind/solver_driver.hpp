// Plays a Strategy against a judge over the protocol (docs/protocol.md): the client side that
// `mastermind solve` runs on stdin/stdout.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "mastermind/line_channel.hpp"
#include "mastermind/strategy.hpp"

namespace mastermind {

enum class SolveOutcome {
    accepted,
    wrong_answer,
    inconsistent,   // the answers fit no secret
    judge_error,    // the judge sent an error line, garbage, or nothing in time
};

struct SolveReport {
    SolveOutcome outcome = SolveOutcome::judge_error;
    int tests_used = 0;
    std::string detail;
};

using StrategyFactory = std::function<std::unique_ptr<Strategy>(const BatchParams&)>;

SolveReport run_solver(LineChannel& channel, const StrategyFactory& make_strategy,
                       std::optional<std::chrono::milliseconds> timeout);

}  // namespace mastermind
