// One guess scored against a set of at most 16 secrets in a few vector instructions, for the exact
// search's scan of small sets (optimal_search.cpp), where most of its guesses are scored (4x6: 92%
// of them against sets of at most 16); and the answers of larger sets, which the scan then counts.
// The answers are CodeSpace's feedback ids, computed from the codes' masks as classic_feedback()
// and adjacent_feedback() compute them, eight members a register (adjacent's take three times the
// operations of classic's, so larger sets gain most there).
//
// What it computes is what the scan's member loop computes: with the members' answers in order,
// `before` of a member is the number of earlier members with its answer (its part's size so far),
// and the result is the sum of step[before] over the members, the number of distinct answers and
// the largest part. One conflict-detection instruction (VPCONFLICTD) gives every member's earlier
// equals at once, so no table of counts is written and read back member by member.
//
// The kernel is compiled for AVX-512 (F, CD, VL, DQ, VPOPCNTDQ) in small_scan_avx512.cpp and used
// only when the processor has them (supported()); elsewhere the scan keeps its loop.
#pragma once

#include <cstdint>

namespace mastermind::small_scan {

inline constexpr std::uint32_t kMaxMembers = 16;

// The members' masks, one array each, padded to kMaxMembers (the lanes past n are ignored).
struct Members {
    alignas(64) std::uint64_t positions[kMaxMembers];
    alignas(64) std::uint64_t counts[kMaxMembers];
};

// What the answers need of the game: its rules and the layout of a code's position mask (one field
// of `colours` bits per peg, as CodeSpace lays it out).
struct Game {
    bool adjacent = false;
    std::uint32_t pegs = 0, colours = 0;
    std::uint64_t field_high = 0;  // the top bit of each field
    std::uint64_t field_low = 0;   // the other bits of each field
    // The masks fit 32 bits (pegs * colours <= 32: 4x8, 5x6, 6x5): sixteen members a register.
    bool narrow = false;
};
inline Game game_of(bool adjacent, int pegs, int colours) {
    Game g{adjacent, static_cast<std::uint32_t>(pegs), static_cast<std::uint32_t>(colours), 0, 0,
           pegs * colours <= 32};
    for (int i = 0; i < pegs; ++i) {
        const int base = i * colours;
        g.field_high |= std::uint64_t{1} << (base + colours - 1);
        g.field_low |= ((std::uint64_t{1} << (colours - 1)) - 1) << base;
    }
    return g;
}

struct Score {
    std::uint64_t sum;        // of step[before] over the members
    std::uint32_t parts;      // distinct answers
    std::uint32_t largest;    // members of the largest part
};

// Whether this processor runs score() (checked once).
bool supported();

// `n` members (1 to kMaxMembers) against the guess (its masks), `step` holding kMaxMembers values
// (step[m]: what one more member adds to a part of m). Call only when supported().
Score score(const Game& game, const Members& members, std::uint32_t n,
            std::uint64_t guess_positions, std::uint64_t guess_counts, const std::uint64_t* step);

// The answers of `n` members (any number) to the guess, into out[0 .. n), eight members a
// register (sixteen in a narrow game): for sets too large for score(), whose scan then counts the
// parts from the answers. `positions` and `counts` hold the members' masks, each padded with codes
// of any value to a multiple of kAnswersBlock; `out` has room for n rounded up to a multiple of
// kAnswersBlock. Call only when supported().
inline constexpr std::uint32_t kAnswersBlock = 16;
void answers(const Game& game, const std::uint64_t* positions, const std::uint64_t* counts,
             std::uint32_t n, std::uint64_t guess_positions, std::uint64_t guess_counts,
             std::uint32_t* out);

}  // namespace mastermind::small_scan
