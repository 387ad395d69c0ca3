// The one way a set of consistent codes is narrowed by an answer, shared by real play and the
// exhaustive walk.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/core/code_space.hpp"

namespace mastermind {

struct FeedbackParts {
    std::vector<std::uint32_t> codes;     // `set` reordered: part by part, increasing inside each
    std::vector<std::uint32_t> feedback;  // the feedback id of each part, increasing
    std::vector<std::size_t> ends;        // where each part ends in `codes`
    std::span<const std::uint32_t> part(std::size_t i) const {
        const std::size_t begin = i == 0 ? 0 : ends[i - 1];
        return std::span<const std::uint32_t>(codes).subspan(begin, ends[i] - begin);
    }
};

// `set` (increasing) split by the answer each member gives to `guess`.
FeedbackParts split_by_feedback(const CodeSpace& space, std::span<const std::uint32_t> set,
                                std::uint32_t guess);
// The members of `set` that answer `feedback` to `guess`: the part of split_by_feedback().
std::vector<std::uint32_t> narrow(const CodeSpace& space, std::span<const std::uint32_t> set,
                                  std::uint32_t guess, std::uint32_t feedback);
// Every code of the space.
std::vector<std::uint32_t> all_codes(const CodeSpace& space);

}  // namespace mastermind
