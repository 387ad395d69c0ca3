// Scorers side by side on the same generated pairs: pairs scored per second by the reference
// scorer (Code spans) and every letter kernel; then the whole block loop of the filter per kernel.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "filter/letter_kernel.hpp"
#include "mastermind/core/random.hpp"
#include "mastermind/core/scoring.hpp"
#include "mastermind/filter/score_filter.hpp"
#include "mastermind/filter/score_input.hpp"

namespace {

using namespace mastermind;

struct Corpus {
    std::string text;                                // generated lines, padded for the kernels
    std::vector<std::pair<std::size_t, int>> lines;  // offset of the target, pegs
    std::vector<std::vector<std::uint8_t>> targets, guesses;
};

const Corpus& corpus() {
    static const Corpus c = [] {
        Corpus built;
        Rng rng(1);
        std::string raw(64, 'A');
        for (int i = 0; i < 20000; ++i) {
            const std::size_t start = raw.size();
            append_score_line(rng, raw);
            const int n = static_cast<int>((raw.size() - start - 2) / 2);
            built.lines.emplace_back(start, n);
            std::vector<std::uint8_t> t, g;
            for (int k = 0; k < n; ++k) {
                t.push_back(static_cast<std::uint8_t>(raw[start + k] - 'A'));
                g.push_back(static_cast<std::uint8_t>(raw[start + n + 1 + k] - 'A'));
            }
            built.targets.push_back(std::move(t));
            built.guesses.push_back(std::move(g));
        }
        raw.append(256, 'A');
        built.text = std::move(raw);
        return built;
    }();
    return c;
}

void BM_ReferenceScorer(benchmark::State& state) {
    const auto& c = corpus();
    for (auto _ : state) {
        for (std::size_t i = 0; i < c.targets.size(); ++i) {
            benchmark::DoNotOptimize(score_adjacent(c.targets[i], c.guesses[i]));
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.targets.size()));
}

void run_kernel(benchmark::State& state, detail::LetterKernel kernel) {
    const auto& c = corpus();
    for (auto _ : state) {
        for (const auto& [start, n] : c.lines) {
            Score s;
            const char* t = c.text.data() + start;
            benchmark::DoNotOptimize(kernel(t, t + n + 1, n, Rules::adjacent, s));
            benchmark::DoNotOptimize(s);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.lines.size()));
}

// Every kernel by name, so that one run compares them side by side; a kernel this processor
// lacks is reported as skipped.
void BM_LetterKernel(benchmark::State& state, ScoreKernel kind) {
    if (!score_kernel_supported(kind)) {
        state.SkipWithError("this processor lacks the kernel's instructions");
        return;
    }
    run_kernel(state, detail::kernel_pair(kind).letters);
}

// The whole block loop (line ends, validation, scoring, output formatting) over the corpus.
void BM_BlockScorer(benchmark::State& state, ScoreKernel kind) {
    if (!score_kernel_supported(kind)) {
        state.SkipWithError("this processor lacks the kernel's instructions");
        return;
    }
    const auto& c = corpus();
    const detail::BlockScorer block = detail::kernel_pair(kind).block;
    const char* begin = c.text.data() + 64;
    const char* end = c.text.data() + c.text.size() - 256;
    std::vector<char> out(c.text.size() * 2 + 4096);
    for (auto _ : state) {
        const auto progress =
            block(begin, end, out.data(), out.data() + out.size(), Rules::adjacent);
        if (progress.lines != c.lines.size()) state.SkipWithError("the block loop stopped early");
        benchmark::DoNotOptimize(progress);
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(c.lines.size()));
    state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(end - begin));
}

BENCHMARK(BM_ReferenceScorer);
BENCHMARK_CAPTURE(BM_LetterKernel, portable, ScoreKernel::portable);
BENCHMARK_CAPTURE(BM_LetterKernel, avx2, ScoreKernel::avx2);
BENCHMARK_CAPTURE(BM_LetterKernel, avx512, ScoreKernel::avx512);
BENCHMARK_CAPTURE(BM_BlockScorer, portable, ScoreKernel::portable);
BENCHMARK_CAPTURE(BM_BlockScorer, avx2, ScoreKernel::avx2);
BENCHMARK_CAPTURE(BM_BlockScorer, avx512, ScoreKernel::avx512);

}  // namespace
