// What `mastermind evaluate` reports, shared with `mastermind merge` (which combines the shards
// of a run into that same report) and the MPI front end: the JSON fields and the text of both
// games, and the partial report of one shard.
#pragma once

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "mastermind/core/histogram.hpp"

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/batch/params.hpp"

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

// One shard's report read back; throws std::runtime_error naming the field and what is wrong.
struct ShardReport {
    BatchRunHeader header;
    ShardChoice shard;
    EvaluationResult result;
};

// The checked fields of a shard's report: each of its type and range, or a runtime_error
// "field 'NAME': why".
class ShardFields {
public:
    explicit ShardFields(const nlohmann::json& j) : j_(j) {}

    const nlohmann::json& at(const char* name) const {
        if (!j_.contains(name)) throw bad(name, "missing");
        return j_.at(name);
    }
    std::uint64_t count(const char* name, const nlohmann::json& v, std::uint64_t hi = UINT64_MAX) const {
        if (!v.is_number_unsigned()) throw bad(name, fmt::format("{} is not an integer from 0", v.dump().substr(0, 40)));
        const auto n = v.get<std::uint64_t>();
        if (n > hi) throw bad(name, fmt::format("{} is more than {}", n, hi));
        return n;
    }
    std::uint64_t count(const char* name, std::uint64_t hi = UINT64_MAX) const { return count(name, at(name), hi); }
    int small(const char* name, const nlohmann::json& v, int lo, int hi) const {
        if (!v.is_number_integer()) throw bad(name, fmt::format("{} is not an integer", v.dump().substr(0, 40)));
        const auto n = v.get<std::int64_t>();
        if (n < lo || n > hi) throw bad(name, fmt::format("{} is not from {} to {}", n, lo, hi));
        return static_cast<int>(n);
    }
    std::string text(const char* name, const nlohmann::json& v) const {
        if (!v.is_string()) throw bad(name, "not a string");
        return v.get<std::string>();
    }
    const nlohmann::json& list(const char* name, const nlohmann::json& v, std::size_t lo, std::size_t hi) const {
        if (!v.is_array() || v.size() < lo || v.size() > hi) {
            throw bad(name, lo == hi ? fmt::format("not a list of {}", lo) : fmt::format("not a list of {} to {} entries", lo, hi));
        }
        return v;
    }
    static std::runtime_error bad(const char* name, const std::string& why) {
        return std::runtime_error(fmt::format("field '{}': {}", name, why));
    }

private:
    const nlohmann::json& j_;
};

inline ShardReport parse_shard_report(const nlohmann::json& j) {
    ShardReport s;
    if (!j.is_object() || !j.contains("shard")) throw std::runtime_error("not a shard's report (no \"shard\"; made by evaluate --all --shard I/N?)");
    const ShardFields f(j);
    const auto& shard = f.list("shard", f.at("shard"), 2, 2);
    s.shard = {f.small("shard", shard[0], 0, 999'999), f.small("shard", shard[1], 1, 1'000'000)};
    if (s.shard.index >= s.shard.count) throw ShardFields::bad("shard", fmt::format("shard {} of {} does not exist", s.shard.index, s.shard.count));
    s.header.strategy = f.text("strategy", f.at("strategy"));
    if (s.header.strategy.empty() || s.header.strategy.size() > 100) throw ShardFields::bad("strategy", "not a strategy's name");
    s.header.seed = f.count("seed");
    const auto& game = f.list("game", f.at("game"), 4, 4);
    s.header.params = BatchParams{f.small("game", game[0], 1, BatchParams::kMaxPegs), f.small("game", game[1], 2, BatchParams::kMaxColours),
                                  f.small("game", game[2], 1, BatchParams::kMaxBatch), f.small("game", game[3], 1, 1000)};
    const auto rules = f.text("rules", f.at("rules"));
    if (rules != "classic" && rules != "adjacent") throw ShardFields::bad("rules", fmt::format("'{}' is not classic or adjacent", rules.substr(0, 20)));
    s.header.params.rules = rules == "adjacent" ? Rules::adjacent : Rules::classic;
    if (auto why = s.header.params.validate(); !why.empty()) throw ShardFields::bad("game", why);
    const auto secrets = s.header.params.secret_count();
    auto& r = s.result;
    r.games = f.count("games", secrets);
    r.failures = f.count("failures", r.games);
    // Games won with t tests, for t from 0 to the game's limit: their sum is the games won, the
    // last non-zero entry the worst case, and the mean their average.
    const auto limit = static_cast<std::size_t>(s.header.params.max_tests);
    const auto& histogram = f.list("histogram", f.at("histogram"), 0, limit + 1);
    for (const auto& n : histogram) r.histogram.push_back(f.count("histogram", n, secrets));
    const auto totals = histogram_totals(r.histogram);
    const std::uint64_t won = totals.won;
    const int worst = std::max(0, totals.worst);
    if (won != r.games - r.failures) {
        throw ShardFields::bad("histogram", fmt::format("holds {} games won, and games {} - failures {} is {}", won, r.games, r.failures,
                                                        r.games - r.failures));
    }
    r.worst = f.small("worst", f.at("worst"), 0, static_cast<int>(limit));
    if (r.worst != worst) throw ShardFields::bad("worst", fmt::format("{}, the histogram's worst case is {}", r.worst, worst));
    const auto& mean = f.at("mean");
    r.mean = totals.mean();
    if (!mean.is_number() || std::abs(mean.get<double>() - r.mean) > 1e-9 * std::max(1.0, r.mean)) {
        throw ShardFields::bad("mean", fmt::format("{}, the histogram's mean is {}", mean.dump().substr(0, 40), r.mean));
    }
    r.strategy_calls = f.count("strategy_calls");
    const auto& seconds = f.at("seconds");
    if (!seconds.is_number() || !(seconds.get<double>() >= 0) || !std::isfinite(seconds.get<double>())) {
        throw ShardFields::bad("seconds", fmt::format("{} is not a number of seconds", seconds.dump().substr(0, 40)));
    }
    r.seconds = seconds.get<double>();
    const auto hash = f.text("move_hash", f.at("move_hash"));
    const auto [end, error] = std::from_chars(hash.data(), hash.data() + hash.size(), r.move_hash, 16);
    if (hash.size() != 16 || error != std::errc{} || end != hash.data() + hash.size() || hash.find_first_of("+-") != std::string::npos) {
        throw ShardFields::bad("move_hash", fmt::format("'{}' is not 16 hexadecimal digits", hash.substr(0, 40)));
    }
    // The examples: secrets of the game that reached the worst case, or failed.
    const auto& worst_secrets = f.list("worst_secrets", f.at("worst_secrets"), 0, r.histogram.empty() ? 0 : r.histogram.back());
    for (const auto& n : worst_secrets) {
        r.worst_secrets.push_back(f.count("worst_secrets", n, secrets - 1));
    }
    for (const auto& failed : f.list("failed_secrets", f.at("failed_secrets"), 0, r.failures)) {
        const auto& pair = f.list("failed_secrets", failed, 2, 2);
        r.failed_secrets.emplace_back(f.count("failed_secrets", pair[0], secrets - 1), f.text("failed_secrets", pair[1]));
    }
    return s;
}

}  // namespace mastermind::app
