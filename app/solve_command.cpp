// `mastermind solve`: plays a strategy against a judge over stdin/stdout.
#include <unistd.h>

#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "batch_options.hpp"
#include "commands.hpp"
#include "mastermind/protocol.hpp"
#include "mastermind/solver_driver.hpp"

namespace mastermind::app {

namespace {

struct SolveArgs {
    std::string strategy = "auto";
    std::uint64_t seed = 1;
    double timeout = 30;
};

// "auto": the best strategy for the game the judge announces.
const StrategyInfo* choose_strategy(const std::string& name, const BatchParams& params) {
    return name == "auto" ? best_strategy_for(params) : find_strategy(name);
}

int run_solve(const SolveArgs& args) {
    if (args.strategy != "auto" && !find_strategy(args.strategy)) {
        fmt::print(stderr, "mastermind solve: unknown strategy '{}'\n", args.strategy);
        return kExitFailure;
    }
    FdLineChannel channel(STDIN_FILENO, STDOUT_FILENO, protocol::kMaxLineBytes);
    std::optional<std::chrono::milliseconds> timeout;
    if (args.timeout > 0) timeout = std::chrono::milliseconds(static_cast<long long>(args.timeout * 1000));
    SolveReport report;
    try {
        report = run_solver(
            channel, [&](const BatchParams& params) { return choose_strategy(args.strategy, params)->make(params, args.seed); }, timeout);
    } catch (const std::invalid_argument& e) {
        fmt::print(stderr, "mastermind solve: {}\n", e.what());
        return kExitFailure;
    }
    switch (report.outcome) {
        case SolveOutcome::accepted: return 0;
        case SolveOutcome::wrong_answer:
            fmt::print(stderr, "mastermind solve: Wrong Answer after {} tests\n", report.tests_used);
            return 1;
        case SolveOutcome::inconsistent:
            fmt::print(stderr, "mastermind solve: inconsistent answers: {}\n", report.detail);
            return 3;
        case SolveOutcome::judge_error: break;
    }
    fmt::print(stderr, "mastermind solve: {}\n", report.detail);
    return kExitFailure;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<SolveArgs>();
    std::string names;
    for (const auto& s : all_strategies()) names += fmt::format("\n  {}: {}", s.name, s.summary);
    CLI::App* cmd = app.add_subcommand(
        "solve",
        "Play Batch Style Mastermind against a judge on stdin/stdout (docs/protocol.md). Exit "
        "status: 0 Accepted, 1 Wrong Answer, 3 the answers fit no secret, 2 the judge misbehaved "
        "or bad options. The default, auto, plays case-analysis on the 9/10/9 game, "
        "counts-then-locate on larger games with B = P and K = P + 1, consistent otherwise. "
        "Strategies:" + names);
    add_strategy_option(cmd, args->strategy, true);
    cmd->add_option("--seed", args->seed, "seed of randomised strategies")->capture_default_str();
    cmd->add_option("--timeout", args->timeout, "seconds to wait for each judge message (0: forever)")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    cmd->callback([args, &exit_status] { exit_status = run_solve(*args); });
}

}  // namespace mastermind::app
