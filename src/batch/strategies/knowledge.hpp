// What the editorial's strategies know about the secret as they go, and the two moves they all
// share: the "key fact" locate test (prefixes of a digit over an absent digit) and the final
// reading of the secret from what is known.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "mastermind/batch/strategy.hpp"

namespace mastermind::strategies {

// The digit games of the editorial: P pegs over K = P + 1 colours, so some digit is absent.
struct Knowledge {
    int pegs = 9;
    int colours = 10;
    std::array<std::uint16_t, BatchParams::kMaxPegs>
        allowed{};  // digits still possible, per position
    std::array<std::int8_t, BatchParams::kMaxColours> count{};  // -1 while unknown

    static Knowledge start(const BatchParams& params);

    bool known(int position) const {
        return __builtin_popcount(allowed[static_cast<std::size_t>(position)]) == 1;
    }
    int digit_at(int position) const {
        return __builtin_ctz(allowed[static_cast<std::size_t>(position)]);
    }
    int known_positions() const;
    // Positions known to hold `digit`.
    int placed(int digit) const;
    void place(int position, int digit);
    void exclude(int position, int digit);
    // Count of `digit` becomes known: if all its positions are placed, it is excluded elsewhere.
    void set_count(int digit, int value);
    // A digit known to be absent, or -1.
    int absent_digit() const;
    // Whether every count is known (the last one follows from the others).
    void infer_last_count();
};

// The strings sent so far, sorted: small, and cheap to copy from one state to the next.
class UsedStrings {
  public:
    bool contains(const PackedCode& c) const { return contains(c.nibbles()); }
    bool contains(std::uint64_t nibbles) const;  // by PackedCode::nibbles()
    void add(std::span<const PackedCode> strings);

  private:
    std::vector<std::uint64_t> sorted_;
};

// Strings of one test with the digits given per position.
PackedCode code_from_digits(std::span<const int> digits);
PackedCode repeated(int digit, int pegs);
// `digit` in the first `length` positions, `rest` in the others.
PackedCode prefix_string(int digit, int rest, int length, int pegs);
// Their PackedCode::nibbles(), without building the code (the planners test many candidates).
std::uint64_t prefix_nibbles(int digit, int rest, int length, int pegs);
inline std::uint64_t repeated_nibbles(int digit, int pegs) {
    return prefix_nibbles(digit, digit, pegs, pegs);
}

// The locate test of the editorial's key fact: prefixes d^k X^(P-k) for k = 1..P-1, and as the
// last string d^P if it is unused, else a filler whose answer is known in advance.
struct LocatePlan {
    int digit = 0;
    int absent = 0;
    bool full_prefixes = false;  // the last string is d^P
    PackedCode filler;           // when !full_prefixes
    HitBlow filler_answer;
};
std::optional<LocatePlan> plan_locate(int digit, const Knowledge& k, const UsedStrings& used);
Move locate_move(const LocatePlan& plan, int pegs);
// Reads the answers of a locate test into `k`. `hits` receives h_1 .. h_{P-1} (hits of the
// prefixes) so that callers can finish position P-1 later if the count was not known yet.
void absorb_locate(const LocatePlan& plan, const QueryRecord& record, Knowledge& k,
                   std::vector<int>* hits = nullptr);

// The challenge of a strategy that believes the secret is determined: the first consistent
// secret of the position, or an exception if none fits (the answers contradict its reasoning).
Move challenge_from(const Position& position);

}  // namespace mastermind::strategies
