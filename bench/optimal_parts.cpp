// How the exact search grows with the size of a set: the parts of a first guess solved one by one,
// smallest first, each with the search's statistics, until a time budget is spent. This is what
// docs/results.md extrapolates for 5 pegs and 8 colours, whose whole search does not finish.
// Usage: optimal_parts [PEGS COLOURS FIRST_GUESS SECONDS]   (default 5 8 00112 600)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mastermind/ordinary/consistent_set.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

int main(int argc, char** argv) {
    using namespace mastermind;
    const int pegs = argc > 1 ? std::atoi(argv[1]) : 5;
    const int colours = argc > 2 ? std::atoi(argv[2]) : 8;
    const std::string first_text = argc > 3 ? argv[3] : "00112";
    const double budget = argc > 4 ? std::atof(argv[4]) : 600;
    if (!CodeSpace::check(pegs, colours).empty()) {
        std::fprintf(stderr, "optimal_parts: %s\n", CodeSpace::check(pegs, colours).c_str());
        return 2;
    }
    const CodeSpace space(Rules::classic, pegs, colours);
    const auto first = space.parse(first_text);
    if (!first) {
        std::fprintf(stderr, "optimal_parts: '%s' %s\n", first_text.c_str(),
                     space.describe_bad(first_text).c_str());
        return 2;
    }
    const auto parts = split_by_feedback(space, all_codes(space), *first);
    std::vector<std::size_t> order(parts.feedback.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return parts.part(a).size() < parts.part(b).size();
    });
    std::printf("part\tsecrets\ttotal\tsets_searched\tguesses_scored\ttable_entries\tseconds\n");
    const auto start = std::chrono::steady_clock::now();
    for (auto i : order) {
        if (parts.feedback[i] == space.win()) continue;
        const auto part = parts.part(i);
        OptimalSearch search(space);  // a fresh table: each part's own cost
        const std::vector<Guess> history{{*first, parts.feedback[i]}};
        const auto t0 = std::chrono::steady_clock::now();
        const auto optimum = search.solve(history, part, OptimalSearch::kUnbounded);
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        const auto& st = search.stats();
        std::printf("%s\t%zu\t%llu\t%llu\t%llu\t%llu\t%.3f\n",
                    space.format_feedback(parts.feedback[i]).c_str(), part.size(),
                    static_cast<unsigned long long>(optimum ? optimum->total : 0),
                    static_cast<unsigned long long>(st.nodes),
                    static_cast<unsigned long long>(st.guesses_scored),
                    static_cast<unsigned long long>(st.table_entries), seconds);
        std::fflush(stdout);
        if (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() >
            budget)
            break;
    }
    return 0;
}
