// Properties every correct pair of scorers has, checked by rapidcheck on generated codes.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <numeric>
#include <vector>

#include "mastermind/core/scoring.hpp"

namespace mastermind {
namespace {

struct CodePair {
    std::vector<std::uint8_t> target, guess;
    int colours = 1;
};

// Small alphabets make matches, and so grey chains, frequent.
rc::Gen<CodePair> code_pairs() {
    return rc::gen::mapcat(
        rc::gen::pair(rc::gen::inRange(1, kMaxPegs + 1), rc::gen::inRange(1, 7)), [](auto sizes) {
            const int n = sizes.first, colours = sizes.second;
            auto code = rc::gen::container<std::vector<std::uint8_t>>(
                static_cast<std::size_t>(n),
                rc::gen::inRange<std::uint8_t>(0, static_cast<std::uint8_t>(colours)));
            return rc::gen::map(rc::gen::pair(code, code), [colours](auto codes) {
                return CodePair{codes.first, codes.second, colours};
            });
        });
}

RC_GTEST_PROP(ScoringProperties, PegsAreCountedAtMostOnce, ()) {
    const auto c = *code_pairs();
    const Score s = score_adjacent(c.target, c.guess);
    RC_ASSERT(s.black >= 0 && s.grey >= 0 && s.white >= 0);
    RC_ASSERT(s.black + s.grey + s.white <= static_cast<int>(c.target.size()));
}

RC_GTEST_PROP(ScoringProperties, AdjacentRefinesClassic, ()) {
    const auto c = *code_pairs();
    const Score adjacent = score_adjacent(c.target, c.guess);
    const Score classic = score_classic(c.target, c.guess);
    RC_ASSERT(classic.black == adjacent.black);
    RC_ASSERT(classic.white == adjacent.grey + adjacent.white);
    RC_ASSERT(classic.grey == 0);
}

RC_GTEST_PROP(ScoringProperties, ReversingBothStringsKeepsTheScore, ()) {
    auto c = *code_pairs();
    const Score before = score_adjacent(c.target, c.guess);
    std::reverse(c.target.begin(), c.target.end());
    std::reverse(c.guess.begin(), c.guess.end());
    RC_ASSERT(score_adjacent(c.target, c.guess) == before);
}

RC_GTEST_PROP(ScoringProperties, RelabellingColoursKeepsTheScore, ()) {
    auto c = *code_pairs();
    const Score before = score_adjacent(c.target, c.guess);
    std::vector<std::uint8_t> relabel(kMaxColours);
    std::iota(relabel.begin(), relabel.end(), 0);
    const auto order = *rc::gen::arbitrary<std::vector<int>>();
    for (std::size_t i = 0; i < order.size() && i < relabel.size(); ++i) {  // a random permutation
        std::swap(relabel[i], relabel[static_cast<std::size_t>(order[i]) % relabel.size()]);
    }
    for (auto& p : c.target) p = relabel[p];
    for (auto& p : c.guess) p = relabel[p];
    RC_ASSERT(score_adjacent(c.target, c.guess) == before);
}

RC_GTEST_PROP(ScoringProperties, SwappingTargetAndGuessKeepsTheScore, ()) {
    const auto c = *code_pairs();
    RC_ASSERT(score_adjacent(c.target, c.guess) == score_adjacent(c.guess, c.target));
}

RC_GTEST_PROP(ScoringProperties, ACodeAgainstItselfIsAllBlack, ()) {
    const auto c = *code_pairs();
    RC_ASSERT(score_adjacent(c.target, c.target) ==
              (Score{static_cast<int>(c.target.size()), 0, 0}));
}

}  // namespace
}  // namespace mastermind
