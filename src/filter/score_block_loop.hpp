// The block loop and the line formatter of `mastermind score`, compiled once per instruction set:
// letter_kernel.cpp includes it as it is, letter_kernel_avx2.cpp under an AVX2 target pragma.
// Everything here has internal linkage, so the two builds never stand in for each other.
#pragma once

#include <array>
#include <cstddef>
#include <cstring>
#include <string_view>

#include "letter_kernel.hpp"

namespace mastermind::detail {
namespace {

constexpr int kBlockMinPegs = 2, kBlockMaxPegs = 50;  // the lines the block scorers take

// Output pieces ": b black, ", "g grey, ", "w white\n", each stored in 16 bytes so that a line is
// written with three fixed-size copies.
struct Piece {
    char text[16];
    std::uint8_t size;
};
constexpr Piece make_piece(std::string_view before, int value, std::string_view after) {
    Piece p{};
    std::size_t k = 0;
    for (char c : before) p.text[k++] = c;
    if (value >= 10) p.text[k++] = static_cast<char>('0' + value / 10);
    p.text[k++] = static_cast<char>('0' + value % 10);
    for (char c : after) p.text[k++] = c;
    p.size = static_cast<std::uint8_t>(k);
    return p;
}
struct Pieces {
    std::array<Piece, 64> black, grey, white;
};
constexpr Pieces make_pieces() {
    Pieces p{};
    for (int v = 0; v < 64; ++v) {
        p.black[v] = make_piece(": ", v, " black, ");
        p.grey[v] = make_piece("", v, " grey, ");
        p.white[v] = make_piece("", v, " white\n");
    }
    return p;
}
constexpr Pieces kPieces = make_pieces();

inline char* put_piece(char* out, const Piece& piece) {
    std::memcpy(out, piece.text, 16);
    return out + piece.size;
}

// See format_score_line in letter_kernel.hpp.
inline char* format_line(char* out, const char* guess, int n, Rules rules, Score s) {
    std::memcpy(out, guess, 64);
    out += n;
    out = put_piece(out, kPieces.black[s.black]);
    if (rules == Rules::adjacent) out = put_piece(out, kPieces.grey[s.grey]);
    return put_piece(out, kPieces.white[s.white]);
}

// See BlockScorer in letter_kernel.hpp. NewlineMask(p) has bit i set where p[i] == '\n', for
// i < 64; ScoreLetters is a LetterKernel.
//
// Lines go in batches, in three passes, so that no long chain of dependent instructions runs from
// one line to the next (docs/performance.md, "The block loop"): the line ends of the batch from
// 64-byte newline masks; then every line checked and scored on its own (the processor overlaps
// lines); then the output written, whose position is the only thing carried from line to line.
template <auto NewlineMask, auto ScoreLetters>
inline BlockProgress score_block(const char* p, const char* end, char* out, char* out_end,
                                 Rules rules) {
    constexpr int kBatch = 64;
    constexpr std::ptrdiff_t kLongestLine = 2 * kBlockMaxPegs + 2;  // with "\r\n"
    std::uint64_t lines = 0;
    for (;;) {
        const std::ptrdiff_t room =
            (out_end - out) / static_cast<std::ptrdiff_t>(kBlockOutputReserve);
        const int limit = static_cast<int>(room < kBatch ? room : kBatch);
        if (limit <= 0) break;

        // Pass 1: the offsets from p of the batch's line ends, while a line could still be valid.
        // Branch-free for up to four line ends per 64 bytes (the number varies at random, and a
        // loop over them is mispredicted about once a chunk); more are rare and take a loop.
        std::uint32_t ends[kBatch + 64];
        int count = 0;
        std::ptrdiff_t line_start = 0;
        for (std::ptrdiff_t chunk = 0; count < limit && chunk < end - p; chunk += 64) {
            std::uint64_t mask = NewlineMask(p + chunk);
            if (end - p - chunk < 64) mask &= (std::uint64_t{1} << (end - p - chunk)) - 1;
            const int found = __builtin_popcountll(mask);
            if (mask != 0) line_start = chunk + 64 - __builtin_clzll(mask);
            for (int k = 0; k < 4; ++k) {  // past the last one: harmless values, overwritten
                const std::uint64_t nonzero = mask | (std::uint64_t{1} << 63);
                ends[count + k] = static_cast<std::uint32_t>(chunk + __builtin_ctzll(nonzero));
                mask &= mask - 1;
            }
            for (int k = 4; k < found; ++k) {
                ends[count + k] = static_cast<std::uint32_t>(chunk + __builtin_ctzll(mask));
                mask &= mask - 1;
            }
            count += found;
            if (chunk + 64 - line_start > kLongestLine) break;  // the next line is too long
        }
        if (count > limit) count = limit;

        // Pass 2: each line checked and scored; the batch ends before the first one not taken.
        Score scores[kBatch];
        std::uint8_t pegs[kBatch];
        int taken = 0;
        for (std::uint32_t start = 0; taken < count; ++taken) {
            const std::uint32_t newline = ends[taken];
            const char* line = p + start;
            const int length =
                static_cast<int>(newline - start) - (newline > start && p[newline - 1] == '\r');
            if (!(length & 1) || length < 2 * kBlockMinPegs + 1 || length > 2 * kBlockMaxPegs + 1) {
                break;
            }
            const int n = length / 2;
            if (line[n] != ' ' || !ScoreLetters(line, line + n + 1, n, rules, scores[taken])) break;
            pegs[taken] = static_cast<std::uint8_t>(n);
            start = newline + 1;
        }

        // Pass 3: the output.
        std::uint32_t start = 0;
        for (int i = 0; i < taken; ++i) {
            out = format_line(out, p + start + pegs[i] + 1, pegs[i], rules, scores[i]);
            start = ends[i] + 1;
        }
        p += start;
        lines += static_cast<std::uint64_t>(taken);
        if (taken < limit) break;  // a line not taken, or the end of the data
    }
    return {p, out, lines};
}

}  // namespace
}  // namespace mastermind::detail
