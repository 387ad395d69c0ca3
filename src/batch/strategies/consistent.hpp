// The reference solver for small games: keep every secret consistent with the answers so far and
// test B of them (chosen by the seed) until one is left. Practical while K^P is small.
#pragma once

#include <memory>

#include "mastermind/batch/strategy.hpp"

namespace mastermind::strategies {

inline constexpr std::uint64_t kConsistentMaxSecrets = std::uint64_t{1} << 22;

std::unique_ptr<Strategy> make_consistent(const BatchParams& params, std::uint64_t seed);

}  // namespace mastermind::strategies
