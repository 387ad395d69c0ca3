// Sets of secrets for the tests of the second-test searches (SplitSearch, StringRepair): a random
// set, and its secrets not alone under a test counted by hand.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "mastermind/batch/params.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind::batch_sets {

// `size` distinct secret indices of the game.
inline std::vector<std::uint32_t> random_secret_set(Rng& rng, const BatchParams& params,
                                                    std::size_t size) {
    std::vector<std::uint32_t> set;
    while (set.size() < size) {
        const auto i = static_cast<std::uint32_t>(rng.below(params.secret_count()));
        if (std::find(set.begin(), set.end(), i) == set.end()) set.push_back(i);
    }
    return set;
}

// Each secret's sorted answers, and the secrets whose answers another one shares.
inline std::size_t not_alone_by_hand(const std::vector<std::uint32_t>& set,
                                     const std::vector<PackedCode>& test,
                                     const BatchParams& params) {
    std::map<std::vector<HitBlow>, int> classes;
    for (auto i : set)
        ++classes[answered_record(test, PackedCode::from_index(i, params), params.pegs).answers];
    std::size_t n = 0;
    for (const auto& [answers, count] : classes)
        n += count > 1 ? static_cast<std::size_t>(count) : 0;
    return n;
}

}  // namespace mastermind::batch_sets
