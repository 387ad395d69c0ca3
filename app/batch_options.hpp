// Options shared by the Batch Style Mastermind commands.
#pragma once

#include <CLI/CLI.hpp>

#include <cstdint>
#include <random>

#include <string>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "option_checks.hpp"

namespace mastermind::app {

inline void add_batch_params_options(CLI::App* cmd, BatchParams& params) {
    cmd->add_option("--pegs,-P", params.pegs, "pegs per string (1..12)")
        ->capture_default_str()
        ->transform(integer_in(1, BatchParams::kMaxPegs));
    cmd->add_option("--colours,-K", params.colours, "colours, written 0-9 then A-F (2..16)")
        ->capture_default_str()
        ->transform(integer_in(2, BatchParams::kMaxColours));
    cmd->add_option("--batch,-B", params.batch, "strings per test (1..16)")
        ->capture_default_str()
        ->transform(integer_in(1, BatchParams::kMaxBatch));
    cmd->add_option("--max-tests,-M", params.max_tests, "tests allowed before the challenge")
        ->capture_default_str()
        ->transform(integer_in(1, 1000));
}

// --strategy NAME, checked against every strategy the project has.
// With `codebreakers`, the ordinary game's codebreakers too.
inline void add_strategy_option(CLI::App* cmd, std::string& strategy, bool allow_auto = false,
                                bool codebreakers = false) {
    std::vector<std::string> names;
    if (allow_auto) names.emplace_back("auto");
    for (const auto& s : all_strategies()) names.emplace_back(s.name);
    if (codebreakers) {
        for (const auto& c : all_codebreakers()) names.emplace_back(c.name);
    }
    cmd->add_option("--strategy,-s", strategy, "the strategy (see docs/strategies.md)")
        ->check(one_of(names))
        ->capture_default_str();
}

// A seed for runs where the user gave none: printed, so the run can be repeated with --seed.
inline std::uint64_t fresh_seed() {
    std::random_device device;
    return (std::uint64_t{device()} << 32) ^ device();
}

}  // namespace mastermind::app
