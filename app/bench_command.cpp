// `mastermind bench`: in the spirit of Stockfish's bench, a fixed set of small evaluations, every
// strategy of both games under both rules (exhaustive on small games; a seeded sample of the
// 9/10/9 game for the strategies written for it), each reduced to its decision-tree nodes and a
// signature of every move it played. The last line, "signature NODES HASH", changes
// when any strategy's behaviour changes; the test suite compares it with
// tests/data/bench-signature (see README, "A behaviour change and the bench signature").
#include <chrono>
#include <cstdint>
#include <string>

#include <fmt/format.h>

#include "commands.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/hash.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/evaluation.hpp"
#include "option_checks.hpp"

namespace mastermind::app {

namespace {

// Secrets of the default game in the bench (seeded): enough to reach every phase of each strategy.
constexpr int kDefaultGameSample = 40;

struct BenchArgs {
    int threads = 0;
    bool quiet = false;
};

struct Signature {
    std::uint64_t nodes = 0, hash = 0x6d617374ULL, runs = 0;
    // In a fixed order: the runs are listed in one, and each run's own hash is order-free.
    void add(std::uint64_t run_nodes, std::uint64_t run_hash) {
        nodes += run_nodes;
        hash = mix64(hash ^ mix64(run_hash + run_nodes));
        ++runs;
    }
};

int run_bench(const BenchArgs& args) {
    const auto start = std::chrono::steady_clock::now();
    Signature total;
    auto line = [&](const std::string& name, const std::string& game, std::uint64_t nodes,
                    std::uint64_t hash, const std::string& note) {
        total.add(nodes, hash);
        if (!args.quiet)
            fmt::print("{:<24} {:<32} nodes {:>7}  moves {:016x}  {}\n", name, game, nodes, hash,
                       note);
    };
    // The ordinary game: every codebreaker but `tree` (which plays a file), 3x4, 4x4 and 4x5
    // without repeated colours.
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        for (const CodeShape shape : {CodeShape{3, 4}, CodeShape{4, 4}, CodeShape{4, 5, true}}) {
            const CodeSpace space(rules, shape);
            for (const auto& info : all_codebreakers()) {
                if (info.name == "tree") continue;
                OrdinaryEvaluationOptions options;
                options.codebreaker = &info;
                options.codebreaker_options.first = default_first_guess(info, space);
                options.threads = args.threads;
                const auto r = evaluate_ordinary_all(space, options);
                line(std::string(info.name),
                     fmt::format("ordinary {} {}", to_string(rules), shape.name()), r.nodes,
                     r.move_hash,
                     fmt::format("total {}, worst {}, failures {}", r.total, r.worst, r.failures));
            }
        }
    }
    // The batch game: every strategy that plays P=4 K=5 B=4 (the others say why not).
    for (auto rules : {Rules::classic, Rules::adjacent}) {
        BatchParams params{4, 5, 4, 20};
        params.rules = rules;
        for (const auto& info : all_strategies()) {
            const std::string game = fmt::format("batch {} 4/5/4", to_string(rules));
            if (auto why = strategy_refuses(info, params); !why.empty()) {
                // The signature tells a refusal of the rules (0) from one of the game's size (1).
                const bool by_rules = rules == Rules::adjacent && !info.adjacent_rules;
                line(std::string(info.name), game, 0, by_rules ? 0 : 1, "refuses: " + why);
                continue;
            }
            EvaluationOptions options;
            options.params = params;
            options.strategy = &info;
            options.seed = 1;
            options.threads = args.threads;
            try {
                const auto r = evaluate_all(options);
                line(
                    std::string(info.name), game, r.nodes, r.move_hash,
                    fmt::format("worst {}, mean {:.4f}, failures {}", r.worst, r.mean, r.failures));
            } catch (const std::invalid_argument& e) {
                line(std::string(info.name), game, 0, 1, std::string("refuses: ") + e.what());
            }
        }
    }
    // The default 9/10/9 game (the strategies written for it), on a fixed sample of secrets
    // played as real games (each strategy enumerates its own candidates).
    {
        const BatchParams params;
        const auto secrets = draw_sample(params.secret_count(), kDefaultGameSample, 20261201);
        for (const auto& info : all_strategies()) {
            const std::string game =
                fmt::format("batch classic 9/10/9, {} secrets", kDefaultGameSample);
            if (info.name == "consistent") continue;  // enumerates all 10^9 candidates: not a bench
            EvaluationOptions options;
            options.params = params;
            options.strategy = &info;
            options.seed = 1;
            options.threads = args.threads;
            const auto r = evaluate_secrets(options, secrets);
            line(std::string(info.name), game, r.nodes, r.move_hash,
                 fmt::format("worst {}, mean {:.4f}, failures {}", r.worst, r.mean, r.failures));
        }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!args.quiet) fmt::print("{} in {:.2f} s\n", count_of(total.runs, "evaluation"), seconds);
    fmt::print("signature {} {:016x}\n", total.nodes, total.hash);
    flush_stdout();
    return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<BenchArgs>();
    CLI::App* cmd = app.add_subcommand("bench",
                                       "Evaluate every strategy of both games, both rules, on "
                                       "small games over every secret, and print each run's "
                                       "decision-tree nodes and a signature of its moves; the last "
                                       "line, 'signature NODES HASH', changes when the "
                                       "behaviour of any strategy changes (the test suite checks "
                                       "it against tests/data/bench-signature).");
    cmd->footer(
        "\nExamples:\n  mastermind bench\n  mastermind bench --quiet     # the signature line "
        "alone");
    cmd->add_option("--threads", args->threads,
                    "worker threads (0: all cores; the signature does not depend on it)")
        ->capture_default_str()
        ->transform(integer_in(0, kMaxThreads));
    cmd->add_flag("--quiet,-q", args->quiet, "print the signature line only");
    cmd->callback([args, &exit_status] { exit_status = run_bench(*args); });
}

}  // namespace mastermind::app
