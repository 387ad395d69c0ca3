// The search for a test that splits a set of secrets into singletons: every secret of the set
// gets its own multiset of answers, so that the next move is the challenge.
//
// A local search (simulated annealing) over the B strings of the test. The state keeps, per
// secret, the answer of each string and a 64-bit multiset hash of them (the sum of one random
// word per (hit, blow) pair), so that a move, which changes one string, scores the set against
// that string only and counts the secrets not alone with one pass over a hash table; a move whose
// count already exceeds what the annealing would accept stops early. Moves: one peg of a string
// changed, two pegs of a string swapped, a string replaced by a copy of a secret still sharing
// its answers (a string equal to a secret answers (P, 0) to that secret alone) with at most one
// peg changed, or by a random string. Every random choice comes from the caller's Rng, so the
// result is a function of the set, the start and the seed. The result's count is exact (checked
// with the exact answer keys, not the hashes). docs/strategies.md, "The second test".
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "mastermind/batch/code_columns.hpp"
#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {

struct SplitResult {
    std::vector<PackedCode> test;
    std::size_t not_alone = 0;  // secrets of the set that share their answers with another
    std::uint64_t steps = 0;    // moves scored
};

class SplitSearch {
  public:
    // `members`: the set (indices of secrets at either width, position.hpp; classic rules,
    // B <= 16); `avoid`: strings the test must not contain (sent before). Keeps its own copy of
    // both (the members as digits).
    SplitSearch(const BatchParams& params, std::span<const std::uint32_t> members,
                std::span<const PackedCode> avoid);
    SplitSearch(const BatchParams& params, std::span<const std::uint64_t> members,
                std::span<const PackedCode> avoid);

    std::size_t size() const { return members_; }

    // Secrets not alone under `test`, exactly.
    std::size_t not_alone(std::span<const PackedCode> test) const;

    // Anneals from `start` (B distinct strings, none avoided) for at most `steps` moves, in
    // `restarts` + 1 runs from the best test so far; stops as soon as every secret is alone.
    SplitResult improve(std::vector<PackedCode> start, Rng& rng, std::uint64_t steps,
                        int restarts = 0);

  private:
    struct Run;
    SplitSearch(const BatchParams& params, std::size_t members, std::span<const PackedCode> avoid);
    template <class Index>
    void set_members(std::span<const Index> members);  // the members' digits, at either width
    PackedCode move(Run& run, Rng& rng, std::size_t j) const;
    bool allowed(const PackedCode& code, std::span<const PackedCode> test,
                 std::size_t replaced) const;

    BatchParams params_;
    std::size_t members_ = 0;
    CodeColumns columns_;               // the members
    std::vector<std::uint64_t> avoid_;  // nibbles, sorted
};

}  // namespace mastermind
