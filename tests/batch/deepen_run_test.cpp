// DeepenRun (batch/deepen_run.hpp): the second stage of the offline pass as a run that
// survives a stop. On a small game's pass: every unsplit class searched once and its result in
// the table; a run stopped by a failing search keeps the classes finished and resumes with the
// rest; a torn last line is cut off; a record that does not answer its input entry is refused
// and the file left as it was. The command's own messages are tests/cli/second_tests_cli_test.sh.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "mastermind/batch/adaptive_split.hpp"
#include "mastermind/batch/deepen_run.hpp"
#include "mastermind/batch/offline_pass.hpp"
#include "helpers/temp_dir.hpp"

namespace mastermind {
namespace {

class Deepen : public ::testing::Test {
  protected:
    void SetUp() override {
        PassSettings pass;
        pass.params = params_;
        pass.first = first_;
        pass.play_steps = 5;  // so short that it leaves classes unsplit
        pass.steps = 50;
        pass.restarts = 0;
        pass.shards = 2;
        input_ = run_pass_shard(pass, 0, 2).found;
        settings_ = {params_, 1, first_, 1, 3000, 0};
        header_ = deepen_checkpoint_header(settings_);
    }
    std::string checkpoint() const { return temp_.path("deepen.checkpoint"); }
    DeepenRun run() const { return DeepenRun(params_, first_, input_, checkpoint(), header_); }
    DeepenRun::Search anneal() const {
        return [this](const SecondTestEntry& e) {
            return DeepenRun::Found{deepen_second_test(e, first_, params_, settings_.steps, 0, 1),
                                    0};
        };
    }
    std::size_t unsplit() const {
        return static_cast<std::size_t>(std::count_if(
            input_.begin(), input_.end(), [](const auto& e) { return e.not_alone > 0; }));
    }

    const BatchParams params_{6, 7, 6, 20};
    const std::vector<PackedCode> first_ = strategies::adaptive_split_first_test(params_, 1);
    test_support::TempDir temp_{"mastermind-deepen-run"};
    std::vector<SecondTestEntry> input_;
    DeepenSettings settings_;
    std::string header_;
};

TEST_F(Deepen, EveryUnsplitClassIsSearchedOnceAndItsResultIsInTheTable) {
    ASSERT_GE(unsplit(), 3u) << "the pass left too few classes to search";
    auto r = run();
    ASSERT_TRUE(r.start());
    const auto work = r.work();
    ASSERT_EQ(work.size(), unsplit());
    for (std::size_t i = 1; i < work.size(); ++i) EXPECT_LE(work[i - 1]->size, work[i]->size);
    std::size_t calls = 0;
    std::string failure;
    ASSERT_TRUE(r.search(
        work, 2, anneal(),
        [&](const SecondTestEntry& searched, const DeepenRun::Found& found) {
            ++calls;
            EXPECT_EQ(found.result.class_key, searched.class_key);
            EXPECT_LE(found.result.not_alone, searched.not_alone);
        },
        failure))
        << failure;
    EXPECT_EQ(calls, work.size());
    const auto table = r.table();
    ASSERT_EQ(table.size(), input_.size());
    for (std::size_t i = 0; i < table.size(); ++i) {
        EXPECT_EQ(table[i].class_key, input_[i].class_key);
        EXPECT_LE(table[i].not_alone, input_[i].not_alone);
    }
    // A second run on the same checkpoint has nothing left to do and the same table.
    auto again = run();
    EXPECT_EQ(again.resume(1), 0u);
    EXPECT_TRUE(again.work().empty());
    EXPECT_EQ(again.reused(), unsplit());
    EXPECT_EQ(again.table(), table);
}

TEST_F(Deepen, AStoppedRunKeepsWhatItFinishedAndResumesWithTheRest) {
    ASSERT_GE(unsplit(), 3u);
    auto r = run();
    ASSERT_TRUE(r.start());
    const auto work = r.work();
    std::size_t calls = 0;
    std::string failure;
    // One thread, so that the classes finish in order: the third search fails.
    EXPECT_FALSE(r.search(
        work, 1,
        [&](const SecondTestEntry& e) {
            if (++calls == 3) throw std::runtime_error("the search broke");
            return anneal()(e);
        },
        {}, failure));
    EXPECT_EQ(failure, "the search broke");
    // A torn record after the two kept.
    std::ofstream(checkpoint(), std::ios::app) << "0123456789abcdef {0x0001";
    // Taken without a resume (--so-far): the two records, the file as it was.
    const auto torn = test_support::file_text(checkpoint());
    auto peek = run();
    peek.take(1);
    EXPECT_EQ(peek.results(), 2u);
    EXPECT_EQ(test_support::file_text(checkpoint()), torn);
    auto resumed = run();
    EXPECT_EQ(resumed.resume(1), std::string("0123456789abcdef {0x0001").size());
    EXPECT_EQ(resumed.results(), 2u);
    const auto rest = resumed.work();
    ASSERT_EQ(rest.size(), work.size() - 2);
    for (std::size_t i = 0; i < rest.size(); ++i)
        EXPECT_EQ(rest[i]->class_key, work[i + 2]->class_key);
    ASSERT_TRUE(resumed.search(rest, 2, anneal(), {}, failure)) << failure;
    // A stop between the last record and its newline: the record is kept, and ended.
    std::filesystem::resize_file(checkpoint(), std::filesystem::file_size(checkpoint()) - 1);
    auto unended = run();
    EXPECT_EQ(unended.resume(1), 0u);
    EXPECT_EQ(unended.results(), work.size());
    EXPECT_EQ(test_support::file_text(checkpoint()).back(), '\n');
    auto last = run();
    last.resume(1);
    EXPECT_TRUE(last.work().empty());
}

TEST_F(Deepen, ARecordThatDoesNotAnswerItsEntryIsRefusedAndTheFileKept) {
    ASSERT_GE(unsplit(), 1u);
    auto r = run();
    ASSERT_TRUE(r.start());
    const auto work = r.work();
    // A record for the first class that leaves more secrets not alone than its input entry.
    auto worse = *work[0];
    worse.not_alone += 1;
    ASSERT_TRUE(
        append_durably(checkpoint(), deepen_checkpoint_line(entry_hash(*work[0]), worse, params_)));
    const auto before = test_support::file_text(checkpoint());
    try {
        run().resume(1);
        ADD_FAILURE() << "a record worse than its entry was taken";
    } catch (const OfflineFileError& e) {
        const std::string what = e.what();
        EXPECT_EQ(what.find("'" + checkpoint() + "':"), 0u) << what;
        EXPECT_NE(what.find("edited record"), std::string::npos) << what;
    }
    EXPECT_EQ(test_support::file_text(checkpoint()), before);
    // A true record of another class under the first class's hash: refused too.
    ASSERT_GE(work.size(), 2u);
    std::filesystem::remove(checkpoint());
    ASSERT_TRUE(run().start());
    ASSERT_TRUE(append_durably(checkpoint(),
                               deepen_checkpoint_line(entry_hash(*work[0]), *work[1], params_)));
    try {
        run().resume(1);
        ADD_FAILURE() << "a record of another class was taken";
    } catch (const OfflineFileError& e) {
        EXPECT_NE(std::string(e.what()).find("holds class"), std::string::npos) << e.what();
    }
    // Another run's settings: refused by the header.
    auto other = settings_;
    other.steps += 1;
    EXPECT_THROW(
        DeepenRun(params_, first_, input_, checkpoint(), deepen_checkpoint_header(other)).resume(1),
        OfflineFileError);
}

}  // namespace
}  // namespace mastermind
