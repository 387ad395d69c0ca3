#include "mastermind/arena/arena.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <optional>
#include <sstream>
#include <thread>

#include "mastermind/arena/sandbox.hpp"
#include "mastermind/batch/protocol.hpp"
#include "mastermind/core/line_channel.hpp"
#include "mastermind/engine/work_queue.hpp"
#include "mastermind/ordinary/protocol.hpp"

namespace mastermind {

namespace {

// A pipe whose ends close themselves.
struct Pipe {
    int fd[2] = {-1, -1};
    bool open() { return ::pipe2(fd, O_CLOEXEC) == 0; }
    void close_end(int i) {
        if (fd[i] >= 0) ::close(fd[i]);
        fd[i] = -1;
    }
    ~Pipe() {
        close_end(0);
        close_end(1);
    }
};

std::string describe_status(int status) {
    if (WIFSIGNALED(status)) {
        const int sig = WTERMSIG(status);
        return fmt::format("killed by signal {} ({})", sig, ::strsignal(sig));
    }
    if (WIFEXITED(status)) return fmt::format("exit status {}", WEXITSTATUS(status));
    return "ended";
}

}  // namespace

std::string resolve_program(const std::string& name) {
    auto executable = [](const std::string& path) {
        struct stat st {};
        return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) &&
               ::access(path.c_str(), X_OK) == 0;
    };
    if (name.find('/') != std::string::npos) return executable(name) ? name : std::string();
    const char* path_env = std::getenv("PATH");
    std::stringstream dirs(path_env ? path_env : "/usr/local/bin:/usr/bin:/bin");
    std::string dir;
    while (std::getline(dirs, dir, ':')) {
        const std::string candidate = (dir.empty() ? "." : dir) + "/" + name;
        if (executable(candidate)) return candidate;
    }
    return {};
}

