// PassRun (batch/pass_run.hpp): the offline pass as a run that survives a stop. On a small game:
// every shard played once, the table its classes by key and the report every secret's game; a
// run stopped after a shard (and a shard torn half written) resumes with the others to the same
// table and report as a run never stopped; an edited entry is refused and the file kept. The
// command's own messages are tests/cli/second_tests_cli_test.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/pass_run.hpp"
#include "helpers/temp_dir.hpp"

namespace mastermind {
namespace {

class Pass : public ::testing::Test {
  protected:
    void SetUp() override {
        settings_.params = BatchParams{6, 7, 6, 20};
        settings_.first = strategies::adaptive_split_first_test(settings_.params, 1);
        settings_.play_steps = 5;  // so short that it leaves classes for the offline search
        settings_.steps = 100;
        settings_.restarts = 0;
        settings_.shards = 3;
    }
    std::string path(const char* name) const { return temp_.path(name); }
    // Every shard left of `run`, in order.
    static void finish(PassRun& run) {
        for (const int shard : run.shards_left()) {
            PassShard result;
            ASSERT_TRUE(run.run(shard, 2, {}, result));
        }
    }
    // A run never stopped, for the others to match.
    PassRun whole() const {
        PassRun run(settings_, path("whole.checkpoint"));
        EXPECT_TRUE(run.start());
        finish(run);
        return run;
    }
    // A run of `file` stopped after shard 1.
    PassRun after_shard_1(const std::string& file) const {
        PassRun run(settings_, file);
        EXPECT_TRUE(run.start());
        PassShard result;
        EXPECT_TRUE(run.run(1, 2, {}, result));
        return run;
    }

    test_support::TempDir temp_{"mastermind-pass-run"};
    PassSettings settings_;
};

TEST_F(Pass, EveryShardOnceAndTheTableAndReportOfTheWhole) {
    PassRun run(settings_, path("whole.checkpoint"));
    ASSERT_TRUE(run.start());
    EXPECT_EQ(run.shards_left(), (std::vector<int>{0, 1, 2}));
    finish(run);
    EXPECT_TRUE(run.shards_left().empty());
    const auto table = run.table();
    ASSERT_FALSE(table.empty()) << "the pass searched no class";
    for (std::size_t i = 1; i < table.size(); ++i)
        EXPECT_LT(table[i - 1].class_key, table[i].class_key);
    EXPECT_EQ(run.report().games, settings_.params.secret_count());
    // Read back: nothing left, the same table and report.
    PassRun again(settings_, path("whole.checkpoint"));
    EXPECT_EQ(again.resume(1), 0u);
    EXPECT_TRUE(again.shards_left().empty());
    EXPECT_EQ(again.table(), table);
    EXPECT_EQ(again.report().histogram, run.report().histogram);
}

TEST_F(Pass, AStoppedRunResumesToTheSameTable) {
    const auto all = whole();
    const auto file = path("stopped.checkpoint");
    after_shard_1(file);
    // The next shard stopped half written.
    const auto block = pass_shard_block(settings_, 0, run_pass_shard(settings_, 0, 2));
    std::ofstream(file, std::ios::app) << block.substr(0, block.size() / 2);
    PassRun resumed(settings_, file);
    EXPECT_EQ(resumed.resume(1), block.size() / 2);
    EXPECT_EQ(resumed.shards_left(), (std::vector<int>{0, 2}));
    finish(resumed);
    EXPECT_EQ(resumed.table(), all.table());
    EXPECT_EQ(resumed.report().histogram, all.report().histogram);
    EXPECT_EQ(resumed.report().move_hash, all.report().move_hash);
}

TEST_F(Pass, AShardWhoseLastLineLacksOnlyItsNewlineIsKept) {
    const auto all = whole();
    // A stop between a shard's report and its newline: the shard is done, and stays whole.
    const auto file = path("unended.checkpoint");
    after_shard_1(file);
    std::filesystem::resize_file(file, std::filesystem::file_size(file) - 1);
    PassRun resumed(settings_, file);
    EXPECT_EQ(resumed.resume(1), 0u);
    EXPECT_EQ(resumed.shards_left(), (std::vector<int>{0, 2}));
    finish(resumed);
    EXPECT_EQ(resumed.table(), all.table());
    // And the file reads back whole afterwards.
    PassRun again(settings_, file);
    EXPECT_EQ(again.resume(1), 0u);
    EXPECT_TRUE(again.shards_left().empty());
    EXPECT_EQ(again.table(), all.table());
}

TEST_F(Pass, AnEditedEntryIsRefusedAndTheFileKept) {
    const auto file = path("edited.checkpoint");
    PassRun run(settings_, file);
    ASSERT_TRUE(run.start());
    finish(run);
    ASSERT_FALSE(run.table().empty());
    // The first entry's size changed by one: a line of the checkpoint edited by hand.
    auto text = test_support::file_text(file);
    const auto entry = run.done().entries.front();
    const auto said = fmt::format("{:#018x}, {}, ", entry.class_key, entry.size);
    const auto at = text.find(said);
    ASSERT_NE(at, std::string::npos) << said;
    text.replace(at, said.size(), fmt::format("{:#018x}, {}, ", entry.class_key, entry.size + 1));
    std::ofstream(file, std::ios::trunc) << text;
    try {
        PassRun(settings_, file).resume(1);
        ADD_FAILURE() << "an edited entry was taken";
    } catch (const OfflineFileError& e) {
        EXPECT_EQ(std::string(e.what()).find("'" + file + "':"), 0u) << e.what();
    }
    EXPECT_EQ(test_support::file_text(file), text);
}

TEST_F(Pass, AnEntryOfAClassSplitWholeDeletedIsRefused) {
    // Its secrets were all alone, so the count of secrets not alone does not show it: the
    // shard's report counts its entries and their checksum.
    const auto file = path("deleted.checkpoint");
    PassRun run(settings_, file);
    ASSERT_TRUE(run.start());
    finish(run);
    const auto& entries = run.done().entries;
    const auto split = std::find_if(entries.begin(), entries.end(),
                                    [](const auto& e) { return e.not_alone == 0; });
    ASSERT_NE(split, entries.end()) << "no class split whole";
    auto text = test_support::file_text(file);
    const auto at = text.find(fmt::format("{{{:#018x}, ", split->class_key));
    ASSERT_NE(at, std::string::npos);
    text.erase(at, text.find('\n', at) + 1 - at);
    std::ofstream(file, std::ios::trunc) << text;
    try {
        PassRun(settings_, file).resume(1);
        ADD_FAILURE() << "a checkpoint without one of its entries was taken";
    } catch (const OfflineFileError& e) {
        EXPECT_NE(std::string(e.what()).find("an entry lost or edited"), std::string::npos)
            << e.what();
    }
    EXPECT_EQ(test_support::file_text(file), text);
}

TEST(PassShards, AtLeastAThousandSecretsAShard) {
    EXPECT_EQ(most_pass_shards(BatchParams{5, 6, 3, 20}), 7);  // 7,776 secrets
    EXPECT_EQ(most_pass_shards(BatchParams{2, 3, 2, 20}), 1);  // 9 secrets: one shard still
    EXPECT_EQ(most_pass_shards(BatchParams{}), 1'000'000);     // 10^9: 10^6 shards
}

}  // namespace
}  // namespace mastermind
