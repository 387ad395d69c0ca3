// A strategy for Batch Style Mastermind: a deterministic function of the game parameters, the
// history (tests sent and their answers, as multisets) and a seed, returning the next test or the
// challenge. The same object drives `mastermind solve` (the protocol) and the in-process evaluator.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/batch_params.hpp"
#include "mastermind/packed_code.hpp"
#include "mastermind/random.hpp"

namespace mastermind {

struct TestRecord {
    std::vector<PackedCode> strings;
    std::vector<HitBlow> answers;  // sorted: the order the judge sent them in carries nothing
};

struct Move {
    bool challenge = false;
    std::vector<PackedCode> strings;  // the test, or the one challenged string
};

// Thrown when the answers so far fit no secret: the judge lied or the strategy has a bug.
class InconsistentAnswers : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class Strategy {
public:
    virtual ~Strategy() = default;
    // Must give the same move for the same history, whatever was asked before (implementations
    // may cache, but not change their answer).
    virtual Move next(std::span<const TestRecord> history) = 0;

    // The same move, for a caller that already holds every secret consistent with `history` (as
    // indices 0 .. K^P-1): the exhaustive evaluator, whose groups are exactly those sets. Search
    // strategies use them instead of enumerating candidates; the move must not change.
    virtual Move next(std::span<const TestRecord> history,
                      std::span<const std::uint32_t> consistent) {
        (void)consistent;
        return next(history);
    }
};

struct StrategyInfo {
    std::string_view name;
    std::string_view summary;
    std::function<std::unique_ptr<Strategy>(const BatchParams&, std::uint64_t seed)> make;
};

// Every strategy the project has, by name.
std::span<const StrategyInfo> all_strategies();
const StrategyInfo* find_strategy(std::string_view name);
// What `mastermind solve --strategy auto` plays: adaptive-split on the 9/10/9 game, consistent on
// games small enough for it, counts-then-locate on other games with B = P and K = P + 1.
const StrategyInfo* best_strategy_for(const BatchParams& params);

// Whether `code` gives exactly the answers of `record` (as a multiset), and of every record.
bool consistent_with(const PackedCode& code, const TestRecord& record, int pegs);
bool consistent_with_all(const PackedCode& code, std::span<const TestRecord> history, int pegs);

// The record `secret` gives to `strings`: their answers, sorted.
TestRecord answered_record(std::vector<PackedCode> strings, const PackedCode& secret, int pegs);
// B distinct strings drawn uniformly by `rng` (rejecting repeats), for seeded tests.
std::vector<PackedCode> random_distinct_strings(Rng& rng, const BatchParams& params);

// A hash of the tests and answers so far: strategies that draw random strings seed their
// generator with it (and the user's seed), so that a move is a function of the history.
std::uint64_t history_fingerprint(std::span<const TestRecord> history);

}  // namespace mastermind
