// The offline pass's pieces (batch/offline_pass.hpp) without the command line: a checkpoint
// written shard by shard reads back as those shards (a last line cut short dropped, a damaged or
// another run's checkpoint refused); the deepen checkpoint and the table's entries likewise; the
// games a table cannot be made for are refused. The command's own behaviour (resuming, --deepen,
// --so-far) is tests/cli/second_tests_cli_test.sh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/offline_pass.hpp"
#include "helpers/temp_dir.hpp"

namespace mastermind {
namespace {

class OfflinePass : public ::testing::Test {
  protected:
    void SetUp() override {
        settings_.params = BatchParams{6, 7, 6, 20};
        settings_.first = strategies::adaptive_split_first_test(settings_.params, 1);
        settings_.play_steps =
            5;  // a play-time search so short that it leaves classes for the offline one
        settings_.steps = 300;
        settings_.restarts = 0;
        settings_.shards = 4;
    }
    std::string path(const char* name) const { return temp_.path(name); }
    static void append(const std::string& file, const std::string& text) {
        std::ofstream(file, std::ios::app) << text;
    }

    test_support::TempDir temp_{"mastermind-offline-pass"};
    PassSettings settings_;
};

TEST_F(OfflinePass, ACheckpointReadsBackAsItsFinishedShards) {
    const auto file = path("pass.checkpoint");
    const auto header = pass_checkpoint_header(settings_);
    ASSERT_TRUE(append_durably(file, header + "\n"));
    std::vector<PassShard> shards;
    for (int shard : {2, 0}) {
        shards.push_back(run_pass_shard(settings_, shard, 2));
        ASSERT_TRUE(append_durably(file, pass_shard_block(settings_, shard, shards.back())));
    }
    ASSERT_FALSE(shards[0].found.empty() && shards[1].found.empty())
        << "the pass found nothing to search";
    // A shard that did not finish: its entries, and its report line cut short.
    const auto unfinished = run_pass_shard(settings_, 1, 1);
    const auto block = pass_shard_block(settings_, 1, unfinished);
    append(file, block.substr(0, block.size() - 40));
    const auto read = read_pass_checkpoint(file, header, settings_.params, settings_.shards);
    EXPECT_EQ(read.done, (std::vector<bool>{true, false, true, false}));
    ASSERT_EQ(read.reports.size(), 2u);
    EXPECT_EQ(read.reports[0].games, shards[0].report.games);
    EXPECT_EQ(read.reports[0].move_hash, shards[0].report.move_hash);
    EXPECT_EQ(read.reports[1].histogram, shards[1].report.histogram);
    auto expected = shards[0].found;
    expected.insert(expected.end(), shards[1].found.begin(), shards[1].found.end());
    EXPECT_EQ(read.entries, expected);

    // Another run's settings: refused by the header.
    auto other = settings_;
    other.steps = 301;
    EXPECT_THROW(read_pass_checkpoint(file, pass_checkpoint_header(other), settings_.params,
                                      settings_.shards),
                 OfflineFileError);
    // A damaged line before the end: refused, naming the line.
    append(file, "\ngarbage\nshard 3 {}\n");
    try {
        read_pass_checkpoint(file, header, settings_.params, settings_.shards);
        ADD_FAILURE() << "a damaged checkpoint was read";
    } catch (const OfflineFileError& e) {
        EXPECT_NE(std::string(e.what()).find("not a line of a checkpoint"), std::string::npos)
            << e.what();
        EXPECT_EQ(std::string(e.what()).find("'" + file + "':"), 0u) << e.what();
    }
    EXPECT_THROW(read_pass_checkpoint(path("none"), header, settings_.params, settings_.shards),
                 OfflineFileError);
}

TEST_F(OfflinePass, ADeepenCheckpointAndATableReadBack) {
    const auto shard = run_pass_shard(settings_, 0, 2);
    ASSERT_FALSE(shard.found.empty());
    DeepenSettings deepen{settings_.params, 1, settings_.first, 1, 500, 0};
    const auto header = deepen_checkpoint_header(deepen);
    const auto file = path("deepen.checkpoint");
    ASSERT_TRUE(append_durably(file, header + "\n"));
    for (const auto& e : shard.found)
        ASSERT_TRUE(
            append_durably(file, deepen_checkpoint_line(entry_hash(e), e, settings_.params)));
    const auto done = read_deepen_checkpoint(file, header, settings_.params);
    ASSERT_EQ(done.size(), shard.found.size());
    for (const auto& e : shard.found) EXPECT_EQ(done.at(entry_hash(e)), e);
    deepen.deepen_seed = 2;
    EXPECT_THROW(read_deepen_checkpoint(file, deepen_checkpoint_header(deepen), settings_.params),
                 OfflineFileError);

    // The table's source: its entries by class key, and how it was made.
    const auto table = path("table.inc");
    ASSERT_TRUE(
        replace_file(table, second_tests_source(shard.found, settings_.params, "the test")));
    auto sorted = shard.found;
    std::sort(sorted.begin(), sorted.end(),
              [](const auto& a, const auto& b) { return a.class_key < b.class_key; });
    EXPECT_EQ(read_table_entries(table, settings_.params), sorted);
    EXPECT_EQ(table_made_by(table), "the test");
    {  // An entry dropped from a table with a checksum: refused, the checksum named.
        ASSERT_GE(shard.found.size(), 2u);
        const std::string text = test_support::file_text(table);
        const auto last_entry = text.rfind("{0x");
        ASSERT_NE(last_entry, std::string::npos);
        const auto edited = path("edited.inc");
        ASSERT_TRUE(replace_file(edited, text.substr(0, last_entry)));
        try {
            read_table_entries(edited, settings_.params);
            ADD_FAILURE() << "a table without its last entry was read";
        } catch (const OfflineFileError& e) {
            EXPECT_NE(std::string(e.what()).find("checksum"), std::string::npos) << e.what();
        }
    }
    EXPECT_THROW(read_table_entries(table, BatchParams{}),
                 OfflineFileError);  // a table of 6/7/6, read for 9/10/9
    EXPECT_FALSE(first_untrue_entry(sorted, settings_.first, settings_.params, 2));
    // A size that is not the class's, a count of secrets not alone that is not the test's: both
    // named, the first of them found.
    auto wrong = sorted;
    wrong.back().size += 1;
    auto untrue = first_untrue_entry(wrong, settings_.first, settings_.params, 2);
    ASSERT_TRUE(untrue);
    EXPECT_EQ(untrue->index, wrong.size() - 1);
    EXPECT_TRUE(untrue->wrong_size);
    EXPECT_NE(untrue->why.find("by the first test's answers"), std::string::npos) << untrue->why;
    wrong = sorted;
    wrong[1].not_alone += 2;
    wrong.back().size += 1;
    untrue = first_untrue_entry(wrong, settings_.first, settings_.params, 2);
    ASSERT_TRUE(untrue);
    EXPECT_EQ(untrue->index, 1u);
    EXPECT_FALSE(untrue->wrong_size);
    EXPECT_NE(untrue->why.find("not alone by the table"), std::string::npos) << untrue->why;
    // A class twice, a table of nothing: refused.
    append(table, second_test_line(sorted.front(), settings_.params) + "\n");
    EXPECT_THROW(read_table_entries(table, settings_.params), OfflineFileError);
    ASSERT_TRUE(replace_file(table, "// nothing\n"));
    EXPECT_THROW(read_table_entries(table, settings_.params), OfflineFileError);
}

TEST_F(OfflinePass, FilesThatCannotBeWrittenSaySo) {
    EXPECT_FALSE(append_durably(temp_.dir().string(), "x"));  // a directory
    EXPECT_FALSE(append_durably("/proc/no-such/file", "x"));
    EXPECT_FALSE(replace_file("/proc/no-such/file", "x"));
    EXPECT_TRUE(replace_file(path("t"), "x"));
    EXPECT_FALSE(std::filesystem::exists(path("t.partial")));
}

TEST_F(OfflinePass, RefusesTheGamesATableCannotBeMadeFor) {
    EXPECT_EQ(offline_pass_refuses(BatchParams{}), "");
    EXPECT_EQ(offline_pass_refuses(settings_.params), "");
    BatchParams adjacent = settings_.params;
    adjacent.rules = Rules::adjacent;
    EXPECT_NE(offline_pass_refuses(adjacent), "");
    EXPECT_NE(offline_pass_refuses(BatchParams{10, 10, 9, 20}), "");  // 10^10 secrets
    // Two tests: the second is the last, where adaptive-split plays secrets, not a split.
    EXPECT_NE(offline_pass_refuses(BatchParams{6, 7, 6, 2}).find("-M 2"), std::string::npos);
    EXPECT_EQ(offline_pass_refuses(BatchParams{6, 7, 6, 3}), "");
}

}  // namespace
}  // namespace mastermind
