// The local tester: runs a solver program against the judge, game after game, the way a contest
// would. Each game starts the program directly (argv, no shell) in its own process group,
// connects it through pipes, enforces a wall-clock and a memory limit, and kills the whole group
// when the game is over, so that nothing is left behind.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "mastermind/batch/packed_code.hpp"
#include "mastermind/batch/params.hpp"
#include "mastermind/judge/judge.hpp"

namespace mastermind {

struct ArenaLimits {
    std::chrono::milliseconds time_limit{3000};  // whole game, wall clock; 0 = none
    std::uint64_t memory_bytes = 64ull
                                 << 20;  // resident memory of the whole process tree; 0 = none
    int max_processes = 64;              // processes and threads at once; 0 = none (sandbox.hpp)
    // Without a time limit each message must still come within this.
    std::chrono::milliseconds message_timeout{10000};
};

struct GameSpec {
    int index = 0;
    JudgeConfig game;  // the game, its secret and shuffle seed; the arena sets the time limits
};

struct GameResult {
    int index = 0;
    std::string secret;
    Verdict verdict = Verdict::judge_error;
    int tests = 0;
    double seconds = 0;
    long peak_rss_kb = 0;  // of the whole process tree when the sandbox is a cgroup
    std::string detail;
    std::string sandbox;  // how the limits were applied (Sandbox::describe)
};

struct ProgramSpec {
    std::vector<std::string> argv;  // argv[0] is looked up in PATH if it has no '/'
    bool show_stderr = false;       // otherwise the program's stderr goes to /dev/null
};

// What the arena knows of the program once its game is over, beside the judge's report.
struct ProgramFate {
    bool exited = false;           // it ended by itself (within the grace period after the game)
    int wait_status = 0;           // its wait status, when it exited
    bool memory_exceeded = false;  // the sandbox saw the limit reached (or the kernel's OOM)
    std::uint64_t own_peak_bytes = 0;    // the program's own peak resident memory (wait4)
    long peak_seen_kb = 0;               // the most seen for the whole tree, for the message
    bool process_limit_reached = false;  // the sandbox refused a process or thread
};

// The contest verdict of a game, as a judge would give it: memory over the limit is Memory Limit
// Exceeded whatever else happened; a program that crashed or exited non-zero where the judge saw
// it go quiet (or had already accepted or refused its answer) has a Runtime Error; a game lost at
// the process limit says so; otherwise the judge's verdict. A report the channel's watchdog
// aborted is a judge error unless the memory explains it.
struct ArenaDecision {
    Verdict verdict;
    std::string detail;
};
ArenaDecision arena_verdict(const JudgeReport& report, const ProgramFate& fate,
                            const ArenaLimits& limits);

// Plays one game. `log`, if set, receives the judge's transcript events.
GameResult play_program(const ProgramSpec& program, const GameSpec& game, const ArenaLimits& limits,
                        const JudgeLog& log = {});

// Many games, `jobs` programs at once, each game's transcript in `log_dir`/game-NNNNN.jsonl when
// `log_dir` is set. `on_result` is called with each game's result in game order, on the calling
// thread, as soon as it and those before it are over; if it throws, the games in play end and the
// exception is rethrown. A transcript that cannot be written ends the run: a log that silently
// misses games is worse than none.
struct ArenaRun {
    std::vector<GameResult> results;  // in game order: every game, or those before the stop
    std::string log_failure;          // the transcript that could not be written, if any
};
ArenaRun play_programs(const ProgramSpec& program, const std::vector<GameSpec>& games,
                       const ArenaLimits& limits, const std::string& log_dir, int jobs,
                       const std::function<void(const GameResult&)>& on_result = {});

struct ArenaSummary {
    int games = 0;
    std::vector<std::pair<Verdict, int>> verdicts;  // verdicts that occurred, with their counts
    int accepted = 0;
    int max_tests = 0;                 // over accepted games
    double mean_tests = 0;             // over accepted games
    std::vector<int> tests_histogram;  // [t] = accepted games that used t tests
    int slowest = -1;                  // index into the results
    // The original problem's score rule: every game Accepted within 9 tests gives the full score,
    // within 20 the partial score; otherwise none.
    std::string contest_score;
};

ArenaSummary summarize(const std::vector<GameResult>& results);

// The executable `name` would run as: itself if it holds a '/', else the first match in PATH;
// empty if none.
std::string resolve_program(const std::string& name);

}  // namespace mastermind
