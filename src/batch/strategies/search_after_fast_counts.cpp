// The editorial's "search, hard" (about 7 tests claimed, never proven; 9/10/9 only).
// Test 1 is the counting test of digit 0. If c[0] = 0, locate 1..8 with the key fact over 0
// (9 tests at most, no search; we stop once every position is known). Otherwise tests 2-4 count
// three digits each (counting_queries.hpp: multiplicities 1, 3, 5), then the search phase.
#include "search_strategies.hpp"

#include "cached_strategy.hpp"
#include "counting_queries.hpp"
#include "editorial_state.hpp"
#include "search_phase.hpp"

namespace mastermind::strategies {

namespace {

struct FastCountsState : EditorialState {
    int tests = 0;
};

class SearchAfterFastCounts final : public CachedStrategy<FastCountsState> {
  public:
    SearchAfterFastCounts(const BatchParams& params, std::uint64_t seed)
        : params_(params), seed_(seed) {
        require_default_game(params, "search-after-fast-counts");
    }

  protected:
    FastCountsState initial() const override { return fresh_state<FastCountsState>(params_); }

    void absorb(FastCountsState& s, std::span<const QueryRecord> history) const override {
        const QueryRecord& record = history.back();
        if (s.tests == 0) {
            s.k.set_count(0, count_from_rotation_test(record));
        } else if (s.k.count[0] == 0) {
            if (const auto plan = plan_locate(locate_digit(s), s.k, s.used))
                absorb_locate(*plan, record, s.k);
        } else if (s.tests <= 3) {
            absorb_triple_count(record, 3 * s.tests - 2, s.k);
        }
        ++s.tests;
        s.used.add(record.strings);
    }

    Move decide(const FastCountsState& s, const Position& position) const override {
        if (s.tests == 0) return rotation_test(0, 9);
        if (s.k.count[0] == 0) {
            const int digit = locate_digit(s);
            if (digit <= 8 && s.k.known_positions() < 9) {
                if (const auto plan = plan_locate(digit, s.k, s.used)) return locate_move(*plan, 9);
            }
            Knowledge k = s.k;
            k.infer_last_count();
            return challenge_from(position);
        }
        if (s.tests <= 3) return triple_count_test(3 * s.tests - 2);
        return search_move(position, s.used, seed_);
    }

  private:
    // With c[0] = 0, test t (t >= 1) locates digit t.
    static int locate_digit(const FastCountsState& s) { return s.tests; }

    BatchParams params_;
    std::uint64_t seed_;
};

}  // namespace

std::unique_ptr<Strategy> make_search_after_fast_counts(const BatchParams& params,
                                                        std::uint64_t seed) {
    return std::make_unique<SearchAfterFastCounts>(params, seed);
}

}  // namespace mastermind::strategies
