// What a walk of a player's decision tree keeps, the same in both games: each thread's own
// player (a strategy or codebreaker holds state between calls), each thread's tally, the run's
// progress, and the way a node's parts are visited (in parallel above a size, in order below).
// The evaluators (batch/evaluator.cpp, ordinary/evaluation.cpp) walk their game's tree on it;
// how a node's set is split is each game's own.
#pragma once

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "mastermind/engine/progress.hpp"
#include "mastermind/engine/tally.hpp"

namespace mastermind {

template <class Player>
class TreeWalk {
  public:
    // `make_player` is called once per thread that walks; `total` games in the run.
    TreeWalk(std::function<std::unique_ptr<Player>()> make_player, std::size_t examples,
             std::uint64_t total, GameProgress::Callback progress)
        : players_(std::move(make_player)),
          tallies_(Tally(examples)),
          examples_(examples),
          progress_(total, std::move(progress)) {}

    // This thread's player and tally.
    Player& player() { return *players_.local(); }
    Tally& tally() { return tallies_.local(); }
    // `n` games are over (won or lost).
    void finished(std::uint64_t n) { progress_.finished(n); }
    // Every secret of `set` lost, for one reason.
    template <class Set>
    void fail_all(const Set& set, const std::string& why) {
        auto& t = tally();
        for (auto s : set) t.fail(s, why);
        finished(set.size());
    }

    // Visits parts 0 .. parts-1 of a node: as parallel tasks when `parallel` and there is more
    // than one (`visit(part, true)`: the visit runs on a task of its own and must copy what the
    // node's visits share), else in order on this thread (`visit(part, false)`).
    template <class Visit>
    static void visit_parts(std::size_t parts, bool parallel, Visit&& visit) {
        if (parallel && parts > 1) {
            tbb::parallel_for(std::size_t{0}, parts, [&](std::size_t part) { visit(part, true); });
        } else {
            for (std::size_t part = 0; part < parts; ++part) visit(part, false);
        }
    }

    // Every thread's tally, absorbed: the smallest examples of all (tally.hpp).
    Tally merged() const {
        Tally all(examples_);
        for (const auto& t : tallies_) all.absorb(t);
        return all;
    }

  private:
    tbb::enumerable_thread_specific<std::unique_ptr<Player>> players_;
    tbb::enumerable_thread_specific<Tally> tallies_;
    std::size_t examples_;
    GameProgress progress_;
};

}  // namespace mastermind
