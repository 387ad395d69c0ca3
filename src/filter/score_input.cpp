#include "mastermind/filter/score_input.hpp"

#include <utility>

#include "mastermind/filter/score_filter.hpp"

namespace mastermind {

void append_score_line(Rng& rng, std::string& out, const ScoreLineShape& shape) {
    const auto n = static_cast<std::size_t>(rng.between(shape.min_pegs, shape.max_pegs));
    const auto colours =
        static_cast<std::uint64_t>(rng.between(shape.min_colours, shape.max_colours));
    auto letter = [&] { return static_cast<char>('A' + rng.below(colours)); };
    const std::size_t start = out.size();
    for (std::size_t i = 0; i < n; ++i) out.push_back(letter());
    out.push_back(' ');
    const std::size_t guess = out.size();
    if (rng.chance(2, 5)) {
        for (std::size_t i = 0; i < n; ++i) out.push_back(letter());
    } else {
        out.append(out, start, n);
        for (std::size_t i = 0; i + 1 < n; ++i) {
            if (rng.chance(1, 3)) std::swap(out[guess + i], out[guess + i + 1]);
        }
        for (std::size_t i = 0; i < n; ++i) {
            if (rng.chance(1, 10)) out[guess + i] = letter();
        }
    }
    out.push_back('\n');
}

}  // namespace mastermind
