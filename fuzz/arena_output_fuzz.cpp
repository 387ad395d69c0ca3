// Fuzzes the arena reading a program's output, in one process so that a campaign reaches millions
// of executions (arena_process_fuzz runs the real program and sandbox, at about 90 a second). The
// first byte picks the game (ordinary or batch, classic or adjacent rules); the second the
// program's fate as the arena would see it after the game (exited by itself or killed, its exit
// code or signal, memory over the limit, the process limit reached, and after how many messages
// the arena's watchdog stops the game for memory); the rest is what the program writes, read
// through a real pipe by the arena's channel with the arena's deadlines and watchdog, judged, and
// turned into a contest verdict by `arena_verdict`, the arena's own rule.
//
// Oracle: never a judge error; Memory Limit Exceeded exactly when the memory says so; Accepted
// only when the judge accepted and the program did not crash (judge_session_fuzz checks that the
// judge accepts only the secret); Runtime Error only for a crash or the process limit; otherwise
// the judge's verdict unchanged.
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>

#include "mastermind/arena/arena.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/line_channel.hpp"
#include "mastermind/ordinary/protocol.hpp"

using namespace mastermind;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 2 || size > 60000) return 0;  // the program's bytes must fit in one pipe buffer
    const std::uint8_t game_choice = data[0], fate_choice = data[1];

    GameSpec game;
    game.index = 1;
    const bool ordinary = game_choice & 1;
    if (ordinary) {
        OrdinaryParams p;
        p.pegs = 3, p.colours = 4, p.max_guesses = 5;
        p.rules = (game_choice & 2) ? Rules::adjacent : Rules::classic;
        game.game = make_ordinary_judge_config(p, std::nullopt, game_choice);
    } else {
        BatchParams p{3, 4, 2, 5};
        p.rules = (game_choice & 2) ? Rules::adjacent : Rules::classic;
        game.game = make_judge_config(p, std::nullopt, game_choice);
    }
    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(1000);

    ProgramFate fate;
    fate.exited = fate_choice & 1;
    const int code = (fate_choice >> 1) & 3;  // 0 exit 0, 1 exit 1, 2 SIGSEGV, 3 SIGKILL
    fate.wait_status = code == 0 ? 0 : code == 1 ? (1 << 8) : code == 2 ? SIGSEGV : SIGKILL;
    fate.memory_exceeded = (fate_choice & 0x18) == 0x18;
    fate.own_peak_bytes = (fate_choice & 0x18) == 0x08 ? limits.memory_bytes + 1 : 1 << 20;
    fate.peak_seen_kb = static_cast<long>(fate.own_peak_bytes / 1024);
    fate.process_limit_reached = fate_choice & 0x20;
    // An OOM kill with little resident memory after the process limit is a fork bomb's kernel
    // memory: the process limit's verdict (arena_verdict).
    const bool refused_forks =
        fate.process_limit_reached && fate.own_peak_bytes < limits.memory_bytes / 2;
    const bool over_memory =
        (fate.memory_exceeded && !refused_forks) || fate.own_peak_bytes > limits.memory_bytes;
    // The watchdog stops the game only for memory, as the arena's does (sandbox limits).
    const int stop_after = (fate_choice & 0xC0) && over_memory ? (fate_choice >> 6) : -1;

    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return 0;
    if (size > 2 && ::write(fds[1], data + 2, size - 2) != static_cast<ssize_t>(size - 2))
        __builtin_trap();
    ::close(fds[1]);
    int sink[2];  // the judge's lines to the program: drained by nobody, so sized to hold them
    if (::pipe2(sink, O_CLOEXEC | O_NONBLOCK) != 0) __builtin_trap();
    ::fcntl(sink[1], F_SETPIPE_SZ, 1 << 20);
    int checks = 0;
    auto watchdog = [&] { return stop_after < 0 || checks++ < stop_after; };
    FdLineChannel channel(fds[0], sink[1], protocol::kMaxLineBytes, watchdog);
    JudgeConfig config = game.game;
    config.message_timeout = limits.message_timeout;
    config.after_challenge = std::chrono::milliseconds(0);
    const auto start = std::chrono::steady_clock::now();
    config.game_deadline = start + limits.time_limit;
    const JudgeReport report = run_judge(channel, config);
    ::close(fds[0]);
    ::close(sink[0]);
    ::close(sink[1]);
    const ArenaDecision decision = arena_verdict(report, fate, limits);

    const bool crashed = fate.exited && code != 0;
    if (decision.verdict == Verdict::judge_error) __builtin_trap();
    if ((decision.verdict == Verdict::memory_limit) != over_memory) __builtin_trap();
    if (decision.verdict == Verdict::accepted && (report.verdict != Verdict::accepted || crashed)) {
        __builtin_trap();
    }
    if (decision.verdict == Verdict::runtime_error && !crashed && !fate.process_limit_reached) {
        __builtin_trap();
    }
    if (!over_memory && decision.verdict != Verdict::runtime_error &&
        decision.verdict != report.verdict) {
        __builtin_trap();
    }
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(3)) __builtin_trap();
    return 0;
}
