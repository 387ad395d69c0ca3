// `mastermind-mpi`: the command line of `mastermind` for MPI jobs, which runs the shards of
// `evaluate --all --shards N` (the batch game), or the exact search of an ordinary game's
// `evaluate --strategy optimal --all`, over the ranks of `mpirun`:
//
//   mpirun -np 4 mastermind-mpi evaluate --strategy adaptive-split --all --shards 16
//   mpirun -np 3 mastermind-mpi evaluate --game ordinary -P 5 -K 6 --strategy optimal --all
//       --checkpoint 5x6.jobs
//
// Every rank parses the same command line. Rank 0 hands out the work one piece at a time to the
// ranks that ask (dynamic load balancing: a rank that finished asks for the next) and prints the
// one report; ranks 1 .. R-1 compute and print nothing. The shards: rank 0 receives each shard's
// partial report (the JSON of `evaluate --shard I/N`) and merges them (merge_evaluations); alone
// (-np 1) it computes every shard itself; without --shards, four shards per computing rank. The
// optimal search: the pieces are the jobs of optimal_jobs.hpp (one part of one first guess each),
// rank 0 tells a rank to stop a job as soon as the job can no longer change the answer, keeps
// the checkpoint, and plays the strategy found.
#include <mpi.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "cli.hpp"
#include "optimal_runner.hpp"
#include "shard_messages.hpp"
#include "shard_runner.hpp"

