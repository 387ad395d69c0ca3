// `optimal`: the strategy with the fewest guesses in total over the secrets still possible, by
// the exact search of optimal_search.hpp, with every game won within the game's guess limit.
//
// The search runs once for a position it has not seen (the start of the game, or a position
// after a --first guess) and keeps the strategy it proved; every later position of that
// strategy is a table lookup. It first searches without the limit: when that strategy already
// wins every game in time it is optimal under the limit too; otherwise it searches again with
// the limit. The codebreakers of one process (one per thread of `evaluate`) share one search.
//
// `optimal-worst` first finds the least number of guesses D that wins every game (with the game's
// first guess, when one was played or given): the least D under which the search finds a
// strategy, trying D = 1, 2, ... (a D too small is refuted by the search, mostly by its bounds).
// It then plays the fewest guesses in total among the strategies that win within D.
//
// `optimal-worst-fewest` finds D the same way, then plays the strategy within D with the fewest
// games that take D guesses, and among those the fewest guesses in total (the search's
// fewest_at_limit objective, with D as the limit from the start of the game).
#include <algorithm>
#include <map>
#include <mutex>
#include <thread>
#include <tuple>

#include <fmt/format.h>

#include "codebreakers.hpp"
#include "mastermind/core/text.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind::codebreakers {

namespace {

enum class Objective { total, worst_then_total, worst_then_fewest };

OptimalSearchOptions search_options(const CodebreakerOptions& options, Objective objective) {
    OptimalSearchOptions o;
    o.fewest_at_limit = objective == Objective::worst_then_fewest;
    o.threads = options.threads > 0
                    ? options.threads
                    : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    o.progress = options.progress;
    return o;
}

class SharedSearch {
  public:
    SharedSearch(const CodeSpace& space, const CodebreakerOptions& options, Objective objective)
        : space_(space),
          options_(options),
          search_(space, search_options(options, objective)),
          max_guesses_(options.max_guesses),
          objective_(objective) {}

    std::uint32_t next(const OrdinaryPosition& position, const Budget& budget) {
        const std::lock_guard lock(mutex_);
        const auto set = position.consistent;
        if (set.empty()) throw InconsistentAnswers("no code fits the answers so far");
        const int left = limit(position, budget) - static_cast<int>(position.history.size());
        if (left < 1) throw std::runtime_error("no guess left");
        if (auto m = known(set, left)) return *m;
        if (objective_ == Objective::worst_then_fewest) {
            // Searched under the limit alone: without one no game is at the limit.
            if (search_.solve(position.history, set, left, budget)) {
                if (auto m = search_.move(set, left)) return m->guess;
            }
        } else if (search_.solve(position.history, set, OptimalSearch::kUnbounded, budget)) {
            if (auto m = known(set, left)) return *m;
            if (search_.solve(position.history, set, left, budget)) {
                if (auto m = search_.move(set, left)) return m->guess;
            }
        }
        throw std::runtime_error(fmt::format(
            "no strategy finds all {} within {} more {} (the exact search proves it): a higher "
            "guess limit is needed ({} under a higher one finds the least that suffices)",
            count_of(set.size(), "secret"), left, left == 1 ? "guess" : "guesses",
            objective_ == Objective::total ? "optimal-worst" : "this strategy"));
    }

