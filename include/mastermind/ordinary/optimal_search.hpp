// The exact search for an optimal strategy of the ordinary game: the one with the fewest guesses
// in total over the secrets still possible (each secret equally likely, a winning guess counts),
// optionally with every game won within a given number of guesses. Branch and bound over every
// guess (not only the consistent ones), with
//   - an admissible lower bound: one guess can tell apart at most B + 1 parts (B answers other
//     than all black), so n secrets need at least the total of a complete (B)-ary fill;
//   - symmetry: colours no guess used are interchangeable, colours no secret holds score nothing,
//     and (classic rules) position permutations that, with a colour permutation, fix every guess
//     so far map the position to itself: one guess of each class is searched;
//   - ties on the total broken by the least sum of squared game lengths, exactly (the search
//     minimises the pair), so that the strategy is defined by the game and not by search order;
//   - a transposition table on the set of secrets (a 127-bit hash of its members and the guesses
//     left), holding exact values with their best guess, and proven lower bounds.
// The value it reports is proven optimal by the search, not the best found within a budget.
// docs/optimal.md describes the search and its measurements.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/codebreaker.hpp"
#include "mastermind/ordinary/decision_tree.hpp"

namespace mastermind {

struct OptimalSearchOptions {
    // Threads for a large set (solve()), sharing one table: the first guess's parts are handed
    // out to them (a large part searched the same way by all of them), the other guesses one per
    // thread. 1: all in the caller's thread.
    int threads = 1;
    // The least set searched that way: a smaller search is over before the hand-offs between
    // threads pay for themselves (docs/performance.md, "The exact optimum").
    std::size_t parallel_from = 2000;
    // The least part searched by all threads together, one level down, rather than by one of
    // them (a dominant part would leave the others idle).
    std::size_t parallel_part = 1000;
    // The levels of guesses whose bound orders the first guesses of a search on several threads
    // (1: the guess's own bound, by which every other set's guesses are ordered; 2: each of its
    // parts bounded by one more guess, which on 5x6 puts the optimal first guess first, with the
    // guesses that leave a large part searched by their parts and every part counted at its
    // one-level bound: docs/optimal.md, "Threads"). 0: by the game, 2 under classic rules and
    // under adjacent rules with more colours than pegs, else 1 (adjacent games with few colours
    // leave almost no colour free after the first guess, so the second guesses are many even
    // under symmetry and the order costs more than the search it saves).
    int order_levels = 0;
    // The least set whose bound counts the parts its guesses can make, from its colour counts,
    // before it is searched (below it, counting costs more than it saves; the children of a
    // larger set get the count the set's own guesses reached, whatever this is).
    std::size_t answer_bound_from = 16;
    // Whether a guess is scored against a set of at most 16 secrets by the vector kernel (on a
    // processor with AVX-512: src/ordinary/small_scan.hpp) rather than member by member; off only
    // to check that it changes nothing.
    bool vector_scan = true;
    // Whether guesses equivalent under a permutation of the positions (classic rules) are
    // searched once; off only to check that the reduction changes nothing.
    bool position_symmetry = true;
    // What is minimised. Off: the total number of guesses, then the sum of their squares. On: the
    // number of games that take every guess left, then the total (the squares are not kept), so
    // that with the least worst case as the limit the search finds the strategy with the fewest
    // games at the worst case (optimal-worst-fewest). Without a limit no game is "at the limit"
    // and the search minimises the total alone.
    bool fewest_at_limit = false;
    // Called now and then with one line on how a long search goes (the guesses of the top level
    // done, the best total so far); empty: quiet.
    std::function<void(const std::string&)> progress;
    // With progress, the whole game's search first tells a lower bound from two levels of
    // guesses, or from one when two take longer than this (it is only told, not used).
    double prelude_seconds = 1.0;
};

struct OptimalSearchStats {
    std::uint64_t nodes = 0;           // sets searched (table hits and shortcuts not counted)
    std::uint64_t guesses_scored = 0;  // guesses whose partition was counted
    std::uint64_t table_hits = 0;
    std::uint64_t table_entries = 0;
};

class OptimalSearch {
  public:
    static constexpr int kUnbounded = 255;

    // Games of at most this many codes (the value packs the total in 24 bits above the squares).
    static constexpr std::uint32_t kMaxCodes = std::uint32_t{1} << 20;
    // Empty if the search holds a game of `codes` codes, else why not (asked before a code space
    // of that size is built: the refusal comes first).
    static std::string check(std::uint64_t codes);

    // Throws std::invalid_argument with check()'s message.
    OptimalSearch(const CodeSpace& space, OptimalSearchOptions options = {});
    ~OptimalSearch();
    OptimalSearch(const OptimalSearch&) = delete;
    OptimalSearch& operator=(const OptimalSearch&) = delete;

