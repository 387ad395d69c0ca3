// The editorial's "case analysis, easy": at most 2P - 1 tests (17 for the 9/10/9 game).
//
// Part 1, P tests: for each digit d < P, test d^P with P-1 rotations of the string of the other
// digits; the rotations share one hit+blow, the odd value out (or the common one) is c[d], and
// c[P] is what is left. Part 2: with an absent digit X, locate the present digits in increasing
// order by the key fact (prefixes d^k X^(P-k)), skipping the last one (it fills the positions
// left) and stopping once every position is known.
//
// Where we differ from the slides: d^P was sent in Part 1, and the slides replace it by a string
// with one other digit and then "put (c[d], 0) in place of the last sorted pair". That is wrong
// when the secret starts with d (the replacement scores (c[d]-1, 1), not the largest pair). We
// send instead a filler whose answer is known in advance (knowledge.hpp) and remove exactly that
// answer; the count of tests is the same.
#include "counts_then_locate.hpp"

#include <optional>
#include <vector>

#include "cached_strategy.hpp"
#include "counting_queries.hpp"
#include "editorial_state.hpp"

namespace mastermind::strategies {

namespace {

// The next digit to locate: present, not fully placed, and not the last such digit.
int next_digit(const Knowledge& k) {
    int first = -1, pending = 0;
    for (int d = 0; d < k.colours; ++d) {
        const int c = k.count[static_cast<std::size_t>(d)];
        if (c > 0 && k.placed(d) < c) {
            if (first < 0) first = d;
            ++pending;
        }
    }
    return pending >= 2 ? first : -1;
}

// The editorial state and the locate test planned for the next move: absorbing that test's
// answers needs the same plan, so it is kept here rather than worked out again in absorb().
struct LocateState {
    Knowledge k;
    UsedStrings used;
    std::optional<LocatePlan> plan;  // after Part 1, while a digit is left to locate
};

class CountsThenLocate final : public CachedStrategy<LocateState> {
  public:
    explicit CountsThenLocate(const BatchParams& params) : params_(params) {
        require_digit_game(params, "counts-then-locate");
        for (int d = 0; d < params.pegs; ++d)
            rotation_tests_.push_back(rotation_test(d, params.pegs));
    }

  protected:
    LocateState initial() const override { return fresh_state<LocateState>(params_); }

    void absorb(LocateState& s, std::span<const QueryRecord> history) const override {
        const QueryRecord& record = history.back();
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) {
            s.k.set_count(counted, count_from_rotation_test(record));
            if (counted + 1 == params_.pegs) s.k.infer_last_count();
        } else if (s.plan) {
            absorb_locate(*s.plan, record, s.k);
        }
        s.used.add(record.strings);
        s.plan.reset();
        if (counted_digits(s.k) == params_.pegs) {
            if (const int digit = next_digit(s.k); digit >= 0)
                s.plan = plan_locate(digit, s.k, s.used);
        }
    }

    Move decide(const LocateState& s, const Position& position) const override {
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) return rotation_tests_[static_cast<std::size_t>(counted)];
        if (s.plan) return locate_move(*s.plan, params_.pegs);
        return challenge_from(position);
    }

  private:
    BatchParams params_;
    std::vector<Move> rotation_tests_;  // Part 1's test of each digit
};

}  // namespace

std::unique_ptr<Strategy> make_counts_then_locate(const BatchParams& params, std::uint64_t) {
    return std::make_unique<CountsThenLocate>(params);
}

}  // namespace mastermind::strategies
