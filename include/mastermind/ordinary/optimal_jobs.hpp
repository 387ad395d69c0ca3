// The exact search's top level as jobs for a pool of workers: the processes of an MPI run
// (`mastermind-mpi evaluate --strategy optimal --all`), or one process that keeps a checkpoint
// (`evaluate --strategy optimal --all --checkpoint FILE`).
//
// A job is one part of one first guess: the secrets that give answer `answer` to `first`, to be
// searched (OptimalSearch::solve_below) against a bar. OptimalJobs decides what runs, in the
// order the one-process search tries the guesses:
//   - the first guess of the search's order (usually the best) has all its parts handed out at
//     once: each must be solved exactly whatever the others find;
//   - each other guess has one part running at a time, smallest first, against the best total so
//     far, so that it is cut where the one-process search would cut it; a worker with no such part
//     to take helps a guess under way with its largest part not started;
//   - a guess is dropped as soon as its parts (the finished ones exact or at a proven lower bound,
//     the others at their admissible bounds) reach the best total so far, and the jobs of its
//     parts still running are returned to be cut.
// Of two guesses with the same value the earlier in the order wins, as in the one-process search,
// so the answer (total, squares, first guess) does not depend on how the jobs were spread.
//
// Every finished job is a fact about one part that does not depend on the run (the part's exact
// optimum and the strategy reaching it, or a lower bound): `record()` writes it as a line of a
// checkpoint, `resume()` reads them back (checking each exact one by replaying its strategy over
// its part), and a resumed run starts from what they prove.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "mastermind/core/code_space.hpp"
#include "mastermind/ordinary/decision_tree.hpp"
#include "mastermind/ordinary/optimal_search.hpp"

namespace mastermind {

class OptimalJobs {
  public:
    struct Job {
        std::uint64_t id = 0;
        std::uint32_t first = 0;   // the first guess
        std::uint32_t answer = 0;  // the part: the secrets with this answer to `first`
        std::vector<std::uint32_t> secrets;
        int guesses_left = OptimalSearch::kUnbounded;  // for the part, after `first`
        OptimalSearch::Optimum beta;
    };
    // What a worker found: the part's search, and with an exact one its strategy
    // (OptimalSearch::strategy of the part).
    struct Outcome {
        OptimalSearch::Bounded result;
        DecisionTree tree;
    };

    // The search of the whole game within `guesses_left` guesses (OptimalSearch::kUnbounded: no
    // limit), over the first guesses `search` lists (OptimalSearch::candidates), or `first` alone.
    OptimalJobs(const CodeSpace& space, OptimalSearch& search, int guesses_left,
                std::optional<std::uint32_t> first = std::nullopt);

    // Runs one job on `search` (the worker's side): its part after its first guess.
    static Outcome run(OptimalSearch& search, const Job& job, const Budget& budget = {});

    // The next job to hand out; nullopt when none can start until a running one ends (or all
    // are done).
    std::optional<Job> next();
    // A job's outcome. Returns the running jobs that can no longer change the answer: cut them
    // (then cut() each).
    std::vector<std::uint64_t> finish(std::uint64_t id, const Outcome& outcome);
    // A running job given up on (its worker stopped it): its part is handed out again if needed.
    void cut(std::uint64_t id);

    bool done() const;
    std::size_t running() const { return running_.size(); }
    std::size_t finished() const { return finished_; }

    // Once done(): the optimum and a strategy that reaches it; nullopt when no strategy wins every
    // game within the limit.
    struct Answer {
        OptimalSearch::Optimum value;
        int depth = 0;  // guesses of the longest game
        std::uint32_t first = 0;
        DecisionTree tree;
    };
    std::optional<Answer> answer() const;

    // The checkpoint: a header naming the game, then one record per finished job (record()). A
    // job's record holds its part's value and, when exact, the strategy that reaches it.
    std::string header() const;
    static void record(std::ostream& out, const CodeSpace& space, const Job& job,
                       const Outcome& outcome);
    // Reads a checkpoint of this game (any limit: each record names its own) and starts from what
    // it proves. A record cut short at the end of the file (a run killed while writing it) is left
    // out and counted as torn, when it is the start of what this program writes there; anything
    // else wrong (records that contradict each other included) throws std::runtime_error naming
    // `name` and the line. An empty file is a checkpoint not started.
    // The largest checkpoint read (1 GiB): a few lines per code and first guess fit far below it.
    static constexpr std::uint64_t kMaxCheckpointBytes = std::uint64_t{1} << 30;
    struct Resumed {
        std::size_t records = 0;  // the parts its records hold (a part recorded twice counts once)
        std::size_t torn = 0;
        std::uint64_t good_bytes = 0;  // the length of the file without the torn record
    };
    Resumed resume(std::istream& in, const std::string& name);

    // The best guess so far with every part exact, and its value; nullopt: none yet.
    std::optional<std::pair<std::uint32_t, OptimalSearch::Optimum>> best() const;
    // First guesses neither dropped nor best yet, of how many.
    std::size_t open_guesses() const;
    std::size_t guesses() const { return guesses_.size(); }

  private:
    enum class Status { pending, running, exact };
    struct Part {
        std::uint32_t answer = 0;
        std::vector<std::uint32_t> secrets;
        Status status = Status::pending;
        std::uint64_t value = 0;  // packed (optimal_value.hpp): exact, or a lower bound
        int depth = 0;
        std::uint64_t job = 0;  // when running
        DecisionTree tree;      // when exact
    };
    struct Guess {
        std::uint32_t code = 0;
        std::size_t rank = 0;  // its place in the search's own order: of two equal, the lower wins
        bool consistent = false;
        bool failed = false;
        std::vector<Part> parts;  // smallest first
    };
    struct Known {
        bool exact = false;
        std::uint64_t value = 0;
        int depth = 0;
        DecisionTree tree;
    };
    using KnownKey = std::tuple<std::uint32_t, std::uint32_t, int>;  // first, answer, left

    void split(Guess& g);
    std::uint64_t total(const Guess& g) const;
    std::uint64_t bar(std::size_t c) const;
    void settle(std::vector<std::uint64_t>& cuts);
    std::optional<Job> hand_out(std::size_t c, std::size_t p);
    void take_known(Part& part, std::uint32_t first);

    const CodeSpace& space_;
    OptimalSearch& search_;
    int left_;        // for the whole game
    int child_left_;  // for a part
    std::vector<Guess> guesses_;
    std::uint64_t best_;
    std::size_t best_index_;
    std::uint64_t next_id_ = 1;
    std::map<std::uint64_t, std::pair<std::size_t, std::size_t>> running_;  // id -> guess, part
    std::map<KnownKey, Known> known_;                                       // from a checkpoint
    std::size_t finished_ = 0;
};

}  // namespace mastermind
