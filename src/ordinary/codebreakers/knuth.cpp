// Knuth (1976), "The computer as Master Mind": the guess whose largest part is smallest (minimax).
#include <algorithm>

#include "codebreakers.hpp"
#include "partition_search.hpp"

namespace mastermind::codebreakers {

namespace {

struct LargestPart {
    using Rank = std::int64_t;
    static constexpr bool kMax = true;
    Rank part(std::uint32_t size) const { return size; }
    static Rank optimistic(Rank rank, std::size_t) { return rank; }
};

}  // namespace

std::unique_ptr<Codebreaker> make_knuth(const CodeSpace& space, const CodebreakerOptions& options) {
    return std::make_unique<PartitionSearch<LargestPart>>(space, options);
}

}  // namespace mastermind::codebreakers
