// first-test's climb on the default game (every 997th of the 10^9 secrets: 1,003,010 of them): a
// step that counts the whole changed test again (class_statistics(): every string scored, exact
// keys counted in a hash map) against a step of ClassSample (the changed string scored, the
// multiset hashes updated, the classes counted by parts), side by side. Both on all cores.
#include <benchmark/benchmark.h>

#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/class_sample.hpp"
#include "mastermind/batch/class_statistics.hpp"

namespace {

using namespace mastermind;

constexpr std::uint64_t kStride = 997;
constexpr std::uint64_t kHardSize = 1500;

// The compiled first test and the same with one peg of its first string changed.
struct Tests {
    BatchParams params;
    std::vector<PackedCode> first, changed;
    Tests() {
        first = strategies::adaptive_split_first_test(params, 1);
        changed = first;
        auto text = changed[0].to_string(params.pegs);
        text[4] = text[4] == '0' ? '1' : '0';
        changed[0] = *PackedCode::parse(text, params);
    }
};

void BM_FirstTestStepWhole(benchmark::State& state) {
    const Tests t;
    for (auto _ : state)
        benchmark::DoNotOptimize(class_statistics(t.changed, t.params, kStride, kHardSize));
    state.SetItemsProcessed(state.iterations());
}

void BM_FirstTestStepProposed(benchmark::State& state) {
    const Tests t;
    ClassSample sample(t.params, kStride, kHardSize);
    sample.reset(t.first);
    for (auto _ : state) benchmark::DoNotOptimize(sample.propose(0, t.changed[0]));
    state.SetItemsProcessed(state.iterations());
}

BENCHMARK(BM_FirstTestStepWhole)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_FirstTestStepProposed)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace
