// A 64-bit mixing function (the finaliser of SplitMix64): every input bit changes about half the
// output bits. Used for the optimal search's table keys and for the move signatures of
// `mastermind bench`.
#pragma once

#include <cstdint>

namespace mastermind {

constexpr std::uint64_t mix64(std::uint64_t x) {
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

}  // namespace mastermind
