// The engine behind every codebreaker that picks the guess whose partition of the consistent set
// ranks best (Knuth, Irving, Neuwirth, Kooi): each of those is a small policy that ranks a
// partition; this file scores guesses against the set and applies the tie-breaks their sources
// used. Among guesses of equal rank a consistent one wins, then the lowest code number.
//
// Only one guess of each symmetry class is scored (guess_symmetry.hpp): a guess and its image
// have the same partition, the same rank and the same consistency. (docs/performance.md)
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

#include "mastermind/ordinary/codebreaker.hpp"
#include "ordinary/guess_symmetry.hpp"

namespace mastermind::codebreakers {

// A policy ranks a partition (lower is better) from its part sizes: the rank is the sum (or,
// with kMax, the largest) of part(size) over the parts. While a guess is scored, the rank of the
// parts so far is checked every few members against the best guess's, and `optimistic` says the
// best final rank still reachable with `remaining` members to add; a guess that cannot win is
// dropped there.
//
//   struct Policy {
//       using Rank = std::int64_t;
//       static constexpr bool kMax = false;
//       Rank part(std::uint32_t size);
//       static Rank optimistic(Rank rank, std::size_t remaining);
//   };

template <class Policy>
class PartitionSearch final : public Codebreaker {
  public:
    PartitionSearch(const CodeSpace& space, const CodebreakerOptions& options)
        : space_(space),
          first_(options.first),
          budget_(options.budget),
          counts_(space.feedback_slots(), 0),
          touched_((space.feedback_slots() + 63) / 64, 0),
          in_set_(space.size(), 0),
          class_stamp_(space.count_classes(), 0),
          class_bound_(space.count_classes(), 0) {}

    std::uint32_t next(const OrdinaryPosition& position) override {
        if (position.history.empty() && first_) return *first_;
        const auto set = position.consistent;
        const std::size_t n = set.size();
        if (n == 0) throw InconsistentAnswers("no code fits the answers so far");
        if (n <= 2) return set[0];
        masks_.resize(n);
        std::uint64_t present_counts = 0;
        for (std::size_t i = 0; i < n; ++i) {
            masks_[i] = space_.masks(set[i]);
            present_counts |= masks_[i].counts;
        }
        // A consistent code that tells every member apart is the best any rule can do.
        if (n <= space_.feedback_slots()) {
            for (std::size_t i = 0; i < n; ++i) {
                if (parts_of(set[i]) == n) return set[i];
            }
        }
        for (auto s : set) in_set_[s] = 1;
        std::uint32_t present = 0, used = 0;
        for (int c = 0; c < space_.colours(); ++c) {
            const std::uint64_t field = ((std::uint64_t{1} << space_.pegs()) - 1)
                                        << (c * space_.pegs());
            if (present_counts & field) present |= 1u << c;
        }
        for (const auto& g : position.history) {
            for (auto d : space_.digits(g.code)) used |= 1u << d;
        }
        best_.reset();
        ++stamp_;
        // The consistent codes first: they are usually good, and a good rank to beat early lets
        // most other guesses be dropped after a few members. No guess can beat a partition into
        // as many equal parts as there are answers (every policy prefers balance), so the scan
        // stops once the best reaches that bound.
        const std::size_t answers = non_winning_answers();
        const Rank consistent_bound = balanced_rank(n - 1, answers, true);
        const Rank other_bound = balanced_rank(n, answers, false);
        const bool classic = space_.rules() == Rules::classic;
        for (auto g : set) {
            if (!is_canonical_guess(space_, present, used, g))
                continue;  // its class's first member is scored
            classic ? consider<Rules::classic>(g, n) : consider<Rules::adjacent>(g, n);
            if (best_ && best_->rank <= consistent_bound) break;
        }
        if (!best_ || other_bound < best_->rank) {
            // When anything short of telling every member apart loses to the best consistent
            // guess, the choice is the first code (in code order) that does tell them apart.
            const bool only_full =
                best_ && best_->consistent && n <= answers && best_->rank - 1 < pair_rank(n);
            if (only_full) {
                auto visit = [&](std::uint32_t g) {
                    if (in_set_[g] || !(classic ? tells_apart<Rules::classic>(g, n)
                                                : tells_apart<Rules::adjacent>(g, n)))
                        return true;
                    best_ = Best{other_bound, g, false};
                    return false;
                };
                for_each_canonical_guess(space_, present, used, visit);
            } else {
                auto visit = [&](std::uint32_t g) {
                    if (!in_set_[g])
                        classic ? consider<Rules::classic>(g, n) : consider<Rules::adjacent>(g, n);
                    return true;
                };
                for_each_canonical_guess(space_, present, used, visit);
            }
        }
        for (auto s : set) in_set_[s] = 0;
        return best_->code;
    }

