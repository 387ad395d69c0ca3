// The state every editorial strategy keeps: what it knows, and the strings it has sent.
#pragma once

#include "knowledge.hpp"

namespace mastermind::strategies {

struct EditorialState {
    Knowledge k;
    UsedStrings used;
};

// The state before any test, for EditorialState and the states that extend it.
template <class State>
State fresh_state(const BatchParams& params) {
    State s;
    s.k = Knowledge::start(params);
    return s;
}

// Part 1 of the easy strategies is over once every digit below P has a count.
inline int counted_digits(const Knowledge& k) {
    int d = 0;
    while (d < k.pegs && k.count[static_cast<std::size_t>(d)] >= 0) ++d;
    return d;
}

}  // namespace mastermind::strategies
