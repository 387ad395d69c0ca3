// A code of the batch game packed for speed: 4 bits per peg (P <= 12, K <= 16) plus the colour
// counts, so that hit and blow take a handful of instructions. Checked against the generic
// scorer of scoring.hpp in the tests.
#pragma once

#include <array>
#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "mastermind/batch/params.hpp"
#include "mastermind/core/scoring.hpp"

namespace mastermind {

// One string's answer: (hit, blow) under classic rules; under adjacent rules hit = black,
// blow = white and grey the adjacent matches (0 under classic rules).
struct HitBlow {
    std::uint8_t hit = 0;
    std::uint8_t blow = 0;
    std::uint8_t grey = 0;
    friend auto operator<=>(const HitBlow&, const HitBlow&) = default;
};

class PackedCode {
  public:
    PackedCode() = default;

    // From colour indices, peg 0 first.
    static PackedCode from_pegs(const std::uint8_t* pegs, int count);
    // From the index of the code in 0 .. K^P - 1 (peg 0 is the most significant digit).
    static PackedCode from_index(std::uint64_t index, const BatchParams& params);
    // Reads P symbols, each below K; nullopt otherwise.
    static std::optional<PackedCode> parse(std::string_view text, const BatchParams& params);

    std::string to_string(int pegs) const;
    std::uint64_t index(const BatchParams& params) const;
    int peg(int i) const { return static_cast<int>((nibbles_ >> (4 * i)) & 0xF); }
    int count(int colour) const { return counts_[static_cast<std::size_t>(colour)]; }
    std::uint64_t nibbles() const { return nibbles_; }

    // Hit and blow of `guess` against this code, both of `pegs` pegs.
    HitBlow score(const PackedCode& guess, int pegs) const;
    // The answer under `rules`: score() under classic rules, black/grey/white under adjacent.
    HitBlow score(const PackedCode& guess, int pegs, Rules rules) const;

    friend bool operator==(const PackedCode& a, const PackedCode& b) {
        return a.nibbles_ == b.nibbles_;
    }
    friend auto operator<=>(const PackedCode& a, const PackedCode& b) {
        return a.nibbles_ <=> b.nibbles_;
    }

  private:
    std::uint64_t nibbles_ = 0;                          // peg i in bits 4i .. 4i+3
    alignas(16) std::array<std::uint8_t, 16> counts_{};  // pegs of each colour
};

// Strings of `pegs` pegs separated by single spaces: a test as the protocol, the tables and the
// logs write it.
std::string strings_text(std::span<const PackedCode> strings, int pegs);

}  // namespace mastermind
