// `mastermind arena`: the local tester, a solver program against the judge for many games.
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "batch_options.hpp"
#include "commands.hpp"
#include "game_options.hpp"
#include "mastermind/arena/arena.hpp"
#include "mastermind/batch/game.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "output_paths.hpp"
#include "secrets_file.hpp"

namespace mastermind::app {

namespace {

struct ArenaArgs {
    GameChoice game;
    BatchParams params;
    OrdinaryParams ordinary;
    int games = 100;
    std::optional<int> only;
    std::string json_file;
    std::uint64_t seed = 1;
    std::string secrets_file;
    std::vector<std::string> secrets;
    double time_limit = 3;
    double memory_limit_mb = 64;
    int max_processes = 64;
    int jobs = 1;
    std::string log_dir;
    bool quiet = false;
    bool show_stderr = false;
    std::vector<std::string> command;
};

// The games to play: listed secrets, a file of secrets, or --games secrets drawn from --seed.
// Game i is the game `mastermind judge --seed derive_seed(seed, i)` plays (with --secret X when
// secrets are listed), so results do not depend on --jobs or on the order games finish in, each
// game's log names the seed that replays it, and --only N plays game N alone, unchanged.
bool make_games(const ArenaArgs& args, std::vector<GameSpec>& games) {
    const bool ordinary = args.game.ordinary();
    const auto& p = args.params;
    const auto& o = args.ordinary;
    auto why_bad = [&](const std::string& text) {
        return ordinary ? describe_bad_game_code(text, o.shape()) : describe_bad_code(text, p);
    };
    std::vector<std::string> listed = args.secrets;
    if (!args.secrets_file.empty()) {
        const auto lines = read_secret_lines("mastermind arena", args.secrets_file);
        if (!lines) return false;
        for (const auto& [number, text] : *lines) {
            if (auto why = why_bad(text); !why.empty()) {
                complain("mastermind arena: {}:{}: secret '{}' {}\n", args.secrets_file, number,
                         text, why);
                return false;
            }
            listed.push_back(text);
        }
    }
    const int count = listed.empty() ? args.games : static_cast<int>(listed.size());
    if (args.only && *args.only > count) {
        complain("mastermind arena: --only {}: this run has {}\n", *args.only,
                 count_of(static_cast<std::uint64_t>(count), "game"));
        return false;
    }
    for (int i = 0; i < count; ++i) {
        if (args.only && i + 1 != *args.only) continue;
        const std::uint64_t seed = derive_seed(args.seed, static_cast<std::uint64_t>(i));
        const std::string* secret = listed.empty() ? nullptr : &listed[static_cast<std::size_t>(i)];
        if (secret) {
            if (auto why = why_bad(*secret); !why.empty()) {
                complain("mastermind arena: secret '{}' {}\n", *secret, why);
                return false;
            }
        }
        GameSpec g;
        g.index = i + 1;
        g.game =
            ordinary
                ? make_ordinary_judge_config(
                      o, secret ? parse_game_code(*secret, o.shape()) : std::nullopt, seed)
                : make_judge_config(p, secret ? PackedCode::parse(*secret, p) : std::nullopt, seed);
        games.push_back(g);
    }
    return true;
}

void print_game(const GameResult& r) {
    fmt::print("game {:>5}  secret {}  {:<22} tests {:>3}  {:>7.3f} s  {:>7} KiB  {}\n", r.index,
               r.secret, to_string(r.verdict), r.tests, r.seconds, r.peak_rss_kb, r.detail);
    flush_stdout();
}

// The summary and every game as JSON (--json FILE): what a script or a CI job reads.
nlohmann::json summary_json(const ArenaArgs& args, const std::vector<GameSpec>& games,
                            const std::vector<GameResult>& results) {
    const auto s = summarize(results);
    nlohmann::json verdicts = nlohmann::json::object();
    for (const auto& [verdict, count] : s.verdicts)
        verdicts[std::string(to_string(verdict))] = count;
    nlohmann::json list = nlohmann::json::array();
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& r = results[i];
        list.push_back({{"game", r.index},
                        {"seed", std::to_string(games[i].game.seed.value_or(
                                     0))},  // text: exact in every JSON reader
                        {"replay", replay_command(games[i].game)},
                        {"secret", r.secret},
                        {"verdict", std::string(to_string(r.verdict))},
                        {"tests", r.tests},
                        {"seconds", r.seconds},
                        {"peak_rss_kib", r.peak_rss_kb},
                        {"detail", r.detail}});
    }
    return {{"command", args.command},
            {"sandbox", results.empty() ? "" : results.front().sandbox},
            {"seed", std::to_string(args.seed)},
            {"game", args.game.ordinary() ? "ordinary" : "batch"},
            {"rules", args.game.rules},
            {"games", s.games},
            {"accepted", s.accepted},
            {"verdicts", verdicts},
            {"max_tests", s.max_tests},
            {"mean_tests", s.mean_tests},
            {"tests_histogram", s.tests_histogram},
            {"results", list}};
}

void print_summary(const std::vector<GameResult>& results, bool original_game) {
    const auto s = summarize(results);
    fmt::print("\n{}\n", count_of(static_cast<std::uint64_t>(s.games), "game"));
    for (const auto& [verdict, count] : s.verdicts)
        fmt::print("  {:<22} {}\n", to_string(verdict), count);
    if (s.accepted) {
        fmt::print("tests (Accepted games): max {}, mean {:.3f}\n", s.max_tests, s.mean_tests);
        for (std::size_t t = 0; t < s.tests_histogram.size(); ++t) {
            if (!s.tests_histogram[t]) continue;
            const int bar = std::max(1, 50 * s.tests_histogram[t] / s.accepted);
            fmt::print("  {:>3} tests {:>8}  {}\n", t, s.tests_histogram[t],
                       std::string(static_cast<std::size_t>(bar), '#'));
        }
    }
    if (s.slowest >= 0) {
        const auto& r = results[static_cast<std::size_t>(s.slowest)];
        fmt::print("slowest game: {} (secret {}), {:.3f} s\n", r.index, r.secret, r.seconds);
    }
    if (original_game) fmt::print("score by the original problem's rule: {}\n", s.contest_score);
}

// Creates --log-dir if needed and checks that files can be written in it, before any game.
bool prepare_log_dir(const std::string& dir) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error || !std::filesystem::is_directory(dir)) {
        complain("mastermind arena: --log-dir '{}' cannot be used as a directory: {}\n", dir,
                 error ? error.message() : "it is a file");
        return false;
    }
    const std::string probe = dir + "/.mastermind-arena-probe";
    std::ofstream out(probe);
    if (!out || !(out << "probe\n") || !out.flush()) {
        complain("mastermind arena: --log-dir '{}': cannot write files in it\n", dir);
        return false;
    }
    out.close();
    std::filesystem::remove(probe, error);
    return true;
}

