// Secrets scored per second against one test of the default game (9 strings): one string at a
// time with PackedCode::score, and all strings at once with QueryScorer, side by side.
#include <benchmark/benchmark.h>

#include <vector>

#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/core/random.hpp"

namespace {

using namespace mastermind;

struct Fixture {
    BatchParams params;
    std::vector<PackedCode> strings, secrets;
    std::vector<std::array<std::uint8_t, 9>> digits;
    Fixture() {
        Rng rng(1);
        for (int i = 0; i < params.batch; ++i)
            strings.push_back(PackedCode::from_index(rng.below(params.secret_count()), params));
        for (int i = 0; i < 4096; ++i) {
            secrets.push_back(PackedCode::from_index(rng.below(params.secret_count()), params));
            std::array<std::uint8_t, 9> d{};
            for (int p = 0; p < 9; ++p)
                d[static_cast<std::size_t>(p)] = static_cast<std::uint8_t>(secrets.back().peg(p));
            digits.push_back(d);
        }
    }
};

const Fixture& fixture() {
    static const Fixture f;
    return f;
}

void BM_OneStringAtATime(benchmark::State& state) {
    const auto& f = fixture();
    for (auto _ : state) {
        for (const auto& secret : f.secrets) {
            std::array<HitBlow, 9> answers{};
            for (std::size_t i = 0; i < 9; ++i) answers[i] = secret.score(f.strings[i], 9);
            benchmark::DoNotOptimize(make_answer_key(answers, f.params));
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(f.secrets.size()));
}

void BM_AllStringsAtOnce(benchmark::State& state) {
    const auto& f = fixture();
    const QueryScorer scorer(f.strings, f.params);
    for (auto _ : state) {
        for (const auto& d : f.digits) benchmark::DoNotOptimize(scorer.key(d.data()));
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(f.digits.size()));
}

void BM_AllStringsAtOnceLanesOnly(benchmark::State& state) {
    const auto& f = fixture();
    const QueryScorer scorer(f.strings, f.params);
    for (auto _ : state) {
        for (const auto& d : f.digits) {
            std::uint64_t hits, common;
            scorer.lanes(d.data(), hits, common);
            benchmark::DoNotOptimize(hits);
            benchmark::DoNotOptimize(common);
        }
    }
    state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(f.digits.size()));
}

BENCHMARK(BM_OneStringAtATime);
BENCHMARK(BM_AllStringsAtOnce);
BENCHMARK(BM_AllStringsAtOnceLanesOnly);

}  // namespace
