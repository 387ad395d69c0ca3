// What a histogram of game lengths says in all: entry t holds the games won with t moves (tests
// or guesses). The evaluators' reports and the readers of those reports (draw, merge) derive
// their totals from it in one way.
#pragma once

#include <cstdint>
#include <span>

namespace mastermind {

struct HistogramTotals {
    std::uint64_t won = 0;    // games in the histogram
    std::uint64_t total = 0;  // moves over those games
    int worst = -1;           // the longest game's moves; -1 when there is none

    double mean() const {
        return won > 0 ? static_cast<double>(total) / static_cast<double>(won) : 0;
    }
};

inline HistogramTotals histogram_totals(std::span<const std::uint64_t> histogram) {
    HistogramTotals t;
    for (std::size_t moves = 0; moves < histogram.size(); ++moves) {
        t.won += histogram[moves];
        t.total += moves * histogram[moves];
        if (histogram[moves] > 0) t.worst = static_cast<int>(moves);
    }
    return t;
}

}  // namespace mastermind
