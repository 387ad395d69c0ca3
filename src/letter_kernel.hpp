// The inner loop of `mastermind score`: validates and scores one pair of A-Z strings in place,
// straight from the input buffer, without building Code objects.
#pragma once

#include "mastermind/scoring.hpp"

namespace mastermind::detail {

inline constexpr int kKernelMaxPegs = 63;

// Scores `guess` against `target`, both `n` letters long (1 <= n <= kKernelMaxPegs). Returns false,
// leaving `out` unspecified, if a byte of either string is not an upper-case letter.
// Reads target[-1] .. target[64] and guess[0] .. guess[63]: the caller keeps those bytes readable
// (the filter pads its buffer); bytes past n do not affect the result.
using LetterKernel = bool (*)(const char* target, const char* guess, int n, Rules rules,
                              Score& out);

bool score_letters_portable(const char* target, const char* guess, int n, Rules rules, Score& out);
bool score_letters_avx2(const char* target, const char* guess, int n, Rules rules, Score& out);

// The fastest kernel this processor runs (AVX2 where present), chosen once.
LetterKernel best_letter_kernel();

}  // namespace mastermind::detail
