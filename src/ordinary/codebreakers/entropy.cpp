// Neuwirth (1982), "Some strategies for Mastermind": the guess whose partition has the largest
// entropy, -sum p log p with p = part / n, i.e. the smallest sum of part * log2(part). Each term is
// a fixed-point integer (2^-32 units) from a table, so that two partitions with the same part sizes
// rank exactly equal whatever order their parts come in, and ties fall to the tie-breaks.
#include <cmath>
#include <vector>

#include "codebreakers.hpp"
#include "partition_search.hpp"

namespace mastermind::codebreakers {

namespace {

class Entropy {
  public:
    using Rank = std::int64_t;
    static constexpr bool kMax = false;
    Rank part(std::uint32_t size) {
        if (size >= table_.size()) grow(2 * static_cast<std::size_t>(size));
        return table_[size];
    }
    // Adding a member never lowers the sum (c log c grows with c).
    static Rank optimistic(Rank rank, std::size_t) { return rank; }

  private:
    void grow(std::size_t n) {
        const std::size_t from = table_.size();
        table_.resize(n + 1);
        for (std::size_t c = from; c <= n; ++c) {
            const double x = static_cast<double>(c);
            table_[c] = c < 2 ? 0 : std::llround(x * std::log2(x) * 4294967296.0);
        }
    }
    std::vector<Rank> table_;
};

}  // namespace

std::unique_ptr<Codebreaker> make_entropy(const CodeSpace& space,
                                          const CodebreakerOptions& options) {
    return std::make_unique<PartitionSearch<Entropy>>(space, options);
}

}  // namespace mastermind::codebreakers