int run_arena(ArenaArgs args) {
    const std::string why = args.game.ordinary() ? args.game.ordinary_game(args.ordinary)
                                                 : args.game.batch_params(args.params);
    if (!why.empty()) {
        complain("mastermind arena: {}\n", why);
        return kExitFailure;
    }
    if (args.command.empty()) {
        complain(
            "mastermind arena: no program given; usage: mastermind arena [OPTIONS] -- PROGRAM "
            "[ARGS...]\n");
        return kExitFailure;
    }
    if (resolve_program(args.command[0]).empty()) {
        std::error_code error;
        const bool here = args.command[0].find('/') != std::string::npos &&
                          std::filesystem::is_regular_file(args.command[0], error);
        complain("mastermind arena: {}\n",
                 here ? fmt::format("'{}' is not executable", args.command[0])
                      : fmt::format("cannot find an executable '{}'", args.command[0]));
        return kExitFailure;
    }
    std::vector<GameSpec> games;
    if (!make_games(args, games)) return kExitFailure;
    if (!args.log_dir.empty() && !prepare_log_dir(args.log_dir)) return kExitFailure;
    std::ofstream json_out;
    if (!args.json_file.empty()) {
        std::error_code error;
        if (!std::filesystem::is_directory(args.json_file, error)) json_out.open(args.json_file);
        if (!json_out) {
            complain("mastermind arena: --json '{}' cannot be written\n", args.json_file);
            return kExitFailure;
        }
    }

    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(std::llround(args.time_limit * 1000));
    limits.memory_bytes = static_cast<std::uint64_t>(args.memory_limit_mb * 1024 * 1024);
    limits.max_processes = args.max_processes;
    const ProgramSpec program{args.command, args.show_stderr};

    // Results are printed in game order as they become available.
    const auto run =
        play_programs(program, games, limits, args.log_dir, args.jobs, [&](const GameResult& r) {
            if (!args.quiet) print_game(r);
        });
    const auto& finished = run.results;
    const auto& log_failure = run.log_failure;
    if (!log_failure.empty()) {
        complain("mastermind arena: cannot write the transcript '{}'; stopped after {}\n",
                 log_failure, count_of(finished.size(), "game"));
        return kExitFailure;
    }
    // The original problem's score rule means something for its own game only.
    print_summary(finished, !args.game.ordinary() && args.params == BatchParams{});
    if (!finished.empty()) fmt::print("limits applied by: {}\n", finished.front().sandbox);
    if (json_out.is_open()) {
        if (!(json_out << summary_json(args, games, finished).dump(2) << '\n') ||
            !json_out.flush()) {
            complain("mastermind arena: cannot write --json '{}': {}\n", args.json_file,
                     std::strerror(errno));
            return kExitFailure;
        }
    }
    const bool all_accepted = std::all_of(finished.begin(), finished.end(), [](const auto& r) {
        return r.verdict == Verdict::accepted;
    });
    return all_accepted ? kExitOk : kExitBadInput;
}

}  // namespace

