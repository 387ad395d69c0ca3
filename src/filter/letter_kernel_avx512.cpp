// The AVX-512 kernels of `mastermind score`. This file alone is compiled for AVX-512 (F, BW, VL,
// VBMI, VPOPCNTDQ) and GFNI, by the pragma below (clang: an attribute push), after every library
// header; letter_kernel.cpp calls into it only when the processor has them.
//
// Design (docs/performance.md, "The AVX-512 kernel"): one 64-byte register holds a whole string,
// so validation, black, left and right are one compare each into a mask register. The colour counts
// that white needs come without any table: GFNI transposes each 8x8 block of bits, a byte
// permutation gathers the five low bit planes of the string into 64-bit lanes, and the 32 colour
// masks are ANDs of planes or their complements (ternary logic, eight colours per instruction),
// counted by VPOPCNTQ; common = sum_c min(t_c, g_c).
#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

#include "letter_kernel.hpp"
#include "mastermind/core/scoring.hpp"

#if defined(__clang__)
#pragma clang attribute push(                                                                   \
    __attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq,gfni,bmi,bmi2," \
                          "popcnt"))),                                                          \
    apply_to = function)
#else
#pragma GCC target("avx512f,avx512bw,avx512vl,avx512vbmi,avx512vpopcntdq,gfni,bmi,bmi2,popcnt")
// GCC 12's AVX-512 intrinsics start from a deliberately undefined register (_mm512_undefined_*),
// which -Wmaybe-uninitialized reports inside its own headers; nothing here reads one.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

#include "score_block_loop.hpp"

