// A shard's result as the text that travels between MPI ranks: the partial report of
// `evaluate --all --shard I/N` (evaluation_report.hpp), written and read in merge_command.cpp so
// that the MPI front end does not compile the JSON library itself.
#pragma once

#include <string>
#include <string_view>
#include <utility>

#include "mastermind/batch/evaluator.hpp"

namespace mastermind::app {

// Shard `shard` of `shards` of a run of `options`.
std::string shard_message(const EvaluationOptions& options, const EvaluationResult& result,
                          int shard, int shards);
// {shard, result} from a shard_message; throws std::runtime_error when it is not one.
std::pair<int, EvaluationResult> read_shard_message(std::string_view text);

}  // namespace mastermind::app
