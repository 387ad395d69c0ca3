// The arena's run of many games (play_programs): every game played, the results in game order
// (to the caller's callback too) whatever the programs at once, a transcript per game, and a
// transcript that cannot be written ending the run. The programs are shell one-liners that
// challenge at once; the limits, sandbox and verdicts of real programs are in
// tests/cli/arena_cli_test.sh.
#include <gtest/gtest.h>

#include <unistd.h>

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "mastermind/arena/arena.hpp"

namespace mastermind {
namespace {

// Games of 4 pegs of 6 colours whose secret is 0000 for the even ones.
std::vector<GameSpec> games(int n) {
    const BatchParams params{4, 6, 2, 5};
    std::vector<GameSpec> specs;
    for (int i = 0; i < n; ++i) {
        const auto secret = PackedCode::parse(i % 2 == 0 ? "0000" : "0123", params);
        specs.push_back(
            {i + 1, make_judge_config(params, secret, static_cast<std::uint64_t>(i + 1))});
    }
    return specs;
}

// Reads the header, then challenges 0000 (sleeping a little, so that games overlap).
const ProgramSpec kChallenger{
    {"/bin/sh", "-c", "read header; sleep 0.05; echo 'challenge 0000'; read verdict"}, false};

TEST(PlayPrograms, PlaysEveryGameAndReportsThemInOrder) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("mastermind-play-programs-" + std::to_string(getpid()));
    std::filesystem::create_directories(dir);
    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(5000);
    // No memory limit: the tree of a game counts the forked copy of this process before it runs
    // the program, hundreds of MB under the sanitizers.
    limits.memory_bytes = 0;
    for (int jobs : {1, 3}) {
        std::vector<int> order;
        const auto run = play_programs(kChallenger, games(7), limits, dir.string(), jobs,
                                       [&](const GameResult& r) { order.push_back(r.index); });
        EXPECT_TRUE(run.log_failure.empty());
        ASSERT_EQ(run.results.size(), 7u) << jobs;
        EXPECT_EQ(order, (std::vector<int>{1, 2, 3, 4, 5, 6, 7})) << jobs;
        for (const auto& r : run.results) {
            EXPECT_EQ(r.verdict, r.index % 2 == 1 ? Verdict::accepted : Verdict::wrong_answer)
                << r.index << ": " << r.detail;
            EXPECT_TRUE(
                std::filesystem::is_regular_file(dir / fmt::format("game-{:05}.jsonl", r.index)))
                << r.index;
        }
    }
    std::filesystem::remove_all(dir);
}

TEST(PlayPrograms, ATranscriptThatCannotBeWrittenEndsTheRun) {
    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(5000);
    // No memory limit: the tree of a game counts the forked copy of this process before it runs
    // the program, hundreds of MB under the sanitizers.
    limits.memory_bytes = 0;
    const auto run = play_programs(kChallenger, games(20), limits, "/proc/no-such-folder", 1);
    EXPECT_EQ(run.log_failure, "/proc/no-such-folder/game-00001.jsonl");
    EXPECT_LT(run.results.size(), 20u);
}

TEST(PlayPrograms, ACallbackThatThrowsEndsTheGamesInPlayAndIsRethrown) {
    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(5000);
    // No memory limit: the tree of a game counts the forked copy of this process before it runs
    // the program, hundreds of MB under the sanitizers.
    limits.memory_bytes = 0;
    int calls = 0;
    EXPECT_THROW(play_programs(kChallenger, games(20), limits, "", 2,
                               [&](const GameResult&) {
                                   if (++calls == 2) throw std::runtime_error("output closed");
                               }),
                 std::runtime_error);
    EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace mastermind
