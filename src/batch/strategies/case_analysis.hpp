#pragma once
#include <memory>
#include "mastermind/batch/strategy.hpp"
namespace mastermind::strategies {
std::unique_ptr<Strategy> make_case_analysis(const BatchParams& params, std::uint64_t seed);
}
