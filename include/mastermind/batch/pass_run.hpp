// The offline pass as a run that survives a stop (`mastermind second-tests` drives it;
// offline_pass.hpp has the pieces): the game's shards played one after another, each finished
// shard appended to the checkpoint (its entries, then its report), a resumed run taking the
// shards finished and going on with the rest; at the end the table's entries and the report of
// the games the strategy plays with them.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/offline_pass.hpp"
#include "mastermind/batch/second_tests.hpp"

namespace mastermind {

// The most shards a game is cut into: a shard costs a pass over the game's answer classes
// whatever it holds, so one of fewer than 1,000 secrets multiplies the time for nothing.
constexpr std::uint64_t kPassShardSecrets = 1000;
int most_pass_shards(const BatchParams& params);

class PassRun {
  public:
    PassRun(PassSettings settings, std::string checkpoint);

    // Takes the checkpoint's finished shards, each entry checked against the first test as
    // --deepen checks its input, and cuts off what a stopped run left of a shard not finished.
    // Throws OfflineFileError, its what() beginning with the checkpoint's path in quotes, when the
    // file is not this run's or an entry is not true; the file is then left as it was. Returns the
    // bytes cut off.
    std::uint64_t resume(int threads);
    // Starts a new checkpoint (its header); false if it cannot be written.
    bool start();

    const PassCheckpoint& done() const { return state_; }
    std::vector<int> shards_left() const;

    // Plays shard `shard` (run_pass_shard) and appends it to the checkpoint. False when the
    // checkpoint cannot be written: the shard is lost, those before are kept. Throws what
    // run_pass_shard throws.
    using Progress = std::function<void(std::uint64_t, std::uint64_t, std::size_t)>;
    bool run(int shard, int threads, const Progress& progress, PassShard& result);

    // The table's entries (by class key) and the report of the games, over the shards done.
    std::vector<SecondTestEntry> table() const;
    EvaluationResult report() const;

  private:
    PassSettings settings_;
    std::string checkpoint_;
    PassCheckpoint state_;
};

}  // namespace mastermind
