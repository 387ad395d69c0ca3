// The judge of Batch Style Mastermind: plays one game against a solver over a LineChannel,
// enforcing the rules (batch_game.hpp) and the protocol (docs/protocol.md), and returns a verdict.
// `mastermind judge` runs it on stdin/stdout; `mastermind arena` on the pipes of a child process.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/core/line_channel.hpp"
#include "mastermind/ordinary/game.hpp"

namespace mastermind {

enum class Verdict {
    accepted,
    wrong_answer,
    protocol_violation,
    too_many_tests,
    closed_stream,  // the solver closed its output (or died) before the challenge
    time_limit,
    memory_limit,   // set by the arena
    runtime_error,  // set by the arena: the program crashed or exited non-zero
    judge_error,    // the judge could not run (for example the program could not be started)
};

std::string_view to_string(Verdict verdict);
// The exit status of `mastermind judge` for each verdict (docs/protocol.md).
int judge_exit_status(Verdict verdict);

struct JudgeConfig {
    BatchParams params;
    PackedCode secret;
    std::uint64_t shuffle_seed = 1;
    // The seed the game was made from (make_judge_config), logged so that `mastermind judge --seed
    // S` (with `--secret X` when `secret_given`) plays the very same game again.
    std::optional<std::uint64_t> seed;
    bool secret_given = false;
    // When set, the ordinary game with `ordinary_secret` is played instead of the batch game.
    std::optional<OrdinaryParams> ordinary;
    Code ordinary_secret;
    // Longest wait for one message of the solver; nullopt = no limit.
    std::optional<std::chrono::milliseconds> message_timeout = std::chrono::seconds(10);
    // End of the whole game; nullopt = no limit.
    std::optional<Clock::time_point> game_deadline;
    // After the challenge, how long to watch for (forbidden) further output before ending.
    std::chrono::milliseconds after_challenge = std::chrono::milliseconds(200);
};

// The game `mastermind judge --seed S [--secret X]` plays: the secret is X, or drawn from the
// seed; the shuffles come from the seed too.
JudgeConfig make_judge_config(const BatchParams& params, std::optional<PackedCode> secret,
                              std::uint64_t seed);
// The same for the ordinary game (the seed draws the secret; there is nothing to shuffle).
JudgeConfig make_ordinary_judge_config(const OrdinaryParams& params, std::optional<Code> secret,
                                       std::uint64_t seed);
// The secret as the game writes it.
std::string secret_text(const JudgeConfig& config);
// The `mastermind judge` command line that plays this game again (a config made with a seed).
std::string replay_command(const JudgeConfig& config);

struct JudgeReport {
    Verdict verdict = Verdict::judge_error;
    int tests_used = 0;
    std::string detail;    // what happened, for people
    bool aborted = false;  // the channel's watchdog stopped the game (the caller knows why)
};

using JudgeLog = std::function<void(const nlohmann::json& event)>;

JudgeReport run_judge(LineChannel& channel, const JudgeConfig& config, const JudgeLog& log = {});

}  // namespace mastermind
