// A limit on one piece of work: a deadline, a stop flag that another thread sets (a server that
// is stopping), or both. Long searches ask it now and then and give up with BudgetExhausted, so
// that a person's hint, a page's request or a stopping server never waits on a search without
// end. The default budget is unlimited.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>

namespace mastermind {

// Thrown by work that ran out of its budget; what() says what gave up.
class BudgetExhausted : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class Budget {
  public:
    using Clock = std::chrono::steady_clock;

    Budget() = default;
    // `seconds` from now (and `stop`, when given and set, ends it sooner).
    static Budget of_seconds(double seconds, const std::atomic<bool>* stop = nullptr) {
        Budget b;
        b.seconds_ = seconds;
        b.deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                         std::chrono::duration<double>(seconds));
        b.stop_ = stop;
        return b;
    }
    // No deadline, only the flag.
    static Budget until(const std::atomic<bool>& stop) {
        Budget b;
        b.stop_ = &stop;
        return b;
    }

    // This budget, ending `seconds` from now at the latest (its stop flags kept): a step of a
    // larger piece of work that may take no longer.
    Budget at_most(double seconds) const {
        Budget b = of_seconds(seconds, stop_);
        b.also_ = also_;
        if (deadline_ < b.deadline_) {
            b.deadline_ = deadline_;
            b.seconds_ = seconds_;
        }
        return b;
    }

    // This budget, ended by `stop` too (a second flag: a signal's beside an output's reader).
    Budget also_until(const std::atomic<bool>& stop) const {
        Budget b = *this;
        (b.stop_ ? b.also_ : b.stop_) = &stop;
        return b;
    }

    bool limited() const { return deadline_ != Clock::time_point::max() || stop_ != nullptr; }
    bool stopped() const {
        return (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) ||
               (also_ != nullptr && also_->load(std::memory_order_relaxed));
    }
    bool exhausted() const {
        return stopped() || (deadline_ != Clock::time_point::max() && Clock::now() >= deadline_);
    }
    // The seconds it allows, when it has a deadline.
    std::optional<double> seconds() const { return seconds_; }
    // Throws BudgetExhausted naming `what` when exhausted.
    void check(const char* what) const {
        if (exhausted()) throw BudgetExhausted(describe(what));
    }
    // "<what> gave up after 2 s" or "<what> was stopped".
    std::string describe(const char* what) const {
        if (stopped() || !seconds_) return std::string(what) + " was stopped";
        char text[64];
        std::snprintf(text, sizeof text, " gave up after its budget of %g s", *seconds_);
        return std::string(what) + text;
    }

  private:
    Clock::time_point deadline_ = Clock::time_point::max();  // max: none
    std::optional<double> seconds_;
    const std::atomic<bool>* stop_ = nullptr;
    const std::atomic<bool>* also_ = nullptr;  // also_until(): set only beside stop_
};

// The budget of the work running on this thread, for code deep below that takes no budget of its
// own (a batch strategy's move, which lists the secrets consistent with a history): whoever runs
// the work sets it for the call (an evaluation's walk, around each move), the deep code asks
// ambient_budget() now and then. Unlimited where none is set.
namespace detail {
inline thread_local const Budget* ambient = nullptr;
}
inline const Budget& ambient_budget() {
    static const Budget unlimited;
    return detail::ambient ? *detail::ambient : unlimited;
}
class BudgetScope {
  public:
    explicit BudgetScope(const Budget& budget) : saved_(detail::ambient) {
        detail::ambient = &budget;
    }
    ~BudgetScope() { detail::ambient = saved_; }
    BudgetScope(const BudgetScope&) = delete;
    BudgetScope& operator=(const BudgetScope&) = delete;

  private:
    const Budget* saved_;
};

}  // namespace mastermind
