// The work queue: every item once, on the threads asked for; stopped by an item's work, by an
// exception (rethrown by wait, the other items not handed out), or from outside.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <set>
#include <stdexcept>
#include <thread>
#include <vector>

#include "mastermind/engine/work_queue.hpp"

namespace mastermind {
namespace {

TEST(WorkQueue, DoesEveryItemOnce) {
    for (int threads : {0, 1, 2, 5}) {
        std::vector<std::atomic<int>> seen(1000);
        std::mutex mutex;
        std::set<std::thread::id> ids;
        EXPECT_TRUE(for_each_item(seen.size(), threads, [&](std::size_t i) {
            ++seen[i];
            const std::lock_guard lock(mutex);
            ids.insert(std::this_thread::get_id());
            return true;
        }));
        for (const auto& s : seen) EXPECT_EQ(s, 1);
        EXPECT_LE(ids.size(), WorkQueue::threads_for(threads));
    }
    EXPECT_TRUE(for_each_item(0, 2, [](std::size_t) { return false; }));  // nothing to do
}

TEST(WorkQueue, StopsWhenAnItemSaysSo) {
    std::atomic<int> done{0};
    // One thread: items are taken in order, and none after the one that stops.
    EXPECT_FALSE(for_each_item(100, 1, [&](std::size_t i) {
        ++done;
        return i != 9;
    }));
    EXPECT_EQ(done, 10);
    // The last item failing is a failure too.
    EXPECT_FALSE(for_each_item(3, 2, [](std::size_t i) { return i != 2; }));
}

TEST(WorkQueue, RethrowsTheFirstExceptionOnceEveryThreadHasEnded) {
    for (int threads : {2, 1}) {
        WorkQueue queue(1000, threads, [&](std::size_t i) {
            if (i == 3) throw std::runtime_error("item 3");
            return true;
        });
        EXPECT_THROW(queue.wait(), std::runtime_error);
        EXPECT_TRUE(queue.stopped());
    }
    // One thread takes the items in order: none after the one that threw.
    std::atomic<int> started{0};
    WorkQueue queue(1000, 1, [&](std::size_t i) {
        ++started;
        if (i == 3) throw std::runtime_error("item 3");
        return true;
    });
    EXPECT_THROW(
        {
            try {
                queue.wait();
            } catch (const std::runtime_error& e) {
                EXPECT_STREQ(e.what(), "item 3");
                throw;
            }
        },
        std::runtime_error);
    EXPECT_EQ(started, 4);  // the queue stopped handing out items
    EXPECT_TRUE(queue.stopped());
}

TEST(WorkQueue, StopFromOutsideEndsItAfterTheItemsInProgress) {
    std::atomic<bool> release{false};
    std::atomic<int> started{0};
    WorkQueue queue(100, 2, [&](std::size_t) {
        ++started;
        while (!release) std::this_thread::yield();
        return true;
    });
    while (started < 2) std::this_thread::yield();
    queue.stop();
    release = true;
    EXPECT_FALSE(queue.wait());
    EXPECT_EQ(started, 2);
}

}  // namespace
}  // namespace mastermind