  private:
    using Rank = typename Policy::Rank;
    struct Best {
        Rank rank;
        std::uint32_t code;
        bool consistent;
    };

    // An upper bound on how many answers other than all black one guess can get: every
    // (b, w) or (b, g, w) with b < P that sums to at most P, less (P-1, 0, 1) under classic rules.
    std::size_t non_winning_answers() const {
        const auto p = static_cast<std::size_t>(space_.pegs());
        if (space_.rules() == Rules::classic) return (p + 1) * (p + 2) / 2 - (p >= 2 ? 2 : 1);
        return (p + 1) * (p + 2) * (p + 3) / 6 - 1;
    }

    // The rank of `n` members spread as evenly as they can be over `parts` parts (plus the
    // all-black part of one member when `win`): no partition of n members ranks better.
    Rank balanced_rank(std::size_t n, std::size_t parts, bool win) {
        Rank rank = win ? policy_.part(1) : 0;
        const std::size_t used = std::min(n, parts);
        if (used == 0) return rank;
        const std::size_t small = n / used, large_parts = n % used;
        for (std::size_t part = 0; part < used; ++part) {
            rank = combine(
                rank,
                policy_.part(static_cast<std::uint32_t>(small + (part < large_parts ? 1 : 0))));
        }
        return rank;
    }

    // The rank of one pair and n - 2 single members: the best a partition can do short of
    // telling every member apart (every policy prefers balance).
    Rank pair_rank(std::size_t n) {
        Rank rank = policy_.part(2);
        for (std::size_t i = 2; i < n; ++i) rank = combine(rank, policy_.part(1));
        return rank;
    }

    // Whether `guess` gives every member of the set its own answer; stops at the first repeat.
    template <Rules R>
    bool tells_apart(std::uint32_t guess, std::size_t n) {
        const CodeMasks g = space_.masks(guess);
        std::uint64_t* seen = touched_.data();
        std::size_t i = 0;
        bool distinct = true;
        for (; i < n; ++i) {
            const std::uint32_t f = R == Rules::classic ? space_.classic_feedback(g, masks_[i])
                                                        : space_.adjacent_feedback(g, masks_[i]);
            const std::uint64_t bit = std::uint64_t{1} << (f & 63);
            if (seen[f >> 6] & bit) {
                distinct = false;
                break;
            }
            seen[f >> 6] |= bit;
        }
        for (std::size_t w = 0; w < touched_.size(); ++w) seen[w] = 0;
        return distinct;
    }

    std::size_t parts_of(std::uint32_t guess) {
        const CodeMasks g = space_.masks(guess);
        std::size_t parts = 0;
        for (const auto& s : masks_) {
            const auto f = space_.feedback(g, s);
            if (counts_[f]++ == 0) ++parts;
            touched_[f >> 6] |= std::uint64_t{1} << (f & 63);
        }
        clear_counts(counts_.data());
        return parts;
    }

    Rank combine(Rank a, Rank b) const { return Policy::kMax ? std::max(a, b) : a + b; }

