#pragma once
#include <memory>
#include "mastermind/batch/strategy.hpp"
namespace mastermind::strategies {
std::unique_ptr<Strategy> make_counts_then_locate(const BatchParams& params, std::uint64_t seed);
}
