// The solver's side of the protocol (docs/protocol.md), the part both games share: how a game
// ended for the solver, deadlines of reads, and the judge's first line.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>

#include "mastermind/core/line_channel.hpp"

namespace mastermind {

enum class SolveOutcome {
    accepted,
    wrong_answer,
    inconsistent,  // the answers fit no secret
    gave_up,       // the player has no move (no strategy wins every game left in time)
    lost,          // the judge's limit reached without finding the secret
    judge_error,   // the judge sent an error line, garbage, or nothing in time
};

struct SolveReport {
    SolveOutcome outcome = SolveOutcome::judge_error;
    int tests_used = 0;
    std::string detail;
};

// The deadline of a read or write that may take `timeout` (none: no deadline).
std::optional<Clock::time_point> deadline_after(std::optional<std::chrono::milliseconds> timeout);
// Why a line could not be read from the judge, for people.
std::string describe_judge_read(LineChannel::Read got);

// What an error line from the judge means, in either game: after `moves` moves of the `limit` the
// judge allows (`unit`: "guesses" or "tests"), a move past the limit lost the game; any other is
// the judge's complaint (judge_error).
SolveOutcome judge_error_outcome(std::size_t moves, int limit, const char* unit,
                                 const std::string& line, std::string& detail);

// Reads the judge's first line (the header) into `header`; a report of what went wrong if none.
std::optional<SolveReport> read_header(LineChannel& channel, std::string& header,
                                       std::optional<std::chrono::milliseconds> timeout);

}  // namespace mastermind
