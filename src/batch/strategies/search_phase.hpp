// The search half of the editorial's search strategies: once every count is known, send random
// unused strings until one consistent secret (one arrangement of the counted digits) is left.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "knowledge.hpp"

namespace mastermind::strategies {

// Challenge the secret if one consistent secret is left (or the first when no test is left);
// otherwise B random unused strings, drawn from a generator seeded by `seed` and the history, so
// that the move is a function of the history.
Move search_move(const Position& position, const UsedStrings& used, std::uint64_t seed);

}  // namespace mastermind::strategies
