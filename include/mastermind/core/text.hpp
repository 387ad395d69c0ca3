// Words in messages: counts ("1 game", "2 games", "3 guesses"), lists of names, a line's words.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mastermind {

// `n` and the noun, singular when n is 1; the plural is the singular + "s" (+ "es" after s, x,
// ch or sh) unless given.
inline std::string count_of(std::uint64_t n, std::string_view singular,
                            std::string_view plural = {}) {
    std::string noun(singular);
    if (n != 1) {
        if (!plural.empty()) {
            noun = plural;
        } else {
            const bool sibilant = noun.ends_with('s') || noun.ends_with('x') ||
                                  noun.ends_with("ch") || noun.ends_with("sh");
            noun += sibilant ? "es" : "s";
        }
    }
    return std::to_string(n) + " " + noun;
}

// "1 code fits", "12 codes fit".
inline std::string fits(std::uint64_t codes) {
    return count_of(codes, "code") + (codes == 1 ? " fits" : " fit");
}

// "test 12 345" -> {"test", "12", "345"}: the words of a line, however many spaces between them.
inline std::vector<std::string_view> words_of(std::string_view text) {
    std::vector<std::string_view> words;
    std::size_t start = 0;
    while (start < text.size()) {
        while (start < text.size() && text[start] == ' ') ++start;
        std::size_t end = start;
        while (end < text.size() && text[end] != ' ') ++end;
        if (end > start) words.push_back(text.substr(start, end - start));
        start = end;
    }
    return words;
}

// Text read from a file or another program as a message quotes it: printable ASCII as itself,
// any other byte escaped ("\x1B", "\x00"), so that it neither cuts nor garbles the message nor
// reaches a terminal as a control sequence; at most `most` bytes of it, then "...".
inline std::string excerpt(std::string_view text, std::size_t most = 120) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string out;
    for (std::size_t i = 0; i < text.size() && i < most; ++i) {
        const auto u = static_cast<unsigned char>(text[i]);
        if (u >= 0x20 && u < 0x7f) {
            out += text[i];
        } else {
            out += "\\x";
            out += kHex[u >> 4];
            out += kHex[u & 15];
        }
    }
    if (text.size() > most) out += "...";
    return out;
}

// "knuth, irving, ...": the names of a registry's entries, for messages.
template <class Infos>
std::string names_of(const Infos& infos) {
    std::string names;
    for (const auto& info : infos) names += (names.empty() ? "" : ", ") + std::string(info.name);
    return names;
}

}  // namespace mastermind
