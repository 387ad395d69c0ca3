// `mastermind merge`: the partial reports of `evaluate --all --shard I/N`, one per shard, combined
// into exactly the report one `evaluate --all` gives (merge_evaluations).
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "evaluation_report.hpp"
#include "mastermind/analysis/evaluator.hpp"

namespace mastermind::app {

namespace {

struct MergeArgs {
    std::vector<std::string> files;
    bool json = false;
};

// One shard's report read back; throws std::runtime_error naming what is wrong.
struct ShardReport {
    BatchRunHeader header;
    ShardChoice shard;
    EvaluationResult result;
};

ShardReport parse_shard_report(const nlohmann::json& j) {
    ShardReport s;
    if (!j.is_object() || !j.contains("shard")) throw std::runtime_error("not a shard's report (no \"shard\"; made by evaluate --all --shard I/N?)");
    s.shard = {j.at("shard").at(0).get<int>(), j.at("shard").at(1).get<int>()};
    s.header.strategy = j.at("strategy").get<std::string>();
    s.header.seed = j.at("seed").get<std::uint64_t>();
    const auto& game = j.at("game");
    s.header.params = BatchParams{game.at(0).get<int>(), game.at(1).get<int>(), game.at(2).get<int>(), game.at(3).get<int>()};
    const auto rules = j.at("rules").get<std::string>();
    if (rules != "classic" && rules != "adjacent") throw std::runtime_error(fmt::format("rules '{}'", rules));
    s.header.params.rules = rules == "adjacent" ? Rules::adjacent : Rules::classic;
    if (auto why = s.header.params.validate(); !why.empty()) throw std::runtime_error(why);
    auto& r = s.result;
    r.games = j.at("games").get<std::uint64_t>();
    r.failures = j.at("failures").get<std::uint64_t>();
    r.histogram = j.at("histogram").get<std::vector<std::uint64_t>>();
    r.strategy_calls = j.at("strategy_calls").get<std::uint64_t>();
    r.seconds = j.at("seconds").get<double>();
    const auto hash = j.at("move_hash").get<std::string>();
    std::size_t used = 0;
    r.move_hash = std::stoull(hash, &used, 16);
    if (used != hash.size()) throw std::runtime_error(fmt::format("move_hash '{}'", hash));
    r.worst_secrets = j.at("worst_secrets").get<std::vector<std::uint32_t>>();
    for (const auto& f : j.at("failed_secrets")) r.failed_secrets.emplace_back(f.at(0).get<std::uint32_t>(), f.at(1).get<std::string>());
    const auto secrets = s.header.params.secret_count();
    for (auto secret : r.worst_secrets) {
        if (secret >= secrets) throw std::runtime_error(fmt::format("secret {} out of the game", secret));
    }
    for (const auto& f : r.failed_secrets) {
        if (f.first >= secrets) throw std::runtime_error(fmt::format("secret {} out of the game", f.first));
    }
    return s;
}

int run_merge(const MergeArgs& args) {
    std::vector<ShardReport> shards;
    for (const auto& path : args.files) {
        std::ifstream in(path);
        if (!in) {
            complain("mastermind merge: cannot read '{}'\n", path);
            return kExitFailure;
        }
        try {
            shards.push_back(parse_shard_report(nlohmann::json::parse(in)));
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
        if (s.header.strategy != first.header.strategy || s.header.seed != first.header.seed || p.pegs != q.pegs ||
            p.colours != q.colours || p.batch != q.batch || p.max_tests != q.max_tests || p.rules != q.rules ||
            s.shard.count != first.shard.count) {
            complain("mastermind merge: {} is a shard of another run than {} (strategy, seed, game, rules or shard count differ)\n",
                     args.files[i], args.files[0]);
            return kExitFailure;
        }
        if (s.shard.index < 0 || s.shard.index >= s.shard.count) {
            complain("mastermind merge: {}: shard {}/{} does not exist\n", args.files[i], s.shard.index, s.shard.count);
            return kExitFailure;
        }
        auto& earlier = seen[static_cast<std::size_t>(s.shard.index)];
        if (!earlier.empty()) {
            complain("mastermind merge: shard {}/{} given twice: {} and {}\n", s.shard.index, s.shard.count, earlier, args.files[i]);
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
                 fmt::join(missing.begin(), missing.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(missing.size(), 20)), " "),
                 missing.size() > 20 ? " ..." : "");
        return kExitFailure;
    }
    std::vector<EvaluationResult> results;
    for (auto& s : shards) results.push_back(std::move(s.result));
    const auto merged = merge_evaluations(results, first.header.params, 5);
    if (merged.games != first.header.params.secret_count()) {
        complain("mastermind merge: the shards hold {} games, the game has {} secrets\n", merged.games, first.header.params.secret_count());
        return kExitFailure;
    }
    BatchRunHeader header = first.header;
    header.scope = "all " + count_of(header.params.secret_count(), "secret");
    print_batch_report(header, merged, args.json);
    return merged.failures ? kExitBadInput : kExitOk;
}

}  // namespace

void add_merge_command(CLI::App& app, int& exit_status) {
    auto args = std::make_shared<MergeArgs>();
    CLI::App* cmd = app.add_subcommand(
        "merge",
        "Combine the partial reports of `evaluate --all --shard I/N` (one per shard, all of one run) "
        "into the report one `evaluate --all` gives: games, worst case, mean, histogram, failures, "
        "decision-tree nodes, examples. The wall time is the longest shard's. Exit status 0 if "
        "every game was won, 1 if not, 2 if the reports do not make one whole run.");
    cmd->add_option("FILE", args->files, "the shards' reports (JSON)")->required()->check(CLI::ExistingFile);
    cmd->add_flag("--json", args->json, "machine-readable output (as evaluate --json)");
    cmd->footer(
        "\nExample:\n  for i in 0 1 2 3; do mastermind evaluate --strategy adaptive-split --all --shard $i/4 > part$i.json; done\n"
        "  mastermind merge part*.json");
    cmd->callback([args, &exit_status] { exit_status = run_merge(*args); });
}

}  // namespace mastermind::app
