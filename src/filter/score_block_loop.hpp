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

// See BlockScorer in letter_kernel.hpp. FindNewline(p) is the offset of the first '\n' in
// [p, p + 128) or -1; ScoreLetters is a LetterKernel.
template <auto FindNewline, auto ScoreLetters>
inline BlockProgress score_block(const char* p, const char* end, char* out, char* out_end,
                                 Rules rules) {
    std::uint64_t lines = 0;
    while (out_end - out >= static_cast<std::ptrdiff_t>(kBlockOutputReserve)) {
        const int newline = FindNewline(p);
        if (newline < 0 || p + newline >= end) break;  // too long, or no line end yet
        const int length = newline - (newline > 0 && p[newline - 1] == '\r');
        if (!(length & 1) || length < 2 * kBlockMinPegs + 1 || length > 2 * kBlockMaxPegs + 1) {
            break;
        }
        const int n = length / 2;
        Score s;
        if (p[n] != ' ' || !ScoreLetters(p, p + n + 1, n, rules, s)) break;
        out = format_line(out, p + n + 1, n, rules, s);
        p += newline + 1;
        ++lines;
    }
    return {p, out, lines};
}

}  // namespace
}  // namespace mastermind::detail
