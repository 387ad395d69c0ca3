// A codebreaker of the ordinary game (one guess a turn, a guess that scores all black wins): a
// deterministic function of the game, the guesses so far with their answers, and the codes
// consistent with them. The consistent codes reach it in one way only, a OrdinaryPosition, which
// real play (`mastermind solve`, `evaluate --sample`) and the exhaustive walk (`evaluate --all`)
// both build with split_by_feedback() (consistent_set.hpp): the two cannot disagree.
#pragma once

#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/engine/inconsistent_answers.hpp"

namespace mastermind {

struct Guess {
    std::uint32_t code = 0;
    std::uint32_t feedback = 0;  // CodeSpace feedback id
};

struct OrdinaryPosition {
    const CodeSpace& space;
    std::span<const Guess> history;
    std::span<const std::uint32_t> consistent;  // increasing code numbers
};

class Codebreaker {
  public:
    virtual ~Codebreaker() = default;
    virtual std::uint32_t next(const OrdinaryPosition& position) = 0;
};

struct DecisionTree;

struct CodebreakerOptions {
    std::optional<std::uint32_t> first;  // the first guess; default: the policy's own (see below)
    std::uint64_t seed = 1;              // for randomised codebreakers (none so far)
    int max_guesses = 10;                // the game's limit: `optimal` wins every game within it
    std::size_t exact_below =
        100;          // `entropy-optimal`: the set size from which it plays the exact optimum
    int threads = 1;  // `optimal`'s search: threads for a large set (0: every core)
    std::shared_ptr<const DecisionTree> tree;  // what `tree` replays (decision_tree.hpp)
    // How long a move may take (a person's hint, a page's request): the searches throw
    // BudgetExhausted past it. Default: unlimited.
    Budget budget;
    // Lines on how a long computation goes (`optimal`'s search); empty: quiet.
    std::function<void(const std::string&)> progress;
};

struct CodebreakerInfo {
    std::string_view name;
    std::string_view summary;
    std::function<std::unique_ptr<Codebreaker>(const CodeSpace&, const CodebreakerOptions&)> make;
    // The first guess the published figure used, on 4 pegs and 6 colours ("" = the rule's own).
    std::string_view published_first_4x6;
    // Why it cannot play a game of this many codes ("" if it can); none: it plays every game.
    std::string (*refuses)(std::uint64_t codes) = nullptr;
    // The largest game (in codes) whose first move it finds within a person's wait for a hint
    // (a few seconds here); larger games get no hints from it. Later moves are bounded by the
    // hint's budget.
    std::uint64_t hint_codes = std::numeric_limits<std::uint64_t>::max();
};

// Empty if `info` gives hints (one move, for a person who waits) in a game of `codes` codes.
std::string codebreaker_refuses_hints(const CodebreakerInfo& info, std::uint64_t codes);

// Empty unless `info` searches the whole game of `codes` codes before its first move for longer
// than a hint waits (past hint_codes), else one sentence that says so, for a front end to print
// before that silence: "optimal searches the whole game of 7776 codes before its first move: ...".
std::string codebreaker_searches_first(const CodebreakerInfo& info, std::uint64_t codes);

// Empty if `info` plays the game of codes of `shape`, else why not: checked before any work
// starts, the game's code space included (a refused game is not built).
std::string codebreaker_refuses(const CodebreakerInfo& info, const CodeShape& shape);

std::span<const CodebreakerInfo> all_codebreakers();
const CodebreakerInfo* find_codebreaker(std::string_view name);
// "knuth, irving, ...": every codebreaker's name, for messages.
std::string codebreaker_names();
// The codebreaker `name` ("auto": the best for the game) that gives a person hints
// (play, assist, serve), or nullptr and why it cannot here (no such codebreaker, it needs a
// file, or it is too slow for a game this large).
const CodebreakerInfo* hint_codebreaker(std::string_view name, const CodeSpace& space,
                                        std::string& why);
// What `solve --strategy auto` plays in the ordinary game of codes of `shape`.
const CodebreakerInfo* best_codebreaker_for(const CodeShape& shape);
// The first guess `info` plays in `space` unless the user gives one: the published one on 4x6
// and 5x8 with repeated colours, otherwise none (the rule chooses it like any other guess).
std::optional<std::uint32_t> default_first_guess(const CodebreakerInfo& info,
                                                 const CodeSpace& space);

}  // namespace mastermind
