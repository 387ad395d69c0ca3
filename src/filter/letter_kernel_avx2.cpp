// The AVX2 kernels of `mastermind score`. This file alone is compiled for AVX2, BMI2 and POPCNT
// (by the pragma below, after every library header; clang's equivalent is an attribute push);
// letter_kernel.cpp calls into it only when the processor has them.
#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "letter_kernel.hpp"
#include "mastermind/core/scoring.hpp"

#if defined(__clang__)
#pragma clang attribute push(__attribute__((target("avx2,bmi,bmi2,popcnt"))), apply_to = function)
#else
#pragma GCC target("avx2,bmi,bmi2,popcnt")
#endif

#include "score_block_loop.hpp"

namespace mastermind::detail {

namespace {

std::uint64_t low_bits(int n) {
    return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
}

// ---- AVX2 kernel.
//
// Colour counts: common = sum_c min(t_c, g_c) = n - sum_c |t_c - g_c| / 2, so one signed byte
// histogram D = counts(target) - counts(guess) is enough, and position i adds the single row
// kDifference[(t_i & 31) | (g_i & 31) << 5] = one_hot(t_i & 31) - one_hot(g_i & 31) to it
// (A..Z are 1..26). Row 0 and the rows of black pegs are zero, so positions past n are sent to
// row 0 and the loop needs no tail. The row offsets of all positions are computed with a few
// vector instructions first; the table is 32 KiB.
struct alignas(32) Lanes {
    std::int8_t bytes[32];
};
constexpr std::array<Lanes, 1024> make_difference_rows() {
    std::array<Lanes, 1024> table{};
    for (int t = 0; t < 32; ++t) {
        for (int g = 0; g < 32; ++g) {
            ++table[t | g << 5].bytes[t];
            --table[t | g << 5].bytes[g];
        }
    }
    return table;
}
constexpr std::array<Lanes, 1024> kDifference = make_difference_rows();

// 64 bytes of 0xFF then 64 of 0: a load at 64 - n keeps the first n lanes.
constexpr std::array<std::uint8_t, 128> make_prefix_masks() {
    std::array<std::uint8_t, 128> m{};
    for (int i = 0; i < 64; ++i) m[i] = 0xFF;
    return m;
}
alignas(64) constexpr std::array<std::uint8_t, 128> kPrefixMasks = make_prefix_masks();

inline std::uint64_t mask64(__m256i lo, __m256i hi) {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
           (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))} << 32);
}

inline __m256i load(const char* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

inline __m256i letter_lanes(__m256i v) {
    const __m256i offset = _mm256_sub_epi8(v, _mm256_set1_epi8('A'));
    return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8(25)), offset);
}

// Byte offsets into kDifference of 32 positions, in position order.
inline void difference_offsets(__m256i t, __m256i g, std::uint16_t* out) {
    const __m256i low5 = _mm256_set1_epi16(0x001F), high5 = _mm256_set1_epi16(0x03E0);
    // unpack works within 128-bit halves; quadwords 0,2,1,3 make it yield positions 0..15, 16..31.
    t = _mm256_permute4x64_epi64(t, 0xD8);
    g = _mm256_permute4x64_epi64(g, 0xD8);
    for (__m256i pair : {_mm256_unpacklo_epi8(t, g), _mm256_unpackhi_epi8(t, g)}) {
        // pair = t | g << 8 per 16-bit lane; row = t | g << 5; offset = row * 32.
        const __m256i row = _mm256_or_si256(_mm256_and_si256(pair, low5),
                                            _mm256_and_si256(_mm256_srli_epi16(pair, 3), high5));
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out), _mm256_slli_epi16(row, 5));
        out += 16;
    }
}

[[gnu::always_inline]] inline __m256i row(const char* rows, std::uint64_t offset) {
    return _mm256_load_si256(reinterpret_cast<const __m256i*>(rows + (offset & 0xFFFF)));
}

