// Counts in messages: "1 game", "2 games", "1 guess", "3 guesses".
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace mastermind {

// `n` and the noun, singular when n is 1; the plural is the singular + "s" (+ "es" after s, x,
// ch or sh) unless given.
inline std::string count_of(std::uint64_t n, std::string_view singular, std::string_view plural = {}) {
    std::string noun(singular);
    if (n != 1) {
        if (!plural.empty()) {
            noun = plural;
        } else {
            const bool sibilant = noun.ends_with('s') || noun.ends_with('x') || noun.ends_with("ch") || noun.ends_with("sh");
            noun += sibilant ? "es" : "s";
        }
    }
    return std::to_string(n) + " " + noun;
}

}  // namespace mastermind
