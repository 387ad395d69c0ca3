#include "mastermind/engine/work_queue.hpp"

#include <algorithm>
#include <utility>

namespace mastermind {

unsigned WorkQueue::threads_for(int threads) {
    if (threads > 0) return static_cast<unsigned>(threads);
    return std::max(1u, std::thread::hardware_concurrency());
}

WorkQueue::WorkQueue(std::size_t count, int threads, std::function<bool(std::size_t)> work)
    : count_(count), work_(std::move(work)) {
    const auto n = std::min<std::size_t>(threads_for(threads), count);
    threads_.reserve(n);
    for (std::size_t t = 0; t < n; ++t) threads_.emplace_back([this] { run(); });
}

WorkQueue::~WorkQueue() {
    stop();
    for (auto& t : threads_) {
        if (t.joinable()) t.join();
    }
}

void WorkQueue::run() {
    while (!stopped_) {
        const std::size_t item = next_++;
        if (item >= count_) return;
        try {
            if (work_(item))
                ++done_;
            else
                stopped_ = true;
        } catch (...) {
            const std::lock_guard lock(mutex_);
            if (!error_) error_ = std::current_exception();
            stopped_ = true;
        }
    }
}

bool WorkQueue::wait() {
    for (auto& t : threads_) {
        if (t.joinable()) t.join();
    }
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
    return done_ == count_;
}

bool for_each_item(std::size_t count, int threads, std::function<bool(std::size_t)> work) {
    WorkQueue queue(count, threads, std::move(work));
    return queue.wait();
}

}  // namespace mastermind
