// `mastermind judge`: the interactor on stdin/stdout (docs/protocol.md).
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch_options.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "mastermind/batch/game.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/judge/judge.hpp"
#include "mastermind/ordinary/protocol.hpp"
#include "output_paths.hpp"

namespace mastermind::app {

namespace {

struct JudgeArgs {
    GameChoice game;
    BatchParams params;
    std::optional<std::string> secret;
    std::optional<std::uint64_t> seed;
    std::string log;
    std::string transcript;
    double timeout = 10;
};

// The game to judge, from the options; nullopt after printing why they are wrong.
std::optional<JudgeConfig> judge_config(JudgeArgs& args, std::uint64_t seed) {
    if (args.game.ordinary()) {
        OrdinaryParams p;
        if (auto why = args.game.ordinary_game(p); !why.empty()) {
            complain("mastermind judge: {}\n", why);
            return std::nullopt;
        }
        std::optional<Code> secret;
        if (args.secret) {
            secret = parse_game_code(*args.secret, p.shape());
            if (!secret) {
                complain("mastermind judge: --secret '{}' {}\n", *args.secret,
                         describe_bad_game_code(*args.secret, p.shape()));
                return std::nullopt;
            }
        }
        return make_ordinary_judge_config(p, secret, seed);
    }
    if (auto why = args.game.batch_params(args.params); !why.empty()) {
        complain("mastermind judge: {}\n", why);
        return std::nullopt;
    }
    std::optional<PackedCode> secret;
    if (args.secret) {
        secret = PackedCode::parse(*args.secret, args.params);
        if (!secret) {
            complain("mastermind judge: --secret '{}' {}\n", *args.secret,
                     describe_bad_code(*args.secret, args.params));
            return std::nullopt;
        }
    }
    return make_judge_config(args.params, secret, seed);
}

int run_judge_command(JudgeArgs args) {
    const std::uint64_t seed = args.seed.value_or(fresh_seed());
    auto made = judge_config(args, seed);
    if (!made) return judge_exit_status(Verdict::judge_error);
    JudgeConfig config = std::move(*made);
    if (args.timeout > 0) {
        config.message_timeout = std::chrono::milliseconds(std::llround(args.timeout * 1000));
    } else {
        config.message_timeout.reset();
    }
    // One file for both would interleave the log's JSON lines with the transcript's.
    if (!args.log.empty() && !args.transcript.empty() && args.transcript != "-" &&
        same_file(args.log, args.transcript)) {
        complain(
            "mastermind judge: --log and --transcript name the same file '{}': give two files\n",
            args.transcript);
        return judge_exit_status(Verdict::judge_error);
    }
    std::ofstream log_file;
    JudgeLog log;
    if (!args.log.empty()) {
        log_file.open(args.log);
        if (!log_file) {
            complain("mastermind judge: cannot write the log '{}'\n", args.log);
            return judge_exit_status(Verdict::judge_error);
        }
        log = [&](const nlohmann::json& event) { log_file << event.dump() << '\n' << std::flush; };
    }
    if (!args.seed) complain("mastermind judge: seed {}\n", seed);
    FdLineChannel channel(STDIN_FILENO, STDOUT_FILENO, protocol::kMaxLineBytes);
    std::FILE* transcript_file = nullptr;
    if (!args.transcript.empty()) {
        transcript_file =
            args.transcript == "-" ? stderr : std::fopen(args.transcript.c_str(), "w");
        if (!transcript_file) {
            complain("mastermind judge: cannot write the transcript '{}'\n", args.transcript);
            return judge_exit_status(Verdict::judge_error);
        }
    }
    TranscriptChannel recorded(channel, transcript_file ? transcript_file : stderr, "judge",
                               "solver");
    LineChannel& used = transcript_file ? static_cast<LineChannel&>(recorded) : channel;
    const auto report = run_judge(used, config, log);
    // A log or transcript the disk refused is lost work: said, and the status is 2 whatever the
    // verdict.
    bool lost = false;
    if (log_file.is_open()) {
        log_file.flush();
        if (!log_file) {
            lost = true;
            complain("mastermind judge: the log '{}' could not be written in full\n", args.log);
        }
    }
    if (transcript_file && transcript_file != stderr) {
        const bool written = std::fflush(transcript_file) == 0 && !std::ferror(transcript_file);
        if (std::fclose(transcript_file) != 0 || !written) {
            lost = true;
            complain("mastermind judge: the transcript '{}' could not be written in full\n",
                     args.transcript);
        }
    }
    complain(
        "mastermind judge: {} after {}: {} (secret {})\n", to_string(report.verdict),
        count_of(static_cast<std::uint64_t>(report.tests_used), config.ordinary ? "guess" : "test"),
        report.detail, secret_text(config));
    return lost ? kExitFailure : judge_exit_status(report.verdict);
}

}  // namespace

void add_judge_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<JudgeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "judge",
        "Judge one game on stdin/stdout: Batch Style Mastermind (default) or, with --game "
        "ordinary, "
        "one guess a turn under --rules classic or adjacent (protocol: docs/protocol.md). "
        "Exit status: 0 Accepted, 1 Wrong Answer, 3 Protocol Violation, 4 Too Many Tests, "
        "5 Closed Stream, 6 Time Limit, 2 judge error, bad options, or a log or transcript that "
        "could not be written.");
    add_game_options(cmd, args->game);
    cmd->footer(
        "\nExamples:\n  mkfifo to-judge\n  mastermind judge --game ordinary --rules adjacent "
        "--transcript - < to-judge | mastermind solve > to-judge\n"
        "  mastermind judge --game bulls-and-cows --seed 7 < to-judge | mastermind solve > "
        "to-judge");
    cmd->add_option("--secret", args->secret, "the secret (default: drawn from --seed)");
    cmd->add_option(
           "--seed", args->seed,
           "seed of the secret and of the shuffles (default: a fresh one, printed on stderr)")
        ->transform(seed_value());
    cmd->add_option("--log", args->log, "write the game as JSON lines to this file")
        ->check(output_file());
    cmd->add_option("--transcript", args->transcript,
                    "write every line exchanged, as 'judge> ...' and 'solver> ...', to this file "
                    "('-': stderr)")
        ->check(output_file(true));
    cmd->add_option("--timeout", args->timeout,
                    "seconds to wait for each message of the solver (0: forever)")
        ->capture_default_str()
        ->check(seconds_or_none(kMaxSeconds));
    cmd->callback([args, &exit_status] { exit_status = run_judge_command(*args); });
}

}  // namespace mastermind::app
