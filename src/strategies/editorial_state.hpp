// The state every editorial strategy keeps: what it knows, and the strings it has sent.
#pragma once

#include "knowledge.hpp"

namespace mastermind::strategies {

struct EditorialState {
    Knowledge k;
    UsedStrings used;
};

// Part 1 of the easy strategies is over once every digit below P has a count.
inline int counted_digits(const Knowledge& k) {
    int d = 0;
    while (d < k.pegs && k.count[static_cast<std::size_t>(d)] >= 0) ++d;
    return d;
}

}  // namespace mastermind::strategies
