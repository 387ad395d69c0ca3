// Symmetry classes of guesses in a position of the ordinary game. Colours that no earlier guess
// used ("free") can be permuted without changing the consistent set, and colours that no
// consistent code holds ("zero") score nothing, so a guess and its image under such a change
// split the set alike. The class's lowest code number is its canonical member: zero colours all
// become the lowest zero colour, free colours are introduced in increasing order. Codes without
// repeated colours cannot hold a zero colour twice, so there the zero colours are introduced in
// increasing order too (the lowest first), as the free ones are.
#pragma once

#include <cstdint>

#include "mastermind/core/code_space.hpp"

namespace mastermind::codebreakers {

// Calls `visit(code)` for the canonical member of every symmetry class of guesses, in
// increasing order, while it returns true. `present`: colours some consistent code holds; `used`:
// colours of earlier guesses (bit c = colour c).
template <class Visit>
void for_each_canonical_guess(const CodeSpace& space, std::uint32_t present, std::uint32_t used,
                              Visit&& visit) {
    const int k = space.colours();
    const std::uint32_t all = (1u << k) - 1;
    const std::uint32_t zero = all & ~present;
    const std::uint32_t free_live = all & ~used & present;
    if (__builtin_popcount(zero) < 2 && __builtin_popcount(free_live) < 2) {
        for (std::uint32_t g = 0; g < space.size(); ++g) {
            if (!visit(g)) return;
        }
        return;
    }
    const bool distinct = space.distinct();
    const int z0 = zero ? __builtin_ctz(zero) : -1;
    const int pegs = space.pegs();
    std::uint8_t digits[CodeSpace::kMaxPegs];
    bool go_on = true;
    // `introduced`: the free (and, for distinct codes, zero) colours placed so far, always the
    // lowest of their kind; `taken`: the colours placed so far.
    auto recurse = [&](auto&& self, int peg, std::uint32_t introduced,
                       std::uint32_t taken) -> void {
        if (peg == pegs) {
            go_on = visit(*space.index({digits, static_cast<std::size_t>(pegs)}));
            return;
        }
        for (int c = 0; c < k; ++c) {
            const std::uint32_t bit = 1u << c;
            if (distinct && (taken & bit)) continue;
            std::uint32_t next_introduced = introduced;
            if (zero & bit) {
                if (!distinct) {
                    if (c != z0) continue;
                } else if (!(introduced & bit)) {
                    const std::uint32_t next = zero & ~introduced;
                    if (bit != (next & -next)) continue;
                    next_introduced |= bit;
                }
            } else if ((free_live & bit) && !(introduced & bit)) {
                const std::uint32_t next = free_live & ~introduced;
                if (bit != (next & -next)) continue;
                next_introduced |= bit;
            }
            digits[peg] = static_cast<std::uint8_t>(c);
            self(self, peg + 1, next_introduced, taken | bit);
            if (!go_on) return;
        }
    };
    recurse(recurse, 0, 0, 0);
}

// Whether `code` is the canonical member of its class (for_each_canonical_guess visits it).
inline bool is_canonical_guess(const CodeSpace& space, std::uint32_t present, std::uint32_t used,
                               std::uint32_t code) {
    const std::uint32_t all = (1u << space.colours()) - 1;
    const std::uint32_t zero = all & ~present;
    const std::uint32_t free_live = all & ~used & present;
    const int z0 = zero ? __builtin_ctz(zero) : -1;
    // Free (and, for distinct codes, zero) colours seen so far: always the lowest of their kind.
    std::uint32_t introduced = 0;
    for (auto c : space.digits(code)) {
        const std::uint32_t bit = 1u << c;
        if (zero & bit) {
            if (!space.distinct()) {
                if (c != z0) return false;
            } else if (!(introduced & bit)) {
                const std::uint32_t next = zero & ~introduced;
                if (bit != (next & -next)) return false;
                introduced |= bit;
            }
        } else if ((free_live & bit) && !(introduced & bit)) {
            const std::uint32_t next = free_live & ~introduced;
            if (bit != (next & -next)) return false;
            introduced |= bit;
        }
    }
    return true;
}

}  // namespace mastermind::codebreakers
