// Games finished out of a run's total, counted from any thread and told to a callback now and
// then: each time the count passes a multiple of the step (2^20 games, or a thousandth of a
// smaller run), and at the end. Both evaluators report their walks through it.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <functional>

namespace mastermind {

class GameProgress {
  public:
    using Callback = std::function<void(std::uint64_t done, std::uint64_t total)>;

    GameProgress(std::uint64_t total, Callback callback)
        : total_(total),
          step_(std::clamp<std::uint64_t>(total / 1000, 1, std::uint64_t{1} << 20)),
          callback_(std::move(callback)) {}

    // `n` more games are over.
    void finished(std::uint64_t n) {
        const auto before = done_.fetch_add(n);
        if (callback_ && (before / step_ != (before + n) / step_ || before + n == total_))
            callback_(before + n, total_);
    }
    std::uint64_t done() const { return done_; }
    std::uint64_t total() const { return total_; }

  private:
    std::uint64_t total_;
    std::uint64_t step_;
    Callback callback_;
    // On a cache line of its own: every thread adds to it, and the walk's other shared state
    // (the threads' tallies and players) is read at every node. The alignment also rounds the
    // object's size up to a multiple of 64 bytes, so nothing else shares the line after it.
    alignas(64) std::atomic<std::uint64_t> done_{0};
};

}  // namespace mastermind
