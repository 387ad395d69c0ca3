// `mastermind evaluate`: a strategy against all secrets, a seeded sample, or a file of secrets.
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <nlohmann/json.hpp>

#include "batch_options.hpp"
#include "commands.hpp"
#include "evaluation_report.hpp"
#include "game_options.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/game.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/evaluation.hpp"
#include "mastermind/ordinary/optimal_search.hpp"
#include "optimal_runner.hpp"
#include "option_checks.hpp"
#include "output_paths.hpp"
#include "secrets_file.hpp"
#include "shard_runner.hpp"
#include "stdout_watch.hpp"
#include "tree_file.hpp"

namespace mastermind::app {

namespace {

struct EvaluateArgs {
    GameChoice game;
    BatchParams params;
    std::string strategy;  // default: case-analysis (batch), knuth (ordinary)
    std::optional<std::string> first;
    bool all = false;
    std::optional<std::uint64_t> sample;
    std::string secrets_file;
    std::uint64_t seed = 1;
    int threads = 0;
    bool json = false;
    bool progress = false;
    std::string tree_file;           // --tree: what the `tree` codebreaker plays
    std::string write_tree_file;     // --write-tree: the decision tree walked by --all
    std::optional<int> exact_below;  // --exact-below: entropy-optimal's switch to the exact search
    std::optional<ShardChoice> shard;  // --shard I/N: one shard of --all, a partial report
    int shards = 1;                    // --shards N: --all in N shards (shard_runner.hpp)
    std::optional<std::uint64_t> memory_limit_mib;  // --memory-limit: picks --shards
    std::string checkpoint;  // --checkpoint: the optimal search's parts (optimal_runner.hpp)
    std::optional<int> lower_bound;  // --lower-bound LEVELS: the optimal search's bound, no search
};

// "I/N" with 0 <= I < N <= 1,000,000; nullopt and why not otherwise.
std::optional<ShardChoice> parse_shard(const std::string& text, std::string& why) {
    const auto slash = text.find('/');
    const std::string_view whole(text);
    const auto index = slash == std::string::npos
                           ? std::nullopt
                           : integer_from(whole.substr(0, slash), 0, 999'999);
    const auto count = slash == std::string::npos
                           ? std::nullopt
                           : integer_from(whole.substr(slash + 1), 1, 1'000'000);
    if (!index || !count || *index >= *count) {
        why = fmt::format("--shard '{}' is not I/N with 0 <= I < N <= 1000000 (shard I of N)",
                          text.substr(0, 30));
        return std::nullopt;
    }
    return ShardChoice{static_cast<int>(*index), static_cast<int>(*count)};
}

// Secrets from a file (secrets_file.hpp): `parse` gives a secret's number, or nullopt and why not.
template <class Index, class Parse>
bool read_secrets(const std::string& path, const Parse& parse, std::vector<Index>& out) {
    const auto lines = read_secret_lines("mastermind evaluate", path);
    if (!lines) return false;
    std::string why;
    for (const auto& [number, text] : *lines) {
        const auto code = parse(text, why);
        if (!code) {
            complain("mastermind evaluate: {}:{}: '{}' {}\n", path, number, text, why);
            return false;
        }
        out.push_back(*code);
    }
    return true;
}

// The "game" object of an ordinary game's JSON report.
nlohmann::json ordinary_game_json(const EvaluateArgs& args, const OrdinaryParams& params) {
    return {{"name", "ordinary"},          {"rules", args.game.rules},
            {"pegs", params.pegs},         {"colours", params.colours},
            {"distinct", params.distinct}, {"max_guesses", params.max_guesses}};
}

// --lower-bound LEVELS: the optimal search's proven lower bound on the total (with the first
// guess fixed when one is given), printed; nothing is searched or played.
int print_lower_bound(const EvaluateArgs& args, const CodeSpace& space,
                      const OrdinaryParams& params, const CodebreakerOptions& codebreaker,
                      const Budget& budget) {
    OptimalSearchOptions search_options;
    search_options.progress = codebreaker.progress;
    OptimalSearch search(space, search_options);
    const auto started = std::chrono::steady_clock::now();
    const auto all = all_codes(space);
    OptimalSearch::Optimum bound;
    try {
        bound = search.lower_bound({}, all, params.max_guesses, *args.lower_bound,
                                   args.first ? codebreaker.first : std::nullopt, budget);
    } catch (const BudgetExhausted&) {
        complain("mastermind evaluate: {}\n", StdoutWatch::kStopped);
        return kExitFailure;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const bool impossible = bound.total >= OptimalSearch::kImpossible.total;
    const std::string first = args.first ? space.to_string(*codebreaker.first) : "any";
    if (args.json) {
        nlohmann::json j{{"strategy", "optimal"},
                         {"game", ordinary_game_json(args, params)},
                         {"first_guess", first},
                         {"levels", *args.lower_bound},
                         {"codes", space.size()},
                         {"sets_bounded", search.stats().nodes},
                         {"guesses_scored", search.stats().guesses_scored},
                         {"seconds", seconds},
                         {"possible", !impossible}};
        if (impossible) {
            j["lower_bound"] = nullptr;
        } else {
            j["lower_bound"] = bound.total;
            j["mean"] = static_cast<double>(bound.total) / static_cast<double>(space.size());
        }
        fmt::print("{}\n", j.dump(2));
    } else {
        fmt::print(
            "lower bound of the optimum, ordinary game, {} rules, {}, {}{}, at most {}, "
            "first guess {}, {} of guesses\n",
            args.game.rules, count_of(static_cast<std::uint64_t>(params.pegs), "peg"),
            count_of(static_cast<std::uint64_t>(params.colours), "colour"),
            params.distinct ? " (none twice)" : "",
            count_of(static_cast<std::uint64_t>(params.max_guesses), "guess"), first,
            count_of(static_cast<std::uint64_t>(*args.lower_bound), "level"));
        if (impossible) {
            fmt::print("no strategy {}wins every game within {}\n",
                       args.first ? "with that first guess " : "",
                       count_of(static_cast<std::uint64_t>(params.max_guesses), "guess"));
        } else {
            fmt::print("total at least {}, mean at least {:.6f} over {}\n", bound.total,
                       static_cast<double>(bound.total) / static_cast<double>(space.size()),
                       count_of(space.size(), "secret"));
        }
        fmt::print("{} bounded, {} scored, {:.2f} s\n", count_of(search.stats().nodes, "set"),
                   count_of(search.stats().guesses_scored, "guess"), seconds);
    }
    // As the search's report: a game no strategy wins within the limit is a failure.
    return impossible ? kExitBadInput : kExitOk;
}

int run_evaluate_ordinary(const EvaluateArgs& args) {
    OrdinaryParams params;
    if (auto why = args.game.ordinary_space_params(params); !why.empty()) {
        complain("mastermind evaluate: {}\n", why);
        return kExitFailure;
    }
    const std::string name = args.strategy.empty() ? "knuth" : args.strategy;
    const CodebreakerInfo* info = find_codebreaker(name);
    if (!info) {
        complain("mastermind evaluate: '{}' is not a codebreaker of the ordinary game\n", name);
        return kExitFailure;
    }
    if (auto why = codebreaker_refuses(*info, params.shape()); !why.empty()) {
        complain("mastermind evaluate: --strategy {}: {}\n", name, why);
        return kExitFailure;
    }
    if (args.lower_bound) {
        std::vector<std::string> got;  // what does not go with it
        if (name != "optimal") got.push_back("--strategy " + name);
        if (!args.all) got.emplace_back(args.sample ? "--sample" : "--secrets");
        if (!args.write_tree_file.empty())
            got.emplace_back("--write-tree");
        else if (!args.checkpoint.empty())
            got.emplace_back("--checkpoint");
        else if (!args.tree_file.empty())
            got.emplace_back("--tree");
        if (!got.empty()) {
            complain(
                "mastermind evaluate: --lower-bound bounds the search of --strategy optimal --all "
                "and plays nothing (got {})\n",
                fmt::join(got, ", "));
            return kExitFailure;
        }
        if (mpi_ranks() > 1) {
            if (mpi_rank() == 0)
                complain(
                    "mastermind-mpi: --lower-bound runs in one process: run it with mastermind\n");
            return kExitFailure;
        }
        if (args.threads > 1) {
            complain("mastermind evaluate: --lower-bound runs on one thread (got --threads {})\n",
                     args.threads);
            return kExitFailure;
        }
    }
    const CodeSpace space(params.rules, params.shape());
    const int max_guesses = params.max_guesses;
    OrdinaryEvaluationOptions options;
    options.codebreaker = info;
    options.codebreaker_options.seed = args.seed;
    if (args.exact_below && name != "entropy-optimal") {
        complain("mastermind evaluate: --exact-below is entropy-optimal's (got --strategy {})\n",
                 name);
        return kExitFailure;
    }
    if (args.exact_below)
        options.codebreaker_options.exact_below = static_cast<std::size_t>(*args.exact_below);
    if (name == "tree" && args.tree_file.empty()) {
        complain(
            "mastermind evaluate: --strategy tree plays a decision-tree file: give --tree FILE\n");
        return kExitFailure;
    }
    if (!args.tree_file.empty()) {
        if (name != "tree") {
            complain("mastermind evaluate: --tree is for --strategy tree (got --strategy {})\n",
                     name);
            return kExitFailure;
        }
        auto tree = read_tree_file("mastermind evaluate", args.tree_file);
        if (!tree || !tree_fits("mastermind evaluate", args.tree_file, *tree, space))
            return kExitFailure;
        options.codebreaker_options.tree = std::move(tree);
    }
    std::unique_ptr<ReplacedFile> tree_out;
    if (!args.write_tree_file.empty()) {
        if (!args.all) {
            complain("mastermind evaluate: --write-tree writes the decision tree of --all\n");
            return kExitFailure;
        }
        // A checkpoint overwritten by the tree would lose the search it holds.
        std::error_code error;
        if (!args.checkpoint.empty() &&
            (args.checkpoint == args.write_tree_file ||
             std::filesystem::equivalent(args.checkpoint, args.write_tree_file, error))) {
            complain(
                "mastermind evaluate: --write-tree '{}' is the --checkpoint file: give another\n",
                args.write_tree_file);
            return kExitFailure;
        }
        // Over MPI only rank 0 reports and writes the tree (the ranks would share one file).
        if (mpi_rank() == 0) {
            tree_out = open_tree_output("mastermind evaluate", args.write_tree_file);
            if (!tree_out) return kExitFailure;
        }
        options.record_tree = true;
    }
    options.codebreaker_options.first = default_first_guess(*info, space);
    if (args.first) {
        const auto first = space.parse(*args.first);
        if (!first) {
            complain("mastermind evaluate: --first '{}' {}\n", *args.first,
                     space.describe_bad(*args.first));
            return kExitFailure;
        }
        // The tree plays its own first guess: another one would be reported and not played.
        if (const auto& tree = options.codebreaker_options.tree;
            tree && tree->nodes.front().guess != *first) {
            complain(
                "mastermind evaluate: --first {}: the tree plays {} first (--strategy tree plays "
                "the tree's guesses)\n",
                *args.first, space.to_string(tree->nodes.front().guess));
            return kExitFailure;
        }
        options.codebreaker_options.first = first;
    }
    // A search that runs for seconds (`optimal` on 4x7 and up) says how it goes; the notice
    // comes once every option has been checked, so a refused one is all a mistake prints.
    if (args.progress || ::isatty(STDERR_FILENO)) {
        options.codebreaker_options.progress = [](const std::string& line) {
            complain("{}\n", line);
        };
    } else if (auto note = codebreaker_searches_first(*info, space.size());
               !note.empty() && !args.lower_bound) {
        // Silent otherwise: a search that may run for hours says so before it starts.
        complain("mastermind evaluate: {}; --progress shows how it goes\n", note);
    }
    // A run whose report nobody will read (stdout a closed pipe) stops now, not at the end: the
    // bound, the search as jobs and the walk alike.
    const StdoutWatch watch;
    const Budget reader_budget = Budget::until(watch.gone());
    if (args.lower_bound)
        return print_lower_bound(args, space, params, options.codebreaker_options, reader_budget);
    // The wall time reported counts the search made before the walk, when it is made apart.
    std::optional<std::chrono::steady_clock::time_point> search_started;
    // The optimal search as jobs (optimal_runner.hpp): kept in a checkpoint, or over MPI ranks.
    // Its strategy is then played as a tree, by the same walk as any codebreaker's.
    if (!args.checkpoint.empty() || mpi_ranks() > 1) {
        if (name != "optimal" || !args.all) {
            if (mpi_rank() != 0) {
                // Rank 0 says why.
            } else if (mpi_ranks() > 1) {
                complain(
                    "mastermind-mpi: over {} ranks an ordinary game's --all divides only the "
                    "search of --strategy optimal (got --strategy {}{}); run it with mastermind\n",
                    mpi_ranks(), name, args.all ? "" : ", not --all");
            } else {
                complain(
                    "mastermind evaluate: --checkpoint keeps the search of --strategy optimal "
                    "--all (got --strategy {}{})\n",
                    name, args.all ? "" : " without --all");
            }
            return kExitFailure;
        }
        OptimalRun run;
        run.space = &space;
        run.threads = args.threads;
        run.max_guesses = max_guesses;
        run.first = options.codebreaker_options.first;
        run.checkpoint = args.checkpoint;
        run.progress = options.codebreaker_options.progress;
        run.budget = reader_budget;
        OptimalRunResult found;
        search_started = std::chrono::steady_clock::now();
        try {
            found = optimal_runner() ? optimal_runner()(run) : run_optimal_jobs_here(run);
        } catch (const BudgetExhausted&) {
            complain("mastermind evaluate: {}{}\n", StdoutWatch::kStopped,
                     args.checkpoint.empty() ? ""
                                             : "; the same command resumes from the checkpoint");
            return kExitFailure;
        } catch (const std::runtime_error& e) {
            // The checkpoint refused or not writable, a run stopped by a signal, a rank's message
            // that does not parse.
            complain("mastermind evaluate: {}{}\n", args.checkpoint.empty() ? "" : "--checkpoint ",
                     e.what());
            return kExitFailure;
        }
        if (!found.reports) return kExitOk;
        // No strategy within the limit: the games are played by the codebreaker itself, which
        // fails each as it does in one piece (the same report of failures).
        if (found.answer) {
            options.codebreaker = find_codebreaker("tree");
            options.codebreaker_options.tree =
                std::make_shared<const DecisionTree>(std::move(found.answer->tree));
        }
    }
    options.max_guesses = max_guesses;
    options.threads = args.threads;
    options.budget = reader_budget;
    OrdinaryEvaluation r;
    std::string scope;
    try {
        if (args.all) {
            scope = "all " + count_of(space.size(), "secret");
            r = evaluate_ordinary_all(space, options);
        } else {
            std::vector<std::uint32_t> secrets;
            if (args.sample) {
                for (auto s : draw_sample(space.size(), *args.sample, args.seed))
                    secrets.push_back(static_cast<std::uint32_t>(s));
                scope = fmt::format("a sample of {} (seed {})", count_of(*args.sample, "secret"),
                                    args.seed);
            } else {
                auto parse = [&](std::string_view text, std::string& why) {
                    why = space.describe_bad(text);
                    return space.parse(text);
                };
                if (!read_secrets(args.secrets_file, parse, secrets)) return kExitFailure;
                scope = fmt::format("{} from {}", count_of(secrets.size(), "secret"),
                                    secrets_source(args.secrets_file));
            }
            r = evaluate_ordinary_games(space, options, secrets);
        }
    } catch (const BudgetExhausted&) {
        complain("mastermind evaluate: {}\n", StdoutWatch::kStopped);
        return kExitFailure;
    }
    if (search_started) {
        r.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - *search_started)
                .count();
    }
    // The first guess: given (--first, or the published default), or chosen by the rule (known
    // after an exhaustive walk).
    // Where the first guess came from; a tree plays its own.
    const char* first_from = name == "tree"                       ? "tree"
                             : !options.codebreaker_options.first ? "rule"
                             : args.first                         ? "--first"
                                                                  : "default";
    const bool first_unknown = !options.codebreaker_options.first && r.first_guess.empty();
    std::string first = options.codebreaker_options.first
                            ? space.to_string(*options.codebreaker_options.first)
                        : first_unknown ? "chosen by the rule"
                                        : r.first_guess;
    // (The text says "chosen by the rule" once, not "chosen by the rule, rule".)
    const std::string_view from = first_from;
    const std::string first_text =
        first_unknown ? first
                      : fmt::format("{}, {}", first,
                                    from == "rule"      ? "its own choice"
                                    : from == "default" ? "as in the published figures"
                                    : from == "tree"    ? "the tree's"
                                                        : "given by --first");
    // The tree first: a tree that cannot be written is a failure with nothing on stdout.
    if (tree_out && !r.failures) {
        write_decision_tree(tree_out->stream(), space, *r.tree);
        if (!tree_out->commit()) {
            complain("mastermind evaluate: --write-tree '{}': write error\n", args.write_tree_file);
            return kExitFailure;
        }
    }
    if (args.json) {
        nlohmann::json j{{"strategy", name},
                         {"seed", args.seed},
                         {"game", ordinary_game_json(args, params)},
                         {"first_guess", first},
                         {"first_guess_from", first_from},
                         {"scope", scope},
                         {"total", r.total}};
        if (name == "entropy-optimal") j["exact_below"] = options.codebreaker_options.exact_below;
        add_report_fields(j, r);
        fmt::print("{}\n", j.dump(2));
    } else {
        fmt::print(
            "strategy {}{} (first guess {}), ordinary game, {} rules, {}, {}{}, at most {}, {}\n",
            name,
            name == "entropy-optimal"
                ? fmt::format(", exact on at most {}",
                              count_of(options.codebreaker_options.exact_below, "secret"))
                : "",
            first_text, args.game.rules,
            count_of(static_cast<std::uint64_t>(params.pegs), "peg"),
            count_of(static_cast<std::uint64_t>(params.colours), "colour"),
            params.distinct ? " (none twice)" : "",
            count_of(static_cast<std::uint64_t>(max_guesses), "guess"), scope);
        fmt::print("games {}, failures {}\n", r.games, r.failures);
        if (no_game_won(r))
            fmt::print(kNoGameWon);
        else
            fmt::print("worst case {}, total {}, mean {:.6f}\n",
                       count_of(static_cast<std::uint64_t>(r.worst), "guess"), r.total, r.mean);
        print_histogram_and_examples(r, "guesses");
    }
    if (tree_out && r.failures) {
        complain("mastermind evaluate: --write-tree '{}' not written: {} of the games failed\n",
                 args.write_tree_file, r.failures);
    }
    return r.failures ? kExitBadInput : kExitOk;
}

// The shards of `options` (evaluate_all) through the shard runner, or one after another here.
std::optional<EvaluationResult> run_shards(const EvaluationOptions& options, int shards) {
    if (shard_runner()) return shard_runner()(options, shards);
    return evaluate_all_in_shards(options, shards);
}

int run_evaluate(EvaluateArgs args) {
    // The report goes to stdout: with stdout closed (`>&-`) a run of minutes would end in a
    // write error, so it is refused before any work.
    if (stdout_closed()) {
        complain("mastermind evaluate: standard output is closed: the report would be lost\n");
        return kExitFailure;
    }
    if ((args.shard || args.shards > 1 || args.memory_limit_mib) && args.game.ordinary()) {
        complain(
            "mastermind evaluate: {} is for the batch game's runs (an ordinary game's --all walks "
            "at most a million codes; the exact search of a large one is divided by "
            "--checkpoint or mastermind-mpi, docs/optimal.md)\n",
            args.shard        ? "--shard"
            : args.shards > 1 ? "--shards"
                              : "--memory-limit");
        return kExitFailure;
    }
    if (args.game.ordinary()) return run_evaluate_ordinary(args);
    if (auto why = args.game.batch_params(args.params); !why.empty()) {
        complain("mastermind evaluate: {}\n", why);
        return kExitFailure;
    }
    if (args.first || !args.tree_file.empty() || !args.write_tree_file.empty() ||
        !args.checkpoint.empty() || args.lower_bound || args.exact_below) {
        complain("mastermind evaluate: {} is for the ordinary game's codebreakers\n",
                 args.first                 ? "--first"
                 : !args.tree_file.empty()  ? "--tree"
                 : !args.checkpoint.empty() ? "--checkpoint (the search of --strategy optimal)"
                 : args.lower_bound         ? "--lower-bound (the search of --strategy optimal)"
                 : args.exact_below         ? "--exact-below (entropy-optimal's)"
                                            : "--write-tree");
        return kExitFailure;
    }
    if ((args.shard || args.shards > 1) && !args.all) {
        complain("mastermind evaluate: {} divides --all (give --all)\n",
                 args.shard ? "--shard" : "--shards");
        return kExitFailure;
    }
    if (args.shard && shard_runner()) {
        complain(
            "mastermind evaluate: --shard I/N computes one shard in one process (mastermind "
            "evaluate); the MPI "
            "front end divides --all over its ranks itself (give --shards N or nothing)\n");
        return kExitFailure;
    }
    if (args.shard && args.shards > 1) {
        complain(
            "mastermind evaluate: --shard I/N computes one shard, --shards N all of them: give "
            "one\n");
        return kExitFailure;
    }
    if (args.memory_limit_mib) {
        if (!args.all || args.shard || args.shards > 1) {
            complain(
                "mastermind evaluate: --memory-limit picks the number of shards of --all: give "
                "--all, and not "
                "--shard or --shards\n");
            return kExitFailure;
        }
        const auto shards = shards_for_memory(
            args.params.secret_count(), *args.memory_limit_mib << 20, index_bytes(args.params));
        if (shards == 0 || shards > 1'000'000) {
            complain(
                "mastermind evaluate: --memory-limit {} MiB: too little for any number of shards "
                "(at least {} MiB)\n",
                *args.memory_limit_mib, (kShardOverheadBytes >> 20) + 1);
            return kExitFailure;
        }
        args.shards = static_cast<int>(shards);
        complain("mastermind evaluate: --memory-limit {} MiB: {}\n", *args.memory_limit_mib,
                 count_of(shards, "shard"));
    }
    if (args.strategy.empty()) args.strategy = "case-analysis";
    const StrategyInfo* info = find_strategy(args.strategy);
    if (!info) {
        complain("mastermind evaluate: '{}' is not a strategy of the batch game\n", args.strategy);
        return kExitFailure;
    }
    if (args.all && (args.shards > 1 || !shard_runner())) {
        // A process holds every secret index of its shard twice: refuse what this machine cannot
        // hold (the MPI runner's own shard count, without --shards, is not known here).
        const std::uint64_t shards = args.shard
                                         ? static_cast<std::uint64_t>(args.shard->count)
                                         : static_cast<std::uint64_t>(std::max(1, args.shards));
        const std::uint64_t need = evaluate_all_bytes(args.params, shards);
        const std::uint64_t have = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                                   static_cast<std::uint64_t>(::sysconf(_SC_PAGE_SIZE));
        if (have > 0 && need > have) {
            complain(
                "mastermind evaluate: --all on {}{} holds about {:.1f} GiB in one process, more "
                "than this "
                "machine's {:.1f} GiB: divide it {}with --memory-limit MIB (or --shards N, --shard "
                "I/N)\n",
                count_of(args.params.secret_count(), "secret"),
                shards > 1 ? fmt::format(" in {} shards", shards) : std::string(),
                static_cast<double>(need) / (1 << 30), static_cast<double>(have) / (1 << 30),
                shards > 1 ? "further " : "");
            return kExitFailure;
        }
    }
    EvaluationOptions options;
    options.params = args.params;
    options.strategy = info;
    options.seed = args.seed;
    options.threads = args.threads;
    if (args.shard) options.shard = args.shard->index, options.shards = args.shard->count;
    const auto start = std::chrono::steady_clock::now();
    std::mutex print;
    const bool terminal = ::isatty(STDERR_FILENO);
    if (terminal || args.progress) {
        // A bar redrawn in place on a terminal; one line per 1% in a log file. Each phase times
        // its ETA from its own start: the games from the command's (their first report comes
        // only after the first splits), a shard's pass over every secret from its first report.
        using TimePoint = std::chrono::steady_clock::time_point;
        auto reporter = [&, terminal](const char* label, std::optional<TimePoint> since) {
            struct Phase {
                std::optional<TimePoint> start;
                int last_percent = -1;
            };
            auto phase = std::make_shared<Phase>(Phase{since});
            return [&, terminal, label, phase](std::uint64_t done, std::uint64_t total) {
                std::lock_guard lock(print);
                const auto now = std::chrono::steady_clock::now();
                if (!phase->start) phase->start = now;
                const double elapsed = std::chrono::duration<double>(now - *phase->start).count();
                const double fraction = static_cast<double>(done) / static_cast<double>(total);
                const double eta = fraction > 0 ? elapsed * (1 - fraction) / fraction : 0.0;
                if (terminal) {
                    const int width = 40, filled = static_cast<int>(fraction * width);
                    complain("\r{:<10} [{}{}] {:5.1f}%  {:.0f} s, ETA {:.0f} s ", label,
                             std::string(static_cast<std::size_t>(filled), '#'),
                             std::string(static_cast<std::size_t>(width - filled), '.'),
                             100 * fraction, elapsed, eta);
                } else if (static_cast<int>(100 * fraction) > phase->last_percent) {
                    phase->last_percent = static_cast<int>(100 * fraction);
                    complain("{} {:3}%  {:.0f} s, ETA {:.0f} s\n", label, phase->last_percent,
                             elapsed, eta);
                }
            };
        };
        options.progress = reporter("progress", start);
        if (args.shard)
            options.pass_progress =
                reporter("shard pass", std::nullopt);  // one shard a process: one pass
    }
    // A run whose report nobody will read (stdout a closed pipe) stops now, not at the end.
    const StdoutWatch watch;
    options.budget = Budget::until(watch.gone());
    EvaluationResult r;
    std::string scope;
    try {
        if (args.all) {
            scope = "all " + count_of(args.params.secret_count(), "secret");
            if (args.shard)
                scope =
                    fmt::format("shard {}/{} of {}", args.shard->index, args.shard->count, scope);
            if (args.shards > 1 || shard_runner()) {
                const auto merged = run_shards(options, args.shards);
                if (!merged) return kExitOk;  // an MPI rank other than 0: rank 0 reports
                r = *merged;
                r.seconds =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            } else {
                r = evaluate_all(options);
            }
        } else {
            std::vector<std::uint64_t> secrets;
            if (args.sample) {
                secrets = draw_sample(args.params.secret_count(), *args.sample, args.seed);
                scope = fmt::format("a sample of {} (seed {})", count_of(*args.sample, "secret"),
                                    args.seed);
            } else {
                auto parse = [&](std::string_view text,
                                 std::string& why) -> std::optional<std::uint64_t> {
                    const auto code = PackedCode::parse(text, args.params);
                    if (!code) {
                        why = describe_bad_code(text, args.params);
                        return std::nullopt;
                    }
                    return code->index(args.params);
                };
                if (!read_secrets(args.secrets_file, parse, secrets)) return kExitFailure;
                scope = fmt::format("{} from {}", count_of(secrets.size(), "secret"),
                                    secrets_source(args.secrets_file));
            }
            r = evaluate_secrets(options, std::move(secrets));
        }
    } catch (const std::invalid_argument& e) {
        complain("mastermind evaluate: {}\n", e.what());
        return kExitFailure;
    } catch (const BudgetExhausted&) {
        complain("{}mastermind evaluate: {}\n", terminal ? "\n" : "", StdoutWatch::kStopped);
        return kExitFailure;
    }
    if (terminal) complain("\n");
    const BatchRunHeader header{args.strategy, args.seed, args.params, scope};
    if (args.shard) {
        fmt::print("{}\n", shard_report_json(header, r, *args.shard).dump(2));
    } else {
        print_batch_report(header, r, args.json);
    }
    return r.failures ? kExitBadInput : kExitOk;
}

}  // namespace

void add_evaluate_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<EvaluateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "evaluate",
        "Play a strategy in process against every secret (--all), a seeded sample, or a file of "
        "secrets, on all cores, walking its decision tree; print the worst case, mean, histogram "
        "and examples, checking every challenge. Exit status 0 if every game was won, 1 if not, 2 "
        "if an option, a file or the output failed.");
    add_game_options(cmd, args->game);
    cmd->footer(
        "\nExamples:\n  mastermind evaluate --game ordinary --strategy optimal --all --write-tree "
        "4x6.tree   # 1296 games, 5625 guesses\n"
        "  mastermind evaluate --game bulls-and-cows --strategy optimal --all   # 26274, about 10 "
        "s\n"
        "  mastermind evaluate --strategy adaptive-split --all --shard 0/4 > part0.json   # then "
        "1/4 .. 3/4; mastermind merge part*.json");
    add_strategy_option(cmd, args->strategy, false, true);
    cmd->get_option("--strategy")
        ->description(
            "the strategy (one line on each: mastermind --help; docs/strategies.md for the batch "
            "game, docs/ordinary-codebreakers.md for the ordinary game; default: case-analysis in "
            "the batch game, knuth in the ordinary game)");
    cmd->add_option("--first", args->first,
                    "the ordinary game's first guess, P symbols 0-9 then A-F (default: the "
                    "published one of the codebreaker's 4x6 and 5x8 figures, else its rule's)")
        ->check(not_empty());
    auto* all = cmd->add_flag("--all", args->all, "every secret of the game");
    auto* sample = cmd->add_option("--sample", args->sample, "this many secrets drawn from --seed")
                       ->transform(integer_in(1, 1'000'000'000));
    auto* file = cmd->add_option("--secrets", args->secrets_file,
                                 "secrets from a file, one per line ('#' comments; '-': standard input)");
    all->excludes(sample, file);
    sample->excludes(file);
    cmd->add_option("--seed", args->seed, "seed of the sample and of randomised strategies")
        ->capture_default_str()
        ->transform(seed_value());
    cmd->add_option("--threads", args->threads, "worker threads (0: all cores)")
        ->capture_default_str()
        ->transform(integer_in(0, kMaxThreads));
    cmd->add_flag("--json", args->json,
                  "the report as one JSON object (its fields: docs/reports.md)");
    cmd->add_flag("--progress", args->progress,
                  "report progress on stderr even when it is not a terminal");
    cmd->add_option("--tree", args->tree_file,
                    "with --strategy tree: the decision-tree file it plays (docs/decision-tree.md)")
        ->check(not_empty());
    cmd->add_option(
           "--exact-below", args->exact_below,
           "entropy-optimal: the exact search from sets of at most this many secrets (default 100)")
        ->transform(integer_in(1, 1'000'000));
    cmd->add_option("--write-tree", args->write_tree_file,
                    "with --all, ordinary game: write the decision tree played to FILE")
        ->check(output_file());
    cmd->add_option_function<std::string>(
           "--shard",
           [args](const std::string& text) {
               std::string why;
               args->shard = parse_shard(text, why);
               if (!args->shard) throw CLI::ValidationError(why);
           },
           "with --all, batch game: only shard I of N (I/N), written as a partial JSON report that "
           "mastermind merge combines with the others into the whole run's report")
        ->type_name("I/N");
    cmd->add_option(
           "--memory-limit", args->memory_limit_mib,
           "with --all, batch game: the memory (MiB) a process may use; picks --shards (printed)")
        ->transform(integer_in(1, 100'000'000));
    cmd->add_option(
           "--shards", args->shards,
           "with --all, batch game: run it in N shards, one after another (the memory of one "
           "shard at a time), or over the ranks of mpirun with mastermind-mpi; same report")
        ->transform(integer_in(1, 1'000'000))
        ->capture_default_str();
    cmd->add_option("--checkpoint", args->checkpoint,
                    "with --strategy optimal --all: keep the search's finished parts in FILE as "
                    "they finish; given again, the run resumes from them (docs/optimal.md)")
        ->check(output_file());
    cmd->add_option(
           "--lower-bound", args->lower_bound,
           "with --strategy optimal --all: print a proven lower bound on the optimal total "
           "from LEVELS levels of guesses (1-4; each costs far more than the last) and "
           "stop; with --first, the bound of that first guess (exit status 1 if no strategy wins "
           "within -M)")
        ->type_name("LEVELS")
        ->transform(integer_in(1, OptimalSearch::kMaxBoundLevels));
    cmd->callback([args, &exit_status, all, sample, file] {
        if (!*all && !*sample && !*file) {
            complain("mastermind evaluate: say --all, --sample N or --secrets FILE\n");
            exit_status = kExitFailure;
            return;
        }
        exit_status = run_evaluate(*args);
    });
}

}  // namespace mastermind::app
