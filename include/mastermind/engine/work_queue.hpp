// Items 0 .. count-1 handed out in order to a few threads: the one way the engine runs
// independent pieces of work that block (programs in the arena) or last long (offline searches),
// where a task scheduler's fixed worker pool is not the tool. Each thread takes the next item
// until there is none, or the queue is stopped: by an item's work (it returns false), by an
// exception of an item's work (kept, and rethrown by wait()), or by stop().
#pragma once

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace mastermind {

class WorkQueue {
  public:
    // Starts min(threads, count) threads (threads 0: one per core); `work(item)` returns whether
    // the queue goes on.
    WorkQueue(std::size_t count, int threads, std::function<bool(std::size_t)> work);
    WorkQueue(const WorkQueue&) = delete;
    WorkQueue& operator=(const WorkQueue&) = delete;
    // Stops the queue and waits for the items in progress (an exception of theirs is dropped).
    ~WorkQueue();

    // No item is handed out after this; those in progress finish.
    void stop() { stopped_ = true; }
    bool stopped() const { return stopped_; }
    // Waits for every thread; rethrows the first exception an item's work threw. True if the work
    // of every item returned true.
    bool wait();

    // The threads a count of 0 means: one per core, at least one.
    static unsigned threads_for(int threads);

  private:
    void run();

    std::size_t count_;
    std::function<bool(std::size_t)> work_;
    std::atomic<std::size_t> next_{0};
    std::atomic<std::size_t> done_{0};
    std::atomic<bool> stopped_{false};
    std::mutex mutex_;
    std::exception_ptr error_;
    std::vector<std::thread> threads_;
};

// Runs `work` on every item (WorkQueue) and waits: true if every item was done.
bool for_each_item(std::size_t count, int threads, std::function<bool(std::size_t)> work);

}  // namespace mastermind
