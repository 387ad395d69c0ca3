#pragma once
#include <memory>
#include "mastermind/batch/strategy.hpp"
namespace mastermind::strategies {
std::unique_ptr<Strategy> make_search_after_counts(const BatchParams& params, std::uint64_t seed);
std::unique_ptr<Strategy> make_search_after_fast_counts(const BatchParams& params,
                                                        std::uint64_t seed);
}  // namespace mastermind::strategies
