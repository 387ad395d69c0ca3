#include "parallel_prefix.hpp"

#include <algorithm>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <string_view>
#include <thread>
#include <vector>

namespace mastermind::detail {

namespace {

// Slices (about 1 MiB of input by default) are cut after a line end; at most two per thread are
// scored ahead of the writer, so memory stays bounded whatever the file's size.
constexpr std::size_t kFirstOutputBytes = std::size_t{1} << 16;

struct Slice {
    const char* begin = nullptr;
    const char* end = nullptr;
    std::vector<char> out;
    std::size_t out_used = 0;
    const char* next = nullptr;  // where the block scorer stopped
    std::uint64_t lines = 0;
    bool done = false;
};

// Slice i runs from the first line start at or after begin + i * slice_bytes to the next slice's;
// each worker finds both ends itself (reading only near them), so no pass over the file comes
// first. A line longer than a slice makes some slices empty.
const char* cut(const char* begin, const char* end, std::size_t index, std::size_t slice_bytes) {
    if (index == 0) return begin;
    const auto offset = index * slice_bytes;
    if (offset >= static_cast<std::size_t>(end - begin)) return end;
    const char* from = begin + offset - 1;
    const void* newline = std::memchr(from, '\n', static_cast<std::size_t>(end - from));
    return newline ? static_cast<const char*>(newline) + 1 : end;
}

void score_slice(Slice& slice, BlockScorer block, Rules rules) {
    const char* p = slice.begin;
    for (;;) {
        // The block scorer stops when the output room runs short: grow it and go on.
        if (slice.out.size() - slice.out_used < 4 * kBlockOutputReserve) {
            slice.out.resize(std::max<std::size_t>(2 * slice.out.size(), kFirstOutputBytes));
        }
        char* const out = slice.out.data();
        const auto progress =
            block(p, slice.end, out + slice.out_used, out + slice.out.size(), rules);
        slice.out_used = static_cast<std::size_t>(progress.out - out);
        slice.lines += progress.lines;
        const bool stuck = progress.next == p && progress.lines == 0;
        p = progress.next;
        if (p == slice.end) break;
        if (stuck && slice.out.size() - slice.out_used >= 4 * kBlockOutputReserve) break;
    }
    slice.next = p;
}

}  // namespace

PrefixProgress score_prefix_in_parallel(const char* begin, const char* end, BlockScorer block,
                                        Rules rules, int threads, OutputSink& sink,
                                        const std::function<void(const char*)>& done,
                                        std::size_t slice_bytes) {
    const std::size_t count =
        (static_cast<std::size_t>(end - begin) + slice_bytes - 1) / slice_bytes;
    const std::size_t window = 2 * static_cast<std::size_t>(threads);
    std::vector<Slice> ring(window);

    std::mutex mutex;
    std::condition_variable changed;
    std::size_t next_to_take = 0;  // the next slice a worker takes
    std::size_t written = 0;       // slices written (by the calling thread)
    bool stop = false;

    auto worker = [&] {
        for (;;) {
            std::size_t index;
            {
                std::unique_lock lock(mutex);
                changed.wait(lock, [&] {
                    return stop || next_to_take >= count || next_to_take < written + window;
                });
                if (stop || next_to_take >= count) return;
                index = next_to_take++;
            }
            Slice& slice = ring[index % window];
            slice.begin = cut(begin, end, index, slice_bytes);
            slice.end = cut(begin, end, index + 1, slice_bytes);
            slice.out_used = 0;
            slice.lines = 0;
            score_slice(slice, block, rules);
            {
                std::lock_guard lock(mutex);
                slice.done = true;
            }
            changed.notify_all();
        }
    };

    std::vector<std::thread> pool;
    // Stops and joins the workers on every way out, a throwing sink included.
    struct Joiner {
        std::vector<std::thread>& pool;
        std::mutex& mutex;
        std::condition_variable& changed;
        bool& stop;
        ~Joiner() {
            {
                std::lock_guard lock(mutex);
                stop = true;
            }
            changed.notify_all();
            for (auto& t : pool) t.join();
        }
    } joiner{pool, mutex, changed, stop};
    for (int t = 0; t < threads; ++t) pool.emplace_back(worker);

    PrefixProgress progress{begin, 0};
    for (std::size_t index = 0; index < count; ++index) {
        Slice& slice = ring[index % window];
        {
            std::unique_lock lock(mutex);
            changed.wait(lock, [&] { return slice.done; });
        }
        if (slice.out_used > 0) sink.write({slice.out.data(), slice.out_used});
        progress.lines += slice.lines;
        progress.next = slice.next;
        done(slice.next);
        if (slice.next != slice.end) break;  // a line the block scorer does not take
        {
            std::lock_guard lock(mutex);
            slice.done = false;
            written = index + 1;  // the slot is free for slice index + window
        }
        changed.notify_all();
    }
    return progress;
}

}  // namespace mastermind::detail