    // The rank of the parts counted so far (their ids are the bits of touched_).
    Rank rank_so_far(const std::uint32_t* counts) {
        Rank rank = 0;
        for (std::size_t w = 0; w < touched_.size(); ++w) {
            for (std::uint64_t bits = touched_[w]; bits; bits &= bits - 1) {
                rank = combine(
                    rank,
                    policy_.part(counts[w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))]));
            }
        }
        return rank;
    }

    void clear_counts(std::uint32_t* counts) {
        for (std::size_t w = 0; w < touched_.size(); ++w) {
            for (std::uint64_t bits = touched_[w]; bits; bits &= bits - 1) {
                counts[w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits))] = 0;
            }
            touched_[w] = 0;
        }
    }

    // A bound on the rank of every guess of one count class: black + grey + white against each
    // member depends on the class alone, and a part of the members with c common colours splits
    // into at most as many parts as there are answers with that sum. Computed once per node.
    Rank class_bound(std::uint32_t count_class) {
        if (class_stamp_[count_class] == stamp_) return class_bound_[count_class];
        const std::uint64_t u = space_.class_counts(count_class);
        std::uint32_t by_common[CodeSpace::kMaxPegs + 1] = {};
        for (const auto& s : masks_) ++by_common[__builtin_popcountll(u & s.counts)];
        Rank rank = 0;
        for (std::size_t c = 0; c <= static_cast<std::size_t>(space_.pegs()); ++c) {
            if (by_common[c] == 0) continue;
            const std::size_t answers =
                space_.rules() == Rules::classic ? c + 1 : (c + 1) * (c + 2) / 2;
            rank = combine(rank, balanced_rank(by_common[c], answers, false));
        }
        class_stamp_[count_class] = stamp_;
        class_bound_[count_class] = rank;
        return rank;
    }

    template <Rules R>
    void consider(std::uint32_t guess, std::size_t n) {
        // Every guess, when there is a budget: one guess scores the whole set, which in a large
        // game takes long enough to overrun a budget checked less often.
        if (budget_.limited()) budget_.check("the codebreaker's search");
        const CodeMasks g = space_.masks(guess);
        const bool consistent = in_set_[guess] != 0;
        // The rank this guess must reach to be chosen: better than the best, or equal and
        // ahead of it by the tie-breaks (consistent first, then the lower code number).
        Rank limit = std::numeric_limits<Rank>::max();
        if (best_) {
            const bool wins_tie =
                consistent != best_->consistent ? consistent : guess < best_->code;
            limit = wins_tie ? best_->rank : best_->rank - 1;
            if (class_bound(space_.count_class(guess)) > limit) return;
        }
        std::uint32_t* counts = counts_.data();
        std::uint64_t* touched = touched_.data();
        const auto pegs = static_cast<std::uint32_t>(space_.pegs());
        // Counting runs in blocks without branches; the rank is checked between blocks.
        constexpr std::size_t kBlock = 32;
        Rank rank = 0;
        for (std::size_t begin = 0; begin < n; begin += kBlock) {
            const std::size_t end = std::min(n, begin + kBlock);
            for (std::size_t i = begin; i < end; ++i) {
                std::uint32_t f;
                if constexpr (R == Rules::classic) {
                    f = static_cast<std::uint32_t>(
                            __builtin_popcountll(g.positions & masks_[i].positions)) *
                            pegs +
                        static_cast<std::uint32_t>(
                            __builtin_popcountll(g.counts & masks_[i].counts));
                } else {
                    f = space_.adjacent_feedback(g, masks_[i]);
                }
                ++counts[f];
                touched[f >> 6] |= std::uint64_t{1} << (f & 63);
            }
            rank = rank_so_far(counts);
            if (Policy::optimistic(rank, n - end) > limit) {
                clear_counts(counts);
                return;
            }
        }
        clear_counts(counts);
        best_ = Best{rank, guess, consistent};
    }

    const CodeSpace& space_;
    std::optional<std::uint32_t> first_;
    Budget budget_;  // asked before each guess is scored
    Policy policy_;
    std::vector<std::uint32_t> counts_;
    std::vector<std::uint64_t> touched_;  // bit f: part f has members
    std::vector<std::uint8_t> in_set_;
    std::vector<std::uint32_t> class_stamp_;  // the node (stamp_) each class bound was computed at
    std::vector<Rank> class_bound_;
    std::uint32_t stamp_ = 0;
    std::vector<CodeMasks> masks_;
    std::optional<Best> best_;
};

}  // namespace mastermind::codebreakers
