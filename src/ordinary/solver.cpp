#include "mastermind/ordinary/solver.hpp"

#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/protocol.hpp"

namespace mastermind {

SolveReport run_ordinary_solver(LineChannel& channel, const OrdinaryParams& params,
                                const CodebreakerInfo* info, CodebreakerOptions options,
                                std::optional<std::chrono::milliseconds> timeout) {
    const CodeSpace space(params.rules, params.shape());
    if (!info) info = best_codebreaker_for(params.shape());
    if (!options.first) options.first = default_first_guess(*info, space);
    options.max_guesses = params.max_guesses;
    const auto breaker = info->make(space, options);
    SolveReport report;
    auto fail = [&](SolveOutcome outcome, std::string detail) {
        report.outcome = outcome;
        report.detail = std::move(detail);
        return report;
    };
    std::vector<Guess> history;
    std::vector<std::uint32_t> set = all_codes(space);
    std::string line;
    for (;;) {
        std::uint32_t guess = 0;
        try {
            guess = breaker->next(OrdinaryPosition{space, history, set});
        } catch (const InconsistentAnswers& e) {
            return fail(SolveOutcome::inconsistent, e.what());
        } catch (const std::runtime_error& e) {
            // No move within the guesses left, or the player's budget ran out: the game is lost,
            // said as such, rather than an exception out of the command.
            return fail(SolveOutcome::gave_up, e.what());
        }
        if (!channel.write_line("guess " + space.to_string(guess), deadline_after(timeout))) {
            return fail(SolveOutcome::judge_error, "the judge stopped reading");
        }
        if (auto got = channel.read_line(line, deadline_after(timeout));
            got != LineChannel::Read::line) {
            return fail(SolveOutcome::judge_error, describe_judge_read(got));
        }
        if (line.starts_with(protocol::kErrorPrefix)) {
            std::string detail;
            const auto outcome =
                judge_error_outcome(history.size(), params.max_guesses, "guesses", line, detail);
            return fail(outcome, std::move(detail));
        }
        Score score;
        if (auto why = protocol::parse_score(line, params, score); !why.empty())
            return fail(SolveOutcome::judge_error, why);
        const std::uint32_t feedback = space.encode(score);
        history.push_back({guess, feedback});
        report.tests_used = static_cast<int>(history.size());
        if (feedback == space.win()) {
            if (auto got = channel.read_line(line, deadline_after(timeout));
                got != LineChannel::Read::line) {
                return fail(SolveOutcome::judge_error, describe_judge_read(got));
            }
            if (line == protocol::kAccepted) return fail(SolveOutcome::accepted, "Accepted");
            return fail(SolveOutcome::judge_error, "unexpected verdict line: " + excerpt(line, 80));
        }
        set = narrow(space, set, guess, feedback);
    }
}

}  // namespace mastermind
