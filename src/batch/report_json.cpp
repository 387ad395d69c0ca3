#include "mastermind/batch/report_json.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>

#include "mastermind/core/histogram.hpp"
#include "mastermind/engine/report_json.hpp"

namespace mastermind {

nlohmann::json batch_report_json(const BatchRunHeader& h, const EvaluationResult& r) {
    nlohmann::json j{
        {"strategy", h.strategy},
        {"seed", h.seed},
        {"game", {h.params.pegs, h.params.colours, h.params.batch, h.params.max_tests}},
        {"rules", std::string(to_string(h.params.rules))},
        {"scope", h.scope}};
    add_report_fields(j, r);
    j["move_hash"] = fmt::format("{:016x}", r.move_hash);
    return j;
}

nlohmann::json shard_report_json(const BatchRunHeader& h, const EvaluationResult& r,
                                 ShardChoice shard) {
    auto j = batch_report_json(h, r);
    j["shard"] = {shard.index, shard.count};
    j["worst_secrets"] = r.worst_secrets;
    auto failed = nlohmann::json::array();
    for (const auto& [secret, why] : r.failed_secrets) failed.push_back({secret, why});
    j["failed_secrets"] = failed;
    return j;
}

ShardReport parse_shard_report(const nlohmann::json& j) {
    ShardReport s;
    if (!j.is_object() || !j.contains("shard"))
        throw std::runtime_error(
            "not a shard's report (no \"shard\"; made by evaluate --all --shard I/N?)");
    const JsonFields f(j);
    const auto& shard = f.list("shard", f.at("shard"), 2, 2);
    s.shard = {f.small("shard", shard[0], 0, 999'999), f.small("shard", shard[1], 1, 1'000'000)};
    if (s.shard.index >= s.shard.count)
        throw JsonFields::bad(
            "shard", fmt::format("shard {} of {} does not exist", s.shard.index, s.shard.count));
    s.header.strategy = f.text("strategy", f.at("strategy"));
    if (s.header.strategy.empty() || s.header.strategy.size() > 100)
        throw JsonFields::bad("strategy", "not a strategy's name");
    s.header.seed = f.count("seed");
    const auto& game = f.list("game", f.at("game"), 4, 4);
    s.header.params = BatchParams{f.small("game", game[0], 1, BatchParams::kMaxPegs),
                                  f.small("game", game[1], 2, BatchParams::kMaxColours),
                                  f.small("game", game[2], 1, BatchParams::kMaxBatch),
                                  f.small("game", game[3], 1, 1000)};
    const auto rules = f.text("rules", f.at("rules"));
    if (rules != "classic" && rules != "adjacent")
        throw JsonFields::bad("rules",
                              fmt::format("'{}' is not classic or adjacent", rules.substr(0, 20)));
    s.header.params.rules = rules == "adjacent" ? Rules::adjacent : Rules::classic;
    if (auto why = s.header.params.validate(); !why.empty()) throw JsonFields::bad("game", why);
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
        throw JsonFields::bad(
            "histogram", fmt::format("holds {} games won, and games {} - failures {} is {}", won,
                                     r.games, r.failures, r.games - r.failures));
    }
    r.worst = f.small("worst", f.at("worst"), 0, static_cast<int>(limit));
    if (r.worst != worst)
        throw JsonFields::bad("worst",
                              fmt::format("{}, the histogram's worst case is {}", r.worst, worst));
    const auto& mean = f.at("mean");
    r.mean = totals.mean();
    if (!mean.is_number() || std::abs(mean.get<double>() - r.mean) > 1e-9 * std::max(1.0, r.mean)) {
        throw JsonFields::bad("mean", fmt::format("{}, the histogram's mean is {}",
                                                  mean.dump().substr(0, 40), r.mean));
    }
    r.nodes = f.count("strategy_calls");
    const auto& seconds = f.at("seconds");
    if (!seconds.is_number() || !(seconds.get<double>() >= 0) ||
        !std::isfinite(seconds.get<double>())) {
        throw JsonFields::bad(
            "seconds", fmt::format("{} is not a number of seconds", seconds.dump().substr(0, 40)));
    }
    r.seconds = seconds.get<double>();
    const auto hash = f.text("move_hash", f.at("move_hash"));
    const auto [end, error] =
        std::from_chars(hash.data(), hash.data() + hash.size(), r.move_hash, 16);
    if (hash.size() != 16 || error != std::errc{} || end != hash.data() + hash.size() ||
        hash.find_first_of("+-") != std::string::npos) {
        throw JsonFields::bad("move_hash",
                              fmt::format("'{}' is not 16 hexadecimal digits", hash.substr(0, 40)));
    }
    // The examples: secrets of the game that reached the worst case, or failed.
    const auto& worst_secrets = f.list("worst_secrets", f.at("worst_secrets"), 0,
                                       r.histogram.empty() ? 0 : r.histogram.back());
    for (const auto& n : worst_secrets) {
        r.worst_secrets.push_back(f.count("worst_secrets", n, secrets - 1));
    }
    for (const auto& failed : f.list("failed_secrets", f.at("failed_secrets"), 0, r.failures)) {
        const auto& pair = f.list("failed_secrets", failed, 2, 2);
        r.failed_secrets.emplace_back(f.count("failed_secrets", pair[0], secrets - 1),
                                      f.text("failed_secrets", pair[1]));
    }
    return s;
}

}  // namespace mastermind
