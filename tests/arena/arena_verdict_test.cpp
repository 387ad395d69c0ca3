// The arena's contest verdict from the judge's report and the program's fate (arena_verdict), rule
// by rule; the real programs, sandbox and limits are in tests/cli/arena_cli_test.sh.
#include <gtest/gtest.h>

#include <csignal>

#include "mastermind/arena/arena.hpp"

namespace mastermind {
namespace {

JudgeReport judged(Verdict verdict) {
    JudgeReport report;
    report.verdict = verdict;
    report.detail = "judge";
    return report;
}

ProgramFate exited_with(int wait_status) {
    ProgramFate fate;
    fate.exited = true;
    fate.wait_status = wait_status;
    return fate;
}

TEST(ArenaVerdict, MemoryOverTheLimitIsMemoryLimitExceededWhateverElse) {
    const ArenaLimits limits;
    ProgramFate fate = exited_with(SIGKILL);
    fate.memory_exceeded = true;
    EXPECT_EQ(arena_verdict(judged(Verdict::accepted), fate, limits).verdict,
              Verdict::memory_limit);
    ProgramFate big;
    big.own_peak_bytes = limits.memory_bytes + 1;
    EXPECT_EQ(arena_verdict(judged(Verdict::wrong_answer), big, limits).verdict,
              Verdict::memory_limit);
    big.own_peak_bytes = limits.memory_bytes;
    EXPECT_EQ(arena_verdict(judged(Verdict::wrong_answer), big, limits).verdict,
              Verdict::wrong_answer);
    JudgeReport aborted = judged(Verdict::closed_stream);
    aborted.aborted = true;
    EXPECT_EQ(arena_verdict(aborted, fate, limits).verdict, Verdict::memory_limit);
    EXPECT_EQ(arena_verdict(aborted, ProgramFate{}, limits).verdict, Verdict::judge_error);
}

TEST(ArenaVerdict, ACrashIsARuntimeErrorWhereTheJudgeSawTheProgramStopOrAnswer) {
    const ArenaLimits limits;
    for (int status : {SIGSEGV, 1 << 8}) {
        for (Verdict v : {Verdict::closed_stream, Verdict::accepted, Verdict::wrong_answer}) {
            EXPECT_EQ(arena_verdict(judged(v), exited_with(status), limits).verdict,
                      Verdict::runtime_error);
        }
        // The judge's own reason stands when it is about the messages or the time.
        for (Verdict v :
             {Verdict::protocol_violation, Verdict::too_many_tests, Verdict::time_limit}) {
            EXPECT_EQ(arena_verdict(judged(v), exited_with(status), limits).verdict, v);
        }
    }
    EXPECT_EQ(arena_verdict(judged(Verdict::accepted), exited_with(0), limits).verdict,
              Verdict::accepted);
    // Killed by the arena after the game (not exited by itself): not the program's crash.
    ProgramFate killed;
    killed.wait_status = SIGKILL;
    EXPECT_EQ(arena_verdict(judged(Verdict::accepted), killed, limits).verdict, Verdict::accepted);
}

TEST(ArenaVerdict, TheProcessLimitIsNamedUnlessTheGameWasWon) {
    const ArenaLimits limits;
    ProgramFate fate;
    fate.process_limit_reached = true;
    const auto lost = arena_verdict(judged(Verdict::closed_stream), fate, limits);
    EXPECT_EQ(lost.verdict, Verdict::runtime_error);
    EXPECT_NE(lost.detail.find("limit of 64 processes"), std::string::npos) << lost.detail;
    EXPECT_EQ(arena_verdict(judged(Verdict::accepted), fate, limits).verdict, Verdict::accepted);
}

TEST(ArenaVerdict, AForkBombKilledForKernelMemoryAtTheProcessLimitIsTheProcessLimit) {
    // The kernel's memory for refused forks fills the group: OOM kill, little resident memory.
    const ArenaLimits limits;
    ProgramFate fate;
    fate.process_limit_reached = true;
    fate.memory_exceeded = true;
    fate.peak_seen_kb = 2800;
    fate.own_peak_bytes = 2800 * 1024;
    const auto bomb = arena_verdict(judged(Verdict::closed_stream), fate, limits);
    EXPECT_EQ(bomb.verdict, Verdict::runtime_error);
    EXPECT_NE(bomb.detail.find("limit of 64 processes"), std::string::npos) << bomb.detail;
    // The arena's watchdog stopped the game for that memory: still the process limit.
    JudgeReport stopped = judged(Verdict::judge_error);
    stopped.aborted = true;
    const auto stopped_bomb = arena_verdict(stopped, fate, limits);
    EXPECT_EQ(stopped_bomb.verdict, Verdict::runtime_error);
    EXPECT_NE(stopped_bomb.detail.find("refused forks"), std::string::npos) << stopped_bomb.detail;
    // The same with the tree's memory near the limit is the memory's doing.
    fate.peak_seen_kb = 60 * 1024;
    EXPECT_EQ(arena_verdict(judged(Verdict::closed_stream), fate, limits).verdict,
              Verdict::memory_limit);
    // Without the process limit, an OOM kill is Memory Limit Exceeded whatever was seen.
    fate.process_limit_reached = false;
    fate.peak_seen_kb = 2800;
    EXPECT_EQ(arena_verdict(judged(Verdict::closed_stream), fate, limits).verdict,
              Verdict::memory_limit);
}

}  // namespace
}  // namespace mastermind
