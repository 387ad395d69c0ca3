// Progress of a run (engine/progress.hpp): told at each step and at the end, from any thread; both
// evaluators report every game of a walk through it.
#include <gtest/gtest.h>

#include <algorithm>
#include <mutex>
#include <thread>
#include <vector>

#include "mastermind/batch/evaluator.hpp"
#include "mastermind/engine/progress.hpp"
#include "mastermind/ordinary/evaluation.hpp"

namespace mastermind {
namespace {

TEST(GameProgress, TellsEachStepAndTheEnd) {
    std::vector<std::uint64_t> told;
    GameProgress progress(2500, [&](std::uint64_t done, std::uint64_t total) {
        EXPECT_EQ(total, 2500u);
        told.push_back(done);
    });
    for (int i = 0; i < 2500; ++i) progress.finished(1);  // step: 2500 / 1000 = 2
    EXPECT_EQ(told.size(), 1250u);
    EXPECT_EQ(told.back(), 2500u);
    GameProgress silent(10, {});
    silent.finished(10);  // no callback: nothing to call
    EXPECT_EQ(silent.done(), 10u);
}

TEST(GameProgress, CountsFromManyThreads) {
    std::mutex mutex;
    std::uint64_t most = 0;
    GameProgress progress(4'000'000, [&](std::uint64_t done, std::uint64_t) {
        const std::lock_guard lock(mutex);
        most = std::max(most, done);
    });
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 1000; ++i) progress.finished(1000);
        });
    }
    for (auto& t : threads) t.join();
    EXPECT_EQ(progress.done(), 4'000'000u);
    EXPECT_EQ(most, 4'000'000u);
}

TEST(GameProgress, BothEvaluatorsTellEveryGame) {
    std::mutex mutex;
    std::uint64_t most = 0, calls = 0;
    auto tell = [&](std::uint64_t done, std::uint64_t total) {
        const std::lock_guard lock(mutex);
        EXPECT_LE(done, total);
        most = std::max(most, done);
        ++calls;
    };
    OrdinaryEvaluationOptions ordinary;
    ordinary.codebreaker = find_codebreaker("knuth");
    ordinary.progress = tell;
    ordinary.threads = 2;
    const CodeSpace space(Rules::classic, 4, 6);
    EXPECT_EQ(evaluate_ordinary_all(space, ordinary).games, 1296u);
    EXPECT_EQ(most, 1296u);
    EXPECT_GT(calls, 100u);
    most = 0;
    ordinary.max_guesses = 3;  // failures count as games over too
    evaluate_ordinary_all(space, ordinary);
    EXPECT_EQ(most, 1296u);
    most = 0;
    EvaluationOptions batch;
    batch.params = BatchParams{4, 6, 2, 5};
    batch.strategy = find_strategy("consistent");
    batch.progress = tell;
    EXPECT_EQ(evaluate_all(batch).games, 1296u);
    EXPECT_EQ(most, 1296u);
}

}  // namespace
}  // namespace mastermind
