// The table of second tests found offline: the compiled file against its checksum and its own
// entries, a sample of entries against their classes, and the property the table exists for:
// playing with the table found by an offline pass gives exactly the games of that pass; the
// second stage (--deepen) against its promises.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <mutex>
#include <string>
#include <vector>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/evaluator.hpp"
#include "mastermind/batch/query_record.hpp"
#include "mastermind/batch/query_scorer.hpp"
#include "mastermind/batch/second_tests.hpp"
#include "mastermind/batch/secret_enumeration.hpp"
#include "mastermind/batch/split_search.hpp"
#include "mastermind/core/random.hpp"

namespace mastermind {
namespace {

TEST(SecondTests, TheCompiledTableIsItsFileAndMatchesItsChecksum) {
    const BatchParams params;
    std::ifstream file(MASTERMIND_SECOND_TESTS);
    ASSERT_TRUE(file) << MASTERMIND_SECOND_TESTS;
    std::vector<SecondTestEntry> parsed;
    std::string checksum_line;
    for (std::string line; std::getline(file, line);) {
        if (line.rfind("// checksum ", 0) == 0) checksum_line = line;
        SecondTestEntry e;
        if (parse_second_test_line(line, params, e)) parsed.push_back(e);
    }
    const auto compiled = compiled_second_tests();
    ASSERT_EQ(parsed.size(), compiled.size());
    EXPECT_TRUE(std::equal(parsed.begin(), parsed.end(), compiled.begin()));
    EXPECT_TRUE(std::is_sorted(compiled.begin(), compiled.end(), [](const auto& a, const auto& b) {
        return a.class_key < b.class_key;
    }));
    EXPECT_EQ(checksum_line, fmt::format("// checksum {:016x}", second_tests_checksum(compiled)));
}

// A game looks one class up in the compiled array (no start-up parse): the same entries as the
// parsed table, and none for a class it does not hold.
TEST(SecondTests, OneClassIsFoundAsInTheParsedTable) {
    const auto table = compiled_second_tests();
    for (const auto& e : table) {
        const auto found = compiled_second_test(e.class_key);
        ASSERT_TRUE(found.has_value()) << std::hex << e.class_key;
        EXPECT_EQ(*found, e);
    }
    std::uint64_t missing = 0;  // a key below, between or above the table's
    while (find_second_test(table, missing) != nullptr) ++missing;
    EXPECT_FALSE(compiled_second_test(missing).has_value());
    EXPECT_FALSE(compiled_second_test(UINT64_MAX).has_value());
}

// Each entry's test is legal after the first test, and a seeded sample of entries is checked
// against its class: its size and the secrets the test leaves not alone are as recorded.
TEST(SecondTests, EntriesSplitTheirClassesAsRecorded) {
    const BatchParams params;
    const auto first = strategies::adaptive_split_first_test(params, 1);
    const auto table = compiled_second_tests();
    for (const auto& e : table) {
        ASSERT_EQ(static_cast<int>(e.test.size()), params.batch);
        for (std::size_t i = 0; i < e.test.size(); ++i) {
            EXPECT_EQ(std::find(first.begin(), first.end(), e.test[i]), first.end());
            for (std::size_t j = 0; j < i; ++j) EXPECT_NE(e.test[i], e.test[j]);
        }
    }
    Rng rng(20261201);
    for (int k = 0; k < 6 && !table.empty(); ++k) {
        const auto& e = table[rng.below(table.size())];
        const QueryRecord record{
            first,
            answers_from_key(expand_compact_key(e.class_key, params.batch), params, params.batch)};
        const auto members = secrets_answering(record, params);
        EXPECT_EQ(members.size(), e.size);
        EXPECT_EQ(SplitSearch(params, members, first).not_alone(e.test), e.not_alone);
    }
}

TEST(SecondTests, TheSourceReadsBack) {
    const BatchParams params{5, 6, 5, 20};
    Rng rng(4);
    std::vector<SecondTestEntry> table;
    for (int k = 0; k < 20; ++k) {
        SecondTestEntry e{rng.next(),
                          static_cast<std::uint32_t>(rng.below(5000)),
                          static_cast<std::uint32_t>(rng.below(9)),
                          {}};
        for (int i = 0; i < params.batch; ++i)
            e.test.push_back(PackedCode::from_index(rng.below(params.secret_count()), params));
        table.push_back(e);
    }
    const auto source = second_tests_source(table, params, "test");
    std::istringstream in(source);
    std::vector<SecondTestEntry> back;
    for (std::string line; std::getline(in, line);) {
        SecondTestEntry e;
        if (parse_second_test_line(line, params, e)) back.push_back(e);
    }
    std::sort(table.begin(), table.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    EXPECT_EQ(back, table);
    EXPECT_NE(source.find(fmt::format("// checksum {:016x}", second_tests_checksum(table))),
              std::string::npos);
    SecondTestEntry e;
    EXPECT_FALSE(
        parse_second_test_line("{0x12, 3, 0, \"01234 12345\"},", params, e));  // too few strings
    EXPECT_FALSE(parse_second_test_line("{0x12, 3, 0, \"01234 12345 01234 12345 7\"},", params, e));
    EXPECT_FALSE(parse_second_test_line("// {0x12, 3, 0, \"x\"},", params, e));
}

// An offline pass over every secret of `params` with a play-time budget of one candidate and one
// move (so that many classes escalate) and `steps` moves in `restarts` + 1 runs offline: the
// entries it found, sorted by key; how many it improved over the play-time search; its games.
struct PassFound {
    std::vector<SecondTestEntry> entries;
    std::size_t improved = 0;
    EvaluationResult games;
};
strategies::SplitBudget tiny_budget() {
    strategies::SplitBudget budget;
    budget.second_tries = 1;
    budget.second_steps = 1;
    return budget;
}
PassFound offline_pass(const BatchParams& params, std::uint64_t steps, int restarts) {
    const auto budget = tiny_budget();
    std::mutex mutex;
    PassFound found;
    strategies::OfflineSecondTests offline{
        steps,
        restarts,
        [&](const SecondTestEntry& e, std::size_t play_not_alone) {
            const std::lock_guard lock(mutex);
            found.entries.push_back(e);
            found.improved += e.not_alone < play_not_alone;
        },
        {}};
    const StrategyInfo pass{"adaptive-split", "offline pass",
                            [&](const BatchParams& p, std::uint64_t seed) {
                                return strategies::make_adaptive_split(p, seed, budget, &offline);
                            }};
    EvaluationOptions options;
    options.params = params;
    options.strategy = &pass;
    found.games = evaluate_all(options);
    std::sort(found.entries.begin(), found.entries.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    return found;
}

// An offline pass on a small game, then the same strategy playing with the table the pass found:
// the same games, move for move.
TEST(SecondTests, PlayingWithTheTableReplaysTheOfflinePass) {
    const BatchParams params{5, 6, 5, 20};
    const auto budget = tiny_budget();
    const auto pass = offline_pass(params, 20000, 1);
    const auto& passed = pass.games;
    ASSERT_GT(pass.entries.size(), 5u);
    EXPECT_GT(pass.improved, 0u);
    const std::span<const SecondTestEntry> table(pass.entries);
    EvaluationOptions options;
    options.params = params;
    const StrategyInfo with_table{
        "adaptive-split", "with the table", [&](const BatchParams& p, std::uint64_t seed) {
            return strategies::make_adaptive_split(p, seed, budget, nullptr, table);
        }};
    options.strategy = &with_table;
    const auto replayed = evaluate_all(options);
    EXPECT_EQ(replayed.histogram, passed.histogram);
    EXPECT_EQ(replayed.move_hash, passed.move_hash);
    EXPECT_EQ(replayed.failures, 0u);
    const StrategyInfo without{"adaptive-split", "without",
                               [&](const BatchParams& p, std::uint64_t seed) {
                                   return strategies::make_adaptive_split(p, seed, budget);
                               }};
    options.strategy = &without;
    EXPECT_NE(evaluate_all(options).move_hash, passed.move_hash) << "the table changed nothing";
}

// The second stage (deepen_second_test): from the entries of a weak pass, searched again, no entry
// gets worse, some get better, each count is exact, the seed fixes the result; and playing with
// either table, the secrets that need more than 2 tests are exactly the entries' secrets not alone.
TEST(SecondTests, DeepeningATableSplitsMoreAndPlaysAsItSays) {
    const BatchParams params{5, 6, 5, 20};
    const auto budget = tiny_budget();
    const auto weak = offline_pass(params, 5, 0).entries;
    EvaluationOptions options;
    options.params = params;
    const auto first = strategies::adaptive_split_first_test(params, 1);
    // `before` deepened (from random tests when `fresh_starts` > 0): the same class, no worse, an
    // entry not improved kept as it was, an improved one's count exact and fixed by the seed.
    auto deepened = [&](const SecondTestEntry& before, int fresh_starts) {
        auto e = deepen_second_test(before, first, params, 20000, 2, 7, fresh_starts);
        EXPECT_EQ(e.class_key, before.class_key);
        EXPECT_EQ(e.size, before.size);
        EXPECT_LE(e.not_alone, before.not_alone);
        if (e.not_alone < before.not_alone) {
            const QueryRecord record{
                first, answers_from_key(expand_compact_key(e.class_key, params.batch), params,
                                        params.batch)};
            EXPECT_EQ(
                SplitSearch(params, secrets_answering(record, params), first).not_alone(e.test),
                e.not_alone);
            EXPECT_EQ(deepen_second_test(before, first, params, 20000, 2, 7, fresh_starts), e)
                << "the same seed, another result";
        } else {
            EXPECT_EQ(e, before) << "an entry not improved is kept as it was";
        }
        return e;
    };
    auto deep = weak;
    std::size_t better = 0;
    for (auto& e : deep) {
        const auto before = e;
        e = deepened(before, 0);
        better += e.not_alone < before.not_alone;
    }
    ASSERT_GT(better, 2u);
    auto beyond_two = [&](const std::vector<SecondTestEntry>& table) {
        const std::span<const SecondTestEntry> view(table);
        const StrategyInfo with{
            "adaptive-split", "with a table", [&](const BatchParams& p, std::uint64_t seed) {
                return strategies::make_adaptive_split(p, seed, budget, nullptr, view);
            }};
        options.strategy = &with;
        const auto result = evaluate_all(options);
        EXPECT_EQ(result.failures, 0u);
        std::uint64_t n = 0;
        for (std::size_t t = 3; t < result.histogram.size(); ++t) n += result.histogram[t];
        return n;
    };
    auto not_alone = [](const std::vector<SecondTestEntry>& table) {
        std::uint64_t n = 0;
        for (const auto& e : table) n += e.not_alone;
        return n;
    };
    EXPECT_EQ(beyond_two(weak), not_alone(weak));
    EXPECT_EQ(beyond_two(deep), not_alone(deep));
    EXPECT_LT(not_alone(deep), not_alone(weak));

    // From random tests instead of the entries' (--fresh-starts): the same checks, no first-test
    // string sent again, and the tests found are not the ones found from the entries' tests.
    std::size_t fresh_better = 0, elsewhere = 0;
    for (std::size_t i = 0; i < weak.size(); ++i) {
        const auto e = deepened(weak[i], 2);
        if (e.not_alone == weak[i].not_alone) continue;
        ++fresh_better;
        elsewhere += e.test != deep[i].test;
        for (const auto& s : e.test)
            EXPECT_EQ(std::count(first.begin(), first.end(), s), 0)
                << "a first-test string sent again";
    }
    EXPECT_GT(fresh_better, 2u);
    EXPECT_GT(elsewhere, 0u) << "the fresh searches found the same tests as those from the entries";

    auto wrong_size = weak.front();
    ++wrong_size.size;
    EXPECT_THROW(deepen_second_test(wrong_size, first, params, 100, 0, 1), std::invalid_argument);
    auto wrong_count =
        *std::find_if(weak.begin(), weak.end(), [](const auto& e) { return e.not_alone > 0; });
    ++wrong_count.not_alone;
    EXPECT_THROW(deepen_second_test(wrong_count, first, params, 100, 0, 1), std::invalid_argument);
}

}  // namespace
}  // namespace mastermind
