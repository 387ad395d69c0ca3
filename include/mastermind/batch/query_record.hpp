// One test of the batch game as a solver remembers it: the strings sent and their answers as a
// multiset (sorted: the order the judge shuffled them into carries nothing).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/batch/packed_code.hpp"

namespace mastermind {

struct QueryRecord {
    std::vector<PackedCode> strings;
    std::vector<HitBlow> answers;  // sorted
};

// Whether `code` gives exactly the answers of `record` (as a multiset), and of every record,
// under `rules` (classic when not given).
bool consistent_with(const PackedCode& code, const QueryRecord& record, int pegs,
                     Rules rules = Rules::classic);
bool consistent_with_all(const PackedCode& code, std::span<const QueryRecord> history, int pegs,
                         Rules rules = Rules::classic);

// The record `secret` gives to `strings`: their answers, sorted.
QueryRecord answered_record(std::vector<PackedCode> strings, const PackedCode& secret, int pegs,
                            Rules rules = Rules::classic);

// A hash of the tests and answers so far: strategies that draw random strings seed their
// generator with it (and the user's seed), so that a move is a function of the history.
std::uint64_t history_fingerprint(std::span<const QueryRecord> history);

}  // namespace mastermind