namespace mastermind::app {

namespace {

enum Tag : int {
    // The shards.
    kRequest = 1,
    kAssign = 2,
    kResult = 3,
    // The optimal search's jobs: a rank asks for one (kJobRequest, once; after that each outcome
    // asks for the next), is given one or told to stop (kJob), sends its outcome (kOutcome), and
    // may be told to stop the job under way (kCut, the job's id).
    kJobRequest = 11,
    kJob = 12,
    kOutcome = 13,
    kCut = 14,
};

void send_text(const std::string& text, int to, int tag) {
    MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, to, tag, MPI_COMM_WORLD);
}

// The text of a message already probed (`status`).
std::string receive_text(const MPI_Status& status) {
    int bytes = 0;
    MPI_Get_count(&status, MPI_CHAR, &bytes);
    std::string text(static_cast<std::size_t>(bytes), '\0');
    MPI_Recv(text.data(), bytes, MPI_CHAR, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return text;
}

int world_rank() {
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    return rank;
}
int world_size() {
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    return size;
}

// Rank 0: hands out shards 0 .. shards - 1 to the ranks that ask, until each rank has been told
// to stop; returns every shard's result. A rank's result arrives before its next request (MPI
// keeps the order of messages between two ranks), so all are in once every rank has stopped.
// `progress` (evaluate --progress) hears of the games done each time a shard's report arrives.
std::vector<EvaluationResult> coordinate(int shards, int ranks, const EvaluationOptions& options) {
    std::vector<std::optional<EvaluationResult>> results(static_cast<std::size_t>(shards));
    std::uint64_t games_done = 0;
    int next = 0, stopped = 0;
    while (stopped < ranks - 1) {
        int ready = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &ready, &status);
        if (!ready) {
            // Waiting without spinning: the computing ranks may share this rank's cores.
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
            continue;
        }
        if (status.MPI_TAG == kRequest) {
            int unused = 0;
            MPI_Recv(&unused, 1, MPI_INT, status.MPI_SOURCE, kRequest, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            int shard = next < shards ? next++ : -1;
            if (shard < 0) ++stopped;
            MPI_Send(&shard, 1, MPI_INT, status.MPI_SOURCE, kAssign, MPI_COMM_WORLD);
        } else {
            int bytes = 0;
            MPI_Get_count(&status, MPI_CHAR, &bytes);
            std::string text(static_cast<std::size_t>(bytes), '\0');
            MPI_Recv(text.data(), bytes, MPI_CHAR, status.MPI_SOURCE, kResult, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            auto [shard, result] = read_shard_message(text);
            games_done += result.games;
            results[static_cast<std::size_t>(shard)] = std::move(result);
            if (options.progress) options.progress(games_done, options.params.secret_count());
        }
    }
    std::vector<EvaluationResult> all;
    for (auto& r : results) all.push_back(std::move(*r));
    return all;
}

// Ranks 1 ..: asks rank 0 for a shard, computes it, sends its partial report, until told to stop.
void work(const EvaluationOptions& options, int shards) {
    EvaluationOptions one = options;
    one.shards = shards;
    one.progress = nullptr;
    one.pass_progress = nullptr;
    for (;;) {
        int unused = 0, shard = -1;
        MPI_Send(&unused, 1, MPI_INT, 0, kRequest, MPI_COMM_WORLD);
        MPI_Recv(&shard, 1, MPI_INT, 0, kAssign, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (shard < 0) return;
        one.shard = shard;
        const std::string text = shard_message(options, evaluate_all(one), shard, shards);
        MPI_Send(text.data(), static_cast<int>(text.size()), MPI_CHAR, 0, kResult, MPI_COMM_WORLD);
    }
}

std::optional<EvaluationResult> run_over_mpi(const EvaluationOptions& options, int shards) {
    const int rank = world_rank(), ranks = world_size();
    // The checks every rank makes alike, before any message: a refused game ends every rank.
    if (auto why = strategy_refuses(*options.strategy, options.params); !why.empty())
        throw std::invalid_argument(why);
    options.strategy->make(options.params, options.seed);
    if (shards == 1) shards = 4 * std::max(1, ranks - 1);
    if (ranks == 1) return evaluate_all_in_shards(options, shards);
    // A failure past this point on one rank would leave the others waiting for it: it ends the job.
    try {
        if (rank != 0) {
            work(options, shards);
            return std::nullopt;
        }
        const auto parts = coordinate(shards, ranks, options);
        return merge_evaluations(parts, options.params, options.examples);
    } catch (const std::exception& e) {
        complain("mastermind-mpi: rank {}: {}; ending the job\n", rank, e.what());
        MPI_Abort(MPI_COMM_WORLD, kExitFailure);
        return std::nullopt;
    }
}


// The optimal search's jobs over the ranks. A job travels as "ID FIRST ANSWER LEFT TOTAL SQUARES"
// (code numbers, feedback id, the beta): the rank finds the part's secrets itself. An outcome
// travels as "ID cut", "ID at-least TOTAL SQUARES" or "ID exact TOTAL SQUARES DEPTH" followed by
// the part's strategy as a decision-tree file.

std::string job_text(const OptimalJobs::Job& job) {
    return fmt::format("{} {} {} {} {} {}", job.id, job.first, job.answer, job.guesses_left,
                       job.beta.total, job.beta.squares);
}

OptimalJobs::Job job_from(const std::string& text, const CodeSpace& space) {
    std::istringstream in(text);
    OptimalJobs::Job job;
    if (!(in >> job.id >> job.first >> job.answer >> job.guesses_left >> job.beta.total >>
          job.beta.squares) ||
        job.first >= space.size()) {
        throw std::runtime_error("a job message that does not parse: " + text.substr(0, 80));
    }
    for (std::uint32_t s = 0; s < space.size(); ++s) {
        if (space.feedback(job.first, s) == job.answer && job.answer != space.win())
            job.secrets.push_back(s);
    }
    return job;
}

std::string outcome_text(std::uint64_t id, const CodeSpace& space,
                         const std::optional<OptimalJobs::Outcome>& outcome) {
    if (!outcome) return fmt::format("{} cut", id);
    const auto& r = outcome->result;
    if (!r.exact) return fmt::format("{} at-least {} {}", id, r.value.total, r.value.squares);
    std::ostringstream tree;
    write_decision_tree(tree, space, outcome->tree);
    return fmt::format("{} exact {} {} {}\n{}", id, r.value.total, r.value.squares, r.depth,
                       tree.str());
}

// The id and, unless the job was cut, the outcome.
std::pair<std::uint64_t, std::optional<OptimalJobs::Outcome>> outcome_from(const std::string& text,
                                                                          int rank) {
    std::istringstream in(text);
    std::uint64_t id = 0;
    std::string kind;
    if (!(in >> id >> kind)) throw std::runtime_error("an outcome message that does not parse");
    if (kind == "cut") return {id, std::nullopt};
    OptimalJobs::Outcome o;
    in >> o.result.value.total >> o.result.value.squares;
    o.result.exact = kind == "exact";
    if (o.result.exact) {
        in >> o.result.depth;
        o.tree = read_decision_tree(in, fmt::format("the strategy from rank {}", rank));
    }
    if (!in && !o.result.exact) throw std::runtime_error("an outcome message that does not parse");
    return {id, std::move(o)};
}

// Ranks 1 ..: asks for jobs and runs each on this rank's search (which keeps its table from one
// job to the next), in a thread of its own so that this thread can hear a kCut for it, until told
// to stop.
void work_on_jobs(const OptimalRun& run) {
    const CodeSpace& space = *run.space;
    OptimalSearch search(space, job_search_options(run));
    int unused = 0;
    MPI_Send(&unused, 1, MPI_INT, 0, kJobRequest, MPI_COMM_WORLD);
    for (;;) {
        MPI_Status status;
        MPI_Probe(0, kJob, MPI_COMM_WORLD, &status);
        const std::string text = receive_text(status);
        if (text == "stop") break;
        const auto job = job_from(text, space);
        std::atomic<bool> stop{false}, finished{false};
        const Budget budget = Budget::until(stop);
        std::optional<OptimalJobs::Outcome> outcome;
        std::exception_ptr failure;
        std::thread searching([&] {
            try {
                outcome = OptimalJobs::run(search, job, budget);
            } catch (const BudgetExhausted&) {
                outcome.reset();  // cut
            } catch (...) {
                failure = std::current_exception();
            }
            finished = true;
        });
        while (!finished) {
            int ready = 0;
            MPI_Status cut;
            MPI_Iprobe(0, kCut, MPI_COMM_WORLD, &ready, &cut);
            if (ready) {
                std::uint64_t id = 0;
                MPI_Recv(&id, 1, MPI_UINT64_T, 0, kCut, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
                if (id == job.id) stop = true;  // an older job's cut is late: nothing to stop
                continue;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
        searching.join();
        if (failure) std::rethrow_exception(failure);
        send_text(outcome_text(job.id, space, outcome), 0, kOutcome);
    }
    // Cuts that came too late for their jobs.
    for (int ready = 1; ready;) {
        MPI_Status cut;
        MPI_Iprobe(0, kCut, MPI_COMM_WORLD, &ready, &cut);
        if (ready) {
            std::uint64_t id = 0;
            MPI_Recv(&id, 1, MPI_UINT64_T, 0, kCut, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        }
    }
}

// Rank 0: the jobs of each pass handed out to the ranks that ask, the checkpoint kept, the ranks
// stopped at the end (also when the run fails here: they are waiting for a job).
class JobCoordinator {
  public:
    JobCoordinator(const OptimalRun& run, int ranks) : run_(run), ranks_(ranks) {}

    void pass(OptimalJobs& jobs, OptimalCheckpoint& checkpoint) {
        const CodeSpace& space = *run_.space;
        auto last = std::chrono::steady_clock::time_point{};
        auto tell = [&](bool always) {
            if (!run_.progress) return;
            const auto now = std::chrono::steady_clock::now();
            if (!always && now - last < std::chrono::seconds(1)) return;
            last = now;
            run_.progress(jobs_progress(jobs, space, seconds()));
        };
        tell(true);
        for (;;) {
            while (!idle_.empty()) {
                auto job = jobs.next();
                if (!job) break;
                const int rank = idle_.back();
                idle_.pop_back();
                send_text(job_text(*job), rank, kJob);
                where_[job->id] = {rank, std::move(*job)};
            }
            if (jobs.done()) break;
            if (where_.empty() && static_cast<int>(idle_.size()) == ranks_ - 1)
                throw std::logic_error("the optimal search's jobs: none running, none to start");
            const MPI_Status status = wait_for_message();
            if (status.MPI_TAG == kJobRequest) {
                receive_request(status);
                continue;
            }
            const auto [id, outcome] = outcome_from(receive_text(status), status.MPI_SOURCE);
            idle_.push_back(status.MPI_SOURCE);
            const auto it = where_.find(id);
            if (it == where_.end()) throw std::logic_error("an outcome of no job handed out");
            const OptimalJobs::Job job = std::move(it->second.second);
            where_.erase(it);
            if (!outcome) {
                jobs.cut(id);
                continue;
            }
            checkpoint.add(space, job, *outcome);
            for (const auto cut : jobs.finish(id, *outcome)) {
                if (const auto w = where_.find(cut); w != where_.end())
                    MPI_Send(&cut, 1, MPI_UINT64_T, w->second.first, kCut, MPI_COMM_WORLD);
            }
            tell(false);
        }
        tell(true);
    }

    // Every rank told to stop, once the jobs under way have ended (cut when the run failed here).
    void stop_all() {
        for (const auto& [id, at] : where_)
            MPI_Send(&id, 1, MPI_UINT64_T, at.first, kCut, MPI_COMM_WORLD);
        while (requested_ < ranks_ - 1 || !where_.empty()) {
            const MPI_Status status = wait_for_message();
            if (status.MPI_TAG == kJobRequest) {
                receive_request(status);
                continue;
            }
            const auto [id, outcome] = outcome_from(receive_text(status), status.MPI_SOURCE);
            where_.erase(id);
            idle_.push_back(status.MPI_SOURCE);
        }
        for (const int rank : idle_) send_text("stop", rank, kJob);
        idle_.clear();
    }

  private:
    static MPI_Status wait_for_message() {
        for (;;) {
            int ready = 0;
            MPI_Status status;
            MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &ready, &status);
            if (ready) return status;
            // Waiting without spinning: the computing ranks may share this rank's cores.
            std::this_thread::sleep_for(std::chrono::milliseconds(2));
        }
    }
    void receive_request(const MPI_Status& status) {
        int unused = 0;
        MPI_Recv(&unused, 1, MPI_INT, status.MPI_SOURCE, kJobRequest, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
        idle_.push_back(status.MPI_SOURCE);
        ++requested_;
    }
    double seconds() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    }

    const OptimalRun& run_;
    int ranks_;
    std::vector<int> idle_;  // ranks waiting for a job
    int requested_ = 0;      // ranks that have asked for their first job
    std::map<std::uint64_t, std::pair<int, OptimalJobs::Job>> where_;  // running: rank, job
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

OptimalRunResult run_optimal_over_mpi(const OptimalRun& run) {
    const int rank = world_rank(), ranks = world_size();
    OptimalRunResult result;
    if (ranks == 1) return run_optimal_jobs_here(run);
    if (rank != 0) {
        // A failure here would leave rank 0 waiting for this rank's outcome: it ends the job.
        try {
            work_on_jobs(run);
        } catch (const std::exception& e) {
            complain("mastermind-mpi: rank {}: {}; ending the job\n", rank, e.what());
            MPI_Abort(MPI_COMM_WORLD, kExitFailure);
        }
        result.reports = false;
        return result;
    }
    // Rank 0 lists the first guesses and their parts (one thread: it searches nothing itself).
    OptimalSearch search(*run.space, OptimalSearchOptions{});
    OptimalCheckpoint checkpoint(run.checkpoint);
    JobCoordinator coordinator(run, ranks);
    try {
        result.answer = run_optimal_passes(run, search, checkpoint, [&](OptimalJobs& jobs) {
            coordinator.pass(jobs, checkpoint);
        });
    } catch (const std::runtime_error&) {
        coordinator.stop_all();  // the checkpoint refused, or cannot be written: a message
        throw;
    } catch (const std::exception& e) {
        complain("mastermind-mpi: rank 0: {}; ending the job\n", e.what());
        MPI_Abort(MPI_COMM_WORLD, kExitFailure);
    }
    coordinator.stop_all();
    return result;
}

}  // namespace

}  // namespace mastermind::app

int main(int argc, char** argv) {
    int provided = 0;
    MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
    const int rank = mastermind::app::world_rank(), ranks = mastermind::app::world_size();
    int status = mastermind::app::kExitFailure;
    // Only the exhaustive evaluation is divided among ranks; any other command would run once
    // per rank.
    bool all = false;
    for (int i = 2; i < argc; ++i) all = all || std::strcmp(argv[i], "--all") == 0;
    const bool help = argc > 1 && (std::strcmp(argv[argc - 1], "--help") == 0 ||
                                   std::strcmp(argv[argc - 1], "-h") == 0);
    if (ranks > 1 && !help && (argc < 2 || std::strcmp(argv[1], "evaluate") != 0 || !all)) {
        if (rank == 0) {
            mastermind::app::complain(
                "mastermind-mpi: over {} ranks only 'evaluate --all' runs (its shards are divided "
                "among the "
                "ranks); run other commands with mastermind\n",
                ranks);
        }
    } else if (ranks > 1 && help && rank != 0) {
        status = mastermind::app::kExitOk;
    } else {
        mastermind::app::shard_runner() = mastermind::app::run_over_mpi;
        mastermind::app::mpi_ranks() = ranks;
        mastermind::app::mpi_rank() = rank;
        if (ranks > 1) mastermind::app::optimal_runner() = mastermind::app::run_optimal_over_mpi;
        status = mastermind::app::run_cli(argc, argv);
    }
    MPI_Finalize();
    return status;
}
