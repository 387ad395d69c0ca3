// Independent reference for the scorers: adjacent scoring by exact bipartite matching (Kuhn's
// augmenting paths), written straight from the definition, with nothing shared with src/.
#pragma once

#include <cstdint>
#include <vector>

namespace mastermind::testing {

struct BruteScore {
    int black = 0, grey = 0, white = 0;
};

BruteScore brute_force_adjacent(const std::vector<std::uint8_t>& target,
                                const std::vector<std::uint8_t>& guess);
BruteScore brute_force_classic(const std::vector<std::uint8_t>& target,
                               const std::vector<std::uint8_t>& guess);

}  // namespace mastermind::testing
