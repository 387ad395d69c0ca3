// `mastermind-mpi`: the command line of `mastermind` for MPI jobs, which runs the shards of
// `evaluate --all --shards N` over the ranks of `mpirun`:
//
//   mpirun -np 4 mastermind-mpi evaluate --strategy adaptive-split --all --shards 16
//
// Every rank parses the same command line. Rank 0 hands out the shards one at a time to the ranks
// that ask (dynamic load balancing: a rank that finished asks for the next), receives each
// shard's partial report (the JSON of `evaluate --shard I/N`), merges them (merge_evaluations)
// and prints the one report; ranks 1 .. R-1 compute shards and print nothing. Alone (-np 1), rank
// 0 computes every shard itself. Without --shards, four shards per computing rank.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "cli.hpp"
#include "shard_messages.hpp"
#include "shard_runner.hpp"

namespace mastermind::app {

namespace {

enum Tag : int { kRequest = 1, kAssign = 2, kResult = 3 };

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
        status = mastermind::app::run_cli(argc, argv);
    }
    MPI_Finalize();
    return status;
}
