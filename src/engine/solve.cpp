#include "mastermind/engine/solve.hpp"

#include <fmt/format.h>

namespace mastermind {

std::optional<Clock::time_point> deadline_after(std::optional<std::chrono::milliseconds> timeout) {
    if (!timeout) return std::nullopt;
    return Clock::now() + *timeout;
}

std::string describe_judge_read(LineChannel::Read got) {
    switch (got) {
        case LineChannel::Read::timeout:
            return "no answer from the judge in time";
        case LineChannel::Read::end_of_stream:
            return "the judge closed the stream";
        case LineChannel::Read::too_long:
            return "the judge sent an over-long line";
        default:
            return "could not read from the judge";
    }
}

SolveOutcome judge_error_outcome(std::size_t moves, int limit, const char* unit,
                                 const std::string& line, std::string& detail) {
    // A move past the judge's limit is the player's loss, not the judge's fault.
    if (limit > 0 && moves >= static_cast<std::size_t>(limit)) {
        detail = fmt::format("the secret was not found within the {} {} the judge allows (the judge "
                             "said: {})",
                             limit, unit, line);
        return SolveOutcome::lost;
    }
    detail = "the judge said: " + line;
    return SolveOutcome::judge_error;
}

std::optional<SolveReport> read_header(LineChannel& channel, std::string& header,
                                       std::optional<std::chrono::milliseconds> timeout) {
    if (auto got = channel.read_line(header, deadline_after(timeout));
        got != LineChannel::Read::line) {
        return SolveReport{SolveOutcome::judge_error, 0,
                           describe_judge_read(got) + " before its header line"};
    }
    return std::nullopt;
}

}  // namespace mastermind
