#include "letter_kernel.hpp"

#include <immintrin.h>

#include <array>
#include <cstdint>
#include <cstring>

namespace mastermind::detail {

namespace {

std::uint64_t low_bits(int n) { return n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1; }

bool is_letter(char c) { return c >= 'A' && c <= 'Z'; }

}  // namespace

bool score_letters_portable(const char* target, const char* guess, int n, Rules rules,
                            Score& out) {
    std::array<int, 26> balance{};
    std::uint64_t black = 0, left = 0, right = 0;
    for (int i = 0; i < n; ++i) {
        if (!is_letter(target[i]) || !is_letter(guess[i])) return false;
        ++balance[target[i] - 'A'];
        const std::uint64_t bit = std::uint64_t{1} << i;
        if (guess[i] == target[i]) black |= bit;
        if (i > 0 && guess[i] == target[i - 1]) left |= bit;
        if (i + 1 < n && guess[i] == target[i + 1]) right |= bit;
    }
    int common = 0;
    for (int i = 0; i < n; ++i) {
        int& b = balance[guess[i] - 'A'];
        if (b > 0) {
            --b;
            ++common;
        }
    }
    const int b = __builtin_popcountll(black);
    const int g = rules == Rules::adjacent ? adjacent_grey(black, left, right) : 0;
    out = {b, g, common - b - g};
    return true;
}

namespace {

// one_hot[c] holds 1 in byte c: adding it counts one peg of colour c in 32 byte-sized counters.
struct alignas(32) OneHot {
    std::uint8_t bytes[32];
};
constexpr std::array<OneHot, 32> make_one_hot() {
    std::array<OneHot, 32> table{};
    for (int c = 0; c < 32; ++c) table[c].bytes[c] = 1;
    return table;
}
constexpr std::array<OneHot, 32> kOneHot = make_one_hot();

__attribute__((target("avx2,popcnt"))) inline std::uint64_t mask64(__m256i lo, __m256i hi) {
    return static_cast<std::uint32_t>(_mm256_movemask_epi8(lo)) |
           (std::uint64_t{static_cast<std::uint32_t>(_mm256_movemask_epi8(hi))} << 32);
}

__attribute__((target("avx2,popcnt"))) inline __m256i load(const char* p) {
    return _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p));
}

__attribute__((target("avx2,popcnt"))) inline __m256i letter_lanes(__m256i v) {
    const __m256i offset = _mm256_sub_epi8(v, _mm256_set1_epi8('A'));
    return _mm256_cmpeq_epi8(_mm256_min_epu8(offset, _mm256_set1_epi8(25)), offset);
}

// Per-colour counts of n letters, two accumulators to halve the dependency chain.
__attribute__((target("avx2,popcnt"))) inline __m256i colour_counts(const char* s, int n) {
    const auto* table = reinterpret_cast<const __m256i*>(kOneHot.data());
    const auto* u = reinterpret_cast<const unsigned char*>(s);
    __m256i a = _mm256_setzero_si256(), b = _mm256_setzero_si256();
    int i = 0;
    for (; i + 1 < n; i += 2) {
        a = _mm256_add_epi8(a, _mm256_load_si256(table + (u[i] - 'A')));
        b = _mm256_add_epi8(b, _mm256_load_si256(table + (u[i + 1] - 'A')));
    }
    if (i < n) a = _mm256_add_epi8(a, _mm256_load_si256(table + (u[i] - 'A')));
    return _mm256_add_epi8(a, b);
}

}  // namespace

__attribute__((target("avx2,popcnt"))) bool score_letters_avx2(const char* target,
                                                               const char* guess, int n,
                                                               Rules rules, Score& out) {
    const __m256i t0 = load(target), t1 = load(target + 32);
    const __m256i g0 = load(guess), g1 = load(guess + 32);
    const std::uint64_t lanes = low_bits(n);
    const std::uint64_t letters =
        mask64(letter_lanes(t0), letter_lanes(t1)) & mask64(letter_lanes(g0), letter_lanes(g1));
    if ((letters & lanes) != lanes) return false;

    const std::uint64_t black =
        mask64(_mm256_cmpeq_epi8(t0, g0), _mm256_cmpeq_epi8(t1, g1)) & lanes;
    const __m256i shared = _mm256_min_epu8(colour_counts(target, n), colour_counts(guess, n));
    const __m256i sums = _mm256_sad_epu8(shared, _mm256_setzero_si256());
    const int common = static_cast<int>(_mm256_extract_epi64(sums, 0) + _mm256_extract_epi64(sums, 1) +
                                        _mm256_extract_epi64(sums, 2) + _mm256_extract_epi64(sums, 3));
    const int b = __builtin_popcountll(black);
    int g = 0;
    if (rules == Rules::adjacent) {
        const std::uint64_t left =
            mask64(_mm256_cmpeq_epi8(g0, load(target - 1)), _mm256_cmpeq_epi8(g1, load(target + 31))) &
            lanes & ~std::uint64_t{1};
        const std::uint64_t right =
            mask64(_mm256_cmpeq_epi8(g0, load(target + 1)), _mm256_cmpeq_epi8(g1, load(target + 33))) &
            (lanes >> 1);
        g = adjacent_grey(black, left, right);
    }
    out = {b, g, common - b - g};
    return true;
}

LetterKernel best_letter_kernel() {
    static const LetterKernel kernel =
        __builtin_cpu_supports("avx2") ? score_letters_avx2 : score_letters_portable;
    return kernel;
}

}  // namespace mastermind::detail
