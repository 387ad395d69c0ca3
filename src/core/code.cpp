#include "mastermind/core/code.hpp"

namespace mastermind {

std::optional<Code> Code::parse(std::string_view text, Alphabet alphabet, int colours) {
    if (text.empty() || text.size() > kMaxPegs) return std::nullopt;
    std::vector<std::uint8_t> pegs;
    pegs.reserve(text.size());
    for (char c : text) {
        int colour = alphabet.colour_of(c);
        if (colour < 0 || colour >= colours) return std::nullopt;
        pegs.push_back(static_cast<std::uint8_t>(colour));
    }
    return Code(std::move(pegs));
}

std::string Code::to_string(Alphabet alphabet) const {
    std::string out;
    out.reserve(pegs_.size());
    for (auto p : pegs_) out.push_back(alphabet.symbols[p]);
    return out;
}

}  // namespace mastermind
