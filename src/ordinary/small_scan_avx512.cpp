// small_scan.hpp's kernel. This file alone is compiled for AVX-512 (F, CD, VL, DQ, VPOPCNTDQ), by
// the pragma below, after the headers; the search calls score() only when supported() says the
// processor has them. Elsewhere than x86-64 (the page's WebAssembly) there is no kernel and
// supported() is false.
#include "ordinary/small_scan.hpp"

#if defined(__x86_64__)

#include <immintrin.h>

namespace mastermind::small_scan {

// Compiled for any x86-64 (before the pragma): it runs on processors without AVX-512 too.
bool supported() {
    static const bool yes =
        __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512cd") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq") &&
        __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("popcnt");
    return yes;
}

}  // namespace mastermind::small_scan

#if defined(__clang__)
#pragma clang attribute push(                                                                 \
    __attribute__((target("avx512f,avx512cd,avx512vl,avx512dq,avx512vpopcntdq,popcnt"))), \
    apply_to = function)
#else
#pragma GCC target("avx512f,avx512cd,avx512vl,avx512dq,avx512vpopcntdq,popcnt")
// GCC 12's AVX-512 intrinsics start from a deliberately undefined register (_mm512_undefined_*),
// which -Wmaybe-uninitialized and -Wuninitialized report inside its own headers; nothing here
// reads one.
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"
#endif

