// One guess scored against a set of at most 16 secrets in a few vector instructions, for the exact
// search's scan of small sets (optimal_search.cpp), where most of its guesses are scored (4x6: 92%
// of them against sets of at most 16). Classic rules: the answer is black * pegs + (black +
// white), from two popcounts of the codes' masks (CodeSpace::classic_feedback).
//
// What it computes is what the scan's member loop computes: with the members' answers in order,
// `before` of a member is the number of earlier members with its answer (its part's size so far),
// and the result is the sum of step[before] over the members, the number of distinct answers and
// the largest part. One conflict-detection instruction (VPCONFLICTD) gives every member's earlier
// equals at once, so no table of counts is written and read back member by member.
//
// The kernel is compiled for AVX-512 (F, CD, VL, DQ, VPOPCNTDQ) in small_scan_avx512.cpp and used
// only when the processor has them (small_scan_supported()); elsewhere the scan keeps its loop.
#pragma once

#include <cstdint>

namespace mastermind::small_scan {

inline constexpr std::uint32_t kMaxMembers = 16;

// The members' masks, one array each, padded to kMaxMembers (the lanes past n are ignored).
struct Members {
    alignas(64) std::uint64_t positions[kMaxMembers];
    alignas(64) std::uint64_t counts[kMaxMembers];
};

struct Score {
    std::uint64_t sum;        // of step[before] over the members
    std::uint32_t parts;      // distinct answers
    std::uint32_t largest;    // members of the largest part
};

// Whether this processor runs score() (checked once).
bool supported();

// `n` members (1 to kMaxMembers) against the guess (its masks), `step` holding kMaxMembers values
// (step[m]: what one more member adds to a part of m). Call only when supported().
Score score(const Members& members, std::uint32_t n, std::uint64_t guess_positions,
            std::uint64_t guess_counts, std::uint32_t pegs, const std::uint64_t* step);

}  // namespace mastermind::small_scan
