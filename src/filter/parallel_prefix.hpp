// `mastermind score` on several cores: the valid lines at the start of a file in memory, scored in
// slices by worker threads and written in order.
#pragma once

#include <cstdint>
#include <functional>

#include "letter_kernel.hpp"
#include "mastermind/filter/io.hpp"

namespace mastermind::detail {

struct PrefixProgress {
    const char* next;     // the first line not scored: bad, "#", unfinished, or the end
    std::uint64_t lines;  // lines scored and written
};

// Scores [begin, end) with `block` on `threads` threads, slice by slice (slices end at line ends),
// and writes each slice's output to `sink` in file order, up to the first line the block scorer
// does not take; what follows that line is left alone (slices already scored past it are
// dropped), so the caller goes on from `next` exactly as if everything had run on one thread.
// `begin`..`end` must be readable 64 bytes before and 128 after. `done(p)` is told, in order,
// that every byte before p has been scored and written. If the sink throws, the workers are
// stopped and joined first.
// `slice_bytes`: the nominal slice size (tests use small ones).
PrefixProgress score_prefix_in_parallel(const char* begin, const char* end, BlockScorer block,
                                        Rules rules, int threads, OutputSink& sink,
                                        const std::function<void(const char*)>& done,
                                        std::size_t slice_bytes = std::size_t{1} << 20);

}  // namespace mastermind::detail
