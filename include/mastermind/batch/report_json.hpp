// The batch game's evaluation report as JSON (`mastermind evaluate --json`), and the partial
// report of one shard of an exhaustive run (`evaluate --all --shard I/N`), written by evaluate,
// second-tests and the MPI front end and read back, strictly, by merge.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/params.hpp"

namespace mastermind {

// A batch run: what was evaluated, over what.
struct BatchRunHeader {
    std::string strategy;
    std::uint64_t seed;
    BatchParams params;
    std::string scope;  // "all 1,000 secrets", "a sample of ..."
};

nlohmann::json batch_report_json(const BatchRunHeader& header, const EvaluationResult& result);

// Shard I of N of an exhaustive run.
struct ShardChoice {
    int index = 0, count = 1;
};

// The partial report of one shard: the report's fields for its secrets, and what a merge needs
// besides (the examples as secret indices).
nlohmann::json shard_report_json(const BatchRunHeader& header, const EvaluationResult& result,
                                 ShardChoice shard);

// One shard's report read back.
struct ShardReport {
    BatchRunHeader header;
    ShardChoice shard;
    EvaluationResult result;
};

// Throws std::runtime_error naming the field and what is wrong with it: every count in range,
// the histogram agreeing with games, failures, worst and mean, the examples secrets of the game.
ShardReport parse_shard_report(const nlohmann::json& j);

}  // namespace mastermind
