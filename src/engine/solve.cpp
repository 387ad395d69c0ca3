#include "mastermind/engine/solve.hpp"

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

std::optional<SolveReport> read_header(LineChannel& channel, std::string& header,
                                       std::optional<std::chrono::milliseconds> timeout) {
    if (auto got = channel.read_line(header, deadline_after(timeout));
        got != LineChannel::Read::line) {
        return SolveReport{SolveOutcome::judge_error, 0, describe_judge_read(got)};
    }
    return std::nullopt;
}

}  // namespace mastermind
