// The inner loop of `mastermind score`: validates and scores "TARGET GUESS" lines of A-Z strings
// in place, straight from the input buffer, without building Code objects.
#pragma once

#include <cstddef>
#include <cstdint>

#include "mastermind/core/scoring.hpp"
#include "mastermind/filter/score_filter.hpp"

namespace mastermind::detail {

inline constexpr int kKernelMaxPegs = 63;

// Scores `guess` against `target`, both `n` letters long (1 <= n <= kKernelMaxPegs). Returns false,
// leaving `out` unspecified, if a byte of either string is not an upper-case letter.
// Reads target[-1] .. target[64] and guess[-1] .. guess[64]: the caller keeps those bytes
// readable (the filter pads its buffer); bytes outside the strings do not affect the result.
using LetterKernel = bool (*)(const char* target, const char* guess, int n, Rules rules,
                              Score& out);

bool score_letters_portable(const char* target, const char* guess, int n, Rules rules, Score& out);
bool score_letters_avx2(const char* target, const char* guess, int n, Rules rules, Score& out);
bool score_letters_avx512(const char* target, const char* guess, int n, Rules rules, Score& out);

// Scores consecutive lines of [begin, end) while each is a complete, valid "TARGET GUESS" line
// of 2..50 pegs ending in "\n" or "\r\n", appending the output lines at `out`. Stops before the
// first line it does not take (bad, "#", or without its line end) and when fewer than
// kBlockOutputReserve bytes remain before `out_end`. Reads up to 128 bytes past `end` and 64
// before `begin`.
struct BlockProgress {
    const char* next;     // first byte not consumed
    char* out;            // end of the output written
    std::uint64_t lines;  // lines scored
};
inline constexpr std::size_t kBlockOutputReserve = 192;
using BlockScorer = BlockProgress (*)(const char* begin, const char* end, char* out, char* out_end,
                                      Rules rules);

BlockProgress score_block_portable(const char* begin, const char* end, char* out, char* out_end,
                                   Rules rules);
BlockProgress score_block_avx2(const char* begin, const char* end, char* out, char* out_end,
                               Rules rules);
BlockProgress score_block_avx512(const char* begin, const char* end, char* out, char* out_end,
                                 Rules rules);

// The two entry points of one instruction set (ScoreKernel names it; score_filter.hpp).
struct KernelPair {
    LetterKernel letters;
    BlockScorer block;
};
// The kernels of `kernel` (ScoreKernel::best resolved first); the caller checked that the
// processor runs them (score_kernel_supported).
KernelPair kernel_pair(ScoreKernel kernel);

// Appends "GUESS: b black, g grey, w white\n" (or the classic form) at `out`; may write up to
// 64 bytes past the guess and 16 past the end of the line. Returns the new end.
char* format_score_line(char* out, const char* guess, int n, Rules rules, Score s);

}  // namespace mastermind::detail
