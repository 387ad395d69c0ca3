// A code: a sequence of pegs, each a colour index, written with the symbols of an alphabet.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mastermind {

inline constexpr int kMaxPegs = 64;     // masks of one 64-bit word cover every position
inline constexpr int kMaxColours = 26;  // A-Z, the largest alphabet any game here uses

// The symbols that write colours 0, 1, 2, ... of a game.
struct Alphabet {
    std::string_view symbols;

    static constexpr Alphabet letters() { return {"ABCDEFGHIJKLMNOPQRSTUVWXYZ"}; }
    static constexpr Alphabet digits() { return {"0123456789ABCDEF"}; }

    // Colour index of a symbol, or -1 when the symbol is not in the alphabet.
    int colour_of(char c) const {
        auto pos = symbols.find(c);
        return pos == std::string_view::npos ? -1 : static_cast<int>(pos);
    }
};

class Code {
  public:
    Code() = default;
    explicit Code(std::vector<std::uint8_t> pegs) : pegs_(std::move(pegs)) {}

    // Reads `text` with the first `colours` symbols of `alphabet`; nullopt if any symbol is
    // outside them or the length is outside 1..kMaxPegs.
    static std::optional<Code> parse(std::string_view text, Alphabet alphabet, int colours);
    std::string to_string(Alphabet alphabet) const;

    std::size_t size() const { return pegs_.size(); }
    std::uint8_t operator[](std::size_t i) const { return pegs_[i]; }
    std::span<const std::uint8_t> pegs() const { return pegs_; }

    bool operator==(const Code&) const = default;
    // By pegs, the first that differs deciding (written out: the browser build's standard
    // library compares no std::vector by <=>).
    std::strong_ordering operator<=>(const Code& other) const {
        for (std::size_t i = 0; i < pegs_.size() && i < other.pegs_.size(); ++i) {
            if (pegs_[i] != other.pegs_[i]) return pegs_[i] <=> other.pegs_[i];
        }
        return pegs_.size() <=> other.pegs_.size();
    }

  private:
    std::vector<std::uint8_t> pegs_;
};

}  // namespace mastermind
