#include "mastermind/batch/packed_code.hpp"

#include <emmintrin.h>

#include <fmt/format.h>

#include "mastermind/core/text.hpp"

namespace mastermind {

std::string BatchParams::validate() const {
    if (pegs < 1 || pegs > kMaxPegs)
        return fmt::format("pegs must be 1..{}, not {}", kMaxPegs, pegs);
    if (colours < 2 || colours > kMaxColours) {
        return fmt::format("colours must be 2..{}, not {}", kMaxColours, colours);
    }
    if (batch < 1 || batch > kMaxBatch)
        return fmt::format("batch must be 1..{}, not {}", kMaxBatch, batch);
    if (max_tests < 1 || max_tests > kMaxTests)
        return fmt::format("max tests must be 1..{}, not {}", kMaxTests, max_tests);
    // A test's strings are distinct: there must be as many codes as strings a test.
    if (static_cast<std::uint64_t>(batch) > secret_count()) {
        return fmt::format(
            "a test of {} distinct strings needs at least {} codes, and {} of {} make only {}",
            batch, batch, count_of(static_cast<std::uint64_t>(pegs), "peg"),
            count_of(static_cast<std::uint64_t>(colours), "colour"), secret_count());
    }
    return {};
}

std::uint64_t BatchParams::secret_count() const {
    std::uint64_t n = 1;
    for (int i = 0; i < pegs; ++i) n *= static_cast<std::uint64_t>(colours);
    return n;
}

PackedCode PackedCode::from_pegs(const std::uint8_t* pegs, int count) {
    // The colour counts are gathered in a register as 16 nibbles (a count is at most kMaxPegs =
    // 12) and spread to bytes at the end: incrementing the bytes in memory chained every peg of a
    // repeated colour through a store and a load, and this runs for every string a strategy
    // builds and every small group's secret the evaluator scores (11% of counts-then-locate's
    // walk).
    static_assert(BatchParams::kMaxPegs <= 15 && BatchParams::kMaxColours <= 16);
    std::uint64_t nibbles = 0, counts = 0;
    for (int i = 0; i < count; ++i) {
        nibbles |= std::uint64_t{pegs[i]} << (4 * i);
        counts += std::uint64_t{1} << (4 * pegs[i]);
    }
    PackedCode c;
    c.nibbles_ = nibbles;
    // Byte j of `counts` holds colours 2j (low nibble) and 2j + 1 (high): interleave the two.
    const __m128i packed = _mm_cvtsi64_si128(static_cast<long long>(counts));
    const __m128i low = _mm_set1_epi8(0x0F);
    const __m128i even = _mm_and_si128(packed, low);
    const __m128i odd = _mm_and_si128(_mm_srli_epi64(packed, 4), low);
    _mm_store_si128(reinterpret_cast<__m128i*>(c.counts_.data()), _mm_unpacklo_epi8(even, odd));
    return c;
}

PackedCode PackedCode::from_index(std::uint64_t index, const BatchParams& params) {
    std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
    const auto k = static_cast<std::uint64_t>(params.colours);
    for (int i = params.pegs - 1; i >= 0; --i) {
        pegs[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(index % k);
        index /= k;
    }
    return from_pegs(pegs.data(), params.pegs);
}

std::optional<PackedCode> PackedCode::parse(std::string_view text, const BatchParams& params) {
    if (static_cast<int>(text.size()) != params.pegs) return std::nullopt;
    std::array<std::uint8_t, BatchParams::kMaxPegs> pegs{};
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto at = BatchParams::kSymbols.find(text[i]);
        if (at == std::string_view::npos || static_cast<int>(at) >= params.colours) {
            return std::nullopt;
        }
        pegs[i] = static_cast<std::uint8_t>(at);
    }
    return from_pegs(pegs.data(), params.pegs);
}

std::string PackedCode::to_string(int pegs) const {
    std::string s(static_cast<std::size_t>(pegs), '0');
    for (int i = 0; i < pegs; ++i) s[static_cast<std::size_t>(i)] = BatchParams::kSymbols[peg(i)];
    return s;
}

std::string strings_text(std::span<const PackedCode> strings, int pegs) {
    std::string out;
    for (const auto& s : strings) {
        if (!out.empty()) out += ' ';
        out += s.to_string(pegs);
    }
    return out;
}

std::uint64_t PackedCode::index(const BatchParams& params) const {
    std::uint64_t index = 0;
    for (int i = 0; i < params.pegs; ++i)
        index = index * static_cast<std::uint64_t>(params.colours) + peg(i);
    return index;
}

HitBlow PackedCode::score(const PackedCode& guess, int pegs) const {
    // Hits: nibbles of a ^ b that are zero.
    const std::uint64_t diff = nibbles_ ^ guess.nibbles_;
    const std::uint64_t nonzero =
        (diff | diff >> 1 | diff >> 2 | diff >> 3) & 0x1111'1111'1111'1111ULL;
    const std::uint64_t lanes = pegs >= 16 ? ~0ULL : (std::uint64_t{1} << (4 * pegs)) - 1;
    const int hit = pegs - __builtin_popcountll(nonzero & lanes);
    // Common colours: sum of per-colour minima, one SSE2 min and one sum of absolute differences.
    const __m128i a = _mm_load_si128(reinterpret_cast<const __m128i*>(counts_.data()));
    const __m128i b = _mm_load_si128(reinterpret_cast<const __m128i*>(guess.counts_.data()));
    const __m128i sums = _mm_sad_epu8(_mm_min_epu8(a, b), _mm_setzero_si128());
    const int common = _mm_cvtsi128_si32(sums) + _mm_extract_epi16(sums, 4);
    return {static_cast<std::uint8_t>(hit), static_cast<std::uint8_t>(common - hit)};
}

HitBlow PackedCode::score(const PackedCode& guess, int pegs, Rules rules) const {
    if (rules == Rules::classic) return score(guess, pegs);
    std::array<std::uint8_t, BatchParams::kMaxPegs> target{}, g{};
    for (int i = 0; i < pegs; ++i) {
        target[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(peg(i));
        g[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(guess.peg(i));
    }
    const auto n = static_cast<std::size_t>(pegs);
    const Score s = score_adjacent(std::span<const std::uint8_t>(target.data(), n),
                                   std::span<const std::uint8_t>(g.data(), n));
    return {static_cast<std::uint8_t>(s.black), static_cast<std::uint8_t>(s.white),
            static_cast<std::uint8_t>(s.grey)};
}

}  // namespace mastermind
