// A person's hint at the table, natively: what the page's engine does in the browser for the same
// game, seed and guess (scripts/bench-web.sh runs bench/web_bench.js beside it and prints the
// ratios). The cases are the page's: Knuth's move after a first guess on 4x6 and 5x8, and the
// table's set-up (the code space of every code and its masks).
#include <benchmark/benchmark.h>

#include <stdexcept>
#include <string>

#include "mastermind/ordinary/table.hpp"

namespace {

using namespace mastermind;

struct Case {
    int pegs, colours;
    const char* first;  // the guess played before the hint
};
// The same list, in the same order, as bench/web_bench.js.
constexpr Case kCases[] = {{4, 6, "0011"}, {5, 8, "00112"}};
constexpr std::uint64_t kSeed = 1;

OrdinaryParams params_of(const Case& c) {
    OrdinaryParams p;
    p.pegs = c.pegs;
    p.colours = c.colours;
    return p;
}

void BM_TableStart(benchmark::State& state) {
    const Case& c = kCases[state.range(0)];
    for (auto _ : state) {
        OrdinaryTable table(params_of(c), kSeed);
        benchmark::DoNotOptimize(table.secret());
    }
    state.SetLabel(std::to_string(c.pegs) + "x" + std::to_string(c.colours));
}

void BM_KnuthHint(benchmark::State& state) {
    const Case& c = kCases[state.range(0)];
    OrdinaryTable table(params_of(c), kSeed);
    if (!table.guess(c.first).empty()) throw std::logic_error("the benchmark's guess is refused");
    for (auto _ : state) {
        const auto hint = table.hint("knuth");
        if (!hint.code) throw std::logic_error(hint.why_not);
        benchmark::DoNotOptimize(*hint.code);
    }
    state.SetLabel(std::to_string(c.pegs) + "x" + std::to_string(c.colours) + " after " + c.first);
}

BENCHMARK(BM_TableStart)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_KnuthHint)->DenseRange(0, 1)->Unit(benchmark::kMillisecond);

}  // namespace
