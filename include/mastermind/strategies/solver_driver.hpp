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

#include "mastermind/games/line_channel.hpp"
#include "mastermind/strategies/strategy.hpp"

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

// The deadline of a read or write that may take `timeout` (none: no deadline).
std::optional<Clock::time_point> deadline_after(std::optional<std::chrono::milliseconds> timeout);
// Why a line could not be read from the judge, for people.
std::string describe_judge_read(LineChannel::Read got);

// Reads the judge's first line (the header) into `header`; a report of what went wrong if none.
std::optional<SolveReport> read_header(LineChannel& channel, std::string& header,
                                       std::optional<std::chrono::milliseconds> timeout);
// Plays the batch game announced by `header`.
SolveReport run_solver(LineChannel& channel, std::string_view header, const StrategyFactory& make_strategy,
                       std::optional<std::chrono::milliseconds> timeout);

}  // namespace mastermind
