// `mastermind solve`: plays a strategy against a judge over stdin/stdout.
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <string>

#include <fmt/format.h>

#include "batch_options.hpp"
#include "commands.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/batch/solver.hpp"
#include "mastermind/core/code.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/protocol.hpp"
#include "mastermind/ordinary/solver.hpp"
#include "output_paths.hpp"
#include "play.hpp"
#include "tree_file.hpp"

namespace mastermind::app {

namespace {

struct SolveArgs {
    std::string strategy = "auto";
    std::optional<std::string> first;
    std::uint64_t seed = 1;
    double timeout = 30;
    std::string tree_file;           // --tree: what the `tree` codebreaker plays
    std::optional<int> exact_below;  // --exact-below: entropy-optimal's switch to the exact search
};

// "auto": the best strategy for the game the judge announces.
const StrategyInfo* choose_strategy(const std::string& name, const BatchParams& params) {
    return name == "auto" ? best_strategy_for(params) : find_strategy(name);
}

// The ordinary game announced by `header`, with the codebreaker the user named.
SolveReport solve_ordinary(LineChannel& channel, const std::string& header, const SolveArgs& args,
                           const std::shared_ptr<const DecisionTree>& tree,
                           std::optional<std::chrono::milliseconds> timeout) {
    OrdinaryParams params;
    if (auto why = protocol::parse_ordinary_header(header, params); !why.empty()) {
        return {SolveOutcome::judge_error, 0, why};
    }
    const CodebreakerInfo* info = nullptr;
    if (args.strategy != "auto") {
        info = find_codebreaker(args.strategy);
        if (!info) {
            throw std::invalid_argument(
                fmt::format("'{}' is not a codebreaker of the ordinary game ({})", args.strategy,
                            codebreaker_names()));
        }
    }
    if (auto why = CodeSpace::check(params.shape()); !why.empty()) throw std::invalid_argument(why);
    CodebreakerOptions options;
    options.seed = args.seed;
    options.tree = tree;
    if (args.exact_below) options.exact_below = static_cast<std::size_t>(*args.exact_below);
    if (info) {
        if (auto why = codebreaker_refuses(*info, params.shape()); !why.empty())
            throw std::invalid_argument(why);
    }
    const CodeSpace space(params.rules, params.shape());
    if (args.first) {
        options.first = space.parse(*args.first);
        if (!options.first)
            throw std::invalid_argument(
                fmt::format("--first '{}' {}", *args.first, space.describe_bad(*args.first)));
    }
    if (tree) {
        if (auto why = tree->mismatch(space); !why.empty())
            throw std::invalid_argument(fmt::format("--tree '{}' {}", args.tree_file, why));
        // The tree plays its own first guess, as evaluate says too.
        if (options.first && tree->nodes.front().guess != *options.first) {
            throw std::invalid_argument(fmt::format(
                "--first {}: the tree plays {} first (--strategy tree plays the tree's guesses)",
                *args.first, space.to_string(tree->nodes.front().guess)));
        }
    }
    if (info) {
        // Silent otherwise until its first guess, which a judge's time limit may not wait for
        // (said once the game and every option have been checked).
        if (auto note = codebreaker_searches_first(*info, space.size()); !note.empty())
            complain("mastermind solve: {}; a judge's time limit may pass first\n", note);
    }
    return run_ordinary_solver(channel, params, info, options, timeout);
}

// Why a header that is not the ordinary game's is neither game's, naming both games' forms; empty
// when it parses as the batch game's or begins as one (with a number: then the batch game's own
// reason, given where it is played, is the whole story).
std::string neither_game(std::string_view header) {
    const auto start = header.find_first_not_of(' ');
    if (start != std::string_view::npos && header[start] >= '0' && header[start] <= '9') return {};
    BatchParams probe;
    const auto why = protocol::parse_header(header, probe);
    if (why.empty()) return {};
    return fmt::format("{} (nor 'ordinary P K M RULES', the ordinary game's; docs/protocol.md)",
                       why);
}

int run_solve(const SolveArgs& args) {
    if (args.strategy != "auto" && !find_strategy(args.strategy) &&
        !find_codebreaker(args.strategy)) {
        complain("mastermind solve: unknown strategy '{}'\n", args.strategy);
        return kExitFailure;
    }
    if (args.exact_below && args.strategy != "entropy-optimal") {
        complain("mastermind solve: --exact-below is entropy-optimal's (got --strategy {})\n",
                 args.strategy);
        return kExitFailure;
    }
    if ((args.strategy == "tree") != !args.tree_file.empty()) {
        complain("mastermind solve: {}\n",
                 args.tree_file.empty()
                     ? "--strategy tree plays a decision-tree file: give --tree FILE"
                     : "--tree is for --strategy tree");
        return kExitFailure;
    }
    // The game comes with the judge's header, but a --first no game can take is refused now.
    if (args.first) {
        for (const char c : *args.first) {
            if (Alphabet::digits().colour_of(c) < 0) {
                complain(
                    "mastermind solve: --first '{}': '{}' is not a colour (0-9, then A-F for "
                    "colours 11 to 16)\n",
                    protocol::printable(*args.first), protocol::printable(std::string(1, c)));
                return kExitFailure;
            }
        }
    }
    std::shared_ptr<const DecisionTree> tree;
    if (!args.tree_file.empty()) {
        tree = read_tree_file("mastermind solve", args.tree_file);
        if (!tree) return kExitFailure;
    }
    FdLineChannel channel(STDIN_FILENO, STDOUT_FILENO, protocol::kMaxLineBytes);
    std::optional<std::chrono::milliseconds> timeout;
    if (args.timeout > 0) timeout = std::chrono::milliseconds(std::llround(args.timeout * 1000));
    SolveReport report;
    try {
        std::string header;
        if (auto failed = read_header(channel, header, timeout)) {
            report = *failed;
        } else if (protocol::is_ordinary_header(header)) {
            report = solve_ordinary(channel, header, args, tree, timeout);
        } else if (auto neither = neither_game(header); !neither.empty()) {
            report = {SolveOutcome::judge_error, 0, std::move(neither)};
        } else {
            if (args.strategy != "auto" && !find_strategy(args.strategy)) {
                // A header that is neither game's is the judge's fault, whatever was asked for.
                BatchParams params;
                if (auto why = protocol::parse_header(header, params); !why.empty())
                    throw std::invalid_argument(why);
                throw std::invalid_argument(fmt::format(
                    "'{}' is a codebreaker of the ordinary game, and the judge plays the batch "
                    "game (header '{}')",
                    args.strategy, protocol::printable(header)));
            }
            if (args.first) {
                throw std::invalid_argument(
                    fmt::format("--first '{}': the judge plays the batch game, whose strategies "
                                "choose their own first test",
                                *args.first));
            }
            report = run_solver(
                channel, header,
                [&](const BatchParams& params) {
                    const StrategyInfo* info = choose_strategy(args.strategy, params);
                    if (auto why = strategy_refuses(*info, params); !why.empty())
                        throw std::invalid_argument(why);
                    return info->make(params, args.seed);
                },
                timeout);
        }
    } catch (const std::invalid_argument& e) {
        complain("mastermind solve: {}\n", e.what());
        return kExitFailure;
    }
    switch (report.outcome) {
        case SolveOutcome::accepted:
            return 0;
        case SolveOutcome::wrong_answer:
            complain("mastermind solve: Wrong Answer after {}\n",
                     count_of(static_cast<std::uint64_t>(report.tests_used), "test"));
            return 1;
        case SolveOutcome::gave_up:
            complain("mastermind solve: gave up after {}: {}\n",
                     count_of(static_cast<std::uint64_t>(report.tests_used), "move"),
                     report.detail);
            return 1;
        case SolveOutcome::lost:
            complain("mastermind solve: lost after {}: {}\n",
                     count_of(static_cast<std::uint64_t>(report.tests_used), "move"),
                     report.detail);
            return 1;
        case SolveOutcome::inconsistent:
            complain("mastermind solve: inconsistent answers: {}\n", report.detail);
            return 3;
        case SolveOutcome::judge_error:
            break;
    }
    complain("mastermind solve: {}\n", report.detail);
    return kExitFailure;
}

// What auto plays, asked of the functions that choose (so the help cannot drift from them).
std::string auto_choices() {
    BatchParams record, larger, wide, small, adjacent;
    larger.pegs = 10, larger.colours = 11, larger.batch = 10;
    wide.pegs = 10, wide.colours = 10, wide.batch = 10;
    small.pegs = 4, small.colours = 6, small.batch = 4;
    adjacent.rules = Rules::adjacent;
    const CodeShape ordinary{4, 6, false};
    return fmt::format(
        "The default, auto, plays {} on the 9/10/9 batch game, {} on larger batch games with B = P "
        "and "
        "K = P + 1 (10/11/10 and up), {} on other large ones (10/10/10), {} on small batch games "
        "(4/6/4) "
        "and under adjacent rules ({}), and {} in the ordinary game.",
        best_strategy_for(record)->name, best_strategy_for(larger)->name,
        best_strategy_for(wide)->name, best_strategy_for(small)->name,
        best_strategy_for(adjacent)->name, best_codebreaker_for(ordinary)->name);
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<SolveArgs>();
    std::string names;
    for (const auto& s : all_strategies()) names += fmt::format("\n  {}: {}", s.name, s.summary);
    std::string breakers;
    for (const auto& c : all_codebreakers())
        breakers += fmt::format("\n  {}: {}", c.name, c.summary);
    CLI::App* cmd = app.add_subcommand(
        "solve",
        "Play against a judge on stdin/stdout (docs/protocol.md); the judge's first line says "
        "which "
        "game. Exit status: 0 Accepted, 1 Wrong Answer, gave up (no move wins every game left "
        "within the limit) or lost (the limit reached), 3 the answers fit no code, 2 the judge "
        "misbehaved or bad options. " +
            auto_choices() + "\nBatch game strategies:" + names +
            "\nOrdinary game codebreakers:" + breakers);
    cmd->footer(
        "\nExamples:\n  mkfifo to-judge\n"
        "  mastermind judge --seed 7 < to-judge | mastermind solve > to-judge\n"
        "  mastermind arena --game ordinary --games 20 -- mastermind solve --strategy knuth");
    add_strategy_option(cmd, args->strategy, true, true);
    cmd->add_option("--first", args->first,
                    "the ordinary game's first guess (default: the codebreaker's published one)")
        ->check(not_empty());
    cmd->add_option(
        "--tree", args->tree_file,
        "with --strategy tree: the decision-tree file it plays (docs/decision-tree.md)")
        ->check(not_empty());
    cmd->add_option(
           "--exact-below", args->exact_below,
           "entropy-optimal: the exact search from sets of at most this many secrets (default 100)")
        ->transform(integer_in(1, 1'000'000));
    cmd->add_option("--seed", args->seed, "seed of randomised strategies")
        ->capture_default_str()
        ->transform(seed_value());
    cmd->add_option("--timeout", args->timeout,
                    "seconds to wait for each judge message (0: forever)")
        ->capture_default_str()
        ->check(seconds_or_none(kMaxSeconds));
    cmd->callback([args, &exit_status] { exit_status = run_solve(*args); });
}

}  // namespace mastermind::app
