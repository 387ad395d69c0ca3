// Fuzzes the whole arena end to end: the input becomes everything a contestant's program writes
// (the program is /bin/cat of a file holding it, started by the arena as any solver, in its
// sandbox), on the small ordinary or batch game that the first byte picks. The arena must give one
// contest verdict (never a judge error), within the time limit plus the cleanup, and leave no
// process behind. Each execution is a process and a cgroup (about 90 a second): CI runs it briefly;
// the campaigns run arena_output_fuzz, the same reading and verdicts in one process.
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "mastermind/arena/arena.hpp"

using namespace mastermind;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 1 || size > 4096) return 0;  // small enough that cat never waits for the judge
    static const std::string path = [] {
        char name[] = "/tmp/mastermind-arena-fuzz-XXXXXX";
        const int fd = ::mkstemp(name);
        if (fd < 0) std::abort();
        ::close(fd);
        return std::string(name);
    }();
    const int fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0 || ::write(fd, data + 1, size - 1) != static_cast<ssize_t>(size - 1)) std::abort();
    ::close(fd);

    GameSpec game;
    game.index = 1;
    if (data[0] & 1) {
        OrdinaryParams p;
        p.pegs = 3, p.colours = 4, p.max_guesses = 5;
        p.rules = (data[0] & 2) ? Rules::adjacent : Rules::classic;
        game.game = make_ordinary_judge_config(p, std::nullopt, data[0]);
    } else {
        BatchParams p{3, 4, 2, 5};
        p.rules = (data[0] & 2) ? Rules::adjacent : Rules::classic;
        game.game = make_judge_config(p, std::nullopt, data[0]);
    }
    ArenaLimits limits;
    limits.time_limit = std::chrono::milliseconds(1000);
    const ProgramSpec program{{"/bin/cat", path}, false};
    const auto start = std::chrono::steady_clock::now();
    const auto result = play_program(program, game, limits);
    if (result.verdict == Verdict::judge_error) __builtin_trap();
    if (std::chrono::steady_clock::now() - start > std::chrono::seconds(3)) __builtin_trap();
    return 0;
}
