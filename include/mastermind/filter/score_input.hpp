// Generated input for `mastermind score`: the benchmark file and the bulk differential tests.
#pragma once

#include <cstdint>
#include <string>

#include "mastermind/core/random.hpp"

namespace mastermind {

// The lines' length and alphabet: each line draws its own from these ranges.
struct ScoreLineShape {
    int min_pegs = 2, max_pegs = 50;        // within 2..50
    int min_colours = 2, max_colours = 26;  // within 1..26
};

// Appends one line "TARGET GUESS\n" of the shape (by default lengths 2..50 and alphabets of 2..26
// letters), either a random pair or a near-copy (neighbours swapped, a few pegs changed) so that
// grey is common.
void append_score_line(Rng& rng, std::string& out, const ScoreLineShape& shape = {});

}  // namespace mastermind
