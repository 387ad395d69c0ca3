// The editorial's "search, easy" (about 12 tests, never proven): the P counting tests of
// counts-then-locate, then the search phase (search_phase.hpp).
#include "search_strategies.hpp"

#include "cached_strategy.hpp"
#include "counting_queries.hpp"
#include "editorial_state.hpp"
#include "search_phase.hpp"

namespace mastermind::strategies {

namespace {

class SearchAfterCounts final : public CachedStrategy<EditorialState> {
  public:
    SearchAfterCounts(const BatchParams& params, std::uint64_t seed)
        : params_(params), seed_(seed) {
        require_digit_game(params, "search-after-counts");
    }

  protected:
    EditorialState initial() const override { return fresh_state<EditorialState>(params_); }

    void absorb(EditorialState& s, std::span<const QueryRecord> history) const override {
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) {
            s.k.set_count(counted, count_from_rotation_test(history.back()));
            if (counted + 1 == params_.pegs) s.k.infer_last_count();
        }
        s.used.add(history.back().strings);
    }

    Move decide(const EditorialState& s, const Position& position) const override {
        const int counted = counted_digits(s.k);
        if (counted < params_.pegs) return rotation_test(counted, params_.pegs);
        return search_move(position, s.used, seed_);
    }

  private:
    BatchParams params_;
    std::uint64_t seed_;
};

}  // namespace

std::unique_ptr<Strategy> make_search_after_counts(const BatchParams& params, std::uint64_t seed) {
    return std::make_unique<SearchAfterCounts>(params, seed);
}

}  // namespace mastermind::strategies