void add_arena_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<ArenaArgs>();
    CLI::App* cmd = app.add_subcommand(
        "arena",
        "Run a solver program against the judge for many games, as a contest would: "
        "mastermind arena [OPTIONS] -- PROGRAM [ARGS...]. The program is started directly (no "
        "shell) in its own process group, speaks docs/protocol.md on stdin/stdout, and is killed "
        "with its whole group when a game ends. Exit status 0 only if every game is Accepted, "
        "1 otherwise, 2 for bad options.");
    add_game_options(cmd, args->game);
    cmd->footer(
        "\nExamples:\n  mastermind arena --games 100 -- mastermind solve\n  mastermind arena "
        "--game ordinary --rules adjacent --games 50 -- mastermind solve --strategy knuth\n"
        "  mastermind arena --game bulls-and-cows --games 20 -- mastermind solve");
    CLI::Option* games =
        cmd->add_option("--games,-n", args->games, "games with secrets drawn from --seed")
            ->capture_default_str()
            ->transform(integer_in(1, kMaxGames));
    cmd->add_option("--seed", args->seed, "seed of the secrets and shuffles")
        ->capture_default_str()
        ->transform(seed_value());
    cmd->add_option("--only", args->only,
                    "play only game N of the run these options describe (same secret and shuffles)")
        ->transform(integer_in(1, kMaxGames));
    cmd->add_option("--json", args->json_file,
                    "also write the summary and every game as JSON to this file")
        ->check(output_file());
    // Secrets come from one place: drawn (--games), a file, or the command line.
    CLI::Option* file = cmd->add_option("--secrets", args->secrets_file,
                                        "file of secrets, one per line ('#' comments; '-': standard input)")
                            ->check(not_empty());
    // One value each time it is given: a list option would take the program after "--" too.
    CLI::Option* given = cmd->add_option("--secret", args->secrets, "a secret to play (repeatable)")
                             ->allow_extra_args(false);
    games->excludes(file, given);
    file->excludes(given);
    cmd->add_option("--time-limit", args->time_limit, "seconds of wall clock per game (0: none)")
        ->capture_default_str()
        ->check(seconds_or_none(kMaxSeconds));
    cmd->add_option("--memory-limit", args->memory_limit_mb,
                    "MiB of resident memory per game (0: none)")
        ->capture_default_str()
        ->check(number_in(0, 1 << 20));
    cmd->add_option("--max-processes", args->max_processes,
                    "processes and threads the program may run at once (0: none)")
        ->capture_default_str()
        ->transform(integer_in(0, 1 << 20));
    cmd->add_option("--jobs,-j", args->jobs, "games played at once")
        ->capture_default_str()
        ->transform(integer_in(1, kMaxThreads));
    cmd->add_option("--log-dir", args->log_dir, "write each game's transcript (JSON lines) here")
        ->check(output_folder());
    cmd->add_flag("--quiet,-q", args->quiet, "print only the summary");
    cmd->add_flag("--show-stderr", args->show_stderr,
                  "let the program's stderr through (default: discarded)");
    cmd->add_option("command", args->command, "the solver program and its arguments, after --");
    cmd->callback([args, &exit_status] { exit_status = run_arena(*args); });
}

}  // namespace mastermind::app
