// How `mastermind evaluate` and `mastermind merge` print a report as text (the JSON is
// batch/report_json.hpp's and engine/report_json.hpp's).
#pragma once

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "mastermind/batch/report_json.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/engine/report_json.hpp"

namespace mastermind::app {

// Whether the report has a worst case and a mean: not when every game failed (a codebreaker that
// refuses the game, a limit no strategy meets), where they would read as "0 guesses".
inline bool no_game_won(const Report& r) {
    return r.games > 0 && r.failures == r.games;
}
inline constexpr const char* kNoGameWon = "no game won: every game failed (failures below)\n";

// The histogram, the examples and the size of the walk, in either game (`unit`: "tests" or
// "guesses").
inline void print_histogram_and_examples(const Report& r, const char* unit) {
    if (!no_game_won(r)) fmt::print("histogram ({}: games won):\n", unit);
    for (std::size_t t = 0; t < r.histogram.size(); ++t) {
        if (r.histogram[t])
            fmt::print("  {:>3}: {:>12}  {:8.4f}%\n", t, r.histogram[t],
                       100.0 * static_cast<double>(r.histogram[t]) / static_cast<double>(r.games));
    }
    if (!r.worst_examples.empty())
        fmt::print("secrets reaching the worst case: {}\n", fmt::join(r.worst_examples, " "));
    // Each example is "SECRET: why"; the secrets that failed for the same reason share a line.
    std::vector<std::pair<std::string, std::vector<std::string>>> reasons;
    for (const auto& f : r.failure_examples) {
        const auto colon = f.find(": ");
        const std::string secret = colon == std::string::npos ? f : f.substr(0, colon);
        const std::string why = colon == std::string::npos ? "" : f.substr(colon + 2);
        const auto same = std::find_if(reasons.begin(), reasons.end(),
                                       [&](const auto& reason) { return reason.first == why; });
        if (same == reasons.end() || why.empty())
            reasons.push_back({why, {secret}});
        else
            same->second.push_back(secret);
    }
    for (const auto& [why, secrets] : reasons) {
        if (why.empty())
            fmt::print("failure: {}\n", secrets.front());
        else
            fmt::print("failure: {}: {}\n", fmt::join(secrets, " "), why);
    }
    fmt::print("decision tree nodes {}, wall time {:.2f} s\n", r.nodes, r.seconds);
}

inline void print_batch_report(const BatchRunHeader& h, const EvaluationResult& r, bool json) {
    if (json) {
        fmt::print("{}\n", batch_report_json(h, r).dump(2));
        return;
    }
    fmt::print("strategy {} (seed {}), game P={} K={} B={} M={}, {} rules, {}\n", h.strategy,
               h.seed, h.params.pegs, h.params.colours, h.params.batch, h.params.max_tests,
               to_string(h.params.rules), h.scope);
    fmt::print("games {}, failures {}\n", r.games, r.failures);
    if (no_game_won(r))
        fmt::print(kNoGameWon);
    else
        fmt::print("worst case {}, mean {:.6f}\n",
                   count_of(static_cast<std::uint64_t>(r.worst), "test"), r.mean);
    print_histogram_and_examples(r, "tests");
}

}  // namespace mastermind::app
