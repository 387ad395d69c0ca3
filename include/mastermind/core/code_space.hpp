// Every code of a game with P pegs over K colours (with or without repeated colours), numbered
// as code_shape.hpp says (K^P codes in base K, or the K!/(K-P)! distinct ones by rank), with what
// the codebreakers need to score them fast: each code as two 64-bit masks, so that a score is a
// few AND and POPCNT instructions (needs P * K <= 64).
//
//   positions: field i (bits iK .. iK+K-1) is one-hot for the colour at peg i;
//              black = popcount(guess.positions & secret.positions).
//   counts:    field c (bits cP .. cP+P-1) holds the count of colour c in unary;
//              black + grey + white = sum over colours of min(counts) = popcount(AND).
//   adjacent:  the neighbour masks come from shifting `positions` by one field, and grey is the
//              same left-first scan as scoring.hpp, with a stride of K bits per position.
//
// A score is numbered by `Feedback` ids: classic b*P + (b+w); adjacent ((b*(P+1))+g)*(P+1) + w.
// The reference scorers of scoring.hpp check these in the tests.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "mastermind/core/code_shape.hpp"
#include "mastermind/core/scoring.hpp"

namespace mastermind {

struct CodeMasks {
    std::uint64_t positions = 0;
    std::uint64_t counts = 0;
};

class CodeSpace {
  public:
    static constexpr int kMaxPegs = 8;
    static constexpr int kMaxColours = 16;
    static constexpr std::uint64_t kMaxCodes = std::uint64_t{1} << 26;
    static constexpr std::string_view kSymbols = CodeShape::kSymbols;

    // Empty if a game of this shape is supported, else what is wrong.
    static std::string check(const CodeShape& shape);
    static std::string check(int pegs, int colours) { return check(CodeShape{pegs, colours}); }
    // Throws std::invalid_argument with check()'s message.
    CodeSpace(Rules rules, const CodeShape& shape);
    CodeSpace(Rules rules, int pegs, int colours) : CodeSpace(rules, CodeShape{pegs, colours}) {}

    Rules rules() const { return rules_; }
    const CodeShape& shape() const { return shape_; }
    int pegs() const { return pegs_; }
    int colours() const { return colours_; }
    bool distinct() const { return shape_.distinct; }
    std::uint32_t size() const { return size_; }
    // Number of feedback ids (some unused): histograms are this long.
    std::uint32_t feedback_slots() const { return slots_; }
    std::uint32_t win() const { return win_; }

    int digit(std::uint32_t code, int peg) const {
        return digits_[code * stride() + static_cast<std::uint32_t>(peg)];
    }
    std::span<const std::uint8_t> digits(std::uint32_t code) const {
        return {digits_.data() + code * stride(), static_cast<std::size_t>(pegs_)};
    }
    const CodeMasks& masks(std::uint32_t code) const { return masks_[code]; }

    std::string to_string(std::uint32_t code) const;
    // P symbols, each below K (and distinct if the codes are); nullopt otherwise.
    std::optional<std::uint32_t> parse(std::string_view text) const;
    // The number of the code with these colours, or nullopt (as CodeShape::number).
    std::optional<std::uint32_t> index(std::span<const std::uint8_t> digits) const {
        const auto n = shape_.number(digits);
        return n ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(*n)) : std::nullopt;
    }
    // Why `text` is not a code of this game, or empty.
    std::string describe_bad(std::string_view text) const;

    std::uint32_t feedback(std::uint32_t guess, std::uint32_t secret) const {
        return feedback(masks_[guess], masks_[secret]);
    }
    std::uint32_t feedback(const CodeMasks& guess, const CodeMasks& secret) const {
        return rules_ == Rules::classic ? classic_feedback(guess, secret)
                                        : adjacent_feedback(guess, secret);
    }
    std::uint32_t classic_feedback(const CodeMasks& g, const CodeMasks& s) const {
        const auto b = static_cast<std::uint32_t>(__builtin_popcountll(g.positions & s.positions));
        const auto c = static_cast<std::uint32_t>(__builtin_popcountll(g.counts & s.counts));
        return b * static_cast<std::uint32_t>(pegs_) + c;
    }
    std::uint32_t adjacent_feedback(const CodeMasks& g, const CodeMasks& s) const;

    // Codes with the same colour counts (whatever their order) share a count class; black +
    // grey + white against any code depends on the class only.
    std::uint32_t count_classes() const { return static_cast<std::uint32_t>(class_counts_.size()); }
    std::uint32_t count_class(std::uint32_t code) const { return count_class_[code]; }
    std::uint64_t class_counts(std::uint32_t count_class) const {
        return class_counts_[count_class];
    }

    Score decode(std::uint32_t feedback) const;
    std::uint32_t encode(const Score& score) const;
    // "b w" or "b g w", as the protocol writes an answer.
    std::string format_feedback(std::uint32_t feedback) const;

  private:
    std::uint32_t stride() const { return static_cast<std::uint32_t>(pegs_); }

    Rules rules_;
    CodeShape shape_;
    int pegs_, colours_;
    std::uint32_t size_ = 0, slots_ = 0, win_ = 0;
    std::uint64_t field_high_ = 0;  // top bit of each position field
    std::uint64_t field_low_ = 0;   // the other bits of each position field
    std::vector<std::uint8_t> digits_;
    std::vector<CodeMasks> masks_;
    std::vector<std::uint32_t> count_class_;
    std::vector<std::uint64_t> class_counts_;  // the `counts` mask of each class
};

// Inline: the exact search and the codebreakers score with it in their innermost loops.
inline std::uint32_t CodeSpace::adjacent_feedback(const CodeMasks& g, const CodeMasks& s) const {
    const int k = colours_;
    // One bit per position (the top bit of its field) where the two fields share a colour.
    auto nonzero = [&](std::uint64_t x) {
        return (((x & field_low_) + field_low_) | x) & field_high_;
    };
    const std::uint64_t black = nonzero(g.positions & s.positions);
    const std::uint64_t left = nonzero(g.positions & (s.positions << k));   // guess i = target i-1
    const std::uint64_t right = nonzero(g.positions & (s.positions >> k));  // guess i = target i+1
    // adjacent_grey() of scoring.hpp with a stride of k bits: P <= 8 needs chains of 2 and 4 steps.
    const std::uint64_t l = left & ~black & ~(black << k);
    const std::uint64_t r = right & ~black & ~(black >> k);
    std::uint64_t taken_right = r & ~l;
    std::uint64_t propagate = r & l;
    if (2 * k < 64) {
        taken_right |= propagate & (taken_right << (2 * k));
        propagate &= propagate << (2 * k);
    }
    if (4 * k < 64) taken_right |= propagate & (taken_right << (4 * k));
    const std::uint64_t taken_left = 2 * k < 64 ? l & ~(taken_right << (2 * k)) : l;
    const auto b = static_cast<std::uint32_t>(__builtin_popcountll(black));
    const auto grey = static_cast<std::uint32_t>(__builtin_popcountll(taken_left) +
                                                 __builtin_popcountll(taken_right));
    const auto c = static_cast<std::uint32_t>(__builtin_popcountll(g.counts & s.counts));
    const auto p1 = static_cast<std::uint32_t>(pegs_ + 1);
    return (b * p1 + grey) * p1 + (c - b - grey);
}

}  // namespace mastermind
