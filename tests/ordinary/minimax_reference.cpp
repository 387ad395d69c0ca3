#include "ordinary/minimax_reference.hpp"

#include <algorithm>

#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind {

namespace {

// The memo's key: the members' bytes and the guesses left.
std::string key_of(const std::vector<std::uint32_t>& set, int left) {
    std::string key(reinterpret_cast<const char*>(set.data()), set.size() * sizeof(std::uint32_t));
    key += static_cast<char>(left);
    return key;
}

// Calls visit(parts) for every code as a guess at `set` that learns something (splits it, or may
// win), parts[answer] holding the members with that answer.
template <class Visit>
void each_split(const CodeSpace& space, const std::vector<std::uint32_t>& set, Visit&& visit) {
    std::vector<std::vector<std::uint32_t>> parts(space.feedback_slots());
    for (std::uint32_t g = 0; g < space.size(); ++g) {
        for (auto& part : parts) part.clear();
        std::size_t answers = 0;
        for (auto s : set) {
            auto& part = parts[space.feedback(g, s)];
            if (part.empty()) ++answers;
            part.push_back(s);
        }
        if (answers == 1 && parts[space.win()].empty()) continue;  // learns nothing
        visit(parts);
    }
}

}  // namespace

Pair Minimax::pair(const std::vector<std::uint32_t>& set, int left) {
    if (left == 0) return kImpossible;
    if (set.size() == 1) return {1, 1};
    const std::string key = key_of(set, left);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    const int child_left = left == OptimalSearch::kUnbounded ? left : left - 1;
    Pair best = kImpossible;
    each_split(space_, set, [&](const std::vector<std::vector<std::uint32_t>>& parts) {
        Pair here{0, 0};
        for (std::uint32_t answer = 0; answer < parts.size(); ++answer) {
            const auto& part = parts[answer];
            if (part.empty()) continue;
            if (answer == space_.win()) {
                here.total += 1, here.squares += 1;
                continue;
            }
            const auto p = pair(part, child_left);
            if (p == kImpossible) {
                here = kImpossible;
                break;
            }
            // Each game of the part takes one guess more: d -> d + 1.
            here.total += p.total + part.size();
            here.squares += p.squares + 2 * p.total + part.size();
        }
        best = std::min(best, here);
    });
    memo_[key] = best;
    return best;
}

AtLimit Minimax::fewest(const std::vector<std::uint32_t>& set, int left) {
    if (left == 0) return kNever;
    if (set.size() == 1) return {left == 1 ? 1u : 0u, 1};
    const std::string key = key_of(set, left);
    if (auto it = fewest_memo_.find(key); it != fewest_memo_.end()) return it->second;
    AtLimit best = kNever;
    each_split(space_, set, [&](const std::vector<std::vector<std::uint32_t>>& parts) {
        AtLimit here;
        for (std::uint32_t answer = 0; answer < parts.size(); ++answer) {
            const auto& part = parts[answer];
            if (part.empty()) continue;
            if (answer == space_.win()) {
                here.games += left == 1 ? 1 : 0;  // won by the last guess left
                here.total += 1;
                continue;
            }
            const auto p = fewest(part, left - 1);
            if (p == kNever) {
                here = kNever;
                break;
            }
            // A game at the part's limit is one at this set's; each takes one guess more.
            here.games += p.games;
            here.total += p.total + part.size();
        }
        best = std::min(best, here);
    });
    fewest_memo_[key] = best;
    return best;
}

}  // namespace mastermind
