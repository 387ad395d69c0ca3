// Symmetry classes of guesses in a position of the ordinary game. Colours that no earlier guess
// used ("free") can be permuted without changing the consistent set, and colours that no
// consistent code holds ("zero") score nothing, so a guess and its image under such a change
// split the set alike. The class's lowest code number is its canonical member: zero colours all
// become the lowest zero colour, free colours are introduced in increasing order.
#pragma once

#include <algorithm>
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
    int free_order[CodeSpace::kMaxColours];  // free_live colours, increasing
    int free_count = 0;
    for (int c = 0; c < k; ++c) {
        if (free_live >> c & 1) free_order[free_count++] = c;
    }
    const int z0 = zero ? __builtin_ctz(zero) : -1;
    const int pegs = space.pegs();
    const auto base = static_cast<std::uint32_t>(k);
    bool go_on = true;
    auto recurse = [&](auto&& self, int peg, std::uint32_t prefix, int introduced) -> void {
        if (peg == pegs) {
            go_on = visit(prefix);
            return;
        }
        for (int c = 0; c < k; ++c) {
            int next_introduced = introduced;
            if (zero >> c & 1) {
                if (c != z0) continue;
            } else if (free_live >> c & 1) {
                const int rank = static_cast<int>(
                    std::find(free_order, free_order + free_count, c) - free_order);
                if (rank > introduced) continue;
                if (rank == introduced) next_introduced = introduced + 1;
            }
            self(self, peg + 1, prefix * base + static_cast<std::uint32_t>(c), next_introduced);
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
    std::uint32_t introduced = 0;  // free colours seen so far: always the lowest ones of free_live
    for (auto c : space.digits(code)) {
        const std::uint32_t bit = 1u << c;
        if (zero & bit) {
            if (c != z0) return false;
        } else if ((free_live & bit) && !(introduced & bit)) {
            const std::uint32_t next = free_live & ~introduced;
            if (bit != (next & -next)) return false;
            introduced |= bit;
        }
    }
    return true;
}

}  // namespace mastermind::codebreakers
