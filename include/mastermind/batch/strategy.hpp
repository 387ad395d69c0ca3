// A strategy for Batch Style Mastermind: a deterministic function of the position (the game, the
// tests sent and their answers as multisets, the secrets consistent with them) and a seed,
// returning the next test or the challenge. The same object drives `mastermind solve` (the
// protocol) and the in-process evaluator.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/position.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/engine/inconsistent_answers.hpp"

namespace mastermind {

struct Move {
    bool challenge = false;
    std::vector<PackedCode> strings;  // the test, or the one challenged string
};

class Strategy {
  public:
    virtual ~Strategy() = default;
    // Must give the same move for the same history, whatever was asked before (implementations
    // may cache, but not change their answer). The consistent secrets come from the position only
    // (`visit_consistent()` at either index width, `consistent()` where 32 bits are certain).
    virtual Move next(const Position& position) = 0;
};

struct StrategyInfo {
    std::string_view name;
    std::string_view summary;
    std::function<std::unique_ptr<Strategy>(const BatchParams&, std::uint64_t seed)> make;
    bool adjacent_rules = false;  // plays the batch game under adjacent rules too
};

// Empty if `info` plays games like `params`, else why not: the game's own validity, the rules,
// then what the factory refuses (it throws std::invalid_argument before any work).
std::string strategy_refuses(const StrategyInfo& info, const BatchParams& params);

// Every strategy the project has, by name.
std::span<const StrategyInfo> all_strategies();
const StrategyInfo* find_strategy(std::string_view name);
// "counts-then-locate, ...": every strategy's name, for messages.
std::string strategy_names();
// The strategy `name` ("auto" or empty: the best for the game) that gives a person hints (play,
// serve), or nullptr and why not (no such strategy, or it does not play this game).
const StrategyInfo* hint_strategy(std::string_view name, const BatchParams& params,
                                  std::string& why);
// What `mastermind solve --strategy auto` plays: adaptive-split on the 9/10/9 game, consistent on
// games small enough for it, counts-then-locate on other games with B = P and K = P + 1,
// adaptive-split on the other large ones (10/10/10...) with B <= 15.
const StrategyInfo* best_strategy_for(const BatchParams& params);

// B distinct strings drawn uniformly by `rng` (rejecting repeats), for seeded tests.
std::vector<PackedCode> random_distinct_strings(Rng& rng, const BatchParams& params);

}  // namespace mastermind
