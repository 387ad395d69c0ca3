// Generated input for `mastermind score`: the benchmark file and the bulk differential tests.
#pragma once

#include <cstdint>
#include <string>

#include "mastermind/core/random.hpp"

namespace mastermind {

// Appends one line "TARGET GUESS\n": length 2..50, an alphabet of 2..26 letters, and either a
// random pair or a near-copy (neighbours swapped, a few pegs changed) so that grey is common.
void append_score_line(Rng& rng, std::string& out);

}  // namespace mastermind
