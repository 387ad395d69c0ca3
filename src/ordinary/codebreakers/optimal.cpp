// `optimal`: the strategy with the fewest guesses in total over the secrets still possible, by
// the exact search of optimal_search.hpp, with every game won within the game's guess limit.
//
// The search runs once for a position it has not seen (the start of the game, or a position
// after a --first guess) and keeps the strategy it proved; every later position of that
// strategy is a table lookup. It first searches without the limit: when that strategy already
// wins every game in time it is optimal under the limit too; otherwise it searches again with
// the limit. The codebreakers of one process (one per thread of `evaluate`) share one search.
#include <algorithm>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include <fmt/format.h>

#include "codebreakers.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind::codebreakers {

namespace {

OptimalSearchOptions search_options(const CodebreakerOptions& options) {
    OptimalSearchOptions o;
    o.threads = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    o.progress = options.progress;
    return o;
}

class SharedSearch {
  public:
    SharedSearch(const CodeSpace& space, const CodebreakerOptions& options)
        : search_(space, search_options(options)), max_guesses_(options.max_guesses) {}

    std::uint32_t next(const OrdinaryPosition& position, const Budget& budget) {
        const std::lock_guard lock(mutex_);
        const auto set = position.consistent;
        if (set.empty()) throw InconsistentAnswers("no code fits the answers so far");
        const int left = max_guesses_ - static_cast<int>(position.history.size());
        if (left < 1) throw std::runtime_error("no guess left");
        if (auto m = known(set, left)) return *m;
        if (search_.solve(position.history, set, OptimalSearch::kUnbounded, budget)) {
            if (auto m = known(set, left)) return *m;
            if (search_.solve(position.history, set, left, budget)) {
                if (auto m = search_.move(set, left)) return m->guess;
            }
        }
        throw std::runtime_error(
            fmt::format("{} secrets cannot all be found within {} more guesses", set.size(), left));
    }

  private:
    // The strategy's move if one search already proved it: the unbounded one when its longest
    // game fits in `left`, else the one searched under the limit.
    std::optional<std::uint32_t> known(std::span<const std::uint32_t> set, int left) const {
        if (auto m = search_.move(set, OptimalSearch::kUnbounded); m && m->depth <= left)
            return m->guess;
        if (left < OptimalSearch::kUnbounded) {
            if (auto m = search_.move(set, left)) return m->guess;
        }
        return std::nullopt;
    }

    std::mutex mutex_;
    OptimalSearch search_;
    int max_guesses_;
};

// One search per game and limit for the whole process, so that the codebreakers of the threads
// of one evaluation share it. The spaces outlive the codebreakers that use them.
std::shared_ptr<SharedSearch> shared_search(const CodeSpace& space,
                                            const CodebreakerOptions& options) {
    static std::mutex mutex;
    static std::map<std::tuple<const CodeSpace*, int>, std::weak_ptr<SharedSearch>> searches;
    const std::lock_guard lock(mutex);
    auto& slot = searches[{&space, options.max_guesses}];
    if (auto existing = slot.lock()) return existing;
    auto made = std::make_shared<SharedSearch>(space, options);
    slot = made;
    return made;
}

class Optimal final : public Codebreaker {
  public:
    Optimal(const CodeSpace& space, const CodebreakerOptions& options)
        : first_(options.first), budget_(options.budget), search_(shared_search(space, options)) {}

    std::uint32_t next(const OrdinaryPosition& position) override {
        if (position.history.empty() && first_) return *first_;
        return search_->next(position, budget_);
    }

  private:
    std::optional<std::uint32_t> first_;
    Budget budget_;
    std::shared_ptr<SharedSearch> search_;
};

// Neuwirth's entropy rule while more than `exact_below` secrets remain, then the exact optimum
// of each set from there on.
class EntropyThenOptimal final : public Codebreaker {
  public:
    EntropyThenOptimal(const CodeSpace& space, const CodebreakerOptions& options)
        : entropy_(make_entropy(space, options)),
          budget_(options.budget),
          search_(shared_search(space, options)),
          exact_below_(options.exact_below) {}

    std::uint32_t next(const OrdinaryPosition& position) override {
        if (position.consistent.size() > exact_below_) return entropy_->next(position);
        return search_->next(position, budget_);
    }

  private:
    std::unique_ptr<Codebreaker> entropy_;
    Budget budget_;
    std::shared_ptr<SharedSearch> search_;
    std::size_t exact_below_;
};

}  // namespace

std::unique_ptr<Codebreaker> make_entropy_optimal(const CodeSpace& space,
                                                  const CodebreakerOptions& options) {
    return std::make_unique<EntropyThenOptimal>(space, options);
}

std::unique_ptr<Codebreaker> make_optimal(const CodeSpace& space,
                                          const CodebreakerOptions& options) {
    return std::make_unique<Optimal>(space, options);
}

}  // namespace mastermind::codebreakers
