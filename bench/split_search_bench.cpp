// The second-test search on the largest answer class we know of a fixed first test of the default
// game (5,187 secrets, that of 434200101): a step of a whole-test climb (the whole test scored for
// every secret of the class, keys sorted) against a step of SplitSearch's annealing (one string
// scored, the multiset hashes updated, equal hashes counted in a table), side by side.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/core/random.hpp"

namespace {

using namespace mastermind;

struct BigClass {
    BatchParams params;
    std::vector<PackedCode> first, start;
    std::vector<std::uint32_t> members;
    BigClass() {
        // A first test of its own (`first-test --candidates 40 --climb 1500 --seed 1`, listed in
        // docs/results.md), not adaptive-split's, so that the figures stay comparable when
        // adaptive-split's first test changes.
        for (const auto* string : {"059768304", "708194256", "311111331", "577555775", "614578243",
                                   "169833988", "873232882", "493893140", "997733739"}) {
            first.push_back(*PackedCode::parse(string, params));
        }
        const auto secret = *PackedCode::parse("434200101", params);
        members = secrets_answering(answered_record(first, secret, params.pegs), params);
        Rng rng(1);
        while (static_cast<int>(start.size()) < params.batch) {
            const auto code = PackedCode::from_index(members[rng.below(members.size())], params);
            if (std::find(start.begin(), start.end(), code) == start.end() &&
                std::find(first.begin(), first.end(), code) == first.end()) {
                start.push_back(code);
            }
        }
    }
};

const BigClass& big_class() {
    static const BigClass c;
    return c;
}

// One climb step: the exact count of secrets not alone under a whole test.
void BM_ClimbStep(benchmark::State& state) {
    const auto& c = big_class();
    const SplitSearch search(c.params, c.members, c.first);
    for (auto _ : state) benchmark::DoNotOptimize(search.not_alone(c.start));
    state.SetItemsProcessed(state.iterations());
    state.counters["secrets"] = static_cast<double>(c.members.size());
}

// Annealing steps, 2,000 per iteration (the class is never split that fast).
void BM_AnnealSteps(benchmark::State& state) {
    const auto& c = big_class();
    SplitSearch search(c.params, c.members, c.first);
    std::uint64_t steps = 0;
    Rng rng(1);
    for (auto _ : state) steps += search.improve(c.start, rng, 2000).steps;
    state.SetItemsProcessed(static_cast<std::int64_t>(steps));
    state.counters["secrets"] = static_cast<double>(c.members.size());
}

BENCHMARK(BM_ClimbStep)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AnnealSteps)->Unit(benchmark::kMillisecond);

}  // namespace
