// Why one test can never settle every secret of the 9/10/9 game (docs/results.md, "Is 2 the
// optimum?"): the theorem's steps checked on real tests. Take the 9! secrets whose digits are a
// fixed set D of 9 distinct digits. Every string gives all of them the same hit + blow (it
// depends on the colour counts only), so their answers differ only by the hit vector
// h = (h_1, ..., h_9). For a uniformly random such secret, E[h_i] = (positions where string i
// has a digit of D) / 9 <= 1, and a distribution on 0, 1, 2, ... with mean <= 1 has entropy
// <= 2 bits (the geometric one of mean 1 is the maximum); so H(h) <= sum H(h_i) <= 18 bits, less
// than log2(9!) = 18.47: h cannot tell the 9! secrets apart, and at least 1 - 18 / 18.47 of them
// (2.54%: 9,218) share their answers with another secret, whatever the test.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

// The entropy in bits of the values of `values` (sorted here), and how many of them are not unique.
struct Spread {
    double bits = 0;
    std::uint64_t not_unique = 0;
};
Spread spread(std::vector<std::uint64_t>& values) {
    std::sort(values.begin(), values.end());
    Spread s;
    const auto total = static_cast<double>(values.size());
    for (std::size_t i = 0, j = 0; i < values.size(); i = j) {
        while (j < values.size() && values[j] == values[i]) ++j;
        const double p = static_cast<double>(j - i) / total;
        s.bits -= p * std::log2(p);
        if (j - i > 1) s.not_unique += j - i;
    }
    return s;
}

struct PermutationFigures {
    double joint = 0;              // H(h), bits
    std::array<double, 9> each{};  // H(h_i)
    std::array<double, 9> mean{};  // E[h_i]
    std::uint64_t not_alone = 0;   // secrets sharing their answers with another
};

// The figures of `test` over the 9! secrets whose digits are 0..9 without `missing`.
// GCC 12 at -O3 warns falsely inside std::next_permutation over these nine bytes, once inlined
// (-Wstringop-overflow: "writing 1 byte into a region of size 0").
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wstringop-overflow"
#endif
PermutationFigures permutation_figures(const std::vector<PackedCode>& test,
                                       const BatchParams& params, int missing) {
    const QueryScorer scorer(test, params);
    std::array<std::uint8_t, 9> digits{};
    for (int d = 0, k = 0; d < 10; ++d) {
        if (d != missing) digits[static_cast<std::size_t>(k++)] = static_cast<std::uint8_t>(d);
    }
    std::vector<std::uint64_t> hit_vectors, classes;
    std::array<std::array<std::uint64_t, 16>, 9> single{};  // [string][hits]: secrets
    do {
        std::uint64_t hits = 0, common = 0;
        scorer.lanes(digits.data(), hits, common);
        hit_vectors.push_back(hits);
        classes.push_back(compact_key(scorer.key(digits.data())));
        for (std::size_t i = 0; i < 9; ++i) ++single[i][hits >> (4 * i) & 15];
    } while (std::next_permutation(digits.begin(), digits.end()));
    const auto total = static_cast<double>(hit_vectors.size());
    PermutationFigures f;
    f.joint = spread(hit_vectors).bits;
    f.not_alone = spread(classes).not_unique;
    for (std::size_t i = 0; i < 9; ++i) {
        for (std::size_t h = 0; h < 16; ++h) {
            if (single[i][h] == 0) continue;
            const double p = static_cast<double>(single[i][h]) / total;
            f.each[i] -= p * std::log2(p);
            f.mean[i] += p * static_cast<double>(h);
        }
    }
    return f;
}

TEST(OneTestBound, NoTestTellsApartThePermutationsOfNineDigits) {
    const BatchParams params;  // 9/10/9
    const double log2_perms = std::log2(362880.0);
    const auto bound = static_cast<std::uint64_t>(std::ceil((1 - 18 / log2_perms) * 362880));
    ASSERT_EQ(bound, 9218u);
    std::vector<std::vector<PackedCode>> tests{strategies::adaptive_split_first_test(params, 1)};
    Rng rng(20261202);
    // A test built to spread the hits: the 9 cyclic shifts of 012345678, every string a
    // permutation of D = 0..8 (each E[h_i] = 1, the largest the mean can be).
    std::vector<PackedCode> shifts;
    for (int s = 0; s < 9; ++s) {
        std::array<std::uint8_t, 9> pegs{};
        for (int p = 0; p < 9; ++p)
            pegs[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>((p + s) % 9);
        shifts.push_back(PackedCode::from_pegs(pegs.data(), 9));
    }
    tests.push_back(shifts);
    for (std::size_t t = 0; t < tests.size(); ++t) {
        const int missing = t + 1 == tests.size() ? 9 : static_cast<int>(rng.below(10));
        const auto f = permutation_figures(tests[t], params, missing);
        double sum = 0;
        for (std::size_t i = 0; i < 9; ++i) {
            EXPECT_LE(f.mean[i], 1 + 1e-9) << "test " << t << ", string " << i;
            EXPECT_LE(f.each[i], 2 + 1e-9)
                << "test " << t << ", string " << i << ": mean " << f.mean[i];
            sum += f.each[i];
        }
        EXPECT_LE(f.joint, sum + 1e-9) << "test " << t;
        EXPECT_LT(f.joint, log2_perms) << "test " << t;
        EXPECT_GE(f.not_alone, bound) << "test " << t << " (H(h) = " << f.joint << " bits)";
        std::printf(
            "test %zu: H(h) = %.3f bits (sum of H(h_i) %.3f), %llu of the 9! secrets not alone\n",
            t, f.joint, sum, static_cast<unsigned long long>(f.not_alone));
    }
}

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

}  // namespace
}  // namespace mastermind