namespace mastermind::small_scan {

namespace {

// The lane operations of a register of eight 64-bit or sixteen 32-bit lanes.
struct Lanes64 {
    static constexpr std::uint32_t kBits = 64;
    static __m512i set1(std::uint64_t v) { return _mm512_set1_epi64(static_cast<long long>(v)); }
    static __m512i add(__m512i a, __m512i b) { return _mm512_add_epi64(a, b); }
    static __m512i sub(__m512i a, __m512i b) { return _mm512_sub_epi64(a, b); }
    static __m512i mullo(__m512i a, __m512i b) { return _mm512_mullo_epi64(a, b); }
    static __m512i popcnt(__m512i a) { return _mm512_popcnt_epi64(a); }
    static __m512i sll(__m512i a, __m128i n) { return _mm512_sll_epi64(a, n); }
    static __m512i srl(__m512i a, __m128i n) { return _mm512_srl_epi64(a, n); }
};
struct Lanes32 {
    static constexpr std::uint32_t kBits = 32;
    static __m512i set1(std::uint64_t v) {
        return _mm512_set1_epi32(static_cast<int>(static_cast<std::uint32_t>(v)));
    }
    static __m512i add(__m512i a, __m512i b) { return _mm512_add_epi32(a, b); }
    static __m512i sub(__m512i a, __m512i b) { return _mm512_sub_epi32(a, b); }
    static __m512i mullo(__m512i a, __m512i b) { return _mm512_mullo_epi32(a, b); }
    static __m512i popcnt(__m512i a) { return _mm512_popcnt_epi32(a); }
    static __m512i sll(__m512i a, __m128i n) { return _mm512_sll_epi32(a, n); }
    static __m512i srl(__m512i a, __m128i n) { return _mm512_srl_epi32(a, n); }
};

// The answers of a register of members (masks sp, sc) to the guess (gp, gc), one a lane:
// classic black * pegs + (black + white); adjacent ((black * (P + 1)) + grey) * (P + 1) + white,
// grey as CodeSpace::adjacent_feedback finds it (the same operations on every lane at once).
// In 32-bit lanes the masks must fit 32 bits (Game::narrow).
template <class L>
inline __m512i answer_ids(const Game& game, __m512i sp, __m512i sc, __m512i gp, __m512i gc) {
    const __m512i sum = L::popcnt(_mm512_and_si512(sc, gc));
    if (!game.adjacent) {
        const __m512i black = L::popcnt(_mm512_and_si512(sp, gp));
        return L::add(L::mullo(black, L::set1(game.pegs)), sum);
    }
    const __m512i low = L::set1(game.field_low);
    const __m512i high = L::set1(game.field_high);
    // One bit per position (the top bit of its field) where the two fields share a colour.
    auto nonzero = [&](__m512i x) {
        return _mm512_and_si512(_mm512_or_si512(L::add(_mm512_and_si512(x, low), low), x), high);
    };
    const std::uint32_t k = game.colours;
    const __m128i by_k = _mm_cvtsi32_si128(static_cast<int>(k));
    const __m128i by_2k = _mm_cvtsi32_si128(static_cast<int>(2 * k));
    const __m128i by_4k = _mm_cvtsi32_si128(static_cast<int>(4 * k));
    const __m512i black = nonzero(_mm512_and_si512(gp, sp));
    const __m512i left = nonzero(_mm512_and_si512(gp, L::sll(sp, by_k)));
    const __m512i right = nonzero(_mm512_and_si512(gp, L::srl(sp, by_k)));
    // l = left & ~black & ~(black << k); r = right & ~black & ~(black >> k).
    const __m512i l = _mm512_andnot_si512(_mm512_or_si512(black, L::sll(black, by_k)), left);
    const __m512i r = _mm512_andnot_si512(_mm512_or_si512(black, L::srl(black, by_k)), right);
    __m512i taken_right = _mm512_andnot_si512(l, r);
    __m512i propagate = _mm512_and_si512(r, l);
    // A chain step past the lane's width has nothing to carry (the pegs end before it).
    if (2 * k < L::kBits) {
        taken_right = _mm512_or_si512(taken_right,
                                      _mm512_and_si512(propagate, L::sll(taken_right, by_2k)));
        propagate = _mm512_and_si512(propagate, L::sll(propagate, by_2k));
    }
    if (4 * k < L::kBits)
        taken_right = _mm512_or_si512(taken_right,
                                      _mm512_and_si512(propagate, L::sll(taken_right, by_4k)));
    const __m512i taken_left =
        2 * k < L::kBits ? _mm512_andnot_si512(L::sll(taken_right, by_2k), l) : l;
    const __m512i b = L::popcnt(black);
    const __m512i grey = L::add(L::popcnt(taken_left), L::popcnt(taken_right));
    const __m512i p1 = L::set1(game.pegs + 1);
    const __m512i white = L::sub(sum, L::add(b, grey));
    return L::add(L::mullo(L::add(L::mullo(b, p1), grey), p1), white);
}

// The answers of eight members as 32-bit lanes.
inline __m256i answers8(const Game& game, const std::uint64_t* positions,
                        const std::uint64_t* counts, __m512i gp, __m512i gc) {
    return _mm512_cvtepi64_epi32(answer_ids<Lanes64>(game, _mm512_loadu_si512(positions),
                                                     _mm512_loadu_si512(counts), gp, gc));
}

// The answers of sixteen members in a narrow game (Game::narrow: the masks fit 32 bits).
inline __m512i answers16(const Game& game, __m512i sp, __m512i sc, __m512i gp, __m512i gc) {
    return answer_ids<Lanes32>(game, sp, sc, gp, gc);
}

// Sixteen 64-bit masks narrowed to 32-bit lanes.
inline __m512i narrow16(const std::uint64_t* masks) {
    return _mm512_inserti64x4(
        _mm512_castsi256_si512(_mm512_cvtepi64_epi32(_mm512_loadu_si512(masks))),
        _mm512_cvtepi64_epi32(_mm512_loadu_si512(masks + 8)), 1);
}

}  // namespace

Score score(const Game& game, const Members& members, std::uint32_t n,
            std::uint64_t guess_positions, std::uint64_t guess_counts, const std::uint64_t* step) {
    const __m512i gp = _mm512_set1_epi64(static_cast<long long>(guess_positions));
    const __m512i gc = _mm512_set1_epi64(static_cast<long long>(guess_counts));
    __m512i fb;
    if (n <= 8) {
        // Most sets scored hold at most 8: one register of 64-bit lanes.
        fb = _mm512_castsi256_si512(answers8(game, members.positions, members.counts, gp, gc));
    } else if (game.narrow) {
        fb = answers16(game, narrow16(members.positions), narrow16(members.counts),
                       _mm512_set1_epi32(static_cast<int>(guess_positions)),
                       _mm512_set1_epi32(static_cast<int>(guess_counts)));
    } else {
        fb = _mm512_inserti64x4(
            _mm512_castsi256_si512(answers8(game, members.positions, members.counts, gp, gc)),
            answers8(game, members.positions + 8, members.counts + 8, gp, gc), 1);
    }
    // The lanes past n get answers of their own (above any real one), so that no member's part
    // counts them; they are left out of the sums by `valid`.
    const auto valid = static_cast<__mmask16>((1u << n) - 1);
    const __m512i lane = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
    fb = _mm512_mask_mov_epi32(_mm512_add_epi32(lane, _mm512_set1_epi32(1 << 16)), valid, fb);
    // Each lane's earlier lanes with the same answer, counted: the part's size before it.
    const __m512i before = _mm512_popcnt_epi32(_mm512_conflict_epi32(fb));
    const __mmask16 first = _mm512_mask_cmpeq_epi32_mask(valid, before, _mm512_setzero_si512());
    // step[before] of every lane, looked up in the 16 steps held in two registers.
    const __m512i steps_low = _mm512_loadu_si512(step), steps_high = _mm512_loadu_si512(step + 8);
    const __m512i index_low = _mm512_cvtepu32_epi64(_mm512_castsi512_si256(before));
    const __m512i index_high = _mm512_cvtepu32_epi64(_mm512_extracti64x4_epi64(before, 1));
    const __m512i add_low = _mm512_maskz_permutex2var_epi64(static_cast<__mmask8>(valid),
                                                            steps_low, index_low, steps_high);
    const __m512i add_high = _mm512_maskz_permutex2var_epi64(static_cast<__mmask8>(valid >> 8),
                                                             steps_low, index_high, steps_high);
    Score s;
    s.sum = static_cast<std::uint64_t>(_mm512_reduce_add_epi64(_mm512_add_epi64(add_low, add_high)));
    s.parts = static_cast<std::uint32_t>(__builtin_popcount(first));
    s.largest = _mm512_mask_reduce_max_epu32(valid, before) + 1;
    return s;
}

void answers(const Game& game, const std::uint64_t* positions, const std::uint64_t* counts,
             std::uint32_t n, std::uint64_t guess_positions, std::uint64_t guess_counts,
             std::uint32_t* out) {
    if (game.narrow) {
        const __m512i gp = _mm512_set1_epi32(static_cast<int>(guess_positions));
        const __m512i gc = _mm512_set1_epi32(static_cast<int>(guess_counts));
        for (std::uint32_t i = 0; i < n; i += 16) {
            _mm512_storeu_si512(out + i, answers16(game, narrow16(positions + i),
                                                   narrow16(counts + i), gp, gc));
        }
        return;
    }
    const __m512i gp = _mm512_set1_epi64(static_cast<long long>(guess_positions));
    const __m512i gc = _mm512_set1_epi64(static_cast<long long>(guess_counts));
    for (std::uint32_t i = 0; i < n; i += 8) {
        _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + i),
                            answers8(game, positions + i, counts + i, gp, gc));
    }
}

}  // namespace mastermind::small_scan

#if defined(__clang__)
#pragma clang attribute pop
#endif

#else  // no kernel on this processor family

namespace mastermind::small_scan {

bool supported() {
    return false;
}

Score score(const Game&, const Members&, std::uint32_t, std::uint64_t, std::uint64_t,
            const std::uint64_t*) {
    return {};
}

void answers(const Game&, const std::uint64_t*, const std::uint64_t*, std::uint32_t,
             std::uint64_t, std::uint64_t, std::uint32_t*) {}

}  // namespace mastermind::small_scan

#endif
