// What `mastermind evaluate` reports, shared with `mastermind merge` (which combines the shards
// of a run into that same report) and the MPI front end: the JSON fields and the text of both
// games, and the partial report of one shard.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/analysis/evaluator.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/games/batch_params.hpp"

namespace mastermind::app {

// What both games report, as JSON fields and as text.
struct Report {
    std::uint64_t games, failures;
    int worst;
    double mean;
    const std::vector<std::uint64_t>& histogram;
    const std::vector<std::string>& worst_examples;
    const std::vector<std::string>& failure_examples;
    std::uint64_t nodes;
    double seconds;
    const char* unit;  // "tests" or "guesses"
};

inline void add_report(nlohmann::json& j, const Report& r) {
    j["games"] = r.games;
    j["failures"] = r.failures;
    j["worst"] = r.worst;
    j["mean"] = r.mean;
    j["histogram"] = r.histogram;
    j["worst_examples"] = r.worst_examples;
    j["failure_examples"] = r.failure_examples;
    j["strategy_calls"] = r.nodes;
    j["seconds"] = r.seconds;
}

inline void print_histogram_and_examples(const Report& r) {
    fmt::print("histogram ({}: games won):\n", r.unit);
    for (std::size_t t = 0; t < r.histogram.size(); ++t) {
        if (r.histogram[t]) fmt::print("  {:>3}: {:>12}  {:8.4f}%\n", t, r.histogram[t], 100.0 * static_cast<double>(r.histogram[t]) / static_cast<double>(r.games));
    }
    fmt::print("secrets reaching the worst case: {}\n", fmt::join(r.worst_examples, " "));
    for (const auto& f : r.failure_examples) fmt::print("failure: {}\n", f);
    fmt::print("decision tree nodes {}, wall time {:.2f} s\n", r.nodes, r.seconds);
}

// A batch run: what was evaluated, over what.
struct BatchRunHeader {
    std::string strategy;
    std::uint64_t seed;
    BatchParams params;
    std::string scope;  // "all 1,000 secrets", "a sample of ..."
};

inline nlohmann::json batch_report_json(const BatchRunHeader& h, const EvaluationResult& r) {
    nlohmann::json j{{"strategy", h.strategy},
                     {"seed", h.seed},
                     {"game", {h.params.pegs, h.params.colours, h.params.batch, h.params.max_tests}},
                     {"rules", std::string(to_string(h.params.rules))},
                     {"scope", h.scope}};
    add_report(j, {r.games, r.failures, r.worst, r.mean, r.histogram, r.worst_examples, r.failure_examples, r.strategy_calls, r.seconds, "tests"});
    j["move_hash"] = fmt::format("{:016x}", r.move_hash);
    return j;
}

inline void print_batch_report(const BatchRunHeader& h, const EvaluationResult& r, bool json) {
    if (json) {
        fmt::print("{}\n", batch_report_json(h, r).dump(2));
        return;
    }
    fmt::print("strategy {} (seed {}), game P={} K={} B={} M={}, {} rules, {}\n", h.strategy, h.seed, h.params.pegs,
               h.params.colours, h.params.batch, h.params.max_tests, to_string(h.params.rules), h.scope);
    fmt::print("games {}, failures {}\n", r.games, r.failures);
    fmt::print("worst case {}, mean {:.6f}\n", count_of(static_cast<std::uint64_t>(r.worst), "test"), r.mean);
    print_histogram_and_examples({r.games, r.failures, r.worst, r.mean, r.histogram, r.worst_examples, r.failure_examples, r.strategy_calls, r.seconds, "tests"});
}

// Shard I of N of an exhaustive run.
struct ShardChoice {
    int index = 0, count = 1;
};

// The partial report of one shard (`evaluate --all --shard I/N`): the report's fields for its
// secrets, and what a merge needs besides (the examples as secret indices).
inline nlohmann::json shard_report_json(const BatchRunHeader& h, const EvaluationResult& r, ShardChoice shard) {
    auto j = batch_report_json(h, r);
    j["shard"] = {shard.index, shard.count};
    j["worst_secrets"] = r.worst_secrets;
    auto failed = nlohmann::json::array();
    for (const auto& [secret, why] : r.failed_secrets) failed.push_back({secret, why});
    j["failed_secrets"] = failed;
    return j;
}

// One shard's report read back; throws std::runtime_error naming what is wrong.
struct ShardReport {
    BatchRunHeader header;
    ShardChoice shard;
    EvaluationResult result;
};

inline ShardReport parse_shard_report(const nlohmann::json& j) {
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
    r.worst_secrets = j.at("worst_secrets").get<std::vector<std::uint64_t>>();
    for (const auto& f : j.at("failed_secrets")) r.failed_secrets.emplace_back(f.at(0).get<std::uint64_t>(), f.at(1).get<std::string>());
    const auto secrets = s.header.params.secret_count();
    for (auto secret : r.worst_secrets) {
        if (secret >= secrets) throw std::runtime_error(fmt::format("secret {} out of the game", secret));
    }
    for (const auto& f : r.failed_secrets) {
        if (f.first >= secrets) throw std::runtime_error(fmt::format("secret {} out of the game", f.first));
    }
    return s;
}

}  // namespace mastermind::app
