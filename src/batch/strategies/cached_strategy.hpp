// A strategy whose state after k tests is a function of the state after k-1 tests and test k.
// The states of the last history seen are kept, so a call whose history extends (or shares a
// prefix with) the previous one only absorbs the new tests: the evaluator walks the decision tree
// depth first, and each call then costs one test instead of the whole history.
#pragma once

#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "mastermind/batch/strategy.hpp"

namespace mastermind::strategies {

// Called for every record of the history at every call: the answers (3 bytes each, no padding)
// are compared as bytes, first, as siblings in the walk differ there.
inline bool same_record(const QueryRecord& a, const QueryRecord& b) {
    static_assert(sizeof(HitBlow) == 3 && std::is_trivially_copyable_v<HitBlow>);
    return a.answers.size() == b.answers.size() &&
           (a.answers.empty() || std::memcmp(a.answers.data(), b.answers.data(),
                                             a.answers.size() * sizeof(HitBlow)) == 0) &&
           a.strings == b.strings;
}

template <class State>
class CachedStrategy : public Strategy {
  public:
    Move next(const Position& position) override {
        return decide(state_for(position.history()), position);
    }

  protected:
    virtual State initial() const = 0;
    // The state after the last record of `history`, the answers to the test that decide() chose
    // in `state` (the state after the records before it).
    virtual void absorb(State& state, std::span<const QueryRecord> history) const = 0;
    virtual Move decide(const State& state, const Position& position) const = 0;

  private:
    const State& state_for(std::span<const QueryRecord> history) {
        if (states_.empty()) states_.push_back(initial());
        std::size_t k = 0;
        while (k < known_ && k < history.size() && same_record(seen_[k], history[k])) ++k;
        // states_[0 .. k] and seen_[0 .. k) still hold; the entries past them are kept as
        // storage: assigning over them reuses their vectors' memory instead of freeing and
        // allocating every vector of the states replaced (a sibling in the tree differs from
        // the last call in its last answers only).
        for (; k < history.size(); ++k) {
            if (seen_.size() <= k)
                seen_.push_back(history[k]);
            else
                seen_[k] = history[k];
            if (states_.size() <= k + 1)
                states_.push_back(states_[k]);
            else
                states_[k + 1] = states_[k];
            absorb(states_[k + 1], std::span<const QueryRecord>(seen_.data(), k + 1));
        }
        known_ = history.size();
        return states_[history.size()];
    }

    std::vector<State> states_;      // states_[k]: after the first k records of the last history
    std::vector<QueryRecord> seen_;  // that history (its first known_ records)
    std::size_t known_ = 0;
};

}  // namespace mastermind::strategies