  private:
    // The most guesses a game may take: the game's limit, or for `optimal-worst` the least that
    // wins every game, found the first time it is needed (with the game's first guess fixed when
    // the position has one: every game of one search starts with the same guess).
    int limit(const OrdinaryPosition& position, const Budget& budget) {
        if (objective_ == Objective::total) return max_guesses_;
        if (!least_worst_) {
            std::vector<std::uint32_t> all(space_.size());
            for (std::uint32_t c = 0; c < space_.size(); ++c) all[c] = c;
            // The limits are tried under the total objective: a search for the fewest games at
            // the limit proves a limit impossible too, but solves every part it can meet exactly
            // under a weaker bound (Bulls and Cows' 6: 85 s against 35).
            std::optional<OptimalSearch> by_total;
            if (objective_ == Objective::worst_then_fewest) {
                auto o = search_options(options_, Objective::total);
                // Its lines say what they are for: its totals are not the strategy's.
                if (o.progress) {
                    o.progress = [report = o.progress](const std::string& line) {
                        report("finding the least worst case: " + line);
                    };
                }
                by_total.emplace(space_, o);
            }
            OptimalSearch& search = by_total ? *by_total : search_;
            int least = max_guesses_;
            for (int d = 1; d < max_guesses_; ++d) {
                if (position.history.empty()
                        ? search.solve({}, all, d, budget).has_value()
                        : parts_within(search, position.history.front().code, all, d - 1,
                                       budget)) {
                    least = d;
                    break;
                }
            }
            least_worst_ = least;
        }
        return *least_worst_;
    }

    // Whether, after `first`, every secret other than `first` is found within `left` guesses.
    bool parts_within(OptimalSearch& search, std::uint32_t first,
                      std::span<const std::uint32_t> all, int left, const Budget& budget) {
        std::vector<std::vector<std::uint32_t>> parts(space_.feedback_slots());
        for (auto s : all) {
            if (s != first) parts[space_.feedback(first, s)].push_back(s);
        }
        for (std::uint32_t f = 0; f < parts.size(); ++f) {
            if (parts[f].empty()) continue;
            if (left < 1) return false;
            const Guess history[] = {{first, f}};
            if (!search.solve(history, parts[f], left, budget)) return false;
        }
        return true;
    }

    // The strategy's move if one search already proved it: the unbounded one when its longest
    // game fits in `left`, else the one searched under the limit.
    std::optional<std::uint32_t> known(std::span<const std::uint32_t> set, int left) const {
        if (objective_ == Objective::worst_then_fewest) {
            if (auto m = search_.move(set, left)) return m->guess;
            return std::nullopt;
        }
        if (auto m = search_.move(set, OptimalSearch::kUnbounded); m && m->depth <= left)
            return m->guess;
        if (left < OptimalSearch::kUnbounded) {
            if (auto m = search_.move(set, left)) return m->guess;
        }
        return std::nullopt;
    }

    std::mutex mutex_;
    const CodeSpace& space_;
    CodebreakerOptions options_;
    OptimalSearch search_;
    int max_guesses_;
    Objective objective_;
    std::optional<int> least_worst_;
};

// One search per game and limit for the whole process, so that the codebreakers of the threads
// of one evaluation share it. The spaces outlive the codebreakers that use them.
std::shared_ptr<SharedSearch> shared_search(const CodeSpace& space,
                                            const CodebreakerOptions& options,
                                            Objective objective = Objective::total) {
    static std::mutex mutex;
    static std::map<std::tuple<const CodeSpace*, int, Objective>, std::weak_ptr<SharedSearch>>
        searches;
    const std::lock_guard lock(mutex);
    auto& slot = searches[{&space, options.max_guesses, objective}];
    if (auto existing = slot.lock()) return existing;
    auto made = std::make_shared<SharedSearch>(space, options, objective);
    slot = made;
    return made;
}

class Optimal final : public Codebreaker {
  public:
    Optimal(const CodeSpace& space, const CodebreakerOptions& options, Objective objective)
        : first_(options.first),
          budget_(options.budget),
          search_(shared_search(space, options, objective)) {}

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
    return std::make_unique<Optimal>(space, options, Objective::total);
}

std::unique_ptr<Codebreaker> make_optimal_worst(const CodeSpace& space,
                                                const CodebreakerOptions& options) {
    return std::make_unique<Optimal>(space, options, Objective::worst_then_total);
}

std::unique_ptr<Codebreaker> make_optimal_worst_fewest(const CodeSpace& space,
                                                       const CodebreakerOptions& options) {
    return std::make_unique<Optimal>(space, options, Objective::worst_then_fewest);
}

}  // namespace mastermind::codebreakers
