// Where `evaluate --strategy optimal --all` runs its search as jobs (optimal_jobs.hpp): in this
// process, one job after another, when it keeps a checkpoint (--checkpoint FILE); or over the
// ranks of an MPI job (the MPI front end, mpi_main.cpp, installs its runner before parsing the
// command line). Either way the search's finished parts go to the checkpoint as they finish, and
// a run given the same checkpoint again starts from them.
#pragma once

#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "checkpoint_lock.hpp"
#include "mastermind/core/budget.hpp"
#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/optimal_jobs.hpp"

namespace mastermind::app {

struct OptimalRun {
    const CodeSpace* space = nullptr;
    int threads = 0;                        // of each process's search; 0: every core
    int max_guesses = 0;                    // the game's limit on a game's guesses
    std::optional<std::uint32_t> first;     // a first guess given (--first)
    std::string checkpoint;                 // empty: none
    std::function<void(const std::string&)> progress;  // empty: quiet
    // The caller's budget (evaluate's: its output's reader gone); a signal ends the run too.
    Budget budget;
};

struct OptimalRunResult {
    bool reports = true;  // false on the MPI ranks that only compute: they print nothing
    // The optimum within the game's limit and a strategy reaching it; nullopt: none exists.
    std::optional<OptimalJobs::Answer> answer;
};

using OptimalRunner = std::function<OptimalRunResult(const OptimalRun&)>;

// The runner in use; empty: the jobs run here (run_optimal_jobs_here).
inline OptimalRunner& optimal_runner() {
    static OptimalRunner runner;
    return runner;
}

// How many processes share an MPI run (1 outside one): over more than one, only the optimal
// search of an ordinary game's --all is divided among them.
inline int& mpi_ranks() {
    static int ranks = 1;
    return ranks;
}
// This process's rank in that run (0 outside one): only rank 0 says why a command is refused.
inline int& mpi_rank() {
    static int rank = 0;
    return rank;
}

// The checkpoint of a run (--checkpoint FILE): what it proves is taken into each pass's jobs
// before any of them runs, and each finished job is appended as it finishes. A record torn by a
// kill at the end of the file is cut off before appending. Throws std::runtime_error with a
// message for the user (FILE:LINE: why) on anything wrong.
class OptimalCheckpoint {
  public:
    // An empty path: nothing kept.
    explicit OptimalCheckpoint(std::string path);
    OptimalCheckpoint(const OptimalCheckpoint&) = delete;
    OptimalCheckpoint& operator=(const OptimalCheckpoint&) = delete;
    // Reads the file (when it exists) into `jobs`; the first time, opens it for appending too,
    // and says on stderr what it took.
    void resume(OptimalJobs& jobs);
    void add(const CodeSpace& space, const OptimalJobs::Job& job,
             const OptimalJobs::Outcome& outcome);
    std::size_t resumed() const { return resumed_; }  // records read the first time

  private:
    std::string path_;
    // Held locked (flock) while the run lasts: two runs never append to one checkpoint, even
    // when a stopped run's processes outlive the launcher that was stopped.
    std::unique_ptr<CheckpointLock> lock_;
    std::unique_ptr<std::ofstream> out_;
    std::size_t resumed_ = 0;
};

// The search of the whole game as the `optimal` codebreaker makes it: without a limit on the
// guesses first, then, when that strategy breaks the game's limit, again under the limit. Each
// pass's jobs take what the checkpoint proves, then `pass` runs them (on this process's `search`
// or over the ranks). The shape every runner shares.
using PassRunner = std::function<void(OptimalJobs& jobs)>;
std::optional<OptimalJobs::Answer> run_optimal_passes(const OptimalRun& run, OptimalSearch& search,
                                                      OptimalCheckpoint& checkpoint,
                                                      const PassRunner& pass);

// The options of a process's search for jobs: `run.threads` threads.
OptimalSearchOptions job_search_options(const OptimalRun& run);

// Every job in this process, one after another, each on `threads` threads.
OptimalRunResult run_optimal_jobs_here(const OptimalRun& run);

// A line for --progress on the jobs so far.
std::string jobs_progress(const OptimalJobs& jobs, const CodeSpace& space, double seconds);

}  // namespace mastermind::app
