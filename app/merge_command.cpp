// `mastermind merge`: the partial reports of `evaluate --all --shard I/N`, one per shard, combined
// into exactly the report one `evaluate --all` gives (merge_evaluations).
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "evaluation_report.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/bounded_input.hpp"
#include "output_paths.hpp"
#include "shard_messages.hpp"

namespace mastermind::app {

namespace {

constexpr std::uint64_t kMaxShardBytes = std::uint64_t{16} << 20;

struct MergeArgs {
    std::vector<std::string> files;
    bool json = false;
};

int run_merge(const MergeArgs& args) {
    std::vector<ShardReport> shards;
    for (const auto& path : args.files) {
        std::ifstream in(path);
        if (!in) {
            complain("mastermind merge: cannot read '{}'\n", path);
            return kExitFailure;
        }
        // A shard's report is a few KiB: its examples are five secrets each.
        std::string text;
        if (!read_bounded(in, kMaxShardBytes, text)) {
            complain("mastermind merge: {}: larger than {}, the limit for a shard's report\n", path,
                     size_text(kMaxShardBytes));
            return kExitFailure;
        }
        try {
            shards.push_back(parse_shard_report(nlohmann::json::parse(text)));
        } catch (const nlohmann::json::parse_error&) {
            complain(
                "mastermind merge: {}: not JSON (a shard's report is the output of evaluate --all "
                "--shard I/N)\n",
                path);
            return kExitFailure;
        } catch (const std::exception& e) {
            complain("mastermind merge: {}: {}\n", path, e.what());
            return kExitFailure;
        }
    }
    // One run: the same strategy, seed, game and shard count; every shard exactly once.
    const auto& first = shards.front();
    std::vector<std::string> seen(static_cast<std::size_t>(first.shard.count));
    for (std::size_t i = 0; i < shards.size(); ++i) {
        const auto& s = shards[i];
        const auto& p = s.header.params;
        const auto& q = first.header.params;
        if (s.header.strategy != first.header.strategy || s.header.seed != first.header.seed ||
            p.pegs != q.pegs || p.colours != q.colours || p.batch != q.batch ||
            p.max_tests != q.max_tests || p.rules != q.rules ||
            s.shard.count != first.shard.count) {
            complain(
                "mastermind merge: {} is a shard of another run than {} (strategy, seed, game, "
                "rules or shard count differ)\n",
                args.files[i], args.files[0]);
            return kExitFailure;
        }
        if (s.shard.index < 0 || s.shard.index >= s.shard.count) {
            complain("mastermind merge: {}: shard {}/{} does not exist\n", args.files[i],
                     s.shard.index, s.shard.count);
            return kExitFailure;
        }
        auto& earlier = seen[static_cast<std::size_t>(s.shard.index)];
        if (!earlier.empty()) {
            complain("mastermind merge: shard {}/{} given twice: {} and {}\n", s.shard.index,
                     s.shard.count, earlier, args.files[i]);
            return kExitFailure;
        }
        earlier = args.files[i];
    }
    std::vector<int> missing;
    for (std::size_t i = 0; i < seen.size(); ++i) {
        if (seen[i].empty()) missing.push_back(static_cast<int>(i));
    }
    if (!missing.empty()) {
        complain("mastermind merge: {} of {} shards missing: {}{}\n", missing.size(), seen.size(),
                 fmt::join(missing.begin(),
                           missing.begin() + static_cast<std::ptrdiff_t>(
                                                 std::min<std::size_t>(missing.size(), 20)),
                           " "),
                 missing.size() > 20 ? " ..." : "");
        return kExitFailure;
    }
    std::vector<EvaluationResult> results;
    for (auto& s : shards) results.push_back(std::move(s.result));
    // The examples each shard kept: evaluate's (the partial reports carry no other count).
    const auto merged =
        merge_evaluations(results, first.header.params, EvaluationOptions{}.examples);
    if (merged.games != first.header.params.secret_count()) {
        complain("mastermind merge: the shards hold {} games, the game has {} secrets\n",
                 merged.games, first.header.params.secret_count());
        return kExitFailure;
    }
    BatchRunHeader header = first.header;
    header.scope = "all " + count_of(header.params.secret_count(), "secret");
    print_batch_report(header, merged, args.json);
    return merged.failures ? kExitBadInput : kExitOk;
}

}  // namespace

std::string shard_message(const EvaluationOptions& options, const EvaluationResult& result,
                          int shard, int shards) {
    const BatchRunHeader header{std::string(options.strategy->name), options.seed, options.params,
                                "shard"};
    return shard_report_json(header, result, {shard, shards}).dump();
}

std::pair<int, EvaluationResult> read_shard_message(std::string_view text) {
    auto report = parse_shard_report(nlohmann::json::parse(text));
    return {report.shard.index, std::move(report.result)};
}

void add_merge_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<MergeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "merge",
        "Combine the partial reports of `evaluate --all --shard I/N` (one per shard, all of one "
        "run) "
        "into the report one `evaluate --all` gives: games, worst case, mean, histogram, failures, "
        "decision-tree nodes, examples. The wall time is the longest shard's. Exit status 0 if "
        "every game was won, 1 if not, 2 if the reports do not make one whole run.");
    cmd->add_option("FILE", args->files, "the shards' reports (JSON)")
        ->required()
        ->check(not_empty())
        ->check(CLI::ExistingFile);
    cmd->add_flag("--json", args->json, "machine-readable output (as evaluate --json)");
    cmd->footer(
        "\nExamples:\n  mastermind evaluate --strategy adaptive-split --all --shard 0/2 > "
        "part0.json   # and 1/2 > part1.json\n"
        "  mastermind merge part0.json part1.json");
    cmd->callback([args, &exit_status] { exit_status = run_merge(*args); });
}

}  // namespace mastermind::app
