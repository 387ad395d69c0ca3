// The counting tests of the editorial, shared by its strategies.
#pragma once

#include <string_view>

#include "knowledge.hpp"

namespace mastermind::strategies {

// Throws std::invalid_argument unless the game is one the strategy handles.
void require_digit_game(const BatchParams& params, std::string_view strategy);  // B = P, K = P + 1
void require_default_game(const BatchParams& params, std::string_view strategy);  // 9 10 9 *

// Part 1 of the easy strategies for digit d: d^P and P-1 rotations of the string of the other
// digits (the editorial's 123456789 with 0 and d swapped).
Move rotation_test(int digit, int pegs);
// c[d] from its answers: the hit+blow value that differs from the P-1 equal ones, or the common
// one.
int count_from_rotation_test(const QueryRecord& record);

// The fast counting test of "search, hard" for digits (x, x+1, x+2): x^9, three strings
// (x+1)^8 0 and five strings (x+2)^8 0 with the 0 moving; hit+blow gives c[x] once, c[x+1]+1
// three times and c[x+2]+1 five times (needs c[0] > 0).
Move triple_count_test(int first_digit);
// Sets the three counts from its answers; false if the answers fit no counts.
bool absorb_triple_count(const QueryRecord& record, int first_digit, Knowledge& k);

}  // namespace mastermind::strategies