// D = counts(target) - counts(guess) over the first n positions, in bytes 1..26.
[[gnu::always_inline]] inline __m256i count_difference(__m256i t0, __m256i t1, __m256i g0,
                                                       __m256i g1, int n) {
    const auto* prefix = reinterpret_cast<const char*>(kPrefixMasks.data()) + 64 - n;
    const __m256i keep0 = load(prefix), keep1 = load(prefix + 32);
    const __m256i low5 = _mm256_set1_epi8(31);
    alignas(32) std::uint16_t offsets[64];
    difference_offsets(_mm256_and_si256(t0, _mm256_and_si256(keep0, low5)),
                       _mm256_and_si256(g0, _mm256_and_si256(keep0, low5)), offsets);
    difference_offsets(_mm256_and_si256(t1, _mm256_and_si256(keep1, low5)),
                       _mm256_and_si256(g1, _mm256_and_si256(keep1, low5)), offsets + 32);
    // A fixed count: a loop ending at n would be mispredicted on nearly every line, which costs
    // more than the extra additions of row 0. Lines of the filter have at most 50 pegs.
    const int count = n <= 52 ? 52 : 64;  // positions n..count-1 read row 0
    // Read the offsets back from memory: left alone, the compiler extracts them from registers
    // (vpextrw, one per cycle at best), which is slower than three loads per cycle.
    asm("" : "+m"(offsets));
    const auto* rows = reinterpret_cast<const char*>(kDifference.data());
    // Four offsets per 64-bit load, taken apart with shifts: loads are the scarce resource here.
    __m256i a = _mm256_setzero_si256(), b = _mm256_setzero_si256();
    __m256i c = _mm256_setzero_si256(), d = _mm256_setzero_si256();
    for (int i = 0; i < count; i += 4) {
        std::uint64_t four;
        std::memcpy(&four, offsets + i, 8);
        a = _mm256_add_epi8(a, row(rows, four));
        b = _mm256_add_epi8(b, row(rows, four >> 16));
        c = _mm256_add_epi8(c, row(rows, four >> 32));
        d = _mm256_add_epi8(d, row(rows, four >> 48));
    }
    return _mm256_add_epi8(_mm256_add_epi8(a, b), _mm256_add_epi8(c, d));
}

[[gnu::always_inline]] inline bool score_avx2(const char* target, const char* guess, int n,
                                              Rules rules, Score& out) {
    const __m256i t0 = load(target), t1 = load(target + 32);
    const __m256i g0 = load(guess), g1 = load(guess + 32);
    const std::uint64_t lanes = low_bits(n);
    const std::uint64_t letters =
        mask64(letter_lanes(t0), letter_lanes(t1)) & mask64(letter_lanes(g0), letter_lanes(g1));
    if ((letters & lanes) != lanes) return false;

    const std::uint64_t black =
        mask64(_mm256_cmpeq_epi8(t0, g0), _mm256_cmpeq_epi8(t1, g1)) & lanes;
    const __m256i distance = _mm256_sad_epu8(_mm256_abs_epi8(count_difference(t0, t1, g0, g1, n)),
                                             _mm256_setzero_si256());
    const int unmatched =
        static_cast<int>(_mm256_extract_epi64(distance, 0) + _mm256_extract_epi64(distance, 1) +
                         _mm256_extract_epi64(distance, 2) + _mm256_extract_epi64(distance, 3));
    const int common = n - unmatched / 2;
    const int b = static_cast<int>(_mm_popcnt_u64(black));
    int g = 0;
    if (rules == Rules::adjacent) {
        const std::uint64_t left = mask64(_mm256_cmpeq_epi8(g0, load(target - 1)),
                                          _mm256_cmpeq_epi8(g1, load(target + 31))) &
                                   lanes & ~std::uint64_t{1};
        const std::uint64_t right = mask64(_mm256_cmpeq_epi8(g0, load(target + 1)),
                                           _mm256_cmpeq_epi8(g1, load(target + 33))) &
                                    (lanes >> 1);
        g = adjacent_grey(black, left, right);
    }
    out = {b, g, common - b - g};
    return true;
}

[[gnu::always_inline]] inline std::uint64_t newline_mask_avx2(const char* p) {
    const __m256i nl = _mm256_set1_epi8('\n');
    return mask64(_mm256_cmpeq_epi8(load(p), nl), _mm256_cmpeq_epi8(load(p + 32), nl));
}

}  // namespace

bool score_letters_avx2(const char* target, const char* guess, int n, Rules rules, Score& out) {
    return score_avx2(target, guess, n, rules, out);
}

BlockProgress score_block_avx2(const char* begin, const char* end, char* out, char* out_end,
                               Rules rules) {
    return score_block<newline_mask_avx2, score_avx2>(begin, end, out, out_end, rules);
}

}  // namespace mastermind::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
