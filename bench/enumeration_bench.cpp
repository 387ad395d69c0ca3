// Finding one answer class of the default game's first test, side by side: scanning secrets
// with the all-strings scorer (what a solver without the enumerator must do: K^P of them), and
// the count-vector enumerator of secret_enumeration.hpp. Both report "secrets covered" per
// second: the scan covers the secrets it scores, one enumeration covers all 10^9.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/core/random.hpp"

namespace {

using namespace mastermind;

struct Classes {
    BatchParams params;
    std::vector<QueryRecord> records;  // the first test answered by random secrets
    Classes() {
        const auto test = strategies::adaptive_split_first_test(params, 1);
        Rng rng(2);
        for (int i = 0; i < 32; ++i) {
            const auto secret = PackedCode::from_index(rng.below(params.secret_count()), params);
            records.push_back(answered_record(test, secret, params.pegs));
        }
    }
};

const Classes& classes() {
    static const Classes c;
    return c;
}

void BM_ClassByScan(benchmark::State& state) {
    const auto& c = classes();
    const QueryScorer scorer(c.records[0].strings, c.params);
    const auto target = make_answer_key(c.records[0].answers, c.params);
    std::uint32_t next = 0;
    constexpr std::uint32_t kChunk = 1 << 16;
    for (auto _ : state) {
        std::array<std::uint8_t, BatchParams::kMaxPegs> digits{};
        std::size_t found = 0;
        for (std::uint32_t i = next; i < next + kChunk; ++i) {
            digits_of_index(i, c.params, digits.data());
            found += scorer.key(digits.data()) == target;
        }
        benchmark::DoNotOptimize(found);
        next = (next + kChunk) % 999'000'000;
    }
    state.SetItemsProcessed(state.iterations() * kChunk);
}

void BM_ClassByEnumeration(benchmark::State& state) {
    const auto& c = classes();
    std::size_t i = 0, members = 0;
    for (auto _ : state) {
        const auto found = secrets_answering(c.records[i++ % c.records.size()], c.params);
        members += found.size();
        benchmark::DoNotOptimize(found.data());
    }
    state.SetItemsProcessed(state.iterations() *
                            static_cast<std::int64_t>(c.params.secret_count()));
    state.counters["class_size"] =
        benchmark::Counter(static_cast<double>(members) / static_cast<double>(state.iterations()));
}

BENCHMARK(BM_ClassByScan);
BENCHMARK(BM_ClassByEnumeration)->Unit(benchmark::kMillisecond);

}  // namespace
