// Irving (1978/79), "Towards an optimum Mastermind strategy": the guess with the smallest expected
// size of the part the secret falls in, sum of squared part sizes over n (n is the same for every
// guess, so the integer sum of squares ranks exactly).
#include "codebreakers.hpp"
#include "partition_search.hpp"

namespace mastermind::codebreakers {

namespace {

struct ExpectedSize {
    using Rank = std::int64_t;
    static constexpr bool kMax = false;
    Rank part(std::uint32_t size) const { return Rank{size} * size; }
    // Each member still to come adds at least 1 (a new part) to the sum of squares.
    static Rank optimistic(Rank rank, std::size_t remaining) {
        return rank + static_cast<Rank>(remaining);
    }
};

}  // namespace

std::unique_ptr<Codebreaker> make_irving(const CodeSpace& space,
                                         const CodebreakerOptions& options) {
    return std::make_unique<PartitionSearch<ExpectedSize>>(space, options);
}

}  // namespace mastermind::codebreakers
