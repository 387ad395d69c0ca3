// The search half of the editorial's search strategies: once every count is known, keep the
// arrangements of those digits that fit every answer, and send random unused strings until one
// arrangement is left.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "knowledge.hpp"

namespace mastermind::strategies {

// The secrets with the counts of `k` that fit `history`, in increasing order. When `consistent`
// is not empty it is taken as that set (the evaluator's group) instead of enumerating.
std::vector<PackedCode> search_candidates(const Knowledge& k, std::span<const TestRecord> history,
                                          std::span<const std::uint32_t> consistent,
                                          const BatchParams& params);

// Challenge the candidate if one is left (or the first when no test is left); otherwise B random
// unused strings, drawn from a generator seeded by `seed` and the history, so that the move is a
// function of the history.
Move search_move(const std::vector<PackedCode>& candidates, std::span<const TestRecord> history,
                 const UsedStrings& used, std::uint64_t seed, const BatchParams& params);

}  // namespace mastermind::strategies
