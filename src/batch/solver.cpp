#include "mastermind/batch/solver.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/text.hpp"

namespace mastermind {

SolveReport run_solver(LineChannel& channel, std::string_view header,
                       const StrategyFactory& make_strategy,
                       std::optional<std::chrono::milliseconds> timeout) {
    SolveReport report;
    auto fail = [&](SolveOutcome outcome, std::string detail) {
        report.outcome = outcome;
        report.detail = std::move(detail);
        return report;
    };
    std::string line;
    BatchParams params;
    if (auto why = protocol::parse_header(header, params); !why.empty()) {
        return fail(SolveOutcome::judge_error, why);
    }
    const auto strategy = make_strategy(params);
    std::vector<QueryRecord> history;
    // The consistent set of the last position, if the strategy asked for it: the next one
    // narrows it by one test instead of enumerating again.
    std::optional<SecretSet> last_set;
    for (;;) {
        Move move;
        try {
            const auto position = Position::lazy(params, history, last_set ? &*last_set : nullptr);
            move = strategy->next(position);
            if (const auto* set = position.computed())
                last_set = *set;
            else
                last_set.reset();
        } catch (const InconsistentAnswers& e) {
            return fail(SolveOutcome::inconsistent, e.what());
        } catch (const std::runtime_error& e) {
            // No move within the guesses left, or the player's budget ran out: the game is lost,
            // said as such, rather than an exception out of the command.
            return fail(SolveOutcome::gave_up, e.what());
        }
        const std::string message =
            move.challenge ? protocol::format_challenge(move.strings.front(), params.pegs)
                           : protocol::format_test(move.strings, params.pegs);
        if (!channel.write_line(message, deadline_after(timeout))) {
            return fail(SolveOutcome::judge_error, "the judge stopped reading");
        }
        if (auto got = channel.read_line(line, deadline_after(timeout));
            got != LineChannel::Read::line) {
            return fail(SolveOutcome::judge_error, describe_judge_read(got));
        }
        if (line.starts_with(protocol::kErrorPrefix)) {
            std::string detail;
            const auto outcome =
                judge_error_outcome(history.size(), params.max_tests, "tests", line, detail);
            return fail(outcome, std::move(detail));
        }
        if (move.challenge) {
            if (line == protocol::kAccepted) return fail(SolveOutcome::accepted, "Accepted");
            if (line == protocol::kWrongAnswer)
                return fail(SolveOutcome::wrong_answer, "Wrong Answer");
            return fail(SolveOutcome::judge_error, "unexpected verdict line: " + excerpt(line, 80));
        }
        QueryRecord record{move.strings, {}};
        if (auto why = protocol::parse_answers(line, params, record.answers); !why.empty()) {
            return fail(SolveOutcome::judge_error, why);
        }
        std::sort(record.answers.begin(), record.answers.end());
        history.push_back(std::move(record));
        report.tests_used = static_cast<int>(history.size());
    }
}

}  // namespace mastermind
