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

#include "cached_strategy.hpp"
#include "counting_tests.hpp"
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

class CountsThenLocate final : public CachedStrategy<EditorialState> {
public:
    explicit CountsThenLocate(const BatchParams& params) : params_(params) {
        require_digit_game(params, "counts-then-locate");
    }

protected:
    EditorialState initial() const override { return fresh_state<EditorialState>(params_); }

    void absorb(EditorialState& s, std::span<const TestRecord> history) const override {
        const TestRecord& record = history.back();
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) {
            s.k.set_count(counted, count_from_rotation_test(record));
            if (counted + 1 == params_.pegs) s.k.infer_last_count();
        } else if (const auto plan = plan_locate(next_digit(s.k), s.k, s.used)) {
            absorb_locate(*plan, record, s.k);
        }
        s.used.add(record.strings);
    }

    Move decide(const EditorialState& s, const Position& position) const override {
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) return rotation_test(counted, params_.pegs);
        const int digit = next_digit(s.k);
        if (digit >= 0) {
            if (const auto plan = plan_locate(digit, s.k, s.used)) return locate_move(*plan, params_.pegs);
        }
        return challenge_from(position);
    }

private:
    BatchParams params_;
};

}  // namespace

std::unique_ptr<Strategy> make_counts_then_locate(const BatchParams& params, std::uint64_t) {
    return std::make_unique<CountsThenLocate>(params);
}

}  // namespace mastermind::strategies
