#include "mastermind/ordinary/consistent_set.hpp"

#include <numeric>

namespace mastermind {

FeedbackParts split_by_feedback(const CodeSpace& space, std::span<const std::uint32_t> set,
                                std::uint32_t guess) {
    // A counting sort by feedback id: stable, so every part stays increasing.
    std::vector<std::uint32_t> ids(set.size());
    std::vector<std::size_t> count(space.feedback_slots() + 1, 0);
    const CodeMasks g = space.masks(guess);
    for (std::size_t i = 0; i < set.size(); ++i) {
        ids[i] = space.feedback(g, space.masks(set[i]));
        ++count[ids[i] + 1];
    }
    FeedbackParts parts;
    for (std::uint32_t f = 0; f < space.feedback_slots(); ++f) {
        if (count[f + 1] == 0) continue;
        parts.feedback.push_back(f);
        parts.ends.push_back((parts.ends.empty() ? 0 : parts.ends.back()) + count[f + 1]);
    }
    std::partial_sum(count.begin(), count.end(), count.begin());
    parts.codes.resize(set.size());
    for (std::size_t i = 0; i < set.size(); ++i) parts.codes[count[ids[i]]++] = set[i];
    return parts;
}

std::vector<std::uint32_t> narrow(const CodeSpace& space, std::span<const std::uint32_t> set,
                                  std::uint32_t guess, std::uint32_t feedback) {
    const auto parts = split_by_feedback(space, set, guess);
    for (std::size_t i = 0; i < parts.feedback.size(); ++i) {
        if (parts.feedback[i] == feedback) {
            const auto p = parts.part(i);
            return {p.begin(), p.end()};
        }
    }
    return {};
}

std::vector<std::uint32_t> all_codes(const CodeSpace& space) {
    std::vector<std::uint32_t> codes(space.size());
    std::iota(codes.begin(), codes.end(), 0u);
    return codes;
}

}  // namespace mastermind