GameResult play_program(const ProgramSpec& program, const GameSpec& game, const ArenaLimits& limits,
                        const JudgeLog& log) {
    GameResult result;
    result.index = game.index;
    result.secret = secret_text(game.game);
    const auto start = Clock::now();
    auto finish = [&](Verdict verdict, std::string detail) {
        result.verdict = verdict;
        result.detail = std::move(detail);
        result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        return result;
    };

    const std::string path =
        program.argv.empty() ? std::string() : resolve_program(program.argv[0]);
    if (path.empty()) {
        return finish(
            Verdict::judge_error,
            fmt::format("cannot find program '{}'", program.argv.empty() ? "" : program.argv[0]));
    }
    // Everything the child needs is prepared before fork: between fork and exec it may only make
    // async-signal-safe calls (other threads may hold the allocator's locks).
    std::vector<char*> argv;
    for (const auto& a : program.argv) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    const auto sandbox = Sandbox::create({limits.memory_bytes, limits.max_processes});
    result.sandbox = sandbox->describe();
    std::vector<char*> envp;
    for (char** e = environ; *e; ++e) envp.push_back(*e);
    envp.push_back(const_cast<char*>(sandbox->marker().c_str()));
    envp.push_back(nullptr);
    const int devnull = program.show_stderr ? -1 : ::open("/dev/null", O_WRONLY | O_CLOEXEC);

    Pipe to_child, from_child, exec_error;
    if (!to_child.open() || !from_child.open() || !exec_error.open()) {
        if (devnull >= 0) ::close(devnull);
        return finish(Verdict::judge_error, fmt::format("pipe: {}", std::strerror(errno)));
    }
    const pid_t pid = ::fork();
    if (pid < 0) {
        if (devnull >= 0) ::close(devnull);
        return finish(Verdict::judge_error, fmt::format("fork: {}", std::strerror(errno)));
    }
    if (pid == 0) {
        ::setpgid(0, 0);
        sandbox->enter();
        ::dup2(to_child.fd[0], STDIN_FILENO);
        ::dup2(from_child.fd[1], STDOUT_FILENO);
        if (devnull >= 0) ::dup2(devnull, STDERR_FILENO);
        ::signal(SIGPIPE, SIG_DFL);
        ::execve(path.c_str(), argv.data(), envp.data());
        const int err = errno;
        (void)!::write(exec_error.fd[1], &err, sizeof err);
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also here, so that the group exists before we might signal it
    sandbox->started(pid);
    if (devnull >= 0) ::close(devnull);
    to_child.close_end(0);
    from_child.close_end(1);
    exec_error.close_end(1);
    int exec_errno = 0;
    const bool exec_failed =
        ::read(exec_error.fd[0], &exec_errno, sizeof exec_errno) == sizeof exec_errno;

    // Sampled between messages: the whole tree's resident memory (the kernel enforces the cap
    // itself when the sandbox is a cgroup).
    auto watchdog = [&] {
        sandbox->resident_kb();
        return !sandbox->memory_exceeded();
    };

    JudgeReport report;
    if (exec_failed) {
        report.verdict = Verdict::judge_error;
        report.detail = fmt::format("cannot run '{}': {}", path, std::strerror(exec_errno));
    } else {
        FdLineChannel channel(from_child.fd[0], to_child.fd[1], protocol::kMaxLineBytes, watchdog);
        JudgeConfig config = game.game;
        config.message_timeout = limits.message_timeout;
        if (limits.time_limit.count() > 0) config.game_deadline = start + limits.time_limit;
        report = run_judge(channel, config, log);
    }
    // The game is over: close our ends, give the program a moment to exit by itself, then kill
    // its whole process group (it may have children) and reap it.
    to_child.close_end(1);
    from_child.close_end(0);
    // Wait without reaping (WNOWAIT): while the leader is an unreaped zombie its process group
    // id cannot be reused, so the kill below can only reach the program's own processes.
    bool exited = false;
    auto has_exited = [&] {
        siginfo_t info{};
        return ::waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
               info.si_pid == pid;
    };
    const auto grace_end = Clock::now() + std::chrono::milliseconds(200);
    // A pidfd becomes readable the moment the process exits: no polling delay per game.
    const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
    while (!(exited = has_exited()) && Clock::now() < grace_end) {
        if (pidfd >= 0) {
            pollfd p{pidfd, POLLIN, 0};
            const auto left =
                std::chrono::ceil<std::chrono::milliseconds>(grace_end - Clock::now());
            ::poll(&p, 1, static_cast<int>(std::max<long long>(0, left.count())));
        } else {
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
    if (pidfd >= 0) ::close(pidfd);
    // Every process of the game, including any that left the process group (setsid), then the
    // leader, which stays an unreaped zombie until here.
    ::kill(-pid, SIGKILL);
    sandbox->kill_all();
    int status = 0;
    rusage usage{};
    while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
    }
    result.tests = report.tests_used;
    result.peak_rss_kb = std::max(sandbox->peak_kb(), usage.ru_maxrss);
    ProgramFate fate;
    fate.exited = exited;
    fate.wait_status = status;
    fate.memory_exceeded = sandbox->memory_exceeded();
    fate.own_peak_bytes = static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
    fate.peak_seen_kb = result.peak_rss_kb;
    fate.process_limit_reached = sandbox->process_limit_reached();
    auto decision = arena_verdict(report, fate, limits);
    return finish(decision.verdict, std::move(decision.detail));
}

ArenaDecision arena_verdict(const JudgeReport& report, const ProgramFate& fate,
                            const ArenaLimits& limits) {
    const int status = fate.wait_status;
    const bool crashed =
        fate.exited && (WIFSIGNALED(status) || (WIFEXITED(status) && WEXITSTATUS(status) != 0));
    // A fork bomb held at the process limit fills its group's memory with the kernel's memory for
    // the forks it is refused (freed late, after RCU grace periods, more so on a loaded machine):
    // an OOM kill while the tree's resident memory stayed far below the limit, once the process
    // limit was reached, is the process limit's doing, not the program's memory.
    const std::uint64_t resident_seen = std::max<std::uint64_t>(
        static_cast<std::uint64_t>(fate.peak_seen_kb) * 1024, fate.own_peak_bytes);
    const bool refused_forks_filled_memory = fate.process_limit_reached && limits.memory_bytes &&
                                             resident_seen < limits.memory_bytes / 2;
    if ((fate.memory_exceeded && !refused_forks_filled_memory) ||
        (limits.memory_bytes && fate.own_peak_bytes > limits.memory_bytes)) {
        return {Verdict::memory_limit,
                fmt::format("resident memory of the process tree reached the limit of {} KiB "
                            "(peak seen {} KiB)",
                            limits.memory_bytes / 1024, fate.peak_seen_kb)};
    }
    if (fate.process_limit_reached && (report.aborted || report.verdict != Verdict::accepted)) {
        // Aborted: the watchdog stopped the game for the memory the refused forks took.
        return {
            Verdict::runtime_error,
            fmt::format("the program reached the limit of {} processes ({})", limits.max_processes,
                        report.aborted
                            ? "the kernel's memory for the refused forks filled the memory cap"
                            : report.detail)};
    }
    if (report.aborted) return {Verdict::judge_error, report.detail};
    if (crashed &&
        (report.verdict == Verdict::closed_stream || report.verdict == Verdict::accepted ||
         report.verdict == Verdict::wrong_answer)) {
        return {Verdict::runtime_error,
                fmt::format("{} ({})", describe_status(status), report.detail)};
    }
    return {report.verdict, report.detail};
}

ArenaSummary summarize(const std::vector<GameResult>& results) {
    ArenaSummary sum;
    sum.games = static_cast<int>(results.size());
    long total_tests = 0;
    for (std::size_t i = 0; i < results.size(); ++i) {
        const auto& r = results[i];
        auto it = std::find_if(sum.verdicts.begin(), sum.verdicts.end(),
                               [&](const auto& v) { return v.first == r.verdict; });
        if (it == sum.verdicts.end())
            sum.verdicts.emplace_back(r.verdict, 1);
        else
            ++it->second;
        if (sum.slowest < 0 || r.seconds > results[static_cast<std::size_t>(sum.slowest)].seconds) {
            sum.slowest = static_cast<int>(i);
        }
        if (r.verdict != Verdict::accepted) continue;
        ++sum.accepted;
        total_tests += r.tests;
        sum.max_tests = std::max(sum.max_tests, r.tests);
        if (sum.tests_histogram.size() <= static_cast<std::size_t>(r.tests)) {
            sum.tests_histogram.resize(static_cast<std::size_t>(r.tests) + 1);
        }
        ++sum.tests_histogram[static_cast<std::size_t>(r.tests)];
    }
    std::sort(sum.verdicts.begin(), sum.verdicts.end());
    if (sum.accepted) sum.mean_tests = static_cast<double>(total_tests) / sum.accepted;
    if (sum.games == 0 || sum.accepted < sum.games)
        sum.contest_score = "none (not every game Accepted)";
    else if (sum.max_tests <= 9)
        sum.contest_score = "full (every game Accepted within 9 tests)";
    else if (sum.max_tests <= 20)
        sum.contest_score = "partial (every game Accepted within 20 tests)";
    else
        sum.contest_score = "none (a game needed more than 20 tests)";
    return sum;
}

ArenaRun play_programs(const ProgramSpec& program, const std::vector<GameSpec>& games,
                       const ArenaLimits& limits, const std::string& log_dir, int jobs,
                       const std::function<void(const GameResult&)>& on_result) {
    std::vector<std::optional<GameResult>> results(games.size());
    std::mutex mutex;
    std::condition_variable done;
    std::string log_failure;
    bool ended = false;  // the queue stopped handing out games
    auto play = [&](std::size_t i) {
        std::ofstream log_file;
        JudgeLog log;
        const std::string log_path =
            log_dir.empty() ? "" : fmt::format("{}/game-{:05}.jsonl", log_dir, games[i].index);
        if (!log_path.empty()) {
            log_file.open(log_path);
            log = [&](const nlohmann::json& e) { log_file << e.dump() << '\n'; };
        }
        auto r = play_program(program, games[i], limits, log);
        const std::lock_guard lock(mutex);
        if (!log_path.empty() && !log_file.flush()) {
            if (log_failure.empty()) log_failure = log_path;
            ended = true;
            done.notify_all();
            return false;
        }
        results[i] = std::move(r);
        done.notify_all();
        return true;
    };
    WorkQueue queue(games.size(), std::max(1, jobs), [&](std::size_t i) {
        try {
            return play(i);
        } catch (...) {
            const std::lock_guard lock(mutex);
            ended = true;
            done.notify_all();
            throw;
        }
    });
    ArenaRun run;
    try {
        for (std::size_t i = 0; i < games.size(); ++i) {
            std::unique_lock lock(mutex);
            done.wait(lock, [&] { return results[i].has_value() || ended; });
            if (!results[i]) break;
            run.results.push_back(*results[i]);
            lock.unlock();
            if (on_result) on_result(run.results.back());
        }
    } catch (...) {  // the caller's output failed: end the games in play, then report it
        queue.stop();
        queue.wait();
        throw;
    }
    queue.wait();
    run.log_failure = log_failure;
    return run;
}

}  // namespace mastermind
