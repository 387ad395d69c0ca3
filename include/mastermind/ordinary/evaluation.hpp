// Plays a codebreaker of the ordinary game against every secret (walking its decision tree: each
// node is asked once, then its consistent set is split by the answers) or against given secrets
// one game at a time (real play), and reports the exact totals. A winning guess counts as a
// guess (Knuth's accounting: 5801 over the 1296 secrets of 4x6).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "mastermind/engine/tally.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/decision_tree.hpp"

namespace mastermind {

struct OrdinaryEvaluationOptions {
    const CodebreakerInfo* codebreaker = nullptr;
    CodebreakerOptions codebreaker_options;
    int max_guesses =
        10;  // a game not won within this many guesses is a failure (the codebreakers are told)
    int threads = 0;  // 0: all cores
    std::size_t examples = 5;
    bool record_tree = false;  // evaluate_ordinary_all: keep the decision tree it walked
    // Called now and then from the worker threads with (games finished, games in all).
    std::function<void(std::uint64_t, std::uint64_t)> progress;
    // How long the whole run may take, or a flag that stops it (a Python caller's Ctrl-C): the
    // walk checks it at every node and throws BudgetExhausted once it is spent. The codebreaker
    // searches within it too, unless codebreaker_options has a budget of its own. Default:
    // unlimited.
    Budget budget;
};

// The report of a run (engine/tally.hpp), and what only the ordinary game's has.
struct OrdinaryEvaluation : Report {
    std::string first_guess;  // the move at the root (every game's first guess; "varies" if not)
    std::shared_ptr<DecisionTree> tree;  // with record_tree
};

// Every secret of `space`, by the decision tree.
OrdinaryEvaluation evaluate_ordinary_all(const CodeSpace& space,
                                         const OrdinaryEvaluationOptions& options);
// The given secrets, each in its own game played as `mastermind solve` plays it.
OrdinaryEvaluation evaluate_ordinary_games(const CodeSpace& space,
                                           const OrdinaryEvaluationOptions& options,
                                           const std::vector<std::uint32_t>& secrets);

// One game as real play runs it: the guesses made, the last one the secret if it was won.
struct PlayedGame {
    std::vector<Guess> guesses;
    bool won = false;
    std::string error;  // the codebreaker threw
};
PlayedGame play_ordinary_game(const CodeSpace& space, Codebreaker& breaker, std::uint32_t secret,
                              int max_guesses);

}  // namespace mastermind