    // The least total number of guesses over the secrets in `set` (increasing code numbers: the
    // codes consistent with `history`), each counted from the next guess to the one that wins,
    // when no game may take more than `guesses_left` more guesses (kUnbounded: no limit); nullopt
    // when some secret cannot be found in time. Among the strategies with that total, the one
    // found has the least sum of squared game lengths (the most even lengths): both are exact.
    // With options.fewest_at_limit, `at_limit` is the number of games that take every guess
    // left and comes first, and `squares` is 0 (not kept).
    struct Optimum {
        std::uint64_t total;
        std::uint64_t squares;
        std::uint64_t at_limit = 0;
        // The order the search minimises in: games at the limit (0 unless asked), total, squares.
        auto operator<=>(const Optimum& o) const {
            if (auto c = at_limit <=> o.at_limit; c != 0) return c;
            if (auto c = total <=> o.total; c != 0) return c;
            return squares <=> o.squares;
        }
        bool operator==(const Optimum&) const = default;
    };
    // Throws BudgetExhausted when `budget` runs out first (the search can be asked again).
    std::optional<Optimum> solve(std::span<const Guess> history, std::span<const std::uint32_t> set,
                                 int guesses_left, const Budget& budget = {});

    // The same search with a bar, for work handed out in pieces (optimal_jobs.hpp): the exact
    // optimum of `set` when it is below `beta`, else a proven lower bound (at least `beta`).
    // {kImpossible, 0} as the value: no strategy wins within `guesses_left`.
    struct Bounded {
        Optimum value;
        bool exact = false;
        int depth = 0;  // guesses of the longest game, when exact
    };
    static constexpr Optimum kImpossible{std::uint64_t{1} << 24, 0, 0};
    Bounded solve_below(std::span<const Guess> history, std::span<const std::uint32_t> set,
                        int guesses_left, Optimum beta, const Budget& budget = {});

    // The strategy a search proved for `set` (solve() or an exact solve_below()), as a decision
    // tree whose root is the guess it plays at `set`. Throws std::logic_error when no search here
    // has solved `set` with `guesses_left`.
    DecisionTree strategy(std::span<const std::uint32_t> set, int guesses_left) const;

    // The guesses the search tries at `set` after `history`, in its order (least bound first),
    // with the admissible lower bound of each (one of each symmetry class; guesses that learn
    // nothing left out). What OptimalJobs hands out parts of.
    struct RankedGuess {
        std::uint32_t guess;
        Optimum bound;
        bool consistent;  // a member of `set`
    };
    std::vector<RankedGuess> candidates(std::span<const Guess> history,
                                        std::span<const std::uint32_t> set, int guesses_left);

    // A proven lower bound on the optimum of `set` from `levels` levels of guesses (1 to
    // kMaxBoundLevels), nothing searched: at one level, the least admissible bound of a guess;
    // at more, every guess (best bound first, until its own bound reaches the least total so far)
    // with each of its parts bounded by one level fewer. With `first`, the guess at `set` is that
    // one (a level of the count). kImpossible: no strategy wins within `guesses_left`. Each level
    // costs far more than the last (docs/optimal.md, "Lower bounds"). Throws std::invalid_argument
    // for levels out of range or a first guess that is not a code, BudgetExhausted when `budget`
    // runs out.
    static constexpr int kMaxBoundLevels = 4;
    Optimum lower_bound(std::span<const Guess> history, std::span<const std::uint32_t> set,
                        int guesses_left, int levels,
                        std::optional<std::uint32_t> first = std::nullopt,
                        const Budget& budget = {});

    // The admissible lower bound of `n` secrets with `guesses_left` (kImpossible if they cannot
    // all be found within them).
    Optimum floor(std::uint32_t n, int guesses_left) const;

    // The guess an optimal strategy plays at `set` with `guesses_left`, and the most guesses any of
    // its games then takes; known for every set of the strategy solve() found (and its subsets
    // on that strategy), nullopt for others.
    struct Move {
        std::uint32_t guess;
        int depth;
    };
    std::optional<Move> move(std::span<const std::uint32_t> set, int guesses_left) const;

    const OptimalSearchStats& stats() const;
    // The levels of guesses whose bound orders the first guesses of a search on several threads
    // (options.order_levels with 0 resolved by the rules): the order OptimalJobs hands them out in.
    int order_levels() const;

    // The admissible lower bound the search starts from: the least total for n secrets when
    // every guess could split them into `branching` + 1 parts (a complete tree, filled level by
    // level), with the least sum of squared game lengths, the levels it takes and the secrets
    // found at the last of them.
    struct Fill {
        std::uint64_t total = 0, squares = 0;
        int levels = 0;
        std::uint64_t deepest = 0;
    };
    static Fill fill_bound(std::uint64_t n, std::uint64_t branching);

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
    std::vector<std::unique_ptr<Impl>> helpers_;  // one per extra thread (options.threads)
};

}  // namespace mastermind
