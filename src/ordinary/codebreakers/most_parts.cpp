// Kooi (2005), "Yet another Mastermind strategy": the guess that splits the set into the most
// parts (the all-black part of a consistent guess counts as one).
#include "codebreakers.hpp"
#include "partition_search.hpp"

namespace mastermind::codebreakers {

namespace {

struct MostParts {
    using Rank = std::int64_t;
    static constexpr bool kMax = false;
    Rank part(std::uint32_t) const { return -1; }
    // Each member still to come could open a part of its own.
    static Rank optimistic(Rank rank, std::size_t remaining) {
        return rank - static_cast<Rank>(remaining);
    }
};

}  // namespace

std::unique_ptr<Codebreaker> make_most_parts(const CodeSpace& space,
                                             const CodebreakerOptions& options) {
    return std::make_unique<PartitionSearch<MostParts>>(space, options);
}

}  // namespace mastermind::codebreakers