namespace mastermind::detail {

namespace {

inline __m512i load(const char* p) {
    return _mm512_loadu_si512(p);
}

// Byte indices for constants built in registers from a byte pattern.
template <typename F>
constexpr std::array<std::uint8_t, 64> bytes_of(F f) {
    std::array<std::uint8_t, 64> b{};
    for (int i = 0; i < 64; ++i) b[i] = static_cast<std::uint8_t>(f(i));
    return b;
}
template <typename F>
constexpr std::array<std::uint64_t, 8> qwords_of(F f) {
    std::array<std::uint64_t, 8> q{};
    for (int i = 0; i < 8; ++i) q[i] = static_cast<std::uint64_t>(f(i));
    return q;
}

// GF2P8AFFINEQB(x, A) sets bit i of each result byte to the parity of (x & A.byte[7 - i]). With
// the string's qword as A and x = 1 << j in byte j, byte j of each result qword holds bit j of
// the qword's 8 letters: their bit plane j (in reversed position order, which no count minds).
alignas(64) constexpr auto kPlaneSelectors = bytes_of([](int i) { return 1 << (i % 8); });
// Then byte q of qword k gathers byte k of qword q: qword k is plane k of all 64 positions.
alignas(64) constexpr auto kGatherPlanes = bytes_of([](int i) { return (i % 8) * 8 + i / 8; });
// Lane l of the selection constants: all ones where bit k of l is clear, so that plane k XOR it
// is plane k where colour l has bit k set and its complement where it has not.
alignas(64) constexpr auto kLowBit0 = qwords_of([](int l) { return l & 1 ? 0 : ~0ull; });
alignas(64) constexpr auto kLowBit1 = qwords_of([](int l) { return l & 2 ? 0 : ~0ull; });
alignas(64) constexpr auto kLowBit2 = qwords_of([](int l) { return l & 4 ? 0 : ~0ull; });

inline __m512i constant(const void* p) {
    return _mm512_load_si512(p);
}

// For a string whose positions at and past n are zero: lane l of result j counts the positions
// holding colour 8j + l (the letter's low five bits; A..Z are 1..26, padding is 0). Each colour's
// positions are an AND of bit planes or their complements. The planes go through memory so that
// each is broadcast by the load ports (folded into the logic instructions) rather than by
// permutations, which compete for one port with the compares.
struct ColourCounts {
    __m512i lanes[4];
};
[[gnu::always_inline]] inline ColourCounts colour_counts(__m512i letters) {
    const __m512i transposed =
        _mm512_gf2p8affine_epi64_epi8(constant(kPlaneSelectors.data()), letters, 0);
    alignas(64) std::uint64_t planes[8];
    _mm512_store_si512(planes, _mm512_permutexvar_epi8(constant(kGatherPlanes.data()), transposed));
    // Left alone, the compiler takes the planes apart in registers (extract, then broadcast: two
    // permutations each); this makes it read them back.
    asm("" : "+m"(planes));
    const auto plane = [&](int k) { return _mm512_set1_epi64(static_cast<long long>(planes[k])); };
    // low = (P0 ^ C0) & (P1 ^ C1) & (P2 ^ C2): the colours' three low bits. Truth tables below
    // use a = 0xF0, b = 0xCC, c = 0xAA for the three operands.
    __m512i low = _mm512_xor_si512(plane(0), constant(kLowBit0.data()));
    low = _mm512_ternarylogic_epi64(low, constant(kLowBit1.data()), plane(1), 0x60);  // a & (b ^ c)
    low = _mm512_ternarylogic_epi64(low, constant(kLowBit2.data()), plane(2), 0x60);
    const __m512i bit3 = plane(3), bit4 = plane(4);
    // low & (bit3 or its complement) & (bit4 or its complement), for the colours 8j..8j+7.
    return {{_mm512_popcnt_epi64(_mm512_ternarylogic_epi64(low, bit3, bit4, 0x10)),    // 3:0 4:0
             _mm512_popcnt_epi64(_mm512_ternarylogic_epi64(low, bit3, bit4, 0x40)),    // 3:1 4:0
             _mm512_popcnt_epi64(_mm512_ternarylogic_epi64(low, bit3, bit4, 0x20)),    // 3:0 4:1
             _mm512_popcnt_epi64(_mm512_ternarylogic_epi64(low, bit3, bit4, 0x80))}};  // 3:1 4:1
}

[[gnu::always_inline]] inline bool score_avx512(const char* target, const char* guess, int n,
                                                Rules rules, Score& out) {
    const __mmask64 lanes = _bzhi_u64(~std::uint64_t{0}, static_cast<unsigned>(n));
    // Plain loads (the buffer is padded): a masked load would wait for n.
    const __m512i t = load(target), g = load(guess);
    const __m512i a = _mm512_set1_epi8('A'), letters = _mm512_set1_epi8(26);
    const __mmask64 valid = _mm512_mask_cmplt_epu8_mask(lanes, _mm512_sub_epi8(t, a), letters) &
                            _mm512_mask_cmplt_epu8_mask(lanes, _mm512_sub_epi8(g, a), letters);
    if (valid != lanes) return false;

    const std::uint64_t black = _mm512_mask_cmpeq_epi8_mask(lanes, t, g);
    // common = sum over colours of min(t_c, g_c); padding is colour 0 in both, n - 64 extra.
    const ColourCounts ct = colour_counts(_mm512_maskz_mov_epi8(lanes, t));
    const ColourCounts cg = colour_counts(_mm512_maskz_mov_epi8(lanes, g));
    __m512i both = _mm512_min_epu64(ct.lanes[0], cg.lanes[0]);
    for (int j = 1; j < 4; ++j)
        both = _mm512_add_epi64(both, _mm512_min_epu64(ct.lanes[j], cg.lanes[j]));
    // Each lane is at most 64: its low byte holds it. Eight bytes summed by one SAD.
    const __m128i bytes = _mm512_cvtepi64_epi8(both);
    const int common =
        static_cast<int>(_mm_cvtsi128_si64(_mm_sad_epu8(bytes, _mm_setzero_si128()))) - (64 - n);
    const int b = static_cast<int>(_mm_popcnt_u64(black));
    int grey = 0;
    if (rules == Rules::adjacent) {
        const std::uint64_t left =
            _mm512_mask_cmpeq_epi8_mask(lanes & ~std::uint64_t{1}, g, load(target - 1));
        const std::uint64_t right = _mm512_mask_cmpeq_epi8_mask(lanes >> 1, g, load(target + 1));
        grey = adjacent_grey(black, left, right);
    }
    out = {b, grey, common - b - grey};
    return true;
}

[[gnu::always_inline]] inline std::uint64_t newline_mask_avx512(const char* p) {
    return _mm512_cmpeq_epi8_mask(load(p), _mm512_set1_epi8('\n'));
}

}  // namespace

bool score_letters_avx512(const char* target, const char* guess, int n, Rules rules, Score& out) {
    return score_avx512(target, guess, n, rules, out);
}

BlockProgress score_block_avx512(const char* begin, const char* end, char* out, char* out_end,
                                 Rules rules) {
    return score_block<newline_mask_avx512, score_avx512>(begin, end, out, out_end, rules);
}

}  // namespace mastermind::detail

#if defined(__clang__)
#pragma clang attribute pop
#endif
