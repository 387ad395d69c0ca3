// The judge session: verdicts for each way a game can end, and the transcript log.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <nlohmann/json.hpp>

#include "mastermind/core/line_channel.hpp"
#include "mastermind/judge/judge.hpp"
#include "scripted_channel.hpp"

namespace mastermind {
namespace {

using testing::ScriptedChannel;
using Read = LineChannel::Read;

JudgeConfig small_config() {
    const BatchParams p{4, 6, 4, 2};
    return make_judge_config(p, PackedCode::parse("2451", p), 5);
}

JudgeReport judge(ScriptedChannel& channel) {
    return run_judge(channel, small_config());
}

// A solver that died leaves a pipe without a reader: the write fails, and the process that
// embeds the judge survives even with SIGPIPE's default action (found by arena_output_fuzz).
TEST(LineChannel, WritingToAPipeWithoutAReaderFailsInsteadOfKillingTheProcess) {
    ::signal(SIGPIPE, SIG_DFL);
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    ::close(fds[0]);
    FdLineChannel channel(-1, fds[1], 64);
    EXPECT_FALSE(channel.write_line("test 0000", std::nullopt));
    EXPECT_FALSE(channel.write_line("test 0000", Clock::now() + std::chrono::seconds(1)));
    ::close(fds[1]);
    sigset_t pending;
    sigemptyset(&pending);
    ::sigpending(&pending);
    EXPECT_FALSE(sigismember(&pending, SIGPIPE));
}

TEST(Judge, AcceptsTheSecretAndCountsTests) {
    ScriptedChannel c({"test 0000 1111 2222 3333", "challenge 2451"});
    const auto r = judge(c);
    EXPECT_EQ(r.verdict, Verdict::accepted);
    EXPECT_EQ(r.tests_used, 1);
    EXPECT_EQ(c.written.back(), "Accepted");
}

TEST(Judge, VerdictForEachEnding) {
    struct Case {
        std::vector<std::string> lines;
        Read then;
        Verdict verdict;
    };
    const std::vector<Case> cases{
        {{"challenge 0000"}, Read::end_of_stream, Verdict::wrong_answer},
        {{"test 0000 1111 2222 3333"}, Read::end_of_stream, Verdict::closed_stream},
        {{"test 0000 1111 2222 3333"}, Read::timeout, Verdict::time_limit},
        {{"test 0000 1111 2222 3333"}, Read::too_long, Verdict::protocol_violation},
        {{"test 0000 1111 2222 3333"}, Read::error, Verdict::closed_stream},
        {{"hello"}, Read::end_of_stream, Verdict::protocol_violation},
        {{"test 0000 1111 2222 3333", "test 0001 1112 2223 3334", "test 0002 1113 2224 3335"},
         Read::end_of_stream,
         Verdict::too_many_tests},
        {{"challenge 2451", "challenge 2451"}, Read::end_of_stream, Verdict::protocol_violation},
        {{"challenge 24"}, Read::end_of_stream, Verdict::protocol_violation},
    };
    for (const auto& k : cases) {
        ScriptedChannel c(k.lines);
        c.then(k.then);
        const auto r = judge(c);
        EXPECT_EQ(r.verdict, k.verdict)
            << k.lines.back() << " -> " << to_string(r.verdict) << ": " << r.detail;
    }
}

TEST(Judge, AViolationIsAnsweredWithOneErrorLine) {
    ScriptedChannel c({"test 0000 1111 2222 3333", "challenge 2451", "thanks"});
    const auto r = judge(c);
    EXPECT_EQ(r.verdict, Verdict::protocol_violation);
    ASSERT_EQ(c.written.size(), 4u);  // header, answers, verdict, error
    EXPECT_EQ(c.written[2], "Accepted");
    EXPECT_EQ(c.written[3], "error message after the challenge");
}

TEST(Judge, ASolverThatStopsReadingEndsTheGame) {
    ScriptedChannel c({"test 0000 1111 2222 3333", "challenge 2451"});
    c.closed_for_writing = true;
    EXPECT_EQ(judge(c).verdict, Verdict::closed_stream);
}

TEST(Judge, LogsEveryEventAsJson) {
    ScriptedChannel c({"test 0000 1111 2222 3333", "challenge 2451"});
    std::vector<nlohmann::json> events;
    run_judge(c, small_config(), [&](const nlohmann::json& e) { events.push_back(e); });
    ASSERT_EQ(events.size(), 4u);
    EXPECT_EQ(events[0]["event"], "start");
    EXPECT_EQ(events[0]["secret"], "2451");
    EXPECT_EQ(events[1]["event"], "test");
    EXPECT_EQ(events[1]["strings"].size(), 4u);
    EXPECT_EQ(events[1]["answers"][1], nlohmann::json::array({1, 0}));  // 1111 vs 2451
    EXPECT_EQ(events[2]["event"], "challenge");
    EXPECT_EQ(events[3]["verdict"], "Accepted");
    EXPECT_TRUE(events[3].contains("ms"));
}

}  // namespace
}  // namespace mastermind
