// The codes of a game as numbers: P pegs over K colours (written 0-9 then A-F), colours either
// free to repeat or (as in Bulls and Cows) all distinct within a code.
//
// Codes are numbered 0 .. count()-1 in the lexicographic order of their symbols. With repeats a
// code's number is its value in base K (peg 0 the most significant digit); without, its rank
// among the codes of distinct colours. Either way the order of the numbers is the order of the
// texts, so "the lowest code" means the same thing in both.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace mastermind {

struct CodeShape {
    int pegs = 4;
    int colours = 6;
    bool distinct = false;  // no colour twice in a code (secrets and guesses alike)

    static constexpr std::string_view kSymbols = "0123456789ABCDEF";

    // K^P, or K!/(K-P)! for distinct codes (0 when P > K); UINT64_MAX when it does not fit.
    // Needs 1 <= P <= 64 and 1 <= K <= 16.
    std::uint64_t count() const;

    // The number of the code with these colours; nullopt when the length is not P, a colour is
    // not below K, or (distinct) a colour repeats.
    std::optional<std::uint64_t> number(std::span<const std::uint8_t> digits) const;
    // The colours of code `number` (below count()) into `out` (P entries).
    void digits(std::uint64_t number, std::span<std::uint8_t> out) const;
    // Steps `digits` (a code of this shape) to the next code in order; false after the last.
    bool next(std::span<std::uint8_t> digits) const;

    // The code that `text` writes, or nullopt; describe_bad() says why not.
    std::optional<std::uint64_t> parse(std::string_view text) const;
    // Why `text` is not a code ("has 3 symbols, expected 4", "has symbol '7' at position 2,
    // expected 0-5", "has '1' twice (positions 1 and 3): colours may not repeat"), or empty.
    std::string describe_bad(std::string_view text) const;
    std::string to_string(std::uint64_t number) const;

    // "4x6", "4x10 distinct".
    std::string name() const;

    friend bool operator==(const CodeShape&, const CodeShape&) = default;
};

}  // namespace mastermind
