// Where the shards of `evaluate --all --shards N` run: one after another in this process (the
// default: the memory of one shard at a time), or over the ranks of an MPI job (the MPI front end,
// mpi_main.cpp, installs its runner before parsing the command line).
#pragma once

#include <functional>
#include <optional>

#include "mastermind/batch/evaluator.hpp"

namespace mastermind::app {

// Runs shards 0 .. shards - 1 of `options` and returns their merge (merge_evaluations) on the
// process that reports; nullopt on the others (MPI ranks other than 0), which print nothing.
using ShardRunner =
    std::function<std::optional<EvaluationResult>(const EvaluationOptions& options, int shards)>;

// The runner in use; empty: the shards run here, one after another.
inline ShardRunner& shard_runner() {
    static ShardRunner runner;
    return runner;
}

}  // namespace mastermind::app
