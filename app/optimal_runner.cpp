#include "optimal_runner.hpp"

#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <thread>

#include <fmt/format.h>

#include "interrupt_notice.hpp"
#include "mastermind/core/text.hpp"

namespace mastermind::app {

OptimalCheckpoint::OptimalCheckpoint(std::string path) : path_(std::move(path)) {}

void OptimalCheckpoint::resume(OptimalJobs& jobs) {
    if (path_.empty()) return;
    namespace fs = std::filesystem;
    std::error_code error;
    const auto status = fs::status(path_, error);
    const bool exists = status.type() != fs::file_type::not_found && !error;
    if (exists && status.type() != fs::file_type::regular)
        throw std::runtime_error(fmt::format("'{}' is not a regular file", path_));
    if (!lock_) {
        lock_ = std::make_unique<CheckpointLock>(path_);
        if (const auto why = lock_->problem(
                " (one still going, or a stopped one whose processes have not ended yet)");
            !why.empty())
            throw std::runtime_error(why);
    }
    if (exists) {
        // Refused by its size before anything is read.
        if (const auto size = fs::file_size(path_, error);
            !error && size > OptimalJobs::kMaxCheckpointBytes) {
            throw std::runtime_error(
                fmt::format("'{}' is larger than 1 GiB, the limit of a checkpoint", path_));
        }
        std::ifstream in(path_, std::ios::binary);
        if (!in) throw std::runtime_error(fmt::format("'{}' cannot be read", path_));
        const auto resumed = jobs.resume(in, path_);
        if (!out_) {
            resumed_ = resumed.records;
            fmt::print(stderr, "mastermind evaluate: --checkpoint {}: {} searched before{}\n",
                       path_, count_of(resumed.records, "part"),
                       resumed.torn ? ", and the torn record a stopped run left cut off" : "");
        }
        if (resumed.torn) {
            // The tail a kill left: cut off, so that the next record starts on a line of its own.
            fs::resize_file(path_, resumed.good_bytes, error);
            if (error) {
                throw std::runtime_error(fmt::format("'{}': cannot cut off its torn last record: {}",
                                                     path_, error.message()));
            }
        }
    }
    if (out_) return;
    out_ = std::make_unique<std::ofstream>(path_, std::ios::binary | std::ios::app);
    if (!*out_) throw std::runtime_error(fmt::format("'{}' cannot be written", path_));
    if (fs::file_size(path_, error) == 0) *out_ << jobs.header() << '\n' << std::flush;
    if (!*out_) throw std::runtime_error(fmt::format("'{}': write error", path_));
}

void OptimalCheckpoint::add(const CodeSpace& space, const OptimalJobs::Job& job,
                            const OptimalJobs::Outcome& outcome) {
    if (!out_) return;
    OptimalJobs::record(*out_, space, job, outcome);
    if (!*out_) throw std::runtime_error(fmt::format("'{}': write error", path_));
}

std::string jobs_progress(const OptimalJobs& jobs, const CodeSpace& space, double seconds) {
    const auto best = jobs.best();
    return fmt::format(
        "optimal: {} searched, {} running; {} of {} still open; best so far {}; {:.1f} s",
        count_of(jobs.finished(), "part"), jobs.running(), jobs.open_guesses(),
        count_of(jobs.guesses(), "first guess", "first guesses"),
        best ? fmt::format("{} (first guess {})", best->second.total, space.to_string(best->first))
             : std::string("none"),
        seconds);
}

std::optional<OptimalJobs::Answer> run_optimal_passes(const OptimalRun& run, OptimalSearch& search,
                                                      OptimalCheckpoint& checkpoint,
                                                      const PassRunner& pass) {
    const CodeSpace& space = *run.space;
    OptimalJobs unlimited(space, search, OptimalSearch::kUnbounded, run.first);
    checkpoint.resume(unlimited);
    pass(unlimited);
    auto answer = unlimited.answer();
    if (answer && answer->depth <= run.max_guesses) return answer;
    OptimalJobs limited(space, search, run.max_guesses, run.first);
    checkpoint.resume(limited);
    pass(limited);
    return limited.answer();
}

OptimalSearchOptions job_search_options(const OptimalRun& run) {
    OptimalSearchOptions options;
    options.threads = run.threads > 0
                          ? run.threads
                          : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    return options;
}

namespace {

// SIGINT or SIGTERM during a run with a checkpoint: the job under way is stopped (its budget's
// flag), and the run ends with a word on how to resume instead of dying mid-search.
std::atomic<bool> g_stop_jobs{false};
extern "C" void stop_jobs(int) {
    g_stop_jobs = true;
}

}  // namespace

OptimalRunResult run_optimal_jobs_here(const OptimalRun& run) {
    const CodeSpace& space = *run.space;
    OptimalSearch search(space, job_search_options(run));
    // Only a run that keeps a checkpoint has something to say when stopped; without the
    // handlers the flag is never set and the budget never runs out.
    std::optional<ScopedSignalHandlers> signals;
    if (!run.checkpoint.empty()) signals.emplace(stop_jobs);
    g_stop_jobs = false;
    const Budget budget = run.budget.also_until(g_stop_jobs);
    const auto started = std::chrono::steady_clock::now();
    auto seconds = [&] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    };
    OptimalCheckpoint checkpoint(run.checkpoint);
    auto pass = [&](OptimalJobs& jobs) {
        if (run.progress) run.progress(jobs_progress(jobs, space, seconds()));
        while (auto job = jobs.next()) {
            OptimalJobs::Outcome outcome;
            try {
                outcome = OptimalJobs::run(search, *job, budget);
            } catch (const BudgetExhausted&) {
                if (!g_stop_jobs) throw;  // the caller's budget: the caller says why
                throw std::runtime_error(fmt::format(
                    "{}: stopped by a signal after {} searched; the same command resumes from it",
                    run.checkpoint, count_of(jobs.finished() + checkpoint.resumed(), "part")));
            }
            checkpoint.add(space, *job, outcome);
            jobs.finish(job->id, outcome);
            if (run.progress) run.progress(jobs_progress(jobs, space, seconds()));
        }
    };
    OptimalRunResult result;
    result.answer = run_optimal_passes(run, search, checkpoint, pass);
    return result;
}

}  // namespace mastermind::app
