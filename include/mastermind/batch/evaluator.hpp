// Plays a strategy in process against a set of secrets, or all K^P of them, and reports the
// exact worst case, mean and histogram of tests used, checking every challenge.
//
// It walks the strategy's decision tree: every secret that got the same answers so far gets the
// same next move, so each group of such secrets is split by its answers to that move, and the
// strategy is asked once per group, not once per secret (as perft counts a chess tree).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/strategy.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/engine/tally.hpp"

namespace mastermind {

struct EvaluationOptions {
    BatchParams params;
    const StrategyInfo* strategy = nullptr;
    std::uint64_t seed = 1;
    int threads = 0;  // 0: all cores
    std::size_t examples = 5;
    // Groups of at least this many secrets are split by buckets of compact keys (when the
    // answers fit a word); smaller ones with a plain sort, and large ones whose answers do not
    // fit a word with a counting sort per chunk. Tests lower it to check that every split gives
    // the same tree.
    std::size_t bucketed_split_from = std::size_t{1} << 16;
    // Called now and then from the worker threads with (games finished, games in all).
    std::function<void(std::uint64_t, std::uint64_t)> progress;
    // A shard's pass over every secret (finding its own): called with (secrets scanned, all of
    // them) about every 1% (minutes on 10^10 secrets, before any game is played).
    std::function<void(std::uint64_t, std::uint64_t)> pass_progress;
    // evaluate_all: shard `shard` of `shards` (docs/performance.md, "Shards"). The secrets are
    // divided by a hash of their answers to the first test, so that every answer class, and with
    // it the whole subtree below, falls in one shard; a shard holds only its own secrets.
    // merge_evaluations of every shard's result is the report of the whole run.
    int shard = 0, shards = 1;
    // Walk with 64-bit secret indices even when the game's fit 32 bits (position.hpp): tests use
    // it to check that both widths give the same report.
    bool wide_indices = false;
    // How long the whole run may take, or a flag that stops it (a Python caller's Ctrl-C): the
    // walk checks it at every node and throws BudgetExhausted once it is spent. Default:
    // unlimited.
    Budget budget;
};

// The report of a run (engine/tally.hpp): games, failures, the histogram of tests, examples.
using EvaluationResult = Report;

// Every secret of the game (or of one shard); the strategy also gets each group as its
// consistent set. Memory: 8 bytes a secret (16 when the game needs 64-bit indices), the caller's
// to check (shards_for_memory).
EvaluationResult evaluate_all(const EvaluationOptions& options);
// The fewest shards whose walk fits in `limit_bytes` of memory for a game of `secrets` secrets
// (each shard holds its secrets' indices, of `index_bytes` each, twice, the group and its scratch,
// plus the walk's temporaries and the process itself: kShardOverheadBytes); 0 if no number of
// shards fits.
inline constexpr std::uint64_t kShardOverheadBytes = std::uint64_t{64} << 20;
std::uint64_t shards_for_memory(std::uint64_t secrets, std::uint64_t limit_bytes,
                                std::uint64_t index_bytes = 4);
// What the walk of `secrets` secrets holds besides the process: two indices of `index_bytes`
// each (the group and its scratch) and an eighth more for the parts' temporaries.
inline std::uint64_t walk_bytes(std::uint64_t secrets, std::uint64_t index_bytes) {
    return secrets * index_bytes * 9 / 4;
}
// What one process holds to walk its shard of `shards` (evaluate_all): its secrets' walk and the
// process itself.
std::uint64_t evaluate_all_bytes(const BatchParams& params, std::uint64_t shards);
// Shards 0 .. shards - 1 of `options` one after another, merged: the whole run's report with the
// memory of one shard at a time.
EvaluationResult evaluate_all_in_shards(const EvaluationOptions& options, int shards);
// The report of a run from the results of its shards (every shard once, in any order): exactly
// what one evaluate_all gives, but for `seconds`, which is the longest shard's.
EvaluationResult merge_evaluations(std::span<const EvaluationResult> shards,
                                   const BatchParams& params, std::size_t examples);
// The given secrets (indices 0 .. K^P-1, repeats allowed); the strategy computes its own
// candidates, as in a real game.
EvaluationResult evaluate_secrets(const EvaluationOptions& options,
                                  std::vector<std::uint64_t> secrets);

}  // namespace mastermind
