// A stable partition into numbered buckets, in parallel: a counting sort over fixed chunks of the
// input (each chunk counts its elements per bucket; the counts give each chunk its own slots in
// every bucket; each chunk then writes its elements there). Every bucket keeps the input's order,
// so the result does not depend on the threads. The analysis uses it where one table over a huge
// set would miss the cache on every element: partition first, then work on each bucket alone.
#pragma once

#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

namespace mastermind::detail {

// Writes the elements of `in` to `out` (as long) grouped by bucket_of(element), which is below
// `buckets`; returns where each bucket begins in `out`, and the end as a last entry.
template <class T, class BucketOf>
std::vector<std::size_t> parallel_partition(std::span<const T> in, std::span<T> out,
                                            std::size_t buckets, const BucketOf& bucket_of) {
    constexpr std::size_t kChunk = std::size_t{1} << 16;
    const std::size_t chunks = (in.size() + kChunk - 1) / kChunk;
    auto chunk_end = [&](std::size_t c) { return std::min(in.size(), (c + 1) * kChunk); };
    std::vector<std::size_t> next(chunks * buckets,
                                  0);  // [chunk][bucket]: a count, then the next slot
    tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
        std::size_t* count = &next[c * buckets];
        for (std::size_t i = c * kChunk; i < chunk_end(c); ++i) ++count[bucket_of(in[i])];
    });
    std::vector<std::size_t> begin(buckets + 1, 0);
    std::size_t at = 0;
    for (std::size_t b = 0; b < buckets; ++b) {
        begin[b] = at;
        for (std::size_t c = 0; c < chunks; ++c) {
            const auto n = next[c * buckets + b];
            next[c * buckets + b] = at;
            at += n;
        }
    }
    begin[buckets] = at;
    tbb::parallel_for(std::size_t{0}, chunks, [&](std::size_t c) {
        std::size_t* slot = &next[c * buckets];
        for (std::size_t i = c * kChunk; i < chunk_end(c); ++i)
            out[slot[bucket_of(in[i])]++] = in[i];
    });
    return begin;
}

}  // namespace mastermind::detail
